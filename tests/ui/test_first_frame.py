"""Launching into a game in progress paints its board first, from its snapshot, and builds the
game screen right after (issue 19: the launch's first paint within twice a bare window's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import left_in_progress

from frightmare.model.actions import AddVictims, Move
from frightmare.store import SessionStore
from frightmare.ui.application import build_window
from frightmare.ui.first_frame import FirstFrame
from frightmare.ui.main_window import MainWindow


def _game_in_progress(root: Path) -> str:
    return left_in_progress(
        root, Move(to="street-w", steps=1), AddVictims(space="intersection", count=1)
    )


def _painted(qtbot: QtBot, root: Path) -> MainWindow:
    window = build_window(SessionStore(root), first_frame=True)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    return window


def _on_window(window: MainWindow, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def test_the_first_frame_is_the_game_s_own_board(qtbot: QtBot, private_data_dir: Path) -> None:
    _game_in_progress(private_data_dir)
    window = _painted(qtbot, private_data_dir)
    frame = window.pages.currentWidget()
    assert isinstance(frame, FirstFrame) and window.opening
    shown = frame.board_view.item.state
    assert shown is not None and shown.table.final_girl == "street-w"
    assert shown.table.victims["intersection"] == 7  # Block Party's 6, and the one added
    assert frame.round.text() == "Round 1 · Action"
    # Nothing can be played before the game screen is there: its menus wait for it.
    assert not window.undo_action.isEnabled() and not window.next_phase_action.isEnabled()
    assert window.session is None and window._game is None


def test_the_game_screen_replaces_it_with_the_board_where_it_was(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    window = _painted(qtbot, private_data_dir)
    frame = window.pages.currentWidget()
    assert isinstance(frame, FirstFrame)
    first = _on_window(window, frame.board_view)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    sheet = app.styleSheet()
    assert sheet  # the first frame is styled
    window.finish_opening()
    assert app.styleSheet() == sheet  # the game screen, built unstyled, styled once after
    assert not window.opening and window.session is not None and window.session.id == game
    assert window.pages.currentWidget() is window.game
    assert window.undo_action.isEnabled()  # the two actions can be undone
    qtbot.waitUntil(lambda: not window.findChildren(FirstFrame))  # given way, and deleted
    qtbot.wait(50)  # the side column is fitted on the next turn of the event loop
    board = _on_window(window, window.game.board_view)
    # The square the board is drawn in: the same place, near enough not to jump.
    assert abs(board.left() - first.left()) <= 4 and abs(board.top() - first.top()) <= 4
    assert abs(board.height() - first.height()) <= 8
    window.finish_opening()  # said twice: nothing more happens
    assert window.pages.currentWidget() is window.game


def test_a_launch_without_a_snapshot_opens_the_game_screen_at_once(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    store = SessionStore(private_data_dir)
    from frightmare.store.snapshot import snapshot_path

    snapshot_path(store.path_for(game)).unlink()
    window = build_window(store, first_frame=True)
    qtbot.addWidget(window)
    assert not window.opening and window.session is not None
    assert window.pages.currentWidget() is window.game


HOLDER = """
import sys, time
from pathlib import Path
from frightmare.store import SessionStore
session = SessionStore(Path(sys.argv[1])).open(sys.argv[2])
print("holding", flush=True)
time.sleep(120)
"""


def test_a_game_another_window_took_meanwhile_is_asked_about_as_always(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """Its board was read without its lock: once painted, the lock is refused, and the player
    is asked what to do as at any other opening (a smoke run's answer: read-only)."""
    game = _game_in_progress(private_data_dir)
    window = build_window(SessionStore(private_data_dir), headless=True, first_frame=True)
    qtbot.addWidget(window)
    assert window.opening
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(private_data_dir), game],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        window.finish_opening()
    finally:
        holder.kill()
        holder.wait()
    session = window.session
    assert session is not None and session.id == game and session.read_only
    assert window.pages.currentWidget() is window.game


def test_a_game_changed_since_its_board_was_painted_is_read_again(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    window = build_window(SessionStore(private_data_dir), first_frame=True)
    qtbot.addWidget(window)
    assert window.opening
    other = SessionStore(private_data_dir).open(game)
    other.do(Move(to="intersection", steps=1))  # another window, a moment before
    other.close()
    window.finish_opening()
    session = window.session
    assert session is not None and not session.read_only and session.owns_lock
    assert session.state.table.final_girl == "intersection"
    assert window.game.board_view.item.state is session.state
