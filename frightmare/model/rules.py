"""``apply(state, action)``: the one place where the rules change the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frightmare.model import dream
from frightmare.model.actions import (
    Action,
    AttackDrFright,
    DrFrightAttacks,
    EditNotes,
    FallAsleep,
    NextPhase,
    Rename,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SetDeckMode,
    Slide,
    VictimsPanic,
)
from frightmare.model.errors import RuleViolation
from frightmare.model.state import GameState


def _rename(state: GameState, action: Rename) -> GameState:
    name = " ".join(action.name.split())
    if not name:
        raise RuleViolation("A game needs a name with at least one letter in it.")
    return state.evolve(name=name)


def _notes(state: GameState, action: EditNotes) -> GameState:
    return state.evolve(notes=action.notes)


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
    NextPhase: dream.next_phase,
}


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RuleViolation`` if the rules forbid it.

    >>> from frightmare.model.setup import GameSetup
    >>> from frightmare.model.state import new_game
    >>> apply(new_game(GameSetup(), seed=1), Rename(name="Friday")).name
    'Friday'
    """
    rule = _RULES.get(type(action))
    if rule is None:
        raise RuleViolation(f"The app does not know the action “{action!r}”.")
    # What the previous action reported is not news any more.
    return rule(state.evolve(log=()) if state.log else state, action)
