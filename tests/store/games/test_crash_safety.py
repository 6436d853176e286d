"""Crash safety: a process saving is killed with SIGKILL, just before each of the disk calls
of its first few saves in turn (twice over), and then at each step of the atomic write and of
the backup restore in turn.

Afterwards the session always loads, and at most the action in flight is lost.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from frightmare.model import GameSetup, Rename
from frightmare.store import SessionStore, read_document

# A child saves again and again until it is killed before its n-th disk call: every n up to
# ``CALLS`` (a few saves' worth) kills it once in each step of its first saves. Each n is played
# twice, so every cut falls both on a clean game and on one a cut save left (random draws of n,
# 200 kills, hit each n eight times over: four times the time, no step more).
CALLS = 24
KILLS = [*range(1, CALLS + 1)] * 2

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


def _child(root: Path, session_id: str, report: int, step: int) -> None:
    """Acts and saves, again and again, until killed before its ``step``-th disk call; each
    action saved is reported (by a write that is not counted)."""
    try:
        write = os.write
        _die_at(step)
        store = SessionStore(root)
        session = store.open(session_id)
        n = session.history.cursor
        while True:
            n += 1
            session.do(Rename(name=f"action {n}-" + "x" * (n % 50)))
            if session.save_error:
                write(report, b"E\n")
                break
            write(report, f"{n}\n".encode())
    finally:
        os._exit(0)


def test_sigkill_during_saves_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    root = tmp_path / "data"
    store = SessionStore(root)
    session = store.create(GameSetup(), "Crash test")
    for step in KILLS:
        # The kill falls just before this disk call of the child's saves.
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _child(root, session.id, write_end, step)
        os.close(write_end)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status)
        with os.fdopen(read_end, "rb") as pipe:
            reported = pipe.read().decode().split()
        assert "E" not in reported
        confirmed = int(reported[-1]) if reported else None

        reopened = store.open(session.id)  # raises if the file were damaged
        steps = reopened.history.cursor
        if confirmed is not None:
            assert steps in (confirmed, confirmed + 1), (steps, confirmed)
        expected = f"action {steps}-" + "x" * (steps % 50) if steps else "Crash test"
        assert reopened.state.name == expected
        reopened.close()
        # Whatever is on disk is a complete document, the backup too.
        for path in store.sessions_dir.glob("*.json*"):
            if not path.name.startswith("."):
                read_document(path)
    assert store.scan().problems == []
    assert json.loads(store.path_for(session.id).read_text())["cursor"] > 0


# Every call that changes the disk during a save or a restore: the child dies just before
# the k-th one, for k = 1, 2, ... until a run completes.
STEPS = ("open", "write", "fsync", "replace", "link", "unlink", "mkdir", "sendfile")


def _die_at(step: int, report: int | None = None) -> None:
    """Kill this process just before its ``step``-th disk call; each ``os.replace`` that
    completes before then writes its destination to ``report``."""
    calls = 0
    write = os.write
    for name in STEPS:
        real = getattr(os, name, None)
        if real is None:
            continue

        def hooked(
            *args: object, _real: Callable[..., object] = real, _name: str = name, **kw: object
        ) -> object:
            nonlocal calls
            calls += 1
            if calls == step:
                os.kill(os.getpid(), signal.SIGKILL)
            result = _real(*args, **kw)
            if report is not None and _name == "replace":
                write(report, os.fsencode(str(args[1])) + b"\n")
            return result

        setattr(os, name, hooked)


def _kill_at_each_step(work: Callable[[int], None], check: Callable[[int, set[str]], None]) -> int:
    """Run ``work(step)`` in a child killed before its ``step``-th disk call; then
    ``check(step, replaced)``, with the files an ``os.replace`` completed in that run."""
    step = 0
    while True:
        step += 1
        assert step < 200, "the work never finished"
        read, report = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read)
                _die_at(step, report)
                work(step)
            finally:
                os._exit(0)
        os.close(report)
        with os.fdopen(read, "rb") as pipe:
            replaced = {os.fsdecode(line) for line in pipe.read().splitlines()}
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status)
        check(step, replaced)
        if not killed:
            return step


def test_a_kill_at_each_step_of_the_atomic_write_loses_nothing_confirmed(tmp_path: Path) -> None:
    root = tmp_path / "data"
    store = SessionStore(root)
    session = store.create(GameSetup(), "before")
    session.close()

    def work(step: int) -> None:
        child = SessionStore(root).open(session.id)
        child.do(Rename(name=f"after {step}"))

    on_disk = ["before"]  # what the last completed replace put there

    def check(step: int, replaced: set[str]) -> None:
        # Exactly the game the last completed replace wrote: a save that completed is never
        # lost, and a save cut short leaves the one before it.
        if str(store.path_for(session.id)) in replaced:
            on_disk[0] = f"after {step}"
        reopened = SessionStore(root).open(session.id)
        assert reopened.state.name == on_disk[0], (step, sorted(replaced))
        reopened.close()
        for path in store.sessions_dir.glob("*.json*"):
            if not path.name.startswith("."):
                read_document(path)

    steps = _kill_at_each_step(work, check)
    assert steps > 4  # open, write, fsync, link/replace, replace at least were each hit
    assert SessionStore(root).open(session.id).state.name == f"after {steps}"


def test_a_kill_at_each_step_of_the_backup_restore_keeps_the_game(tmp_path: Path) -> None:
    """Issue 11: “A kill during a backup restore hides the game” (a lone .bak was ignored)."""
    template = tmp_path / "template"
    store = SessionStore(template)
    session = store.create(GameSetup(), "Kept")
    session.do(Rename(name="Kept, second save"))
    session.close()
    good_backup = session.backup_path.read_bytes()
    damaged = session.path.read_bytes()[:40]

    def fresh(step: int) -> Path:
        root = tmp_path / f"run-{step}"
        sessions = root / "sessions"
        sessions.mkdir(parents=True)
        (sessions / session.path.name).write_bytes(damaged)
        (sessions / session.backup_path.name).write_bytes(good_backup)
        return root

    roots: dict[int, Path] = {}

    def work(step: int) -> None:
        SessionStore(roots[step]).scan()

    def check(step: int) -> None:
        after = SessionStore(roots[step])
        listed = [s.name for s in after.scan().sessions]
        assert listed == ["Kept"], (step, listed)
        assert after.open(session.id).state.name == "Kept"

    step = 0
    while True:
        step += 1
        roots[step] = fresh(step)
        pid = os.fork()
        if pid == 0:
            try:
                _die_at(step)
                work(step)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        check(step)
        if not os.WIFSIGNALED(status):
            break
        assert step < 200
    assert step > 3
