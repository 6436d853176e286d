"""Issue 19, the benchmark: two canonical rounds, played on the real window at 1366x768 and
100% zoom through its widgets and events, every input counted (a click, a key, a drag, a wheel
notch or a scroll gesture is one). A control the round needs outside the visible part of its
scroll area fails it (``benchmarks.rounds.in_view``): nothing is scrolled to. ``make bench``
reports the same counts beside their budgets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton, QScrollArea, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from benchmarks.rounds import (
    ROUND_A_BUDGET,
    ROUND_B_BUDGET,
    OutOfView,
    in_view,
    open_round,
    round_a,
    round_b,
)
from frightmare.ui.main_window import MainWindow


def opened(qtbot: QtBot, root: Path, theme: Callable[[bool, float], None]) -> MainWindow:
    theme(True, 1.0)
    window = open_round(root)
    qtbot.addWidget(window)
    return window


def test_round_a_awake_within_its_budget_and_never_a_scroll(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
) -> None:
    window = opened(qtbot, private_data_dir, themed)
    you = round_a(window)
    assert window.session is not None
    state = window.session.state
    # What the table shows after the steps.
    assert (state.round, state.phase) == (2, "action")
    table = state.table
    assert table.final_girl == "house-sw-exit-w" and table.killer == "intersection"
    assert state.counters.victims_saved == 2 and state.counters.victims_killed == 2
    assert [item.name for item in table.held] == ["Knife"]
    assert table.deck("SW")[-1].name == "Crucifix"  # on the bottom, face down
    assert table.victims["street-n"] == 1 and table.victims["street-s"] == 1
    assert table.victims["intersection"] == 0
    assert state.counters.time == 6
    assert you.inputs <= ROUND_A_BUDGET, you.steps
    # Issue 31: the Convince is one click in her plays at West Exit ("To enter an occupied
    # House from the adjacent Street space, you must successfully convince your neighbor"),
    # and her plays follow her into the House for its Search.
    assert [n for _text, n in you.steps] == [1, 1, 2, 1, 3, 1, 1, 1, 2, 2], you.steps
    assert you.inputs == ROUND_A_BUDGET == 15, you.steps


def test_round_a_without_the_face_up_items_named_at_setup_is_within_its_budget(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
) -> None:
    """Naming the face-up Items at setup is optional: a player who skipped it names the Knife
    in the Search, one input more than the named round's budget."""
    themed(True, 1.0)
    window = open_round(private_data_dir, knife_named=False)
    qtbot.addWidget(window)
    you = round_a(window)
    assert window.session is not None
    table = window.session.state.table
    assert [item.name for item in table.held] == ["Knife"]
    assert table.deck("SW")[-1].name == "Crucifix"
    # The Knife's name, skipped at setup, is the one input more (issue 31's budget is the
    # named round's).
    assert you.inputs <= ROUND_A_BUDGET + 1, you.steps
    assert you.inputs == 16, you.steps


def test_round_b_asleep_plays_through_without_a_scroll(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
) -> None:
    window = opened(qtbot, private_data_dir, themed)
    round_a(window)
    you = round_b(window)
    assert window.session is not None
    state = window.session.state
    assert (state.round, state.phase) == (3, "action")
    assert state.asleep and len(state.dream.reveals) == 2
    # One attack by him, in his Killer Action (none from the Boiler Room's slides).
    assert [r.fright for r in state.dream.reveals] == [None, None]
    assert state.counters.killer_health == 7 and state.counters.health == 3
    # Each step's inputs, counted: her attack, Planning with the start of the Killer phase,
    # his Killer Action with his attack on her are one click each, and her Boiler Room card
    # at the end of the Killer phase ends the round (Upkeep has nothing to record).
    assert [n for _text, n in you.steps] == [1, 1, 1, 1, 1, 2, 1], you.steps
    assert sum(n for _text, n in you.steps) == you.inputs == 8, you.steps


def test_round_b_within_its_budget(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
) -> None:
    window = opened(qtbot, private_data_dir, themed)
    round_a(window)
    assert round_b(window).inputs <= ROUND_B_BUDGET


def test_each_phase_change_of_the_rounds_is_its_own_step_in_history(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
) -> None:
    """The one click that ends a round records Upkeep and the next round's start as two Next
    phase steps: an undo goes back to Upkeep, not to the Killer phase."""
    window = opened(qtbot, private_data_dir, themed)
    round_a(window)
    round_b(window)
    session = window.session
    assert session is not None
    history = session.history
    last = [history.describe_step(n) for n in range(len(history) - 2, len(history))]
    assert last == ["Next phase: Upkeep", "Next phase: Action"]
    window.undo()
    assert (session.state.round, session.state.phase) == (2, "upkeep")


def test_a_control_below_the_fold_fails_the_round(qtbot: QtBot) -> None:
    """The guard can fail: a button scrolled out of its area, or hidden, is refused."""
    area = QScrollArea()
    qtbot.addWidget(area)
    content = QWidget()
    column = QVBoxLayout(content)
    buttons = [QPushButton(f"Button {n}") for n in range(40)]
    for button in buttons:
        column.addWidget(button)
    area.setWidget(content)
    area.resize(200, 150)
    area.show()
    qtbot.waitExposed(area)
    in_view(buttons[0])
    with pytest.raises(OutOfView, match="visible part"):
        in_view(buttons[-1])
    buttons[0].hide()
    with pytest.raises(OutOfView, match="hidden"):
        in_view(buttons[0])
