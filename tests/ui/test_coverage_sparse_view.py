"""Issue 32, failure 7, on screen: the Coverage tab draws the owned boxes' grid and one row per
pair played outside it (the rest grouped in one row), whatever the names: 2,000 × 2,000
free-typed names made four million cells."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from frightmare.model.record.collection import Collection
from frightmare.model.record.coverage import OTHERS_SHOWN, coverage
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.stats.coverage_view import CoverageView


def game(n: int) -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"g{n}",
            "date": "2026-11-01",
            "final_girl": "Nancy",
            "killer": f"Killer {n % 2000}",
            "location": f"Place {n * 7 % 2000}",
            "result": "loss",
        }
    )


def test_the_view_draws_a_bounded_number_of_cells(qtbot: QtBot) -> None:
    view = CoverageView()
    qtbot.addWidget(view)
    view.show_coverage(coverage([game(n) for n in range(5000)], Collection()))
    assert view.grid.rowCount() * view.grid.columnCount() <= 30 * 30
    assert view.others.rowCount() == OTHERS_SHOWN + 1  # the rest grouped in the last row
    last = view.others.item(OTHERS_SHOWN, 0)
    assert last is not None and f"{2000 - OTHERS_SHOWN} other pairs" in last.text()
