"""Issue 11, “Never lose a game, whatever the disk, the files or a second window do”.

Each test names the defect it reproduces (each failed on the code before the fix).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import frightmare.store.games.game_file as sessions_module
from frightmare.model import Action, EditNotes, GameSetup, Rename
from frightmare.store import (
    ReadOnlySession,
    SessionFileError,
    SessionLocked,
    SessionStore,
    load_settings,
    read_document,
)
from frightmare.store.games.document import MAX_JOURNAL_LENGTH
from frightmare.store.playlog.playlog import PlayLog

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, fork and SIGKILL")


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fails the test instead of hanging forever (a FIFO read blocks without end)."""

    def expired(*_: object) -> None:
        raise TimeoutError(f"still blocked after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


HOLDER = """
import sys
from pathlib import Path
from frightmare.store import SessionStore
session = SessionStore(Path(sys.argv[1])).open(sys.argv[2])
print("holding", flush=True)
sys.stdin.read()  # holds the game until the test lets go (or kills it)
"""


@contextmanager
def held_elsewhere(root: Path, session_id: str) -> Iterator[subprocess.Popen[str]]:
    """Another process (another app instance) with the game open."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root), session_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "holding"
        yield child
    finally:
        child.kill()
        child.wait()


# 1. One owner per game -----------------------------------------------------------------


@unix_only
def test_a_second_instance_is_told_the_game_is_open_elsewhere(tmp_path: Path) -> None:
    """“Two windows on one game overwrite each other … There is no lock and no warning.”"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Shared")
    session.close()
    with held_elsewhere(tmp_path, session.id) as child:
        with pytest.raises(SessionLocked, match="open in another window"):
            store.open(session.id)
        viewer = store.open(session.id, read_only=True)
        assert viewer.name == "Shared"
        with pytest.raises(ReadOnlySession):
            viewer.do(Rename(name="Overwritten"))
        assert not viewer.save()
        # A crashed owner: the kernel drops its lock, which is taken over at once.
        child.send_signal(signal.SIGKILL)
        child.wait()
        owner = store.open(session.id)
        owner.do(Rename(name="Mine now"))
        assert owner.save_error is None
        owner.close()
    assert store.open(session.id).name == "Mine now"


def test_a_file_changed_under_the_window_is_never_written_over(tmp_path: Path) -> None:
    """The file's revision moved (another window saved): nothing is saved over it."""
    store = SessionStore(tmp_path)
    first = store.create(GameSetup(), "Ours")
    second = store.open(first.id)  # the same process: a second window in it
    second.do(Rename(name="Theirs"))
    first.do(EditNotes(notes="ours, kept in memory"))
    assert first.conflict and first.save_error and "changed on disk" in first.save_error
    assert store.open(first.id).name == "Theirs"  # their action survived
    kept = store.copy_of(first, "Ours (kept copy)")
    assert store.open(kept.id).state.notes == "ours, kept in memory"


TWO_PLAYERS = """
import os, sys
from pathlib import Path
from frightmare.model import Rename
from frightmare.store import SessionLocked, SessionStore
root, session_id, who, turns = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
store = SessionStore(root)
n = 0
for _turn in range(turns):
    while True:
        try:
            session = store.open(session_id)
            break
        except SessionLocked:
            os.sched_yield()  # the other process has it: try again at once
    for _ in range(5):
        n += 1
        session.do(Rename(name=f"{who}-{n}"))
        if session.save_error is None:
            print(f"{who}-{n}", flush=True)
    session.close()
"""


@unix_only
def test_two_processes_taking_turns_at_one_game_lose_nothing(tmp_path: Path) -> None:
    """Issue 11: “two processes acting on one game for 10 s: no confirmed action is lost”.
    Each takes 40 turns (open the game, act five times, close it) instead of acting for a
    time, so the test does the same work on any machine."""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Contested")
    session.close()
    players = [
        subprocess.Popen(
            [sys.executable, "-c", TWO_PLAYERS, str(tmp_path), session.id, who, "40"],
            stdout=subprocess.PIPE,
            text=True,
        )
        for who in ("a", "b")
    ]
    confirmed = set()
    for player in players:
        out, _ = player.communicate(timeout=120)
        assert player.returncode == 0
        confirmed |= set(out.split())
    journal = {a.name for a in store.open(session.id).history.actions if isinstance(a, Rename)}
    assert confirmed, "neither process could act"
    assert {c[0] for c in confirmed} == {"a", "b"}  # both took turns
    assert confirmed <= journal


