"""Issue 21, Build 4: nothing outside the data folder.

“If playlog.jsonl is a symlink, each finished game is appended to the file it points to.
Aimed at a shell start-up file, a game whose Final Girl was named $(touch …) ran that command
when the shell started. If quarantine/ or deleted/ is a symlink, damaged and deleted games are
moved to wherever it points.” Each test failed first.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import pytest

from frightmare.model import GameSetup, History, Rename, new_game
from frightmare.model.actions.game import EndGame
from frightmare.store import PlayLog, SessionStore, load_settings, save_settings
from frightmare.store.games.lock import lock_path
from frightmare.store.listing import INDEX_FILE
from frightmare.store.playlog.importing import import_log
from frightmare.store.playlog.log_file import DAMAGED_NAME
from frightmare.store.settings import Settings

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")


def finished() -> History:
    history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
    history.do(EndGame(result="win"))
    return history


class Outside:
    """Files and folders outside the data folder, each with its content, to check after."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir()
        self.files: dict[Path, bytes] = {}

    def file(self, name: str) -> Path:
        path = self.folder / name
        path.write_bytes(f"# precious {name}\n".encode())
        self.files[path] = path.read_bytes()
        return path

    def dir(self, name: str) -> Path:
        path = self.folder / name
        path.mkdir()
        return path

    def untouched(self) -> None:
        for path, content in self.files.items():
            assert path.read_bytes() == content, f"{path.name} was written"
        found = sorted(p.relative_to(self.folder) for p in self.folder.rglob("*"))
        expected = sorted(p.relative_to(self.folder) for p in self.files)
        expected += sorted(p.relative_to(self.folder) for p in self.folder.iterdir() if p.is_dir())
        assert sorted(found) == sorted(expected), f"new files outside: {found}"


@pytest.fixture
def outside(tmp_path: Path) -> Outside:
    return Outside(tmp_path / "outside")


def test_a_play_log_that_is_a_link_is_never_written_through(
    tmp_path: Path, outside: Outside
) -> None:
    """“If playlog.jsonl is a symlink, each finished game is appended to the file it points
    to.”"""
    root = tmp_path / "data"
    root.mkdir()
    bashrc = outside.file(".bashrc")
    (root / "playlog.jsonl").symlink_to(bashrc)
    log = PlayLog(root)
    with pytest.raises(OSError, match="link"):
        log.record("a" * 32, finished().state)
    with pytest.raises(OSError, match="link"):
        log.entries()
    outside.untouched()
    assert (root / "playlog.jsonl").is_symlink()  # left as it is


def test_a_quarantine_folder_that_is_a_link_is_not_used(tmp_path: Path, outside: Outside) -> None:
    """“If quarantine/ … is a symlink, damaged … games are moved to wherever it points.”"""
    root = tmp_path / "data"
    store = SessionStore(root)
    store.create(GameSetup(), "Keeper").close()
    (root / "quarantine").symlink_to(outside.dir("elsewhere"), target_is_directory=True)
    damaged = store.sessions_dir / "damaged.json"
    damaged.write_text("{ damaged")
    scan = store.scan()
    assert [s.name for s in scan.sessions] == ["Keeper"]
    (problem,) = scan.problems
    assert "damaged.json" in problem and "quarantine" in problem and "link" in problem
    assert "left where it is" in problem
    assert damaged.read_text() == "{ damaged"
    outside.untouched()


@pytest.mark.parametrize("kind", ["link", "plain file"])
def test_a_deleted_folder_that_is_a_link_or_a_file_is_not_used(
    kind: str, tmp_path: Path, outside: Outside
) -> None:
    """“If … deleted/ is a symlink, … deleted games are moved to wherever it points.” A plain
    file in its place is said in the player's words, not as "File exists"."""
    root = tmp_path / "data"
    store = SessionStore(root)
    game = store.create(GameSetup(), "Doomed")
    game.do(Rename(name="Doomed, saved twice"))
    game.close()
    if kind == "link":
        (root / "deleted").symlink_to(outside.dir("elsewhere"), target_is_directory=True)
    else:
        (root / "deleted").write_text("in the way")
    with pytest.raises(OSError, match="deleted") as error:
        store.delete(game.id)
    assert "Errno" not in str(error.value)
    assert game.path.exists() and game.backup_path.exists()
    assert [s.name for s in store.scan().sessions] == ["Doomed, saved twice"]
    outside.untouched()


