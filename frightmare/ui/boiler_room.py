"""The Boiler Room on screen: the sliding stack as it lies on the table, arrows with odds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import FallAsleep, Report, ResetBoilerRoom, SetDeckMode, Slide
from frightmare.model.boiler_room import (
    CARDS,
    CELL,
    DIRECTIONS,
    QUADRANTS,
    STEP,
    Direction,
    Reveal,
    Stack,
    describe_part,
    odds,
)
from frightmare.model.state import GameState
from frightmare.ui.art import draw_card_back, draw_card_face, draw_dr_fright, draw_sleep_card
from frightmare.ui.dialogs import deck_mode_combo

HALF_W = 70.0  # half a card, in scene units
HALF_H = 95.0
ARROWS: dict[Direction, str] = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}
KEYS: dict[int, Direction] = {
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
}


@dataclass(frozen=True)
class Layout:
    """What the view draws: the cards' positions and what each revealed card showed."""

    reveals: tuple[Reveal, ...]
    awake: bool
    remaining: int

    @property
    def stack(self) -> Stack:
        return Stack.after(r.direction for r in self.reveals)


def layout_of(state: GameState) -> Layout:
    dream = state.dream
    if dream.awake and dream.finished:
        return Layout(dream.finished, True, 0)
    return Layout(dream.reveals, dream.awake, CARDS - len(dream.reveals))


def _card_rect(x: float, y: float) -> QRectF:
    return QRectF(x * HALF_W, y * HALF_H, 2 * HALF_W, 2 * HALF_H)


