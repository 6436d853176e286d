"""Start-up into a game in progress builds what its first paint shows (issue 19's start-up
budget): the saved-games list waits until it is asked for, and works as ever then."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings, save_settings
from frightmare.ui.application import build_window


def _store_with_a_game_in_progress(root: Path) -> str:
    store = SessionStore(root)
    store.create(GameSetup(final_girl="Nancy"), "Another game", seed=2).close()
    game = store.create(GameSetup(final_girl="Nancy", setup_card="Block Party"), "Mine", seed=1)
    game.close()
    settings = load_settings(root)
    settings.game_in_progress = game.id
    save_settings(root, settings)
    return game.id


def test_launching_into_a_game_leaves_the_saved_games_until_asked(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _store_with_a_game_in_progress(private_data_dir)
    window = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(window)
    assert window.session is not None and window.session.id == game
    assert not window.picker_built
    window.show()
    window.sessions_action.trigger()  # Ctrl+O
    assert window.picker_built and window.pages.currentWidget() is window.picker
    rows = window.picker.list
    listed = {rows.topLevelItem(n).text(0) for n in range(rows.topLevelItemCount())}
    assert listed == {"Mine", "Another game"}
    window.picker.open_requested.emit(game)  # its signals reach the window
    assert window.pages.currentWidget() is window.game
    window.close()


def test_a_launch_with_no_game_to_continue_shows_the_saved_games(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    _store_with_a_game_in_progress(private_data_dir)
    settings = load_settings(private_data_dir)
    settings.game_in_progress = "gone"  # deleted since
    save_settings(private_data_dir, settings)
    window = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(window)
    assert window.session is None
    assert window.picker_built and window.pages.currentWidget() is window.picker


def test_a_named_game_not_found_shows_the_saved_games(qtbot: QtBot, private_data_dir: Path) -> None:
    _store_with_a_game_in_progress(private_data_dir)
    window = build_window(SessionStore(private_data_dir), "No such game")
    qtbot.addWidget(window)
    assert window.session is None
    assert window.pages.currentWidget() is window.picker
    assert "No such game" in window.statusBar().currentMessage()
