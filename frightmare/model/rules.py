"""``apply(state, action)``: the one place where the rules change the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from frightmare.model import consequences, dream, edit, location, maple_lane, rounds
from frightmare.model.action_base import BaseAction
from frightmare.model.actions import (
    Action,
    AddVictims,
    AdjustCounter,
    AttackDrFright,
    BoilerRoomEffect,
    Convince,
    DiscardActionCard,
    DiscardItem,
    DrawTerror,
    DrFrightAttacks,
    EditNotes,
    EditTable,
    EndActionPhase,
    EndGame,
    FallAsleep,
    HitByCar,
    KillerAction,
    KillVictim,
    LiftAwakeBlock,
    Move,
    MoveVictims,
    NextPhase,
    Place,
    RecordTopCard,
    Rename,
    ResetBoilerRoom,
    ReturnItem,
    RevealDarkPower,
    RevealEvent,
    RevealFinale,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    RideBicycle,
    SaveVictims,
    Search,
    SetBoxValue,
    SetCounter,
    SetDeck,
    SetDeckMode,
    SetItems,
    SetVictims,
    Slide,
    ToggleHand,
    UseItem,
    UseUltimate,
    VictimsPanic,
)
from frightmare.model.counters import discard_gone_specials
from frightmare.model.errors import RuleViolation, anyway, impossible
from frightmare.model.halves import NotedPlay, half_refusal, noted
from frightmare.model.state import GameState


def _rename(state: GameState, action: Rename) -> GameState:
    name = " ".join(action.name.split())
    if not name:
        raise impossible("A game needs a name with at least one letter in it.")
    return replace(state, name=name)


def _notes(state: GameState, action: EditNotes) -> GameState:
    return replace(state, notes=action.notes)


A = TypeVar("A", bound=BaseAction)
Rule = Callable[[GameState, BaseAction], GameState]


def _checked(
    check: Callable[[GameState, A], None], effect: Callable[[GameState, A], GameState]
) -> Callable[[GameState, A], GameState]:
    """A rule given as its check and its effect."""

    def rule(state: GameState, action: A) -> GameState:
        check(state, action)
        return effect(state, action)

    return rule


def _rule(
    kind: type[A], rule: Callable[[GameState, A], GameState]
) -> tuple[type[BaseAction], Rule]:
    """One row of the table: the checker sees that ``rule`` takes a ``kind`` action."""

    def checked(state: GameState, action: BaseAction) -> GameState:
        if not isinstance(action, kind):
            raise impossible(f"The app does not know the action “{action!r}”.")
        return rule(state, action)

    return kind, checked


# Each action's rule, once. Dispatch is exhaustive: tests check that these rows and the
# ``Action`` union list the same kinds, each kind in one row.
_ROWS: tuple[tuple[type[BaseAction], Rule], ...] = (
    _rule(Rename, _rename),
    _rule(EditNotes, _notes),
    _rule(FallAsleep, dream.fall_asleep),
    _rule(Slide, dream.slide),
    _rule(ResetBoilerRoom, dream.reset_boiler_room),
    _rule(SetDeckMode, dream.set_deck_mode),
    _rule(RevealDarkPower, dream.reveal_dark_power),
    _rule(RevealFinale, dream.reveal_finale),
    _rule(DrFrightAttacks, dream.fright_attacks),
    _rule(AttackDrFright, dream.attack_fright),
    _rule(VictimsPanic, dream.victims_panic),
    _rule(NextPhase, rounds.next_phase),
    _rule(Move, maple_lane.move),
    _rule(Place, maple_lane.place),
    _rule(SetVictims, maple_lane.set_victims),
    _rule(AddVictims, maple_lane.add_victims),
    _rule(MoveVictims, maple_lane.move_victims),
    _rule(KillVictim, maple_lane.kill_victim),
    _rule(SaveVictims, maple_lane.save_victims),
    _rule(Convince, maple_lane.convince),
    _rule(Search, maple_lane.search),
    _rule(RecordTopCard, maple_lane.record_top_card),
    _rule(DiscardItem, maple_lane.discard_item),
    _rule(ToggleHand, maple_lane.toggle_hand),
    _rule(ReturnItem, maple_lane.return_item),
    _rule(RideBicycle, maple_lane.ride_bicycle),
    _rule(RevealEvent, maple_lane.reveal_event),
    _rule(HitByCar, maple_lane.hit_by_car),
    _rule(AdjustCounter, rounds.adjust),
    _rule(DiscardActionCard, rounds.discard_action_card),
    _rule(RevealFinalHealth, rounds.reveal_final_health),
    _rule(RevealKillerFinalHealth, rounds.reveal_killer_final_health),
    _rule(DrawTerror, rounds.draw_terror),
    _rule(KillerAction, rounds.killer_action),
    _rule(UseItem, _checked(consequences.check_use_item, consequences.use_item)),
    _rule(
        LiftAwakeBlock,
        _checked(consequences.check_lift_awake_block, consequences.lift_awake_block),
    ),
    _rule(UseUltimate, rounds.use_ultimate),
    _rule(EndGame, rounds.end_game_action),
    _rule(SetBoxValue, rounds.set_box_value),
    _rule(BoilerRoomEffect, dream.boiler_room_effect),
    _rule(EditTable, edit.edit_piece),
    _rule(SetCounter, edit.set_counter),
    _rule(SetDeck, edit.set_deck),
    _rule(SetItems, edit.set_items),
    _rule(EndActionPhase, rounds.end_action_phase),
    _rule(NotedPlay, noted),
    _rule(location.AddLocationVictims, location.add_victims),
    _rule(location.SetLocationVictims, location.set_victims),
    _rule(location.LocationVictimsSaved, location.save),
    _rule(location.LocationVictimsKilled, location.kill),
    _rule(location.SetLocationDeck, location.set_deck),
    _rule(location.NameLocationTopCard, location.name_top_card),
    _rule(location.TakeLocationItem, location.take_item),
    _rule(location.PutBackLocationItem, location.put_back),
    _rule(location.LocationNotes, location.edit_notes),
)
_RULES: dict[type[BaseAction], Rule] = dict(_ROWS)

# Notes and the name can be changed after the game ends; nothing else can.
_AFTER_THE_END = (Rename, EditNotes)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RuleViolation`` if the rules forbid it.

    >>> from frightmare.model.setup import GameSetup
    >>> from frightmare.model.state import new_game
    >>> apply(new_game(GameSetup(), seed=1), Rename(name="Friday")).name
    'Friday'
    """
    # A half of the box that is not in this game (its Killer or its Location) acts not at all.
    if (off_half := half_refusal(state, action)) is not None:
        raise off_half
    rule = _RULES.get(type(action))
    if rule is None:
        raise impossible(f"The app does not know the action “{action!r}”.")
    if state.result is not None and not isinstance(action, _AFTER_THE_END):
        outcome = "won" if state.result == "win" else "lost"
        raise impossible(
            f"The game is over: {outcome} in round {state.ended_round}. Undo to go back into it."
        )
    # What the previous action reported is not news any more.
    with anyway(action.anyway):
        fresh = state if not (state.log or state.events) else replace(state, log=(), events=())
        new = rule(fresh, action)
    return discard_gone_specials(new)


def record_anyway(action: Action) -> Action:
    """``action`` marked as recorded anyway: ``apply`` then skips the rules' checks (a refusal
    that is not ``overridable`` still stands) and History shows the mark.

    >>> from frightmare.model.actions import Move
    >>> record_anyway(Move(to="exit-n")).describe()
    '⚑ Moved to North Exit'
    """
    return action.model_copy(update={"anyway": True})


def refusal(state: GameState, action: Action) -> RuleViolation | None:
    """Why the rules would refuse ``action`` now, or ``None``: the GUI asks this before it
    offers a control, so a rule lives here once. When ``error.overridable`` is true the GUI
    offers, beside the rule, to record the play anyway (``record_anyway``).

    >>> from frightmare.model.setup import GameSetup
    >>> from frightmare.model.state import new_game
    >>> from frightmare.model.actions import AttackDrFright
    >>> refusal(new_game(GameSetup(), seed=1), AttackDrFright()).rule
    'When you are Awake'
    """
    try:
        apply(state, action)
    except RuleViolation as error:
        return error
    return None
