"""Issue 21 in the window: the import's progress dialog and its cancel, the Statistics'
bounded warnings and the sync tools' copies said, a finished game that waits said in a box.

“A 30 MB file of blank lines freezes the import for 20 s. An import with 30,000 skipped rows
puts 30,002 lines (2.3 MB) in one message box.” Each test failed first.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMessageBox,
    QProgressDialog,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import EndGame
from frightmare.store import PlayLog, SessionStore, load_settings
from frightmare.ui.main_window import MainWindow


def finished() -> History:
    history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
    history.do(EndGame(result="win"))
    return history


def rows_csv(count: int, *, bad: int = 0) -> str:
    lines = ["session,date,final_girl,killer,location,result,rounds"]
    for n in range(count):
        day = f"20{10 + n // 336}-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
        result = "draw" if n < bad else "win"
        lines.append(f"{n:032x},{day},Nancy,Dr. Fright,Maple Lane,{result},{1 + n % 9}")
    return "\n".join(lines) + "\n"


class Boxes:
    """The message boxes the window would show, kept instead."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str]] = []
        for kind in ("information", "warning"):
            monkeypatch.setattr(
                QMessageBox,
                kind,
                lambda parent, title, text, *a, _kind=kind: self.shown.append((_kind, text)),
            )


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    return Boxes(monkeypatch)


@pytest.fixture
def window(qtbot: QtBot, private_data_dir: Path) -> MainWindow:
    store = SessionStore(private_data_dir)
    shown = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(shown)
    shown.show()
    return shown


def choose(monkeypatch: pytest.MonkeyPatch, source: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))


def test_a_long_import_shows_progress_and_the_player_can_cancel_it(
    window: MainWindow,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    private_data_dir: Path,
) -> None:
    """The import runs beside the window's event loop: the player's Cancel, pressed while it
    runs, reaches it, and the log stays as it was."""
    log = PlayLog(private_data_dir)
    log.record("a" * 32, finished().state)
    before = log.path.read_bytes()
    source = tmp_path / "big.csv"
    source.write_bytes(b"\n" * 30_000_000 + rows_csv(25_000).encode())
    choose(monkeypatch, source)
    pressed: list[int] = []

    def press_cancel() -> None:
        for dialog in window.findChildren(QProgressDialog):
            if not pressed:
                pressed.append(dialog.value())
                button = dialog.findChild(QPushButton)
                assert button is not None and button.text() == "Cancel"
                button.click()  # as the player does

    timer = QTimer(window)
    timer.timeout.connect(press_cancel)
    timer.start(5)
    window.import_log_action.trigger()
    timer.stop()
    assert pressed, "the event loop did not run during the import"
    assert log.path.read_bytes() == before
    assert boxes.shown and "cancelled" in boxes.shown[-1][1]
    assert "as it was" in boxes.shown[-1][1]
    assert window.findChildren(QProgressDialog) == [] or all(
        not d.isVisible() for d in window.findChildren(QProgressDialog)
    )


def test_an_import_report_box_stays_short(
    window: MainWindow,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    private_data_dir: Path,
) -> None:
    source = tmp_path / "bad.csv"
    source.write_text(rows_csv(30_002, bad=30_000), "utf-8")
    choose(monkeypatch, source)
    window.import_log_action.trigger()
    kind, text = boxes.shown[-1]
    assert kind == "warning" and text.startswith("2 games added")
    assert len(text.splitlines()) <= 23 and "and 29,980 more" in text
    assert str(private_data_dir / "playlog-damaged.txt") in text


def test_statistics_name_at_most_20_damaged_lines_and_say_the_sync_copies(
    window: MainWindow,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    from frightmare.ui.stats_view import StatsDialog

    opened: list[int] = []
    monkeypatch.setattr(
        StatsDialog, "show_for", classmethod(lambda cls, parent, e: opened.append(len(e)))
    )
    log = PlayLog(private_data_dir)
    log.record("a" * 32, finished().state)
    with log.path.open("a") as f:
        f.write("{damaged\n" * 300)
    copy = private_data_dir / "playlog (conflicted copy 2026-11-30).jsonl"
    row = json.loads(log.path.read_text().splitlines()[0]) | {"session": "b" * 32}
    copy.write_text(json.dumps(row | {"date": "2026-11-29"}) + "\n")
    window.show_statistics()
    assert opened == [2]
    texts = [text for _, text in boxes.shown]
    assert any("sync tool" in t and "1 game" in t for t in texts), texts
    (damaged,) = [t for t in texts if "skipped" in t]
    assert damaged.count("skipped") == 20 and "and 280 more" in damaged


def test_a_game_that_waits_to_be_recorded_is_said_in_a_box(
    open_game_here: MainWindow,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    """“On a full disk, a finished game's line was half written and the game was lost with
    no message.”"""
    from frightmare.ui.summary import GameOverDialog

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    real = os.write

    def full(fd: int, data: Any) -> int:
        if b'"final_girl"' in bytes(data):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", full)
    open_game_here.act(EndGame(result="win"))
    monkeypatch.undo()
    texts = [text for _, text in boxes.shown]
    assert any("No space left" in t and "waits" in t for t in texts), texts
    assert PlayLog(private_data_dir).pending == 1
    assert [e.result for e in PlayLog(private_data_dir).entries()] == ["win"]  # written now
    assert PlayLog(private_data_dir).pending == 0


@pytest.fixture
def open_game_here(qtbot: QtBot, private_data_dir: Path) -> MainWindow:
    store = SessionStore(private_data_dir)
    session = store.create(GameSetup(), "Night", seed=1)
    shown = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(shown)
    shown.show()
    shown.open_session(session.id)
    QApplication.processEvents()
    return shown
