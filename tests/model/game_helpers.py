"""Helpers shared by the model tests: a game brought to its Killer phase, the kinds of what
an action said."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.game.state import GameState


def killer_phase() -> History:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(NextPhase())
    history.do(NextPhase())
    return history


def terror_time() -> History:
    """The Killer phase after his Killer Action, when its Terror card is drawn (rules notes
    §1: "the Killer performs his Killer Action [...], then one Terror card is drawn")."""
    history = killer_phase()
    history.do(KillerAction(move_icon=False))
    return history


def his_turn(history: History) -> GameState:
    """The Killer phase's own steps still to record, recorded as the table plays them (rules
    notes §1): his Killer Action (no move icon), then a Terror card resolved by hand (no effect
    the app applies; none after the Finale), so the phase may be left."""
    state = history.state
    if state.phase != "killer":
        return state
    if not state.killer_action_done:
        state = history.do(KillerAction(move_icon=False))
    if state.finale is None and state.counters.terror_left > 0 and not state.terror_this_round:
        state = history.do(DrawTerror(name="Ewwww! That's disgusting!"))
    return state


def go_to(history: History, phase: str) -> GameState:
    """Next phase until ``phase``, each Killer phase played on the way (``his_turn``)."""
    while history.state.phase != phase:
        his_turn(history)
        history.do(NextPhase())
    return history.state


def said_with_kinds(state: GameState) -> bool:
    """Whether every line of ``state.log`` is, in order, the text of one of its events."""
    texts = iter(event.text for event in state.events)
    return all(any(line == text for text in texts) for line in state.log)
