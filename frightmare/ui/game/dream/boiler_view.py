"""The Boiler Room's deck on screen: the sliding stack drawn as it lies on the table, its slide and
Dr. Fright's attack animated, the arrows and notes placed around it; keys and drags ask for a
slide."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QColor,
    QHideEvent,
    QKeyEvent,
    QMouseEvent,
    QMoveEvent,
    QPainter,
    QPalette,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsView,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QWidget,
)

from frightmare.i18n import N_, _
from frightmare.model.game.boiler_room import (
    CARDS,
    CELL,
    DIRECTIONS,
    STEP,
    Direction,
    Quadrant,
    Reveal,
    Stack,
)
from frightmare.model.game.state import Event, EventKind, GameState
from frightmare.model.values import frozen
from frightmare.ui.art import (
    draw_card_back,
    draw_card_face,
    draw_dr_fright,
    draw_reported_card,
    draw_sleep_card,
)
from frightmare.ui.widgets.messages import MessageArea

HALF_W = 70.0  # half a card, in scene units
HALF_H = 95.0
ATTACK_RED = "#e0443a"  # the part just revealed, and Dr. Fright's quarter when he attacks
KEYS: dict[int, Direction] = {
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
}


# The slides' directions, as the arrows and their tips name them.
DIRECTION_NAMES: dict[Direction, str] = {
    "up": N_("Up"),
    "down": N_("Down"),
    "left": N_("Left"),
    "right": N_("Right"),
}


@frozen(slots=False)
class Layout:
    """What the view draws: the cards' positions and what each revealed card showed."""

    reveals: tuple[Reveal, ...]
    awake: bool
    remaining: int
    reported: bool = False  # real cards: drawn only as the player reported them

    @property
    def stack(self) -> Stack:
        return Stack.after(r.direction for r in self.reveals)


def layout_of(state: GameState) -> Layout:
    dream = state.dream
    reported = dream.mode == "physical"
    if dream.awake and dream.finished:
        return Layout(dream.finished, True, 0, reported)
    return Layout(dream.reveals, dream.awake, CARDS - len(dream.reveals), reported)


def _card_rect(x: float, y: float) -> QRectF:
    return QRectF(x * HALF_W, y * HALF_H, 2 * HALF_W, 2 * HALF_H)


class StackItem(QGraphicsObject):
    """Paints the whole stack; ``shift`` offsets the sliding group during an animation, and
    ``flash`` (a card's index in the layout, and how strong, 0 to 1) lights the quarter where
    Dr. Fright attacked from."""

    def __init__(self) -> None:
        super().__init__()
        self.layout = Layout((), True, CARDS)
        self.shift = QPointF(0, 0)
        self.flash: tuple[int, float] | None = None

    def boundingRect(self) -> QRectF:
        return QRectF(-5 * HALF_W, -5 * HALF_H, 12 * HALF_W, 12 * HALF_H)

    def set_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        layout = self.layout
        positions = layout.stack.positions
        # The cards still in the deck lie at the origin, under everything.
        for depth in range(layout.remaining, 0, -1):
            draw_card_back(painter, _card_rect(0, 0).translated(depth * 2.5, depth * 2.5))
        # Revealed cards, the most recent lowest; each shows its face where nothing covers it.
        for index in range(len(layout.reveals) - 1, -1, -1):
            x, y = positions[index + 1]
            rect = _card_rect(x, y).translated(self.shift)
            reveal = layout.reveals[index]
            if layout.reported:
                seen = [(*CELL[q], q == reveal.fright) for q in reveal.part]
                draw_reported_card(painter, rect, seen, dim=layout.awake)
            else:
                draw_card_face(painter, rect, dim=layout.awake)
            if reveal.fright is not None and not layout.reported:
                cx, cy = CELL[reveal.fright]
                cell = QRectF(rect.left() + cx * HALF_W, rect.top() + cy * HALF_H, HALF_W, HALF_H)
                draw_dr_fright(painter, cell.adjusted(6, 6, -6, -6))
            if self.flash is not None and self.flash[0] == index and reveal.fright is not None:
                self._flash(painter, rect, reveal.fright, self.flash[1])
            if index == len(layout.reveals) - 1 and not layout.awake:
                self._outline(painter, rect, reveal)
        x, y = positions[0]
        draw_sleep_card(painter, _card_rect(x, y).translated(self.shift), awake=layout.awake)

    def _flash(self, painter: QPainter, rect: QRectF, fright: Quadrant, strength: float) -> None:
        """Dr. Fright's quarter lit red, fading: he attacks from there."""
        cx, cy = CELL[fright]
        cell = QRectF(rect.left() + cx * HALF_W, rect.top() + cy * HALF_H, HALF_W, HALF_H)
        painter.save()
        red = QColor(ATTACK_RED)
        red.setAlphaF(0.55 * max(0.0, min(1.0, strength)))
        painter.fillRect(cell, red)
        painter.restore()

    def _outline(self, painter: QPainter, rect: QRectF, reveal: Reveal) -> None:
        """The part just revealed, outlined in red as in the rulebook's example."""
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(ATTACK_RED), 3))
        for q in reveal.part:
            cx, cy = CELL[q]
            painter.drawRect(
                QRectF(
                    rect.left() + cx * HALF_W, rect.top() + cy * HALF_H, HALF_W, HALF_H
                ).adjusted(2, 2, -2, -2)
            )
        painter.restore()


