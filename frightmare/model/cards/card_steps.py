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

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import BoilerEffect
from frightmare.model.actions.lane import RevealEvent
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import counter_label, killer_health
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
from frightmare.model.box.cards import FIRE, PITCHFORK_ASSAULT, known_card
from frightmare.model.counters import (
    change_health,
    change_horror,
    change_killer_health,
    change_time,
    fright_game,
    killer_shown,
    raise_bloodlust,
    shock_factor,
    shown_card,
    victims_died,
)
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.lasting import LASTING_NAMES, Lasting, MinorPower
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import Table, VictimKind
from frightmare.model.lane.events import check_reveal_event, reveal_event
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.lane.spaces import closed_for_good, event_rule
from frightmare.model.lane.victims import into_the_fire, too_few_there
from frightmare.model.sleep import change_pace, fall_asleep_now, fresh_deck

# Shown with ``_``.
MINOR_POWER_AWAKE_NOTE = N_(
    "You are Awake: whether a Minor Dark Power can be damaged now, no source says (the Awake "
    "side speaks of Dr. Fright himself): recorded as you played it (rules notes §10)."
)


# Describing ------------------------------------------------------------------------------


def describe_step(state: GameState, step: CardStep) -> str:
    """One short line for a step, with the game's names of spaces."""
    label = state.board.label
    match step:
        case CounterStep(counter=counter, delta=delta):
            if counter == "killer health":
                title = killer_health(killer_shown(state))
            else:
                title = counter_label(counter)
            return _("{counter} {delta}").format(counter=title, delta=f"{delta:+d}")
        case SleepStep():
            return _("you fall Asleep")
        case BoilerStep(effect=effect):
            return {
                "extra card": _("one more Boiler Room card"),
                "resolve the rest": _("resolve the rest of the Boiler Room deck"),
                "reset": _("the Boiler Room deck resets"),
            }[effect]
        case KillerToStep(space=space):
            return _("he goes to {space}").format(space=label(space))
        case KillStep(space=space, who=who):
            dies = {
                "victim": _("a Victim dies on {space}"),
                "smalley": _("a Smalley dies on {space}"),
                "boyfriend": _("the Boyfriend dies on {space}"),
            }
            return dies[who].format(space=label(space))
        case PanicStep(source=source, target=target, count=count):
            return ngettext(
                "{count} Victim panics: {source} → {target}",
                "{count} Victims panic: {source} → {target}",
                count,
            ).format(count=count, source=label(source), target=label(target))
        case AddVictimsStep(space=space, count=count):
            return ngettext(
                "{count} new Victim on {space}", "{count} new Victims on {space}", count
            ).format(count=count, space=label(space))
        case RoadblockStep(space=space):
            return _("a Road Block on {space}").format(space=label(space))
        case HurtHerStep(damage=damage):
            return _("you take {damage} damage").format(damage=damage)
        case HurtHimStep(damage=damage, on=on):
            target = card_shown(on) if on else killer_shown(state)
            return _("{target} takes {damage} damage").format(target=target, damage=damage)
        case UnsaveStep(count=count):
            return ngettext(
                "{count} saved Victim now dead", "{count} saved Victims now dead", count
            ).format(count=count)
        case LastingStep(effect=effect):
            return _(LASTING_NAMES[effect])
        case MinorPowerStep(health=health):
            return _("a Minor Dark Power with {health} Health").format(health=health)
        case DiscardStep(item=item):
            return _("you discard {item}").format(item=card_shown(item))
        case EventStep(name=name):
            return _("Event: {card}").format(card=state.cards.shown(name))
        case NoteStep(text=text):
            # Kept in English in the journal; the catalogue has the app's own notes.
            return _(text)
        case TokenStep(token=token, space=space, gone=gone):
            lines = {
                ("booby trap", False): _("a booby trap on {space}"),
                ("booby trap", True): _("a booby trap off {space}"),
                ("fireworks", False): _("the Fireworks on {space}"),
                ("fireworks", True): _("the Fireworks off {space}"),
            }
            return lines[token, gone].format(space=label(space))
        case RedrawStep():
            return _("discarded: draw another")
        case AnotherTerrorStep():
            return _("draw the next Terror card too")


