"""Walkthrough finding 10: opening another game shows a new session, nothing carries over."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import Place
from frightmare.ui.game_page import GamePage


def test_another_game_starts_with_a_fresh_board_screen(qtbot: QtBot) -> None:
    page = GamePage()
    qtbot.addWidget(page)
    page.show()
    first = History(new_game(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=1))
    first.do(Place(piece="final girl", space="street-w"))
    page.show_state(first.state)
    # The player picks a space, sets Spaces 3 and Followers 1 and dismisses a reminder.
    page.select_space("exit-w")
    page.board_panel.steps.setValue(3)
    page.board_panel.followers.setValue(1)
    page.round_bar.dismissed.add("some reminder")
    assert page.board_view.item.selected == "exit-w"

    second = History(new_game(GameSetup(final_girl="Laurie", setup_card="Maple Lane"), seed=2))
    page.new_session()
    page.show_state(second.state)
    panel = page.board_panel
    assert page.selected_space is None and page.board_view.item.selected is None
    assert panel.selected is None and not page.popover.isVisible()
    assert panel.steps.value() == 1 and panel.followers.value() == 0
    assert not page.round_bar.dismissed
    # Reachable spaces are the new game's, for one space of movement.
    start = second.state.table.final_girl
    assert start is not None
    assert set(page.board_view.item.highlighted) <= set(second.state.board.neighbours(start))
