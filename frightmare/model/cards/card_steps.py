"""What a play does to the table, step by step: the steps a card, his Killer Action, Panic or
an attack carry in the journal, each with its check and its effect.

A play that carries its consequences (a Terror card, the Killer Action, Panic, an Item used, a
Finale revealed) records the steps the player accepted: he moves to a space, a Victim dies,
she takes 2 damage, +1 Horror. The journal keeps the steps themselves, not the card's name
alone, so a saved game replays exactly what was done at the table, whatever later versions of
the app (or a corrected cards file) would propose. Each step's check refuses what a rule
forbids (recordable anyway) or what the table cannot show; its effect never refuses.

Sources: the rulebook (card notes, When you are Awake, The Boiler Room), rules notes §1 (the
round: every death +1 Bloodlust), §4 (Dr. Fright's Dark Powers), §9 (the cards file).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from frightmare.model.actions.dream import BoilerEffect
from frightmare.model.actions.lane import RevealEvent
from frightmare.model.actions.steps import (
    AddVictimsStep,
    AnotherTerrorStep,
    BoilerStep,
    CardStep,
    CounterStep,
    DiscardStep,
    EventStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
    LastingStep,
    MinorPowerStep,
    NoteStep,
    PanicStep,
    RedrawStep,
    RoadblockStep,
    SleepStep,
    StepCounter,
    Token,
    TokenStep,
    UnsaveStep,
)
from frightmare.model.box.card_data import BoilerChange, LastingEffect, Until
from frightmare.model.box.cards import PITCHFORK_ASSAULT, known_card
from frightmare.model.counters import (
    change_health,
    change_horror,
    change_killer_health,
    change_time,
    fright_game,
    raise_bloodlust,
    shock_factor,
    victims_died,
)
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.lasting import LASTING_NAMES, Lasting, MinorPower
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import Table, VictimKind
from frightmare.model.lane.events import check_reveal_event, reveal_event
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.sleep import change_pace, fall_asleep_now, fresh_deck
from frightmare.model.wording import counted

PITCHFORK_RULE = "Dark Power: Pitchfork Assault (rules notes §4)"
MINOR_POWER_AWAKE_NOTE = (
    "You are Awake: whether a Minor Dark Power can be damaged now, no source says (the Awake "
    "side speaks of Dr. Fright himself): recorded as you played it (rules notes §10)."
)


# Describing ------------------------------------------------------------------------------


def describe_step(state: GameState, step: CardStep) -> str:
    """One short line for a step, with the game's names of spaces."""
    label = state.board.label
    match step:
        case CounterStep(counter=counter, delta=delta):
            title = {"killer health": f"{state.setup.killer}'s Health"}.get(counter)
            return f"{title or counter.capitalize()} {delta:+d}"
        case SleepStep():
            return "you fall Asleep"
        case BoilerStep(effect=effect):
            return {
                "extra card": "one more Boiler Room card",
                "resolve the rest": "resolve the rest of the Boiler Room deck",
                "reset": "the Boiler Room deck resets",
            }[effect]
        case KillerToStep(space=space):
            return f"he goes to {label(space)}"
        case KillStep(space=space, who=who):
            return f"{_who(who)} dies on {label(space)}"
        case PanicStep(source=source, target=target, count=count):
            verb = "panics" if count == 1 else "panic"
            return f"{counted(count, 'Victim')} {verb}: {label(source)} → {label(target)}"
        case AddVictimsStep(space=space, count=count):
            return f"{counted(count, 'new Victim')} on {label(space)}"
        case RoadblockStep(space=space):
            return f"a Road Block on {label(space)}"
        case HurtHerStep(damage=damage):
            return f"you take {damage} damage"
        case HurtHimStep(damage=damage, on=on):
            return f"{on or state.setup.killer} takes {damage} damage"
        case UnsaveStep(count=count):
            return f"{counted(count, 'saved Victim')} now dead"
        case LastingStep(effect=effect):
            return LASTING_NAMES[effect]
        case MinorPowerStep(health=health):
            return f"a Minor Dark Power with {health} Health"
        case DiscardStep(item=item):
            return f"you discard {item}"
        case EventStep(name=name):
            return f"Event: {state.cards.name_of(name)}"
        case NoteStep(text=text):
            return text
        case TokenStep(token=token, space=space, gone=gone):
            return f"{TOKEN_NAMES[token]} {'off' if gone else 'on'} {label(space)}"
        case RedrawStep():
            return "discarded: draw another"
        case AnotherTerrorStep():
            return "draw the next Terror card too"


