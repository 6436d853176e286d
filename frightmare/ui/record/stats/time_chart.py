"""The Over time tab: the player's win rate so far, game by game, beside the community's."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import QLineSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from frightmare.i18n import N_, _, ngettext
from frightmare.model.record.digest import OverTime
from frightmare.model.record.statistics import Statistics, TimePoint
from frightmare.ui.record.stats.chart import THEM, YOU, Chart, percent_axis, show_tip
from frightmare.ui.record.stats.rate_words import pct

# The most points the Over time plot draws: up to 5,000 games, one a game; beyond, evenly
# spread (100,000 games made a point each, 0.3 s a redraw, more points than the plot has
# pixels). The tooltip still reads the game under the mouse exactly.
MAX_TIME_POINTS = 5000


class TimeChart(Chart):
    """Win rate so far, game after game, with the community's overall rate as a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(N_("Results over time"), parent)
        self.stats: Statistics | None = None

    def show_stats(self, stats: Statistics) -> None:
        self.stats = stats
        chart = self.fresh_chart(_("Your win rate so far, game by game"))
        line = QLineSeries()
        line.setName(_("You: wins so far"))
        line.setPen(QPen(YOU, 2))
        line.replace([QPointF(games, 100 * rate) for games, rate in _drawn(stats.over_time)])
        chart.addSeries(line)
        games = max(1, len(stats.over_time))
        series: list[QLineSeries] = [line]
        community = stats.overall.community
        if community is not None:
            ref = QLineSeries()
            ref.setName(
                # Translators: the community's line in the Over time plot; {scope}: which games.
                _("Community, {scope}: {rate}").format(
                    scope=community.scope, rate=pct(community.rate)
                )
            )
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
        x.setTitleText(_("Games played"))
        y = percent_axis()
        for axis, side in ((x, Qt.AlignmentFlag.AlignBottom), (y, Qt.AlignmentFlag.AlignLeft)):
            self.style_axis(axis)
            chart.addAxis(axis, side)
            for s in series:
                s.attachAxis(axis)
        line.hovered.connect(self._hovered)
        last = stats.over_time[-1] if stats.over_time else None
        self.setAccessibleDescription(
            ngettext(
                "After {games} game: {wins} won ({rate}).",
                "After {games} games: {wins} won ({rate}).",
                last.games,
            ).format(games=last.games, wins=last.wins, rate=pct(last.rate))
            if last
            else _("No games.")
        )

    def _hovered(self, point: QPointF, status: bool) -> None:
        if not status or self.stats is None or not self.stats.over_time:
            return
        index = min(max(round(point.x()) - 1, 0), len(self.stats.over_time) - 1)
        p = self.stats.over_time[index]
        text = (
            _("Game {number} ({day}): won; {wins} of {games} won so far ({rate})")
            if p.won
            else _("Game {number} ({day}): lost; {wins} of {games} won so far ({rate})")
        )
        show_tip(
            text.format(number=p.games, day=p.day, wins=p.wins, games=p.games, rate=pct(p.rate))
        )


def _drawn(over_time: Sequence[TimePoint]) -> list[tuple[int, float]]:
    """The points the Over time plot draws, ``(games, win rate so far)``: every one, or as
    many as a plot can show."""
    if isinstance(over_time, OverTime):
        return over_time.rates(MAX_TIME_POINTS)
    return [(p.games, p.rate) for p in over_time]
