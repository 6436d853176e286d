"""Helpers shared by the store tests: another process holding a game, a kill at each step
of an operation."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

HOLDER = """
import sys
from pathlib import Path
from frightmare.store import SessionStore
session = SessionStore(Path(sys.argv[1])).open(sys.argv[2])
print("holding", flush=True)
sys.stdin.read()  # holds the game until the test lets go (or kills it)
"""


@contextmanager
def held_elsewhere(root: Path, session_id: str) -> Iterator[None]:
    """Another process (another window of the app) with the game open."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root), session_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "holding"
        yield
    finally:
        child.kill()
        child.wait()


# Each call that changes the disk; a child dies just before the k-th one.
STEPS = ("open", "write", "fsync", "replace", "rename", "link", "unlink", "mkdir", "sendfile")


def die_before_call(step: int) -> None:
    calls = 0
    for name in STEPS:
        real = getattr(os, name, None)
        if real is None:
            continue

        def hooked(*args: object, _real: Callable[..., object] = real, **kw: object) -> object:
            nonlocal calls
            calls += 1
            if calls == step:
                os.kill(os.getpid(), signal.SIGKILL)
            return _real(*args, **kw)

        setattr(os, name, hooked)


def kill_at_each_step(work: Callable[[], object], check: Callable[[int, bool], None]) -> int:
    """``work()`` in a child killed before its k-th disk call, k = 1, 2, … until a run
    completes; ``check(k, killed)`` after each. The number of steps. A child whose work
    raises exits with status 1 (a failure, not a completed run)."""
    step = 0
    while True:
        step += 1
        assert step < 300, "the work never finished"
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                die_before_call(step)
                work()
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status)
        assert killed or os.WEXITSTATUS(status) == 0, f"the work failed at step {step}"
        check(step, killed)
        if not killed:
            return step