# 3. Read only what is a regular file, within a cap -------------------------------------


def _hazards(place: Path, kind: str) -> None:
    place.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(place)
    else:
        place.symlink_to("/dev/zero")


@unix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_special_files_in_every_place_are_skipped_and_left_alone(kind: str, tmp_path: Path) -> None:
    """“A FIFO named x.json in sessions/ hangs start-up, listing and import forever; so does a
    FIFO as settings.json, a .bak or the board override. A symlink to /dev/zero reads until
    memory runs out.”"""
    root = tmp_path / "data"
    keeper = SessionStore(root).create(GameSetup(), "Keeper")
    keeper.close()
    sessions = root / "sessions"
    places = [
        sessions / "x.json",
        sessions / "y.json.bak",  # a lone backup
        root / "settings.json",
        root / "maple-lane.json",
        root / "playlog.jsonl",
        tmp_path / "incoming.json",
    ]
    for place in places:
        _hazards(place, kind)
    # A damaged game whose backup is special too.
    (sessions / "z.json").write_text("{ damaged")
    _hazards(sessions / "z.json.bak", kind)

    with deadline(5):
        store = SessionStore(root)
        scan = store.scan()
        assert load_settings(root).zoom == 1.0
        with pytest.raises(OSError, match="not a regular file"):
            PlayLog(root).entries()
        with pytest.raises(SessionFileError, match="not a regular file"):
            store.import_file(tmp_path / "incoming.json")
        with pytest.raises(SessionFileError):
            store.open("x")
    assert [s.name for s in scan.sessions if s.can_open] == ["Keeper"]
    text = "\n".join(scan.problems)
    assert "x.json" in text and "not a regular file" in text
    assert "corrected board" in text
    for place in places:
        assert os.path.lexists(place) and not place.is_file()  # never moved, never replaced
    assert not list((root / "quarantine").glob("x.json*"))


@unix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_start_up_finishes_with_special_files_everywhere(kind: str, tmp_path: Path) -> None:
    """Issue 11: “a FIFO and a /dev/zero symlink in each place the app reads: start-up
    finishes within 5 s” (a hang is the failure; the run is killed at 5 s)."""
    root = tmp_path / "data"
    SessionStore(root).create(GameSetup(), "Keeper").close()
    for place in (
        root / "sessions" / "x.json",
        root / "sessions" / "y.json.bak",
        root / "settings.json",
        root / "maple-lane.json",
        root / "playlog.jsonl",
    ):
        _hazards(place, kind)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(root)],
        capture_output=True,
        text=True,
        env=env,
        timeout=5,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok")


def test_a_deeply_nested_board_override_does_not_stop_the_app(tmp_path: Path) -> None:
    """“A deeply nested board override (maple-lane.json) crashes every start.”"""
    (tmp_path / "maple-lane.json").write_text("[" * 200_000 + "]" * 200_000)
    store = SessionStore(tmp_path)
    assert store.board_problem and "nested too deeply" in store.board_problem
    assert store.create(GameSetup()).state.board.name("exit-n") == "North Exit"


