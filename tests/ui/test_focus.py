"""The keyboard focus: a click never leaves it on another action button, and it returns to
the board (or the Boiler Room) when its button goes away. Checked with the window active, as
under a real window system."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import AddVictims, Place
from frightmare.model.actions.round import NextPhase
from frightmare.ui.game.board.space_menu import SpaceMenu
from frightmare.ui.main_window import MainWindow


def test_the_focus_goes_back_to_the_boiler_room_when_accept_goes_away(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Asleep, his Killer step's Accept is gone once clicked: the focus went on to "Reset
    (Bloodlust)", where a stray Space would have recorded it. It goes to the Boiler Room in
    front, as it goes to the board when she is Awake."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    assert window.act(FallAsleep(cause="short rest"))
    for _ in range(2):
        assert window.act(NextPhase())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    accept = window.game.killer_steps.accept
    assert accept.isVisible()
    qtbot.mouseClick(accept, Qt.MouseButton.LeftButton)
    assert window.session is not None and window.session.state.killer_action_done
    assert QApplication.focusWidget() is window.game.boiler.view


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
    ("key", "space"), [("move", "street-w"), ("save:victim", "exit-w")], ids=["move", "save"]
)
def test_a_click_never_leaves_the_focus_on_another_action_button(
    open_board: Callable[[], MainWindow], qtbot: QtBot, key: str, space: str
) -> None:
    # Finding D: after Move here the focus went to "+ Victim", after Save Victim to "Hit by a
    # car": a stray Space or Enter would have recorded that. A mouse click leaves the focus
    # on the board when the clicked button is gone.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.act(Place(piece="final girl", space="street-w" if key != "move" else "exit-w"))
    if key != "move":
        assert window.act(AddVictims(space="exit-w"))
        assert window.act(Place(piece="final girl", space="exit-w"))
    game.open_plays(space)
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
    game.open_plays("street-w")
    active(window, qtbot)
    move = panel.buttons["move"]
    move.setFocus()
    qtbot.waitUntil(move.hasFocus, timeout=1000)
    qtbot.keyClick(move, Qt.Key.Key_Space)
    assert window.session is not None
    assert window.session.state.table.final_girl == "street-w"
    assert QApplication.focusWidget() is game.board_view


def test_record_anyway_leaves_the_focus_on_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Final walkthrough: clicking Record anyway moved the focus on to the Spaces box, its
    text selected, where the next key would change it. The banner's button goes, so the
    focus goes back to the board, as for any action button that goes."""
    from frightmare.model.actions.lane import Move

    window = open_game(final_girl="Nancy", setup_card="A Quiet Place")
    active(window, qtbot)
    banner = window.game.banner
    assert not window.act(Move(to="boyfriends-house", steps=1))  # an occupied House
    banner.record_anyway.setFocus()
    qtbot.waitUntil(banner.record_anyway.hasFocus, timeout=1000)
    qtbot.keyClick(banner.record_anyway, Qt.Key.Key_Space)
    assert window.session is not None and window.session.history.actions[-1].anyway
    assert QApplication.focusWidget() is window.game.board_view


def search_begun(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> tuple[MainWindow, SpaceMenu]:
    """Block Party, her in the SW House by the West Exit, its Search with 2 successes begun
    from the House's plays (the window active, the board focused)."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.act(Place(piece="final girl", space="house-sw-exit-w"))
    active(window, qtbot)
    window.game.open_plays("house-sw-exit-w")
    menu = window.game.board_panel.space_menu
    menu.buttons["search:2"].click()
    return window, menu


def test_after_a_search_the_focus_is_back_on_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # A re-walk: after "Keep Knife · Crucifix to the bottom" the focus went to the Maple Lane
    # view switch (Qt handed it on when the Search step was hidden), not back to the board.
    window, menu = search_begun(open_game, qtbot)
    game = window.game
    step = menu.search_step
    for name in ("Knife", "Crucifix"):
        if step.picker.isVisible():
            step.picker.buttons[name].click()
    qtbot.waitUntil(lambda: step.ends[0, "bottom"].isVisible())
    step.ends[0, "bottom"].setFocus()
    step.ends[0, "bottom"].click()
    assert window.session is not None
    assert [i.name for i in window.session.state.table.held] == ["Knife"]
    assert QApplication.focusWidget() is game.board_view


def test_back_from_the_search_step_puts_the_focus_on_the_spaces_first_play(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    _window, menu = search_begun(open_game, qtbot)
    back = next(b for b in menu.search_step.findChildren(QPushButton) if b.text() == "◂ Back")
    back.setFocus()
    back.click()
    focus = QApplication.focusWidget()
    assert focus is not None and focus in [row.button for row in menu.rows if not row.isHidden()]


def test_a_searchs_step_is_made_at_the_first_search_in_the_menus_focus_order(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The space menu's steps (a Search's cards, an Item's name) are made at the first play
    that asks one, not with the window; made then, the step sits in the focus chain after the
    menu's entries (where it sat when made with the menu), not at the window's end."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    menu = window.game.board_panel.space_menu
    assert menu._search_step is None and menu._name_step is None
    window, menu = search_begun(lambda **_setup: window, qtbot)
    step = menu.search_step
    assert menu._name_step is None  # only the step asked is made
    assert step.isVisible() and step.picker.isVisible()
    entries = [b for row in menu.rows for _key, b in row.plays()]
    assert entries
    node: QWidget | None = entries[-1].nextInFocusChain()
    while node is not None and menu.isAncestorOf(node) and not step.isAncestorOf(node):
        node = node.nextInFocusChain()
    assert node is not None and step.isAncestorOf(node), "the step follows the menu's entries"
    step.picker.buttons["Knife"].click()
    assert step.asking == 1  # the step works: the second card is asked
