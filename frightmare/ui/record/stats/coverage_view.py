"""Statistics' Coverage tab: a Killer × Location grid of the games played and won over the
boxes owned (the combinations not played yet marked), beside the community's rate for the same
Killer on the same Location where their figures have it, and the Final Girls played.

Every figure comes from ``model.coverage``; this module only draws.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _, ngettext
from frightmare.model.box import names
from frightmare.model.record.coverage import Coverage, Tally
from frightmare.ui.record.stats.rate_words import pct

NOT_YET = N_("not yet")


def cell_text(tally: Tally) -> str:
    """A cell: the games won of those played ("2 of 3"), or not played yet."""
    if not tally.played:
        return _(NOT_YET)
    # Translators: a coverage cell, games won of those played, e.g. "2 of 3".
    return _("{won} of {played}").format(won=tally.won, played=tally.played)


def cell_tip(grid: Coverage, killer: str, location: str) -> str:
    tally = grid.cell(killer, location)
    you = (
        ngettext(
            "you won {won} of {played} game", "you won {won} of {played} games", tally.played
        ).format(won=tally.won, played=tally.played)
        if tally.played
        else _("not played yet")
    )
    theirs = grid.community.get((killer, location))
    them = (
        # Translators: {figure} is the community's rate and over how many of their games.
        _("the community {figure}").format(
            figure=ngettext(
                "{rate} of {games} game", "{rate} of {games} games", theirs.games
            ).format(rate=pct(theirs.rate), games=theirs.games)
        )
        if theirs is not None
        else _("the community's figures do not count this pair apart")
    )
    # Translators: a coverage cell's tooltip; {you} and {them} are the two records.
    return _("{killer} on {location}: {you}; {them}").format(
        killer=names.shown("killer", killer),
        location=names.shown("location", location),
        you=you,
        them=them,
    )


def coverage_line(grid: Coverage) -> str:
    played, size = grid.played_pairs, grid.size
    left = size - played
    return ngettext(
        "{played} of {size} Killer-on-Location combination played, {left} not yet (Roll the "
        "film prefers those).",
        "{played} of {size} Killer-on-Location combinations played, {left} not yet (Roll the "
        "film prefers those).",
        size,
    ).format(played=played, size=size, left=left)


def grouped_text(grid: Coverage) -> str:
    """The last row of the pairs played outside the grid: those past the list, grouped."""
    more = grid.others_grouped
    return ngettext(
        "{pairs} other pair: won {won} of {played}",
        "{pairs} other pairs: won {won} of {played}",
        more.pairs,
    ).format(pairs=more.pairs, won=more.tally.won, played=more.tally.played)


class CoverageView(QWidget):
    """The grid, its summary line and the Final Girls' list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(_("Coverage"))
        self.grid = QTableWidget()
        self.grid.setAccessibleName(_("Killers by Locations: games won of those played"))
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Sized once per drawing from the names (measuring every cell as it is set took
        # most of Statistics' time with every box owned).
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # The pairs played outside the grid, one row each (issue 32: only what was played).
        self.others = QTableWidget()
        self.others.setAccessibleName(_("Other Killers on Locations played"))
        self.others.setColumnCount(3)
        self.others.setHorizontalHeaderLabels([_("Killer"), _("Location"), _("Won")])
        self.others.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.others.verticalHeader().setVisible(False)
        self.others.horizontalHeader().setStretchLastSection(True)
        self.girls = QTableWidget()
        self.girls.setAccessibleName(_("Final Girls: games won of those played"))
        self.girls.setColumnCount(2)
        self.girls.setHorizontalHeaderLabels([_("Final Girl"), _("Won")])
        self.girls.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.girls.verticalHeader().setVisible(False)
        self.girls.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.girls.horizontalHeader().setStretchLastSection(True)
        row = QHBoxLayout()
        column = QVBoxLayout()
        column.addWidget(self.grid, 3)
        column.addWidget(self.others, 1)
        row.addLayout(column, 3)
        row.addWidget(self.girls, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(row, 1)
        self.coverage: Coverage | None = None

    def _size_sections(self, grid: Coverage) -> None:
        metrics = self.grid.fontMetrics()
        pad = 3 * metrics.averageCharWidth()
        cell = max(
            metrics.horizontalAdvance(_(NOT_YET)),
            metrics.horizontalAdvance(_("{won} of {played}").format(won=99, played=99)),
        )
        header = self.grid.horizontalHeader()
        for c, location in enumerate(grid.locations):
            shown = names.shown("location", location)
            header.resizeSection(c, max(cell, metrics.horizontalAdvance(shown)) + pad)
        rows = self.grid.verticalHeader()
        width = (
            max(
                (metrics.horizontalAdvance(names.shown("killer", k)) for k in grid.killers),
                default=0,
            )
            + pad
        )
        rows.setFixedWidth(width)
        rows.setDefaultSectionSize(metrics.height() + metrics.height() // 2)

    def show_coverage(self, grid: Coverage) -> None:
        self.coverage = grid
        self.summary.setText(coverage_line(grid))
        muted = QBrush(QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText))
        bold = QFont(self.grid.font())
        bold.setBold(True)
        self.grid.setUpdatesEnabled(False)
        self.grid.clear()
        self.grid.setRowCount(len(grid.killers))
        self.grid.setColumnCount(len(grid.locations))
        self.grid.setVerticalHeaderLabels([names.shown("killer", k) for k in grid.killers])
        self.grid.setHorizontalHeaderLabels(
            [names.shown("location", loc) for loc in grid.locations]
        )
        for r, killer in enumerate(grid.killers):
            for c, location in enumerate(grid.locations):
                tally = grid.cell(killer, location)
                item = QTableWidgetItem(cell_text(tally))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                tip = cell_tip(grid, killer, location)
                item.setToolTip(tip)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, tip)
                if not tally.played:
                    item.setForeground(muted)
                elif tally.won:
                    item.setFont(bold)
                self.grid.setItem(r, c, item)
        self._size_sections(grid)
        self.grid.setUpdatesEnabled(True)
        self._show_others(grid)
        self.girls.setRowCount(len(grid.final_girls))
        for r, (girl, tally) in enumerate(grid.final_girls):
            name = QTableWidgetItem(names.shown("final_girl", girl))
            won = QTableWidgetItem(cell_text(tally))
            if not tally.played:
                won.setForeground(muted)
            self.girls.setItem(r, 0, name)
            self.girls.setItem(r, 1, won)

    def _show_others(self, grid: Coverage) -> None:
        """The pairs played outside the grid, most played first, the rest in one row."""
        rows = list(grid.others)
        grouped = grid.others_grouped.pairs > 0
        self.others.setUpdatesEnabled(False)
        self.others.clearContents()
        self.others.clearSpans()
        self.others.setRowCount(len(rows) + grouped)
        for r, ((killer, location), tally) in enumerate(rows):
            shown = (names.shown("killer", killer), names.shown("location", location))
            for c, text in enumerate((*shown, cell_text(tally))):
                self.others.setItem(r, c, QTableWidgetItem(text))
        if grouped:
            self.others.setItem(len(rows), 0, QTableWidgetItem(grouped_text(grid)))
            self.others.setSpan(len(rows), 0, 1, 3)
        self.others.setVisible(bool(rows))
        self.others.setUpdatesEnabled(True)