TOKEN_NAMES: dict[Token, str] = {"booby trap": "a booby trap", "fireworks": "the Fireworks"}


def _who(who: VictimKind) -> str:
    return {"victim": "a Victim", "smalley": "a Smalley", "boyfriend": "the Boyfriend"}[who]


# Checking --------------------------------------------------------------------------------


def _space(state: GameState, space: str) -> str:
    if not state.setup.on_maple_lane:
        raise impossible("This Location has no board spaces: record it in the Location panel.")
    if space not in state.board.spaces:
        raise impossible(f"There is no space “{space}” on Maple Lane.")
    return space


def _there(state: GameState, space: str, who: VictimKind, count: int) -> None:
    here = state.table.count_of(space, who)
    if count > here:
        what = _who(who).removeprefix("a ").removeprefix("the ")
        has = f"only {counted(here, what)}" if here else f"no {what}"
        raise impossible(f"{state.board.label(space)} has {has}.")


def check_step(state: GameState, step: CardStep) -> None:
    """What stands in the way of ``step`` on this table (the player's accepted proposal: a
    rule's refusal can be recorded anyway)."""
    match step:
        case KillerToStep(space=space) | RoadblockStep(space=space):
            _space(state, space)
        case TokenStep(token=token, space=space, gone=gone):
            # Where an Item's token may go is one source's: the table is the truth, so only
            # a token taken from where it is not cannot be recorded.
            _space(state, space)
            if gone and space not in token_spaces(state.table, token):
                raise impossible(
                    f"There is no {TOKEN_NAMES[token].split(' ', 1)[1]} on "
                    f"{state.board.label(space)}."
                )
        case KillStep(space=space, who=who):
            _there(state, _space(state, space), who, 1)
        case PanicStep(source=source, target=target, who=who, count=count):
            _there(state, _space(state, source), who, count)
            if _space(state, target) in state.table.closed:
                refuse(f"{state.board.label(target)} is closed for good.", rule="Event: Fire!")
        case AddVictimsStep(space=space):
            if _space(state, space) in state.table.closed:
                refuse(f"{state.board.label(space)} is closed for good.", rule="Event: Fire!")
        case UnsaveStep(count=count):
            if state.counters.victims_saved < count:
                raise impossible("No saved Victim to take off your save slots.")
        case DiscardStep(item=item):
            if not any(held.name == item for held in state.table.held):
                raise impossible(f"You hold no {item}.")
        case HurtHimStep(on=on):
            if on is not None and all(p.card != on for p in state.minor_powers):
                raise impossible(f"{on} is not in play.")
        case SleepStep() | BoilerStep() | MinorPowerStep():
            if not fright_game(state):
                raise impossible("This game has no Boiler Room.")
        case EventStep():
            check_reveal_event(state, event_action(step))
        case _:
            pass


# Applying --------------------------------------------------------------------------------


def apply_steps(state: GameState, steps: Iterable[CardStep], card: str) -> GameState:
    """``steps`` applied in order (each checked first), stopping when the game ends."""
    for step in steps:
        if state.result is not None:
            break
        check_step(state, step)
        state = apply_step(state, step, card)
    return state


