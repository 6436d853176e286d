"""The play log: one line per finished game, CSV export for the statistics sheets."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import EndGame, RevealDarkPower
from frightmare.store import PlayLog
from frightmare.store.playlog import COLUMNS


def finished(result: str) -> History:
    history = History(new_game(GameSetup(final_girl="Sheila", setup_card="Revenge"), seed=1))
    history.do(RevealDarkPower(name="Pitchfork Assault"))
    history.do(EndGame(result=result))  # type: ignore[arg-type]
    return history


def test_record_and_export_csv(tmp_path: Path) -> None:
    log = PlayLog(tmp_path)
    log.record("a" * 32, finished("win").state)
    log.record("b" * 32, finished("loss").state)
    log.record("a" * 32, finished("loss").state)  # finished again after an undo: replaced
    rows = list(csv.DictReader(io.StringIO(log.to_csv())))
    assert [r["result"] for r in rows] == ["loss", "loss"]
    assert tuple(rows[0]) == COLUMNS
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
    assert [r["final_girl"] for r in rows] == ["'" + h for h in hostile]
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
