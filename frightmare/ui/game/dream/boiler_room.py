"""The Boiler Room on screen: the sliding stack as it lies on the table, arrows with odds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

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
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import (
    BOILER_EFFECT_NAMES,
    Action,
    BoilerEffect,
    BoilerRoomEffect,
    FallAsleep,
    Report,
    ResetBoilerRoom,
    SetDeckMode,
    Slide,
)
from frightmare.model.dream.dream import AWAKE_NOTE, boiler_card_note, fall_asleep_note
from frightmare.model.game.boiler_room import (
    CARDS,
    CELL,
    DIRECTIONS,
    QUADRANTS,
    STEP,
    Direction,
    Quadrant,
    Reveal,
    Stack,
    describe_part,
    odds,
)
from frightmare.model.game.state import Event, EventKind, GameState
from frightmare.model.query.plays import plays
from frightmare.model.wording import counted
from frightmare.ui.art import (
    draw_card_back,
    draw_card_face,
    draw_dr_fright,
    draw_reported_card,
    draw_sleep_card,
)
from frightmare.ui.theme import compact_combo, current_zoom, set_style_property
from frightmare.ui.widgets.card_combo import wide_popup
from frightmare.ui.widgets.dialogs import deck_mode_combo
from frightmare.ui.widgets.messages import MessageArea
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox

HALF_W = 70.0  # half a card, in scene units
HALF_H = 95.0
ATTACK_RED = "#e0443a"  # the part just revealed, and Dr. Fright's quarter when he attacks
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
        self.setAccessibleName("Boiler Room deck")
        self.setToolTip("Arrow keys or drag the stack to slide it")
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
        width = max(metrics.horizontalAdvance(text) for text in ("▶ ★", "100.0 %", "Right"))
        return QSize(width + 3 * pad, 2 * metrics.lineSpacing() + 2 * pad)

    def _place(self) -> None:
        if not self._arrows:
            return
        size = self.arrow_size()
        w, h, gap = size.width(), size.height(), 4
        rect = self.geometry()
        note_w = max(60, (rect.width() - w) // 2 - 3 * gap)
        texts = [note for note in self._notes if note.text()]
        low = max([h, *(note.text_height(note.text(), note_w) for note in texts)])
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
            note.setFixedHeight(low)
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


class ReportDialog(QDialog):
    """Playing with the real cards: what did the slide show?

    Each answer carries the model's verdict: one the rules refuse is marked, with the model's
    reason in its tooltip, and stays clickable (the real cards are the truth: the play can be
    recorded anyway); only an impossible one is disabled.
    """

    def __init__(self, state: GameState, direction: Direction, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("What does the card show?")
        self.choice: Report | None = None
        screen = plays(state)
        stack = state.dream.stack
        part = sorted(stack.visible_after(direction))
        layout = QVBoxLayout(self)
        label = QLabel(
            f"Card {stack.revealed + 1} now shows {describe_part(part)}. Is Dr. Fright in it?"
        )
        label.setWordWrap(True)
        layout.addWidget(label)
        answers: list[tuple[Report, str]] = [("nothing", "&No Dr. Fright")]
        answers += [
            (q, f"&{n + 1}  Dr. Fright in the {q} quarter")
            for n, q in enumerate(q for q in QUADRANTS if q in part)
        ]
        self.buttons: dict[Report, QPushButton] = {}
        for report, text in answers:
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, r=report: self._choose(r))
            # Refused by a rule, still clickable: the real cards are the truth, and the
            # play can be recorded anyway; only an answer the slide cannot show is disabled.
            offer(button, screen.slide_report(direction, report).error, "")
            self.buttons[report] = button
            layout.addWidget(button)
        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def _choose(self, report: Report) -> None:
        self.choice = report
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState, direction: Direction) -> Report | None:
        dialog = cls(state, direction, parent)
        dialog.exec()
        return dialog.choice


class BoilerRoomPanel(QWidget):
    """The Boiler Room's controls for the side column: the four arrows with their odds, the
    deck's mode and the sleep controls. ``view`` (the deck itself) is placed by the game page
    in its main region."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = BoilerRoomView()
        self.view.slide_requested.connect(self.request_slide)
        self.show_hint = True
        self._state: GameState | None = None
        self._shown_mode: str | None = None
        self._tips: dict[QPushButton, str] = {}

        self.status = MessageArea(1, "Boiler Room status")
        self.expectation = MessageArea(1, "Expected attacks")
        set_style_property(self.expectation.label, "muted", True)

        # The arrows and the card count sit around the deck in the main region (the view).
        self.arrows: dict[Direction, QToolButton] = {}
        for direction in DIRECTIONS:
            button = QToolButton()
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.setAccessibleName(f"Slide {direction}")
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the focus alone
            button.clicked.connect(lambda _=False, d=direction: self.request_slide(d))
            self.arrows[direction] = button
        self.centre = QLabel()
        self.centre.setAccessibleName("Boiler Room cards revealed")
        self.centre.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_style_property(self.centre, "scale", "big")
        self.view.set_controls(dict(self.arrows), self.centre)
        for note in (self.status, self.expectation):
            set_style_property(note.label, "scale", "small")
        self.view.set_notes(self.status, self.expectation)

        # The deck's mode is recorded as a game action: only by its button, never by the
        # choice alone (a stray wheel notch over the box changes nothing).
        self.mode = deck_mode_combo()
        compact_combo(self.mode, 6)
        wide_popup(self.mode)
        self.use_mode = QPushButton("Switch")
        self.use_mode.setAccessibleName("Switch the Boiler Room deck")
        self.use_mode.setToolTip("Play the Boiler Room with the deck chosen here")
        self.use_mode.clicked.connect(self._use_mode)
        self.mode.currentIndexChanged.connect(self._mode_changed)

        self.short_rest = self._button(
            "Short Rest", FallAsleep(cause="short rest"), fall_asleep_note("short rest")
        )
        self.long_rest = self._button(
            "Long Rest", FallAsleep(cause="long rest"), fall_asleep_note("long rest")
        )
        self.fall_asleep = self._button(
            "Fall Asleep", FallAsleep(cause="effect"), fall_asleep_note("effect")
        )
        self.reset = self._button(
            "Reset (Bloodlust)",
            ResetBoilerRoom(cause="bloodlust"),
            ResetBoilerRoom(cause="bloodlust").describe(),
        )
        self.card_effect = QPushButton("Card effect…")
        self.card_effect.setAccessibleName("A card changes the Boiler Room")
        # What a card can do to the Boiler Room is the model's list (``BOILER_EFFECT_NAMES``).
        self._tips[self.card_effect] = (
            "A card changes the Boiler Room ("
            + "; ".join(BOILER_EFFECT_NAMES.values())
            + "): name it and record what it does"
        )
        self.card_effect.setToolTip(self._tips[self.card_effect])
        self.card_effect.clicked.connect(self._card_effect)
        # Falling Asleep is a play of the Action phase, whatever the main region shows: the
        # game page puts ``sleep_row`` in the phase's controls; the deck's mode is a setting
        # of the game (``mode_row``, in the Game panel).
        self.sleep_row = QWidget()
        self.sleep_row.setAccessibleName("Fall Asleep")
        sleep = QGridLayout(self.sleep_row)
        sleep.setContentsMargins(0, 0, 0, 0)
        sleep.setHorizontalSpacing(3)
        self.sleep_grid = sleep
        self._lay_out_sleep(3)
        asleep = QHBoxLayout()
        asleep.setContentsMargins(0, 0, 0, 0)
        asleep.addWidget(self.reset)
        asleep.addWidget(self.card_effect)

        # The deck's choice has a row of its own, as wide as the column, so its longest
        # name reads whole at every zoom; Switch sits on the title row above it.
        self.mode_row = QWidget()
        self.mode_row.setAccessibleName("Boiler Room deck")
        mode_layout = QVBoxLayout(self.mode_row)
        mode_layout.setContentsMargins(0, 0, 0, 0)
        mode_label = QLabel("Boiler Room &deck:")
        mode_label.setWordWrap(True)
        mode_label.setBuddy(self.mode)
        mode_layout.addWidget(mode_label)
        mode_layout.addWidget(self.mode)
        # The panel is narrow: the box shows the start of a long name; it reads whole here.
        self.mode_name = QLabel()
        self.mode_name.setWordWrap(True)
        self.mode_name.setAccessibleName("Chosen deck")
        self.mode.currentTextChanged.connect(self.mode_name.setText)
        self.mode_name.setText(self.mode.currentText())
        mode_layout.addWidget(self.mode_name)
        mode_row = QHBoxLayout()
        mode_row.addStretch(1)
        mode_row.addWidget(self.use_mode)
        mode_layout.addLayout(mode_row)

        side = QVBoxLayout(self)
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(3)
        side.addLayout(asleep)
        self.side = side

    def _lay_out_sleep(self, columns: int) -> None:
        """Short Rest, Long Rest and Fall Asleep on one row, two rows from 130% zoom up."""
        for n, button in enumerate((self.short_rest, self.long_rest, self.fall_asleep)):
            self.sleep_grid.removeWidget(button)
            self.sleep_grid.addWidget(button, n // columns, n % columns)

    def _button(self, text: str, action: Action, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(lambda: self.act_requested.emit(action))
        self._tips[button] = tip
        return button

    def _card_effect(self) -> None:
        action = BoilerEffectDialog.ask(self)
        if action is not None:
            self.act_requested.emit(action)

    def _mode_changed(self, _index: int) -> None:
        state = self._state
        self.use_mode.setEnabled(state is not None and self.mode.currentData() != state.dream.mode)

    def _use_mode(self) -> None:
        mode = self.mode.currentData()
        if self._state is not None and mode != self._state.dream.mode:
            self.act_requested.emit(SetDeckMode(mode=mode))

    def request_slide(self, direction: str) -> None:
        state = self._state
        d = next((x for x in DIRECTIONS if x == direction), None)
        if state is None or d is None:
            return
        button = self.arrows[d]
        if not button.isEnabled():
            self.status.show_whole(button.toolTip())
            return
        report: Report | None = None
        if state.dream.mode == "physical":
            report = ReportDialog.ask(self, state, d)
            if report is None:
                return
        self.act_requested.emit(Slide(direction=d, report=report))

    def show_state(self, state: GameState, news: bool = False) -> None:
        """Show ``state``. ``news``: it is what an action just did, and its typed events say
        what to animate (a ``slide`` event slides the stack, an ``attack`` event flashes Dr.
        Fright's quarter); otherwise (undo, redo, a jump in History, a redraw) it is drawn
        still, whatever changed."""
        self._state = state
        columns = 3 if current_zoom() < 1.25 else 2
        if columns != self.sleep_grid.columnCount() or self.sleep_grid.rowCount() == 1:
            self._lay_out_sleep(columns)
        dream = state.dream
        events = state.events if news else ()
        self.view.show_layout(layout_of(state), slide_of(state, events), attack_of(events))
        if self._shown_mode != dream.mode:  # the player's pending choice stays otherwise
            self._shown_mode = dream.mode
            self.mode.setCurrentIndex(self.mode.findData(dream.mode))
        self._mode_changed(self.mode.currentIndex())
        for button in (self.short_rest, self.long_rest, self.fall_asleep):
            button.setVisible(dream.awake)
        screen = plays(state)
        for sleep_button, answer in (
            (self.short_rest, screen.fall_asleep["short rest"]),
            (self.long_rest, screen.fall_asleep["long rest"]),
            (self.fall_asleep, screen.fall_asleep["effect"]),
            (self.reset, screen.reset_boiler_room),
        ):
            offer(sleep_button, answer.error, self._tips[sleep_button])
        self.reset.setVisible(not dream.awake)
        self.card_effect.setVisible(not dream.awake)
        offer(self.card_effect, screen.boiler_effect.error, self._tips[self.card_effect])

        stack = dream.stack
        rows = {o.direction: o for o in odds(stack, dream.knowledge)} if not dream.awake else {}
        for direction, arrow_button in self.arrows.items():
            row = rows.get(direction)
            arrow = ARROWS[direction]
            if dream.awake or row is None or not row.legal:
                # Not playable now: the model says why (Awake, or a slide showing nothing).
                answer = screen.slides[direction]
                offer(arrow_button, answer.error, "")
                arrow_button.setEnabled(answer.recordable)
                arrow_button.setText(f"{arrow}\n{direction.title() if dream.awake else '—'}")
            else:
                star = " ★" if row.best and self.show_hint else ""
                arrow_button.setEnabled(True)
                arrow_button.setText(f"{arrow}{star}\n{_percent(row.attack_chance)}")
                arrow_button.setToolTip(
                    f"Slide {direction}: shows {describe_part(row.part)} of card "
                    f"{stack.revealed + 1}; {_percent(row.attack_chance)} chance that Dr. Fright "
                    f"attacks. Expected attacks until you wake: {row.expected_attacks:.2f}."
                )
            is_best = bool(row and row.best and self.show_hint and arrow_button.isEnabled())
            set_style_property(arrow_button, "best", is_best)
        if dream.awake:
            self.centre.setText("☀")
            last = (
                f" Last dream: {counted(sum(r.attack for r in dream.finished), 'attack')}."
                if dream.finished
                else ""
            )
            self.status.show_whole(awake_status(last))
            self.expectation.show_whole("")
            self.view._place()
            return
        self.centre.setText(f"{stack.revealed}/{CARDS}")
        due = boiler_card_note(state)
        self.status.show_whole(asleep_status(stack.revealed + 1, dream.attacks, due))
        legal = [o for o in rows.values() if o.legal]
        if legal and self.show_hint:
            best = min(legal, key=lambda o: o.expected_attacks)
            names = ", ".join(o.direction for o in legal if o.best)
            self.expectation.show_whole(expectation(best.expected_attacks, names))
        elif legal:
            self.expectation.show_whole(HINTS_OFF)
        self.view._place()


HINTS_OFF = "Hints are off (View → Show the best slide)."


def awake_status(last: str) -> str:
    """The model's note on being Awake (``AWAKE_NOTE``), then the last dream's count."""
    return AWAKE_NOTE + last


def asleep_status(card: int, attacks: int, due: str) -> str:
    """Where the dream stands; ``due`` is the model's ``boiler_card_note`` (may be empty)."""
    return f"Card {card} of {CARDS} is next; {counted(attacks, 'attack')} this dream." + (
        f" {due}" if due else ""
    )


def expectation(attacks: float, names: str) -> str:
    return f"With best play, {counted(attacks, 'more attack')} before you wake (★ {names})."


class BoilerEffectDialog(QDialog):
    """A card that changes the Boiler Room's pace ("unless a game effect changes this"):
    which card, and what it does."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("A card changes the Boiler Room")
        self.effect = ComboBox()
        self.effect.setAccessibleName("What the card does")
        for key, text in BOILER_EFFECT_NAMES.items():
            self.effect.addItem(text[:1].upper() + text[1:], key)
        self.card = QLineEdit()
        self.card.setMaxLength(60)
        self.card.setAccessibleName("The card's name")
        self.card.setPlaceholderText("The card's name, as printed")
        form = QFormLayout(self)
        form.addRow("&Card:", self.card)
        form.addRow("&It gives:", self.effect)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.card.textChanged.connect(lambda _text: self._enable())
        self._enable()

    def _enable(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(self.action() is not None)

    def action(self) -> BoilerRoomEffect | None:
        card = " ".join(self.card.text().split())
        effect: BoilerEffect | None = next(
            (e for e in get_args(BoilerEffect) if e == self.effect.currentData()), None
        )
        if not card or effect is None:
            return None
        return BoilerRoomEffect(effect=effect, card=card)

    @classmethod
    def ask(cls, parent: QWidget | None) -> BoilerRoomEffect | None:
        dialog = cls(parent)
        return dialog.action() if dialog.exec() == QDialog.DialogCode.Accepted else None


def _percent(value: float) -> str:
    text = f"{value * 100:.1f}".removesuffix(".0")
    return f"{text} %"


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
