"""Re-walkthrough findings (second tester pass): each test failed before its fix."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
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


def active(window: MainWindow, qtbot: QtBot) -> None:
    """The window active at 1280x720, the board holding the keyboard focus."""
    window.resize(1280, 720)
    for _ in range(5):
        QApplication.processEvents()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.game.board_view.setFocus()
    qtbot.waitUntil(window.game.board_view.hasFocus, timeout=1000)


def action_buttons(window: MainWindow) -> list[QPushButton]:
    return list(window.game.board_panel.buttons.values())


@pytest.mark.parametrize(
    ("key", "space"), [("move", "street-w"), ("save", "exit-w")], ids=["move", "save"]
)
def test_a_click_never_leaves_the_focus_on_another_action_button(
    open_board: Callable[[], MainWindow], qtbot: QtBot, key: str, space: str
) -> None:
    # Finding D: after Move here the focus went to "+ Victim", after Save Victim to "Hit by a
    # car": a stray Space or Enter would have recorded that. A mouse click leaves the focus
    # on the board when the clicked button is gone.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.act(Place(piece="final girl", space="street-w" if key == "save" else "exit-w"))
    if key == "save":
        assert window.act(AddVictims(space="exit-w"))
        assert window.act(Place(piece="final girl", space="exit-w"))
    game.select_space(space)
    active(window, qtbot)
    button = panel.buttons[key]
    assert button.isEnabled() and not button.property("refused")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session is not None
    state = window.session.state
    assert state.table.final_girl == "street-w" if key == "move" else state.counters.victims_saved
    focus = QApplication.focusWidget()
    assert focus is not None
    assert focus not in action_buttons(window), focus.text() if focus else None
    # The clicked button is gone (she stands there / nobody is left to save): the board.
    assert focus is game.board_view


def test_focus_on_a_button_that_goes_away_returns_to_the_board(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Finding D, from the keyboard: Space on Move here disables it (she is there now); the
    # focus must not slide on to the next action button.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.act(Place(piece="final girl", space="exit-w"))
    game.select_space("street-w")
    active(window, qtbot)
    move = panel.buttons["move"]
    game.side.ensureWidgetVisible(move)
    move.setFocus()
    qtbot.waitUntil(move.hasFocus, timeout=1000)
    qtbot.keyClick(move, Qt.Key.Key_Space)
    assert window.session is not None
    assert window.session.state.table.final_girl == "street-w"
    assert QApplication.focusWidget() is game.board_view


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_another_location_has_one_clean_correct_row_each(
    open_game: Callable[..., MainWindow], qtbot: QtBot, size: tuple[int, int]
) -> None:
    # Finding I: two "Correct to:" rows, one with a stretched box. Each row is the same
    # compact "Correct to: [n] [Correct]", the boxes in one column and of one width.
    window = open_game(final_girl="Nancy", killer="Hans", location="Camp Happy Trails")
    window.resize(*size)
    for _ in range(5):
        QApplication.processEvents()
    panel = window.game.location_panel
    boxes = (panel.victims_count, panel.deck_count)
    lefts = [box.mapTo(panel, box.rect().topLeft()).x() for box in boxes]
    assert lefts[0] == lefts[1]
    assert boxes[0].width() == boxes[1].width()
    digits = boxes[0].fontMetrics().horizontalAdvance("0000")
    assert boxes[0].width() < 4 * digits, "the box is stretched"
    buttons = (panel.set_victims, panel.set_deck)
    assert buttons[0].x() - boxes[0].x() == buttons[1].x() - boxes[1].x()
