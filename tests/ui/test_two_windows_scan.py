"""Issue 32, failures 1 and 2: opening Statistics (``scan_past_games``) rewrote the play log
from entries read before its lock, so a game another window finished meanwhile was lost, and
a damaged line that could not be kept aside was dropped."""

from __future__ import annotations

import json
from pathlib import Path

from frightmare.model.record.log_entry import LogEntry
from frightmare.store import SessionStore
from frightmare.store.playlog.log_file import DAMAGED_NAME, read_log
from frightmare.store.playlog.playlog import PlayLog
from frightmare.ui.record.achievements import scan_past_games


def entry(n: int, *, marks: bool = False) -> LogEntry:
    row = {
        "session": f"{n:032x}",
        "date": "2026-10-02",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "loss",
    }
    unmarked = LogEntry.from_row(row)
    return unmarked.with_values(achievements="-") if marks else unmarked


def write_lines(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), "utf-8")


def test_a_game_another_window_finished_during_the_scan_stays(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    log = PlayLog(tmp_path)
    write_lines(log.path, [json.dumps(entry(1).row())])
    seen = log.entries()  # window A reads the log for Statistics...
    assert [e.achievements for e in seen] == [None]
    PlayLog(tmp_path).add(entry(2, marks=True))  # ...window B finishes a game...
    _scanned, count = scan_past_games(store, seen, log)  # ...A's scan rewrites the log
    assert count == 1
    on_disk = {e.session for e in read_log(log.path).entries}
    assert on_disk == {f"{1:032x}", f"{2:032x}"}
    assert all(e.achievements is not None for e in read_log(log.path).entries)


def test_a_damaged_line_that_cannot_be_kept_aside_stays_in_the_log(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    log = PlayLog(tmp_path)
    bad = json.dumps({**entry(9).row(), "result": "WON BIG"})
    write_lines(log.path, [json.dumps(entry(1).row()), bad])
    (log.path.parent / DAMAGED_NAME).mkdir()  # the damaged lines' file is unusable
    seen = read_log(log.path).entries
    scan_past_games(store, seen, log)
    assert bad in log.path.read_text("utf-8").splitlines()
    assert [e.session for e in read_log(log.path).entries] == [f"{1:032x}"]
