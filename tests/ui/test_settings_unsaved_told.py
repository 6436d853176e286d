"""The window says once that the preferences cannot be saved, and keeps them for the run."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow


def test_preferences_that_cannot_be_saved_are_told_once(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    (private_data_dir / "settings.json").mkdir(parents=True)
    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    window.zoom_in_action.trigger()
    said = window.statusBar().currentMessage()
    assert "cannot be saved" in said and "settings.json" in said
    assert window.settings.zoom > 1.0  # kept for this run
    window.statusBar().clearMessage()
    window.zoom_reset_action.trigger()
    assert "cannot be saved" not in window.statusBar().currentMessage()  # said once
    assert (private_data_dir / "settings.json").is_dir()
