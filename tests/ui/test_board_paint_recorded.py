"""The board's drawing is recorded once for what it shows and replayed at the view's scale
(``geometry.Recording``): replayed, it is pixel for pixel the drawing made anew, at any scale,
and it follows every change of what it shows (a stale recording would show the board before a
House burnt, a piece moved, the theme or the language changed)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from frightmare import i18n
from frightmare.model import GameSetup
from frightmare.model.game.state import GameState, new_game
from frightmare.ui.game.board.geometry import BoardGeometry, Recording
from frightmare.ui.game.board.pieces import BoardItem
from frightmare.ui.game.board.streets import draw_streets, paint_streets

Paint = Callable[[QPainter], None]


def drawn(paint: Paint, scale: float = 1.21) -> QImage:
    """What ``paint`` draws at the view's ``scale`` (the board's scene, 20 units of margin)."""
    image = QImage(round(880 * scale), round(880 * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor("#12141a"))
    painter = QPainter(image)
    try:
        painter.scale(scale, scale)
        painter.translate(20, 20)
        paint(painter)
    finally:
        painter.end()
    return image


def streets(geometry: BoardGeometry, scale: float = 1.21) -> QImage:
    return drawn(lambda painter: paint_streets(painter, geometry), scale)


def anew(state: GameState, scale: float = 1.21) -> QImage:
    """The street plan of ``state`` drawn by a geometry that recorded nothing yet."""
    geometry = BoardGeometry(state.board)
    geometry.state = state
    return drawn(lambda painter: draw_streets(painter, geometry), scale)


def pieces(item: BoardItem, exposed: QRectF | None = None) -> QImage:
    return drawn(lambda painter: item.paint(painter, exposed))


def pieces_anew(item: BoardItem) -> QImage:
    """The pieces of ``item``'s state drawn by an item that recorded nothing yet."""
    fresh = BoardItem(item.board)
    fresh.state, fresh.selected = item.state, item.selected
    fresh.highlighted, fresh.convincible = dict(item.highlighted), set(item.convincible)
    fresh.zoom, fresh.drag = item.zoom, item.drag
    return pieces(fresh)


@pytest.fixture
def light(qapp: QApplication) -> Iterator[Callable[[], None]]:
    """Switch the board to the light theme (as ``apply_theme`` tells it), restored after."""
    dark = qapp.property("frightmare_dark")

    def switch() -> None:
        qapp.setProperty("frightmare_dark", False)

    yield switch
    qapp.setProperty("frightmare_dark", dark)


@pytest.fixture
def pseudo() -> Iterator[None]:
    yield
    i18n.set_language(i18n.ENGLISH)


def test_the_street_plan_replayed_is_drawn_anew_at_every_scale(qapp: QApplication) -> None:
    state = new_game(GameSetup(), seed=1)
    geometry = BoardGeometry(state.board)
    geometry.state = state
    for scale in (1.21, 1.1957, 0.73, 1.5):
        assert streets(geometry, scale) == anew(state, scale)
    assert geometry.street_plan is not None


def test_a_burnt_house_and_a_roadblock_show_on_a_recorded_street_plan(
    qapp: QApplication,
) -> None:
    state = new_game(GameSetup(), seed=1)
    geometry = BoardGeometry(state.board)
    geometry.state = state
    before = streets(geometry)
    house = state.board.houses_in("NW")[0]
    street = next(s for s in state.board.spaces if state.board.kind(s) == "street")
    table = replace(state.table, closed=frozenset({house}))
    geometry.state = burnt = replace(state, table=table)
    after = streets(geometry)
    assert after != before
    assert after == anew(burnt)
    table = replace(table, roadblocks=frozenset({street}))
    geometry.state = blocked = replace(state, table=table)
    assert streets(geometry) == anew(blocked) != after


def test_a_theme_change_shows_on_a_recorded_street_plan(
    qapp: QApplication, light: Callable[[], None]
) -> None:
    state = new_game(GameSetup(), seed=1)
    geometry = BoardGeometry(state.board)
    geometry.state = state
    dark = streets(geometry)
    light()
    assert streets(geometry) == anew(state) != dark


def test_a_zoom_and_a_language_change_show_on_a_recorded_street_plan(
    qapp: QApplication, pseudo: None
) -> None:
    state = new_game(GameSetup(), seed=1)
    geometry = BoardGeometry(state.board)
    geometry.state = state
    english = streets(geometry)
    geometry.zoom = 1.5
    zoomed = streets(geometry)
    assert zoomed != english
    geometry.zoom = 1.0
    assert streets(geometry) == english
    i18n.set_language(i18n.PSEUDO)
    assert streets(geometry) == anew(state) != english


def test_the_pieces_recorded_follow_the_state_the_selection_and_the_outlines(
    qapp: QApplication,
) -> None:
    state = new_game(GameSetup(), seed=1)
    board = state.board
    item = BoardItem(board)
    item.state = state
    first = pieces(item)
    assert first == pieces_anew(item)
    street = next(s for s in board.spaces if board.kind(s) == "street")
    moved = replace(state, table=replace(state.table, final_girl=street, killer="intersection"))
    item.state = moved
    assert pieces(item) == pieces_anew(item) != first
    item.selected = street
    selected = pieces(item)
    assert selected == pieces_anew(item)
    item.highlighted = {s: 1 for s in board.neighbours(street)}
    item.convincible = {board.houses_in("NE")[0]}
    outlined = pieces(item)
    assert outlined == pieces_anew(item) != selected
    # The same outlines in new containers (the view hands over new ones) draw the same.
    item.highlighted, item.convincible = dict(item.highlighted), set(item.convincible)
    assert pieces(item) == outlined


def test_a_dragged_piece_leaves_its_space_on_the_recorded_pieces(qapp: QApplication) -> None:
    state = new_game(GameSetup(), seed=1)
    item = BoardItem(state.board)
    item.state = replace(state, table=replace(state.table, killer="intersection"))
    standing = pieces(item)
    item.drag = ("dr fright", item.space_rect("intersection").center())
    dragged = pieces(item)
    assert dragged == pieces_anew(item)
    item.drag = None
    assert pieces(item) == standing != dragged


def test_a_partial_repaint_replays_the_spaces_it_reaches(qapp: QApplication) -> None:
    state = new_game(GameSetup(), seed=1)
    item = BoardItem(state.board)
    far = state.board.houses_in("SE")[-1]
    table = replace(state.table, killer="intersection", final_girl=far)
    item.state = replace(state, table=table)
    part = pieces(item, item.overlay_rect("intersection"))  # the spaces it reaches, only
    whole = pieces(item)
    assert whole == pieces_anew(item) != part
    assert pieces(item, item.overlay_rect("intersection")) == part


def test_a_recording_refuses_a_call_that_reads_the_painter() -> None:
    """A drawing recorded cannot ask the painter anything (it has no answer then): such a call
    fails at once rather than drawing with a missing font or pen."""
    painter = Recording().painter()
    painter.save()
    with pytest.raises(TypeError, match="font"):
        painter.font()
