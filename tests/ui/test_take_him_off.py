"""A space's plays offer "Take him off" only on his space: elsewhere there is nothing of his
to take off (the model decides, ``space_plays``), and "Put him here" only where he is not."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.model.query.space_plays import space_plays
from frightmare.ui.main_window import MainWindow


def test_take_him_off_is_offered_only_where_he_stands(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    assert window.session is not None
    state = window.session.state
    his = state.table.killer
    assert his is not None
    for space in state.board.spaces:
        here = space_plays(state, space)
        assert here.take_him_off.offered == (space == his), space
        assert here.put_him.offered == (space != his), space
    game = window.game
    for space, offered in (("intersection", False), (his, True)):
        game.open_plays(space)
        settle(window)
        keys = game.board_panel.space_menu.entry_keys()
        assert ("remove-fright" in keys) == offered, (space, keys)
        assert ("place-fright" in keys) == (not offered), (space, keys)
    # Taken off, he is nowhere: nothing to take off anywhere.
    game.board_panel.space_menu.buttons["remove-fright"].click()
    gone = window.session.state
    assert gone.table.killer is None
    assert not any(space_plays(gone, s).take_him_off.offered for s in gone.board.spaces)
