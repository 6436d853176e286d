"""Issue 11 in the window: unsaved play is never dropped, a second window is told, import tells
the truth, an error in a slot is logged and shown."""

from __future__ import annotations

import errno
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QTimer, Signal
from pytestqt.qtbot import QtBot

import frightmare.store.games.game_file as sessions
from frightmare.model import EditNotes, GameSetup, Rename
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.dialogs import (
    AskText,
    ChangedOnDisk,
    ChooseFile,
    Confirm,
    ErrorReport,
    Inform,
    OpenElsewhere,
)


class Disk:
    """The disk of the data directory, made full (ENOSPC) on demand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
        self.full = False
        from frightmare.store.atomic import atomic_write as real

        def write(path: Path, data: bytes, backup: Path | None = None) -> None:
            if self.full and root in path.parents:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, data, backup)

        monkeypatch.setattr(sessions, "atomic_write", write)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch, private_data_dir: Path) -> Disk:
    return Disk(monkeypatch, private_data_dir)


@pytest.fixture(autouse=True)
def no_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A warning box here would block the test: it fails it instead."""

    def fail(cls: object, /, parent: object, title: str, text: str, **kw: object) -> None:
        raise AssertionError(f"unexpected warning: {title}: {text}")

    monkeypatch.setattr(Inform, "show", classmethod(fail))


def window_over(qtbot: QtBot, root: Path) -> MainWindow:
    window = MainWindow(SessionStore(root), load_settings(root))
    qtbot.addWidget(window)
    window.show()
    return window


def two_games(root: Path) -> tuple[str, str]:
    store = SessionStore(root)
    a = store.create(GameSetup(), "Game A")
    b = store.create(GameSetup(), "Game B")
    a.close()
    b.close()
    return a.id, b.id


def on_disk(root: Path, session_id: str) -> list[str]:
    raw = json.loads((root / "sessions" / f"{session_id}.json").read_text())
    return [step.get("name") or step.get("notes") for step in raw["journal"]]


def test_reopening_the_same_game_while_the_disk_is_full_keeps_the_play(
    qtbot: QtBot, disk: Disk, private_data_dir: Path
) -> None:
    """“Opening the same game again from the saved-games list … reloads the copy on disk.”"""
    a, _ = two_games(private_data_dir)
    window = window_over(qtbot, private_data_dir)
    window.open_session(a)
    disk.full = True
    window.act(Rename(name="Unsaved 1"))
    assert window.save_label.text() == "⚠ Not saved"
    window.sessions_action.trigger()
    window.open_session(a)
    assert window.session is not None and window.session.name == "Unsaved 1"
    assert window.save_label.text() == "⚠ Not saved"  # never a false “Saved”
    disk.full = False
    window.act(Rename(name="Unsaved 2"))
    assert on_disk(private_data_dir, a) == ["Unsaved 1", "Unsaved 2"]


def test_switching_games_on_a_full_disk_and_coming_back_loses_nothing(
    qtbot: QtBot, disk: Disk, private_data_dir: Path
) -> None:
    """Done when: “The disk fills mid-game and the player switches games and comes back:
    nothing is lost.”"""
    a, b = two_games(private_data_dir)
    window = window_over(qtbot, private_data_dir)
    window.open_session(a)
    disk.full = True
    window.act(Rename(name="A while full"))
    window.open_session(b)
    window.act(Rename(name="B while full"))
    window.open_session(a)
    assert window.session is not None and window.session.name == "A while full"
    disk.full = False
    window.act(EditNotes(notes="space again"))
    assert on_disk(private_data_dir, a) == ["A while full", "space again"]
    # B was kept in memory and saved as soon as the disk allowed.
    assert on_disk(private_data_dir, b) == ["B while full"]


