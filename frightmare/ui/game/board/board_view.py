"""Maple Lane's view: the board drawn from the state, and the player's clicks, drags, keys and
tooltips on it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QSizePolicy,
    QToolTip,
    QWidget,
)

from frightmare.i18n import N_, _, ngettext
from frightmare.model.box import names
from frightmare.model.box.board import Board
from frightmare.model.game.changes import Changes
from frightmare.model.game.state import GameState
from frightmare.ui.game.board.accessible import BoardAccessibility
from frightmare.ui.game.board.geometry import CELL, INSET
from frightmare.ui.game.board.lasting_strip import LastingStrip
from frightmare.ui.game.board.marks import board_look
from frightmare.ui.game.board.pieces import BoardItem
from frightmare.ui.game.board.streets import paint_streets
from frightmare.ui.theme import current_zoom

BOARD_TIP = N_(
    "Click a space (or pick it with the arrow keys and press Return) to see its plays beside "
    "it. Double-click a space, or drag her token, to move her; drag his token to place him."
)


class BoardView(QGraphicsView):
    """Click a space (or Return on it) to open its plays beside it; double-click or drag her
    token to move; drag his token to place him; arrows move the selection."""

    space_selected = Signal(str)
    space_clicked = Signal(str)  # a click (or Return) on a space: its plays, beside it
    space_keyed = Signal(str)  # Return on a space: its plays, the first one focused
    background_clicked = Signal()  # a click beside every space
    move_requested = Signal(str)
    # Space on the cursor's space: Move here, as a double-click (issue 35: one key, where
    # Return and Return again open the plays and pick it); what she can play there next opens.
    move_keyed = Signal(str)
    place_requested = Signal(str, str)  # piece ("dr fright"), space
    resized = Signal()  # the board was fitted to a new size: what sits beside a space follows
    victim_dragged = Signal(str, str, str)  # who ("victim", "smalley", "boyfriend"), from, to
    # The keyboard cursor shown where it starts (her space) as the board takes the focus:
    # shown only, nothing chosen (his Killer Action's stop stays his).
    cursor_shown = Signal(str)

    def __init__(
        self, board: Board, parent: QWidget | None = None, *, accessible: bool = True
    ) -> None:
        super().__init__(parent)
        # Its own viewport, made here: Qt's, the first time Python asks for it, would be
        # found a Python type, which makes every widget class PySide has not made yet (about
        # 3.5 ms at a launch).
        self.setViewport(QWidget())
        self.setAccessibleName(_("Maple Lane board"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QColor(board_look().ground))
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
        # The spaces' accessible children sit on the viewport; the first frame's board, drawn
        # before anything can be read and replaced right after, has none (asking a view for
        # its viewport from Python makes PySide build every widget class before the paint).
        self.access: BoardAccessibility | None = None
        self.lasting: LastingStrip | None = None  # built with the game screen's first state
        if accessible:
            self.access = BoardAccessibility(self, [(s.id, s.grid) for s in board.data.spaces])

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
        spaces: frozenset[str] | None = None,
    ) -> None:
        """Draw ``state`` with the selection and outlines given. ``spaces``: the spaces whose
        pieces or tokens changed since the state drawn (``changes.Changes.spaces``; ``None``:
        unknown, the whole board is drawn again unless the state is the one drawn). Only the
        spaces whose drawing changed are repainted."""
        item = self.item
        before = (item.state, item.selected, item.highlighted, item.convincible, item.zoom)
        item.state, item.selected = state, selected
        item.highlighted, item.convincible = highlighted, convincible
        item.zoom = current_zoom()
        streets = item.refresh_streets()
        old_state, old_selected, old_highlighted, old_convincible, old_zoom = before
        if old_state is state:
            spaces = frozenset()
        if streets or spaces is None or old_state is None or old_zoom != item.zoom:
            item.update()
        else:
            dirty = set(spaces) | (old_convincible ^ convincible)
            dirty.update(
                space
                for space in old_highlighted.keys() | highlighted.keys()
                if old_highlighted.get(space) != highlighted.get(space)
            )
            if old_selected != selected:
                dirty.update(s for s in (old_selected, selected) if s is not None)
            item.update_spaces(dirty)
        self.tell()

    def show_lasting(self, state: GameState, changes: Changes | None = None) -> None:
        """The effects in force, on the board's empty top-left corner (issue 31), drawn
        again when a part they read changed (``changes``; ``None``: any)."""
        if (
            self.lasting is not None
            and changes is not None
            and not changes.any("round", "decks", "powers", "dream", "game")
        ):
            return
        if self.lasting is None:
            self.lasting = LastingStrip(self.viewport())
            self._place_lasting()
        self.lasting.show_state(state)

    def hidden_by(self, place: QRectF) -> float:
        """How much of what the player reads ``place`` (viewport coordinates) would hide: the
        area it covers of each space and its marks, her space's counted four times, an Exit's
        and a space with Victims (its count) twice, the effects in force three times."""
        state, item = self.item.state, self.item
        her = state.table.final_girl if state is not None else None
        hidden = 0.0
        for space in item.board.spaces:
            drawn = QRectF(self.mapFromScene(item.overlay_rect(space)).boundingRect())
            cover = drawn.intersected(place)
            if cover.isEmpty():
                continue
            weight = 1.0
            if space == her:
                weight = 4.0
            elif item.board.kind(space) == "exit" or (state and state.table.victims[space]):
                weight = 2.0
            hidden += weight * cover.width() * cover.height()
        if self.lasting is not None and self.lasting.isVisible():
            cover = QRectF(self.lasting.geometry()).intersected(place)
            hidden += 3.0 * cover.width() * cover.height()
        return hidden

    def lasting_corner(self) -> QRectF:
        """The board's top-left corner cell (empty on Maple Lane) and the margin left of and
        above the board, in viewport coordinates: clear of the spaces and their marks."""
        edge = CELL + INSET - 10.0  # the X of a searched House overhangs its edge by 6
        far = self.mapFromScene(QPointF(edge, edge))
        return QRectF(0, 0, max(0, far.x()), max(0, far.y()))

    def _place_lasting(self) -> None:
        if self.lasting is not None:
            self.lasting.place(self.lasting_corner())

    def tell(self) -> None:
        """Each space's accessible child says its name and what is on it (the tooltip's
        words), the cursor's space the board's description."""
        if self.access is None:
            return
        words: dict[str, tuple[str, str]] = {}
        for space in self.access.children:
            lines = self.describe(space).split("\n")
            words[space] = (lines[0], "; ".join(lines[1:]))
        self.access.show(words, self.item.selected)

    def _place_children(self) -> None:
        if self.access is None:
            return
        rects: dict[str, tuple[int, int, int, int]] = {}
        for space in self.access.children:
            r = self.mapFromScene(self.item.space_rect(space)).boundingRect()
            rects[space] = (r.x(), r.y(), r.width(), r.height())
        self.access.place(rects)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        paint_streets(painter, self.item)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        self.item.paint(painter, QRectF(rect))

    def fit(self) -> None:
        """The whole board, as large as the view allows (all 21 spaces whole)."""
        self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._place_children()
        self._place_lasting()

    def board_rect(self) -> QRectF:
        """Where the board is drawn, in view (viewport) coordinates."""
        return QRectF(self.mapFromScene(self.item.boundingRect()).boundingRect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.access is not None:  # its viewport asked for already (the spaces' children)
            # The view paints all of it (the street plan's cached pixmap is opaque): a repaint
            # of the board no longer repaints the window, the page and the region under it.
            self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.fit()
        self.resized.emit()

    def showEvent(self, event: QShowEvent) -> None:
        # A hidden page does not learn its size; fit again when it comes into view.
        super().showEvent(event)
        self.fit()

    def _into_plays(self, down: bool) -> bool:
        """Up and Down walk the space's plays when they are open beside the cursor's space
        (issue 35: after *Move here* they stayed open and Down moved the cursor away): Down
        focuses the first entry, Up the last. False: none open, the arrow moves the cursor."""
        from frightmare.ui.game.board.popover import SpacePopover

        popover = self.viewport().findChild(SpacePopover)
        if popover is None or not popover.isVisible():
            return False
        if self.item.selected is not None and popover.space != self.item.selected:
            return False
        return popover.focus_first(last=not down)

    def _type_into_plays(self, typed: str) -> bool:
        """A letter or digit typed on the board picks the open plays' entry it starts."""
        from frightmare.ui.game.board.popover import SpacePopover

        popover = self.viewport().findChild(SpacePopover)
        return popover is not None and popover.isVisible() and popover.type_ahead(typed, None)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """The keyboard cursor shows at once (Ctrl+L, Tab): on her space when none is chosen
        (issue 35: it showed only after the first arrow key)."""
        super().focusInEvent(event)
        state = self.item.state
        if self.item.selected is None and state is not None:
            start = state.table.final_girl or state.table.killer
            if start is not None:
                self.cursor_shown.emit(start)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            # Another theme: the board's ground and roads follow it (a light board in the
            # light theme).
            self.setBackgroundBrush(QColor(board_look().ground))
            self.resetCachedContent()
            self.viewport().update()
        if event.type() == QEvent.Type.FontChange:
            self.item.zoom = current_zoom()
            self.item.refresh_streets()
            self.item.update()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            space = self.item.space_at(self.mapToScene(event.pos()))
            text = self.describe(space) if space is not None else _(BOARD_TIP)
            QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().viewportEvent(event)

    def describe(self, space: str) -> str:
        """What is on a space, in words (its tooltip): the badges explained."""
        board, state = self.item.board, self.item.state
        lines = [board.label(space)]
        if state is not None:
            table = state.table
            if table.final_girl == space:
                lines.append(
                    _("{final_girl} (the Final Girl) is here").format(
                        final_girl=names.shown("final_girl", state.setup.final_girl)
                    )
                )
            if table.killer == space:
                lines.append(
                    _("{killer} is here (drag him to place him)").format(
                        killer=names.shown("killer", state.setup.killer)
                    )
                )
            if table.victims[space]:
                n = table.victims[space]
                lines.append(
                    ngettext(
                        "Yellow badge: {count} Victim", "Yellow badge: {count} Victims", n
                    ).format(count=n)
                )
            # The badges' letters explained in the legend's words (issue 30: these lines were
            # English in every language).
            if space in table.smalleys:
                lines.append(_("S: a Smalley (Event: The Smalleys)"))
            if table.boyfriend == space:
                lines.append(_("B: the Boyfriend (Event: Boyfriend)"))
            if space in table.x_tokens:
                lines.append(_("Red X: this House has been searched"))
            if space in table.closed:
                lines.append(_("Burnt: closed by Fire"))
            if space in table.roadblocks:
                lines.append(_("Roadblock"))
            if table.cop_car is not None and table.cop_car.space == space:
                lines.append(_("The Cop Car"))
            if table.bicycle == space:
                lines.append(_("The Bicycle"))
            if space in table.booby_traps:
                lines.append(
                    _("TRAP: a booby trap (Odds and Ends): an Enemy coming in sets it off")
                )
            if table.fireworks == space:
                killer = names.shown("killer", state.setup.killer)
                lines.append(
                    _("Gold burst: the Fireworks token ({killer} goes for it first)").format(
                        killer=killer
                    )
                )
        if space in self.item.highlighted:
            lines.append(_("Green outline: she can move here"))
        if space in self.item.convincible:
            lines.append(_("Purple outline: Convince to enter"))
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
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self._into_plays(
            event.key() == Qt.Key.Key_Down
        ):
            return
        if self._type_into_plays(event.text()):
            return
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
        if event.key() == Qt.Key.Key_Space and current is not None and not event.modifiers():
            self.space_selected.emit(current)
            self.move_keyed.emit(current)
            return
        super().keyPressEvent(event)
