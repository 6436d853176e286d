"""Another Location's table and another Killer's panel are made when a game first shows them
(``ui/game/other_table.py``), and then take the place in the focus chain they had when the
game page built them with the rest: Tab reaches them in reading order."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.ui.main_window import MainWindow

CAMP = "Camp Happy Trails"


def _chain(window: QWidget) -> list[QWidget]:
    """The window's widgets that take the focus, in its focus chain's order."""
    found: list[QWidget] = []
    node = window.nextInFocusChain()
    while node is not None and node is not window and len(found) < 5000:
        if node.focusPolicy() != Qt.FocusPolicy.NoFocus:
            found.append(node)
        node = node.nextInFocusChain()
    return found


def _positions(chain: list[QWidget], root: QWidget) -> list[int]:
    return [i for i, widget in enumerate(chain) if widget is root or root.isAncestorOf(widget)]


def test_a_game_on_maple_lane_against_dr_fright_makes_neither(
    open_game: Callable[..., MainWindow],
) -> None:
    window = open_game(final_girl="Nancy", killer=DR_FRIGHT, location=MAPLE_LANE)
    assert window.game.other_table.built == (False, False)
    assert window.game.location_region.isHidden() or not window.game.location_region.isVisible()


def test_another_location_and_killer_are_tabbed_to_in_reading_order(
    open_game: Callable[..., MainWindow],
) -> None:
    window = open_game(final_girl="Nancy", killer="Hans", location=CAMP, killer_health=8)
    window.resize(1366, 768)
    QApplication.processEvents()
    game = window.game
    assert game.other_table.built == (True, True)
    assert game.location_panel.isVisible() and game.killer_panel.isVisible()
    chain = _chain(window)
    table, killer = _positions(chain, game.location_panel), _positions(chain, game.killer_panel)
    rounds, history = _positions(chain, game.round_bar), _positions(chain, game.history)
    assert table and killer and rounds and history
    # Each panel's controls together, in the panel's own order.
    assert table == list(range(table[0], table[0] + len(table)))
    assert killer == list(range(killer[0], killer[0] + len(killer)))
    # The main region's table first, then the side column (the round, then his panel), then
    # the docks: not at the chain's end, where a panel made later would otherwise go.
    assert table[-1] < rounds[0] < rounds[-1] < killer[0] < killer[-1] < history[0]
