"""Issue 21 in the window: the import's progress dialog and its cancel, the Statistics'
bounded warnings and the sync tools' copies said, a finished game that waits said in a box.

“A 30 MB file of blank lines freezes the import for 20 s. An import with 30,000 skipped rows
puts 30,002 lines (2.3 MB) in one message box.” Each test failed first.
"""

from __future__ import annotations

import errno
import json
import os
import threading
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
from frightmare.model.actions.game import EndGame
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
    from frightmare.ui.record import import_progress

    log = PlayLog(private_data_dir)
    log.record("a" * 32, finished().state)
    before = log.path.read_bytes()
    source = tmp_path / "big.csv"
    source.write_bytes(b"\n" * 30_000_000 + rows_csv(25_000).encode())
    choose(monkeypatch, source)
    pressed: list[int] = []
    # The import waits at its second report until the Cancel is pressed: on a busy machine
    # the window's thread could otherwise press it only after the log was replaced, too late
    # for any import to be cancelled (a flaky failure, not the app's).
    clicked = threading.Event()
    told = import_progress.ImportWorker._told

    def told_after_the_click(worker: import_progress.ImportWorker, fraction: float) -> bool:
        if fraction > 0:
            clicked.wait(60)
        return told(worker, fraction)

    monkeypatch.setattr(import_progress.ImportWorker, "_told", told_after_the_click)

    def press_cancel() -> None:
        for dialog in window.findChildren(QProgressDialog):
            if not pressed:
                pressed.append(dialog.value())
                button = dialog.findChild(QPushButton)
                assert button is not None and button.text() == "Cancel"
                button.click()  # as the player does
                clicked.set()

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
    from frightmare.ui.record.stats.stats_dialog import StatsDialog

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
    from frightmare.ui.record.summary import GameOverDialog

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


def refuse_play_log_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up once the game's end is saved: nothing more reaches the play log or
    the file its line would wait in."""
    real = os.write

    def write(fd: int, data: Any) -> int:
        if "/playlog" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="/proc")
def test_a_game_waiting_when_the_app_dies_is_recorded_at_the_next_start(
    qtbot: QtBot,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    """Store's list, issue 21: a finished game waiting to be recorded was held in memory
    only; a crash before it was written lost its line. The box says where it waits, the
    saved game holds the result, and the next start writes its line and says so."""
    import frightmare.store.playlog.playlog as playlog
    from frightmare.ui.record.summary import GameOverDialog
    from frightmare.ui.widgets.dialogs import Confirm

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    asked: list[str] = []  # quitting with a line in memory asks (never blocks a test)

    def confirm(cls: object, /, parent: object, title: str, *args: object, **kw: object) -> bool:
        asked.append(title)
        return True

    monkeypatch.setattr(Confirm, "ask", classmethod(confirm))
    real_write = os.write
    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(final_girl="Laurie"), "Night", seed=1)
    first = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(first)
    first.open_session(game.id)
    refuse_play_log_writes(monkeypatch)
    first.act(EndGame(result="loss"))
    texts = [text for _, text in boxes.shown]
    (told,) = [t for t in texts if "No space left" in t]
    assert "saved game holds the result" in told and "playlog-waiting-" in told
    assert "Keep the app open" not in told
    first.show_picker()
    assert "1 finished game waits" in first.picker.problems.text()
    assert "playlog-waiting-" in first.picker.problems.text()
    # The app dies: what it held in memory is gone; its window is never closed.
    monkeypatch.setattr(playlog, "_PENDING", {})
    first.session = None
    monkeypatch.setattr(os, "write", real_write)  # the disk has room again
    again = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(again)
    assert "was written to the play log" in again.statusBar().currentMessage()
    assert again.picker.problems.isHidden() or "waits" not in again.picker.problems.text()
    (entry,) = PlayLog(private_data_dir).entries()
    assert entry.session == game.id and entry.result == "loss"
    assert list(private_data_dir.glob("playlog-waiting-*")) == []


def test_a_line_the_log_cannot_take_at_start_up_is_said_with_its_file(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """Another window holds the log at start-up: the line stays in its file (start-up never
    waits for that window), and the saved games' list says where it waits."""
    from filelock import FileLock

    private_data_dir.mkdir(parents=True, exist_ok=True)
    marker = private_data_dir / f"playlog-waiting-{'b' * 32}.jsonl"
    row = {"session": "b" * 32, "date": "2026-11-30", "final_girl": "Sheila"}
    row |= {"killer": "Dr. Fright", "location": "Maple Lane", "result": "win"}
    marker.write_text(json.dumps(row) + "\n")
    other = FileLock(private_data_dir / ".playlog.jsonl.lock", thread_local=False)
    other.acquire()
    try:
        window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
        qtbot.addWidget(window)
        text = window.picker.problems.text()
        assert not window.picker.problems.isHidden()
        assert "1 finished game waits to be written to the play log" in text
        assert marker.name in text and str(private_data_dir) in text
        assert marker.exists()
    finally:
        other.release()
    assert [e.session for e in PlayLog(private_data_dir).entries()] == ["b" * 32]
    assert not marker.exists()