def apply_step(state: GameState, step: CardStep, card: str) -> GameState:
    """One step's effect (its check passed, or the play is recorded anyway)."""
    match step:
        case CounterStep(counter=counter, delta=delta):
            return change_counter(state, counter, delta)
        case SleepStep():
            if state.asleep:
                return state
            return fall_asleep_now(state, f"{card}: you fall Asleep and enter the Boiler Room.")
        case BoilerStep(effect=effect):
            return _boiler(state, effect, card)
        case KillerToStep(space=space):
            return say(
                replace(state, table=replace(state.table, killer=space)),
                "killer-moves",
                f"{state.setup.killer} goes to {state.board.label(space)}.",
                name=state.setup.killer,
                spaces=(space,),
            )
        case KillStep(space=space, who=who):
            return _kill(state, space, who)
        case PanicStep(source=source, target=target, who=who, count=count):
            return _panic(state, source, target, who, count)
        case AddVictimsStep(space=space, count=count):
            return _add_victims(state, space, count, card)
        case RoadblockStep(space=space):
            table = state.table
            return say(
                replace(state, table=replace(table, roadblocks=table.roadblocks | {space})),
                "roadblock",
                f"Road Block on {state.board.label(space)}: no Victim can be saved there.",
                name=card,
                spaces=(space,),
            )
        case HurtHerStep(damage=damage):
            return hurt_her(state, damage)
        case HurtHimStep(damage=damage, on=on):
            return hurt_him(state, damage, on)
        case UnsaveStep(count=count):
            return _unsave(state, count, card)
        case LastingStep(effect=effect, until=until):
            return add_lasting(state, effect, card, until)
        case MinorPowerStep(health=health):
            powers = (*state.minor_powers, MinorPower(card, health))
            return say(
                replace(state, minor_powers=powers),
                "minor-power",
                f"{card} stays in play as a Minor Dark Power with {health} Health.",
                health,
                name=card,
            )
        case DiscardStep(item=item):
            return _discard(state, item)
        case EventStep():
            return reveal_event(state, event_action(step))
        case NoteStep(text=text):
            return say(state, "card-step", f"{card}: {text}", name=card)
        case TokenStep(token=token, space=space, gone=gone):
            return put_token(state, token, space, gone=gone, card=card)
        case AnotherTerrorStep():
            return say(
                replace(state, terror_this_round=False),
                "terror-another",
                f"{card}: draw the next Terror card and resolve it too.",
                name=card,
            )
        case RedrawStep():
            return say(
                replace(state, terror_this_round=False),
                "terror-redraw",
                f"{card}: discard it and draw another Terror card.",
                name=card,
            )


def _boiler(state: GameState, effect: BoilerChange, card: str) -> GameState:
    """The Boiler Room deck reset, or its pace changed, while she is Asleep."""
    if state.dream.awake:
        return state
    if effect == "reset":
        dream = fresh_deck(state, state.dream, awake=False)
        return say(
            replace(state, dream=dream),
            "deck-reset",
            f"{card}: the Boiler Room deck is shuffled and starts again.",
            name=card,
        )
    change: BoilerEffect = "extra card" if effect == "extra card" else "resolve the rest"
    return change_pace(state, change, card[:60])


def _kill(state: GameState, space: str, who: VictimKind) -> GameState:
    state = replace(state, table=state.table.without_victims(space, who))
    state = say(
        state,
        "victim-killed",
        f"{_who(who).capitalize()} dies on {state.board.label(space)}.",
        1,
        spaces=(space,),
    )
    return victims_died(state, 1, smalleys=int(who == "smalley"))


def _panic(state: GameState, source: str, target: str, who: VictimKind, count: int) -> GameState:
    """Victims panic from ``source`` to ``target``; Shock Factor kills them instead, up to its
    limit."""
    state, left = shock_factor(state, source, who, count)
    if left:
        moved = state.table.without_victims(source, who, left).with_victims(target, who, left)
        state = say(
            replace(state, table=moved),
            "victims-panicked",
            f"{counted(left, 'Victim')} panicked: {state.board.label(source)} → "
            f"{state.board.label(target)}.",
            left,
            spaces=(source, target),
        )
    return state


def _add_victims(state: GameState, space: str, count: int, card: str) -> GameState:
    table = state.table
    return say(
        replace(state, table=replace(table, victims=table.victims.add(space, count))),
        "new-victims",
        f"{counted(count, 'new Victim')} on {state.board.label(space)}.",
        count,
        name=card,
        spaces=(space,),
    )


def _unsave(state: GameState, count: int, card: str) -> GameState:
    """Saved Victims taken off her save slots: they are now dead."""
    c = state.counters
    state = replace(state, counters=replace(c, victims_saved=c.victims_saved - count))
    state = say(
        state,
        "victim-unsaved",
        f"{card}: {counted(count, 'saved Victim')} taken off your save slots, now dead.",
        count,
        name=card,
    )
    return victims_died(state, count)


def _discard(state: GameState, item: str) -> GameState:
    table = state.table
    index = next(i for i, held in enumerate(table.held) if held.name == item)
    held = table.held[:index] + table.held[index + 1 :]
    discarded = (*table.discarded, table.held[index].name)
    return say(
        replace(state, table=replace(table, held=held, discarded=discarded)),
        "item-discarded",
        f"You discard {item}.",
        name=item,
    )


