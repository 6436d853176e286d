"""Another Killer's panel above the fold (issue 31): in mixed play and in the films *Roll the
film* offers, his panel lies whole in the side column's view at 1366x768 and 1280x720, in each
phase of the round, without a scroll."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint
from screen_helpers import CAMP, SIZES, settle, state_of

from frightmare.model.actions.round import NextPhase
from frightmare.model.rules import record_anyway
from frightmare.ui.main_window import MainWindow

TABLES = [
    {"killer": "Hans", "location": CAMP},
    {"killer": "Geppetto", "location": "Carnival of Blood", "final_girl": "Asami"},
    {"killer": "Hans", "setup_card": "Maple Lane"},
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t['killer']}")
def test_another_killers_panel_is_whole_in_view_in_every_phase(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    table: dict[str, str],
) -> None:
    themed(True, 1.0)
    window = open_game(**{"final_girl": "Nancy", **table})
    window.resize(*size)
    settle(window)
    game = window.game
    port = game.side.viewport()
    for _phase in range(4):  # Action, Planning, Killer, Upkeep (no Victim died: no Panic)
        panel = game.killer_panel
        assert panel.isVisible()
        top = panel.mapTo(port, QPoint(0, 0)).y()
        bottom = panel.mapTo(port, QPoint(0, panel.height())).y()
        phase = state_of(window).phase
        assert top >= 0 and bottom <= port.height(), (phase, top, bottom, port.height())
        assert panel.his_row.isVisible() and panel.her_row.isVisible()
        assert window.act(record_anyway(NextPhase()))
        settle(window)
