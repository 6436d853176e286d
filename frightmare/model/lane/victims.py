"""The Victims on Maple Lane's board: counted, placed, moved or panicking, killed (Bloodlust
follows), saved at the Exits, and the Terror card "They just got hit by a car!" (rules notes
§1; rulebook, "When you are Asleep", "Street spaces").
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.lane import (
    AddVictims,
    HitByCar,
    KillVictim,
    MoveVictims,
    SaveVictims,
    SetVictims,
)
from frightmare.model.actions.names import card_shown
from frightmare.model.box.cards import FIRE, HIT_BY_A_CAR, UNDER_CONSTRUCTION
from frightmare.model.counters import shock_factor, victims_died, victims_saved
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.spaces import closed_for_good, event_rule, required_space

# Shown with ``_``.
DEATH_NOTE = N_(
    "A Victim here is killed: Bloodlust +1, a Smalley +1 more (Rule: The round (rules notes "
    "§1); Event: The Smalleys)"
)


def check_set_victims(state: GameState, action: SetVictims) -> None:
    required_space(state, action.space)


def set_victims(state: GameState, action: SetVictims) -> GameState:
    space, victims = action.space, state.table.victims
    return replace(
        state, table=replace(state.table, victims=victims.add(space, action.count - victims[space]))
    )


def check_add_victims(state: GameState, action: AddVictims) -> None:
    space = required_space(state, action.space)
    if space in state.table.closed:
        refuse(closed_for_good(state, space), rule=event_rule(FIRE))


def add_victims(state: GameState, action: AddVictims) -> GameState:
    victims = state.table.victims.add(action.space, action.count)
    state = replace(state, table=replace(state.table, victims=victims))
    return into_the_fire(state, action.space, "victim", action.count)


def into_the_fire(state: GameState, space: str, who: VictimKind, count: int) -> GameState:
    """Event: Fire! (rules notes §5): "Victims there, or Victims who later panic into it,
    die". Victims who came to a burnt House (a panic, or a move recorded anyway) die there:
    no Victim stays alive in it. Nothing happens on any other space."""
    if space not in state.table.closed:
        return state
    dead = min(count, state.table.count_of(space, who))
    if dead <= 0:
        return state
    state = say(
        replace(state, table=state.table.without_victims(space, who, dead)),
        "fire-deaths",
        ngettext(
            "{count} Victim dies in the fire.", "{count} Victims die in the fire.", dead
        ).format(count=dead),
        dead,
        spaces=(space,),
    )
    return victims_died(state, dead, smalleys=dead if who == "smalley" else 0)


def _check_there(state: GameState, space: str, who: VictimKind, count: int) -> None:
    here = state.table.count_of(space, who)
    if count > here:
        raise impossible(too_few_there(state, space, who, here))


def too_few_there(state: GameState, space: str, who: VictimKind, here: int) -> str:
    """``space`` holds fewer Victims of a kind than a play takes from it: the sentence."""
    label = state.board.label(space)
    if not here:
        nobody = {
            "victim": _("{space} has no Victim."),
            "smalley": _("{space} has no Smalley."),
            "boyfriend": _("{space} has no Boyfriend."),
        }
        return nobody[who].format(space=label)
    if who == "smalley":
        text = ngettext(
            "{space} has only {count} Smalley.", "{space} has only {count} Smalleys.", here
        )
    elif who == "boyfriend":
        text = ngettext(
            "{space} has only {count} Boyfriend.", "{space} has only {count} Boyfriends.", here
        )
    else:
        text = ngettext(
            "{space} has only {count} Victim.", "{space} has only {count} Victims.", here
        )
    return text.format(space=label, count=here)


def check_a_victim_on(state: GameState, space: str) -> None:
    """``space`` is a space with a Victim on it, of any kind (what a play with one of them asks
    before it asks who)."""
    space = required_space(state, space)
    if not state.table.occupied(space):
        _check_there(state, space, "victim", 1)


def check_victims_leave(state: GameState, source: str, who: VictimKind, count: int) -> None:
    """Victims move away from ``source``: it must be a space and hold them (what a panic or
    any move of Victims asks first, whatever the target)."""
    _check_there(state, required_space(state, source), who, count)


def check_victims_enter(state: GameState, target: str, *, panic: bool = False) -> None:
    """Victims move onto ``target``: a space, not closed for good. A panic into a House Fire!
    closed is no refusal: the card says what it does ("Victims who later panic into it,
    die", rules notes §5), and ``into_the_fire`` applies it."""
    target = required_space(state, target)
    if target in state.table.closed and not panic:
        refuse(closed_for_good(state, target), rule=event_rule(FIRE))


def check_move_victims(state: GameState, action: MoveVictims) -> None:
    """Victims move (or panic): plain ones, a Smalley or the Boyfriend alike.

    "Panicking Victims and Enemies are not restricted, so they may move into an occupied House
    freely." Victims are never held back by the House rule; only the Final Girl is.
    """
    required_space(state, action.source)
    required_space(state, action.target)
    check_victims_leave(state, action.source, action.who, action.count)
    check_victims_enter(state, action.target, panic=action.panic)


def move_victims(state: GameState, action: MoveVictims) -> GameState:
    source, target, who, count = action.source, action.target, action.who, action.count
    if action.panic:
        state, count = shock_factor(state, source, who, count)
    if count:
        table = state.table.without_victims(source, who, count).with_victims(target, who, count)
        state = into_the_fire(replace(state, table=table), target, who, count)
    return state


def check_kill_victim(state: GameState, action: KillVictim) -> None:
    _check_there(state, required_space(state, action.space), action.who, 1)


def kill_victim(state: GameState, action: KillVictim) -> GameState:
    return _kill(state, action.space, action.who)


def _kill(state: GameState, space: str, who: VictimKind) -> GameState:
    """A Victim of kind ``who`` on ``space`` dies (the check made sure one is there)."""
    table = state.table.without_victims(space, who)
    return victims_died(replace(state, table=table), 1, smalleys=int(who == "smalley"))


def check_save_here(state: GameState, space: str) -> None:
    """Whether Victims can be saved on ``space`` at all (whoever and however many)."""
    space = required_space(state, space)
    if state.asleep:
        refuse(
            _("You are Asleep: you are not able to save Victims."), rule=_("When you are Asleep")
        )
    if not state.board.is_exit(space):
        refuse(
            _("Victims are saved at Exit spaces (the green spaces)."),
            rule=_("Street spaces; rules notes §1"),
        )
    if space in state.table.roadblocks:
        refuse(
            _("{space} has a Roadblock: no Victim can be saved there.").format(
                space=state.board.label(space)
            ),
            rule=event_rule(UNDER_CONSTRUCTION),
        )


def check_save_victims(state: GameState, action: SaveVictims) -> None:
    check_save_here(state, action.space)
    _check_there(state, action.space, action.who, action.count)


def save_victims(state: GameState, action: SaveVictims) -> GameState:
    table = state.table.without_victims(action.space, action.who, action.count)
    return victims_saved(replace(state, table=table), action.count)


def hit_rule() -> str:
    """The rule the car's refusals cite ("Terror: They just got hit by a car!")."""
    return _("Terror: {card}").format(card=card_shown(HIT_BY_A_CAR))


def check_hit_by_car_now(state: GameState) -> None:
    """Whether "They just got hit by a car!" can kill anyone now: a Victim on a Street space."""
    if not any(state.table.occupied(s) for s in state.board.streets):
        refuse(
            _("No Victim is on a Street space: discard this Terror card and draw another."),
            rule=hit_rule(),
        )


def check_hit_by_car_on(state: GameState, space: str) -> None:
    """Whether the car can hit a Victim on ``space`` now, whoever is hit."""
    table, board = state.table, state.board
    check_hit_by_car_now(state)
    space = required_space(state, space)
    on_streets = [s for s in board.streets if table.occupied(s)]
    if space not in on_streets:
        refuse(
            # Translators: {spaces} lists the Street spaces, joined by ", ".
            _("Choose a Street space with a Victim: {spaces}.").format(
                spaces=", ".join(board.label(s) for s in on_streets)
            ),
            rule=hit_rule(),
        )
    if not table.kinds_at(space):
        raise impossible(_("No Victim is on {space}.").format(space=state.board.label(space)))


def check_hit_by_car(state: GameState, action: HitByCar) -> None:
    check_hit_by_car_on(state, action.space)
    who = action.who
    if who not in state.table.kinds_at(action.space) and who != "victim":
        text = (
            _("{space} has no Smalley: choose a Victim that is there.")
            if who == "smalley"
            else _("{space} has no Boyfriend: choose a Victim that is there.")
        )
        raise impossible(text.format(space=state.board.label(action.space)))


def hit_by_car(state: GameState, action: HitByCar) -> GameState:
    kinds = state.table.kinds_at(action.space)
    # A step saved before the choice existed named no one: the first Victim there died.
    who = action.who if action.who in kinds else kinds[0]
    if state.card_open == HIT_BY_A_CAR:
        state = replace(state, card_open=None)  # the card's kill is recorded (round.duties)
    return _kill(state, action.space, who)
