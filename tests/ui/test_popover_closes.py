"""The space's plays beside a space (the popover) belong to the moment they were opened in:
they close when the phase or the round changes (a play within the Action phase keeps them
open, a move where she went), and Escape closes them wherever the focus is in the game page,
while every other use of Escape (a dialog, the board's own keys) keeps working."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from screen_helpers import settle, state_of

from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import AddVictims, Move
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.rules import record_anyway
from frightmare.ui.main_window import MainWindow


def block_party(open_game: Callable[..., MainWindow]) -> MainWindow:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    return window


def plays_open_at_the_intersection(open_game: Callable[..., MainWindow]) -> MainWindow:
    """``block_party`` with the Intersection's plays open beside it."""
    window = block_party(open_game)
    window.game.open_plays("intersection")
    settle(window)
    assert window.game.popover.isVisible()
    return window


def test_the_plays_close_when_the_phase_changes(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = plays_open_at_the_intersection(open_game)
    game = window.game
    # A play within the phase keeps them open, with what the space offers now.
    assert window.act(AddVictims(space="intersection"))
    settle(window)
    assert game.popover.isVisible() and game.popover.space == "intersection"
    # The phase moves on: they close, whichever button moved it on (the round bar's goes
    # through a quiet Planning into the Killer phase: issue 31).
    game.round_bar.next_phase.click()
    settle(window)
    assert state_of(window).phase == "killer"
    assert not game.popover.isVisible()
    # Opened again in the Killer phase, they close when the next phase comes.
    game.open_plays("intersection")
    settle(window)
    assert game.popover.isVisible()
    assert window.act(record_anyway(NextPhase()))
    settle(window)
    assert state_of(window).phase != "killer"
    assert not game.popover.isVisible()


def test_the_plays_close_when_the_round_changes(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = block_party(open_game)
    game = window.game
    assert window.session is not None
    for _ in range(3):  # to Upkeep (no Victim died: no Panic phase)
        assert window.act(record_anyway(NextPhase()))
    assert window.session.state.phase == "upkeep"
    game.open_plays("intersection")
    settle(window)
    assert game.popover.isVisible()
    assert window.act(record_anyway(NextPhase()))
    settle(window)
    assert window.session.state.round == 2
    assert not game.popover.isVisible()


def test_plays_left_open_as_she_falls_asleep_are_closed_when_the_board_comes_back(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """A walkthrough's find: her plays open, then a Short Rest (she falls Asleep: the Boiler
    Room takes the main region), the Killer phase, the next round, and *Maple Lane* brought
    the board back with those plays still open beside North Street. Closing them was asked
    while the board was hidden, and a hidden board's plays counted as closed already."""
    window = plays_open_at_the_intersection(open_game)
    game = window.game
    assert window.act(FallAsleep(cause="short rest"))
    settle(window)
    assert game.tabs.currentWidget() is game.dream_tab
    for _ in range(4):  # the Killer phase, then on into the next round
        if state_of(window).phase == "killer":
            assert window.act(KillerAction(move_icon=False))
        assert window.act(record_anyway(NextPhase()))
    settle(window)
    assert state_of(window).round == 2
    game.show_board_button.click()
    settle(window)
    assert game.tabs.currentWidget() is game.board_tab
    assert not game.popover.isVisible()


def test_a_move_keeps_her_plays_open_where_she_went(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = block_party(open_game)
    game = window.game
    assert window.session is not None
    start = window.session.state.table.final_girl
    assert start is not None
    target = next(iter(window.session.state.board.neighbours(start)))
    game.open_plays(target)
    settle(window)
    game.board_panel.space_menu.buttons["move"].click()
    settle(window)
    assert window.session.state.table.final_girl == target
    assert game.popover.isVisible() and game.popover.space == target
    assert isinstance(window.session.history.actions[-1], Move)


def test_escape_closes_the_plays_wherever_the_focus_is(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = block_party(open_game)
    game = window.game
    for focused in (game.round_bar.next_phase, game.history.list, game.board_view):
        game.open_plays("intersection")
        settle(window)
        assert game.popover.isVisible()
        focused.setFocus()
        QTest.keyClick(focused, Qt.Key.Key_Escape)
        assert not game.popover.isVisible(), type(focused).__name__
        assert window.session is not None and window.session.state.phase == "action"
    # From inside the plays, the focus goes back to the board.
    game.open_plays("intersection", focus=True)
    settle(window)
    inside = game.popover.focusWidget()
    assert inside is not None and game.popover.isAncestorOf(inside)
    QTest.keyClick(inside, Qt.Key.Key_Escape)
    assert not game.popover.isVisible()
    assert game.board_view.hasFocus() or game.board_view.isAncestorOf(window.focusWidget())


def test_escape_in_a_dialog_closes_the_dialog_only(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = block_party(open_game)
    game = window.game
    game.open_plays("intersection")
    settle(window)
    dialog = QDialog(game)
    dialog.show()
    qtbot.waitExposed(dialog)
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert game.popover.isVisible()
