"""The Panic by keyboard (issue 35): one key per Victim's way out, or Return for the panel's
proposal as it stands.

The panel's focus starts on the first Victim's proposed way out (ticked). A letter that only
one of that Victim's ways out starts picks it at once, and the focus goes on to the next
Victim's; a letter several start goes to the next of them (Space picks it); Return records
the Panic as shown (*Accept*). Left, Right, Up and Down walk the buttons as Tab does.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QPushButton, QWidget

# Each Victim's ways out, in the panel's order: the choice's key and its buttons.
WayOuts = list[tuple[str, list[QPushButton]]]


def words(button: QAbstractButton) -> str:
    return button.text().lstrip("✓ ").casefold()


def row_of(ways: WayOuts, button: QWidget | None) -> int | None:
    """The Victim whose way out ``button`` is (its index in ``ways``)."""
    return next((n for n, (_key, row) in enumerate(ways) if button in row), None)


def proposed(row: list[QPushButton]) -> QPushButton | None:
    """The row's ticked way out (the proposal or the player's pick), else its first."""
    return next((b for b in row if b.isChecked()), row[0] if row else None)


class PanicKeys(QObject):
    """The keys of a Panic panel's way-out buttons: an event filter on each of them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ways: WayOuts = []
        self.accept: QAbstractButton | None = None

    def watch(self, ways: WayOuts, accept: QAbstractButton) -> None:
        self.ways, self.accept = ways, accept
        for _key, row in ways:
            for button in row:
                button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, QPushButton):
            return False
        n = row_of(self.ways, watched)
        if n is None or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.accept is not None:
            if self.accept.isEnabled():
                self.accept.click()
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = self._step(watched, forward=key in (Qt.Key.Key_Right, Qt.Key.Key_Down))
            if step is not None:
                step.setFocus(Qt.FocusReason.TabFocusReason)
            return True
        typed = event.text()
        if len(typed) != 1 or not typed.isalpha():
            return False
        row = self.ways[n][1]
        starting = [b for b in row if words(b).startswith(typed.casefold())]
        if len(starting) == 1:
            starting[0].click()
        elif starting:
            after = [b for b in starting if row.index(b) > row.index(watched)]
            (after or starting)[0].setFocus(Qt.FocusReason.ShortcutFocusReason)
        return True

    def _step(self, button: QPushButton, *, forward: bool) -> QPushButton | None:
        """The way-out button before or after ``button``, every Victim's in a row."""
        every = [b for _key, row in self.ways for b in row]
        at = every.index(button) + (1 if forward else -1)
        return every[at] if 0 <= at < len(every) else None

    def focus_victim(self, n: int) -> bool:
        """The focus on Victim ``n``'s ticked way out (False: no such Victim)."""
        if not 0 <= n < len(self.ways):
            return False
        button = proposed(self.ways[n][1])
        if button is None or (
            button.isHidden()
            and button.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)
        ):
            return False
        # Made just now: a layout shows a new button only at the next pass of the event loop,
        # and a hidden one takes no focus.
        button.show()
        button.setFocus(Qt.FocusReason.OtherFocusReason)
        return True


def focus_inside(widget: QWidget) -> bool:
    """The keyboard focus is on ``widget`` or inside it (its window's, active or not)."""
    focus = QApplication.focusWidget() or widget.window().focusWidget()
    return focus is not None and (focus is widget or widget.isAncestorOf(focus))
