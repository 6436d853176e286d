"""``apply(state, action)``: the one place where the rules change the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from frightmare.model import dream, edit, location, maple_lane, rounds
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


_RULES: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    Rename: _rename,
    EditNotes: _notes,
    FallAsleep: dream.fall_asleep,
    Slide: dream.slide,
    ResetBoilerRoom: dream.reset_boiler_room,
    SetDeckMode: dream.set_deck_mode,
    RevealDarkPower: dream.reveal_dark_power,
    RevealFinale: dream.reveal_finale,
    DrFrightAttacks: dream.fright_attacks,
    AttackDrFright: dream.attack_fright,
    VictimsPanic: dream.victims_panic,
    NextPhase: rounds.next_phase,
    Move: maple_lane.move,
    Place: maple_lane.place,
    SetVictims: maple_lane.set_victims,
    AddVictims: maple_lane.add_victims,
    MoveVictims: maple_lane.move_victims,
    KillVictim: maple_lane.kill_victim,
    SaveVictims: maple_lane.save_victims,
    Convince: maple_lane.convince,
    Search: maple_lane.search,
    RecordTopCard: maple_lane.record_top_card,
    DiscardItem: maple_lane.discard_item,
    ToggleHand: maple_lane.toggle_hand,
    ReturnItem: maple_lane.return_item,
    RideBicycle: maple_lane.ride_bicycle,
    RevealEvent: maple_lane.reveal_event,
    HitByCar: maple_lane.hit_by_car,
    AdjustCounter: rounds.adjust,
    DiscardActionCard: rounds.discard_action_card,
    RevealFinalHealth: rounds.reveal_final_health,
    RevealKillerFinalHealth: rounds.reveal_killer_final_health,
    DrawTerror: rounds.draw_terror,
    KillerAction: rounds.killer_action,
    UseUltimate: rounds.use_ultimate,
    EndGame: rounds.end_game_action,
    SetBoxValue: rounds.set_box_value,
    BoilerRoomEffect: dream.boiler_room_effect,
    EditTable: edit.edit_piece,
    SetCounter: edit.set_counter,
    SetDeck: edit.set_deck,
    SetItems: edit.set_items,
    EndActionPhase: rounds.end_action_phase,
    NotedPlay: noted,
    location.AddLocationVictims: location.add_victims,
    location.SetLocationVictims: location.set_victims,
    location.LocationVictimsSaved: location.save,
    location.LocationVictimsKilled: location.kill,
    location.SetLocationDeck: location.set_deck,
    location.NameLocationTopCard: location.name_top_card,
    location.TakeLocationItem: location.take_item,
    location.PutBackLocationItem: location.put_back,
    location.LocationNotes: location.edit_notes,
}

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


def is_recorded_anyway(action: Action) -> bool:
    return action.anyway


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