def test_a_link_planted_in_each_place_the_app_writes_changes_nothing_outside(
    tmp_path: Path, outside: Outside
) -> None:
    """Issue 21, tests that must exist: “A symlink planted in each place the app writes:
    nothing outside the folder changes.” Sessions, backups, lock files, the index, settings,
    the board file, the play log and its damaged-lines file, quarantine/, deleted/ and the log
    (a data folder chosen by flag keeps its log in logs/)."""
    root = tmp_path / "data"
    store = SessionStore(root)
    keeper = store.create(GameSetup(), "Keeper")
    keeper.close()
    played = store.create(GameSetup(), "Played")
    played.close()
    locked = store.create(GameSetup(), "Locked")
    locked.close()
    doomed = store.create(GameSetup(), "Doomed")
    doomed.close()
    linked = store.create(GameSetup(), "Linked")
    linked.close()
    sessions = store.sessions_dir

    def plant(place: Path, name: str) -> None:
        if place.exists():
            place.unlink()
        place.symlink_to(outside.file(name))

    # A whole game file that is a link, to an outside copy of a real game.
    copy = outside.file("game.json")
    copy.write_bytes(linked.path.read_bytes())
    outside.files[copy] = copy.read_bytes()
    linked.path.unlink()
    linked.path.symlink_to(copy)
    plant(played.backup_path, "bak")
    plant(lock_path(locked.path), "lock")
    plant(sessions / INDEX_FILE, "index")
    plant(root / "settings.json", "settings")
    plant(root / "maple-lane.json", "board")
    plant(root / "playlog-damaged.txt", "damaged")
    (root / "quarantine").symlink_to(outside.dir("quarantine"), target_is_directory=True)
    (root / "deleted").symlink_to(outside.dir("deleted"), target_is_directory=True)
    (root / "logs").mkdir()
    plant(root / "logs" / "frightmare.log", "frightmare.log")

    # Listing, with a damaged game to set aside.
    (sessions / "damaged.json").write_text("{ damaged")
    store = SessionStore(root)
    scan = store.scan()
    assert {s.name for s in scan.sessions if s.can_open} == {"Keeper", "Played", "Locked", "Doomed"}
    text = "\n".join(scan.problems)
    assert "link" in text and "corrected board" in text
    assert store.open(keeper.id).name == "Keeper"
    # Playing: every save makes a backup, where a link was planted.
    game = store.open(played.id)
    game.do(Rename(name="Played on"))
    assert game.save_error is None
    game.close()
    assert not played.backup_path.is_symlink()
    # A game whose lock is a link opens read-only only.
    with pytest.raises(Exception, match="lock"):
        store.open(locked.id)
    # Deleting, with deleted/ a link: refused.
    with pytest.raises(OSError):
        store.delete(doomed.id)
    # Settings.
    save_settings(root, Settings(zoom=1.5))
    assert load_settings(root).zoom == 1.0
    # The log.
    from frightmare.store.logs import log_problem, setup_logging

    setup_logging(root / "logs")
    log_problem("a problem for the log")
    for handler in logging.getLogger("frightmare").handlers:
        handler.flush()
    # The play log: a damaged line, kept aside where a link was planted.
    log = PlayLog(root)
    log.record("a" * 32, finished().state)
    with log.path.open("a") as f:
        f.write("{damaged line\n")
    entries = log.entries()
    assert [e.session for e in entries] == ["a" * 32]
    assert "{damaged line" in log.path.read_text()  # not kept aside, so not taken out
    source = tmp_path / "theirs.jsonl"
    source.write_text(
        json.dumps({**entries[0].row(), "session": "b" * 32, "date": "2020-01-01"}) + "\n{bad\n"
    )
    report = import_log(log.path, source)
    assert report.added == 1 and report.aside is None
    text = log.path.read_text()
    assert "{damaged line" in text and "b" * 32 in text  # kept in the log, as nothing else can
    outside.untouched()
    assert (root / DAMAGED_NAME).is_symlink()


def test_a_sessions_folder_that_is_a_link_elsewhere_is_not_used(
    tmp_path: Path, outside: Outside
) -> None:
    """Build 4: nothing outside the folder, the games' own folder included. The app starts,
    says so, and writes nothing there."""
    root = tmp_path / "data"
    root.mkdir()
    elsewhere = outside.dir("games")
    (root / "sessions").symlink_to(elsewhere, target_is_directory=True)
    store = SessionStore(root)
    scan = store.scan()
    assert scan.sessions == []
    (problem,) = scan.problems
    assert "sessions" in problem and "link" in problem
    with pytest.raises(OSError, match="link"):
        store.create(GameSetup(), "Nowhere")
    assert list(elsewhere.iterdir()) == []
    outside.untouched()


def test_a_link_inside_the_folder_is_still_the_folder(tmp_path: Path) -> None:
    """A sessions folder linked to another folder inside the data folder is the player's
    arrangement, not a way out: it is used."""
    root = tmp_path / "data"
    (root / "my games").mkdir(parents=True)
    (root / "sessions").symlink_to(root / "my games", target_is_directory=True)
    store = SessionStore(root)
    store.create(GameSetup(), "Inside").close()
    assert [s.name for s in store.scan().sessions] == ["Inside"]
    assert len([p for p in (root / "my games").glob("*.json") if p.name[0] != "."]) == 1


def test_a_logs_folder_that_is_a_link_elsewhere_is_not_used(
    tmp_path: Path, outside: Outside
) -> None:
    """Found in a re-check of issue 21, Build 4 (“nothing outside the data folder”): with
    ``logs/`` in a data folder chosen by flag a link to a folder elsewhere, the app's log was
    written there. It is not used: the app says so on the terminal, and starts."""
    import subprocess

    from frightmare.store.logs import RotatingOnFirstRecord, log_problem, setup_logging
    from frightmare.store.paths import log_dir

    root = tmp_path / "data"
    SessionStore(root).create(GameSetup(), "Keeper").close()
    (root / "logs").symlink_to(outside.dir("logs"), target_is_directory=True)
    logs = log_dir(None, root)  # as start-up asks for a data folder given by flag
    if logs is not None:
        setup_logging(logs)
    log_problem("a problem for the log")
    for handler in list(logging.getLogger("frightmare").handlers):
        handler.flush()
        if isinstance(handler, RotatingOnFirstRecord):
            logging.getLogger("frightmare").removeHandler(handler)
            handler.close()
    outside.untouched()
    result = subprocess.run(
        [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(root)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "log folder" in result.stderr and "outside the data folder" in result.stderr
    outside.untouched()


def test_a_logs_folder_linked_inside_the_data_folder_is_still_used(tmp_path: Path) -> None:
    from frightmare.store.paths import log_dir

    root = tmp_path / "data"
    (root / "kept-logs").mkdir(parents=True)
    (root / "logs").symlink_to(root / "kept-logs", target_is_directory=True)
    assert log_dir(None, root) == root / "logs"
