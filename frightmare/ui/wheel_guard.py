"""The mouse wheel never changes a value the player has not clicked or tabbed into.

One application-wide event filter: a wheel turned over an unfocused combo box, spin box or
slider scrolls the panel around it instead of changing the value.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
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


class WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget):
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


_GUARD: WheelGuard | None = None


def install_wheel_guard(app: QApplication) -> WheelGuard:
    """Install the guard once (``apply_theme`` calls this)."""
    global _GUARD
    if _GUARD is None:
        _GUARD = WheelGuard(app)
        app.installEventFilter(_GUARD)
    return _GUARD
