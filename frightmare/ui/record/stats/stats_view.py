"""The statistics view: the filters over the play log, the summary of the games they choose, and
the tabs that draw their statistics (win rates beside the community's, results over time, the
Boiler Room against best play, the table, achievements, coverage); plots drawn with QtCharts
(PySide6-Addons).

Every figure comes from ``frightmare.model.record.record``; the tabs only draw. Every number
shown in a plot is also in the table tab (sortable, read by screen readers) and in the plot's
tooltip.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QLabel, QTabWidget, QVBoxLayout, QWidget

from frightmare.i18n import N_, _
from frightmare.model.box import names
from frightmare.model.box.names import NameKind
from frightmare.model.record.collection import Collection
from frightmare.model.record.digest import LogDigest, digest_of
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, NamedColumn
from frightmare.model.record.statistics import (
    DIMENSIONS,
    EXTREME_HORROR,
    NO_SETUP_CARD,
    NORMAL,
    UNREVEALED_NOTE,
    WITHOUT,
    Filters,
    Statistics,
    Without,
    shown_title,
)
from frightmare.ui.record.stats.achievements_list import AchievementsList
from frightmare.ui.record.stats.boiler_chart import BoilerChart
from frightmare.ui.record.stats.coverage_view import CoverageView
from frightmare.ui.record.stats.rate_words import OVERALL, community_note, rate_text
from frightmare.ui.record.stats.rates_chart import RatesChart
from frightmare.ui.record.stats.rates_table import RatesTable
from frightmare.ui.record.stats.time_chart import TimeChart
from frightmare.ui.theme import compact_combo
from frightmare.ui.widgets.flow import FlowLayout, pair
from frightmare.ui.widgets.wheel_guard import ComboBox

# Each filter's choice of every game, in words no name reads like (a Final Girl may be
# called "Any"); shown in italics, set apart from the names by a line.
EVERY = {
    "final_girl": N_("Every Final Girl"),
    "killer": N_("Every Killer"),
    "location": N_("Every Location"),
    "setup": N_("Every Setup card, or none"),
    "epic": N_("Epic or not"),
    "extreme_horror": N_("Either difficulty"),
}
# The filters' columns, whose values are names of these kinds.
NAME_KINDS: dict[str, NameKind] = {
    "final_girl": "final_girl",
    "killer": "killer",
    "location": "location",
    "setup": "setup",
}


class StatsView(QWidget):
    """The statistics view over a list of play-log entries."""

    def __init__(
        self,
        entries: Iterable[LogEntry] = (),
        parent: QWidget | None = None,
        *,
        show_source: bool = True,
        collection: Collection | None = None,
    ) -> None:
        """``show_source=False`` leaves the community's source line (``source``) for the
        caller to place (the dialog sets it beside its Close button); ``collection`` is the
        boxes owned, whose Killers and Locations the coverage grid lists."""
        super().__init__(parent)
        self.collection = collection or Collection()
        self.entries: list[LogEntry] = []
        self.digest = LogDigest([])
        self.stats: Statistics | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(_("Summary"))
        filters = self._build_filters()
        self._build_tabs()
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(filters)
        layout.addWidget(self.tabs, 1)
        if show_source:
            layout.addWidget(self.source)
        for combo in self.filter_combos:
            combo.currentIndexChanged.connect(self.refresh)
        self.tabs.currentChanged.connect(self._show_pick)
        self.set_entries(entries)

    def _build_filters(self) -> FlowLayout:
        """The filters, in rows that wrap, and the Win rates tab's choice of breakdown."""
        self.final_girl = self._filter_combo(_("Final Girl filter"), _(EVERY["final_girl"]))
        self.killer = self._filter_combo(_("Killer filter"), _(EVERY["killer"]))
        self.location = self._filter_combo(_("Location filter"), _(EVERY["location"]))
        self.setup_card = self._filter_combo(_("Setup card filter"), _(EVERY["setup"]))
        self.epic = self._filter_combo(_("Epic filter"), _(EVERY["epic"]))
        self.difficulty = self._filter_combo(_("Difficulty filter"), _(EVERY["extreme_horror"]))
        # Every filter, in the order the rows show them.
        self.filter_combos = (
            self.final_girl,
            self.killer,
            self.location,
            self.setup_card,
            self.epic,
            self.difficulty,
        )
        self.breakdown = ComboBox()
        self.breakdown.setAccessibleName(_("Breakdown shown in the plot"))
        # Each choice carries its id (a breakdown's title in the statistics, None for all).
        self.breakdown.addItem(_(OVERALL), None)
        for title, _key, _values in DIMENSIONS:
            self.breakdown.addItem(shown_title(title), title)
        self.breakdown.setCurrentIndex(self.breakdown.findData("Setup card"))
        self.breakdown.currentIndexChanged.connect(self._draw_rates)
        # In rows that wrap where the next filter does not fit: the view fits a 1280-pixel
        # screen at 150% in English on two rows, and in German or French on more.
        filters = FlowLayout(spacing=6)
        self.pick_label = QLabel(_("Win rate by:"))
        self.pick_label.setBuddy(self.breakdown)
        self.pick = pair(self.pick_label, self.breakdown)
        for n, (label, combo) in enumerate(
            (
                (_("Final Girl"), self.final_girl),
                (_("Killer"), self.killer),
                (_("Location"), self.location),
                (_("Setup card"), self.setup_card),
                (_("Epic"), self.epic),
                (_("Difficulty"), self.difficulty),
            )
        ):
            # Translators: a label before its value, e.g. "Killer:".
            text = QLabel(_("{part}:").format(part=label))
            text.setBuddy(combo)
            filters.addWidget(pair(text, combo))
            if n == 2:
                # The Win rates tab's own choice ends the first row, the one with the shorter
                # choices (not a row of its own: the plot keeps the height at 150% on a
                # 720-pixel screen), shown with that tab.
                filters.addWidget(self.pick)
        return filters

    def _build_tabs(self) -> None:
        """A tab each: Win rates, Over time, Boiler Room, Table, Achievements, Coverage; and
        the line naming the community's source, under them."""
        self.rates_chart = RatesChart()
        self.time_chart = TimeChart()
        self.boiler_chart = BoilerChart()
        self.boiler_text = QLabel()
        self.boiler_text.setWordWrap(True)
        self.table = RatesTable()
        self.achievements = AchievementsList()
        self.source = QLabel()
        self.source.setObjectName("muted")
        self.source.setWordWrap(True)

        boiler_page = QWidget()
        boiler_layout = QVBoxLayout(boiler_page)
        boiler_layout.addWidget(self.boiler_chart, 1)
        boiler_layout.addWidget(self.boiler_text)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.rates_chart, _("Win rates"))
        self.tabs.addTab(self.time_chart, _("Over time"))
        self.tabs.addTab(boiler_page, _("Boiler Room"))
        self.tabs.addTab(self.table, _("Table"))
        self.tabs.addTab(self.achievements, _("Achievements"))
        self.coverage = CoverageView()
        self.tabs.addTab(self.coverage, _("Coverage"))

    def _show_pick(self) -> None:
        self.pick.setVisible(self.tabs.currentWidget() is self.rates_chart)

    def changeEvent(self, event: QEvent) -> None:
        """Redraw the plots in the new colours when the theme changes while open."""
        super().changeEvent(event)
        changes = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
        if event.type() in changes and self.stats is not None:
            QTimer.singleShot(0, self, self.refresh)  # once every child has its new palette
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            QTimer.singleShot(0, self, self._italicise)  # once the combos have the new font

    def _italicise(self) -> None:
        for combo in self.filter_combos:
            _italicise(combo)

    @staticmethod
    def _filter_combo(name: str, every: str) -> QComboBox:
        combo = ComboBox()
        combo.setAccessibleName(name)
        _add_every(combo, every)
        # As wide as its every-choice (counted in "X", as Qt counts a combo's least width; the
        # count holds at any zoom); a longer name shows whole in the tooltip.
        metrics = combo.fontMetrics()
        compact_combo(
            combo, math.ceil(metrics.horizontalAdvance(every) / metrics.horizontalAdvance("X"))
        )
        return combo

    def set_entries(self, entries: Iterable[LogEntry]) -> None:
        self.entries = list(entries)
        # Read once per log (kept while the store hands out the same games): the filters
        # then add up its groups, and what does not depend on them is computed once.
        self.digest = digest_of(self.entries)
        choices: tuple[tuple[QComboBox, NamedColumn], ...] = (
            (self.final_girl, "final_girl"),
            (self.killer, "killer"),
            (self.location, "location"),
            (self.setup_card, "setup"),
        )
        for combo, key in choices:
            named = self.digest.names[key]
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            _add_every(combo, _(EVERY[key]))
            if key == "setup" and "" in named:
                # The group the plot shows as "No Setup card", chosen by its id.
                combo.addItem(_(NO_SETUP_CARD), WITHOUT)
                combo.insertSeparator(combo.count())
            kind = NAME_KINDS[key]
            shown = sorted((names.shown(kind, value), value) for value in named - {""})
            for text, value in shown:
                combo.addItem(text, value)
            _italicise(combo)
            combo.setCurrentIndex(max(0, combo.findData(current)))
            combo.setToolTip(combo.currentText())
            combo.blockSignals(False)
        self.epic.blockSignals(True)
        if self.epic.findData(True) < 0:
            self.epic.addItem(_("Epic"), True)
            self.epic.addItem(_("Not Epic"), False)
        self.epic.blockSignals(False)
        self.difficulty.blockSignals(True)
        if self.difficulty.findData(True) < 0:
            self.difficulty.addItem(_(EXTREME_HORROR), True)
            self.difficulty.addItem(_(NORMAL), False)
        self.difficulty.blockSignals(False)
        # The achievements and the coverage count every game whatever the filters: drawn
        # when the games change.
        self.achievements.show_digest_when_seen(self.digest)
        self.coverage.show_coverage(self.digest.coverage(self.collection))
        self.refresh()

    def filters(self) -> Filters:
        epic = self.epic.currentData()
        extreme = self.difficulty.currentData()

        def chosen(combo: QComboBox) -> str | Without | None:
            value = combo.currentData()
            return value if isinstance(value, str | Without) else None

        return Filters(
            final_girl=chosen(self.final_girl),
            killer=chosen(self.killer),
            location=chosen(self.location),
            setup=chosen(self.setup_card),
            epic=epic if isinstance(epic, bool) else None,
            extreme_horror=extreme if isinstance(extreme, bool) else None,
        )

    def refresh(self) -> None:
        chosen = self.filters()
        stats = self.digest.statistics(chosen)
        self.stats = stats
        overall = stats.overall
        filtered = chosen != Filters()
        if overall.games:
            # The label said as it is (rate_text translates a label it is given in English).
            shown = replace(overall, label=N_("The games chosen")) if filtered else overall
            text = f"<b>{rate_text(shown)}</b>"
        elif filtered and self.entries:
            text = _("No finished game matches these choices.")
        else:
            text = _("No finished games yet: finish a game and it is added to your record.")
        if note := community_note(stats):
            text += f"<br>{note}"
        self.summary.setText(text)
        self.summary.setAccessibleDescription(self.summary.text())
        self._draw_rates()
        self.time_chart.show_stats(stats)
        self.boiler_chart.show_stats(stats)
        self.boiler_text.setText(self.boiler_chart.text)
        self.table.show_stats(stats)
        self.source.setText(stats.source)

    def _draw_rates(self) -> None:
        stats = self.stats
        if stats is None:
            return
        title = self.breakdown.currentData()
        if not isinstance(title, str):
            self.rates_chart.show_rates(_("Your win rate"), [stats.overall])
        else:
            rates = stats.breakdowns.get(title, [])
            # Translators: the Win rates plot's title, e.g. "Win rate by Killer".
            heading = _("Win rate by {breakdown}").format(breakdown=shown_title(title))
            if any(r.label == UNREVEALED and r.community is not None for r in rates):
                # Where the community's Unrevealed rate is drawn, why it is high.
                heading += f"<br><small>{_(UNREVEALED_NOTE)}</small>"
            self.rates_chart.show_rates(heading, rates, title)


def _italicise(combo: QComboBox) -> None:
    """The choices that are not names (every game, no Setup card) in italics, in the combo's
    font of the moment (again after a zoom)."""
    font = QFont(combo.font())
    font.setItalic(True)
    for index in range(combo.count()):
        data = combo.itemData(index)
        if (index == 0 and data is None) or isinstance(data, Without):
            combo.setItemData(index, font, Qt.ItemDataRole.FontRole)


def _add_every(combo: QComboBox, every: str) -> None:
    """The choice of every game (no id: None), in italics, then a line before the names."""
    combo.addItem(every, None)
    combo.insertSeparator(1)
    _italicise(combo)
