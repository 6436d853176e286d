"""The mouse wheel never changes a value the player did not focus (issue 10 item 4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from input_helpers import wheel_over
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import active

from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox


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
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1280, 720)
    QApplication.processEvents()
    game = window.game
    assert window.session is not None
    journal = len(window.session.history.actions)
    window.game.board_view.setFocus()
    controls = (
        game.fright.cards.finale,  # a Finale picked before revealing
        game.fright.cards.dark_power,
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
    open_game: Callable[..., MainWindow],
    qtbot: QtBot,
    qapp: QApplication,
    themed: Callable[[bool, float], None],
) -> None:
    """In the app's own theme, as a player always has it: unstyled, the column fits 900x480
    (content 335 px in 430), and the test passed only after a test outside tests/ui had left
    the application styled on the same worker."""
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(900, 480)  # small enough for the side column to scroll
    for _ in range(5):
        QApplication.processEvents()
    side = window.game.side.verticalScrollBar()
    assert side.maximum() > 0  # the column is taller than the window here
    steps = window.game.board_panel.steps
    window.game.side.ensureWidgetVisible(steps)
    QApplication.processEvents()
    before = side.value()
    # As the window system sends it: a spontaneous event, which Qt hands on to the widgets
    # around a control that ignores it (a synthesized one it would not). Up if the column
    # can scroll up, else down.
    up = before > 0
    wheel_over(steps, +3 if up else -3)
    assert (side.value() < before) if up else (side.value() > before)
    assert steps.value() == 1


def test_a_focused_spin_box_still_takes_the_wheel(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    steps = window.game.board_panel.steps
    window.activateWindow()
    steps.setFocus()
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    wheel(steps, +1)
    assert steps.value() == 2


VALUE_CONTROLS = ("QComboBox", "QSpinBox", "QDoubleSpinBox", "QSlider", "QDial")


def test_the_app_makes_its_value_controls_only_from_the_guarded_kinds() -> None:
    """Issue 10 item 4 holds only if every combo box and spin box is a guarded one."""
    import ast
    from pathlib import Path

    import frightmare.ui

    made = []
    for path in Path(frightmare.ui.__file__).parent.rglob("*.py"):
        if path.name == "wheel_guard.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in VALUE_CONTROLS
            ):
                made.append(f"{path.name}:{node.lineno} {node.func.id}")
    assert made == []


@pytest.mark.parametrize(
    ("killer", "location"),
    [("Dr. Fright", "Maple Lane"), ("Hans", "Maple Lane"), ("Dr. Fright", "Camp Happy Trails")],
)
def test_every_value_control_on_the_game_screen_is_guarded(
    open_game: Callable[..., MainWindow], killer: str, location: str
) -> None:
    window = open_game(final_girl="Nancy", killer=killer, location=location)
    controls = window.findChildren(QComboBox) + window.findChildren(QAbstractSpinBox)
    assert len(controls) >= 3
    unguarded = [c.accessibleName() for c in controls if not isinstance(c, ComboBox | SpinBox)]
    assert unguarded == []
    assert all(c.focusPolicy() == Qt.FocusPolicy.StrongFocus for c in controls)


def test_the_wheel_over_an_unclicked_control_of_the_active_window_changes_nothing(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough 2: wheel over Followers took the focus and changed 0 to 2."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    assert window.session is not None
    journal = len(window.session.history.actions)
    panel = window.game.board_panel
    for control in (panel.followers, panel.steps, window.game.fright.cards.dark_power):
        window.game.side.ensureWidgetVisible(control)
        QApplication.processEvents()
        before = control.value() if hasattr(control, "value") else control.currentIndex()
        wheel_over(control, +1)
        wheel_over(control, +1)
        after = control.value() if hasattr(control, "value") else control.currentIndex()
        assert after == before, control.accessibleName()
        assert not control.hasFocus(), control.accessibleName()
    assert len(window.session.history.actions) == journal


def test_the_boiler_room_deck_choice_ignores_the_wheel_until_clicked(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough 2: the wheel over the Deck list turned "On screen" into "My real cards"."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    mode = window.game.boiler.mode
    window.game.show_boiler_button.click()
    QApplication.processEvents()
    before = mode.currentIndex()
    for _ in range(3):
        wheel_over(mode, -1)
    assert mode.currentIndex() == before
    assert not mode.hasFocus()
    assert window.session is not None
    assert window.session.state.dream.mode == "screen"


def test_a_clicked_spin_box_still_takes_the_wheel(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    steps = window.game.board_panel.steps
    window.game.side.ensureWidgetVisible(steps)
    QApplication.processEvents()
    qtbot.mouseClick(steps, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    wheel_over(steps, +1)
    assert steps.value() == 2
