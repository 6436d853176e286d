"""Issue 31, "Polish found on the way": "The Victim disc does not repaint while a space's
plays are open (the popover said 2, the disc 1)": a play made in the space's plays repaints
the space's marks at once, the plays still open beside it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.ui.game.board.pieces import BoardItem
from frightmare.ui.main_window import MainWindow


@pytest.mark.parametrize("space", ["house-nw-exit-n", "street-n", "house-se-street"])
def test_a_victim_added_from_the_plays_repaints_its_disc(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, space: str
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    settle(window)
    game = window.game
    game.open_plays(space)
    settle(window)
    assert game.popover.isVisible()
    before = window.session.state.table.victims[space] if window.session else 0
    painted: list[int] = []
    original = BoardItem._count

    def count(item: BoardItem, painter: QPainter, disc: QRectF, value: int) -> None:
        painted.append(value)
        original(item, painter, disc, value)

    monkeypatch.setattr(BoardItem, "_count", count)
    game.board_panel.buttons["add"].click()
    settle(window)
    qtbot.waitUntil(lambda: before + 1 in painted)
    assert game.popover.isVisible() and game.popover.space == space
