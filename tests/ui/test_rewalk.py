"""Re-walkthrough findings (second tester pass): each test failed before its fix."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions import AddVictims, Place
from frightmare.ui.main_window import MainWindow


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


def smalleys_with_a_victim(window: MainWindow) -> None:
    """Both Smalleys and one plain Victim on the Smalleys' House, the Final Girl with them."""
    panel = window.game.board_panel
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    assert window.act(AddVictims(space="smalleys-house"))
    assert window.act(Place(piece="final girl", space="smalleys-house"))


def test_picking_the_destination_keeps_who_follows(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: up to 2 Victims in her space may follow her; the Smalleys are Victims
    # ("Event: The Smalleys"). Who follows is chosen where she stands, so selecting the
    # destination must not change it.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    smalleys_with_a_victim(window)
    game.select_space("smalleys-house")
    panel.followers.setValue(1)
    index = panel.who_follows.findText("1 Smalley")
    assert index >= 0
    panel.who_follows.setCurrentIndex(index)
    game.select_space("street-w")
    assert panel.who_follows.currentText() == "1 Smalley"
    panel.buttons["move"].click()
    assert window.session is not None
    table = window.session.state.table
    assert table.final_girl == "street-w"
    assert "street-w" in table.smalleys