def test_an_unreadable_file_is_reported_and_left_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """“An intact file the user may not read (permission denied) is quarantined and replaced
    by its older .bak.” (Simulated: the tests may run as root, who reads everything.)"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Older")
    session.do(Rename(name="Newer"))
    session.close()
    intact = session.path.read_bytes()
    from frightmare.store.safe_io import read_capped_stat as real

    def denied(path: Path, cap: int) -> tuple[bytes, os.stat_result]:
        if path == session.path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(path, cap)

    monkeypatch.setattr(sessions_module, "read_capped_stat", denied)
    scan = store.scan()
    (listed,) = scan.sessions
    assert not listed.can_open and listed.problem and "Permission denied" in listed.problem
    assert any("Permission denied" in p for p in scan.problems)
    with pytest.raises(SessionFileError, match="Permission denied"):
        store.open(session.id)
    assert session.path.read_bytes() == intact  # left in place, not replaced by the .bak
    assert session.backup_path.exists()
    assert not store.quarantine_dir.exists()


# 4. Never write what you cannot read back ----------------------------------------------


def test_typing_notes_is_one_step_and_the_file_stays_readable(tmp_path: Path) -> None:
    """“Each notes edit stores the whole note … After about 330 edits the file passes the
    16 MiB read cap.” Consecutive notes edits coalesce into one journal step."""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Diary")
    note = ""
    for n in range(400):
        note = (note + f" entry {n}")[-20_000:].ljust(20_000, ".")
        session.do(EditNotes(notes=note))
    assert session.save_error is None
    assert len(session.history) == 1
    reopened = store.open(session.id)
    assert reopened.state.notes == note
    session.do(Rename(name="Diary, named"))
    session.do(EditNotes(notes="a new paragraph"))  # after another action: a new step
    assert len(session.history) == 3
    session.undo()
    assert session.state.notes == note  # the typing before the rename is intact


def test_the_writer_refuses_what_the_loader_would_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """“A 200,001-action journal also saves fine and then reopens with 0 actions.”"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Long")
    monkeypatch.setattr(sessions_module, "MAX_JOURNAL_LENGTH", 10)
    for n in range(8):
        session.do(Rename(name=f"step {n}"))
    assert session.save_error is None
    assert session.limit_warning and "nearing the most" in session.limit_warning
    for n in range(8, 11):
        session.do(Rename(name=f"step {n}"))
    assert session.save_error and "not saved" in session.save_error
    on_disk = store.open(session.id)
    assert len(on_disk.history) == 10 and on_disk.name == "step 9"  # the last readable save


def test_a_game_of_20000_actions_with_notes_saves_and_loads(tmp_path: Path) -> None:
    """Build 4: “a game of 20,000 actions, with notes, saves and loads”."""
    from frightmare.model.actions.round import AdjustCounter

    store = SessionStore(tmp_path)
    session = store.create(GameSetup(setup_card="Maple Lane"), "Marathon", seed=1)
    up = False
    for n in range(20_000):
        if n % 16 == 0:
            action: Action = EditNotes(notes=f"round {n}: " + "the Boiler Room again. " * 40)
        else:
            up = not up  # +1, -1, +1…: Horror stays inside its track
            action = AdjustCounter(counter="horror", delta=1 if up else -1)
        session.history.do(action)
    assert session.save() and session.save_error is None
    assert session.limit_warning is None
    assert len(store.open(session.id).history) == 20_000
    assert MAX_JOURNAL_LENGTH >= 20_000


# 5. Quarantine and restore that cannot lose a game -------------------------------------


def test_a_lone_backup_is_listed_and_opens(tmp_path: Path) -> None:
    """“A kill in between leaves a lone .bak, which the listing ignores.”"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "First save")
    session.do(Rename(name="Second save"))
    session.close()
    session.path.unlink()
    scan = store.scan()
    assert [s.name for s in scan.sessions] == ["First save"]
    assert "restored from its backup" in scan.problems[0]
    assert store.open(session.id).name == "First save"


def test_a_damaged_file_that_cannot_be_moved_does_not_stop_start_up(tmp_path: Path) -> None:
    """“A damaged file that cannot be moved to quarantine/ crashes start-up … a plain file
    named quarantine.”"""
    store = SessionStore(tmp_path)
    keeper = store.create(GameSetup(), "Keeper")
    (tmp_path / "quarantine").write_text("in the way")
    damaged = store.sessions_dir / ("d" * 32 + ".json")
    damaged.write_text("{ damaged")
    scan = store.scan()
    assert [s.id for s in scan.sessions] == [keeper.id]
    assert "left where it is" in scan.problems[0]
    assert damaged.read_text() == "{ damaged"


def test_a_read_only_data_dir_with_a_damaged_file_starts_and_lists_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: “a read-only data directory holding a damaged file: the app starts and lists
    the rest”. Read-only is simulated (root writes anywhere): every change raises EROFS."""
    store = SessionStore(tmp_path)
    keeper = store.create(GameSetup(), "Keeper")
    keeper.close()
    damaged = store.sessions_dir / ("d" * 32 + ".json")
    damaged.write_text("{ damaged")
    with_backup = store.create(GameSetup(), "Backed up")
    with_backup.do(Rename(name="Backed up, again"))
    with_backup.close()
    with_backup.path.write_text("{ damaged too")

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    for name in ("replace", "mkdir", "link", "unlink", "rename"):
        monkeypatch.setattr(os, name, read_only)
    monkeypatch.setattr(shutil, "copyfile", read_only)
    monkeypatch.setattr(sessions_module, "atomic_write", read_only)

    result = store.scan()
    names = sorted(s.name for s in result.sessions)
    assert names == ["Backed up", "Keeper"]  # the damaged game's backup is used, in memory
    assert damaged.read_text() == "{ damaged"
    assert with_backup.path.read_text() == "{ damaged too"
    assert any("left where it is" in p for p in result.problems)