def token_spaces(table: Table, token: Token) -> frozenset[str]:
    """Where the Item's tokens lie: the booby traps' Houses, the Fireworks' space."""
    if token == "booby trap":
        return table.booby_traps
    return frozenset(() if table.fireworks is None else (table.fireworks,))


def put_token(state: GameState, token: Token, space: str, *, gone: bool, card: str) -> GameState:
    """An Item's token put on ``space`` (the Fireworks leave where they were), or taken off."""
    table, where = state.table, state.board.label(space)
    if token == "booby trap":
        traps = table.booby_traps - {space} if gone else table.booby_traps | {space}
        table = replace(table, booby_traps=traps)
        text = f"The booby trap in {where} goes." if gone else f"A booby trap in {where}."
    else:
        table = replace(table, fireworks=None if gone else space)
        text = f"The Fireworks on {where} go." if gone else f"The Fireworks token on {where}."
    return say(replace(state, table=table), "token", f"{card}: {text}", name=card, spaces=(space,))


def event_action(step: EventStep) -> RevealEvent:
    """The Event a card's step reveals, as the Events' own play reveals it."""
    return RevealEvent(name=step.name, space=step.space, die=step.die)


def change_counter(state: GameState, counter: StepCounter, delta: int) -> GameState:
    """A counter changed by a card, with what follows from it (rules notes §1, §4)."""
    if counter == "time":
        return change_time(state, delta)
    if counter == "health":
        return change_health(state, delta)
    if counter == "killer health":
        return change_killer_health(state, delta)
    if counter == "bloodlust":
        if delta > 0:
            return raise_bloodlust(state, delta)
        c = state.counters
        return replace(state, counters=replace(c, bloodlust=max(0, c.bloodlust + delta)))
    return change_horror(state, delta)


def pitchfork_horror(state: GameState) -> int:
    """Pitchfork Assault's +Horror each time he damages her (its card's value), 0 without it."""
    if not fright_game(state) or known_card(state.dark_power, (PITCHFORK_ASSAULT,)) is None:
        return 0
    card = state.cards.find("dark-power", PITCHFORK_ASSAULT)
    return card.value("horror", 1) if card is not None else 1


def hurt_her(state: GameState, damage: int) -> GameState:
    """He damages her: her Health goes down by what she takes after her defence; Pitchfork
    Assault adds its Horror when she took any ("each time he damages you"); her Final Health
    comes due when her Health is gone (rules notes §1)."""
    state = say(state, "you-are-hurt", f"You take {damage} damage.", damage)
    if damage <= 0:
        return state
    state = change_health(state, -damage)
    extra = pitchfork_horror(state)
    if extra and state.result is None:
        state = say(
            state,
            "pitchfork-assault",
            f"Pitchfork Assault: he damaged you, Horror +{extra}.",
            extra,
            name=PITCHFORK_ASSAULT,
        )
        state = change_counter(state, "horror", extra)
    return state


def hurt_him(state: GameState, damage: int, on: str | None = None) -> GameState:
    """She damages him (or the Minor Dark Power she aims at): his Health goes down; at 0 he
    dies, or Never Really Dead brings his Final Health due (rules notes §4)."""
    name = on or state.setup.killer
    state = say(state, "killer-hurt", f"{name} takes {damage} damage.", damage, name=name)
    if damage <= 0:
        return state
    if on is not None:
        if attack_blocked(state, by_her=True):
            state = say(state, "minor-power-awake", MINOR_POWER_AWAKE_NOTE, name=on)
        powers: list[MinorPower] = []
        for power in state.minor_powers:
            if power.card == on:
                left = power.health - damage
                if left > 0:
                    powers.append(MinorPower(power.card, left))
                else:
                    lasting = tuple(x for x in state.lasting if x.card != on)
                    state = say(
                        replace(state, lasting=lasting),
                        "minor-power-gone",
                        f"{on} has no Health left: discard it; its effect ends.",
                        name=on,
                    )
            else:
                powers.append(power)
        return replace(state, minor_powers=tuple(powers))
    return change_killer_health(state, -damage)


def add_lasting(state: GameState, effect: LastingEffect, card: str, until: Until) -> GameState:
    lasting = Lasting(effect, card, until, state.round)
    kept = tuple(x for x in state.lasting if (x.effect, x.card) != (effect, card))
    return say(
        replace(state, lasting=(*kept, lasting)),
        "lasting-effect",
        lasting.describe(),
        name=card,
    )
