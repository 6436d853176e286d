"""The pieces, tokens and highlights drawn over the street plan, and what a press picks up."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene

from frightmare import i18n
from frightmare.model.box.board import Board
from frightmare.model.box.cards import DR_FRIGHT
from frightmare.model.game.state import GameState
from frightmare.ui.art import draw_dr_fright
from frightmare.ui.game.board.geometry import BoardGeometry, Recording, scene_font
from frightmare.ui.game.board.marks import board_look

# How far a space's drawing reaches past its edges, in scene units at 100% (see
# ``BoardItem.overlay_rect``), with a unit of antialiasing to spare.
OVERHANG = 18.0


class Canvas(Protocol):
    """What the board's drawing asks of the view that draws it (the board's view)."""

    scene_: QGraphicsScene

    def resetCachedContent(self) -> None: ...


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


# The layers of the pieces' drawing, bottom to top (``BoardItem.paint``).
LAYERS = ("tokens", "outlines", "cursor", "count")


class _Recorded:
    """The pieces' drawing for one state shown (``BoardItem._recorded``): the spaces with
    something on them, in the board's order, with how far their drawing reaches, and each
    one's drawing once recorded."""

    def __init__(
        self, state: GameState | None, key: tuple[object, ...], busy: list[tuple[str, QRectF]]
    ) -> None:
        self.state = state
        self.key = key
        self.busy = busy
        self.spaces: dict[str, list[Recording | None]] = {}
        # The layers drawn once as they are (``BoardItem._replay``), by space and layer.
        self.drawn: set[tuple[str, int]] = set()


