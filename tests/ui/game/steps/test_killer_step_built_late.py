"""His Killer Action's rows are built when the Killer phase first offers them, not at launch
(issue 33: ready for play sooner), and then work as ever."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import state_of

from frightmare.model.actions.round import NextPhase
from frightmare.ui.main_window import MainWindow


def _chain(window: QWidget) -> list[QWidget]:
    chain: list[QWidget] = []
    widget = window.nextInFocusChain()
    while widget is not None and widget is not window and len(chain) < 2000:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def test_his_killer_action_is_built_in_the_killer_phase_and_records_the_step(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    steps = window.game.killer_steps
    # The Action phase: the step is not offered, so not built (and not shown).
    assert state_of(window).phase == "action"
    assert steps.isHidden() and steps.findChildren(QPushButton) == []

    for _ in range(2):  # Planning, then the Killer phase
        assert window.act(NextPhase())
    assert state_of(window).phase == "killer"
    assert steps.isVisible() and steps.accept.isVisible()
    assert steps.plan is not None and steps.text.text()  # the step as the model plans it
    # Tab reaches Change… and Accept where the panel sits, before Dr. Fright's panel (built
    # late, Qt had put them at the end of the window's chain: after History and the board).
    chain = _chain(window)
    assert chain.index(steps.change) < chain.index(steps.accept) < chain.index(window.game.fright)
    steps.accept.click()
    assert state_of(window).killer_action_done
