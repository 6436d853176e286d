"""History's list (issue 33, item 2): a step changes only its rows, whatever the game's
length, and the rows are always what the journal says."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, Rename, new_game
from frightmare.ui.game import history_panel
from frightmare.ui.game.history_panel import HistoryPanel, WrappingDelegate, step_text


def journal(steps: int) -> History:
    history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
    for n in range(steps):
        history.do(Rename(name=f"step {n}"))
    return history


def rows_of(history: History) -> list[str]:
    return ["start"] + [f"{i + 1}. {step_text(history, i)}" for i in range(len(history))]


def test_the_rows_follow_steps_undos_a_new_tail_and_another_game(qtbot: QtBot) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    history = journal(30)
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    history.jump(10)
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)  # the redo tail stays listed, dimmed
    assert panel.model.cursor == 10
    history.do(Rename(name="a new tail"))
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    other = journal(5)  # the game reloaded from its file, or another game
    panel.show_history(other, "start")
    assert panel.rows() == rows_of(other)


def test_a_step_asks_only_its_own_line(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    history = journal(2000)
    panel.show_history(history, "start")
    asked: list[int] = []

    def counted(history: History, index: int) -> str:
        asked.append(index)
        return step_text(history, index)

    monkeypatch.setattr(history_panel, "step_text", counted)
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    history.undo()
    panel.show_history(history, "start")
    assert asked == [2000]


def test_a_step_lays_out_the_rows_shown_not_every_row(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list view wrapped every row of the journal again at each step (a 10,000-step game:
    10,000 rows per click); the list asks the height of the rows it shows."""
    sized: list[int] = []
    original = WrappingDelegate.sizeHint

    def counted(self: WrappingDelegate, option: object, index: object) -> object:
        sized.append(1)
        return original(self, option, index)  # type: ignore[arg-type]

    monkeypatch.setattr(WrappingDelegate, "sizeHint", counted)
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 500)
    panel.show()
    history = journal(2000)
    panel.show_history(history, "start")
    QApplication.processEvents()
    assert sized  # the rows are the delegate's
    sized.clear()
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    QApplication.processEvents()
    panel.list.viewport().repaint()
    assert 0 < len(sized) < 200


def test_the_rows_are_painted_by_the_panel_the_current_one_selected(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: the rows are drawn by the list's own delegate (the style sheet's item drawing
    cost 2 ms per step); each row shown is painted once, the current step's selected, the rows
    past the cursor too (dimmed), with their wrapped text in full."""
    painted: dict[int, bool] = {}
    original = WrappingDelegate.paint_row

    def counted(
        self: WrappingDelegate, painter: object, rect: object, index: object, **how: bool
    ) -> None:
        painted[index.row()] = how["selected"]  # type: ignore[attr-defined]
        original(self, painter, rect, index, **how)  # type: ignore[arg-type]

    monkeypatch.setattr(WrappingDelegate, "paint_row", counted)
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 600)
    history = journal(5)
    history.jump(3)
    panel.show_history(history, "start")
    panel.show()
    panel.grab()
    assert sorted(painted) == [0, 1, 2, 3, 4, 5]
    assert [row for row, selected in painted.items() if selected] == [3]
