"""The space menu's entries: one play each, its verdict marked, a ⚑ beside a refused one to
record it anyway; or a compact row of a few plays, each a small button under the row's name
(her space's Convince into a House: "Convince: SW House", then its lines)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.journal import Action
from frightmare.model.query.verdict import ALLOWED, Verdict
from frightmare.model.values import frozen
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.refusals import offer


class MenuHost(Protocol):
    """What an entry or a step plays through (the space's menu)."""

    def act(self, action: Action, *, anyway: bool = False) -> None: ...

    def show_entries(self) -> None: ...


@frozen(slots=False)
class Entry:
    """One line of the menu: ``key`` names it (tests and the keyboard find it by it), the
    model's ``verdict``, and what a click does: apply ``action``, or run ``ask`` (which asks
    what is left open, then applies; ``anyway`` says the play is recorded anyway).
    ``choices``: a compact row, ``text`` its name over a small button per play (each with its
    short ``text`` and its ``name``, the whole text, in its tooltip and accessible name)."""

    key: str
    text: str
    tip: str
    verdict: Verdict = ALLOWED
    action: Action | None = None
    ask: Callable[[bool], None] | None = None
    heading: str = ""
    choices: tuple[Entry, ...] = ()
    name: str = ""


# True while a click comes from a key (Space on an entry, Return in the plays): the focus then
# goes where the next key goes (a click of the mouse leaves it where it was).
_BY_KEY = [False]


def clicked_by_key() -> bool:
    """The click under way came from a key, not the mouse."""
    return _BY_KEY[0]


@contextmanager
def key_click() -> Iterator[None]:
    """A click made by a key, for ``clicked_by_key``."""
    _BY_KEY[0] = True
    try:
        yield
    finally:
        _BY_KEY[0] = False


class EntryButton(QPushButton):
    """A menu entry as wide as its text when there is room; in a narrower popover (a large
    zoom on a small screen) its text ends in "…" and reads whole in its tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.full_text = ""
        self._hint: QSize | None = None

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        with key_click():  # Space clicks on its release
            super().keyReleaseEvent(event)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        super().setText(text)
        self._hint = None
        self.updateGeometry()
        # Elided once the popover is laid out again (it may widen to the text).
        QTimer.singleShot(0, self, self._elide)

    def sizeHint(self) -> QSize:
        """The whole text's size, as the style sheet draws it: measured once polished (a hint
        taken before the style sheet applied squeezed every entry under a real X server)."""
        if self._hint is None:
            self.ensurePolished()
            shown = self.text()
            super().setText(self.full_text)
            self._hint = super().sizeHint()
            super().setText(shown)
        return self._hint

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(min(hint.width(), 6 * self.fontMetrics().averageCharWidth()), hint.height())

    def _elide(self) -> None:
        full = self.sizeHint().width() - self.fontMetrics().horizontalAdvance(self.full_text)
        room = self.width() - full
        shown = self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            super().setText(shown)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._hint = None
            self.updateGeometry()


class ChoiceButton(QPushButton):
    """One play of a compact row: Left and Right walk the row's buttons (on an entry they go
    on on the board); Space clicks as a key's click."""

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        with key_click():
            super().keyReleaseEvent(event)

    def sizeHint(self) -> QSize:
        """Its text's size as the style sheet draws it (polished first, as ``EntryButton``)."""
        self.ensurePolished()
        return super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()  # a short label is never squeezed: it would say nothing

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            box = self.parentWidget()
            row = [b for b in box.findChildren(ChoiceButton) if b.isVisible()] if box else [self]
            at = row.index(self) + (1 if key == Qt.Key.Key_Right else -1)
            if 0 <= at < len(row):
                row[at].setFocus(Qt.FocusReason.TabFocusReason)
            event.accept()
            return
        super().keyPressEvent(event)


