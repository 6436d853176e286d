"""``apply(state, action)``: the one place where the rules change the state."""

from __future__ import annotations

from frightmare.model.actions import Action, EditNotes, Rename
from frightmare.model.errors import RuleViolation
from frightmare.model.state import GameState


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RuleViolation`` if the rules forbid it.

    >>> from frightmare.model.setup import GameSetup
    >>> from frightmare.model.state import new_game
    >>> apply(new_game(GameSetup(), seed=1), Rename(name="Friday")).name
    'Friday'
    """
    match action:
        case Rename():
            name = " ".join(action.name.split())
            if not name:
                raise RuleViolation("A game needs a name with at least one letter in it.")
            return state.evolve(name=name)
        case EditNotes():
            return state.evolve(notes=action.notes)
    raise RuleViolation(f"The app does not know the action “{action!r}”.")
