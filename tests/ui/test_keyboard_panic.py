"""Issue 35: the Panic by keyboard, one key per Victim's way out or Return for the proposal.

Found: the Panic's ways out cost 12 keys in round A (Tab by Tab to each button, the focus
thrown back to the board after the first Victim's pick)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import active, state_of

from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.ui.main_window import MainWindow


def panicking(window: MainWindow, qtbot: QtBot, victims: int = 2) -> str:
    """The Killer phase done, ``victims`` Victims in his space after a death: the Panic's
    panel is open (Rules notes §1, Panic: "only when a Victim died this round: the Victims in
    the Killer's space panic and move"). His space."""
    active(window, qtbot)
    him = state_of(window).table.killer
    assert him is not None
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(AdjustCounter(counter="killed", delta=1))
    window.act(SetVictims(space=him, count=victims))
    window.act(DrawTerror(name="Ewwww! That's disgusting!"))
    assert window.game.panic_steps.isVisible()
    return him


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def test_next_phase_puts_the_focus_on_the_first_victims_proposal(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    panicking(window, qtbot)
    window.next_phase()  # Ctrl+Return into the Panic
    panel = window.game.panic_steps
    first = panel.keys.ways[0][1]
    button = focused()
    assert isinstance(button, QPushButton) and button in first
    assert button.text().startswith("✓ ")  # the proposal, ticked


def test_a_letter_picks_a_way_out_and_the_focus_goes_on_to_the_next_victim(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    him = panicking(window, qtbot)
    panel = window.game.panic_steps
    assert panel.focus_first()
    names = [b.text().lstrip("✓ ") for b in panel.keys.ways[0][1]]
    # A way out whose first letter no other way out of this Victim's starts.
    unique = next(n for n in names if [m[0] for m in names].count(n[0]) == 1)
    qtbot.keyClick(focused(), unique[0].lower())
    assert panel.chosen[(0, panel.keys.ways[0][0])] in state_of(window).board.spaces
    assert focused() in panel.keys.ways[1][1]  # the second Victim's way out next
    assert state_of(window).table.victims_at(him) == 2  # nothing recorded yet
    qtbot.keyClick(focused(), unique[0].lower())  # the last Victim's pick records the Panic
    state = state_of(window)
    assert state.phase == "panic" and state.panic_recorded
    assert state.table.victims_at(him) == 0
    # Where the next input goes: the round bar's button, on to Upkeep and the next round.
    assert focused() is window.game.round_bar.next_phase
    # The ways out made again at each pick are gone, never left as windows of their own (a
    # real X server showed the last rows at the screen's top left).
    strays = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert strays == [], [getattr(w, "text", lambda: "")() for w in strays]


def test_return_records_the_proposal_as_it_stands(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    him = panicking(window, qtbot)
    panel = window.game.panic_steps
    assert panel.focus_first()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    state = state_of(window)
    assert state.panic_recorded and state.table.victims_at(him) == 0


def test_arrow_keys_walk_the_ways_out(open_board: Callable[[], MainWindow], qtbot: QtBot) -> None:
    window = open_board()
    panicking(window, qtbot, victims=1)
    panel = window.game.panic_steps
    assert panel.focus_first()
    row = panel.keys.ways[0][1]
    start = row.index(focused())  # type: ignore[arg-type]
    qtbot.keyClick(focused(), Qt.Key.Key_Right)
    assert focused() is row[(start + 1) % len(row)] or start == len(row) - 1
    assert not state_of(window).panic_recorded  # walking records nothing
