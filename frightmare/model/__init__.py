"""The rules of the game, as pure Python: no Qt, no files.

>>> from frightmare.model import GameSetup, History, Rename, new_game
>>> history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
>>> history.do(Rename(name="Friday night")).name
'Friday night'

Names are loaded on first use, so that a window can open before the whole rule book (some
forty pydantic action classes) has been built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frightmare.lazy import lazy_exports

if TYPE_CHECKING:
    from frightmare.model.actions.game import EditNotes, Rename
    from frightmare.model.actions.journal import ACTION_ADAPTER, JOURNAL_ADAPTER, Action
    from frightmare.model.errors import RuleViolation
    from frightmare.model.game.setup import GameSetup
    from frightmare.model.game.state import GameState, new_game
    from frightmare.model.history import History, ReplayError
    from frightmare.model.rules import apply

_HOMES = {
    "ACTION_ADAPTER": "actions.journal",
    "JOURNAL_ADAPTER": "actions.journal",
    "Action": "actions.journal",
    "EditNotes": "actions.game",
    "Rename": "actions.game",
    "RuleViolation": "errors",
    "History": "history",
    "ReplayError": "history",
    "apply": "rules",
    "GameSetup": "game.setup",
    "GameState": "game.state",
    "new_game": "game.state",
}

__all__ = [
    "ACTION_ADAPTER",
    "JOURNAL_ADAPTER",
    "Action",
    "EditNotes",
    "GameSetup",
    "GameState",
    "History",
    "Rename",
    "ReplayError",
    "RuleViolation",
    "apply",
    "new_game",
]


__getattr__ = lazy_exports(__name__, _HOMES)
