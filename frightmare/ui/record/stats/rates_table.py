"""The Table tab: every rate in numbers, sortable and read by screen readers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from frightmare.i18n import N_, _
from frightmare.model.record.statistics import Statistics, shown_title
from frightmare.ui.record.stats.rate_words import OVERALL, pct, rate_label, rate_text

# Long titles on two lines, to keep the columns narrow (at 150% on a 1280-pixel screen the
# table still scrolls sideways by a few characters, its titles and cells whole).
TABLE_HEADERS = (
    N_("Breakdown"),
    N_("Value"),
    N_("Games"),
    N_("Wins"),
    N_("Win\nrate"),
    N_("95%\ninterval"),
    N_("Community"),
    N_("Community\ngames"),
)


class RatesTable(QTableView):
    """Every rate, numbers only: sortable and read by screen readers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Win rates table"))
        self.table = QStandardItemModel(0, len(TABLE_HEADERS), self)
        self.table.setHorizontalHeaderLabels([_(title) for title in TABLE_HEADERS])
        self.table.setSortRole(Qt.ItemDataRole.UserRole)
        self.setModel(self.table)
        self.setSortingEnabled(True)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        # Every column as wide as its title and cells (a stretched last column was cut to the
        # room left: "ommunity game" at 150%); the table scrolls sideways when it must.
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(False)
        # Rows keep the breakdowns' order until the player sorts by a column.
        self.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)

    def show_stats(self, stats: Statistics) -> None:
        self.setSortingEnabled(False)
        self.table.setRowCount(0)
        rows = [(OVERALL, stats.overall)]
        rows += [(title, r) for title, rates in stats.breakdowns.items() for r in rates]
        for title, rate in rows:
            low, high = rate.interval
            community = rate.community
            cells = [
                _cell(shown_title(title)),
                _cell(rate_label(rate, None if title == OVERALL else title)),
                _cell(str(rate.games), rate.games),
                _cell(str(rate.wins), rate.wins),
                _cell(pct(rate.rate), rate.rate),
                # Translators: a 95% interval, from {low} to {high} (percentages).
                _cell(_("{low}–{high}").format(low=pct(low), high=pct(high)), low),
                _cell(
                    pct(community.rate) if community else "—", community.rate if community else -1
                ),
                _cell(
                    str(community.games) if community else "—", community.games if community else -1
                ),
            ]
            words = rate_text(rate, None if title == OVERALL else title)
            for cell in cells:
                cell.setToolTip(words)
                cell.setAccessibleText(words)
            self.table.appendRow(cells)
        self.setSortingEnabled(True)


def _cell(text: str, sort: float | None = None) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(text.casefold() if sort is None else sort, Qt.ItemDataRole.UserRole)
    if sort is not None:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item
