"""Undo, redo and the window's shortcuts work wherever the focus is: a spin box, an editable
combo, a floating dock, the Edit the table window.

Under X the window is active, so Qt gives a wheel-focus control the focus *before* the app's
event filter sees the wheel; these tests activate the window, as X does.
"""

from __future__ import annotations

from collections.abc import Callable

from input_helpers import press
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import active

from frightmare.ui.main_window import MainWindow


def undo_then_redo(qtbot: QtBot, window: MainWindow, widget: QWidget) -> None:
    """Ctrl+Z from ``widget`` undoes the game's last step, and Ctrl+Y brings it back."""
    assert window.session is not None
    done = window.session.history.cursor
    press(qtbot, widget, "Ctrl+Z")
    assert window.session.history.cursor == done - 1
    press(qtbot, widget, "Ctrl+Y")
    assert window.session.history.cursor == done


def test_undo_and_redo_work_while_a_spin_box_has_the_focus(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough 5: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y did nothing with Spaces focused."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    assert window.session is not None
    window.game.round_bar.next_phase.click()
    history = window.session.history
    done = history.cursor
    steps = window.game.board_panel.steps
    window.game.side.ensureWidgetVisible(steps)
    qtbot.mouseClick(steps, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    focused = QApplication.focusWidget()
    assert focused is not None
    press(qtbot, focused, "Ctrl+Z")
    assert window.session.history.cursor == done - 1
    press(qtbot, focused, "Ctrl+Shift+Z")
    assert window.session.history.cursor == done
    press(qtbot, focused, "Ctrl+Z")
    press(qtbot, focused, "Ctrl+Y")
    assert window.session.history.cursor == done


def test_window_shortcuts_work_while_an_editable_combo_has_the_focus(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    assert window.session is not None
    window.game.round_bar.next_phase.click()
    done = window.session.history.cursor
    window.game.fright.setChecked(True)  # his cards' rows, asked for
    combo = window.game.fright.cards.dark_power
    window.game.side.ensureWidgetVisible(combo)
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus, timeout=1000)
    focused = QApplication.focusWidget()
    assert focused is not None
    press(qtbot, focused, "Ctrl+Z")
    assert window.session.history.cursor == done - 1
    zoom = window.settings.zoom
    press(qtbot, focused, "Ctrl+=")
    assert window.settings.zoom > zoom
    press(qtbot, focused, "Ctrl+0")
    assert window.settings.zoom == zoom
    # Typing and the edit's own keys still belong to the line edit.
    combo.setEditText("Fog")
    line = combo.lineEdit()
    assert line is not None
    line.end(False)
    qtbot.keyClick(focused, Qt.Key.Key_S)
    press(qtbot, focused, "Ctrl+A")
    assert combo.currentText() == "Fogs"
    assert line.selectedText() == "Fogs"


def test_window_shortcuts_work_from_a_combo_in_a_floating_dock(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough of today's wheel guard: with the Items dock floating, Ctrl+Z in its Events
    combo undid the combo's own text, not the game's last step (a floating dock is a window
    of its own, with none of the main window's actions)."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    assert window.session is not None
    window.game.round_bar.next_phase.click()
    dock = window.game.docks["items"]
    dock.show()
    dock.setFloating(True)
    QApplication.processEvents()
    combo = window.game.board_panel.event_card
    assert combo.window() is dock
    dock.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus, timeout=1000)
    focused = QApplication.focusWidget()
    assert focused is not None
    undo_then_redo(qtbot, window, focused)


def test_undo_and_redo_work_inside_the_edit_the_table_window(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough under Xvfb: Edit the table says "Undo takes it back", but Ctrl+Z did
    nothing in its window, from a spin box or from a button."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    active(window, qtbot)
    assert window.session is not None
    window.edit_table()
    dialog = window._edit_dialog
    assert dialog is not None
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    dialog.counter.setCurrentIndex(dialog.counter.findData("time"))
    dialog.counter_value.setValue(3)
    dialog.apply_counter.click()
    assert window.session.state.counters.time == 3
    assert dialog.message.text().startswith("Done:")
    window.undo()  # from the main window: the dialog's "Done:" line would be stale
    assert dialog.message.text() == ""
    window.redo()
    dialog.counter_value.setFocus()
    qtbot.waitUntil(dialog.counter_value.hasFocus, timeout=1000)
    undo_then_redo(qtbot, window, dialog.counter_value)
    dialog.apply_counter.setFocus()
    undo_then_redo(qtbot, window, dialog.apply_counter)
    assert window.session.state.counters.time == 3
