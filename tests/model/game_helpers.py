"""Helpers shared by the model tests: a game brought to its Killer phase, the kinds of what
an action said."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.round import NextPhase
from frightmare.model.game.state import GameState


def killer_phase() -> History:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(NextPhase())
    history.do(NextPhase())
    return history


def said_with_kinds(state: GameState) -> bool:
    """Whether every line of ``state.log`` is, in order, the text of one of its events."""
    texts = iter(event.text for event in state.events)
    return all(any(line == text for text in texts) for line in state.log)
