"""The mouse wheel never changes a value the player has not clicked or tabbed into, and the
window's shortcuts work whatever value control has the focus.

One application-wide event filter:

- A wheel turned over an unfocused combo box, spin box or slider scrolls the panel around it
  instead of changing the value. Those controls take the focus by click or Tab only
  (``StrongFocus``): Qt gives a ``WheelFocus`` control the focus *before* any event filter sees
  a real wheel event, which would let the wheel change a control nobody clicked.
- A spin box's or combo box's line edit claims Ctrl+Z, Ctrl+Y and the like for itself
  (``ShortcutOverride``); there, a key that is one of the window's shortcuts goes to the window
  (Undo is the game's Undo, not the little edit's), while typing and copy/paste stay the edit's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollBar,
    QWidget,
)

GUARDED = (QComboBox, QAbstractSpinBox, QAbstractSlider)

# The line edit keeps these: they edit its own text.
EDIT_KEYS = (
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
    QKeySequence.StandardKey.SelectAll,
)


def guarded_control(widget: QWidget) -> QWidget | None:
    """The value control ``widget`` belongs to (itself or an ancestor), if any."""
    current: QWidget | None = widget
    for _ in range(3):  # a spin box's line edit, a combo box's inner parts
        if current is None:
            return None
        if isinstance(current, QScrollBar):
            return None  # scroll bars are there to take the wheel
        if isinstance(current, GUARDED):
            return current
        current = current.parentWidget()
    return None


def click_or_tab_focus(widget: QWidget) -> None:
    """A guarded control takes the focus by click or Tab, never by the wheel."""
    if isinstance(widget, GUARDED) and not isinstance(widget, QScrollBar):
        policy = widget.focusPolicy()
        if policy == Qt.FocusPolicy.WheelFocus:
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def window_shortcut(widget: QWidget, event: QKeyEvent) -> bool:
    """Whether the key is the shortcut of one of ``widget``'s window's enabled actions."""
    pressed = QKeySequence(event.keyCombination())
    exact = QKeySequence.SequenceMatch.ExactMatch
    if any(pressed.matches(QKeySequence(key)) == exact for key in EDIT_KEYS):
        return False
    window = widget.window()
    for action in window.findChildren(QAction):
        if not action.isEnabled() or action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut:
            continue
        for shortcut in action.shortcuts():
            if shortcut.matches(pressed) == exact:
                return True
    return False


class WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QWidget):
            click_or_tab_focus(watched)
            return False
        if kind == QEvent.Type.ShortcutOverride and isinstance(watched, QWidget):
            return self._shortcut_override(watched, event)
        if kind != QEvent.Type.Wheel or not isinstance(watched, QWidget):
            return False
        control = guarded_control(watched)
        if control is None or control.hasFocus() or watched.window() is not control.window():
            return False
        if isinstance(control, QComboBox) and control.view().isVisible():
            return False
        # Hand the notch to the panel around the control: the nearest scroll area scrolls.
        parent = control.parentWidget()
        while parent is not None and not isinstance(parent, QAbstractScrollArea):
            parent = parent.parentWidget()
        if isinstance(parent, QAbstractScrollArea):
            QCoreApplication.sendEvent(parent.viewport(), event)
        return True

    @staticmethod
    def _shortcut_override(watched: QWidget, event: QEvent) -> bool:
        """Let the window's shortcut through a value control's line edit (left unaccepted,
        the key goes on to the window's shortcuts)."""
        if not isinstance(event, QKeyEvent) or guarded_control(watched) is None:
            return False
        if not window_shortcut(watched, event):
            return False
        event.ignore()
        return True


_GUARD: WheelGuard | None = None


def install_wheel_guard(app: QApplication) -> WheelGuard:
    """Install the guard once (``apply_theme`` calls this); controls made before it are fixed
    here, later ones when they are polished."""
    global _GUARD
    if _GUARD is None:
        _GUARD = WheelGuard(app)
        app.installEventFilter(_GUARD)
        # Asked by kind, not by walking ``allWidgets()``: wrapping every widget (Qt's private
        # classes too) makes PySide create hundreds of types, a cost at start-up.
        for window in app.topLevelWidgets():
            for kind in GUARDED:
                for control in window.findChildren(kind):
                    click_or_tab_focus(control)
            click_or_tab_focus(window)
    return _GUARD
