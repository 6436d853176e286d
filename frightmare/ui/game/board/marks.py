"""The board's outlines and ground, per theme, told apart by more than hue (issue 35).

Under simulated deuteranopia and protanopia the green "she can reach" outline and the yellow
keyboard cursor became the same beige. The cursor is now a double ring (a wide light ring
lined with a dark one in the dark theme, the reverse in the light one) set further out, so it
differs from the single reach outline by its shape and its lightness; the Convince outline is
dashed. ``tests/ui/test_colour_blind.py`` checks them under both simulations.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QApplication

from frightmare.model.values import frozen


@frozen(slots=False)
class Mark:
    """An outline around a space: its colour, width and how far out; a lining (a second,
    thinner ring just inside it) and a dash, when it has them."""

    colour: str
    width: float
    out: float
    lining: str | None = None
    dashed: bool = False

    def rings(self) -> int:
        return 2 if self.lining else 1

    def paint(self, painter: QPainter, rect: QRectF) -> None:
        style = Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(self.colour), self.width, style))
        o = self.out
        painter.drawRect(rect.adjusted(-o, -o, o, o))
        if self.lining is not None:
            painter.setPen(QPen(QColor(self.lining), self.width / 3))
            inner = o - self.width / 2 - self.width / 6
            painter.drawRect(rect.adjusted(-inner, -inner, inner, inner))


@frozen(slots=False)
class BoardLook:
    """One theme's board: its ground, roads and marks."""

    ground: str
    road: str
    road_dash: str
    reach: Mark
    convince: Mark
    cursor: Mark


DARK_BOARD = BoardLook(
    ground="#12141a",
    road="#3b3f4a",
    road_dash="#8a8f9c",
    reach=Mark("#45b872", 5, 5),
    convince=Mark("#b79cff", 5, 5, dashed=True),
    cursor=Mark("#ffffff", 7, 9, lining="#000000"),
)
LIGHT_BOARD = BoardLook(
    ground="#e8e2d6",
    road="#b8b0a2",
    road_dash="#6f685c",
    reach=Mark("#1e8a4c", 5, 5),
    convince=Mark("#6a3fc4", 5, 5, dashed=True),
    cursor=Mark("#000000", 7, 9, lining="#ffffff"),
)


def board_look(dark: bool | None = None) -> BoardLook:
    """The board of ``dark`` (by default: the theme in force)."""
    if dark is None:
        app = QApplication.instance()
        value = app.property("frightmare_dark") if app is not None else None
        dark = True if value is None else bool(value)
    return DARK_BOARD if dark else LIGHT_BOARD
