"""Issue 19 item 5: launching continues the game in progress, maximized if it was; the
saved games are one key away (Ctrl+O)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings
from frightmare.ui.application import build_window, show_as_left


def test_relaunching_opens_the_game_in_progress_maximized_if_it_was(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    store = SessionStore(private_data_dir)
    store.create(GameSetup(final_girl="Nancy"), "Another game", seed=2).close()
    game = store.create(GameSetup(final_girl="Nancy", setup_card="Block Party"), "Mine", seed=1)
    game.close()
    first = build_window(store)
    qtbot.addWidget(first)
    assert first.session is None  # a first launch: the saved games
    first.show()
    first.open_session(game.id)
    first.showMaximized()
    QApplication.processEvents()
    first.close()
    settings = load_settings(private_data_dir)
    assert settings.game_in_progress == game.id

    second = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(second)
    show_as_left(second)
    QApplication.processEvents()
    assert second.session is not None and second.session.id == game.id
    assert second.pages.currentWidget() is second.game
    assert second.settings.maximized
    second.sessions_action.trigger()  # Ctrl+O: the saved games
    assert second.pages.currentWidget() is second.picker
    second.close()


def test_a_game_left_from_the_saved_games_list_is_not_reopened(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(final_girl="Nancy"), "Mine", seed=1)
    game.close()
    window = build_window(store)
    qtbot.addWidget(window)
    window.show()
    window.open_session(game.id)
    window.show_picker()
    window.close()
    assert load_settings(private_data_dir).game_in_progress == ""


def test_a_game_in_progress_is_painted_before_its_history_rows_are_laid_out(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """Issue 19's start-up budget: the game screen's first paint comes before History lays
    out its rows (a long game wrapped every step first); the rows follow right after."""
    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(final_girl="Nancy", setup_card="Block Party"), "Mine", seed=1)
    game.close()
    window = build_window(store, "Mine")
    qtbot.addWidget(window)
    history = window.game.history
    assert history.model.start_text == ""  # not shown before the first paint
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    qtbot.waitUntil(lambda: history.model.start_text != "")
    assert history.rows() == ["New game: Nancy vs Dr. Fright, Maple Lane (Block Party)"]
