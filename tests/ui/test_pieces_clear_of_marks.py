"""Her token and his stand clear of a space's Victim count, a House's X, quadrant and name,
at 100% and at 150% zoom: at 150% Dr. Fright's token covered the count at Boyfriend's House,
and the name under it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot
from screen_helpers import settle, state_of

from frightmare.model.game.table import Counts
from frightmare.ui.main_window import MainWindow


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("count", [1, 12])
@pytest.mark.parametrize("searched", [False, True])
@pytest.mark.parametrize("who", ["both", "her", "him"])
def test_no_piece_covers_the_count_the_x_or_the_name(
    open_board: Callable[[], MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    zoom: float,
    count: int,
    searched: bool,
    who: str,
) -> None:
    themed(True, zoom)
    window = open_board()
    window.resize(1366, 768)
    settle(window)
    item = window.game.board_view.item
    assert item.zoom == zoom
    state = state_of(window)
    houses = [s for s in state.board.spaces if state.board.is_house(s)]
    assert len(houses) == 12
    for house in state.board.spaces:  # every House, and the Streets and Exits too
        is_house = house in houses
        table = replace(
            state.table,
            final_girl=house if who != "him" else None,
            killer=house if who != "her" else None,
            victims=Counts({house: count}),
            x_tokens=frozenset({house}) if searched and is_house else frozenset(),
        )
        item.state = replace(state, table=table)
        her, him = item.piece_rect(house, 0), item.piece_rect(house, 1)
        pieces = [("her token", her), ("his token", him)]
        shown = pieces if who == "both" else [pieces[0] if who == "her" else pieces[1]]
        marks: dict[str, QRectF] = {
            "the count": item.count_rect(house, count),
            "the name": item.name_band(house),
        }
        if is_house:
            marks["the quadrant"] = item.quadrant_rect(house)
        if searched and is_house:
            marks["the X"] = item.x_rect(house)
        for piece, rect in shown:
            assert item.space_rect(house).contains(rect), (house, piece)
            for mark, other in marks.items():
                assert not rect.intersects(other), f"{house}: {piece} covers {mark}"
        if who == "both":
            assert not her.intersects(him), house
        # Still a token seen from the chair; alone, as large as the zoom makes it.
        assert min(rect.width() for _, rect in shown) >= 24, house
        if who != "both" and not searched:
            assert shown[0][1].width() >= 44 * min(zoom, 1.35) - 2, house
