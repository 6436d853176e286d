"""A corrected board file whose Convince lines have other ids still offers Convince (issue 19:
"on a corrected board file whose Convince lines have other ids (the file says "Add or drop
lines freely; ids must be unique"), the Convince button greys out although the play is
legal"). The button asks the model's can-be-played query, which reads the lines' own data."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from frightmare.model.actions.lane import Convince
from frightmare.model.box.board import load_board, packaged_board_text
from frightmare.model.game.setup import GameSetup
from frightmare.model.game.state import new_game
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.widgets.refusals import is_refused

RENAMED = (
    packaged_board_text()
    .replace('"id": "3+"', '"id": "three"')
    .replace('"id": "2"', '"id": "two"')
    .replace('"id": "1"', '"id": "one"')
)


def test_a_corrected_board_with_renamed_convince_lines_still_offers_convince(
    qtbot: QtBot,
) -> None:
    board = load_board(RENAMED)
    assert "2" not in board.convince_lines
    # She is on West Exit, next to the occupied SW House by the West Exit.
    state = new_game(GameSetup(setup_card="Block Party"), seed=1, board=board)
    state = replace(state, table=replace(state.table, final_girl="exit-w"))
    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.show_state(state, "house-sw-exit-w")
    # Its lines are offered whole, each one click: the file's own ids.
    for line in ("three", "two", "one"):
        convince = panel.buttons[f"convince:{line}"]
        assert convince.isEnabled()
        assert not is_refused(convince), convince.toolTip()
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    panel.buttons["convince:two"].click()
    assert emitted == [Convince(house="house-sw-exit-w", result="two")]
