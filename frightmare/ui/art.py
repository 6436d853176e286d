"""The app's own artwork, drawn with QPainter: no scans, no copied card art."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
)

from frightmare.i18n import _

if TYPE_CHECKING:
    from PySide6.QtGui import QLinearGradient


@cache
def _gradient() -> type[QLinearGradient]:
    """QLinearGradient, named as a Boiler Room card is first drawn: PySide makes QGradient's
    182 enums (169 of them its presets) when it is first named, about 16 million
    instructions, and a launch into a game whose Boiler Room is not shown draws none."""
    from PySide6.QtGui import QLinearGradient

    return QLinearGradient


def draw_dr_fright(painter: QPainter, rect: QRectF) -> None:
    """A hat-brimmed silhouette with glowing eyes and a clawed glove, fitted into ``rect``."""
    painter.save()
    size = min(rect.width(), rect.height())
    painter.translate(rect.center())
    painter.scale(size / 100, size / 100)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    shadow = QColor("#0b0b10")
    # Shoulders and head
    body = QPainterPath()
    body.moveTo(-38, 48)
    body.cubicTo(-36, 18, -20, 10, 0, 10)
    body.cubicTo(20, 10, 36, 18, 38, 48)
    body.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(shadow)
    painter.drawPath(body)
    painter.drawEllipse(QRectF(-17, -22, 34, 38))
    # Hat: brim and crown
    painter.setBrush(QColor("#3a2a1e"))
    painter.drawEllipse(QRectF(-32, -24, 64, 12))
    crown = QPainterPath()
    crown.moveTo(-18, -19)
    crown.lineTo(-15, -44)
    crown.quadTo(0, -50, 15, -44)
    crown.lineTo(18, -19)
    crown.closeSubpath()
    painter.drawPath(crown)
    painter.setBrush(QColor("#8c1c13"))
    painter.drawRect(QRectF(-17, -26, 34, 5))
    # Eyes
    painter.setBrush(QColor("#ffd23f"))
    painter.drawEllipse(QRectF(-10, -8, 7, 4))
    painter.drawEllipse(QRectF(3, -8, 7, 4))
    # Clawed glove, raised
    pen = QPen(QColor("#c9c9c9"), 3)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    for dx in (-6, 0, 6, 12):
        painter.drawLine(QPointF(30 + dx * 0.6, 8), QPointF(36 + dx, -14 + abs(dx) * 0.5))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#5b3a29"))
    painter.drawEllipse(QRectF(24, 4, 16, 14))
    painter.restore()


def draw_card_face(painter: QPainter, rect: QRectF, *, dim: bool = False) -> None:
    """A Boiler Room card: rusted pipes on a dark wall, split in four quadrants."""
    painter.save()
    gradient = _gradient()(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0, QColor("#2c1f1f" if not dim else "#221a1a"))
    gradient.setColorAt(1, QColor("#15100f"))
    painter.setBrush(QBrush(gradient))
    painter.setPen(QPen(QColor("#6e4a3a"), 2))
    painter.drawRoundedRect(rect, 8, 8)
    pipe = QPen(QColor("#7a3b22" if not dim else "#4b2a1c"), max(2.0, rect.width() / 22))
    pipe.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pipe)
    inset = rect.adjusted(10, 10, -10, -10)
    painter.drawLine(
        QPointF(inset.left(), inset.top() + inset.height() * 0.2),
        QPointF(inset.right(), inset.top() + inset.height() * 0.2),
    )
    painter.drawLine(
        QPointF(inset.left() + inset.width() * 0.75, inset.top()),
        QPointF(inset.left() + inset.width() * 0.75, inset.bottom()),
    )
    painter.drawLine(
        QPointF(inset.left(), inset.top() + inset.height() * 0.78),
        QPointF(inset.left() + inset.width() * 0.4, inset.top() + inset.height() * 0.78),
    )
    # Quadrant guides, faint: the player reads the card by quarters.
    painter.setPen(QPen(QColor(255, 255, 255, 28), 1, Qt.PenStyle.DashLine))
    painter.drawLine(
        QPointF(rect.center().x(), rect.top() + 6), QPointF(rect.center().x(), rect.bottom() - 6)
    )
    painter.drawLine(
        QPointF(rect.left() + 6, rect.center().y()), QPointF(rect.right() - 6, rect.center().y())
    )
    painter.restore()


def draw_card_back(painter: QPainter, rect: QRectF) -> None:
    painter.save()
    painter.setBrush(QColor("#2b2340"))
    painter.setPen(QPen(QColor("#544a75"), 2))
    painter.drawRoundedRect(rect, 8, 8)
    painter.setPen(QPen(QColor("#3c3358"), 1))
    step = 12.0
    x = rect.left() + 6
    while x < rect.right() - 6:
        painter.drawLine(QPointF(x, rect.top() + 6), QPointF(x, rect.bottom() - 6))
        x += step
    painter.restore()


def draw_sleep_card(painter: QPainter, rect: QRectF, *, awake: bool) -> None:
    """The Awake/Asleep card: a porch-lit sun when Awake, a moon over the lane when Asleep."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    gradient = _gradient()(rect.topLeft(), rect.bottomLeft())
    if awake:
        gradient.setColorAt(0, QColor("#f6d38a"))
        gradient.setColorAt(1, QColor("#d9894a"))
    else:
        gradient.setColorAt(0, QColor("#2a1f4d"))
        gradient.setColorAt(1, QColor("#120e24"))
    painter.setBrush(QBrush(gradient))
    painter.setPen(QPen(QColor("#f2c14e" if awake else "#7c5cbf"), 3))
    painter.drawRoundedRect(rect, 10, 10)
    radius = rect.width() * 0.18
    centre = QPointF(rect.center().x(), rect.top() + rect.height() * 0.36)
    painter.setPen(Qt.PenStyle.NoPen)
    if awake:
        painter.setBrush(QColor("#fff4c2"))
        painter.drawEllipse(centre, radius, radius)
    else:
        painter.setBrush(QColor("#e8e3ff"))
        painter.drawEllipse(centre, radius, radius)
        painter.setBrush(QColor("#1f1740"))
        painter.drawEllipse(centre + QPointF(radius * 0.45, -radius * 0.2), radius, radius)
    # The word the banner shows, in the player's language (issue 30: it was English in every
    # language); a longer word is drawn smaller, to stay on the card.
    word = _("AWAKE") if awake else _("ASLEEP")
    font = painter.font()
    font.setPointSizeF(max(8.0, rect.width() / 9))
    font.setBold(True)
    wide = QFontMetricsF(font).horizontalAdvance(word)
    if wide > rect.width() * 0.9:
        font.setPointSizeF(max(5.0, font.pointSizeF() * rect.width() * 0.9 / wide))
    painter.setFont(font)
    painter.setPen(QColor("#3b2412" if awake else "#e8e3ff"))
    text_rect = QRectF(
        rect.left(), rect.top() + rect.height() * 0.62, rect.width(), rect.height() * 0.2
    )
    painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, word)
    painter.restore()


