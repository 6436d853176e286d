"""The Qt binding must not drop references to None (PySide6 6.12.0 on Python 3.11 does).

A binding that returns None from void methods without a new reference frees None after enough
calls, and the app crashes while painting. Python 3.12 made None immortal, hiding the bug.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QPainterPath
from pytestqt.qtbot import QtBot


def test_void_methods_keep_none_alive(qtbot: QtBot) -> None:
    path = QPainterPath()
    before = sys.getrefcount(None)
    for _ in range(1000):
        path.lineTo(1, 2)
    assert sys.getrefcount(None) - before > -100
