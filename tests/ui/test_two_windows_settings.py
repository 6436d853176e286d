"""Issue 32, failure 4: a board place in ``settings.json`` past 32 bits raised OverflowError
(four error boxes at launch). Every value read from settings is range-checked; a bad one is
ignored with one line in the log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot

from frightmare.ui.first_frame import read_place

PAGE = QSize(796, 746)


@pytest.mark.parametrize(
    "text",
    [
        "796x746@1:99999999999,2,260,742",
        "796x746@1:-99999999999,2,260,742",
        "796x746@1:2,2,260,99999999999999999999999",
        "99999999999x746@1:2,2,260,742",
        "796x746@nan:2,2,260,742",
        "796x746@1e999:2,2,260,742",
    ],
)
def test_a_place_out_of_range_is_ignored_with_one_log_line(
    text: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("WARNING", logger="frightmare"):
        assert read_place(text, PAGE, 1.0) is None
    assert len(caplog.records) == 1


def test_a_good_place_still_reads() -> None:
    rect = read_place("796x746@1:2,2,260,742", PAGE, 1.0)
    assert rect is not None and (rect.x(), rect.height()) == (2, 742)


def test_closing_a_window_keeps_what_another_window_ticked(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """Issue 32, failure 3, through the windows: tick a box in window A (saved), close window
    B, which never touched the collection: the box stays owned, and A's zoom too."""
    from frightmare.store import SessionStore, load_settings
    from frightmare.ui.main_window import MainWindow

    store = SessionStore(private_data_dir)
    a = MainWindow(store, load_settings(private_data_dir))
    b = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    for window in (a, b):
        qtbot.addWidget(window)
        window.show()
    a.settings.collection = json.dumps(["core", "maple-lane", "shriek"])  # as the dialog does
    a.save_settings()
    a.zoom_in_action.trigger()
    b.close()
    after = load_settings(private_data_dir)
    assert "shriek" in json.loads(after.collection)
    assert after.zoom == a.settings.zoom > 1.0
