"""Her reach outlined only in the Action phase (issue 31: the green "she can move here"
outlines stayed on in the Killer and Panic phases)."""

from __future__ import annotations

from collections.abc import Callable

from frightmare.model.actions.round import NextPhase
from frightmare.ui.main_window import MainWindow


def test_her_reach_is_outlined_in_the_action_phase_only(
    open_board: Callable[[], MainWindow],
) -> None:
    # Rules notes §1: "Action: she plays Action cards" (her moves); the Killer phase is his.
    window = open_board()
    item = window.game.board_view.item
    assert item.highlighted  # Action: where she can move
    window.act(NextPhase())
    window.act(NextPhase())
    assert not item.highlighted and not item.convincible
