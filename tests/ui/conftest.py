"""Shared helpers for the window tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow


@pytest.fixture
def open_game(qtbot: QtBot, private_data_dir: Path) -> Callable[..., MainWindow]:
    """``open_game(seed=..., **setup)``: a shown window with a new game open in it."""

    def make(seed: int = 1, name: str = "Test game", **setup: object) -> MainWindow:
        store = SessionStore(private_data_dir)
        session = store.create(GameSetup(**setup), name, seed=seed)  # type: ignore[arg-type]
        window = MainWindow(store, load_settings(private_data_dir))
        qtbot.addWidget(window)
        window.show()
        window.open_session(session.id)
        return window

    return make
