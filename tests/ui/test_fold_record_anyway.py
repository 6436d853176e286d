"""Issue 19: the message of the moment shows whole where the player looks, and nothing is below
the fold at 1280x720 and 1366x768, 100% zoom. A late moment of a game fills the side column
most: Awake in round 7, a Dark Power revealed (The Frightmare is Inevitable: he attacks her
Awake, so his attack's row shows), a reminder in the phase's panel (Dr. Fright on his last
Health) and her attack refused, with its "Record anyway". The refusal and its button were
below the fold (five wheel notches down)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import SIZES, below_the_fold, out_of_view, settle, state_of

from frightmare.model.actions.dream import RevealDarkPower
from frightmare.model.actions.lane import AddVictims
from frightmare.model.actions.round import AdjustCounter, NextPhase
from frightmare.model.box.cards import INEVITABLE
from frightmare.model.rules import record_anyway
from frightmare.ui.main_window import MainWindow


def in_view(window: MainWindow, widget: QWidget) -> bool:
    """``widget`` lies whole inside the side column's viewport."""
    port = window.game.side.viewport()
    top = port.mapToGlobal(port.rect().topLeft()).y()
    bottom = port.mapToGlobal(port.rect().bottomLeft()).y()
    high = widget.mapToGlobal(widget.rect().topLeft()).y()
    low = widget.mapToGlobal(widget.rect().bottomLeft()).y()
    return widget.isVisible() and top <= high and low <= bottom + 1


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_refused_attack_late_in_a_game_is_in_view_with_record_anyway(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    size: tuple[int, int],
) -> None:
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(*size)
    settle(window)
    while state_of(window).round < 7:
        assert window.act(record_anyway(NextPhase()))
    assert state_of(window).phase == "action"
    assert window.act(RevealDarkPower(name=INEVITABLE))
    assert window.act(record_anyway(AdjustCounter(counter="killer health", delta=-8)))
    assert state_of(window).counters.killer_health == 1
    settle(window)
    game = window.game
    assert any("last Health" in text for text in game.round_bar.reminder_texts())
    assert game.fright.her_row.isVisibleTo(window)  # he may attack her Awake
    # She attacks him Awake: refused, with its rule, and the way to record it anyway.
    game.fright.his_row.buttons[1].click()
    settle(window)
    banner = game.banner
    assert banner.record_anyway.isVisibleTo(window)
    assert banner.news.text().startswith("⚠")
    assert in_view(window, banner.moment)
    assert in_view(window, banner.record_anyway)
    assert banner.news.fits(), "the refusal reads whole"
    assert in_view(window, game.fright.his_row), "the refused play stays in view"
    # Nothing is left below the fold: at 1366x768 the column holds it all; at 1280x720 it
    # scrolled down to the message, and only its top (the round's line) went out of view.
    bar = game.side.verticalScrollBar()
    assert bar.value() == bar.maximum()
    if size == (1366, 768):
        assert below_the_fold(window) == []
        assert out_of_view(window) == []
    # The next play takes the refusal away: the column is whole again from its top.
    assert window.act(AddVictims(space="intersection"))
    settle(window)
    assert not banner.record_anyway.isVisibleTo(window)
    assert below_the_fold(window) == []
    assert bar.value() == 0