# 6. Temporary files ----------------------------------------------------------------------


def test_listing_removes_only_old_orphans(tmp_path: Path) -> None:
    """“Listing deletes other processes' temporary files while they are saving.”"""
    store = SessionStore(tmp_path)
    store.create(GameSetup(), "Saving elsewhere")
    # The names atomic_write gives (``.<name>.<pid>-<8 hex>.tmp``), of a process gone.
    live = store.sessions_dir / f".abc.json.{2**22 + 999}-0000beef.tmp"
    live.write_text("another window is writing this")
    orphan = store.sessions_dir / f".abc.json.{2**22 + 998}-0000dead.tmp"
    orphan.write_text("left by a crash")
    old = time.time() - 120
    os.utime(orphan, (old, old))
    store.scan()
    assert live.exists()
    assert not orphan.exists()


# 7. Identity from the file name ----------------------------------------------------------


def test_a_hand_copy_is_listed_as_a_copy_and_deleting_it_deletes_only_it(tmp_path: Path) -> None:
    """“A hand copy of a game is listed twice, and deleting the copy moved the original.”"""
    store = SessionStore(tmp_path)
    original = store.create(GameSetup(), "Original")
    original.close()
    copy_path = store.sessions_dir / "my backup copy.json"
    copy_path.write_bytes(original.path.read_bytes())
    listed = {s.id: s for s in store.scan().sessions}
    assert set(listed) == {original.id, "my backup copy"}
    assert not listed[original.id].is_copy
    assert listed["my backup copy"].copy_of == original.id
    assert store.open("my backup copy").name == "Original"
    store.delete("my backup copy")
    assert original.path.exists()
    assert [s.id for s in store.scan().sessions] == [original.id]


# 8. Import tells the truth ---------------------------------------------------------------


def test_an_import_that_drops_steps_says_how_many_and_why(tmp_path: Path) -> None:
    """“Importing a file whose later steps no longer replay keeps the steps that do, and
    shows nothing.”"""
    source = _partly_replayable(tmp_path)
    store = SessionStore(tmp_path / "data")
    pending = store.prepare_import(source)
    assert pending.dropped == 2
    assert pending.reason and "could not be replayed" in pending.reason
    assert store.scan().sessions == []  # nothing added before the player agrees
    added = store.commit_import(pending)
    assert len(store.open(added.id).history) == 1


def _partly_replayable(tmp_path: Path) -> Path:
    """An exported game whose last two steps no longer replay (a slide while Awake)."""
    store = SessionStore(tmp_path / "source")
    session = store.create(GameSetup(), "Partly")
    session.do(Rename(name="Kept step"))
    raw = json.loads(session.to_bytes())
    raw["journal"] += [
        {"kind": "slide", "direction": "up"},  # refused while Awake (The Boiler Room)
        {"kind": "rename", "name": "never reached"},
    ]
    raw["cursor"] = len(raw["journal"])
    source = tmp_path / "partly.json"
    source.write_text(json.dumps(raw))
    read_document(source)  # valid as a file: only its replay fails
    return source