def draw_reported_card(
    painter: QPainter,
    rect: QRectF,
    seen: Iterable[tuple[float, float, bool]],
    *,
    dim: bool = False,
) -> None:
    """A real card the app never saw, drawn only as reported.

    ``seen`` lists the quarters the player reported on, as (column, row, Dr. Fright there);
    the other quarters stay blank with a question mark: no invented card art.
    """
    painter.save()
    painter.setBrush(QColor("#1c1a20" if not dim else "#17151a"))
    painter.setPen(QPen(QColor("#6b6470"), 2, Qt.PenStyle.DashLine))
    painter.drawRoundedRect(rect, 8, 8)
    half_w, half_h = rect.width() / 2, rect.height() / 2
    known: dict[tuple[float, float], bool] = {(x, y): fright for x, y, fright in seen}
    font = painter.font()
    font.setPointSizeF(max(6.0, half_w / 5))
    font.setBold(True)
    painter.setFont(font)
    for cx in (0.0, 1.0):
        for cy in (0.0, 1.0):
            cell = QRectF(rect.left() + cx * half_w, rect.top() + cy * half_h, half_w, half_h)
            if (cx, cy) not in known:
                painter.setPen(QColor("#6b6470"))
                painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, "?")
            elif known[(cx, cy)]:
                draw_dr_fright(painter, cell.adjusted(6, 6, -6, -6))
            else:
                painter.setPen(QColor("#9aa0ad"))
                painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, "no\nDr. F")
    painter.restore()
