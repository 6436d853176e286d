"""The street plan drawn: roads, spaces, names, burnt Houses and Roadblocks (the view keeps it as
its cached background)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from frightmare import i18n
from frightmare.i18n import _
from frightmare.model.box.board import quadrant_label
from frightmare.ui.game.board.geometry import WALL, BoardGeometry, Recording, scene_font
from frightmare.ui.game.board.marks import board_look

QUADRANT_TINT = {
    "NW": QColor("#d9822b"),
    "NE": QColor("#d96c2b"),
    "SW": QColor("#c9852f"),
    "SE": QColor("#d9702b"),
}


def paint_streets(painter: QPainter, geometry: BoardGeometry) -> None:
    """The whole street plan, recorded once for what it shows (the board, its burnt Houses
    and Roadblocks, the zoom, the theme and the language) and replayed at the view's scale:
    a resize draws it again at every size the window passes through."""
    table = geometry.state.table if geometry.state is not None else None
    key = (
        id(geometry.board),
        table.closed if table is not None else None,
        table.roadblocks if table is not None else None,
        geometry.grow(),
        board_look(),
        i18n.language(),
    )
    plan = geometry.street_plan
    if plan is None or plan[0] != key:
        recording = Recording()
        draw_streets(recording.painter(), geometry)
        plan = geometry.street_plan = (key, recording)
    plan[1].replay(painter)


def draw_streets(painter: QPainter, geometry: BoardGeometry) -> None:
    """The whole street plan: the roads, then each space with its name."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    board = geometry.board
    # Roads first, under everything.
    look = board_look()
    painter.setPen(QPen(QColor(look.road), 26, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for space in board.data.spaces:
        for n in space.neighbours:
            if space.id < n:
                painter.drawLine(geometry.centre(space.id), geometry.centre(n))
    painter.setPen(QPen(QColor(look.road_dash), 2, Qt.PenStyle.DashLine))
    for space in board.data.spaces:
        for n in space.neighbours:
            if space.id < n and not board.is_house(n) and not board.is_house(space.id):
                painter.drawLine(geometry.centre(space.id), geometry.centre(n))
    for space in board.data.spaces:
        _paint_space(painter, geometry, space.id)


def _paint_space(painter: QPainter, geometry: BoardGeometry, space: str) -> None:
    board, state = geometry.board, geometry.state
    rect = geometry.space_rect(space)
    kind = board.kind(space)
    table = state.table if state is not None else None
    painter.save()
    if kind == "house":
        closed = table is not None and space in table.closed
        tint = QColor("#4a3a33") if closed else QUADRANT_TINT[board.quadrant(space)]
        path = QPainterPath()
        roof = rect.top() + rect.height() * 0.3
        path.moveTo(rect.left() + WALL, roof)
        path.lineTo(rect.center().x(), rect.top() + 2)
        path.lineTo(rect.right() - WALL, roof)
        path.lineTo(rect.right() - WALL, rect.bottom())
        path.lineTo(rect.left() + WALL, rect.bottom())
        path.closeSubpath()
        painter.setBrush(tint.darker(160))
        painter.setPen(QPen(tint, 3))
        painter.drawPath(path)
        painter.setPen(QColor("#f3e3d0"))
        painter.setFont(geometry.quadrant_font())
        # The quadrant's short name as the player's language writes it (NO for NE in German,
        # Spanish and French; Polish keeps the international compass letters).
        painter.drawText(
            geometry.quadrant_rect(space),
            Qt.AlignmentFlag.AlignCenter,
            quadrant_label(board.quadrant(space)),
        )
        if closed:  # no piece may stand in a burnt House: the middle is free
            painter.setPen(QPen(QColor("#ff6a2b"), 4, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            painter.setFont(scene_font(20 * geometry.grow(), bold=True))
            painter.setPen(QColor("#ff8a50"))
            middle = QRectF(rect.left(), roof, rect.width(), geometry.name_band(space).top() - roof)
            # Translators: painted in capitals across a House that Fire burnt (closed).
            painter.drawText(middle, Qt.AlignmentFlag.AlignCenter, _("BURNT"))
    else:
        colours = {
            "exit": ("#1f5a3a", "#3fa46a"),
            "street": ("#2a2d36", "#5a5f6d"),
            "intersection": ("#23262e", "#7a7f8c"),
        }
        fill, edge = colours[kind]
        painter.setBrush(QColor(fill))
        painter.setPen(QPen(QColor(edge), 3))
        painter.drawRoundedRect(rect, 14, 14)
        if table is not None and space in table.roadblocks:
            painter.setPen(QPen(QColor("#f2c14e"), 8))
            painter.drawLine(rect.topLeft() + QPointF(16, 16), rect.bottomRight() - QPointF(16, 16))
            painter.setPen(QPen(QColor("#111111"), 8))
            painter.drawLine(
                rect.topRight() + QPointF(-16, 16), rect.bottomLeft() + QPointF(16, -16)
            )
    # Name, in its own band at the bottom of the space: no token is drawn there. A name
    # whose longest word is wider than the space is drawn condensed, never smaller.
    painter.setPen(QColor("#f3efe9"))
    band = geometry.name_rect(space)
    text = geometry.label(space)
    stretch = geometry.name_stretch(space)
    painter.setFont(geometry.name_font())
    painter.translate(band.center().x(), 0)
    painter.scale(stretch, 1.0)
    wide = band.width() / stretch
    painter.drawText(
        QRectF(-wide / 2, band.top(), wide, band.height()),
        Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
        text,
    )
    painter.restore()
