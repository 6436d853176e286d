"""Input as the window system sends it, shared by the window tests."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget


def wheel_over(widget: QWidget, notches: int = -1) -> None:
    """Turn the wheel with the pointer over ``widget``, as the window system does: the event
    goes to the window (spontaneous, so Qt applies the focus policies first)."""
    window = widget.window()
    handle = window.windowHandle()
    assert handle is not None
    local = QPointF(widget.mapTo(window, widget.rect().center()))
    QTest.wheelEvent(handle, local, QPoint(0, 120 * notches))
    QApplication.processEvents()
