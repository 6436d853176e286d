"""Statistics' Coverage tab (issue 22 item 5): the grid of Killers by Locations over the boxes
owned, each cell the games won of those played, the not-yet-played marked, the community's
rate in its tooltip; the Final Girls beside it."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem
from pytestqt.qtbot import QtBot

from frightmare.model.record.collection import DEFAULT_OWNED, Collection
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.stats.coverage_view import NOT_YET
from frightmare.ui.record.stats.stats_view import StatsView


def game(n: int, killer: str, location: str, result: str) -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"g{n}",
            "date": f"2026-11-{1 + n:02d}",
            "final_girl": "Nancy",
            "killer": killer,
            "location": location,
            "result": result,
        }
    )


def text(table: QTableWidget, row: int, column: int, tip: bool = False) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.toolTip() if tip else item.text()


def header(item: QTableWidgetItem | None) -> str:
    assert item is not None
    return item.text()


def test_the_grid_shows_played_won_and_not_yet(qtbot: QtBot) -> None:
    owned = Collection.of({*DEFAULT_OWNED, "hell-to-pay"})
    log = [
        game(1, "Dr. Fright", "Maple Lane", "win"),
        game(2, "Dr. Fright", "Maple Lane", "loss"),
        game(3, "Dr. Fright", "Hellscape", "win"),
    ]
    view = StatsView(log, collection=owned)
    qtbot.addWidget(view)
    grid = view.coverage.grid
    rows = [header(grid.verticalHeaderItem(r)) for r in range(grid.rowCount())]
    cols = [header(grid.horizontalHeaderItem(c)) for c in range(grid.columnCount())]
    assert rows == ["Dr. Fright", "Razorface"] and cols == ["Maple Lane", "Hellscape"]
    assert text(grid, 0, 0) == "1 of 2"
    assert text(grid, 0, 1) == "1 of 1"
    assert text(grid, 1, 0) == NOT_YET
    tip = text(grid, 0, 1, tip=True)
    assert "you won 1 of 1 game" in tip and "the community 94.0% of 67 games" in tip
    assert "not played yet" in text(grid, 1, 1, tip=True)
    assert (
        "2 of 4 Killer-on-Location combinations played, 2 not yet" in view.coverage.summary.text()
    )
    girls = view.coverage.girls
    names = [text(girls, r, 0) for r in range(girls.rowCount())]
    assert names[:2] == ["Nancy", "Sheila"] and "Kenzie" in names
    assert text(girls, 0, 1) == "2 of 3"


def test_the_statistics_dialog_grids_the_windows_collection(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QWidget

    from frightmare.ui.record.stats.stats_dialog import StatsDialog

    class Window(QWidget):
        def owned_boxes(self) -> Collection:
            return Collection.of({"shriek"})

    parent = Window()
    qtbot.addWidget(parent)
    dialog = StatsDialog([], parent)
    assert dialog.view.coverage.coverage is not None
    assert dialog.view.coverage.coverage.killers == ("Mort the Teenage Dirtbag",)
