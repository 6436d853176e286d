"""Issue 35, the blocker: his Killer Action is recorded by keyboard (Ctrl+K, *Play ▸ Record his
Killer Action*), and *Change…* opens its rows with the focus, shown, on the first of them
(Ctrl+Shift+K, *Play ▸ Change his Killer Action…*)."""

from __future__ import annotations

from collections.abc import Callable

from input_helpers import press
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot
from screen_helpers import active, state_of

from frightmare.ui.main_window import MainWindow


def killer_phase(window: MainWindow, qtbot: QtBot) -> None:
    """Ctrl+Return from the Action phase to the Killer phase (Planning between)."""
    active(window, qtbot)
    for _ in range(2):
        focused = QApplication.focusWidget()
        assert focused is not None
        press(qtbot, focused, "Ctrl+Return")
    assert state_of(window).phase == "killer"


def test_ctrl_k_records_his_killer_action_from_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    killer_phase(window, qtbot)
    assert window.killer_accept_action.isEnabled()
    play = window.menuBar().actions()[3].menu()
    assert isinstance(play, QMenu)
    assert window.killer_accept_action in play.actions()
    assert not state_of(window).killer_action_done
    press(qtbot, window.game.board_view, "Ctrl+K")
    assert state_of(window).killer_action_done
    # The step is recorded: the entry goes off, and the focus is on the board, shown.
    assert not window.killer_accept_action.isEnabled()
    assert window.game.board_view.hasFocus()


def test_ctrl_shift_k_opens_change_with_the_focus_on_whom_he_goes_for(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    killer_phase(window, qtbot)
    steps = window.game.killer_steps
    press(qtbot, window.game.board_view, "Ctrl+Shift+K")
    assert steps.change.isChecked() and steps.icons.isVisible()
    qtbot.waitUntil(steps.target.hasFocus, timeout=1000)
    # Then Ctrl+K records it as changed.
    press(qtbot, steps.target, "Ctrl+K")
    assert state_of(window).killer_action_done


def test_the_killer_action_entries_are_off_outside_his_step(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    assert not window.killer_accept_action.isEnabled()
    assert not window.killer_change_action.isEnabled()
