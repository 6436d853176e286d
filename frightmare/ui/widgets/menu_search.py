"""Type-ahead in a long menu (issue 35): typed letters move to the first entry they start.

Qt's menus jump by a typed letter only to an entry with a mnemonic (``&``); the Terror cards'
list has none, and Down walked twenty entries to reach a card. Typed within a moment of each
other, the letters add up ("th", "they j"), as in a list; Return plays the entry found.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QEvent, QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMenu


class MenuSearch(QObject):
    """An event filter on a menu: typed text finds its entry."""

    def __init__(self, menu: QMenu) -> None:
        super().__init__(menu)
        self.menu = menu
        self.typed = ""
        self._since = QElapsedTimer()
        menu.installEventFilter(self)
        menu.aboutToShow.connect(self._reset)

    def _reset(self) -> None:
        self.typed = ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.menu or event.type() != QEvent.Type.KeyPress:
            return False
        assert isinstance(event, QKeyEvent)
        text = event.text()
        if (
            len(text) != 1
            or not text.isprintable()
            or event.modifiers()
            & ~(event.modifiers().ShiftModifier | event.modifiers().KeypadModifier)
        ):
            return False
        if (
            not self._since.isValid()
            or self._since.elapsed() > QApplication.keyboardInputInterval()
        ):
            self.typed = ""
        self._since.restart()
        self.typed += text.casefold()
        for action in self.menu.actions():
            words = action.text().replace("&", "").casefold()
            offered = action.isVisible() and action.isEnabled() and not action.isSeparator()
            if offered and words.startswith(self.typed):
                self.menu.setActiveAction(action)
                return True
        return True  # no entry starts so: the menu stays where it was


def searchable(menu: QMenu) -> MenuSearch:
    """``menu`` with type-ahead (once)."""
    found = menu.findChild(MenuSearch)
    return found if found is not None else MenuSearch(menu)