class EntryRow(QWidget):
    """An entry's button, and the ⚑ that records a refused play anyway; or, for an entry with
    ``choices``, a row of small buttons (``choice_buttons``) under the entry's name."""

    def __init__(self, menu: MenuHost) -> None:
        super().__init__()
        self.menu = menu
        self.entry: Entry | None = None
        self.button = EntryButton()
        self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        set_style_property(self.button, "menu", True)
        self.button.clicked.connect(lambda: self._run(anyway=False))
        self.anyway = QToolButton()
        self.anyway.setText("⚑")
        self.anyway.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.anyway.clicked.connect(lambda: self._run(anyway=True))
        # A group's first entry (Convince's lines, Search's) carries the group's name.
        self.heading = QLabel()
        self.heading.setObjectName("muted")
        set_style_property(self.heading, "scale", "small")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.button, 1)
        row.addWidget(self.anyway)
        self.choices_box = QWidget()
        self.choice_layout = QHBoxLayout(self.choices_box)
        self.choice_layout.setContentsMargins(0, 0, 0, 0)
        self.choice_layout.setSpacing(2)
        self.choice_buttons: list[ChoiceButton] = []
        self.choices_box.hide()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        column.addWidget(self.heading)
        column.addLayout(row)
        column.addWidget(self.choices_box)

    def plays(self) -> list[tuple[str, QPushButton]]:
        """The row's plays by key: its entry's button, or each small button of its choices."""
        entry = self.entry
        if entry is None:
            return []
        if not entry.choices:
            return [(entry.key, self.button)]
        return [(c.key, b) for c, b in zip(entry.choices, self.choice_buttons, strict=False)]

    def show_entry(self, entry: Entry) -> None:
        self.entry = entry
        compact = bool(entry.choices)
        self.button.setVisible(not compact)
        self.choices_box.setVisible(compact)
        if compact:
            self._show_choices(entry)
            return
        if entry.heading != self.heading.text():
            self.heading.setText(entry.heading)
        self.heading.setVisible(bool(entry.heading))
        self.button.set_full_text(entry.text)
        self.button.setAccessibleName(entry.text.rstrip("…"))
        offer(self.button, entry.verdict.error, entry.tip)
        recordable = entry.verdict.recordable
        self.anyway.setVisible(recordable)
        if recordable:
            self.anyway.setAccessibleName(
                _("Record anyway: {play}").format(play=entry.text.rstrip("…"))
            )
            self.anyway.setToolTip(
                _("Record anyway (the table is the truth): {refusal}").format(refusal=entry.verdict)
            )

    def _show_choices(self, entry: Entry) -> None:
        """The row's name (its heading) over a small button per choice; a refused choice is
        marked and says why in its tooltip (its House's own menu has the ⚑ to record it)."""
        self.anyway.hide()
        if entry.text != self.heading.text():
            self.heading.setText(entry.text)
        self.heading.setVisible(True)
        self.heading.setToolTip(entry.tip)
        while len(self.choice_buttons) < len(entry.choices):
            button = ChoiceButton()
            n = len(self.choice_buttons)
            button.clicked.connect(lambda _=False, n=n: self._run_choice(n))
            self.choice_buttons.append(button)
            self.choice_layout.addWidget(button)
        for button, choice in zip(self.choice_buttons, entry.choices, strict=False):
            whole = choice.name or choice.text
            button.setText(choice.text)
            button.setAccessibleName(whole.rstrip("…"))
            offer(button, choice.verdict.error, f"{whole} — {choice.tip}" if choice.tip else whole)
            button.show()
        for button in self.choice_buttons[len(entry.choices) :]:
            button.hide()

    def _run_choice(self, n: int) -> None:
        if self.entry is not None and n < len(self.entry.choices):
            self._play(self.entry.choices[n], anyway=False)

    def _run(self, *, anyway: bool) -> None:
        if self.entry is not None:
            self._play(self.entry, anyway=anyway)

    def _play(self, entry: Entry, *, anyway: bool) -> None:
        if entry.ask is not None:
            entry.ask(anyway)
        elif entry.action is not None:
            self.menu.act(entry.action, anyway=anyway)
