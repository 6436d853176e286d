"""The game state: one immutable value holding everything the table shows."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Self

from frightmare.model.setup import GameSetup

MAX_NAME_LENGTH = 120
MAX_NOTES_LENGTH = 20_000


@dataclass(frozen=True, slots=True)
class GameState:
    """A snapshot of one game. Never changed in place: rules return a new one.

    >>> state = new_game(GameSetup(final_girl="Sheila"), seed=7)
    >>> state.name
    'Sheila vs Dr. Fright'
    """

    setup: GameSetup
    seed: int
    name: str
    notes: str = ""

    def evolve(self, **changes: Any) -> Self:
        """A copy with some fields changed (the only way state changes)."""
        return replace(self, **changes)


def new_game(setup: GameSetup, seed: int, name: str | None = None) -> GameState:
    """The state at the start of a game set up as ``setup``."""
    chosen = " ".join((name or "").split()) or setup.default_name()
    return GameState(setup=setup, seed=seed, name=chosen[:MAX_NAME_LENGTH])
