"""The window says the zoom it is at (a re-walk needed three zoom-ins and the settings file to
know it was at 150%)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow


def test_the_view_menu_and_the_status_bar_say_the_zoom(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    assert window.zoom_reset_action.text() == "&Actual size (now 100%)"
    window.zoom_in_action.trigger()
    percent = round(window.settings.zoom * 100)
    assert percent > 100
    assert window.zoom_reset_action.text() == f"&Actual size (now {percent}%)"
    assert window.statusBar().currentMessage() == f"Zoom {percent}%"
    window.zoom_reset_action.trigger()
    assert window.zoom_reset_action.text() == "&Actual size (now 100%)"
