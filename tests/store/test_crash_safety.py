"""Crash safety: a process saving in a loop is killed with SIGKILL at random moments.

Afterwards the session always loads, and at most the action in flight is lost.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from frightmare.model import EditNotes, GameSetup
from frightmare.store import SessionStore, read_document

KILLS = 200


def _child(root: Path, session_id: str, report: int) -> None:
    try:
        store = SessionStore(root)
        session = store.open(session_id)
        n = session.history.cursor
        while True:
            n += 1
            session.do(EditNotes(notes=f"action {n} " + "x" * (n % 50)))
            if session.save_error:
                os.write(report, b"E\n")
                break
            os.write(report, f"{n}\n".encode())
    finally:
        os._exit(0)


@pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")
def test_sigkill_during_saves_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    root = tmp_path / "data"
    store = SessionStore(root)
    session = store.create(GameSetup(), "Crash test")
    rng = random.Random(1234)
    for _kill in range(KILLS):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _child(root, session.id, write_end)
        os.close(write_end)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(read_end, "rb") as pipe:
            reported = pipe.read().decode().split()
        assert "E" not in reported
        confirmed = int(reported[-1]) if reported else None

        reopened = store.open(session.id)  # raises if the file were damaged
        steps = reopened.history.cursor
        if confirmed is not None:
            assert steps in (confirmed, confirmed + 1), (steps, confirmed)
        assert reopened.state.notes == (f"action {steps} " + "x" * (steps % 50) if steps else "")
        # Whatever is on disk is a complete document, the backup too.
        for path in store.sessions_dir.glob("*.json*"):
            if not path.name.startswith("."):
                read_document(path)
    assert store.scan().problems == []
    assert json.loads(store.path_for(session.id).read_text())["cursor"] > 0
