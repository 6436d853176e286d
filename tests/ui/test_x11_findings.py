"""Findings of the hand play under a real X server (Xvfb, xdotool) at 1366x768."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model.actions import FallAsleep, NextPhase
from frightmare.ui.main_window import MainWindow


def test_the_focus_goes_back_to_the_boiler_room_when_accept_goes_away(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Asleep, his Killer step's Accept is gone once clicked: the focus went on to "Reset
    (Bloodlust)", where a stray Space would have recorded it. It goes to the Boiler Room in
    front, as it goes to the board when she is Awake."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    assert window.act(FallAsleep(cause="short rest"))
    for _ in range(2):
        assert window.act(NextPhase())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    accept = window.game.killer_steps.accept
    assert accept.isVisible()
    qtbot.mouseClick(accept, Qt.MouseButton.LeftButton)
    assert window.session is not None and window.session.state.killer_action_done
    assert QApplication.focusWidget() is window.game.boiler.view
