"""Issue 31 polish: a long status text overprinted "Saved 23:01:45" at the bar's right. It ends
in "…" before the save status, with a gap, and reads whole in the bar's tooltip."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.status_bar import StatusBar


def test_a_long_status_text_stops_short_of_the_save_status(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
) -> None:
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    bar = window.statusBar()
    assert window.save_label.text() and window.save_label.isVisible()
    long = "Undid: " + "a step with a very long description " * 10
    bar.showMessage(long, 8000)
    settle(window)
    assert isinstance(bar, StatusBar)
    assert bar.currentMessage() == long  # what the window said, whole
    shown = bar.drawn_message()
    assert shown != long and shown.endswith("…")
    room = window.save_label.x() - 6 - 8  # the bar's own left margin, a gap before "Saved"
    assert bar.fontMetrics().horizontalAdvance(shown) <= room
    assert bar.toolTip() == long
    # A short one shows as it is.
    bar.showMessage("Zoom 110%", 4000)
    assert bar.currentMessage() == "Zoom 110%"
