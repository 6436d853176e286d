"""Shared helpers for the window tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow


@pytest.fixture(autouse=True)
def delete_closed_windows(qapp: QApplication) -> Iterator[None]:
    """Delete every top-level widget a test leaves behind.

    pytest-qt closes the widgets a test registers but does not delete them, so without this
    every later theme or zoom change restyles all the windows of the earlier tests.
    """
    yield
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


@pytest.fixture
def open_game(qtbot: QtBot, private_data_dir: Path) -> Callable[..., MainWindow]:
    """``open_game(seed=..., **setup)``: a shown window with a new game open in it."""

    def make(seed: int = 1, name: str = "Test game", **setup: object) -> MainWindow:
        store = SessionStore(private_data_dir)
        session = store.create(GameSetup.model_validate(setup), name, seed=seed)
        window = MainWindow(store, load_settings(private_data_dir))
        qtbot.addWidget(window)
        window.show()
        window.open_session(session.id)
        return window

    return make