def not_in_play(card: str) -> str:
    """The refusal of a play aimed at a Minor Dark Power that is not in play."""
    return _("{card} is not in play.").format(card=card_shown(card))


# Checking --------------------------------------------------------------------------------


def _space(state: GameState, space: str) -> str:
    if not state.setup.on_maple_lane:
        raise impossible(_("This Location has no board spaces: record it in the Location panel."))
    if space not in state.board.spaces:
        raise impossible(_("There is no space “{space}” on Maple Lane.").format(space=space))
    return space


def _there(state: GameState, space: str, who: VictimKind, count: int) -> None:
    here = state.table.count_of(space, who)
    if count > here:
        raise impossible(too_few_there(state, space, who, here))


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
                text = (
                    _("There is no booby trap on {space}.")
                    if token == "booby trap"
                    else _("There is no Fireworks on {space}.")
                )
                raise impossible(text.format(space=state.board.label(space)))
        case KillStep(space=space, who=who):
            _there(state, _space(state, space), who, 1)
        case PanicStep(source=source, target=target, who=who, count=count):
            # A panic into the House Fire! burnt is the card's to say: they die (rules notes
            # §5, ``into_the_fire``), so it is no refusal.
            _there(state, _space(state, source), who, count)
            _space(state, target)
        case AddVictimsStep(space=space):
            if _space(state, space) in state.table.closed:
                refuse(closed_for_good(state, space), rule=event_rule(FIRE))
        case UnsaveStep(count=count):
            if state.counters.victims_saved < count:
                raise impossible(_("No saved Victim to take off your save slots."))
        case DiscardStep(item=item):
            if not any(held.name == item for held in state.table.held):
                raise impossible(_("You hold no {item}.").format(item=card_shown(item)))
        case HurtHimStep(on=on):
            if on is not None and all(p.card != on for p in state.minor_powers):
                raise impossible(not_in_play(on))
        case SleepStep() | BoilerStep() | MinorPowerStep():
            if not fright_game(state):
                raise impossible(_("This game has no Boiler Room."))
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
            return fall_asleep_now(
                state,
                _("{card}: you fall Asleep and enter the Boiler Room.").format(
                    card=shown_card(state, card)
                ),
            )
        case BoilerStep(effect=effect):
            return _boiler(state, effect, card)
        case KillerToStep(space=space):
            return _killer_to(state, space)
        case KillStep(space=space, who=who):
            return _kill(state, space, who)
        case PanicStep(source=source, target=target, who=who, count=count):
            return _panic(state, source, target, who, count)
        case AddVictimsStep(space=space, count=count):
            return _add_victims(state, space, count, card)
        case RoadblockStep(space=space):
            return _roadblock(state, space, card)
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
                _("{card} stays in play as a Minor Dark Power with {health} Health.").format(
                    card=shown_card(state, card), health=health
                ),
                health,
                name=card,
            )
        case DiscardStep(item=item):
            return _discard(state, item)
        case EventStep():
            return reveal_event(state, event_action(step))
        case NoteStep(text=text):
            # Translators: a card and a step of it the player resolves by hand.
            said = _("{card}: {note}").format(card=shown_card(state, card), note=_(text))
            return say(state, "card-step", said, name=card)
        case TokenStep(token=token, space=space, gone=gone):
            return put_token(state, token, space, gone=gone, card=card)
        case AnotherTerrorStep():
            again = _("{card}: draw the next Terror card and resolve it too.")
            said = again.format(card=shown_card(state, card))
            return say(replace(state, terror_this_round=False), "terror-another", said, name=card)
        case RedrawStep():
            redraw = _("{card}: discard it and draw another Terror card.")
            said = redraw.format(card=shown_card(state, card))
            return say(replace(state, terror_this_round=False), "terror-redraw", said, name=card)


def _killer_to(state: GameState, space: str) -> GameState:
    """He moves to ``space`` (along the board, or put there by a card)."""
    return say(
        replace(state, table=replace(state.table, killer=space)),
        "killer-moves",
        _("{killer} goes to {space}.").format(
            killer=killer_shown(state), space=state.board.label(space)
        ),
        name=state.setup.killer,
        spaces=(space,),
    )


