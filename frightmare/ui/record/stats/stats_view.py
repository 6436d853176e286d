"""The statistics view: the player's win rates beside the community's, results over time, the
Boiler Room against best play, and achievements; plots drawn with QtCharts (PySide6-Addons).

Every figure comes from ``frightmare.model.record.record``; this module only draws.
Every number shown in a plot is also in the table tab (sortable, read by screen readers) and in
the plot's tooltip.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QBoxPlotSeries,
    QBoxSet,
    QChart,
    QChartView,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import (
    QEvent,
    QMargins,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QCursor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPalette,
    QPen,
    QResizeEvent,
    QShowEvent,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QToolTip,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.record.achievements import HOW, Standing
from frightmare.model.record.collection import Collection
from frightmare.model.record.digest import LogDigest, OverTime, digest_of
from frightmare.model.record.log_entry import LogEntry, NamedColumn
from frightmare.model.record.record import (
    ACHIEVEMENTS,
    DIMENSIONS,
    EXTREME_HORROR,
    NO_SETUP_CARD,
    NORMAL,
    UNREVEALED,
    UNREVEALED_NOTE,
    WITHOUT,
    Filters,
    Rate,
    Statistics,
    TimePoint,
    Without,
)
from frightmare.ui.record.stats.coverage_view import CoverageView
from frightmare.ui.theme import compact_combo, current_zoom
from frightmare.ui.widgets.wheel_guard import ComboBox

# Each filter's choice of every game, in words no name reads like (a Final Girl may be
# called "Any"); shown in italics, set apart from the names by a line.
EVERY = {
    "final_girl": "Every Final Girl",
    "killer": "Every Killer",
    "location": "Every Location",
    "setup": "Every Setup card, or none",
    "epic": "Epic or not",
    "extreme_horror": "Either difficulty",
}
OVERALL = "Overall"
YOU = QColor("#d6453d")  # the app's accent: the player's own figures
THEM = QColor("#3f8fd6")  # the community's
BEST = QColor("#3fa46a")
FILTERS_PER_ROW = 3
CHART_LINES = 13  # a plot's least height, in lines of its font
PERCENT_MARGIN = 4  # percentage points drawn beyond 0% and 100%
MAX_CATEGORIES = 12  # a breakdown with more values shows its most played ones
NAME_LINES = 2  # a value's name on a plot's axis, at most (its games' count below)
# The most points the Over time plot draws: up to 5,000 games, one a game; beyond, evenly
# spread (100,000 games made a point each, 0.3 s a redraw, more points than the plot has
# pixels). The tooltip still reads the game under the mouse exactly.
MAX_TIME_POINTS = 5000


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def rate_text(rate: Rate) -> str:
    """One breakdown's numbers in words, for tooltips and the table."""
    low, high = rate.interval
    text = (
        f"{rate.label}: won {rate.wins} of {rate.games} ({pct(rate.rate)}), "
        f"95% interval {pct(low)}–{pct(high)}"
    )
    if rate.community is not None:
        theirs = rate.community
        text += f"; community, {theirs.scope}: {pct(theirs.rate)} over {theirs.games} games"
        if rate.label == UNREVEALED:
            text += f". {UNREVEALED_NOTE}"
    return text


def community_note(stats: Statistics) -> str:
    """When the games chosen have no community rate of their own: what the community's
    figures lack, and their overall rate, named as such (never set beside these games)."""
    theirs = stats.community_overall
    if stats.overall.community is not None or not stats.overall.games or theirs is None:
        return ""
    gaps = stats.community_gaps
    if gaps:
        lacking = " or ".join(gaps) if len(gaps) < 3 else ", ".join(gaps[:-1]) + f" or {gaps[-1]}"
        why = f"The community's figures are not split by {lacking}"
    else:
        why = "The community's figures have no rate for these games"
    return (
        f"{why}: their overall rate, over {theirs.scope}, is {pct(theirs.rate)} "
        f"({theirs.games} games), not a figure for the games chosen."
    )


