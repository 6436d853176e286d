"""Tab and Shift+Tab visit only what is on screen (issue 35).

Qt's focus chain holds every control of the window, shown or not in the eye's sense: the
controls of a dock tabbed away (Qt keeps it "visible", moved out of the window), the scroll
areas themselves, the tab bars. A keyboard player tabbing through them saw no focus anywhere.
``next_on_screen`` walks the same chain (its order is the window's reading order: the board,
then the side column from the top) and stops only at a control the player can see and use;
a control scrolled out of its scroll area counts, the area is scrolled to it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QScrollArea,
    QTabBar,
    QWidget,
)

# No chain is longer than this (the game screen has about a hundred controls): a guard
# against a chain Qt left open.
MAX_STOPS = 2000


def on_screen(widget: QWidget) -> bool:
    """``widget`` is shown inside its window, each of its parents' rectangles holding some of
    it, up to its scroll area (what a scroll area holds can be scrolled to)."""
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
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget)
        parent = parent.parentWidget()
