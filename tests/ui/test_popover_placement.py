"""Issue 31, "Polish found on the way": "Popovers cover the spaces around them (the NE House
popover hid her Street, East Exit and the SE counts): place them where they hide least": a
space's plays open where they cover the least of her space, the Exits and the Victim counts,
and never the space they belong to."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.model.actions.lane import Place
from frightmare.ui.main_window import MainWindow


def _drawn(window: MainWindow, space: str) -> QRectF:
    view = window.game.board_view
    return QRectF(view.mapFromScene(view.item.space_rect(space)).boundingRect())


def test_the_ne_house_plays_hide_neither_her_street_nor_the_east_exit(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    window.act(Place(piece="final girl", space="street-e"))
    settle(window)
    game = window.game
    game.open_plays("house-ne-street")
    settle(window)
    popover = QRectF(game.popover.geometry())
    for space in ("house-ne-street", "street-e", "exit-e"):
        assert not popover.intersects(_drawn(window, space)), space


def test_every_spaces_plays_leave_the_space_itself_in_view(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    settle(window)
    game = window.game
    for space in game.board_view.item.board.spaces:
        game.open_plays(space)
        settle(window)
        popover = QRectF(game.popover.geometry())
        assert not popover.intersects(_drawn(window, space).adjusted(2, 2, -2, -2)), space
