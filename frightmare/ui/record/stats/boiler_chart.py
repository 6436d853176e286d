"""The Boiler Room tab: the player's attacks per whole dream against best play's 31/24."""

from __future__ import annotations

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from frightmare.i18n import N_, _, ngettext
from frightmare.model.record.statistics import Statistics
from frightmare.ui.record.stats.chart import BEST, YOU, Chart, show_tip


class BoilerChart(Chart):
    """Boiler Room attacks per whole dream: yours against best play's 31/24."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(N_("Boiler Room attacks per dream"), parent)
        self.text = ""

    def show_stats(self, stats: Statistics) -> None:
        boiler = stats.boiler
        chart = self.fresh_chart(_("Boiler Room: attacks per dream (four cards)"))
        bars = QBarSeries()
        yours = QBarSet(_("You"))
        yours.setColor(YOU)
        best = QBarSet(_("Best play (31/24)"))
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
        x.append(
            [
                ngettext("{count} whole dream", "{count} whole dreams", boiler.dreams).format(
                    count=boiler.dreams
                )
            ]
        )
        y = QValueAxis()
        y.setRange(0, max(2.0, (mine or 0) * 1.2, boiler.expected * 1.2))
        y.setTitleText(_("Attacks"))
        for axis, side in ((x, Qt.AlignmentFlag.AlignBottom), (y, Qt.AlignmentFlag.AlignLeft)):
            self.style_axis(axis)
            chart.addAxis(axis, side)
            bars.attachAxis(axis)
        if mine is None:
            self.text = _("No whole dream logged yet (all four Boiler Room cards seen).")
        else:
            self.text = ngettext(
                "You: {attacks} attacks in {dreams} whole dream, {mine} per dream; best play "
                "expects {best} (31/24).",
                "You: {attacks} attacks in {dreams} whole dreams, {mine} per dream; best play "
                "expects {best} (31/24).",
                boiler.dreams,
            ).format(
                attacks=boiler.attacks,
                dreams=boiler.dreams,
                mine=f"{mine:.2f}",
                best=f"{boiler.expected:.2f}",
            )
        if boiler.cards:
            self.text += " " + _("Over all {cards} cards resolved: {attacks} attacks.").format(
                cards=boiler.cards, attacks=boiler.card_attacks
            )
        bars.hovered.connect(self._hovered)
        self.setAccessibleDescription(self.text)

    def _hovered(self, status: bool, index: int, bar: QBarSet) -> None:
        if status:
            show_tip(self.text)
