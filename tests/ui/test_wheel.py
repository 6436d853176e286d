"""The mouse wheel never changes a value the player did not focus (issue 10 item 4)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from frightmare.ui.main_window import MainWindow
from frightmare.ui.wheel_guard import install_wheel_guard


def wheel(widget: QWidget, notches: int = -1) -> None:
    """Turn the wheel over ``widget`` (negative: down)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_unfocused_choices_changes_and_records_nothing(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication
) -> None:
    install_wheel_guard(qapp)  # apply_theme installs it in the app
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1280, 720)
    QApplication.processEvents()
    game = window.game
    assert window.session is not None
    journal = len(window.session.history.actions)
    window.game.board_view.setFocus()
    controls = (
        game.fright.finale,  # a Finale picked before revealing
        game.fright.dark_power,
        game.boiler.mode,  # the Boiler Room deck: recorded as a game action
        game.board_panel.steps,  # a spin box
        game.board_panel.followers,
    )
    before = [c.currentIndex() if hasattr(c, "currentIndex") else c.value() for c in controls]
    for control in controls:
        assert not control.hasFocus()
        wheel(control, -1)
        wheel(control, +1)
        wheel(control, -2)
    after = [c.currentIndex() if hasattr(c, "currentIndex") else c.value() for c in controls]
    assert after == before
    assert len(window.session.history.actions) == journal
    assert window.session.state.dream.mode == "screen"


def test_the_wheel_over_a_spin_box_scrolls_the_side_column(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication
) -> None:
    install_wheel_guard(qapp)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1280, 720)
    QApplication.processEvents()
    side = window.game.side.verticalScrollBar()
    assert side.maximum() > 0  # the column is taller than the window here
    side.setValue(0)
    wheel(window.game.board_panel.steps, -3)
    assert side.value() > 0
    assert window.game.board_panel.steps.value() == 1


def test_a_focused_spin_box_still_takes_the_wheel(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication
) -> None:
    install_wheel_guard(qapp)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    steps = window.game.board_panel.steps
    window.activateWindow()
    steps.setFocus()
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    wheel(steps, +1)
    assert steps.value() == 2