def _theme() -> QPalette:
    """The app's palette (dark or light theme). Read from the application, not the widget:
    under the app's style sheet a widget keeps the palette it was polished with."""
    return QGuiApplication.palette()


class _Chart(QChartView):
    """A chart view following the app's palette (dark or light theme)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAccessibleName(name)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._fit_font()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_font()

    def _fit_font(self) -> None:
        """Room for the title, the plot, two lines of labels and the legend at any zoom."""
        lines = self.fontMetrics().height()
        self.setMinimumSize(max(420, 26 * lines), max(260, CHART_LINES * lines))

    def fresh_chart(self, title: str) -> QChart:
        chart = QChart()
        palette = _theme()
        window = palette.color(QPalette.ColorRole.Window)
        ink = palette.color(QPalette.ColorRole.WindowText)
        dark = window.lightness() < 128
        chart.setTheme(
            QChart.ChartTheme.ChartThemeDark if dark else QChart.ChartTheme.ChartThemeLight
        )
        chart.setBackgroundBrush(QBrush(window))
        chart.setTitleBrush(QBrush(ink))
        chart.legend().setLabelColor(ink)
        chart.setTitle(title)
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        chart.setMargins(QMargins(4, 4, 4, 4))
        font = self.font()
        chart.setTitleFont(font)
        chart.legend().setFont(font)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        old = self.chart()
        self.setChart(chart)
        if old is not None:
            old.deleteLater()
        return chart

    def style_axis(self, axis: QValueAxis | QBarCategoryAxis) -> None:
        ink = _theme().color(QPalette.ColorRole.WindowText)
        axis.setLabelsColor(ink)
        axis.setLabelsFont(self.font())
        axis.setTitleBrush(QBrush(ink))


def percent_axis() -> QValueAxis:
    """0% to 100% in steps of 25, with room beyond both ends: a mark at 0% or 100% shows
    whole instead of half under the plot's edge."""
    axis = QValueAxis()
    axis.setRange(-PERCENT_MARGIN, 100 + PERCENT_MARGIN)
    axis.setTickType(QValueAxis.TickType.TicksDynamic)
    axis.setTickAnchor(0)
    axis.setTickInterval(25)
    axis.setLabelFormat("%d%%")
    return axis


Y_TITLE, Y_TITLE_SHORT = "Final Girl wins", "Wins"


def _fit_title(axis: QValueAxis, height: float) -> None:
    """The rates' y axis titled in full where the plot is tall enough, else in short."""
    metrics = QFontMetrics(axis.titleFont())
    axis.setTitleText(
        Y_TITLE if metrics.horizontalAdvance(Y_TITLE) + 8 <= height else Y_TITLE_SHORT
    )


def _games(rate: Rate) -> str:
    """A value's games, the last line of its label (no brackets: a line to spare at 150%)."""
    return f"{rate.games} game{'' if rate.games == 1 else 's'}"


