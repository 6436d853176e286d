"""Tab and Shift+Tab visit only what is on screen (issue 35).

Qt's focus chain holds every control of the window, shown or not in the eye's sense: the
controls of a dock tabbed away (Qt keeps it "visible", moved out of the window), the scroll
areas themselves, the tab bars. A keyboard player tabbing through them saw no focus anywhere.
``next_on_screen`` walks the same chain (its order is the window's reading order: the board,
then the side column from the top) and stops only at a control the player can see and use;
a control scrolled out of its scroll area counts, the area is scrolled to it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialog, QWidget

# The classes only a Tab press needs are imported at the first one. Naming ``Qt`` here made
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


def tab_on_screen(window: QWidget, *, forward: bool) -> bool:
    """Tab (``forward``) or Shift+Tab in ``window``: the focus to the next stop on screen, which
    its scroll areas bring into view; False where there is none (Qt's own chain then).

    Each window asks it from its ``focusNextPrevChild`` (``MenuWindow``, ``OnScreenDialog``),
    where Qt sends Tab once the focused control has passed it on: a text box that types a Tab
    keeps it before it gets there. An application event filter did this, and PySide handed it
    every event of the app, each receiver and event made a Python object: about a sixth of
    the processor time of building and using a window (issue 33)."""
    from PySide6.QtCore import Qt

    target = next_on_screen(window, QApplication.focusWidget(), forward=forward)
    if target is None:
        return False
    reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
    target.setFocus(reason)
    bring_into_view(target)
    return True


def keep_in_tab_order(panel: QWidget, parts: tuple[QWidget, ...]) -> None:
    """``parts`` of ``panel`` (and what they hold), built after it joined its window, where
    they would be had they been built with it: after the control that comes before them in
    the panel (or before the panel), in their own order. Qt puts a widget that joins a
    window at the end of its chain: a part built when first shown (issue 33) was reached by
    Tab after the whole side column."""
    from PySide6.QtCore import Qt

    def part(widget: QWidget) -> bool:
        return any(p is widget or p.isAncestorOf(widget) for p in parts)

    # Who comes first: the last control before them in the chain that is not one of them,
    # starting from the panel (a panel that takes no focus counts from before it).
    anchor: QWidget | None = panel
    for _ in range(MAX_STOPS):
        if anchor is None or (anchor.focusPolicy() != Qt.FocusPolicy.NoFocus and not part(anchor)):
            break
        anchor = anchor.previousInFocusChain()
    if anchor is None:
        return
    moved: list[QWidget] = []
    widget = anchor.nextInFocusChain()
    for _ in range(MAX_STOPS):
        if widget is None or widget is anchor:
            break
        if part(widget) and widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            moved.append(widget)
        widget = widget.nextInFocusChain()
    for widget in moved:
        QWidget.setTabOrder(anchor, widget)
        anchor = widget


class OnScreenDialog(QDialog):
    """The app's dialogs: Tab and Shift+Tab stop only at what is on screen in them too (a
    Terror card's dialog, a wizard's page with a scroll area), as in the main window."""

    def focusNextPrevChild(self, next: bool) -> bool:
        return tab_on_screen(self, forward=next) or super().focusNextPrevChild(next)
