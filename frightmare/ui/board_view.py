"""Maple Lane drawn from the state: roads, Exits, Houses by quadrant, every piece and token."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from frightmare.model.board import Board
from frightmare.model.state import GameState
from frightmare.ui.art import draw_dr_fright

CELL = 160.0
QUADRANT_TINT = {
    "NW": QColor("#d9822b"),
    "NE": QColor("#d96c2b"),
    "SW": QColor("#c9852f"),
    "SE": QColor("#d9702b"),
}


class StreetsItem(QGraphicsObject):
    """The street plan: roads, spaces, names, burnt Houses and Roadblocks.

    It changes rarely, so Qt keeps it as a pixmap (device-coordinate cache) and a repaint of
    the board only blits it under the pieces.
    """

    def __init__(self, owner: BoardItem) -> None:
        super().__init__()
        self.owner = owner
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.key: tuple[object, ...] = ()

    def boundingRect(self) -> QRectF:
        return self.owner.boundingRect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.owner.paint_streets(painter)


class BoardItem(QGraphicsObject):
    """The pieces, tokens and highlights, over the cached street plan."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.state: GameState | None = None
        self.selected: str | None = None
        self.highlighted: dict[str, int] = {}
        self.convincible: set[str] = set()
        self.streets = StreetsItem(self)
        self.setZValue(1)

    def refresh_streets(self) -> None:
        table = self.state.table if self.state is not None else None
        key = (id(self.board), table.closed if table else None, table.roadblocks if table else None)
        if key != self.streets.key:
            self.streets.key = key
            self.streets.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-20, -20, 5 * CELL + 40, 5 * CELL + 40)

    def centre(self, space: str) -> QPointF:
        x, y = self.board.spaces[space].grid
        return QPointF((x + 0.5) * CELL, (y + 0.5) * CELL)

    def space_rect(self, space: str) -> QRectF:
        x, y = self.board.spaces[space].grid
        return QRectF(x * CELL + 10, y * CELL + 10, CELL - 20, CELL - 20)

    def space_at(self, point: QPointF) -> str | None:
        for space in self.board.spaces:
            if self.space_rect(space).contains(point):
                return space
        return None

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        busy: set[str] = set(self.highlighted) | self.convincible
        if self.selected is not None:
            busy.add(self.selected)
        if self.state is not None:
            table = self.state.table
            busy.update(table.victims, table.smalleys, table.x_tokens)
            busy.update(
                s
                for s in (
                    table.boyfriend,
                    table.killer,
                    table.final_girl,
                    table.bicycle,
                    table.cop_car.space if table.cop_car else None,
                )
                if s is not None
            )
        for space in busy:
            if space in self.board.spaces:
                self._paint_overlay(painter, space)

    def paint_streets(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        board = self.board
        # Roads first, under everything.
        painter.setPen(QPen(QColor("#3b3f4a"), 26, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for space in board.data.spaces:
            for n in space.neighbours:
                if space.id < n:
                    painter.drawLine(self.centre(space.id), self.centre(n))
        painter.setPen(QPen(QColor("#8a8f9c"), 2, Qt.PenStyle.DashLine))
        for space in board.data.spaces:
            for n in space.neighbours:
                if space.id < n and not board.is_house(n) and not board.is_house(space.id):
                    painter.drawLine(self.centre(space.id), self.centre(n))
        for space in board.data.spaces:
            self._paint_space(painter, space.id)

    def _paint_space(self, painter: QPainter, space: str) -> None:
        board, state = self.board, self.state
        rect = self.space_rect(space)
        kind = board.kind(space)
        table = state.table if state is not None else None
        painter.save()
        if kind == "house":
            closed = table is not None and space in table.closed
            tint = QColor("#4a3a33") if closed else QUADRANT_TINT[board.quadrant(space)]
            path = QPainterPath()
            roof = rect.top() + rect.height() * 0.32
            path.moveTo(rect.left() + 6, roof)
            path.lineTo(rect.center().x(), rect.top() + 2)
            path.lineTo(rect.right() - 6, roof)
            path.lineTo(rect.right() - 6, rect.bottom())
            path.lineTo(rect.left() + 6, rect.bottom())
            path.closeSubpath()
            painter.setBrush(tint.darker(160))
            painter.setPen(QPen(tint, 3))
            painter.drawPath(path)
            painter.setPen(QColor("#f3e3d0"))
            painter.setFont(_font(11, bold=True))
            painter.drawText(
                QRectF(rect.left(), rect.top() + 4, rect.width(), roof - rect.top()),
                Qt.AlignmentFlag.AlignCenter,
                board.quadrant(space),
            )
            if closed:
                painter.setFont(_font(12, bold=True))
                painter.setPen(QColor("#ff8a50"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "BURNT")
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
                painter.drawLine(
                    rect.topLeft() + QPointF(16, 16), rect.bottomRight() - QPointF(16, 16)
                )
                painter.setPen(QPen(QColor("#111111"), 8))
                painter.drawLine(
                    rect.topRight() + QPointF(-16, 16), rect.bottomLeft() + QPointF(16, -16)
                )
        # Name, at the bottom of the space.
        painter.setPen(QColor("#e8e6e3"))
        painter.setFont(_font(8.5))
        painter.drawText(
            rect.adjusted(4, 0, -4, -4),
            Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
            board.name(space),
        )
        painter.restore()

    def _paint_overlay(self, painter: QPainter, space: str) -> None:
        rect = self.space_rect(space)
        painter.save()
        if self.state is not None:
            self._paint_tokens(painter, space, rect)
        # Plain solid outlines for highlights: dashed or rounded strokes cost far more to draw.
        if space in self.highlighted:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#63d68f"), 5))
            painter.drawRect(rect.adjusted(-5, -5, 5, 5))
        if space in self.convincible:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#b79cff"), 5))
            painter.drawRect(rect.adjusted(-5, -5, 5, 5))
        if space == self.selected:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#f2c14e"), 6))
            painter.drawRect(rect.adjusted(-8, -8, 8, 8))
        painter.restore()

    def _paint_tokens(self, painter: QPainter, space: str, rect: QRectF) -> None:
        assert self.state is not None
        table = self.state.table
        if space in table.x_tokens:
            painter.setPen(
                QPen(QColor("#e0443a"), 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            inset = rect.adjusted(28, 40, -28, -30)
            painter.drawLine(inset.topLeft(), inset.bottomRight())
            painter.drawLine(inset.topRight(), inset.bottomLeft())
        count = table.victims[space]
        if count:
            self._badge(
                painter,
                QPointF(rect.right() - 24, rect.top() + 26),
                str(count),
                QColor("#f2c14e"),
                QColor("#2a1d05"),
                20,
            )
        specials = [("S", QColor("#9ad0ff"))] * table.smalleys.count(space)
        if table.boyfriend == space:
            specials.append(("B", QColor("#ff9ad5")))
        for n, (letter, colour) in enumerate(specials):
            self._badge(
                painter,
                QPointF(rect.right() - 24 - 32 * (n + 1), rect.top() + 26),
                letter,
                colour,
                QColor("#111111"),
                14,
            )
        if table.cop_car is not None and table.cop_car.space == space:
            car = QRectF(rect.left() + 10, rect.top() + 12, 46, 24)
            painter.setBrush(QColor("#2d5bd7"))
            painter.setPen(QPen(QColor("#e8e6e3"), 2))
            painter.drawRoundedRect(car, 6, 6)
            painter.setPen(QColor("#ffffff"))
            painter.setFont(_font(9, bold=True))
            label = f"COP {table.cop_car.carried}" if table.cop_car.carried else "COP"
            painter.drawText(car, Qt.AlignmentFlag.AlignCenter, label)
        if table.bicycle == space:
            painter.setPen(QPen(QColor("#63d6d0"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            base = QPointF(rect.left() + 22, rect.bottom() - 44)
            painter.drawEllipse(base, 10, 10)
            painter.drawEllipse(base + QPointF(30, 0), 10, 10)
            painter.drawLine(base, base + QPointF(14, -14))
            painter.drawLine(base + QPointF(14, -14), base + QPointF(30, 0))
        if table.killer == space:
            disc = QRectF(rect.center().x() - 4, rect.center().y() - 30, 54, 54)
            painter.setBrush(QColor("#5c1414"))
            painter.setPen(QPen(QColor("#e0443a"), 3))
            painter.drawEllipse(disc)
            draw_dr_fright(painter, disc.adjusted(4, 4, -4, -4))
        if table.final_girl == space:
            disc = QRectF(rect.center().x() - 52, rect.center().y() - 30, 54, 54)
            painter.setBrush(QColor("#fbe9f0"))
            painter.setPen(QPen(QColor("#e05a8a"), 4))
            painter.drawEllipse(disc)
            painter.setPen(QColor("#6b1835"))
            painter.setFont(_font(20, bold=True))
            name = self.state.setup.final_girl if self.state is not None else "?"
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, name[:1].upper())

    def _badge(
        self,
        painter: QPainter,
        centre: QPointF,
        text: str,
        fill: QColor,
        ink: QColor,
        radius: float,
    ) -> None:
        painter.setBrush(QBrush(fill))
        painter.setPen(QPen(fill.darker(150), 2))
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(ink)
        painter.setFont(_font(radius * 0.75, bold=True))
        painter.drawText(
            QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            text,
        )


_FONTS: dict[tuple[float, bool], QFont] = {}


def _font(points: float, bold: bool = False) -> QFont:
    font = _FONTS.get((points, bold))
    if font is None:
        font = QFont()
        font.setPointSizeF(points)
        font.setBold(bold)
        _FONTS[(points, bold)] = font
    return font


class BoardView(QGraphicsView):
    """Click a space to select it; double-click or drag her token to move; arrows move the
    selection, Return moves her to it."""

    space_selected = Signal(str)
    move_requested = Signal(str)

    def __init__(self, board: Board, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Maple Lane board")
        self.setToolTip(
            "Click a space to see what can be done there. Double-click (or drag her token) to "
            "move. Arrow keys pick a space, Return moves there."
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QColor("#12141a"))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.item = BoardItem(board)
        self.scene_.addItem(self.item.streets)
        self.scene_.addItem(self.item)
        self._pressed: str | None = None
        self.setMinimumSize(360, 360)

    def show_state(
        self,
        state: GameState,
        selected: str | None,
        highlighted: dict[str, int],
        convincible: set[str],
    ) -> None:
        item = self.item
        item.state, item.selected = state, selected
        item.highlighted, item.convincible = highlighted, convincible
        item.refresh_streets()
        item.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event: QShowEvent) -> None:
        # A hidden tab does not learn its size; fit again when it comes into view.
        super().showEvent(event)
        self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def _space_at(self, event: QMouseEvent) -> str | None:
        return self.item.space_at(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = self._space_at(event)
        if self._pressed is not None:
            self.space_selected.emit(self._pressed)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pressed, self._pressed = self._pressed, None
        released = self._space_at(event)
        state = self.item.state
        if (
            state is not None
            and pressed is not None
            and released is not None
            and released != pressed
            and pressed == state.table.final_girl
        ):
            # Her token was dragged onto another space.
            self.space_selected.emit(released)
            self.move_requested.emit(released)
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        space = self._space_at(event)
        if space is not None:
            self.move_requested.emit(space)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        board = self.item.board
        current = self.item.selected or (
            self.item.state.table.final_girl if self.item.state else None
        )
        if event.key() in steps:
            dx, dy = steps[Qt.Key(event.key())]
            x, y = board.spaces[current].grid if current else (2, 2)
            by_grid = {s.grid: s.id for s in board.data.spaces}
            for distance in range(1, 5):
                target = by_grid.get((x + dx * distance, y + dy * distance))
                if target is not None:
                    self.space_selected.emit(target)
                    break
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and current is not None:
            self.move_requested.emit(current)
            return
        super().keyPressEvent(event)
