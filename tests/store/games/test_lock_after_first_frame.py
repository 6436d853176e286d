"""Launching into a game paints it from its snapshot before its lock is taken (the lock's
library is imported after the first paint): nothing is written before the lock is held, and
a game another window holds, or that changed since it was read, is opened again as always."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from store_helpers import held_elsewhere

from frightmare.model import GameSetup
from frightmare.model.actions.lane import Move
from frightmare.store import SessionStore
from frightmare.store.games.lock import SessionLocked


def _put_down(root: Path) -> str:
    store = SessionStore(root)
    session = store.create(GameSetup(setup_card="Block Party"), "Lane", seed=1)
    session.do(Move(to="street-w", steps=1))
    session.close()  # its snapshot is written
    return session.id


def test_a_game_read_for_its_first_frame_holds_no_lock_until_taken(tmp_path: Path) -> None:
    game = _put_down(tmp_path)
    store = SessionStore(tmp_path)
    early = store.open(game, early=True, lock_later=True)
    assert not early.history_loaded and not early.owns_lock
    # Meanwhile the game is not this window's: another one could still take it.
    other = SessionStore(tmp_path).open(game)
    other.close()
    assert store.take_lock(early) and early.owns_lock
    early.close()


def test_a_game_another_window_holds_is_refused_when_its_lock_is_taken(tmp_path: Path) -> None:
    game = _put_down(tmp_path)
    store = SessionStore(tmp_path)
    early = store.open(game, early=True, lock_later=True)
    with held_elsewhere(tmp_path, game), pytest.raises(SessionLocked):
        store.take_lock(early)
    assert not early.owns_lock


def test_a_game_changed_since_it_was_read_must_be_read_again(tmp_path: Path) -> None:
    game = _put_down(tmp_path)
    store = SessionStore(tmp_path)
    early = store.open(game, early=True, lock_later=True)
    other = SessionStore(tmp_path).open(game)
    other.do(Move(to="intersection", steps=1))  # saved by another window in between
    other.close()
    assert not store.take_lock(early) and not early.owns_lock
    again = store.open(game)
    assert again.state.table.final_girl == "intersection"
    again.close()


def test_without_a_snapshot_the_lock_is_taken_at_once(tmp_path: Path) -> None:
    game = _put_down(tmp_path)
    store = SessionStore(tmp_path)
    for cache in store.sessions_dir.glob(".*.state.json"):
        cache.unlink()
    session = store.open(game, early=True, lock_later=True)
    assert session.history_loaded and session.owns_lock
    session.close()


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_the_game_s_lock_excludes_filelock_s_on_the_same_file_both_ways(tmp_path: Path) -> None:
    """On Linux and macOS the game's lock is ``flock`` taken directly (not through filelock,
    whose import delayed the launch): the very lock filelock takes there, so a window of an
    older build, which takes it through filelock, and this one exclude each other."""
    from filelock import FileLock, Timeout

    from frightmare.store.games.lock import lock_path

    game = _put_down(tmp_path)
    store = SessionStore(tmp_path)
    older = FileLock(lock_path(store.path_for(game)), timeout=0, thread_local=False)
    older.acquire()
    with pytest.raises(SessionLocked):
        store.open(game)
    older.release()
    session = store.open(game)
    assert session.owns_lock
    with pytest.raises(Timeout):
        FileLock(lock_path(session.path), timeout=0, thread_local=False).acquire()
    session.close()
    FileLock(lock_path(session.path), timeout=0, thread_local=False).acquire()


def test_opening_a_game_imports_no_filelock() -> None:
    """Opening a game takes its lock without importing filelock (about 25 ms of processor
    time before the launch is ready for play), where the system has ``flock``."""
    import subprocess

    code = (
        "import sys, tempfile\n"
        "from pathlib import Path\n"
        "from frightmare.model import GameSetup\n"
        "from frightmare.store import SessionStore\n"
        "root = Path(tempfile.mkdtemp())\n"
        "game = SessionStore(root).create(GameSetup())\n"
        "game.close()\n"
        "again = SessionStore(root).open(game.id)\n"
        "print(again.owns_lock, 'filelock' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.split()
    assert out == ["True", "False" if sys.platform != "win32" else "True"]