class StackItem(QGraphicsObject):
    """Paints the whole stack; ``shift`` offsets the sliding group during an animation."""

    def __init__(self) -> None:
        super().__init__()
        self.layout = Layout((), True, CARDS)
        self.shift = QPointF(0, 0)

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
            draw_card_face(painter, rect, dim=layout.awake)
            reveal = layout.reveals[index]
            if reveal.fright is not None:
                cx, cy = CELL[reveal.fright]
                cell = QRectF(rect.left() + cx * HALF_W, rect.top() + cy * HALF_H, HALF_W, HALF_H)
                draw_dr_fright(painter, cell.adjusted(6, 6, -6, -6))
            if index == len(layout.reveals) - 1 and not layout.awake:
                self._outline(painter, rect, reveal)
        x, y = positions[0]
        draw_sleep_card(painter, _card_rect(x, y).translated(self.shift), awake=layout.awake)

    def _outline(self, painter: QPainter, rect: QRectF, reveal: Reveal) -> None:
        """The part just revealed, outlined in red as in the rulebook's example."""
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#e0443a"), 3))
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
        self.setAccessibleName("Boiler Room deck")
        self.setToolTip("Arrow keys or drag the stack to slide it")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QColor("#0f0d14"))
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.item = StackItem()
        self.item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        self.scene_.addItem(self.item)
        self.animate = True
        self._animation = QVariantAnimation(self)
        self._animation.setDuration(200)
        self._animation.valueChanged.connect(self._step)
        self._drag_from: QPointF | None = None
        self.setMinimumSize(260, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_layout(self, layout: Layout, slid: Direction | None = None) -> None:
        self._animation.stop()
        self.item.set_layout(layout)
        self._fit()
        if slid is not None and self.animate:
            dx, dy = STEP[slid]
            self._animation.setStartValue(QPointF(-dx * HALF_W, -dy * HALF_H))
            self._animation.setEndValue(QPointF(0, 0))
            self._animation.start()
        else:
            self.item.shift = QPointF(0, 0)
            self.item.update()

    def _step(self, value: object) -> None:
        if isinstance(value, QPointF):
            self.item.shift = value
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
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        # A hidden tab does not learn its size; fit again when it comes into view.
        super().showEvent(event)
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


class ReportDialog(QDialog):
    """Playing with the real cards: what did the slide show?"""

    def __init__(self, card: int, part: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("What does the card show?")
        self.choice: Report | None = None
        layout = QVBoxLayout(self)
        label = QLabel(
            f"Card {card} now shows {describe_part(part)}. Is Dr. Fright in it?"  # type: ignore[arg-type]
        )
        label.setWordWrap(True)
        layout.addWidget(label)
        nothing = QPushButton("&No Dr. Fright")
        nothing.clicked.connect(lambda: self._choose("nothing"))
        layout.addWidget(nothing)
        for n, q in enumerate(q for q in QUADRANTS if q in part):
            button = QPushButton(f"&{n + 1}  Dr. Fright in the {q} quarter")
            button.clicked.connect(lambda _=False, q=q: self._choose(q))
            layout.addWidget(button)
        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def _choose(self, report: Report) -> None:
        self.choice = report
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, card: int, part: Sequence[str]) -> Report | None:
        dialog = cls(card, part, parent)
        dialog.exec()
        return dialog.choice


class BoilerRoomPanel(QWidget):
    """The view, the four arrows with their odds, the deck's mode and the sleep controls."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = BoilerRoomView()
        self.view.slide_requested.connect(self.request_slide)
        self.show_hint = True
        self._state: GameState | None = None

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Boiler Room status")
        self.expectation = QLabel()
        self.expectation.setWordWrap(True)
        self.expectation.setObjectName("muted")

        self.arrows: dict[Direction, QToolButton] = {}
        cross = QGridLayout()
        places = {"up": (0, 1), "left": (1, 0), "right": (1, 2), "down": (2, 1)}
        for direction in DIRECTIONS:
            button = QToolButton()
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.setMinimumWidth(96)
            button.setAccessibleName(f"Slide {direction}")
            button.clicked.connect(lambda _=False, d=direction: self.request_slide(d))
            self.arrows[direction] = button
            cross.addWidget(button, *places[direction])
        self.centre = QLabel()
        self.centre.setAlignment(Qt.AlignmentFlag.AlignCenter)
        cross.addWidget(self.centre, 1, 1)

        self.mode = deck_mode_combo()
        self.mode.activated.connect(self._mode_chosen)

        self.short_rest = self._button(
            "Short Rest → Asleep",
            FallAsleep(cause="short rest"),
            "Resolve a Short Rest: whatever the roll, you fall Asleep",
        )
        self.long_rest = self._button(
            "Long Rest → Asleep",
            FallAsleep(cause="long rest"),
            "Resolve a Long Rest: whatever the roll, you fall Asleep",
        )
        self.fall_asleep = self._button(
            "Fall Asleep (effect)", FallAsleep(cause="effect"), "A card says you fall Asleep"
        )
        self.reset = self._button(
            "Reset the deck (Bloodlust)",
            ResetBoilerRoom(cause="bloodlust"),
            "Bloodlust at its maximum while Asleep: the Boiler Room resets",
        )

        sleep_row = QHBoxLayout()
        for button in (self.short_rest, self.long_rest, self.fall_asleep, self.reset):
            sleep_row.addWidget(button)
        sleep_row.addStretch(1)

        mode_row = QHBoxLayout()
        mode_label = QLabel("&Deck:")
        mode_label.setBuddy(self.mode)
        mode_row.addWidget(mode_label)
        mode_row.addWidget(self.mode)
        mode_row.addStretch(1)

        cross_box = QWidget()
        cross_box.setLayout(cross)
        side_box = QWidget()
        side = QVBoxLayout(side_box)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.status)
        side.addWidget(cross_box)
        side.addWidget(self.expectation)
        side.addLayout(mode_row)
        side.addStretch(1)
        self.side = side

        top = QHBoxLayout()
        top.addWidget(self.view, 3)
        # The controls scroll rather than squeeze when the window is small or zoomed in.
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        side_scroll.setWidget(side_box)
        self.side_box, self.side_scroll = side_box, side_scroll
        top.addWidget(side_scroll, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(sleep_row)

    def showEvent(self, event: QShowEvent) -> None:
        # Wide enough for the arrows at the current zoom; narrower windows scroll.
        super().showEvent(event)
        bar = self.side_scroll.verticalScrollBar().sizeHint().width()
        self.side_scroll.setMinimumWidth(
            min(self.side_box.minimumSizeHint().width() + bar + 4, max(320, self.width() // 2))
        )

    def _button(self, text: str, action: object, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(lambda: self.act_requested.emit(action))
        return button

    def _mode_chosen(self, index: int) -> None:
        mode = self.mode.itemData(index)
        if self._state is not None and mode != self._state.dream.mode:
            self.act_requested.emit(SetDeckMode(mode=mode))

    def request_slide(self, direction: str) -> None:
        state = self._state
        if state is None or direction not in STEP:
            return
        d: Direction = direction  # type: ignore[assignment]
        button = self.arrows[d]
        if not button.isEnabled():
            self.status.setText(button.toolTip())
            return
        report: Report | None = None
        if state.dream.mode == "physical":
            stack = state.dream.stack
            report = ReportDialog.ask(self, stack.revealed + 1, sorted(stack.visible_after(d)))
            if report is None:
                return
        self.act_requested.emit(Slide(direction=d, report=report))

    def show_state(self, state: GameState, previous: GameState | None = None) -> None:
        self._state = state
        dream = state.dream
        slid = _slid_between(previous, state)
        self.view.show_layout(layout_of(state), slid)
        self.mode.setCurrentIndex(self.mode.findData(dream.mode))
        for button in (self.short_rest, self.long_rest, self.fall_asleep):
            button.setVisible(dream.awake)
        self.short_rest.setEnabled(state.phase == "action")
        self.long_rest.setEnabled(state.phase == "action")
        self.reset.setVisible(not dream.awake)

        stack = dream.stack
        rows = {o.direction: o for o in odds(stack, dream.knowledge)} if not dream.awake else {}
        for direction, button in self.arrows.items():
            row = rows.get(direction)
            arrow = ARROWS[direction]
            if dream.awake:
                button.setEnabled(False)
                button.setText(f"{arrow}\n{direction.title()}")
                button.setToolTip("You are Awake: the Boiler Room is only played while Asleep")
            elif row is None or not row.legal:
                button.setEnabled(False)
                button.setText(f"{arrow}\n—")
                button.setToolTip(
                    f"Sliding {direction} would not show any of the next card (The Boiler Room)"
                )
            else:
                star = " ★" if row.best and self.show_hint else ""
                button.setEnabled(True)
                button.setText(f"{arrow}{star}\n{_percent(row.attack_chance)}")
                button.setToolTip(
                    f"Slide {direction}: shows {describe_part(row.part)} of card "
                    f"{stack.revealed + 1}; {_percent(row.attack_chance)} chance that Dr. Fright "
                    f"attacks. Expected attacks until you wake: {row.expected_attacks:.2f}."
                )
            button.setProperty("best", bool(row and row.best and self.show_hint))
            button.setStyleSheet(
                "QToolButton { font-weight: bold; border: 2px solid #f2c14e; }"
                if button.property("best") and button.isEnabled()
                else ""
            )
        if dream.awake:
            self.centre.setText("☀")
            last = (
                f" Last dream: {sum(r.attack for r in dream.finished)} attack(s)."
                if dream.finished
                else ""
            )
            self.status.setText(
                "You are Awake. The deck waits under the Awake side; a Short Rest, a Long Rest "
                "or a card's effect puts you to sleep." + last
            )
            self.expectation.setText("")
            return
        self.centre.setText(f"{stack.revealed}/{CARDS}")
        due = (
            " A card is due: the Killer phase ends with one."
            if (state.phase == "killer" and not dream.killer_card_resolved)
            else ""
        )
        self.status.setText(
            f"Asleep in the Boiler Room. Card {stack.revealed + 1} of {CARDS} is next; "
            f"{dream.attacks} attack(s) this dream.{due}"
        )
        legal = [o for o in rows.values() if o.legal]
        if legal and self.show_hint:
            best = min(legal, key=lambda o: o.expected_attacks)
            names = ", ".join(o.direction for o in legal if o.best)
            self.expectation.setText(
                f"With best play, {best.expected_attacks:.2f} more attack(s) expected before you "
                f"wake (★ {names})."
            )
        elif legal:
            self.expectation.setText("Hints are off (View → Show the best slide).")


def _percent(value: float) -> str:
    text = f"{value * 100:.1f}".removesuffix(".0")
    return f"{text} %"


def _slid_between(previous: GameState | None, state: GameState) -> Direction | None:
    """The slide that led from ``previous`` to ``state``, to animate it (None if not one)."""
    if previous is None:
        return None
    before, after = previous.dream, state.dream
    if len(after.reveals) == len(before.reveals) + 1 and after.reveals[:-1] == before.reveals:
        return after.reveals[-1].direction
    if after.finished and len(after.finished) == len(before.reveals) + 1 and not after.reveals:
        return after.finished[-1].direction
    return None
