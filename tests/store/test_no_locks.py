"""Issue 21, Build 2: where file locks do not work, say so once and play on.

“Where file locking fails (ENOLCK, as on some network and synced mounts): New game raises an
uncaught SessionLocked, and every game opens read-only.” The failure is simulated at the OS
call: ``fcntl.flock`` answers ENOLCK, as such a mount does. Each test failed first.
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, GameState, Rename
from frightmare.store import SessionStore, load_settings

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")


@pytest.fixture
def no_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every lock in the process fails as on a mount without locking (unlocking still works,
    as nothing was locked)."""
    import fcntl

    real = fcntl.flock

    def flock(fd: int, operation: int) -> None:
        if operation & fcntl.LOCK_UN:
            real(fd, operation)
            return
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", flock)
    from frightmare.store.games import lock

    monkeypatch.setattr(lock, "_UNLOCKABLE", set(), raising=False)
    monkeypatch.setattr(lock, "_TOLD", set(), raising=False)


@pytest.mark.usefixtures("no_locks")
def test_a_new_game_is_writable_and_the_player_is_told_once(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    first = store.create(GameSetup(), "First")
    assert not first.read_only
    assert first.warning and "cannot be locked" in first.warning
    assert "another window" in first.warning
    first.do(Rename(name="First, played"))
    assert first.save_error is None
    first.close()
    second = store.create(GameSetup(), "Second")
    assert second.warning is None  # said once
    second.close()


@pytest.mark.usefixtures("no_locks")
def test_every_game_opens_writable(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Mine")
    game.close()
    again = store.open(game.id)
    assert not again.read_only
    again.do(Rename(name="Still mine"))
    assert again.save_error is None
    again.close()
    assert store.open(game.id, read_only=True).name == "Still mine"
    store.rename(game.id, "Renamed")
    copy = store.duplicate(game.id)
    assert store.open(copy.id).name == "Renamed (copy)"


@pytest.mark.usefixtures("no_locks")
def test_the_stamp_check_still_guards_two_windows(tmp_path: Path) -> None:
    """Build 2: “The on-disk stamp check still guards against writing over a change.”"""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Shared")
    other = SessionStore(tmp_path).open(game.id)  # another window, unlocked too
    other.do(Rename(name="Theirs"))
    assert other.save_error is None
    game.do(Rename(name="Ours"))
    assert game.conflict and game.save_error and "changed on disk" in game.save_error
    assert store.open(game.id, read_only=True).name == "Theirs"


@pytest.mark.usefixtures("no_locks")
def test_new_game_in_the_window_never_crashes(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frightmare.ui.main_window import MainWindow
    from frightmare.ui.setup.wizard import NewGameDialog
    from frightmare.ui.widgets.dialogs import Inform

    told: list[str] = []
    monkeypatch.setattr(
        Inform, "show", classmethod(lambda cls, parent, title, text, **kw: told.append(text))
    )
    monkeypatch.setattr(
        NewGameDialog, "ask", classmethod(lambda cls, parent, last="": (GameSetup(), "Night"))
    )
    store = SessionStore(tmp_path)
    window = MainWindow(store, load_settings(tmp_path))
    qtbot.addWidget(window)
    window.new_game()
    assert window.session is not None and not window.session.read_only
    assert len(told) == 1 and "cannot be locked" in told[0]
    window.new_game()
    assert len(told) == 1  # once
    window.session.do(Rename(name="Night, played"))
    assert window.session.save_error is None


def finished_state() -> GameState:
    from frightmare.model import History, new_game
    from frightmare.model.actions.game import EndGame

    history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
    history.do(EndGame(result="win"))
    return history.state


@pytest.mark.usefixtures("no_locks")
def test_the_play_log_written_unlocked_is_said_once(tmp_path: Path) -> None:
    """Store's list, issue 21: on a drive where locks fail, the play log was written without
    its lock and without a word of its own (the player heard only the games' notice, and
    only if a game was opened first)."""
    from frightmare.store import PlayLog

    log = PlayLog(tmp_path)
    log.record("a" * 32, finished_state())
    (notice,) = PlayLog(tmp_path).take_notices()
    assert "play log" in notice and "cannot be locked" in notice and "another window" in notice
    log.record("b" * 32, finished_state())
    assert PlayLog(tmp_path).take_notices() == []  # once
    assert len(PlayLog(tmp_path).entries()) == 2


@pytest.mark.usefixtures("no_locks")
def test_one_notice_covers_the_games_and_the_play_log(tmp_path: Path) -> None:
    """The games' notice, given first, says the play log too; the log adds nothing more."""
    from frightmare.store import PlayLog

    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "First")
    assert game.warning and "cannot be locked" in game.warning and "play log" in game.warning
    PlayLog(tmp_path).record(game.id, finished_state())
    assert PlayLog(tmp_path).take_notices() == []


@pytest.mark.usefixtures("no_locks")
def test_the_window_says_the_unlocked_play_log_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play log imported first, on such a drive (no game opened, so no games' notice): one
    box says the play log cannot be locked; a second import says nothing more."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from frightmare.ui.main_window import MainWindow
    from frightmare.ui.widgets.dialogs import Inform

    told: list[str] = []
    monkeypatch.setattr(
        Inform, "show", classmethod(lambda cls, parent, title, text, **kw: told.append(text))
    )
    monkeypatch.setattr(QMessageBox, "information", lambda *a: None)
    source = tmp_path / "theirs.csv"
    source.write_text(
        "session,date,final_girl,killer,location,result\n"
        f"{'c' * 32},2026-11-30,Sheila,Dr. Fright,Maple Lane,win\n"
    )
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    root = tmp_path / "data"
    window = MainWindow(SessionStore(root), load_settings(root))
    qtbot.addWidget(window)
    window.import_log_action.trigger()
    assert len(told) == 1 and "play log" in told[0] and "cannot be locked" in told[0]
    window.import_log_action.trigger()
    assert len(told) == 1
