"""The space menu's entries: one play each, its verdict marked, a ⚑ beside a refused one to
record it anyway."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.refusals import offer


class MenuHost(Protocol):
    """What an entry or a step plays through (the space's menu)."""

    def act(self, action: Action, *, anyway: bool = False) -> None: ...

    def show_entries(self) -> None: ...


@dataclass(frozen=True)
class Entry:
    """One line of the menu: ``key`` names it (tests and the keyboard find it by it), the
    model's ``verdict``, and what a click does: apply ``action``, or run ``ask`` (which asks
    what is left open, then applies; ``anyway`` says the play is recorded anyway)."""

    key: str
    text: str
    tip: str
    verdict: Verdict = ALLOWED
    action: Action | None = None
    ask: Callable[[bool], None] | None = None
    heading: str = ""


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


class EntryRow(QWidget):
    """An entry's button, and the ⚑ that records a refused play anyway."""

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
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        column.addWidget(self.heading)
        column.addLayout(row)

    def show_entry(self, entry: Entry) -> None:
        self.entry = entry
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

    def _run(self, *, anyway: bool) -> None:
        entry = self.entry
        if entry is None:
            return
        if entry.ask is not None:
            entry.ask(anyway)
        elif entry.action is not None:
            self.menu.act(entry.action, anyway=anyway)
