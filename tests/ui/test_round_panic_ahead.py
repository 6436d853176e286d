"""The Panic picked as soon as the Killer phase owes nothing more (issue 31: the rounds cost
what the table does): the pick records Next phase, then the Panic, each its own step."""

from __future__ import annotations

from collections.abc import Callable

from screen_helpers import state_of

from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.ui.main_window import MainWindow


def test_the_panic_is_offered_once_the_killer_phase_owes_nothing(
    open_board: Callable[[], MainWindow],
) -> None:
    # Rules notes §1, Panic: "only when a Victim died this round: the Victims in the Killer's
    # space panic and move".
    window = open_board()
    him = state_of(window).table.killer
    assert him is not None
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(AdjustCounter(counter="killed", delta=1))
    window.act(SetVictims(space=him, count=1))
    panel = window.game.panic_steps
    assert panel.isHidden()  # the Terror card is still to draw: the Killer phase goes on
    window.act(DrawTerror(name="Ewwww! That's disgusting!"))
    assert not panel.isHidden() and state_of(window).phase == "killer"
    panel.accept.click()
    state = state_of(window)
    assert state.phase == "panic" and state.panic_recorded
    assert state.table.victims_at(him) == 0
    session = window.session
    assert session is not None
    history = session.history
    assert history.describe_step(len(history) - 2) == "Next phase: Panic"