def test_rename_duplicate_and_export_from_the_picker_use_the_game_in_memory(
    qtbot: QtBot,
    disk: Disk,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    tmp_path: Path,
) -> None:
    """“… or renaming it there, reloads the copy on disk … Exporting in that state exports
    the stale copy.”"""
    a, _ = two_games(private_data_dir)
    window = window_over(qtbot, private_data_dir)
    window.open_session(a)
    disk.full = True
    window.act(EditNotes(notes="only in memory"))
    window.sessions_action.trigger()

    monkeypatch.setattr(AskText, "ask", classmethod(lambda cls, *a, **k: "Renamed while full"))
    window.rename_session(a)
    assert window.session is not None
    assert window.session.name == "Renamed while full"
    assert window.session.state.notes == "only in memory"

    exported = tmp_path / "out.json"
    monkeypatch.setattr(ChooseFile, "ask_save", classmethod(lambda cls, *a: exported))
    window.export_session(a)
    assert json.loads(exported.read_text())["journal"][0]["notes"] == "only in memory"

    disk.full = False
    window.duplicate_session(a)
    copies = [s for s in window.store.scan().sessions if s.name.endswith("(copy)")]
    assert len(copies) == 1
    assert window.store.open(copies[0].id).state.notes == "only in memory"
    window.open_session(a)
    window.act(Rename(name="Saved at last"))
    assert on_disk(private_data_dir, a) == ["only in memory", "Renamed while full", "Saved at last"]