def test_the_sync_copies_merged_by_the_summary_are_said(
    open_game_here: MainWindow,
    boxes: Boxes,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    """Store's list, issue 21: the sync copies' message was shown only when the Statistics
    merged them; the game summary's read merged them first, and the message was lost."""
    from frightmare.ui.record.stats.stats_dialog import StatsDialog
    from frightmare.ui.record.summary import GameOverDialog

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    monkeypatch.setattr(StatsDialog, "show_for", classmethod(lambda cls, parent, e: None))
    row = {"session": "c" * 32, "date": "2026-11-29", "final_girl": "Sheila"}
    row |= {"killer": "Dr. Fright", "location": "Maple Lane", "result": "win"}
    copy = private_data_dir / "playlog (conflicted copy 2026-11-30).jsonl"
    copy.write_text(json.dumps(row) + "\n")
    open_game_here.act(EndGame(result="win"))
    assert open_game_here.game_record() is not None  # what the summary asks as it opens
    QApplication.processEvents()
    said = [text for _, text in boxes.shown if "sync tool" in text]
    assert len(said) == 1 and "1 game" in said[0]
    open_game_here.show_statistics()
    assert len([text for _, text in boxes.shown if "sync tool" in text]) == 1  # said once


def test_the_sync_copies_merged_by_the_new_game_dialog_are_said_then(
    window: MainWindow,
    boxes: Boxes,
    private_data_dir: Path,
) -> None:
    """Seen under Xvfb: the New game dialog's record line read the log (merging a sync tool's
    copy) and the message waited until the game ended. It is said as the dialog reads it."""
    row = {"session": "c" * 32, "date": "2026-11-29", "final_girl": "Sheila"}
    row |= {"killer": "Dr. Fright", "location": "Maple Lane", "result": "win"}
    copy = private_data_dir / "playlog (conflicted copy 2026-11-30).jsonl"
    private_data_dir.mkdir(parents=True, exist_ok=True)
    copy.write_text(json.dumps(row) + "\n")
    assert len(window.logged_games()) == 1  # what the New game dialog and Roll the film ask
    QApplication.processEvents()
    said = [text for _, text in boxes.shown if "sync tool" in text]
    assert len(said) == 1 and "1 game" in said[0]


def test_at_start_up_only_the_lines_written_are_said_written(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """Seen under Xvfb: a game another window still plays (its line marked as waiting) was
    said "written to the play log" at start-up, though it was left to that window."""
    from store_helpers import held_elsewhere

    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(), "Theirs", seed=1)
    game.close()
    marker = private_data_dir / f"playlog-waiting-{game.id}.jsonl"
    marker.touch()  # that window marked its end, and has not written the line yet
    with held_elsewhere(private_data_dir, game.id):
        window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
        qtbot.addWidget(window)
        assert "written" not in window.statusBar().currentMessage()
        assert marker.exists()
