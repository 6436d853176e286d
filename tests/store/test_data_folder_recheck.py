"""Issue 21, re-checked against the data folder in new ways: a folder, a pipe, an empty file
or an odd name where a file of the app's is, and two windows at once.

Each test names what it found (each failed on the code before its fix).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, Rename
from frightmare.store import SessionFileError, SessionLocked, SessionStore, load_settings


def test_a_folder_named_like_a_games_backup_does_not_stop_its_saves(tmp_path: Path) -> None:
    """With a folder in place of a game's backup (``<id>.json.bak``), every save of the game
    failed (“Is a directory”) and the app said it would try again after the next change,
    which failed the same way: nothing of that game could be saved. The game is saved
    without a backup while the folder is there, the player is told why, and the folder is
    left as it is."""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Night")
    game.close()
    game.backup_path.unlink(missing_ok=True)
    game.backup_path.mkdir()
    (game.backup_path / "theirs.txt").write_text("kept")
    opened = store.open(game.id)
    assert opened.warning is not None
    assert game.backup_path.name in opened.warning and "folder" in opened.warning
    opened.do(Rename(name="Night on"))
    assert opened.save_error is None
    opened.do(Rename(name="Night again"))
    assert opened.save_error is None
    opened.close()
    assert store.open(game.id, read_only=True).name == "Night again"
    assert (game.backup_path / "theirs.txt").read_text() == "kept"
    assert [n for n in os.listdir(store.sessions_dir) if n.endswith(".tmp")] == []


def test_a_game_opened_from_its_snapshot_is_told_about_its_backup_folder(
    tmp_path: Path,
) -> None:
    """The same, launching into the game in progress (opened from its snapshot)."""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Night")
    game.do(Rename(name="Night on"))
    game.close()  # its snapshot is kept beside it
    game.backup_path.unlink(missing_ok=True)
    game.backup_path.mkdir()
    opened = store.open(game.id, early=True)
    assert not opened.history_loaded  # from the snapshot
    assert opened.warning is not None and game.backup_path.name in opened.warning
    opened.do(Rename(name="Night again"))
    assert opened.save_error is None
    opened.close()


# Two windows deleting one game -----------------------------------------------------------


def test_deleting_a_game_another_window_just_deleted_says_so(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two windows list the same game; the first deletes it. The second's Delete asked
    “Delete “this game”?” and, once confirmed, did nothing without a word. It is told the
    game is no longer there, and its list is brought up to date."""
    from frightmare.ui.main_window import MainWindow
    from frightmare.ui.widgets.dialogs import Confirm, Inform

    asked: list[str] = []
    told: list[str] = []
    monkeypatch.setattr(Confirm, "ask", classmethod(lambda cls, *a, **k: asked.append("?")))
    monkeypatch.setattr(
        Inform, "show", classmethod(lambda cls, parent, title, text, **kw: told.append(text))
    )
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Ours")
    game.do(Rename(name="Ours, saved twice"))  # so it has a backup
    game.close()
    store.create(GameSetup(), "Keeper").close()
    second = MainWindow(SessionStore(tmp_path), load_settings(tmp_path))
    qtbot.addWidget(second)
    second.show_picker()
    assert sorted(second.picker.shown_names()) == ["Keeper", "Ours, saved twice"]
    store.delete(game.id)  # the first window
    second.delete_session(game.id)
    assert asked == []  # not asked to confirm what is already done
    assert len(told) == 1 and "no longer" in told[0] and "another window" in told[0]
    assert second.picker.shown_names() == ["Keeper"]
    assert sorted(os.listdir(store.deleted_dir)) == sorted([game.path.name, game.backup_path.name])


def test_the_store_says_a_game_deleted_meanwhile_is_gone(tmp_path: Path) -> None:
    """The same in the store: a delete of a game that is no longer there said nothing."""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Ours")
    game.close()
    store.delete(game.id)
    with pytest.raises(SessionFileError, match="no longer"):
        store.delete(game.id)


@pytest.mark.skipif(sys.platform == "win32", reason="flock, two processes")
def test_a_delete_that_meets_another_windows_hold_says_delete_words(tmp_path: Path) -> None:
    """When another window takes the game between the window's look and its delete (another
    delete in progress, say), the refusal told the player to “open it here read-only”, which
    is no answer to a delete."""
    from store_helpers import held_elsewhere

    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Theirs")
    game.close()
    with held_elsewhere(tmp_path, game.id), pytest.raises(SessionLocked) as refused:
        store.delete(game.id)
    said = str(refused.value)
    assert "open in another window" in said and "cannot be deleted now" in said
    assert "read-only" not in said
    assert game.path.exists()


# Something else than a folder where a folder is ------------------------------------------


