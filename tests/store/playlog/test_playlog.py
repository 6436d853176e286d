"""The play log: one line per finished game, CSV export for the statistics sheets."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import RevealDarkPower
from frightmare.model.actions.game import EndGame
from frightmare.model.game.state import Result
from frightmare.store import PlayLog
from frightmare.store.playlog.csv_format import COLUMNS, EXPORT_COLUMNS, FORMULA_STARTS


def finished(result: Result) -> History:
    history = History(new_game(GameSetup(final_girl="Sheila", setup_card="Revenge"), seed=1))
    history.do(RevealDarkPower(name="Pitchfork Assault"))
    history.do(EndGame(result=result))
    return history


def test_record_and_export_csv(tmp_path: Path) -> None:
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    log.record("b" * 32, finished("loss").state)
    log.record("a" * 32, finished("loss").state)  # finished again after an undo: replaced
    rows = list(csv.DictReader(io.StringIO(log.to_csv())))
    assert [r["result"] for r in rows] == ["loss", "loss"]
    # The export starts with today's columns, then the record's; the session id comes last.
    assert tuple(rows[0])[: len(COLUMNS)] == COLUMNS
    assert tuple(rows[0]) == EXPORT_COLUMNS and EXPORT_COLUMNS[-1] == "session"
    assert rows[0]["final_girl"] == "Sheila" and rows[0]["setup"] == "Revenge"
    assert rows[0]["dark_power"] == "Pitchfork Assault" and rows[0]["rounds"] == "1"
    target = tmp_path / "out.csv"
    log.export_csv(target)
    assert target.read_text().startswith("date,final_girl,killer,location,setup,epic,result")


def test_a_damaged_line_costs_only_itself(tmp_path: Path) -> None:
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    with log.path.open("a") as f:
        f.write("{broken\n")
    log.record("b" * 32, finished("loss").state)
    assert len(log.entries()) == 2


def test_csv_cells_that_look_like_formulas_are_written_as_text(tmp_path: Path) -> None:
    """Issue 11, “CSV formulas are not neutralised”: OWASP, CSV injection. Cells starting with
    = + - @ tab or carriage return are prefixed with a quote."""
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    lines = log.path.read_text().splitlines()
    import json

    entry = json.loads(lines[0])
    hostile = ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]
    entries = [{**entry, "session": str(n), "final_girl": h} for n, h in enumerate(hostile)]
    log.path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    rows = list(csv.DictReader(io.StringIO(log.to_csv(), newline="")))
    cells = [r["final_girl"] for r in rows]
    assert cells[:4] == ["'" + h for h in hostile[:4]]
    # A leading tab or carriage return is blank space to the log's validation: trimmed.
    assert cells[4:] == ["x", "x"]
    assert not any(c.startswith(FORMULA_STARTS) for c in cells)
    assert rows[0]["rounds"] == "1"  # numbers stay numbers


def test_a_fifo_play_log_is_never_read_nor_written_over(tmp_path: Path) -> None:
    import os

    import pytest

    os.mkfifo(tmp_path / "playlog.jsonl")
    log = PlayLog(tmp_path)
    with pytest.raises(OSError, match="not a regular file"):
        log.entries()
    with pytest.raises(OSError):
        log.record("a" * 32, finished("win").state)
    assert (tmp_path / "playlog.jsonl").is_fifo()


def test_recording_appends_one_line_and_carries_the_figures(tmp_path: Path) -> None:
    """Issue 13 item 3: each finished game is recorded automatically, beside today's columns
    with its start and end times and Dr. Fright's own figures; appending never rewrites the
    log (the games already in it are left byte for byte)."""
    from datetime import UTC, datetime

    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    before = log.path.read_bytes()
    history = finished("loss")
    started = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
    entry = log.record("b" * 32, history.state, history=history, started=started)
    after = log.path.read_bytes()
    assert after.startswith(before) and after.count(b"\n") == 2
    assert entry.started == started.isoformat(timespec="seconds")
    assert entry.ended and entry.fell_asleep == 0 and entry.dark_power
    newest = log.entries()[-1]
    assert newest.session == "b" * 32 and newest.boiler_cards == 0
    assert newest.result == "loss" and newest.killer == "Dr. Fright"


def test_a_game_reopened_by_undo_leaves_the_log(tmp_path: Path) -> None:
    """Issue 13 item 1: "undoing past the end reopens the game": it is no longer a result."""
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    log.record("b" * 32, finished("loss").state)
    assert log.withdraw("a" * 32)
    assert [e.session for e in log.entries()] == ["b" * 32]
    assert not log.withdraw("a" * 32)


def test_a_line_cut_short_is_set_aside_and_the_next_game_is_kept(tmp_path: Path) -> None:
    """Bad input (issue 13): a damaged line is skipped with a message naming it, kept aside
    beside the log, and never drops the other games."""
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    with log.path.open("a") as f:
        f.write('{"date": "2026-1')  # cut short, no newline
    log.record("b" * 32, finished("loss").state)
    assert [e.session for e in log.entries()] == ["a" * 32, "b" * 32]
    assert log.damaged and "line 2" in log.damaged[0]
    assert '{"date": "2026-1' in (tmp_path / "playlog-damaged.txt").read_text()
