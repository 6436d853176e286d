"""Issue 31, "Polish found on the way": "The Smalleys (16 px discs, a 6 px letter, over the
"SW" label), the Boyfriend (a 12 px "B") and the Cop badge (7 px text) cannot be read from the
chair": each letter at least about 11 px on screen at 1366x768, 100%."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.ui.main_window import MainWindow

READABLE = 11.0  # pixels on screen: a letter's size, as the names' least (about 14 px)


def test_the_special_victims_and_the_cop_badge_read_from_the_chair(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    settle(window)
    view = window.game.board_view
    item = view.item
    scale = view.transform().m11()
    letter = item.special_font()
    assert letter.pixelSize() * scale >= READABLE
    assert 2 * item.special_radius() * scale >= 18  # the disc around it
    cop = item.cop_font()
    assert cop.pixelSize() * scale >= READABLE
    # The letters still fit their disc and the badge's words their tag.
    metrics = QFontMetricsF(letter)
    assert metrics.tightBoundingRect("S").height() < 2 * item.special_radius()
    assert QFontMetricsF(cop).horizontalAdvance("COP 2") < item.cop_rect_width(carried=True)


def test_the_smalleys_stand_clear_of_the_quadrant_label_and_her_token(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # "The Smalleys (16 px discs, a 6 px letter, over the "SW" label)".
    from dataclasses import replace

    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    settle(window)
    item = window.game.board_view.item
    assert item.state is not None
    house = "smalleys-house"
    table = replace(
        item.state.table, smalleys=(house, house), final_girl=house, boyfriend="house-ne-street"
    )
    item.state = replace(item.state, table=table)
    item.state = replace(item.state, table=item.state.table.with_victims(house, "victim", 2))
    for space in (house, "house-ne-street"):
        label = item.quadrant_rect(space)
        width = QFontMetricsF(item.quadrant_font()).horizontalAdvance("SW")
        text = label.adjusted((label.width() - width) / 2, 0, -(label.width() - width) / 2, 0)
        for disc in item.special_rects(space):
            assert not disc.intersects(text), space
            assert not disc.intersects(item.piece_rect(space, 0)), space
