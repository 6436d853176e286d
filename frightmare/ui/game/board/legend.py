"""The board's legend: what its tokens, badges and outlines mean, each beside its picture."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from frightmare.i18n import N_, _
from frightmare.model.box import names
from frightmare.model.box.cards import DR_FRIGHT
from frightmare.ui.art import draw_dr_fright
from frightmare.ui.game.board.geometry import scene_font
from frightmare.ui.game.board.pieces import draw_fireworks, draw_trap

LEGEND: tuple[tuple[str, str], ...] = (
    ("her", N_("The Final Girl (her initial): drag her, or double-click a space, to move")),
    ("him", N_("{killer}: drag him to place him")),
    ("victims", N_("Yellow badge: how many Victims stand on the space")),
    ("S", N_("S: a Smalley (Event: The Smalleys)")),
    ("B", N_("B: the Boyfriend (Event: Boyfriend)")),
    ("x", N_("Red X: a searched House")),
    ("trap", N_("TRAP: a booby trap (Odds and Ends): an Enemy coming in sets it off")),
    ("fireworks", N_("Gold burst: the Fireworks token: {killer} goes for it first")),
    ("reach", N_("Green outline: a space she can move to now")),
    ("convince", N_("Purple outline: an occupied House, entered by Convince")),
    ("selected", N_("Yellow outline: the space selected")),
)


def _legend_icon(kind: str, size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(2, 2, size - 4, size - 4)
    if kind == "her":
        painter.setBrush(QColor("#fbe9f0"))
        painter.setPen(QPen(QColor("#e05a8a"), 2))
        painter.drawEllipse(rect)
        painter.setPen(QColor("#6b1835"))
        painter.setFont(scene_font(size * 0.5, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "N")
    elif kind == "him":
        painter.setBrush(QColor("#5c1414"))
        painter.setPen(QPen(QColor("#e0443a"), 2))
        painter.drawEllipse(rect)
        draw_dr_fright(painter, rect.adjusted(2, 2, -2, -2))
    elif kind in ("victims", "S", "B"):
        fill = {"victims": "#f2c14e", "S": "#9ad0ff", "B": "#ff9ad5"}[kind]
        painter.setBrush(QColor(fill))
        painter.setPen(QPen(QColor(fill).darker(150), 2))
        painter.drawEllipse(rect)
        painter.setPen(QColor("#111111"))
        painter.setFont(scene_font(size * 0.55, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "2" if kind == "victims" else kind)
    elif kind == "x":
        painter.setPen(QPen(QColor("#e0443a"), 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        inset = rect.adjusted(4, 4, -4, -4)
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
    elif kind == "trap":
        draw_trap(painter, QRectF(0, size * 0.3, size, size * 0.4))
    elif kind == "fireworks":
        draw_fireworks(painter, rect.center(), rect.width() / 2)
    else:
        colour = {"reach": "#63d68f", "convince": "#b79cff", "selected": "#f2c14e"}[kind]
        painter.setBrush(QColor("#2a2d36"))
        painter.setPen(QPen(QColor(colour), 4))
        painter.drawRect(rect.adjusted(2, 2, -2, -2))
    painter.end()
    return pixmap


class BoardLegend(QWidget):
    """What the board's tokens, badges and outlines mean."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Board legend"))
        self.grid = QGridLayout(self)
        self.icons: list[tuple[QLabel, str]] = []
        self.texts: list[tuple[QLabel, str]] = []
        for row, (kind, text) in enumerate(LEGEND):
            icon = QLabel()
            label = QLabel(_(text).format(killer=names.shown("killer", DR_FRIGHT)))
            self.texts.append((label, text))
            label.setWordWrap(True)
            self.grid.addWidget(icon, row, 0)
            self.grid.addWidget(label, row, 1)
            self.icons.append((icon, kind))
        self.grid.setColumnStretch(1, 1)
        self.grid.setRowStretch(len(LEGEND), 1)
        self._draw()

    def set_killer(self, killer: str) -> None:
        for label, text in self.texts:
            label.setText(_(text).format(killer=names.shown("killer", killer)))

    def _draw(self) -> None:
        size = round(self.fontMetrics().height() * 1.6)
        for icon, kind in self.icons:
            icon.setPixmap(_legend_icon(kind, size))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._draw()