class BoilerRoomView(QGraphicsView):
    """The stack, drawn as it lies; arrow keys and drags ask for a slide."""

    slide_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Boiler Room deck"))
        self.setToolTip(_("Arrow keys or drag the stack to slide it"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QColor("#0f0d14"))
        # The arrows' margins around the deck in the same night colour as the deck's table.
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#0f0d14"))
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.item = StackItem()
        self.item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        self.scene_.addItem(self.item)
        self.animate = True
        # Both start only from an action's typed events (``BoilerRoomPanel.show_state``).
        self.slide_animation = QVariantAnimation(self)
        self.slide_animation.setDuration(200)
        self.slide_animation.valueChanged.connect(self._step)
        self.flash_animation = QVariantAnimation(self)
        self.flash_animation.setDuration(900)
        self.flash_animation.setStartValue(1.0)
        self.flash_animation.setEndValue(0.0)
        self.flash_animation.valueChanged.connect(self._flash_step)
        self.flash_animation.finished.connect(lambda: self._flash_step(None))
        self._drag_from: QPointF | None = None
        self._arrows: dict[Direction, QWidget] = {}
        self._corner: QWidget | None = None
        self._notes: tuple[MessageArea, ...] = ()
        self.setMinimumSize(260, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_layout(
        self, layout: Layout, slid: Direction | None = None, attacked: int | None = None
    ) -> None:
        """Draw ``layout``; ``slid`` animates the slide just made in that direction and
        ``attacked`` (the card's index in the layout) flashes where Dr. Fright attacked from.
        Both come from what an action did: a state shown as it is (undo, redo, a jump in
        History, a redraw) passes neither and is drawn still."""
        self.slide_animation.stop()
        self.flash_animation.stop()
        self.item.flash = None
        self.item.set_layout(layout)
        self._fit()
        if slid is not None and self.animate:
            dx, dy = STEP[slid]
            self.slide_animation.setStartValue(QPointF(-dx * HALF_W, -dy * HALF_H))
            self.slide_animation.setEndValue(QPointF(0, 0))
            self.slide_animation.start()
        else:
            self.item.shift = QPointF(0, 0)
            self.item.update()
        if attacked is not None and self.animate:
            self.item.flash = (attacked, 1.0)
            self.flash_animation.start()

    def set_controls(self, arrows: dict[Direction, QWidget], corner: QWidget) -> None:
        """Put the slide arrows around the deck (above, below, left, right) and ``corner`` (the
        card count) top left: they sit in the main region with the deck, always in view, and
        the side column keeps only the status and the sleep controls.

        They live beside the view (children of the page that holds it), over the margins the
        view leaves around the deck, so they are never part of what the view scrolls.
        """
        self._arrows = dict(arrows)
        self._corner = corner
        for widget in (*arrows.values(), corner):
            widget.setParent(self)
            widget.hide()
        self._place()

    def set_notes(self, *notes: MessageArea) -> None:
        """Put ``notes`` (the dream's status, the expected attacks) under the deck, left and
        right of the down arrow: read where the player looks, and the side column keeps its
        room for the moment's controls. The bottom margin is as tall as they need."""
        self._notes = notes
        for note in notes:
            note.setParent(self)
            note.hide()
        self._place()

    def arrow_size(self) -> QSize:
        """One size for every arrow, whatever it says (odds, "—" or its name): a new text
        never moves the deck."""
        metrics = self.fontMetrics()
        pad = max(6, metrics.height() // 2)
        texts = ("▶ ★", "100.0 %", *(_(name) for name in DIRECTION_NAMES.values()))
        width = max(metrics.horizontalAdvance(text) for text in texts)
        return QSize(width + 3 * pad, 2 * metrics.lineSpacing() + 2 * pad)

    def _place(self) -> None:
        if not self._arrows:
            return
        size = self.arrow_size()
        w, h, gap = size.width(), size.height(), 4
        rect = self.geometry()
        note_w = max(60, (rect.width() - w) // 2 - 3 * gap)
        texts = [note for note in self._notes if note.text()]
        for note in texts:  # its own fit at that width (its usual messages'): none grows later
            note.resize(note_w, note.height())
        low = max(
            [
                h,
                *(
                    max(note.usual_height(), note.text_height(note.text(), note_w))
                    for note in texts
                ),
            ]
        )
        self.setViewportMargins(w + 2 * gap, h + 2 * gap, w + 2 * gap, low + 2 * gap)
        self._fit()
        host = self.parentWidget()
        if host is None:
            return
        spots = {
            "up": (rect.center().x() - w // 2, rect.top() + gap),
            "down": (rect.center().x() - w // 2, rect.bottom() + 1 - h - gap),
            "left": (rect.left() + gap, rect.center().y() - h // 2),
            "right": (rect.right() + 1 - w - gap, rect.center().y() - h // 2),
        }
        placed: list[tuple[QWidget, int, int]] = [
            (widget, *spots[direction]) for direction, widget in self._arrows.items()
        ]
        if self._corner is not None:
            placed.append((self._corner, rect.left() + gap, rect.top() + gap))
        for widget, x, y in placed:
            if widget.parentWidget() is not host:
                widget.setParent(host)
            widget.setGeometry(x, y, w, h)
            widget.setVisible(self.isVisible())
            widget.raise_()
        spots_x = (rect.left() + gap, rect.center().x() + w // 2 + 2 * gap)
        for note, x in zip(self._notes, spots_x, strict=False):
            if note.parentWidget() is not host:
                note.setParent(host)
            note.hold(low)  # both one height: shown or fitted later, each keeps it
            note.setGeometry(x, rect.bottom() + 1 - low - gap, note_w, low)
            note.setVisible(self.isVisible() and bool(note.text()))
            note.raise_()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self._place()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        for widget in (*self._arrows.values(), self._corner, *self._notes):
            if widget is not None and widget.parentWidget() is not self:
                widget.hide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._place()

    def _step(self, value: object) -> None:
        if isinstance(value, QPointF):
            self.item.shift = value
            self.item.update()

    def _flash_step(self, value: object) -> None:
        flash = self.item.flash
        if flash is None:
            return
        self.item.flash = (flash[0], value) if isinstance(value, float) else None
        self.item.update()

    def _fit(self) -> None:
        positions = self.item.layout.stack.positions
        xs = [x for x, _ in positions] + [0]
        ys = [y for _, y in positions] + [0]
        area = QRectF(
            min(xs) * HALF_W,
            min(ys) * HALF_H,
            (max(xs) - min(xs) + 2) * HALF_W,
            (max(ys) - min(ys) + 2) * HALF_H,
        ).adjusted(-HALF_W * 0.25, -HALF_H * 0.15, HALF_W * 0.25, HALF_H * 0.15)
        self.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        # A hidden tab does not learn its size; fit again when it comes into view.
        super().showEvent(event)
        self._place()
        self._fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        direction = KEYS.get(event.key())
        if direction is not None and not event.modifiers():
            self.slide_requested.emit(direction)
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._drag_from = event.position()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        start, self._drag_from = self._drag_from, None
        if start is not None:
            direction = drag_direction(event.position() - start)
            if direction is not None:
                self.slide_requested.emit(direction)
        super().mouseReleaseEvent(event)


def drag_direction(delta: QPointF, threshold: float = 24.0) -> Direction | None:
    """The slide a drag means: its main axis, if it went far enough."""
    if max(abs(delta.x()), abs(delta.y())) < threshold:
        return None
    if abs(delta.x()) >= abs(delta.y()):
        return "right" if delta.x() > 0 else "left"
    return "down" if delta.y() > 0 else "up"


def _event(events: tuple[Event, ...], kind: EventKind) -> Event | None:
    return next((event for event in events if event.kind == kind), None)


def slide_of(state: GameState, events: tuple[Event, ...]) -> Direction | None:
    """The direction of the slide ``events`` report (None if they report none), to animate it.

    The ``slide`` event names the card it revealed (``count``); the direction, when the event
    carries it in ``name``, is taken from there. Otherwise it is that card's ``Reveal`` in
    ``state``: in the dream, or in the deck just finished (she woke, or it reset)."""
    event = _event(events, "slide")
    if event is None:
        return None
    carried = next((d for d in DIRECTIONS if d == event.name), None)
    if carried is not None:
        return carried
    dream = state.dream
    cards = dream.reveals if len(dream.reveals) >= event.count else dream.finished
    return cards[event.count - 1].direction if 0 < event.count <= len(cards) else None


def attack_of(events: tuple[Event, ...]) -> int | None:
    """The index of the card Dr. Fright attacked from (the ``attack`` event's card), or None."""
    event = _event(events, "attack")
    return event.count - 1 if event is not None and event.count > 0 else None
