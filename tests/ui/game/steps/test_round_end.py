"""The click that settles the last thing the round owes ends it (issue 31: round A ≤ 15, round
B ≤ 8 inputs, without guessing): the Panic's last way out, clicked, goes on through a quiet
Upkeep into the next round, each phase change its own step, the Panic's message kept; from
the keyboard it stops in the phase, as Ctrl+Return does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from frightmare.model import GameState
from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.ui.main_window import MainWindow


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def panic_offered(window: MainWindow) -> QPushButton:
    """The Killer phase owes nothing more, one Victim in his space panics (rules notes §1,
    Panic: "the Victims in the Killer's space panic and move"): her first way out, or Accept
    when she has one only."""
    him = state_of(window).table.killer
    assert him is not None
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(AdjustCounter(counter="killed", delta=1))
    window.act(SetVictims(space=him, count=1))
    window.act(DrawTerror(name="Ewwww! That's disgusting!"))
    panel = window.game.panic_steps
    assert not panel.isHidden()
    ways = [
        b for b in panel.findChildren(QPushButton) if not b.isHidden() and b is not panel.accept
    ]
    return ways[0] if ways else panel.accept


def test_the_panics_last_way_out_clicked_ends_the_round(
    open_board: Callable[[], MainWindow],
) -> None:
    # Rules notes §1: "Upkeep: when the Terror deck is empty the Finale is revealed; ongoing
    # effects resolve": with nothing due, Upkeep has nothing to record.
    window = open_board()
    way = panic_offered(window)
    QTest.mouseClick(way, Qt.MouseButton.LeftButton, pos=way.rect().center())
    QApplication.processEvents()
    state = state_of(window)
    assert (state.round, state.phase) == (2, "action")
    session = window.session
    assert session is not None
    history = session.history
    last = [history.describe_step(n) for n in range(len(history) - 4, len(history))]
    assert last[0] == "Next phase: Panic" and last[2:] == [
        "Next phase: Upkeep",
        "Next phase: Action",
    ]
    # The Panic's message is still there, above the new round's.
    news = window.game.banner.news.text()
    assert history.describe_step(len(history) - 3).split(" ")[0] in news
    window.undo()
    assert state_of(window).phase == "upkeep"  # each phase change its own step


def test_from_the_keyboard_the_panic_stops_in_its_phase(
    open_board: Callable[[], MainWindow],
) -> None:
    window = open_board()
    way = panic_offered(window)
    way.setFocus()
    QTest.keyClick(way, Qt.Key.Key_Space)
    QApplication.processEvents()
    state = state_of(window)
    assert (state.round, state.phase) == (1, "panic") and state.panic_recorded
