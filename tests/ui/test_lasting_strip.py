"""The effects in force shown on the board while they last (issue 31: "no screen reads the
game's lasting effects today"): a chip per card in the board's empty top-left corner, its
whole text in its tooltip and accessible name, clear of every space."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import LiftAwakeBlock
from frightmare.model.actions.edit import HeldItemData, SetItems
from frightmare.model.box.cards import BLURRED_REALITY, MACHETE
from frightmare.ui.main_window import MainWindow


def _strip_chips(window: MainWindow) -> list[tuple[str, str, str]]:
    strip = window.game.board_view.lasting
    if strip is None or strip.isHidden():
        return []
    return [(c.text(), c.toolTip(), c.accessibleName()) for c in strip.shown()]


def test_an_effect_in_force_is_shown_on_the_board_while_it_lasts(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1366, 768)
    assert _strip_chips(window) == []
    window.act(LiftAwakeBlock(card=BLURRED_REALITY, until="next-killer-phase"))
    chips = _strip_chips(window)
    assert len(chips) == 1
    text, tip, name = chips[0]
    assert text.rstrip("…") and BLURRED_REALITY.startswith(text.rstrip("…"))
    assert "Awake" in tip and tip in name
    window.act(SetItems(items=(HeldItemData(name=MACHETE),)))
    chips = _strip_chips(window)
    assert len(chips) == 2 and "follow" in chips[1][1]
    window.undo()
    window.undo()
    assert _strip_chips(window) == []


def test_the_strip_covers_no_space_of_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.act(LiftAwakeBlock(card=BLURRED_REALITY, until="next-killer-phase"))
    window.act(SetItems(items=(HeldItemData(name=MACHETE),)))
    view = window.game.board_view
    for size in ((1366, 768), (960, 540), (1920, 1080)):
        window.resize(*size)
        qtbot.waitUntil(lambda: view.lasting is not None and view.lasting.isVisible())
        assert view.lasting is not None
        strip = QRectF(view.lasting.geometry())
        for space in view.item.board.spaces:
            inner = QRectF(view.mapFromScene(view.item.space_rect(space)).boundingRect())
            assert not strip.intersects(inner), (size, space)
