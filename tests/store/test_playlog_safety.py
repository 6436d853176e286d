"""Issue 21: the play log is as safe as a game (Builds 3, 5 and 6).

Each test quotes the defect it reproduces; each failed on the code before its fix.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any, Literal

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import EndGame
from frightmare.store import PlayLog


def finished(result: Literal["win", "loss"] = "win") -> History:
    history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
    history.do(EndGame(result=result))
    return history


def read_only_disk(monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    """Every change under ``root`` fails as on a read-only disk (EROFS), at the OS calls."""
    real_open = os.open
    changing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & changing and root in Path(os.fsdecode(path)).parents:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", open_)
    for name in ("replace", "rename", "link", "unlink", "mkdir"):
        monkeypatch.setattr(os, name, refuse)


# Build 6: Statistics opens on any disk ----------------------------------------------------


def test_statistics_open_on_a_read_only_disk_with_a_damaged_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """“On a full or read-only disk, Statistics will not open at all if the log has one
    damaged line.” It opens, says which line, and the line stays where it is."""
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished().state)
    with log.path.open("a") as f:
        f.write("{damaged\n")
    log.record("b" * 32, finished("loss").state)
    before = log.path.read_bytes()
    read_only_disk(monkeypatch, tmp_path)
    entries = log.entries()
    assert [e.session for e in entries] == ["a" * 32, "b" * 32]
    assert len(log.damaged) == 1 and "line 2" in log.damaged[0]
    assert log.path.read_bytes() == before
    monkeypatch.undo()
    again = PlayLog(tmp_path)
    assert len(again.entries()) == 2 and "line 2" in again.damaged[0]  # kept aside now
    assert "{damaged" in (tmp_path / "playlog-damaged.txt").read_text()
    assert b"{damaged" not in log.path.read_bytes()
    assert json.loads(log.path.read_text().splitlines()[0])["session"] == "a" * 32
