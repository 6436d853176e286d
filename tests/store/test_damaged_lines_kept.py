"""Issue 32, failure 2, in the store: a rewrite keeps every line it cannot place. A damaged
line goes to ``playlog-damaged.txt`` once, or, where that file cannot be used (a folder, a
link, a FIFO in its place), stays in the log byte for byte."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.log_file import DAMAGED_NAME, load_log, read_log, take_out

GOOD = {
    "session": "a" * 32,
    "date": "2026-10-02",
    "final_girl": "Nancy",
    "killer": "Dr. Fright",
    "location": "Maple Lane",
    "result": "loss",
}
BAD = json.dumps({**GOOD, "session": "b" * 32, "result": "WON BIG"})


def a_log(root: Path) -> Path:
    log = root / "playlog.jsonl"
    root.mkdir(parents=True, exist_ok=True)
    good = json.dumps(LogEntry.from_row(GOOD).row())
    other = json.dumps(LogEntry.from_row({**GOOD, "session": "c" * 32}).row())
    log.write_text(f"{good}\n{BAD}\n{other}\n", "utf-8")
    return log


def test_a_damaged_line_is_kept_aside_once(tmp_path: Path) -> None:
    log = a_log(tmp_path)
    load_log(log)
    aside = (tmp_path / DAMAGED_NAME).read_text("utf-8")
    assert aside.count(BAD) == 1
    assert BAD not in log.read_text("utf-8")


def _folder(path: Path) -> None:
    path.mkdir()


def _link(path: Path) -> None:
    path.symlink_to(path.parent / "elsewhere.txt")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks and FIFOs are POSIX")
@pytest.mark.parametrize("make", [_folder, _link, _fifo], ids=["folder", "link", "fifo"])
def test_a_rewrite_keeps_what_it_cannot_keep_aside(tmp_path: Path, make: object) -> None:
    log = a_log(tmp_path)
    assert callable(make)
    make(tmp_path / DAMAGED_NAME)
    load_log(log)
    assert take_out(log, "c" * 32)
    assert BAD in log.read_text("utf-8").splitlines()
    assert [e.session for e in read_log(log).entries] == ["a" * 32]
    assert not (tmp_path / "elsewhere.txt").exists()
