"""A refusal and its "Record anyway" stay through a redraw of the same state (second
walkthrough: a zoom or a theme switch erased them, leaving the play unrecordable from there)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication

from frightmare.model.actions.lane import Move, RevealEvent
from frightmare.ui.main_window import MainWindow


def test_a_zoom_keeps_the_refusal_and_a_new_state_clears_it(
    open_game: Callable[..., MainWindow],
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    banner = window.game.banner
    assert window.act(RevealEvent(name="The Smalleys"))
    assert not window.act(RevealEvent(name="The Smalleys"))  # already in play: refused
    refusal = banner.news.text()
    assert refusal.startswith("⚠") and banner.record_anyway.isVisibleTo(banner)
    try:
        window.zoom(+1)  # the same state, drawn again
        QApplication.processEvents()
        assert banner.news.text() == refusal
        assert banner.record_anyway.isVisibleTo(banner)
    finally:
        window.zoom(0)  # the zoom is the whole application's
    assert window.act(Move(to="intersection", steps=1))  # a new state: the refusal is old news
    assert not banner.news.text().startswith("⚠")
    assert not banner.record_anyway.isVisibleTo(banner)
