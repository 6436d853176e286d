"""Issue 21, done when: “Every finished game is in the record or the player is told where it
waits.”

A finished game whose line could not be written (a full disk, the log busy) waited in the
window's memory only: a crash or a kill before it was written lost its line from the play log
without a word (its saved game still had the result). Now its line waits in a file of its own
in the data folder (``playlog-waiting-<game>.jsonl``), written before the log is touched and
removed once the line is in the log; where even that file cannot hold the line, the saved game
holds the result and the line is made from it. Each test failed first.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.game import EndGame
from frightmare.store import PlayLog, SessionStore
from frightmare.store.playlog.playlog import PlayLogPending

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork, SIGKILL, /proc")


def finished() -> History:
    history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
    history.do(EndGame(result="win"))
    return history


def logged(root: Path) -> list[str]:
    """The sessions the log file itself holds (not the games still waiting)."""
    path = root / "playlog.jsonl"
    if not path.exists():
        return []
    return [json.loads(line)["session"] for line in path.read_text().splitlines() if line]


def refuse_log_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The play log's own file takes no more bytes (its disk quota, say); the rest of the
    data folder still can."""
    real = os.write

    def write(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith("/playlog.jsonl"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole disk is full: no write takes a byte (an empty file can still be made)."""

    def write(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)


def in_a_child_killed_after(work: Callable[[], None]) -> None:
    """``work()`` in another process, which is then killed (SIGKILL) as a crash would."""
    pid = os.fork()
    if pid == 0:
        try:
            work()
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status)


def test_a_line_that_waits_survives_a_kill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line that could not be written is on disk beside the log; the next run writes it."""
    root = tmp_path / "data"
    PlayLog(root).record("a" * 32, finished().state)
    told: list[str] = []

    def finish_and_crash() -> None:
        refuse_log_writes(monkeypatch)
        try:
            PlayLog(root).record("b" * 32, finished().state)
        except PlayLogPending as error:
            told.append(str(error))
            (tmp_path / "told.txt").write_text(str(error))

    in_a_child_killed_after(finish_and_crash)
    message = (tmp_path / "told.txt").read_text()
    waiting = root / f"playlog-waiting-{'b' * 32}.jsonl"
    assert str(waiting) in message and "Keep the app open" not in message
    assert waiting.exists()
    assert PlayLog(root).pending == 1  # seen by the next run
    assert [e.session for e in PlayLog(root).entries()] == ["a" * 32, "b" * 32]
    assert logged(root) == ["a" * 32, "b" * 32]
    assert not waiting.exists() and PlayLog(root).pending == 0


def test_on_a_full_disk_the_saved_game_holds_the_line_through_a_kill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up as the game ends: its saved file has the result, and not a byte of
    its line can be written anywhere. The line is made from the saved game at the next run."""
    root = tmp_path / "data"
    store = SessionStore(root)
    game = store.create(GameSetup(final_girl="Laurie"), "Last night")
    log = PlayLog(root)
    log.watch(game)
    game.do(EndGame(result="loss"))
    assert game.save_error is None

    def finish_and_crash() -> None:
        full_disk(monkeypatch)
        try:
            log.record(game.id, game.state, history=game.history, started=game.created)
        except PlayLogPending as error:
            (tmp_path / "told.txt").write_text(str(error))

    in_a_child_killed_after(finish_and_crash)
    message = (tmp_path / "told.txt").read_text()
    assert "saved game" in message and "playlog-waiting-" in message
    game.close()
    (entry,) = PlayLog(root).entries()
    assert entry.session == game.id and entry.result == "loss" and entry.final_girl == "Laurie"
    assert logged(root) == [game.id]
    assert entry.rounds is not None and entry.ended is not None  # the figures of its journal


def test_a_waiting_line_is_dropped_when_undo_reopens_the_game(tmp_path: Path) -> None:
    """A game reopened by undo is no longer finished: what waited for it is not written."""
    root = tmp_path / "data"
    store = SessionStore(root)
    game = store.create(GameSetup(), "Undone")
    log = PlayLog(root)
    log.watch(game)
    game.do(EndGame(result="win"))
    assert log.pending == 1  # marked before the game's end is saved
    game.undo()
    assert log.pending == 0
    assert PlayLog(root).entries() == []


def test_a_kill_at_each_step_of_finishing_a_game_never_loses_its_line(tmp_path: Path) -> None:
    """A kill at any moment from the last play to the line in the log: whenever the saved game
    has the result, the next run has its line in the log."""
    from store_helpers import kill_at_each_step

    root = tmp_path / "data"

    def finish() -> None:
        store = SessionStore(root)
        game = store.create(GameSetup(final_girl="Sheila"), "Finished")
        log = PlayLog(root)
        log.watch(game)
        game.do(EndGame(result="win"))
        log.record(game.id, game.state, history=game.history, started=game.created)

    def check(step: int, killed: bool) -> None:
        store = SessionStore(root)
        over = {s.id for s in store.scan().sessions if s.result is not None}
        entries = PlayLog(root).entries()
        assert over <= {e.session for e in entries}, step
        assert over <= set(logged(root)), step
        assert not killed or len(entries) <= 1, step
        shutil.rmtree(root)

    assert kill_at_each_step(finish, check) > 10


def test_the_quit_question_is_asked_only_for_lines_held_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line waiting on disk is written at the next start: nothing to ask at quit."""
    root = tmp_path / "data"
    refuse_log_writes(monkeypatch)
    with pytest.raises(PlayLogPending):
        PlayLog(root).record("b" * 32, finished().state)
    assert PlayLog(root).pending == 1 and PlayLog(root).in_memory == 0


def test_a_fresh_waiting_file_is_written_without_being_cut_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21's budget for an append (5 ms): on ext4, a file cut to nothing has its next
    bytes flushed as it is closed (auto_da_alloc), so the log's fsync waited for the waiting
    file's line too and the append took twice as long. A waiting file just made, or left empty
    by ``watch``, is written as it is; the line still waits there before the log is touched."""
    root = tmp_path / "data"
    store = SessionStore(root)
    game = store.create(GameSetup(), "Watched")
    log = PlayLog(root)
    log.watch(game)
    game.do(EndGame(result="win"))
    marker = root / f"playlog-waiting-{game.id}.jsonl"
    assert marker.exists() and marker.stat().st_size == 0  # left empty by watch
    real_truncate, real_write = os.ftruncate, os.write
    cut: list[str] = []
    held_before_the_log: list[bytes] = []

    def ftruncate(fd: int, length: int) -> None:
        if length == 0:
            cut.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_truncate(fd, length)

    def write(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith("/playlog.jsonl"):
            held_before_the_log.extend(p.read_bytes() for p in root.glob("playlog-waiting-*.jsonl"))
        return real_write(fd, data)

    monkeypatch.setattr(os, "ftruncate", ftruncate)
    monkeypatch.setattr(os, "write", write)
    log.record(game.id, game.state, history=game.history, started=game.created)
    log.record("b" * 32, finished().state)  # its file made by record itself
    game.close()
    assert cut == []
    assert len(held_before_the_log) == 2
    assert [json.loads(held)["session"] for held in held_before_the_log] == [game.id, "b" * 32]
    assert logged(root) == [game.id, "b" * 32] and PlayLog(root).pending == 0


def test_a_waiting_file_holding_an_older_longer_line_is_replaced_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that already holds something (an older line of the game, longer than its new
    one) is still cut first: it holds the new line only, and the next run writes that."""
    root = tmp_path / "data"
    root.mkdir()
    marker = root / f"playlog-waiting-{'b' * 32}.jsonl"
    older = json.dumps({"session": "b" * 32, "result": "loss", "notes": "x" * 5000}) + "\n"
    marker.write_text(older)
    with monkeypatch.context() as patched:
        refuse_log_writes(patched)
        with pytest.raises(PlayLogPending):
            PlayLog(root).record("b" * 32, finished().state)
    held = json.loads(marker.read_bytes())  # the new line alone: no tail of the older one
    assert held["result"] == "win" and "notes" not in held
    (entry,) = PlayLog(root).entries()
    assert entry.session == "b" * 32 and entry.result == "win"
    assert logged(root) == ["b" * 32] and not marker.exists()
