"""The round bar's pieces: phase pills that never change width, and the counters, readable across
the table, each with its − and +."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare import i18n
from frightmare.i18n import _
from frightmare.model.actions.round import CounterName
from frightmare.ui.theme import current_zoom, set_style_property
from frightmare.ui.widgets.messages import MARGIN, MessageArea, set_tip

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState, Phase


class PhasePill(QLabel):
    """A phase's name in a pill as wide as when it is the current one (shown in bold).

    Every pill reserves its bold width, and the pills share the row evenly, so no pill moves
    or changes width when the phase changes; in a short column that has no room for them
    whole, one row still, the current phase's name whole and the longest others' ending in
    "…" (``share_row``).
    """

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.whole = text
        self.room: int | None = None  # the width a short column gives it (``share_row``)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._reserve()

    def _reserve(self) -> None:
        if self.room is None or self.room >= self.width_for(self.whole):
            self.setText(self.whole)
            self.setMinimumWidth(self.room or self.width_for(self.whole))
            return
        bold = QFont(self.font())
        bold.setBold(True)
        text_room = self.room - (self.width_for("") if self.room else 0)
        elided = QFontMetrics(bold).elidedText(self.whole, Qt.TextElideMode.ElideRight, text_room)
        self.setText(elided)
        self.setMinimumWidth(self.room)

    def set_room(self, room: int | None) -> None:
        """As wide as ``room``, its name ending in "…" when it needs more (a short column's
        one row of pills); ``None``: its name whole, as wide as it is in bold."""
        if room != self.room:
            self.room = room
            self._reserve()

    def name_tip(self) -> str:
        """Its name whole when it ends in "…", else nothing."""
        return self.whole if self.text() != self.whole else ""

    def width_for(self, text: str) -> int:
        """The width a pill in this one's font reserves for ``text``: the text in bold, and
        the pill's padding (the theme's, half its pad) and border."""
        bold = QFont(self.font())
        bold.setBold(True)
        pad = max(2, round(4 * current_zoom())) // 2
        return QFontMetrics(bold).horizontalAdvance(text) + 2 * pad + 4

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._reserve()


def share_row(pills: Sequence[PhasePill], current: int, room: int) -> None:
    """The phases' pills on one row ``room`` wide (less their gaps): the current phase's
    name whole, the others as wide as theirs up to an even share of what is left, the
    longest ending in "…" (a short column: French, Spanish and Polish pills took two rows and
    pushed the moment's controls below the fold at scale 2)."""
    wanted = [p.width_for(p.whole) for p in pills]
    left = room - wanted[current]
    others = sorted((w, n) for n, w in enumerate(wanted) if n != current)
    rooms = {current: wanted[current]}
    for done, (width, n) in enumerate(others):
        share = left // (len(others) - done)
        rooms[n] = max(min(width, share), pills[n].width_for("A…"))
        left -= rooms[n]
    for n, pill in enumerate(pills):
        pill.set_room(rooms[n])


def name_shortened(pills: Mapping[Phase, PhasePill], current: Phase | None) -> None:
    """Each pill but the ``current`` phase's (whose tip is its checklist) named whole in its
    tip when its name ends in "…": a pill shortened after the state was shown had none."""
    for phase, pill in pills.items():
        if phase != current:
            set_tip(pill, pill.name_tip())


def pills_measured(
    pills: Sequence[PhasePill], budget: int, short: bool, state: GameState | None
) -> tuple[object, ...]:
    """What ``RoundBar._wrap_pills`` measures the pills by: the counters' width, a short
    column (whose one row keeps the current phase whole), the language, the pills' names and
    fonts (the zoom), the style sheet (the theme)."""
    app = QApplication.instance()
    return (
        budget,
        short,
        state.phase if short and state is not None else None,
        i18n.language(),
        tuple((pill.whole, pill.font().key()) for pill in pills),
        app.styleSheet() if isinstance(app, QApplication) else "",
    )


class StepButton(QToolButton):
    """A counter's − or +."""

    def hold_width(self) -> None:
        """Never narrower than its own size: the side column is fitted to its content's
        minimum width, and the theme's smaller ``min-width`` would let the column squeeze the
        button once nothing wider holds the column open."""
        width = self.sizeHint().width()
        if self.minimumWidth() != width:
            self.setMinimumWidth(width)


class CounterBox(QFrame):
    """A counter, readable across the table, with − and + buttons."""

    def __init__(self, key: CounterName, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName("counter")
        set_style_property(self, "card", True)
        self.title = QLabel(title)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setObjectName("muted")
        set_style_property(self.title, "scale", "small")
        self.value = QLabel("0")
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.value.setAccessibleName(title)
        set_style_property(self.value, "scale", "big")
        self.minus = StepButton()
        self.minus.setText("−")
        self.plus = StepButton()
        self.plus.setText("+")
        self.set_names(title, title)
        for button in (self.minus, self.plus):
            set_style_property(button, "compact", True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the focus alone
        # The buttons sit under the value, in a layout: they never cover it.
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.minus)
        row.addWidget(self.plus)
        self.box = layout = QVBoxLayout(self)
        layout.setContentsMargins(3, 2, 3, 3)
        layout.setSpacing(0)
        layout.addWidget(self.title)
        layout.addWidget(self.value)
        layout.addLayout(row)

    def set_compact(self, compact: bool) -> None:
        """In a short window (1920x1080 at scale 2) the value is bold at the usual size and
        the box's margins thinner: a row of counters 10 px shorter, no wider."""
        set_style_property(self.value, "scale", "" if compact else "big")
        font = self.value.font()
        font.setBold(compact)
        self.value.setFont(font)
        self.box.setContentsMargins(3, 1 if compact else 2, 3, 1 if compact else 3)

    def set_names(self, short: str, full: str) -> None:
        """The short title shown above the value; the full one (the model's counter title,
        with the Killer's own name) for screen readers."""
        self.title.setText(short)
        self.value.setAccessibleName(full)
        self.minus.setAccessibleName(_("{counter} minus one").format(counter=full))
        self.plus.setAccessibleName(_("{counter} plus one").format(counter=full))


def hold_round_width(label: QLabel, english: str) -> None:
    """The round (or how the game ended) on one line as wide as its English text at most: a
    longer language's wraps rather than widen the side column (at 150% the round and Next
    phase, a third longer, set the column's width and the board fell below a third of a
    1280x720 window)."""
    label.ensurePolished()
    metrics = label.fontMetrics()
    english = english or label.text()
    text = min(metrics.horizontalAdvance(label.text()), metrics.horizontalAdvance(english))
    margins = label.contentsMargins()
    width = text + margins.left() + margins.right() + 2 * label.margin() + 2
    if label.minimumWidth() != width:
        label.setMinimumWidth(width)


def reminder_chip(text: str, blocking: bool, dismiss: Callable[[], None]) -> QFrame:
    """A reminder's strip: ⚠ for one that blocks the phase, else • and its × (``dismiss``)."""
    chip = QFrame()
    chip.setObjectName("chip")
    chip.setProperty("chip", "blocking" if blocking else "reminder")
    row = QHBoxLayout(chip)
    row.setContentsMargins(6, 0, 2, 0)
    label = QLabel(("⚠ " if blocking else "• ") + text)
    label.setWordWrap(True)
    set_style_property(label, "scale", "small")
    set_style_property(label, "ink", "blocking" if blocking else "reminder")
    label.setAccessibleName(_("Reminder"))
    label.setToolTip(text)
    row.addWidget(label, 1)
    if not blocking:
        close = QToolButton()
        close.setText("×")
        set_style_property(close, "compact", True)
        close.setAccessibleName(_("Dismiss: {reminder}").format(reminder=text))
        close.setToolTip(_("Dismiss this reminder for this phase"))
        close.clicked.connect(lambda _=False: dismiss())
        row.addWidget(close)
    return chip


def _escaped(text: str) -> str:
    """``text`` as rich text shows it (``html.escape`` without quotes: importing ``html``
    imports its 2,000 entities, about 1.5 ms at the launch)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ChecklistArea(MessageArea):
    """The phase's checklist, one line an item: a longer item ends in "…" and the whole list
    is in the tooltip (and said to a screen reader). The controls under it restate what each
    item asks (his Killer Action's step, the Terror card), so the side column keeps its room
    for them: at 1280x720 in German, French, Spanish or Polish the wrapped list pushed the
    Asleep Killer phase's message below the fold."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(1, name, parent)
        # Never scrolls: as tall as its lines, whole, at the area's full width.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        set_style_property(self.label, "scale", "small")
        self.label.setWordWrap(False)
        self.items: tuple[str, ...] = ()
        self.one_line = False

    def set_one_line(self, one_line: bool) -> None:
        """In a short window the list takes one line: each item's mark, then the first item
        still to do (the whole list in the tooltip, as ever)."""
        if one_line != self.one_line:
            self.one_line = one_line
            self._fit()

    def show_items(self, items: Sequence[str], whole: str) -> None:
        """``items``, one a line; ``whole``: the whole list, for the tooltip."""
        if tuple(items) == self.items and whole == self.label.toolTip():
            return  # the same list (its fit follows the width, zoom and font on its own)
        self.items = tuple(items)
        self.label.setToolTip(whole)
        self.label.setAccessibleDescription(whole)
        self._fit()

    def _fit(self) -> None:
        items: tuple[str, ...] = getattr(self, "items", ())
        self.label.ensurePolished()
        metrics = self.label.fontMetrics()
        room = max(40, self.viewport().width() - 2)
        if getattr(self, "one_line", False) and len(items) > 1:
            marks = "".join(t[:1] for t in items)
            todo = next((t for t in items if not t.startswith("✓")), items[-1])
            items = (f"{marks} {todo[1:].lstrip()}",)
        lines = [metrics.elidedText(t, Qt.TextElideMode.ElideRight, room) for t in items]
        shown = "<br>".join(_escaped(line) for line in lines)
        if shown != self.label.text():
            self.label.setText(shown)
        self.samples = (shown,)
        # As tall as its lines exactly (a wrapping probe measured a line more than it shows).
        height = max(metrics.lineSpacing() + MARGIN, self.label.sizeHint().height())
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)