class BoardItem(BoardGeometry):
    """The pieces, tokens and highlights, over the cached street plan.

    Its view draws it (``BoardView.drawForeground``), in scene coordinates, rather than the
    scene as an item of its own: PySide makes the Python classes of every widget of QtWidgets
    the first time Qt hands a Python item's ``paint`` its widget (about 10 ms of the launch's
    first paint)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.view: Canvas | None = None  # the view that draws it (set by the board's view)
        self.selected: str | None = None
        self.highlighted: dict[str, int] = {}
        self.convincible: set[str] = set()
        self.drag: tuple[str, QPointF] | None = None  # a token following the pointer
        self.streets = StreetsItem(self)
        self._drawing: _Recorded | None = None  # (``_recorded``)
        self._painting: _Recorded | None = None  # the drawing of the paint under way

    def update(self) -> None:
        """Draw the pieces again, over the street plan as it is."""
        # Through the scene: asking the view for its viewport makes PySide build the classes
        # of every widget of QtWidgets (about 15 ms, the first time).
        if self.view is not None:
            self.view.scene_.update()

    def update_spaces(self, spaces: Iterable[str]) -> None:
        """Draw again only ``spaces`` (with what overhangs them: the outlines, the Victim
        count, the X), over the street plan as it is: a play repaints the spaces it changed,
        not the board."""
        if self.view is None:
            return
        scene = self.view.scene_
        for space in spaces:
            if space in self.board.spaces:
                scene.update(self.overlay_rect(space))

    def overlay_rect(self, space: str) -> QRectF:
        """The space and all that is drawn over its edges (the keyboard cursor's rings, 12.5
        units out; the Victim count and the X, up to 15.5; at most their zoom's growth)."""
        margin = OVERHANG * self.grow()
        return self.space_rect(space).adjusted(-margin, -margin, margin, margin)

    def refresh_streets(self) -> bool:
        """The street plan drawn again if what it shows changed (True: it was)."""
        table = self.state.table if self.state is not None else None
        key = (
            id(self.board),
            table.closed if table else None,
            table.roadblocks if table else None,
            self.zoom,
        )
        if key == self.streets.key:
            return False
        self.streets.key = key
        self.streets.update()
        return True

    def paint(self, painter: QPainter, exposed: QRectF | None = None) -> None:
        """The pieces, tokens and outlines; ``exposed``: only the spaces whose drawing
        reaches into it (the rest of the board is not being repainted).

        Each space's drawing is recorded in scene units for what is shown (``_recorded``) and
        replayed at the view's scale: a resize repaints the board twice at each size the
        window passes through, and working out every badge's and token's place again was
        most of a repaint's cost."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        recorded = self._recorded()
        # In layers, each in the board's order of spaces, never a set's: the tokens and the
        # pieces, the outlines of reach and Convince, the keyboard cursor's ring over them, and
        # the Victim counts over everything (the number a player most needs, a disc left whole
        # on a ring's corner). Where two spaces' marks overlap, a partial repaint then stacks
        # them as a full paint does: a set's order changes with its contents, and with each
        # process's string hashing.
        drawn = [
            space
            for space, overlay in recorded.busy
            if exposed is None or exposed.intersects(overlay)
        ]
        self._painting = recorded
        try:
            if self.state is not None:
                for space in drawn:
                    self._paint_space_tokens(painter, space)
            for space in drawn:
                self._paint_outlines(painter, space)
            if self.selected is not None and self.selected in drawn:
                self._paint_cursor(painter, self.selected)
            if self.state is not None:
                for space in drawn:
                    self._paint_count(painter, space)
        finally:
            self._painting = None
        self.paint_drag(painter)

    def _recorded(self) -> _Recorded:
        """The spaces' drawing for what is shown: the state, the selection, the outlines, the
        piece being dragged (left off its space), the zoom, the theme and the language."""
        dragged = self.drag[0] if self.drag is not None else None
        key = (
            self.selected,
            dict(self.highlighted),
            frozenset(self.convincible),
            dragged,
            id(self.board),
            self.grow(),
            board_look(),
            i18n.language(),
        )
        recorded = self._drawing
        if recorded is None or recorded.state is not self.state or recorded.key != key:
            busy = self._busy()
            spaces = [(s, self.overlay_rect(s)) for s in self.board.spaces if s in busy]
            recorded = self._drawing = _Recorded(self.state, key, spaces)
        return recorded

    def _busy(self) -> set[str]:
        """The spaces with something drawn over the street plan."""
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
        return busy

    def _replay(
        self, painter: QPainter, space: str, layer: int, draw: Callable[[QPainter, str], None]
    ) -> None:
        """The ``layer`` of ``LAYERS`` of the space's drawing: drawn as it is the first time
        for what is shown, recorded by ``draw`` the second time, replayed from then on. A
        play's new state is drawn once (recording it as well cost its repaint more than it
        saved); a resize draws the same state again and again."""
        recorded = self._painting or self._recorded()
        drawing = recorded.spaces.get(space)
        if drawing is None:
            drawing = recorded.spaces[space] = [None] * len(LAYERS)
        recording = drawing[layer]
        if recording is None:
            if (space, layer) not in recorded.drawn:
                recorded.drawn.add((space, layer))
                draw(painter, space)
                return
            recording = drawing[layer] = Recording()
            draw(recording.painter(), space)
        recording.replay(painter)

    def _paint_space_tokens(self, painter: QPainter, space: str) -> None:
        self._replay(painter, space, 0, self._draw_space_tokens)

    def _paint_outlines(self, painter: QPainter, space: str) -> None:
        self._replay(painter, space, 1, self._draw_outlines)

    def _paint_cursor(self, painter: QPainter, space: str) -> None:
        self._replay(painter, space, 2, self._draw_cursor)

    def _paint_count(self, painter: QPainter, space: str) -> None:
        self._replay(painter, space, 3, self._draw_count)

    def _draw_space_tokens(self, painter: QPainter, space: str) -> None:
        painter.save()
        self._paint_tokens(painter, space, self.space_rect(space))
        painter.restore()

    def _draw_outlines(self, painter: QPainter, space: str) -> None:
        """Reach and Convince, over the tokens."""
        rect = self.space_rect(space)
        painter.save()
        # Plain solid outlines for reach (dashed strokes cost more to draw: only Convince's,
        # on a few Houses, and the cursor's double ring, on one space, differ by shape).
        look = board_look()
        if space in self.highlighted:
            look.reach.paint(painter, rect)
        if space in self.convincible:
            look.convince.paint(painter, rect)
        painter.restore()

    def _draw_cursor(self, painter: QPainter, space: str) -> None:
        painter.save()
        board_look().cursor.paint(painter, self.space_rect(space))
        painter.restore()

    def _draw_count(self, painter: QPainter, space: str) -> None:
        assert self.state is not None
        count = self.state.table.victims[space]
        if count:
            painter.save()
            self._count(painter, self.count_rect(space, count), count)
            painter.restore()

    def _paint_tokens(self, painter: QPainter, space: str, rect: QRectF) -> None:
        """Badges in the top band, pieces in the middle, the name's band left free."""
        assert self.state is not None
        table = self.state.table
        # Right to left, left of the Victim count: the Smalleys and the Boyfriend.
        specials = [("S", QColor("#9ad0ff"))] * table.smalleys.count(space)
        if table.boyfriend == space:
            specials.append(("B", QColor("#ff9ad5")))
        small, font = self.special_radius(), self.special_font()
        for (letter, colour), disc in zip(specials, self.special_rects(space), strict=False):
            self._badge(painter, disc.center(), letter, colour, QColor("#111"), small, font)
        self._paint_item_badges(painter, space)
        if space in table.x_tokens:
            self._paint_x(painter, space)
        dragged = self.drag[0] if self.drag is not None else None
        if table.killer == space and dragged != "dr fright":
            self.paint_fright(painter, self.piece_rect(space, 1))
        if table.final_girl == space and dragged != "final girl":
            self.paint_final_girl(painter, self.piece_rect(space, 0))

    def _paint_item_badges(self, painter: QPainter, space: str) -> None:
        """The Cop Car, the Bicycle and her Items' tokens, in the space's top band."""
        assert self.state is not None
        table = self.state.table
        band = self.badge_band(space)
        size = self.badge_size()
        radius = size / 2
        cy = band.center().y()
        # Left to right, right of a searched House's X: the Cop Car, the Bicycle, her Items'
        # tokens (a booby trap, the Fireworks).
        left = band.left() + 4
        if space in table.x_tokens:
            left += 28.0 * self.grow()
        if table.cop_car is not None and table.cop_car.space == space:
            label = f"COP {table.cop_car.carried}" if table.cop_car.carried else "COP"
            car = QRectF(
                left,
                cy - radius * 0.9,
                self.cop_rect_width(carried=bool(table.cop_car.carried)),
                radius * 1.8,
            )
            painter.setBrush(QColor("#2d5bd7"))
            painter.setPen(QPen(QColor("#e8e6e3"), 2))
            painter.drawRoundedRect(car, 6, 6)
            painter.setPen(QColor("#ffffff"))
            painter.setFont(self.cop_font())
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

    def _paint_x(self, painter: QPainter, space: str) -> None:
        """A searched House's X: a bold red cross on a dark disc, over the roof's corner,
        seen at a glance (a thin cross on the orange roof was not)."""
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
            painter.setFont(scene_font(disc.height() * 0.5, bold=True))
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, killer[:1].upper())

    def paint_final_girl(self, painter: QPainter, disc: QRectF) -> None:
        painter.setBrush(QColor("#fbe9f0"))
        painter.setPen(QPen(QColor("#e05a8a"), 4))
        painter.drawEllipse(disc)
        painter.setPen(QColor("#6b1835"))
        painter.setFont(scene_font(disc.height() * 0.5, bold=True))
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
        font: QFont | None = None,
    ) -> None:
        painter.setBrush(QBrush(fill))
        painter.setPen(QPen(fill.darker(150), 2))
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(ink)
        painter.setFont(font or scene_font(radius * 1.1, bold=True))
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


def draw_trap(painter: QPainter, tag: QRectF) -> None:
    """Odds and Ends' booby trap: a dark-red tag, like the Cop Car's, that reads TRAP."""
    painter.save()
    painter.setBrush(QColor("#5a1010"))
    painter.setPen(QPen(QColor("#ffb347"), 2))
    painter.drawRoundedRect(tag, 6, 6)
    painter.setPen(QColor("#ffd39a"))
    painter.setFont(scene_font(tag.height() * 0.56, bold=True))
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
