"""The Win rates tab: one breakdown's rates, the player's with its 95% interval beside the
community's, a value each."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCharts import QBarCategoryAxis, QBoxPlotSeries, QBoxSet, QScatterSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QBrush, QFontMetrics, QPen, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QWidget

from frightmare.i18n import N_, _, ngettext
from frightmare.model.record.statistics import Rate
from frightmare.ui.record.stats.chart import THEM, YOU, Chart, percent_axis, show_tip
from frightmare.ui.record.stats.rate_words import rate_label, rate_text

MAX_CATEGORIES = 12  # a breakdown with more values shows its most played ones
NAME_LINES = 2  # a value's name on a plot's axis, at most (its games' count below)


# Translators: the Win rates plot's y axis, in full and (on a short plot) in short.
Y_TITLE, Y_TITLE_SHORT = N_("Final Girl wins"), N_("Wins")


def _fit_title(axis: QValueAxis, height: float) -> None:
    """The rates' y axis titled in full where the plot is tall enough, else in short."""
    metrics = QFontMetrics(axis.titleFont())
    title = _(Y_TITLE)
    axis.setTitleText(title if metrics.horizontalAdvance(title) + 8 <= height else _(Y_TITLE_SHORT))


def _games(rate: Rate) -> str:
    """A value's games, the last line of its label (no brackets: a line to spare at 150%)."""
    return ngettext("{count} game", "{count} games", rate.games).format(count=rate.games)


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


class RatesChart(Chart):
    """One breakdown: the player's rate (a square) with its 95% interval (whiskers) and the
    community's rate (a ring) for each value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(N_("Win rates with 95% intervals, beside the community's"), parent)
        self.rates: list[Rate] = []
        self.boxes = QBoxPlotSeries()
        self.every: list[Rate] = []  # the breakdown's values, the most played first
        self.title = ""
        self.breakdown: str | None = None
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
                metrics.horizontalAdvance(_("Nightmare")),
                *(metrics.horizontalAdvance(_games(r)) for r in shown),
            )
            if room >= need and all(
                len(_wrapped(rate_label(r, self.breakdown), room, metrics)) <= NAME_LINES
                for r in shown
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
            self.show_rates(self.title, self.every, self.breakdown)

    def show_rates(self, title: str, rates: Sequence[Rate], breakdown: str | None = None) -> None:
        """Draw ``rates`` under ``title``; ``breakdown``: the title of the breakdown they are
        of (their labels are names of its kind), None for the overall rate."""
        self.breakdown = breakdown
        self.every = list(rates)
        self.rates = list(rates[: self.shown_count(rates)])
        self.title = title
        self.wrap = self.wrap_width()
        if len(self.rates) < len(rates):
            title += _(
                "<br><small>its {count} most played of {total}; every one in the Table</small>"
            ).format(count=len(self.rates), total=len(rates))
        chart = self.fresh_chart(title)
        mine = self.boxes = QBoxPlotSeries()
        # One legend entry for the player's square and whiskers: two swatches of one colour
        # ("Your 95% interval", "Your win rate") read as the same thing twice.
        mine.setName(_("You: win rate (square) and its 95% interval"))
        mine.setBrush(QBrush(YOU))
        mine.setPen(QPen(YOU, 2))
        mine.setBoxWidth(0.25)
        dots = QScatterSeries()
        dots.setName(_("Your win rate"))
        dots.setMarkerShape(QScatterSeries.MarkerShape.MarkerShapeRectangle)
        dots.setColor(YOU)
        dots.setBorderColor(YOU)
        dots.setMarkerSize(11)
        theirs = QScatterSeries()
        theirs.setName(_("Community"))
        theirs.setColor(Qt.GlobalColor.transparent)
        theirs.setBorderColor(THEM)
        theirs.setPen(QPen(THEM, 3))
        theirs.setMarkerSize(20)
        labels = []
        for n, rate in enumerate(self.rates):
            low, high = rate.interval
            lines = _wrapped(rate_label(rate, breakdown), self.wrap, self.fontMetrics())
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
        y.setTitleText(_(Y_TITLE))
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
        self.setAccessibleDescription("; ".join(rate_text(r, breakdown) for r in self.rates))

    def _box_hovered(self, status: bool, box: QBoxSet) -> None:
        if not status:
            return
        labels = [box_set.label() for box_set in self.boxes.boxSets()]
        if box.label() in labels:
            show_tip(rate_text(self.rates[labels.index(box.label())], self.breakdown))

    def _dot_hovered(self, point: QPointF, status: bool) -> None:
        index = round(point.x())
        if status and 0 <= index < len(self.rates):
            show_tip(rate_text(self.rates[index], self.breakdown))
