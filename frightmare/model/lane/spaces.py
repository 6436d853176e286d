"""What every rule of Maple Lane's board shares: a play names one of its spaces
(``required_space``), and a one-source layout fact that disagrees with the play is said, never
refused (``layout_warning``, rules notes §2).
"""

from __future__ import annotations

from frightmare.model.errors import impossible
from frightmare.model.game.state import GameState, say

HOUSE_RULE = "House spaces and quadrants"

LAYOUT_FIX = "if your board differs, correct maple-lane.json"


def layout_warning(state: GameState, text: str) -> GameState:
    """A one-source layout fact (rules notes §2) that disagrees with the play: never a
    refusal. The play goes through; a log line and a ``data-warning`` event say what the board
    file expected, so the player can check the table or correct the file.

    ``text`` says in the player's words what the app's board expected ("By the app's board,
    …"); the sentence ends with how to correct the file. The source (rules notes §2) is
    what the ``data-warning`` kind stands for, never part of the sentence."""
    line = f"{text}: {LAYOUT_FIX}."
    return say(state, "data-warning", line)


def required_space(state: GameState, space: str | None) -> str:
    """``space``, which must be one of Maple Lane's: no space (``None``) or an unknown id is
    impossible."""
    if space is None:
        raise impossible("Choose a space.")
    if space not in state.board.spaces:
        raise impossible(f"There is no space “{space}” on Maple Lane.")
    return space
