"""What every plot of the statistics shares: a chart view in the app's colours (dark or light
theme), the percent axis, the player's and the community's colours, the tooltip."""

from __future__ import annotations

from PySide6.QtCharts import QBarCategoryAxis, QChart, QChartView, QValueAxis
from PySide6.QtCore import QEvent, QMargins, Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QGuiApplication, QPainter, QPalette
from PySide6.QtWidgets import QToolTip, QWidget

from frightmare.i18n import _

YOU = QColor("#d6453d")  # the app's accent: the player's own figures
THEM = QColor("#3f8fd6")  # the community's
BEST = QColor("#3fa46a")
CHART_LINES = 13  # a plot's least height, in lines of its font
PERCENT_MARGIN = 4  # percentage points drawn beyond 0% and 100%


def _theme() -> QPalette:
    """The app's palette (dark or light theme). Read from the application, not the widget:
    under the app's style sheet a widget keeps the palette it was polished with."""
    return QGuiApplication.palette()


class Chart(QChartView):
    """A chart view following the app's palette (dark or light theme)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        """``name``: the chart's accessible name, in English (marked ``N_``; shown with ``_``)."""
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAccessibleName(_(name))
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


def show_tip(text: str) -> None:
    QToolTip.showText(QCursor.pos(), text)
