"""Maple Lane drawn from the state: roads, Exits, Houses by quadrant, every piece and token."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.box.board import Board
from frightmare.model.box.cards import DR_FRIGHT
from frightmare.model.game.state import GameState
from frightmare.model.wording import counted
from frightmare.ui.art import draw_dr_fright
from frightmare.ui.theme import current_zoom

BOARD_TIP = (
    "Click a space (or pick it with the arrow keys and press Return) to see its plays beside "
    "it. Double-click a space, or drag her token, to move her; drag his token to place him."
)

CELL = 160.0
INSET = 8.0  # a space's margin in its cell: the roads show in the gaps, 16 units wide
NARROWEST = 0.78  # how far a name may be drawn condensed to fit its space
MOST_GROWTH = 1.35  # the zoom at which a space's marks stop growing (they fill it then)
QUADRANT_TINT = {
    "NW": QColor("#d9822b"),
    "NE": QColor("#d96c2b"),
    "SW": QColor("#c9852f"),
    "SE": QColor("#d9702b"),
}


class StreetsItem:
    """The street plan: roads, spaces, names, burnt Houses and Roadblocks.

    It changes rarely, so the view keeps it as a pixmap (its cached background) and a repaint
    of the board only blits it under the pieces.
    """

    def __init__(self, owner: BoardItem) -> None:
        self.owner = owner
        self.key: tuple[object, ...] = ()

    def boundingRect(self) -> QRectF:
        return self.owner.boundingRect()

    def update(self) -> None:
        """Draw the street plan again (its pixmap is made anew)."""
        view = self.owner.view
        if view is not None:
            view.resetCachedContent()
            view.scene_.update()


class BoardItem:
    """The pieces, tokens and highlights, over the cached street plan.

    Its view draws it (``BoardView.drawForeground``), in scene coordinates, rather than the
    scene as an item of its own: PySide makes the Python classes of every widget of QtWidgets
    the first time Qt hands a Python item's ``paint`` its widget (about 10 ms of the launch's
    first paint)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.view: BoardView | None = None  # the view that draws it (set by BoardView)
        self.state: GameState | None = None
        self.selected: str | None = None
        self.highlighted: dict[str, int] = {}
        self.convincible: set[str] = set()
        self.zoom = 1.0  # the app's zoom: labels, tokens and badges grow with it
        self._name_font: tuple[tuple[int, int], QFont] | None = None
        self._stretch: dict[str, float] = {}  # each name's condensing, at the name font
        self.drag: tuple[str, QPointF] | None = None  # a token following the pointer
        self.streets = StreetsItem(self)

    def update(self) -> None:
        """Draw the pieces again, over the street plan as it is."""
        # Through the scene: asking the view for its viewport makes PySide build the classes
        # of every widget of QtWidgets (about 15 ms, the first time).
        if self.view is not None:
            self.view.scene_.update()

    def refresh_streets(self) -> None:
        table = self.state.table if self.state is not None else None
        key = (
            id(self.board),
            table.closed if table else None,
            table.roadblocks if table else None,
            self.zoom,
        )
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
        return QRectF(x * CELL + INSET, y * CELL + INSET, CELL - 2 * INSET, CELL - 2 * INSET)

    def space_at(self, point: QPointF) -> str | None:
        for space in self.board.spaces:
            if self.space_rect(space).contains(point):
                return space
        return None

    def paint(self, painter: QPainter) -> None:
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
                    table.fireworks,
                    table.cop_car.space if table.cop_car else None,
                )
                if s is not None
            )
            busy.update(table.booby_traps)
        for space in busy:
            if space in self.board.spaces:
                self._paint_overlay(painter, space)
        self.paint_drag(painter)

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
            roof = rect.top() + rect.height() * 0.3
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
            painter.setFont(self.quadrant_font())
            painter.drawText(
                self.quadrant_rect(space), Qt.AlignmentFlag.AlignCenter, board.quadrant(space)
            )
            if closed:  # no piece may stand in a burnt House: the middle is free
                painter.setPen(QPen(QColor("#ff6a2b"), 4, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
                painter.setFont(_font(20 * self.grow(), bold=True))
                painter.setPen(QColor("#ff8a50"))
                middle = QRectF(rect.left(), roof, rect.width(), self.name_band(space).top() - roof)
                painter.drawText(middle, Qt.AlignmentFlag.AlignCenter, "BURNT")
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
        # Name, in its own band at the bottom of the space: no token is drawn there. A name
        # whose longest word is wider than the space is drawn condensed, never smaller.
        painter.setPen(QColor("#f3efe9"))
        band = self.name_band(space).adjusted(3, 0, -3, 0)
        text = self.label(space)
        stretch = self.name_stretch(space)
        painter.setFont(self.name_font())
        painter.translate(band.center().x(), 0)
        painter.scale(stretch, 1.0)
        wide = band.width() / stretch
        painter.drawText(
            QRectF(-wide / 2, band.top(), wide, band.height()),
            Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
            text,
        )
        painter.restore()

    def grow(self) -> float:
        """How much the board's marks (names, counts, tokens) grow with the app's zoom: with
        it, up to the most a space holds (1.35); never below their 100% size."""
        return max(1.0, min(self.zoom, MOST_GROWTH))

    def name_px(self) -> float:
        """The names' size in scene units (about 14 px on screen at 1366x768, 100%)."""
        return 17.0 * self.grow()

    def count_px(self) -> float:
        """The Victim count's digits: the largest mark on a space (a digit over 20 px tall
        on screen at 1366x768, 100%)."""
        return 36.0 * self.grow()

    def count_font(self) -> QFont:
        return _font(self.count_px(), bold=True)

    def count_rect(self, space: str, count: int) -> QRectF:
        """The Victim count's disc (a pill for two digits) over the space's top right-hand
        corner, partly in the gap between spaces, so it takes little of the pieces' room."""
        rect = self.space_rect(space)
        height = self.count_px() * 1.25
        width = height if count < 10 else height * 1.45
        overhang = min(14.0, height * 0.25)  # into the gap: clear of the roof's quadrant
        return QRectF(rect.right() + overhang - width, rect.top() - overhang, width, height)

    def name_font(self) -> QFont:
        """One font for every name: ``name_px``, or the largest below it in which each name
        fits its space whole, on two lines at most, drawn condensed down to ``NARROWEST``
        (a long name wraps; a long word is condensed; no name is drawn smaller)."""
        key = (round(self.name_px() * 100), id(self.board))
        if self._name_font is not None and self._name_font[0] == key:
            return self._name_font[1]
        most = self.name_most()
        size = min(
            _fitted_font(
                self.label(s.id),
                (self.space_rect(s.id).width() - 6) / NARROWEST,
                most,
                self.name_px(),
            ).pixelSize()
            for s in self.board.data.spaces
        )
        font = _font(size, bold=True)
        self._name_font = (key, font)
        self._stretch.clear()
        return font

    def name_most(self) -> float:
        """The tallest a name's band may be: two lines."""
        return 2.2 * self.name_px() + 4

    def name_stretch(self, space: str) -> float:
        """How condensed the space's name is drawn (1: as the font is; ``NARROWEST`` at
        most): the least that lets each word fit the space's width, on two lines at most."""
        font = self.name_font()
        text = self.label(space)
        stretch = self._stretch.get(text)
        if stretch is not None:
            return stretch
        metrics = QFontMetricsF(font)
        width = self.space_rect(space).width() - 6
        stretch = 1.0
        while stretch > NARROWEST:
            wide = width / stretch
            words_fit = all(metrics.horizontalAdvance(w) <= wide for w in text.split())
            box = metrics.boundingRect(
                QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text
            )
            if words_fit and box.height() <= self.name_most() + 1:
                break
            stretch = max(NARROWEST, stretch - 0.02)
        self._stretch[text] = stretch
        return stretch

    def quadrant_font(self) -> QFont:
        """The quadrant on a House's roof (at least 12 px tall on screen at 1366x768)."""
        return _font(16 * self.grow(), bold=True)

    def quadrant_rect(self, space: str) -> QRectF:
        """The quadrant's label, at the roof's peak: the band above the pieces."""
        rect = self.space_rect(space)
        height = QFontMetricsF(self.quadrant_font()).height()
        return QRectF(rect.left(), rect.top() + 3, rect.width(), height)

    def label(self, space: str) -> str:
        """The name drawn on the space: a House drops its quadrant, shown on its roof, and a
        leading "The" (the whole name is in the Space panel and the tooltip), so "The Smalleys'
        House" wraps onto two lines at the size of every other name."""
        name = self.board.name(space)
        if self.board.kind(space) == "house":
            prefix = f"{self.board.quadrant(space)} House "
            if name.startswith(prefix):
                return name[len(prefix) :]
            if name.startswith("The "):
                return name[len("The ") :]
        return name

    def name_band(self, space: str) -> QRectF:
        """The bottom of the space, as tall as its name needs (one line or two)."""
        rect = self.space_rect(space)
        text = self.label(space)
        font = self.name_font()
        wide = (rect.width() - 6) / self.name_stretch(space)
        needed = QFontMetricsF(font).boundingRect(
            QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text
        )
        height = min(self.name_most(), needed.height() + 6)
        return QRectF(rect.left(), rect.bottom() - height, rect.width(), height)

    def badge_band(self, space: str) -> QRectF:
        """The top of the space, for badges and a House's quadrant; none there, and the
        pieces take the room."""
        rect = self.space_rect(space)
        height = self.badge_size() + 6 if self._has_badges(space) else 0.0
        if self.board.kind(space) == "house":
            roof = self.quadrant_rect(space).bottom() - rect.top()
            height = max(height, roof)
            if self.state is not None and space in self.state.table.booby_traps:
                height = roof + self.badge_size() + 4  # its tag, under the quadrant's label
        return QRectF(rect.left(), rect.top() + 2, rect.width(), height)

    def _has_badges(self, space: str) -> bool:
        if self.state is None:
            return False
        table = self.state.table
        return bool(
            space in table.smalleys
            or table.boyfriend == space
            or table.bicycle == space
            or table.fireworks == space
            or space in table.booby_traps
            or (table.cop_car is not None and table.cop_car.space == space)
        )

    def badge_size(self) -> float:
        return 22.0 * self.grow()

    def x_rect(self, space: str) -> QRectF:
        """A searched House's X: a disc over the roof's top left-hand corner."""
        rect = self.space_rect(space)
        side = 34.0 * self.grow()
        return QRectF(rect.left() - 6, rect.top() - 6, side, side)

    def corner_marks(self, space: str) -> list[QRectF]:
        """The marks over the space's top corners: the Victim count, a searched House's X."""
        if self.state is None:
            return []
        table = self.state.table
        marks = []
        count = table.victims[space]
        if count:
            marks.append(self.count_rect(space, count))
        if space in table.x_tokens:
            marks.append(self.x_rect(space))
        return marks

    def piece_rect(self, space: str, slot: int) -> QRectF:
        """Where a piece stands (slot 0 her, 1 him): side by side between the badges and the
        name, as large as the zoom makes it when the space has the room, and clear of the
        corner marks (the Victim count, the X), which grow with the zoom too: at 150% his
        token covered the count at Boyfriend's House, and the name under it."""
        return self._pieces(space)[slot]

    def _pieces(self, space: str) -> tuple[QRectF, QRectF]:
        rect = self.space_rect(space)
        top = self.badge_band(space).bottom()
        bottom = self.name_band(space).top() - 1
        marks = self.corner_marks(space)
        natural = self._side_by_side(rect.left() + 6, rect.right() - 6, top, bottom, wide=True)
        if not any(piece.intersects(mark) for piece in natural for mark in marks):
            return natural
        # Else the largest room the marks leave: under them across the space, or beside one
        # (left of the count, right of the X) under the others. A piece alone there takes
        # the room alone.
        table = self.state.table if self.state is not None else None
        alone = table is not None and (table.final_girl == space) != (table.killer == space)
        best, most = natural, 0.0
        lefts = [rect.left() + 6, *(m.right() + 2 for m in marks)]
        rights = [rect.right() - 6, *(m.left() - 2 for m in marks)]
        for left in lefts:
            for right in rights:
                if right <= left:
                    continue
                below = [m.bottom() + 2 for m in marks if m.left() < right and m.right() > left]
                room = (left, right, max([top, *below]), bottom)
                pieces = self._lone(*room) if alone else self._side_by_side(*room)
                size = pieces[0].width()
                if size > most and not any(p.intersects(m) for p in pieces for m in marks):
                    best, most = pieces, size
        return best

    def _side_by_side(
        self, left: float, right: float, top: float, bottom: float, *, wide: bool = False
    ) -> tuple[QRectF, QRectF]:
        """Her token and his, side by side in the middle of the room given; ``wide``: the
        room is the space's whole width (each takes up to half of it, less a margin)."""
        room = (right - left + 12) / 2 - 6 if wide else (right - left - 4) / 2
        size = max(24.0, min(bottom - top, room, 44.0 * self.grow()))
        centre_x, y = (left + right) / 2, (top + bottom - size) / 2
        offset = size / 2 + 2
        her = QRectF(centre_x - offset - size / 2, y, size, size)
        him = QRectF(centre_x + offset - size / 2, y, size, size)
        return her, him

    def _lone(self, left: float, right: float, top: float, bottom: float) -> tuple[QRectF, QRectF]:
        """One piece alone on its space, in the middle of the room given (either slot)."""
        size = max(24.0, min(bottom - top, right - left, 44.0 * self.grow()))
        piece = QRectF((left + right - size) / 2, (top + bottom - size) / 2, size, size)
        return piece, piece

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
        """Badges in the top band, pieces in the middle, the name's band left free."""
        assert self.state is not None
        table = self.state.table
        band = self.badge_band(space)
        size = self.badge_size()
        radius = size / 2
        cy = band.center().y()
        # Right to left, left of the Victim count: the Boyfriend and the Smalleys.
        count = table.victims[space]
        right = band.right() - 4
        if count:
            right = self.count_rect(space, count).left() - 3
        specials = [("S", QColor("#9ad0ff"))] * table.smalleys.count(space)
        if table.boyfriend == space:
            specials.append(("B", QColor("#ff9ad5")))
        for letter, colour in specials:
            small = radius * 0.8
            self._badge(painter, QPointF(right - small, cy), letter, colour, QColor("#111"), small)
            right -= 2 * small + 3
        # Left to right, right of a searched House's X: the Cop Car, the Bicycle, her Items'
        # tokens (a booby trap, the Fireworks).
        left = band.left() + 4
        if space in table.x_tokens:
            left += 28.0 * self.grow()
        if table.cop_car is not None and table.cop_car.space == space:
            label = f"COP {table.cop_car.carried}" if table.cop_car.carried else "COP"
            car = QRectF(
                left,
                cy - radius * 0.8,
                size * (2.3 if table.cop_car.carried else 1.8),
                radius * 1.6,
            )
            painter.setBrush(QColor("#2d5bd7"))
            painter.setPen(QPen(QColor("#e8e6e3"), 2))
            painter.drawRoundedRect(car, 6, 6)
            painter.setPen(QColor("#ffffff"))
            painter.setFont(_font(size * 0.45, bold=True))
            painter.drawText(car, Qt.AlignmentFlag.AlignCenter, label)
            left = car.right() + 3
        if table.bicycle == space:
            wheel = radius * 0.45
            painter.setPen(QPen(QColor("#63d6d0"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            base = QPointF(left + wheel, cy + wheel * 0.4)
            painter.drawEllipse(base, wheel, wheel)
            painter.drawEllipse(base + QPointF(3 * wheel, 0), wheel, wheel)
            painter.drawLine(base, base + QPointF(1.5 * wheel, -1.5 * wheel))
            painter.drawLine(
                base + QPointF(1.5 * wheel, -1.5 * wheel), base + QPointF(3 * wheel, 0)
            )
            left += 4 * wheel + 6
        if space in table.booby_traps:
            # As tall as a badge, seen from the chair; in a House, under the quadrant's label
            # (clear of a searched House's X).
            if self.board.kind(space) == "house":
                clear = 28.0 * self.grow() if space in table.x_tokens else 0.0
                tag = QRectF(band.left() + 4 + clear, band.bottom() - size - 2, size * 2.5, size)
            else:
                tag = QRectF(left, cy - radius, size * 2.5, size)
                left = tag.right() + 3
            draw_trap(painter, tag)
        if table.fireworks == space:
            burst = radius * 1.25
            draw_fireworks(painter, QPointF(left + burst, cy), burst)
            left += 2 * burst + 4
        if space in table.x_tokens:
            # A searched House's X: a bold red cross on a dark disc, over the roof's corner,
            # seen at a glance (a thin cross on the orange roof was not).
            mark = self.x_rect(space)
            side = mark.width()
            painter.setBrush(QColor("#1b0b0a"))
            painter.setPen(QPen(QColor("#e0443a"), 2))
            painter.drawEllipse(mark)
            inset = mark.adjusted(side * 0.24, side * 0.24, -side * 0.24, -side * 0.24)
            painter.setPen(
                QPen(QColor("#ff4d3f"), side / 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            painter.drawLine(inset.topLeft(), inset.bottomRight())
            painter.drawLine(inset.topRight(), inset.bottomLeft())
        dragged = self.drag[0] if self.drag is not None else None
        if count:  # over the badges and the pieces: the number a player most needs
            self._count(painter, self.count_rect(space, count), count)
        if table.killer == space and dragged != "dr fright":
            self.paint_fright(painter, self.piece_rect(space, 1))
        if table.final_girl == space and dragged != "final girl":
            self.paint_final_girl(painter, self.piece_rect(space, 0))

    def paint_fright(self, painter: QPainter, disc: QRectF) -> None:
        """The Killer's token: Dr. Fright's face, or another Killer's initial."""
        painter.setBrush(QColor("#5c1414"))
        painter.setPen(QPen(QColor("#e0443a"), 3))
        painter.drawEllipse(disc)
        killer = self.state.setup.killer if self.state is not None else DR_FRIGHT
        if killer == DR_FRIGHT:
            draw_dr_fright(painter, disc.adjusted(4, 4, -4, -4))
        else:
            painter.setPen(QColor("#ffd9d5"))
            painter.setFont(_font(disc.height() * 0.5, bold=True))
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, killer[:1].upper())

    def paint_final_girl(self, painter: QPainter, disc: QRectF) -> None:
        painter.setBrush(QColor("#fbe9f0"))
        painter.setPen(QPen(QColor("#e05a8a"), 4))
        painter.drawEllipse(disc)
        painter.setPen(QColor("#6b1835"))
        painter.setFont(_font(disc.height() * 0.5, bold=True))
        name = self.state.setup.final_girl if self.state is not None else "?"
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, name[:1].upper())

    def paint_drag(self, painter: QPainter) -> None:
        if self.drag is None:
            return
        piece, point = self.drag
        size = self.piece_rect(next(iter(self.board.spaces)), 0).width()
        disc = QRectF(point.x() - size / 2, point.y() - size / 2, size, size)
        painter.setOpacity(0.85)
        if piece == "dr fright":
            self.paint_fright(painter, disc)
        elif piece == "final girl":
            self.paint_final_girl(painter, disc)
        else:  # a Victim: a disc of its kind's colour
            colour, letter = VICTIM_MARKS[piece]
            self._badge(painter, point, letter, QColor(colour), QColor("#111"), size / 3)
        painter.setOpacity(1.0)

    def piece_at(self, space: str, point: QPointF) -> str | None:
        """The piece a press on ``space`` at ``point`` picks up: the token or mark under the
        pointer (hers, his, the Victim count, a Smalley's or the Boyfriend's badge), else her,
        else him, else a Victim standing there."""
        if self.state is None:
            return None
        table = self.state.table
        her, him = table.final_girl == space, table.killer == space
        if her and self.piece_rect(space, 0).contains(point):
            return "final girl"
        if him and self.piece_rect(space, 1).contains(point):
            return "dr fright"
        count = table.victims[space]
        if count and self.count_rect(space, count).contains(point):
            return "victim"
        if (space in table.smalleys or table.boyfriend == space) and self.badge_band(
            space
        ).contains(point):
            return "smalley" if space in table.smalleys else "boyfriend"
        if her:
            return "final girl"
        if him:
            return "dr fright"
        kinds = table.kinds_at(space)
        return kinds[0] if kinds else None

    def _count(self, painter: QPainter, disc: QRectF, count: int) -> None:
        painter.setBrush(QColor("#f2c14e"))
        painter.setPen(QPen(QColor("#2a1d05"), 3))
        painter.drawRoundedRect(disc, disc.height() / 2, disc.height() / 2)
        painter.setPen(QColor("#1a1203"))
        painter.setFont(self.count_font())
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, str(count))

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
        painter.setFont(_font(radius * 1.1, bold=True))
        painter.drawText(
            QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            text,
        )


# A dragged Victim's mark: the count's yellow, a Smalley's S, the Boyfriend's B.
VICTIM_MARKS = {
    "victim": ("#f2c14e", ""),
    "smalley": ("#9ad0ff", "S"),
    "boyfriend": ("#ff9ad5", "B"),
}

_FONTS: dict[tuple[int, bool], QFont] = {}


def _font(pixels: float, bold: bool = False) -> QFont:
    """A font ``pixels`` scene units tall (the view's scale makes it larger or smaller)."""
    key = (max(1, round(pixels)), bold)
    font = _FONTS.get(key)
    if font is None:
        font = QFont()
        font.setPixelSize(key[0])
        font.setBold(bold)
        _FONTS[key] = font
    return font


_FITTED: dict[tuple[str, int, int, int], QFont] = {}


def _fitted_font(text: str, width: float, height: float, pixels: float) -> QFont:
    """The largest bold font up to ``pixels`` in which ``text`` wraps inside the box whole:
    every word fits the width and the lines fit the height (a long name is never cut)."""
    key = (text, round(width), round(height), round(pixels))
    font = _FITTED.get(key)
    if font is not None:
        return font
    size = max(6, round(pixels))
    while True:
        font = _font(size, bold=True)
        metrics = QFontMetricsF(font)
        words_fit = all(metrics.horizontalAdvance(w) <= width for w in text.split())
        box = metrics.boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)
        if size <= 6 or (words_fit and box.height() <= height + 1):
            break
        size -= 1
    _FITTED[key] = font
    return font


class SpacePopover(QFrame):
    """A space's plays, right beside the space on the board: a frame over the board's view
    (never a window of its own: the board stays clickable and draggable around it)."""

    closed = Signal()

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("spacePopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAccessibleName("The space's plays")
        self.space: str | None = None
        self._beside = QRectF()
        self._fitting = False
        self._placed_for: tuple[str | None, QRectF] | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.hide()

    def set_content(self, widget: QWidget) -> None:
        self._layout.addWidget(widget)

    def open_at(self, space: str, rect: QRectF) -> None:
        """Show beside ``rect`` (the space, in viewport coordinates): to its right when there
        is room, else to its left; inside the board's view."""
        self.space = space
        self._beside = rect
        self._fit()
        self.show()
        self.raise_()

    def event(self, event: QEvent) -> bool:
        # Its entries settled their size after it was placed (a style sheet applied, a row
        # shown): fitted and placed again, beside the same space.
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible() and not self._fitting:
            self._fit()
        return handled

    def _fit(self) -> None:
        rect = self._beside
        self._fitting = True
        try:
            self._place(rect)
        finally:
            self._fitting = False

    def _place(self, rect: QRectF) -> None:
        self.ensurePolished()
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.adjustSize()
        port = self.view.viewport().rect()
        size = self.sizeHint().expandedTo(self.minimumSizeHint())
        size.setWidth(min(size.width(), port.width()))  # entries elide rather than spill
        self.resize(size)
        gap = 6
        x = rect.right() + gap
        if x + size.width() > port.right():
            x = rect.left() - gap - size.width()
        x = max(port.left(), min(int(x), port.right() - size.width()))
        y = max(port.top(), min(int(rect.top()), port.bottom() - size.height()))
        if self.isVisible() and self._placed_for == (self.space, rect):
            # Open on the same space: it stays where it is (its entries changed under the
            # pointer), unless it no longer fits there.
            x = max(port.left(), min(self.x(), port.right() - size.width()))
            y = max(port.top(), min(self.y(), port.bottom() - size.height()))
        self._placed_for = (self.space, QRectF(rect))
        self.move(int(x), int(y))

    def close_plays(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_plays()
            self.view.setFocus()
            return
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.focusNextPrevChild(event.key() == Qt.Key.Key_Down)
            return
        focused = QApplication.focusWidget()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(
            focused, QAbstractButton
        ):
            focused.click()  # Return plays the entry, as in a menu
            return
        super().keyPressEvent(event)

    def focus_first(self) -> None:
        """The keyboard's way in: the first play offered takes the focus."""
        for button in self.findChildren(QAbstractButton):
            if button.isVisible() and button.isEnabled():
                button.setFocus()
                return


class BoardView(QGraphicsView):
    """Click a space (or Return on it) to open its plays beside it; double-click or drag her
    token to move; drag his token to place him; arrows move the selection."""

    space_selected = Signal(str)
    space_clicked = Signal(str)  # a click (or Return) on a space: its plays, beside it
    space_keyed = Signal(str)  # Return on a space: its plays, the first one focused
    background_clicked = Signal()  # a click beside every space
    move_requested = Signal(str)
    place_requested = Signal(str, str)  # piece ("dr fright"), space
    resized = Signal()  # the board was fitted to a new size: what sits beside a space follows
    victim_dragged = Signal(str, str, str)  # who ("victim", "smalley", "boyfriend"), from, to

    def __init__(self, board: Board, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Maple Lane board")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QColor("#12141a"))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.item = BoardItem(board)
        self.item.view = self
        self.scene_.setSceneRect(self.item.boundingRect())
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)  # the street plan
        self._pressed: str | None = None
        self._press_point: QPointF | None = None
        self._press_at = QPoint()
        self._dragging: str | None = None
        self.setMinimumSize(240, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(False)

    def new_session(self) -> None:
        """Another game: no selection, highlight, press or drag of the last one is kept."""
        item = self.item
        item.state, item.selected, item.drag = None, None, None
        item.highlighted, item.convincible = {}, set()
        self._pressed = self._dragging = None
        item.update()

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
        item.zoom = current_zoom()
        item.refresh_streets()
        item.update()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        self.item.paint_streets(painter)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        self.item.paint(painter)

    def fit(self) -> None:
        """The whole board, as large as the view allows (all 21 spaces whole)."""
        self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def board_rect(self) -> QRectF:
        """Where the board is drawn, in view (viewport) coordinates."""
        return QRectF(self.mapFromScene(self.item.boundingRect()).boundingRect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
        self.resized.emit()

    def showEvent(self, event: QShowEvent) -> None:
        # A hidden page does not learn its size; fit again when it comes into view.
        super().showEvent(event)
        self.fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.item.zoom = current_zoom()
            self.item.refresh_streets()
            self.item.update()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            space = self.item.space_at(self.mapToScene(event.pos()))
            text = self.describe(space) if space is not None else BOARD_TIP
            QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().viewportEvent(event)

    def describe(self, space: str) -> str:
        """What is on a space, in words (its tooltip): the badges explained."""
        board, state = self.item.board, self.item.state
        lines = [board.name(space)]
        if state is not None:
            table = state.table
            if table.final_girl == space:
                lines.append(f"{state.setup.final_girl} (the Final Girl) is here")
            if table.killer == space:
                lines.append(f"{state.setup.killer} is here (drag him to place him)")
            if table.victims[space]:
                lines.append(f"Yellow badge: {counted(table.victims[space], 'Victim')}")
            if space in table.smalleys:
                lines.append("S: a Smalley (a Victim of the Event: The Smalleys)")
            if table.boyfriend == space:
                lines.append("B: the Boyfriend (a Victim of the Event: Boyfriend)")
            if space in table.x_tokens:
                lines.append("Red X: this House has been searched")
            if space in table.closed:
                lines.append("Burnt: closed by Fire")
            if space in table.roadblocks:
                lines.append("Roadblock")
            if table.cop_car is not None and table.cop_car.space == space:
                lines.append("The Cop Car")
            if table.bicycle == space:
                lines.append("The Bicycle")
            if space in table.booby_traps:
                lines.append("TRAP: a booby trap (Odds and Ends): an Enemy coming in sets it off")
            if table.fireworks == space:
                killer = state.setup.killer
                lines.append(f"Gold burst: the Fireworks token ({killer} goes for it first)")
        if space in self.item.highlighted:
            lines.append("Green outline: she can move here")
        if space in self.item.convincible:
            lines.append("Purple outline: Convince to enter")
        return "\n".join(lines)

    def _space_at(self, event: QMouseEvent) -> str | None:
        return self.item.space_at(self.mapToScene(event.position().toPoint()))

    def _piece_at(self, space: str | None) -> str | None:
        state = self.item.state
        if state is None or space is None:
            return None
        if state.table.final_girl == space:
            return "final girl"
        if state.table.killer == space:
            return "dr fright"
        return None

    def _moved_far(self, event: QMouseEvent) -> bool:
        moved = event.position().toPoint() - self._press_at
        return moved.manhattanLength() >= QApplication.startDragDistance()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = self._space_at(event)
        self._press_at = event.position().toPoint()
        self._press_point = self.mapToScene(self._press_at)
        self._dragging = None
        if self._pressed is not None:
            self.space_selected.emit(self._pressed)
        else:
            self.background_clicked.emit()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pressed is not None and event.buttons() & Qt.MouseButton.LeftButton:
            point = self.mapToScene(event.position().toPoint())
            start = self._press_point
            if self._dragging is None and start is not None and self._moved_far(event):
                # The piece under the pointer where the press was (hers, his, a Victim); a
                # press that barely moves stays a click.
                self._dragging = self.item.piece_at(self._pressed, start)
            if self._dragging is not None:
                self.item.drag = (self._dragging, point)
                self.item.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pressed, self._pressed = self._pressed, None
        dragging, self._dragging = self._dragging, None
        if self.item.drag is not None:
            self.item.drag = None
            self.item.update()
        released = self._space_at(event)
        if pressed is not None and released == pressed and dragging is None:
            self.space_clicked.emit(pressed)
        if pressed is not None and released is not None and released != pressed:
            piece = dragging or self._piece_at(pressed)
            if piece == "final girl":
                self.space_selected.emit(released)
                self.move_requested.emit(released)
                self.space_clicked.emit(released)  # her plays where she now stands
            elif piece == "dr fright":
                self.place_requested.emit("dr fright", released)
            elif piece is not None:
                self.victim_dragged.emit(piece, pressed, released)
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
        if event.key() == Qt.Key.Key_Escape:
            self.background_clicked.emit()  # the plays beside a space close
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and current is not None:
            self.space_selected.emit(current)
            self.space_keyed.emit(current)
            return
        super().keyPressEvent(event)


def draw_trap(painter: QPainter, tag: QRectF) -> None:
    """Odds and Ends' booby trap: a dark-red tag, like the Cop Car's, that reads TRAP."""
    painter.save()
    painter.setBrush(QColor("#5a1010"))
    painter.setPen(QPen(QColor("#ffb347"), 2))
    painter.drawRoundedRect(tag, 6, 6)
    painter.setPen(QColor("#ffd39a"))
    painter.setFont(_font(tag.height() * 0.56, bold=True))
    painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, "TRAP")
    painter.restore()


def draw_fireworks(painter: QPainter, centre: QPointF, radius: float) -> None:
    """The Fireworks token: a burst of eight rays, gold and pink, seen at a glance."""
    painter.save()
    painter.translate(centre)
    for ray in range(8):
        colour = QColor("#ffd166") if ray % 2 == 0 else QColor("#ff6fb5")
        pen = QPen(colour, max(3.0, radius / 4), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(radius * 0.25, 0), QPointF(radius * 0.95, 0))
        painter.rotate(45)
    painter.restore()


LEGEND: tuple[tuple[str, str], ...] = (
    ("her", "The Final Girl (her initial): drag her, or double-click a space, to move"),
    ("him", "{killer}: drag him to place him"),
    ("victims", "Yellow badge: how many Victims stand on the space"),
    ("S", "S: a Smalley (Event: The Smalleys)"),
    ("B", "B: the Boyfriend (Event: Boyfriend)"),
    ("x", "Red X: a searched House"),
    ("trap", "TRAP: a booby trap (Odds and Ends): an Enemy coming in sets it off"),
    ("fireworks", "Gold burst: the Fireworks token: {killer} goes for it first"),
    ("reach", "Green outline: a space she can move to now"),
    ("convince", "Purple outline: an occupied House, entered by Convince"),
    ("selected", "Yellow outline: the space selected"),
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
        painter.setFont(_font(size * 0.5, bold=True))
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
        painter.setFont(_font(size * 0.55, bold=True))
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
        self.setAccessibleName("Board legend")
        self.grid = QGridLayout(self)
        self.icons: list[tuple[QLabel, str]] = []
        self.texts: list[tuple[QLabel, str]] = []
        for row, (kind, text) in enumerate(LEGEND):
            icon = QLabel()
            label = QLabel(text.format(killer=DR_FRIGHT))
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
            label.setText(text.format(killer=killer))

    def _draw(self) -> None:
        size = round(self.fontMetrics().height() * 1.6)
        for icon, kind in self.icons:
            icon.setPixmap(_legend_icon(kind, size))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._draw()