def _roadblock(state: GameState, space: str, card: str) -> GameState:
    table = state.table
    return say(
        replace(state, table=replace(table, roadblocks=table.roadblocks | {space})),
        "roadblock",
        _("Road Block on {space}: no Victim can be saved there.").format(
            space=state.board.label(space)
        ),
        name=card,
        spaces=(space,),
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
            _("{card}: the Boiler Room deck is shuffled and starts again.").format(
                card=shown_card(state, card)
            ),
            name=card,
        )
    change: BoilerEffect = "extra card" if effect == "extra card" else "resolve the rest"
    return change_pace(state, change, card[:60])


def _kill(state: GameState, space: str, who: VictimKind) -> GameState:
    state = replace(state, table=state.table.without_victims(space, who))
    dies = {
        "victim": _("A Victim dies on {space}."),
        "smalley": _("A Smalley dies on {space}."),
        "boyfriend": _("The Boyfriend dies on {space}."),
    }
    state = say(
        state,
        "victim-killed",
        dies[who].format(space=state.board.label(space)),
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
            ngettext(
                "{count} Victim panicked: {source} → {target}.",
                "{count} Victims panicked: {source} → {target}.",
                left,
            ).format(
                count=left, source=state.board.label(source), target=state.board.label(target)
            ),
            left,
            spaces=(source, target),
        )
        state = into_the_fire(state, target, who, left)
    return state


def _add_victims(state: GameState, space: str, count: int, card: str) -> GameState:
    table = state.table
    state = say(
        replace(state, table=replace(table, victims=table.victims.add(space, count))),
        "new-victims",
        ngettext("{count} new Victim on {space}.", "{count} new Victims on {space}.", count).format(
            count=count, space=state.board.label(space)
        ),
        count,
        name=card,
        spaces=(space,),
    )
    return into_the_fire(state, space, "victim", count)


def _unsave(state: GameState, count: int, card: str) -> GameState:
    """Saved Victims taken off her save slots: they are now dead."""
    c = state.counters
    state = replace(state, counters=replace(c, victims_saved=c.victims_saved - count))
    state = say(
        state,
        "victim-unsaved",
        ngettext(
            "{card}: {count} saved Victim taken off your save slots, now dead.",
            "{card}: {count} saved Victims taken off your save slots, now dead.",
            count,
        ).format(card=shown_card(state, card), count=count),
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
        _("You discard {item}.").format(item=card_shown(item)),
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
        text = (
            _("{card}: The booby trap in {space} goes.")
            if gone
            else _("{card}: A booby trap in {space}.")
        )
    else:
        table = replace(table, fireworks=None if gone else space)
        text = (
            _("{card}: The Fireworks on {space} go.")
            if gone
            else _("{card}: The Fireworks token on {space}.")
        )
    said = text.format(card=shown_card(state, card), space=where)
    return say(replace(state, table=table), "token", said, name=card, spaces=(space,))


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
    state = say(state, "you-are-hurt", _("You take {damage} damage.").format(damage=damage), damage)
    if damage <= 0:
        return state
    state = change_health(state, -damage)
    extra = pitchfork_horror(state)
    if extra and state.result is None:
        state = say(
            state,
            "pitchfork-assault",
            _("{card}: he damaged you, Horror +{horror}.").format(
                card=card_shown(PITCHFORK_ASSAULT), horror=extra
            ),
            extra,
            name=PITCHFORK_ASSAULT,
        )
        state = change_counter(state, "horror", extra)
    return state


def hurt_him(state: GameState, damage: int, on: str | None = None) -> GameState:
    """She damages him (or the Minor Dark Power she aims at): his Health goes down; at 0 he
    dies, or Never Really Dead brings his Final Health due (rules notes §4)."""
    name = on or state.setup.killer
    who = card_shown(on) if on else killer_shown(state)
    state = say(
        state,
        "killer-hurt",
        _("{target} takes {damage} damage.").format(target=who, damage=damage),
        damage,
        name=name,
    )
    if damage <= 0:
        return state
    if on is not None:
        if attack_blocked(state, by_her=True):
            state = say(state, "minor-power-awake", _(MINOR_POWER_AWAKE_NOTE), name=on)
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
                        _("{card} has no Health left: discard it; its effect ends.").format(
                            card=card_shown(on)
                        ),
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
