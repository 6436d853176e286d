"""The rules of the game, as pure Python: no Qt, no files.

>>> from frightmare.model import GameSetup, History, Rename, new_game
>>> history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
>>> history.do(Rename(name="Friday night")).name
'Friday night'
"""

from frightmare.model.actions import ACTION_ADAPTER, JOURNAL_ADAPTER, Action, EditNotes, Rename
from frightmare.model.errors import RuleViolation
from frightmare.model.history import History, ReplayError
from frightmare.model.rules import apply
from frightmare.model.setup import GameSetup
from frightmare.model.state import GameState, new_game

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
