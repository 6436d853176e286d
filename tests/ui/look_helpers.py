"""The application's look as a test found it, put back after it (tests/ui/conftest.py for the
window tests, tests/conftest.py for the few window tests elsewhere)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

# The application's properties that say its theme and zoom (``theme.apply_theme``).
DARK, ZOOM = "frightmare_dark", "frightmare_zoom"


def delete_top_levels() -> None:
    """Close and delete every top-level widget (pytest-qt closes those a test registers but
    does not delete them: each later theme or zoom change would restyle them all)."""
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


@contextmanager
def look_kept(app: QApplication) -> Iterator[None]:
    """Delete the widgets left behind, then put back the stylesheet, font, palette, theme and
    zoom ``app`` had: a test that changed them (a theme or a zoom chosen from a menu, a launch
    through ``build_window``, which styles the application) would leave every later test on
    its worker built under them, in a look that depended on the order the tests ran in."""
    sheet, dark, zoom = app.styleSheet(), app.property(DARK), app.property(ZOOM)
    font, palette = QFont(app.font()), QPalette(app.palette())
    yield
    delete_top_levels()
    if app.styleSheet() != sheet:
        app.setStyleSheet(sheet)
    if app.font() != font:
        app.setFont(font)
    if app.palette() != palette:
        app.setPalette(palette)
    app.setProperty(DARK, dark)
    app.setProperty(ZOOM, zoom)