def test_quit_on_a_full_disk_asks_and_then_saves_every_game(
    qtbot: QtBot, disk: Disk, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    a, b = two_games(private_data_dir)
    window = window_over(qtbot, private_data_dir)
    window.open_session(a)
    disk.full = True
    window.act(Rename(name="A unsaved"))
    window.open_session(b)
    window.act(Rename(name="B unsaved"))
    asked: list[str] = []

    def refuse(cls: object, parent: object, title: str, text: str, yes: str = "") -> bool:
        asked.append(text)
        return False

    monkeypatch.setattr(Confirm, "ask", classmethod(refuse))
    assert not window.close()  # the player chose to stay
    assert "A unsaved" in asked[0] and "B unsaved" in asked[0]
    disk.full = False
    assert window.close()
    assert on_disk(private_data_dir, a) == ["A unsaved"]
    assert on_disk(private_data_dir, b) == ["B unsaved"]


HOLDER = """
import sys
from pathlib import Path
from frightmare.store import SessionStore
session = SessionStore(Path(sys.argv[1])).open(sys.argv[2])
print("holding", flush=True)
sys.stdin.read()  # holds the game until the test lets go (or kills it)
"""


@pytest.fixture
def held(private_data_dir: Path) -> Iterator[str]:
    """A game open in another instance of the app (another process)."""
    session = SessionStore(private_data_dir).create(GameSetup(), "Open elsewhere")
    session.close()
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(private_data_dir), session.id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "holding"
    yield session.id
    child.kill()
    child.wait()


def test_a_second_window_is_told_and_can_open_read_only(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, held: str
) -> None:
    """Done when: “Two windows are opened on the same game: the second is told the game is
    open elsewhere, and nothing is lost.”"""
    told: list[str] = []

    def answer(cls: object, parent: object, text: str) -> str | None:
        told.append(text)
        return "read-only"

    monkeypatch.setattr(OpenElsewhere, "ask", classmethod(answer))
    window = window_over(qtbot, private_data_dir)
    before = (private_data_dir / "sessions" / f"{held}.json").read_bytes()
    assert window.open_session(held)
    assert "open in another window" in told[0]
    assert "(read-only)" in window.windowTitle()
    assert window.save_label.text() == "Read-only"
    assert not window.act(Rename(name="Not recorded"))
    window.undo()
    assert window.session is not None and window.session.name == "Open elsewhere"
    window.close()
    assert (private_data_dir / "sessions" / f"{held}.json").read_bytes() == before


def test_a_second_window_can_cancel(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, held: str
) -> None:
    monkeypatch.setattr(OpenElsewhere, "ask", classmethod(lambda cls, *a: None))
    window = window_over(qtbot, private_data_dir)
    assert not window.open_session(held)
    assert window.session is None and window.pages.currentWidget() is window.picker


def test_a_file_changed_under_the_window_offers_a_copy(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    a, _ = two_games(private_data_dir)
    window = window_over(qtbot, private_data_dir)
    window.open_session(a)
    other = SessionStore(private_data_dir).open(a)  # another window of this process
    other.do(Rename(name="Theirs"))
    monkeypatch.setattr(ChangedOnDisk, "ask", classmethod(lambda cls, *a: "copy"))
    window.act(Rename(name="Ours"))
    assert window.session is not None and window.session.name == "Ours (kept copy)"
    names = sorted(s.name for s in window.store.scan().sessions)
    assert names == ["Game B", "Ours (kept copy)", "Theirs"]


def test_an_import_that_drops_steps_says_so_and_can_be_cancelled(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, tmp_path: Path
) -> None:
    """“Importing a file whose later steps no longer replay keeps the steps that do, and
    shows nothing.”"""
    source_store = SessionStore(tmp_path / "elsewhere")
    game = source_store.create(GameSetup(), "Partly")
    game.do(Rename(name="Kept step"))
    raw = json.loads(game.to_bytes())
    raw["journal"].append({"kind": "slide", "direction": "up"})  # refused while Awake
    raw["cursor"] = 2
    source = tmp_path / "partly.json"
    source.write_text(json.dumps(raw))
    asked: list[str] = []

    def ask(cls: object, parent: object, title: str, text: str, yes: str = "") -> bool:
        asked.append(text)
        return False

    monkeypatch.setattr(Confirm, "ask", classmethod(ask))
    window = window_over(qtbot, private_data_dir)
    assert not window.import_from(source)
    assert "1 of the 2 steps" in asked[0] and "could not be replayed" in asked[0]
    assert window.store.scan().sessions == []
    monkeypatch.setattr(Confirm, "ask", classmethod(lambda cls, *a, **k: True))
    assert window.import_from(source)
    assert [s.steps for s in window.store.scan().sessions] == [1]


class Raiser(QObject):
    poke = Signal()

    def boom(self) -> None:
        raise RuntimeError("a slot went wrong")


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_logged_and_shown(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, tmp_path: Path
) -> None:
    """Issue 12, item 5: the excepthook logs the traceback, keeps the game and says where
    the log is. Installed before the window is built, it sets the log up itself when an error
    comes before the first paint has."""
    from frightmare.ui.application import ErrorHook

    shown: list[str] = []
    monkeypatch.setattr(ErrorReport, "show", classmethod(lambda cls, p, text: shown.append(text)))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    hook = ErrorHook(tmp_path / "logs", lambda: None).install()
    assert sys.excepthook is hook and hook.log_path is None  # no log yet
    window = window_over(qtbot, private_data_dir)
    hook.parent = lambda: window
    raiser = Raiser()
    raiser.poke.connect(raiser.boom)
    QTimer.singleShot(0, raiser.poke.emit)
    qtbot.waitUntil(lambda: bool(shown))
    log_path = hook.log_path
    assert log_path == tmp_path / "logs" / "frightmare.log"
    assert "a slot went wrong" in shown[0] and str(log_path) in shown[0]
    for handler in logging.getLogger("frightmare").handlers:
        handler.flush()
    text = log_path.read_text()
    assert "Uncaught error" in text and "RuntimeError: a slot went wrong" in text
    assert "Traceback" in text


def test_a_failed_save_and_an_unwritable_play_log_are_logged_once(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, tmp_path: Path
) -> None:
    """The audit of issue 12, item 5: a failed save and the play log's failure were shown in
    the status bar but never reached the log. A failing save is logged when it starts and when
    it ends, not after every action."""
    from frightmare.store import atomic as atomic_module
    from frightmare.store.logs import setup_logging

    log_path = setup_logging(tmp_path / "logs")
    assert log_path is not None
    window = window_over(qtbot, private_data_dir)
    session = window.store.create(GameSetup(), "Logged")
    window.open_session(session.id)
    assert window.session is not None

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sessions, "atomic_write", full)
    for n in range(3):
        window.session.do(Rename(name=f"Logged {n}"))
    assert window.session.save_error
    monkeypatch.setattr(sessions, "atomic_write", atomic_module.atomic_write)
    window.session.do(Rename(name="Logged again"))
    assert window.session.save_error is None
    window.desk.failed(OSError(errno.EACCES, "Permission denied"))
    for handler in logging.getLogger("frightmare").handlers:
        handler.flush()
    text = log_path.read_text()
    assert text.count("Saving “") == 1 and "No space left on device" in text
    assert "is saved again" in text
    assert "The play log could not be written" in text
