"""The click that settles the last thing the round owes ends it (issue 31: no input wasted):
the Panic recorded by its last Victim's way out, or her Boiler Room card at the end of the
Killer phase, goes on through a quiet Upkeep into the next round, each phase change its own
step in History, as *Round N ▸* would. Only a click does: the keyboard's Next phase (Ctrl+Return)
stops at each phase, and so does a play made from the keyboard.

The model says when (``query.round_over.round_settled``); the message of the play stays above
the new round's."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QAbstractButton, QWidget

from frightmare.model.game.state import GameState
from frightmare.model.query.round_over import round_settled
from frightmare.ui.widgets.messages import MessageArea


class Bar(Protocol):
    """The round bar as the round's end sees it: the state shown and its Next phase."""

    @property
    def state(self) -> GameState | None: ...

    @property
    def next_phase(self) -> QAbstractButton: ...


class RoundEnd(QObject):
    """Ends the round after a click that settled it, for the game page that owns it: ``bar``
    is the round bar, ``news`` the message of the moment."""

    def __init__(self, bar: Bar, news: MessageArea, parent: QObject) -> None:
        super().__init__(parent)
        self.bar, self.news = bar, news
        self._pressed: QObject | None = None

    def watch(self, button: QAbstractButton) -> None:
        """A button whose mouse click may settle the round (its own ``clicked`` slots, which
        record the play, were connected before: they run first)."""
        button.installEventFilter(self)
        button.clicked.connect(lambda _=False, b=button: self._clicked(b))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonRelease:
            # A release off the button (a press dragged away) clicks nothing.
            inside = (
                isinstance(event, QMouseEvent)
                and isinstance(watched, QWidget)
                and watched.rect().contains(event.position().toPoint())
            )
            self._pressed = watched if inside else None
        elif event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            self._pressed = None
        return super().eventFilter(watched, event)

    def _clicked(self, button: QObject) -> None:
        by_mouse, self._pressed = self._pressed is button, None
        if by_mouse:
            self.go_on()

    def go_on(self) -> None:
        """The round ends, when the model says it may (``round_settled``): Next phase into a
        quiet Upkeep and on into the next round, the play's message kept above theirs."""
        state = self.bar.state
        if state is None or not round_settled(state):
            return
        kept = self.news.text()
        self.bar.next_phase.click()  # as Round N ▸ does: each phase change its own step
        if self.bar.state is not state and kept:
            self.news.setText(kept + "\n" + self.news.text())