def _wrapped(text: str, room: int, metrics: QFontMetrics) -> list[str]:
    """``text`` in lines at most ``room`` pixels wide, broken between words (inside a word
    only where the word alone is wider)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while metrics.horizontalAdvance(word) > room:
            cut = len(word) - 1
            while cut > 1 and metrics.horizontalAdvance(word[:cut]) > room:
                cut -= 1
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        longer = f"{line} {word}" if line else word
        if line and metrics.horizontalAdvance(longer) > room:
            lines.append(line)
            line = word
        else:
            line = longer
    if line:
        lines.append(line)
    return lines


def _show_tip(text: str) -> None:
    QToolTip.showText(QCursor.pos(), text)


class RatesChart(_Chart):
    """One breakdown: the player's rate (a square) with its 95% interval (whiskers) and the
    community's rate (a ring) for each value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Win rates with 95% intervals, beside the community's", parent)
        self.rates: list[Rate] = []
        self.boxes = QBoxPlotSeries()
        self.every: list[Rate] = []  # the breakdown's values, the most played first
        self.title = ""
        self.wrap = 0  # the labels' line length, in pixels

    def wrap_width(self) -> int:
        """The pixels a value's name gets per line, for as many values as are shown."""
        return self.label_room(self.shown_count(self.every))

    def label_room(self, count: int) -> int:
        """A category label's width, in pixels, with ``count`` categories. QtCharts gives each
        label the plot's width over its layout's points (the categories and both ends), less
        4 pixels each side, and cuts a longer line short ("No Setup …"); the plot is the
        chart less its y axis, its title and the margins."""
        metrics = self.fontMetrics()
        plot = self.width() - 12 * metrics.averageCharWidth()
        return max(1, int(plot / (count + 2)) - 8 - metrics.averageCharWidth() // 2)

    def shown_count(self, rates: Sequence[Rate]) -> int:
        """How many of the most played values the plot shows: up to ``MAX_CATEGORIES``, as
        many as leave each label room for its games' count and a short word, and its name
        in two lines (QtCharts cut a label of four lines short by its height)."""
        metrics = self.fontMetrics()
        count = min(len(rates), MAX_CATEGORIES)
        # Not laid out yet: its width is not the one it will have (shown, it fits again).
        while count > 2 and self.isVisible():
            room = self.label_room(count)
            shown = rates[:count]
            need = max(
                metrics.horizontalAdvance("Nightmare"),
                *(metrics.horizontalAdvance(_games(r)) for r in shown),
            )
            if room >= need and all(
                len(_wrapped(r.label, room, metrics)) <= NAME_LINES for r in shown
            ):
                break
            count -= 1
        return count

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.rates and self.wrap_width() != self.wrap:
            QTimer.singleShot(0, self, self._rewrap)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.rates:  # drawn before it was laid out: every value, as many as fit now
            QTimer.singleShot(0, self, self._rewrap)

    def _rewrap(self) -> None:
        if self.rates and (
            self.wrap_width() != self.wrap or len(self.rates) != self.shown_count(self.every)
        ):
            self.show_rates(self.title, self.every)

    def show_rates(self, title: str, rates: Sequence[Rate]) -> None:
        self.every = list(rates)
        self.rates = list(rates[: self.shown_count(rates)])
        self.title = title
        self.wrap = self.wrap_width()
        if len(self.rates) < len(rates):
            title += (
                f"<br><small>its {len(self.rates)} most played of {len(rates)}; every one "
                "in the Table</small>"
            )
        chart = self.fresh_chart(title)
        mine = self.boxes = QBoxPlotSeries()
        # One legend entry for the player's square and whiskers: two swatches of one colour
        # ("Your 95% interval", "Your win rate") read as the same thing twice.
        mine.setName("You: win rate (square) and its 95% interval")
        mine.setBrush(QBrush(YOU))
        mine.setPen(QPen(YOU, 2))
        mine.setBoxWidth(0.25)
        dots = QScatterSeries()
        dots.setName("Your win rate")
        dots.setMarkerShape(QScatterSeries.MarkerShape.MarkerShapeRectangle)
        dots.setColor(YOU)
        dots.setBorderColor(YOU)
        dots.setMarkerSize(11)
        theirs = QScatterSeries()
        theirs.setName("Community")
        theirs.setColor(Qt.GlobalColor.transparent)
        theirs.setBorderColor(THEM)
        theirs.setPen(QPen(THEM, 3))
        theirs.setMarkerSize(20)
        labels = []
        for n, rate in enumerate(self.rates):
            low, high = rate.interval
            lines = _wrapped(rate.label, self.wrap, self.fontMetrics())
            label = "<br>".join(html.escape(line) for line in [*lines, _games(rate)])
            labels.append(label)
            mid = 100 * rate.rate
            mine.append(QBoxSet(100 * low, mid, mid, mid, 100 * high, label))
            dots.append(QPointF(n, mid))
            if rate.community is not None:
                theirs.append(QPointF(n, 100 * rate.community.rate))
        for series in (mine, theirs, dots):
            chart.addSeries(series)
        x = QBarCategoryAxis()
        x.append(labels)
        y = percent_axis()
        y.setTitleText(Y_TITLE)
        # A short plot (150% zoom on a 720-pixel screen) cut the title to "Final Girl w…".
        chart.plotAreaChanged.connect(lambda area, axis=y: _fit_title(axis, area.height()))
        for axis, side in ((x, Qt.AlignmentFlag.AlignBottom), (y, Qt.AlignmentFlag.AlignLeft)):
            self.style_axis(axis)
            chart.addAxis(axis, side)
            for series in (mine, theirs, dots):
                series.attachAxis(axis)
        for marker in chart.legend().markers(theirs):
            marker.setBrush(QBrush(THEM))  # the ring is hollow; its legend swatch is not
            marker.setVisible(theirs.count() > 0)  # no community figure for these games
        for marker in chart.legend().markers(dots):
            marker.setVisible(False)
        mine.hovered.connect(self._box_hovered)
        theirs.hovered.connect(self._dot_hovered)
        dots.hovered.connect(self._dot_hovered)
        self.setAccessibleDescription("; ".join(rate_text(r) for r in self.rates))

    def _box_hovered(self, status: bool, box: QBoxSet) -> None:
        if not status:
            return
        labels = [box_set.label() for box_set in self.boxes.boxSets()]
        if box.label() in labels:
            _show_tip(rate_text(self.rates[labels.index(box.label())]))

    def _dot_hovered(self, point: QPointF, status: bool) -> None:
        index = round(point.x())
        if status and 0 <= index < len(self.rates):
            _show_tip(rate_text(self.rates[index]))


class TimeChart(_Chart):
    """Win rate so far, game after game, with the community's overall rate as a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Results over time", parent)
        self.stats: Statistics | None = None

    def show_stats(self, stats: Statistics) -> None:
        self.stats = stats
        chart = self.fresh_chart("Your win rate so far, game by game")
        line = QLineSeries()
        line.setName("You: wins so far")
        line.setPen(QPen(YOU, 2))
        line.replace([QPointF(games, 100 * rate) for games, rate in _drawn(stats.over_time)])
        chart.addSeries(line)
        games = max(1, len(stats.over_time))
        series: list[QLineSeries] = [line]
        community = stats.overall.community
        if community is not None:
            ref = QLineSeries()
            ref.setName(f"Community, {community.scope}: {pct(community.rate)}")
            pen = QPen(THEM, 2)
            pen.setStyle(Qt.PenStyle.DashLine)
            ref.setPen(pen)
            ref.append(1, 100 * community.rate)
            ref.append(games, 100 * community.rate)
            chart.addSeries(ref)
            series.append(ref)
        x = QValueAxis()
        x.setRange(1, max(2, games))
        x.setLabelFormat("%d")
        x.setTitleText("Games played")
        y = percent_axis()
        for axis, side in ((x, Qt.AlignmentFlag.AlignBottom), (y, Qt.AlignmentFlag.AlignLeft)):
            self.style_axis(axis)
            chart.addAxis(axis, side)
            for s in series:
                s.attachAxis(axis)
        line.hovered.connect(self._hovered)
        last = stats.over_time[-1] if stats.over_time else None
        self.setAccessibleDescription(
            f"After {last.games} games: {last.wins} won ({pct(last.rate)})."
            if last
            else "No games."
        )

    def _hovered(self, point: QPointF, status: bool) -> None:
        if not status or self.stats is None or not self.stats.over_time:
            return
        index = min(max(round(point.x()) - 1, 0), len(self.stats.over_time) - 1)
        p = self.stats.over_time[index]
        _show_tip(
            f"Game {p.games} ({p.day}): {'won' if p.won else 'lost'}; "
            f"{p.wins} of {p.games} won so far ({pct(p.rate)})"
        )


def _drawn(over_time: Sequence[TimePoint]) -> list[tuple[int, float]]:
    """The points the Over time plot draws, ``(games, win rate so far)``: every one, or as
    many as a plot can show."""
    if isinstance(over_time, OverTime):
        return over_time.rates(MAX_TIME_POINTS)
    return [(p.games, p.rate) for p in over_time]


class BoilerChart(_Chart):
    """Boiler Room attacks per whole dream: yours against best play's 31/24."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Boiler Room attacks per dream", parent)
        self.text = ""

    def show_stats(self, stats: Statistics) -> None:
        boiler = stats.boiler
        chart = self.fresh_chart("Boiler Room: attacks per dream (four cards)")
        bars = QBarSeries()
        yours = QBarSet("You")
        yours.setColor(YOU)
        best = QBarSet("Best play (31/24)")
        best.setColor(BEST)
        mine = boiler.per_dream
        yours.append(mine if mine is not None else 0.0)
        best.append(boiler.expected)
        bars.append(yours)
        bars.append(best)
        bars.setLabelsVisible(True)
        bars.setLabelsFormat("@value")
        bars.setLabelsPrecision(3)
        chart.addSeries(bars)
        x = QBarCategoryAxis()
        x.append([f"{boiler.dreams} whole dream{'s' if boiler.dreams != 1 else ''}"])
        y = QValueAxis()
        y.setRange(0, max(2.0, (mine or 0) * 1.2, boiler.expected * 1.2))
        y.setTitleText("Attacks")
        for axis, side in ((x, Qt.AlignmentFlag.AlignBottom), (y, Qt.AlignmentFlag.AlignLeft)):
            self.style_axis(axis)
            chart.addAxis(axis, side)
            bars.attachAxis(axis)
        if mine is None:
            self.text = "No whole dream logged yet (all four Boiler Room cards seen)."
        else:
            self.text = (
                f"You: {boiler.attacks} attacks in {boiler.dreams} whole dreams, "
                f"{mine:.2f} per dream; best play expects {boiler.expected:.2f} (31/24)."
            )
        if boiler.cards:
            self.text += f" Over all {boiler.cards} cards resolved: {boiler.card_attacks} attacks."
        bars.hovered.connect(self._hovered)
        self.setAccessibleDescription(self.text)

    def _hovered(self, status: bool, index: int, bar: QBarSet) -> None:
        if status:
            _show_tip(self.text)


# Long titles on two lines, to keep the columns narrow (at 150% on a 1280-pixel screen the
# table still scrolls sideways by a few characters, its titles and cells whole).
TABLE_HEADERS = (
    "Breakdown",
    "Value",
    "Games",
    "Wins",
    "Win\nrate",
    "95%\ninterval",
    "Community",
    "Community\ngames",
)


class RatesTable(QTableView):
    """Every rate, numbers only: sortable and read by screen readers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Win rates table")
        self.table = QStandardItemModel(0, len(TABLE_HEADERS), self)
        self.table.setHorizontalHeaderLabels(list(TABLE_HEADERS))
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
                _cell(title),
                _cell(rate.label),
                _cell(str(rate.games), rate.games),
                _cell(str(rate.wins), rate.wins),
                _cell(pct(rate.rate), rate.rate),
                _cell(f"{pct(low)}–{pct(high)}", low),
                _cell(
                    pct(community.rate) if community else "—", community.rate if community else -1
                ),
                _cell(
                    str(community.games) if community else "—", community.games if community else -1
                ),
            ]
            for cell in cells:
                cell.setToolTip(rate_text(rate))
                cell.setAccessibleText(rate_text(rate))
            self.table.appendRow(cells)
        self.setSortingEnabled(True)


def _cell(text: str, sort: float | None = None) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(text.casefold() if sort is None else sort, Qt.ItemDataRole.UserRole)
    if sort is not None:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as the text of ``column`` wrapped to its width (a tree view otherwise
    measures a row as one line, and ends a long text in "…")."""

    def __init__(self, view: QTreeView, column: int, *more: int) -> None:
        super().__init__(view)
        self.columns = {column, *more}

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        view = self.parent()
        if isinstance(view, QTreeView) and index.column() in self.columns:
            metrics = option.fontMetrics
            pad = 2 * metrics.averageCharWidth()
            width = max(1, view.columnWidth(index.column()) - pad)
            text = str(index.data() or "")
            flags = Qt.TextFlag.TextWordWrap
            bound = metrics.boundingRect(QRect(0, 0, width, 100_000), flags, text)
            hint.setHeight(max(hint.height(), bound.height() + metrics.height() // 2))
        return hint


STANDING_CHARS = 30  # the "Where you stand" column's width, in characters


class AchievementsList(QTreeWidget):
    """The box's 21 published achievements (Dr. Fright's, then Maple Lane's), each earned
    (the day and the game), not yet, or how close; then the companion's own feats, named as
    such. Each says how the app knows it (the game's result, your games, its journal, or
    your answer)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Achievements")
        self.setHeaderLabels(["Achievement", "Where you stand", "What it takes"])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        # Where you stand and What it takes wrap in their room instead of ending in "…".
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        header = self.header()
        header.setStretchLastSection(True)
        # The names' width is measured without the titles (which span the row).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.titles: list[QTreeWidgetItem] = []
        self.setItemDelegate(WrappingDelegate(self, 1, 2))
        header.sectionResized.connect(self._relayout)
        self.standings: list[Standing] = []
        self.pending: LogDigest | None = None  # a log not listed yet (``show_digest_when_seen``)
        self._fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_columns()

    def _fit_columns(self) -> None:
        self.header().resizeSection(1, STANDING_CHARS * self.fontMetrics().averageCharWidth())
        if self.topLevelItemCount():
            self._fit_names()

    def _relayout(self) -> None:
        self.doItemsLayout()  # the rows' heights for the columns' new widths

    def _title(self, text: str) -> None:
        item = QTreeWidgetItem([text, "", ""])
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.titles.append(item)
        font = QFont(self.font())
        font.setBold(True)
        item.setFont(0, font)
        item.setData(0, Qt.ItemDataRole.AccessibleDescriptionRole, "section")
        self.addTopLevelItem(item)

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        self.show_digest(LogDigest(entries))

    def show_digest_when_seen(self, digest: LogDigest) -> None:
        """The log's achievements, listed when the list is first seen: their standings over
        100,000 games took a quarter of the Statistics' opening, mostly for a tab not shown."""
        self.pending = digest
        if self.isVisible():
            self.show_digest(digest)

    def showEvent(self, event: QShowEvent) -> None:
        if self.pending is not None:
            self.show_digest(self.pending)
        super().showEvent(event)

    def show_digest(self, digest: LogDigest) -> None:
        """The log's achievements, as its digest keeps them (computed once per log)."""
        self.pending = None
        self.clear()
        self.titles = []
        self.standings = digest.standings()
        box = ""
        for s in self.standings:
            a = s.achievement
            if a.box != box:
                box = a.box
                self._title(f"{box}: the box's published achievements")
            where = f"{s.day}: {s.game}" if s.earned else s.progress
            what = f"{a.requirement} {HOW[a.needs]}"
            item = QTreeWidgetItem([("★ " if s.earned else "☆ ") + a.name, where, what])
            tip = what if not a.doubt else f"{what} {a.doubt}"
            item.setToolTip(0, tip)
            item.setToolTip(1, where)
            item.setToolTip(2, what)
            self.addTopLevelItem(item)
        self._title("The companion's own achievements (not the box's)")
        companion, have = digest.own_achievements()
        earned = {e.achievement.key: e for e in companion}
        for own in ACHIEVEMENTS:
            got = earned.get(own.key)
            if got is not None:
                when = got.day
            elif own.key in have:
                when = "not yet ({} of {})".format(*have[own.key])
            else:
                when = "not yet"
            item = QTreeWidgetItem([("★ " if got else "☆ ") + own.name, when, own.description])
            item.setToolTip(0, own.description)
            item.setToolTip(1, when)
            item.setToolTip(2, own.description)
            self.addTopLevelItem(item)
        for title in self.titles:  # a title spans the row, and never widens the names
            title.setFirstColumnSpanned(True)
        self._fit_names()

    def _fit_names(self) -> None:
        metrics = self.fontMetrics()
        names = [
            metrics.horizontalAdvance(item.text(0))
            for n in range(self.topLevelItemCount())
            if (item := self.topLevelItem(n)) is not None and item not in self.titles
        ]
        width = max(names, default=0) + 3 * metrics.averageCharWidth()
        self.header().resizeSection(0, width)


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
        self.summary.setAccessibleName("Summary")
        self.final_girl = self._filter_combo("Final Girl filter", EVERY["final_girl"])
        self.killer = self._filter_combo("Killer filter", EVERY["killer"])
        self.location = self._filter_combo("Location filter", EVERY["location"])
        self.setup_card = self._filter_combo("Setup card filter", EVERY["setup"])
        self.epic = self._filter_combo("Epic filter", EVERY["epic"])
        self.difficulty = self._filter_combo("Difficulty filter", EVERY["extreme_horror"])
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
        self.breakdown.setAccessibleName("Breakdown shown in the plot")
        # Each choice carries its id (a breakdown's title in the statistics, None for all).
        self.breakdown.addItem(OVERALL, None)
        for title, _, _ in DIMENSIONS:
            self.breakdown.addItem(title, title)
        self.breakdown.setCurrentIndex(self.breakdown.findData("Setup card"))
        self.breakdown.currentIndexChanged.connect(self._draw_rates)
        # Two rows: the view fits a 1280-pixel screen at 150% (one row did not).
        filters = QVBoxLayout()
        rows = [QHBoxLayout() for _ in range(2)]
        for n, (label, combo) in enumerate(
            (
                ("Final Girl", self.final_girl),
                ("Killer", self.killer),
                ("Location", self.location),
                ("Setup card", self.setup_card),
                ("Epic", self.epic),
                ("Difficulty", self.difficulty),
            )
        ):
            text = QLabel(f"{label}:")
            text.setBuddy(combo)
            row = rows[n // FILTERS_PER_ROW]
            row.addWidget(text)
            row.addWidget(combo)
        for row in rows:
            row.addStretch(1)
            filters.addLayout(row)
        # The Win rates tab's own choice sits at the end of the first row, the one with the
        # shorter choices (not a row of its own: the plot keeps the height at 150% on a
        # 720-pixel screen), shown with that tab.
        self.pick_label = QLabel("Win rate by:")
        self.pick_label.setBuddy(self.breakdown)
        rows[0].insertWidget(rows[0].count() - 1, self.pick_label)
        rows[0].insertWidget(rows[0].count() - 1, self.breakdown)
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
        self.tabs.addTab(self.rates_chart, "Win rates")
        self.tabs.addTab(self.time_chart, "Over time")
        self.tabs.addTab(boiler_page, "Boiler Room")
        self.tabs.addTab(self.table, "Table")
        self.tabs.addTab(self.achievements, "Achievements")
        self.coverage = CoverageView()
        self.tabs.addTab(self.coverage, "Coverage")
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

    def _show_pick(self) -> None:
        rates = self.tabs.currentWidget() is self.rates_chart
        self.pick_label.setVisible(rates)
        self.breakdown.setVisible(rates)

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
            _add_every(combo, EVERY[key])
            if key == "setup" and "" in named:
                # The group the plot shows as "No Setup card", chosen by its id.
                combo.addItem(NO_SETUP_CARD, WITHOUT)
                combo.insertSeparator(combo.count())
            for value in sorted(named - {""}):
                combo.addItem(value, value)
            _italicise(combo)
            combo.setCurrentIndex(max(0, combo.findData(current)))
            combo.setToolTip(combo.currentText())
            combo.blockSignals(False)
        self.epic.blockSignals(True)
        if self.epic.findData(True) < 0:
            self.epic.addItem("Epic", True)
            self.epic.addItem("Not Epic", False)
        self.epic.blockSignals(False)
        self.difficulty.blockSignals(True)
        if self.difficulty.findData(True) < 0:
            self.difficulty.addItem(EXTREME_HORROR, True)
            self.difficulty.addItem(NORMAL, False)
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
            shown = replace(overall, label="The games chosen") if filtered else overall
            text = f"<b>{rate_text(shown)}</b>"
        elif filtered and self.entries:
            text = "No finished game matches these choices."
        else:
            text = "No finished games yet: finish a game and it is added to your record."
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
            self.rates_chart.show_rates("Your win rate", [stats.overall])
        else:
            rates = stats.breakdowns.get(title, [])
            heading = f"Win rate by {title}"
            if any(r.label == UNREVEALED and r.community is not None for r in rates):
                # Where the community's Unrevealed rate is drawn, why it is high.
                heading += f"<br><small>{UNREVEALED_NOTE}</small>"
            self.rates_chart.show_rates(heading, rates)


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


DIALOG_SIZE = QSize(900, 620)  # at 100% zoom


class ScrollWhenSmall(QScrollArea):
    """Its widget fills the viewport, and scrolls only when the viewport is smaller than the
    least the widget needs (a resizable scroll area gives a widget whose height depends on
    its width its preferred height instead, and scrolls at any size)."""

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return super().viewportEvent(event)

    def fit(self) -> None:
        widget = self.widget()
        if widget is None:
            return
        width = max(self.viewport().width(), widget.minimumSizeHint().width())
        layout = widget.layout()
        if layout is not None and layout.hasHeightForWidth():
            least = layout.minimumHeightForWidth(width)
        else:
            least = widget.minimumSizeHint().height()
        widget.resize(width, max(self.viewport().height(), least))


class StatsDialog(QDialog):
    def __init__(self, entries: Iterable[LogEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        from frightmare.ui.record.collection_page import CollectionSource

        owned = parent.owned_boxes() if isinstance(parent, CollectionSource) else None
        self.view = StatsView(entries, show_source=False, collection=owned)
        # On a screen too small for the view at the zoom in use, the view scrolls (its plots
        # keep their least readable size) and the Close button stays in sight.
        self.area = ScrollWhenSmall()
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        inner = self.view.layout()
        if inner is not None:  # the source line under the view's left edge
            bottom.setContentsMargins(inner.contentsMargins().left(), 0, 0, 0)
        bottom.addWidget(self.view.source, 1)
        bottom.addWidget(buttons, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addWidget(self.area, 1)
        layout.addLayout(bottom)
        self.fit_to_screen()

    def fit_to_screen(self) -> None:
        """900x620 at 100%, grown with the zoom and to the view's least size, within the
        screen (its frame and the desktop's panels allowed for)."""
        zoom = current_zoom()
        want = QSize(round(DIALOG_SIZE.width() * zoom), round(DIALOG_SIZE.height() * zoom))
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        least = self.view.minimumSizeHint() + QSize(
            margins.left() + margins.right(), margins.top() + margins.bottom()
        )
        want = want.expandedTo(least)
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry().size()
            want = want.boundedTo(QSize(area.width() - 16, area.height() - 48))
        self.resize(want)

    @classmethod
    def show_for(cls, parent: QWidget | None, entries: Iterable[LogEntry]) -> StatsDialog:
        """Open (not modal) over ``parent``; tests may replace this classmethod."""
        dialog = cls(entries, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog
