"""Which of the game page's panels an action's ``Changes`` asks to show the state again."""

from __future__ import annotations

from frightmare.model.game.changes import Changes, Part
from frightmare.model.game.state import GameState

# What the Boiler Room and Dr. Fright's panel show besides the Boiler Room itself: the round
# and its duties, the counters, his powers, her Items, the game's end (their plays' verdicts
# ask all of these).
DREAM_PARTS: tuple[Part, ...] = (
    "dream",
    "round",
    "counters",
    "powers",
    "decks",
    "streets",
    "location",
    "record",
)


def dream_changed(state: GameState, changes: Changes) -> bool:
    """Whether the Boiler Room's panels must show ``state`` again: a part they show changed,
    or the pieces on his space (his attack on the Victims there; any space while he is
    off the board)."""
    killer = state.table.killer
    if changes.any(*DREAM_PARTS, "game"):
        return True
    return changes.space_changed(killer) if killer is not None else "spaces" in changes


def sleep_changed(previous: GameState | None, state: GameState) -> bool:
    """She fell asleep or woke since the state before."""
    return previous is not None and previous.dream.awake != state.dream.awake
