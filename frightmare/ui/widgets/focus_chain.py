"""Tab and Shift+Tab visit only what is on screen (issue 35).

Qt's focus chain holds every control of the window, shown or not in the eye's sense: the
controls of a dock tabbed away (Qt keeps it "visible", moved out of the window), the scroll
areas themselves, the tab bars. A keyboard player tabbing through them saw no focus anywhere.
``next_on_screen`` walks the same chain (its order is the window's reading order: the board,
then the side column from the top) and stops only at a control the player can see and use;
a control scrolled out of its scroll area counts, the area is scrolled to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QEvent

# Start-up installs the filter right after the first paint (``application.after_first_paint``):
# the classes only a Tab press needs are imported at the first one. Naming ``Qt`` here made
# PySide build the whole Qt namespace (its 93 enum classes, about 20 ms of processor time) in
# every launch, the session picker's included, before any key was pressed (issue 33).

# No chain is longer than this (the game screen has about a hundred controls): a guard
# against a chain Qt left open.
MAX_STOPS = 2000


def on_screen(widget: QWidget) -> bool:
    """``widget`` is shown inside its window, each of its parents' rectangles holding some of
    it, up to its scroll area (what a scroll area holds can be scrolled to)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QScrollArea

    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    top = widget.window()
    node = widget
    while node is not top:
        parent = node.parentWidget()
        if parent is None:
            return False
        area = parent.parentWidget()
        if isinstance(area, QScrollArea) and parent is area.viewport():
            node = area  # the area's content: scrolling brings any of it into view
            continue
        if not parent.rect().intersects(QRect(node.pos(), node.size())):
            return False
        node = parent
    return True


def is_stop(widget: QWidget) -> bool:
    """A control Tab stops at: it takes the focus by Tab, is on, on screen, and is a control
    (not a scroll area holding controls, not a tab bar: Ctrl+L and Ctrl+B switch the board
    and the Boiler Room, which are no stops either, nor a plain group box)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QGroupBox, QScrollArea, QTabBar

    if not widget.isEnabled() or not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
        return False
    if isinstance(widget, QScrollArea | QTabBar):
        return False
    if isinstance(widget, QGroupBox) and not widget.isCheckable():
        return False
    if widget.focusProxy() is not None:
        return False
    return on_screen(widget)


def next_on_screen(window: QWidget, start: QWidget | None, *, forward: bool) -> QWidget | None:
    """The next (or previous) stop of ``window``'s focus chain after ``start`` (``None``: none
    but ``start``)."""
    node: QWidget = start if start is not None and start.window() is window else window
    for _ in range(MAX_STOPS):
        following = node.nextInFocusChain() if forward else node.previousInFocusChain()
        if following is None:
            return None
        node = following
        if node is start or (start is None and node is window):
            return None
        if node.window() is window and is_stop(node):
            return node
    return None


def bring_into_view(widget: QWidget) -> None:
    """Each scroll area around ``widget`` scrolls it into view."""
    from PySide6.QtWidgets import QScrollArea

    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget)
        parent = parent.parentWidget()


class OnScreenTab(QObject):
    """Tab and Shift+Tab in every window of the app (the Terror card's dialog as the main
    window) stop only at what is on screen: an application event filter."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the app comes through here (some thousands as a window is built):
        # the type test first, which asks Qt nothing (asking the event its type makes an enum
        # value each time, a few microseconds).
        if not isinstance(event, QKeyEvent):
            return False
        from PySide6.QtCore import QEvent, Qt
        from PySide6.QtWidgets import QMenu

        if event.type() != QEvent.Type.KeyPress:
            return False
        key = event.key()
        if key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return False
        if event.modifiers() & ~(
            Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        ):
            return False  # Ctrl+Tab and the like are the widget's
        focused = QApplication.focusWidget()
        if focused is None or watched is not focused or _takes_tab(focused):
            return False
        window = focused.window()
        if isinstance(window, QMenu):
            return False
        forward = (
            key == Qt.Key.Key_Tab and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        target = next_on_screen(window, focused, forward=forward)
        if target is None:
            return False
        reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        bring_into_view(target)
        return True


def _takes_tab(widget: QWidget) -> bool:
    """A text box that types a Tab keeps it (the Notes hand it on: tabChangesFocus)."""
    from PySide6.QtWidgets import QPlainTextEdit, QTextEdit

    if isinstance(widget, QPlainTextEdit | QTextEdit):
        return not widget.tabChangesFocus() and not widget.isReadOnly()
    return False


def tab_on_screen(app: QApplication) -> OnScreenTab:
    """Install the filter on ``app`` (once). Remembered here, not looked for among the app's
    children: ``findChild`` makes a Python wrapper, and PySide a Python class, for each object
    of the app, about 16 ms of processor time in the picker's launch (issue 33)."""
    from shiboken6 import isValid

    found = _installed.get(id(app))
    if found is not None and isValid(found) and found.parent() is app:
        return found
    tab = OnScreenTab(app)
    app.installEventFilter(tab)
    _installed[id(app)] = tab
    return tab


# The filter installed on each application (there is one), by the application's id.
_installed: dict[int, OnScreenTab] = {}
