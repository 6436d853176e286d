"""Input as the window system sends it, shared by the window tests."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot


def wheel_over(widget: QWidget, notches: int = -1) -> None:
    """Turn the wheel with the pointer over ``widget``, as the window system does: the event
    goes to the window (spontaneous, so Qt applies the focus policies first)."""
    window = widget.window()
    handle = window.windowHandle()
    assert handle is not None
    local = QPointF(widget.mapTo(window, widget.rect().center()))
    QTest.wheelEvent(handle, local, QPoint(0, 120 * notches))
    QApplication.processEvents()


def press(qtbot: QtBot, widget: QWidget, sequence: str) -> None:
    """Press a key combination the way the window system delivers it (shortcuts first)."""
    # PySide6's stubs lack QKeySequence.__getitem__ (Qt's operator[]), which it has.
    combination = QKeySequence(sequence)[0]  # type: ignore[index]
    qtbot.keyClick(widget, combination.key(), combination.keyboardModifiers())