@pytest.mark.parametrize("kind", ["a file", "a link to nothing"])
def test_a_sessions_folder_that_is_not_a_folder_still_starts_the_app(
    kind: str, tmp_path: Path
) -> None:
    """With a file (or a link that leads nowhere) in place of ``sessions/``, the app would not
    start: “cannot use the data directory … (File exists)”, words that name neither the file
    nor what to do. It starts, says which file is in the way, keeps it, and the play log and
    everything else still work."""
    root = tmp_path / "data"
    root.mkdir()
    if kind == "a file":
        (root / "sessions").write_text("the player's notes")
    else:
        (root / "sessions").symlink_to(tmp_path / "nowhere")
    store = SessionStore(root)
    (problem,) = store.scan().problems
    assert str(root / "sessions") in problem and "no game can be listed or kept" in problem
    with pytest.raises(SessionFileError, match="sessions"):
        store.create(GameSetup(), "Night")
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(root)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "no game can be listed or kept" in result.stderr
    assert "File exists" not in result.stderr and "Traceback" not in result.stderr
    if kind == "a file":
        assert (root / "sessions").read_text() == "the player's notes"


def test_a_data_folder_that_is_a_file_is_said_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file given as the data folder: “(File exists)” said nothing the player could act on."""
    from frightmare import app

    given = tmp_path / "games.txt"
    given.write_text("not a folder")
    assert app.main(["--smoke", "--data-dir", str(given)]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and "--data-dir" in err, err
    assert "File exists" not in err and "Not a directory" not in err
    assert given.read_text() == "not a folder"


# Hard links ------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="hard links on POSIX")
def test_a_hard_link_planted_where_the_app_appends_changes_nothing_outside(
    tmp_path: Path,
) -> None:
    """A hard link is no symbolic link: opening without following links lets it through.
    With the play log a hard link to a file elsewhere (a shell start-up file, as in issue
    21's case of a symbolic link), each finished game was appended to that file; with the
    file a game's line waits in one, that file was emptied and overwritten; the
    damaged-lines file and the app's log were appended to. Each is now written as a file of
    the folder's own (replaced, never written through), and keeps what it held."""
    import logging

    from frightmare.model import History, new_game
    from frightmare.model.actions.game import EndGame
    from frightmare.store import PlayLog
    from frightmare.store.logs import RotatingOnFirstRecord, log_problem, setup_logging
    from frightmare.store.playlog.log_file import DAMAGED_NAME
    from frightmare.store.playlog.playlog import waiting_path

    root = tmp_path / "data"
    SessionStore(root)
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "logs").mkdir()
    log = PlayLog(root)

    def plant(place: Path, name: str) -> Path:
        target = outside / name
        target.write_text(f"# precious {name}\n")
        os.link(target, place)
        return target

    marker = waiting_path(log.path, "a" * 32)
    assert marker is not None
    planted = [
        plant(log.path, "bashrc"),
        plant(marker, "notes"),
        plant(root / DAMAGED_NAME, "damaged"),
        plant(root / "logs" / "frightmare.log", "frightmare.log"),
    ]
    before = {path: path.read_bytes() for path in planted}
    history = History(new_game(GameSetup(final_girl="$(touch pwned)"), seed=1))
    history.do(EndGame(result="win"))
    log.record("a" * 32, history.state)
    with log.path.open("a") as f:  # the log is the folder's own now
        f.write("{damaged line\n")
    assert [e.session for e in log.entries()] == ["a" * 32]
    log.record("b" * 32, history.state)
    assert [e.session for e in log.entries()] == ["a" * 32, "b" * 32]
    aside = (root / DAMAGED_NAME).read_text()
    assert aside.startswith("# precious damaged\n")  # what it held, kept
    assert "{damaged line" in aside and "# precious bashrc" in aside  # the log's, kept aside
    setup_logging(root / "logs")
    log_problem("a problem for the log")
    for handler in list(logging.getLogger("frightmare").handlers):
        handler.flush()
        if isinstance(handler, RotatingOnFirstRecord):
            logging.getLogger("frightmare").removeHandler(handler)
            handler.close()
    assert "a problem for the log" in (root / "logs" / "frightmare.log").read_text()
    for path, content in before.items():
        assert path.read_bytes() == content, f"{path.name} was written"


# Empty files -----------------------------------------------------------------------------


def test_an_empty_file_is_said_to_be_empty(tmp_path: Path) -> None:
    """A 0-byte game, board or cards file was said to be “not readable JSON (it breaks off or
    goes wrong at line 1, column 1 …)”: it is said to be empty. The game is set aside as a
    damaged one is, and the packaged board and cards are used."""
    from frightmare.store.paths import BOARD_FILE, CARDS_FILE

    store = SessionStore(tmp_path)
    store.create(GameSetup(), "Keeper").close()
    (store.sessions_dir / "zero.json").write_bytes(b"")
    (tmp_path / BOARD_FILE).write_bytes(b"")
    (tmp_path / CARDS_FILE).write_bytes(b"  \n")
    scan = SessionStore(tmp_path).scan()
    assert [s.name for s in scan.sessions] == ["Keeper"]
    assert len(scan.problems) == 3
    for problem in scan.problems:
        assert "it is empty" in problem and "line 1, column 1" not in problem, problem
    assert any("zero.json" in p and "quarantine" in p for p in scan.problems)
