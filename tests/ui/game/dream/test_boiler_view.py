"""The Boiler Room deck on screen (``ui/game/dream/boiler_view.py``): the notes under it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import RevealFinale, Slide
from frightmare.model.box.cards import DR_FRIGHT, FACE_YOUR_FRIGHT, MAPLE_LANE
from frightmare.ui.main_window import MainWindow


def _quiet() -> None:
    for _ in range(6):
        QApplication.processEvents()


def _notes(window: MainWindow) -> dict[str, tuple[bool, int]]:
    boiler = window.game.boiler
    return {
        note.label.accessibleName(): (note.isVisible(), note.height())
        for note in (boiler.status, boiler.expectation)
    }


def test_the_notes_under_the_deck_keep_one_height_after_a_play(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
) -> None:
    """The status and the expected attacks lie left and right of the down arrow, one height
    for both, as tall as the taller needs (``_place``). After Face Your Fright, then a slide
    up, redrawn in part, the status was shorter than its neighbour: shown after the deck set
    its height, it fitted itself again to its own single line. A full redraw made them equal."""
    themed(True, 1.0)
    window = open_game(
        seed=0, final_girl="Nancy", killer=DR_FRIGHT, setup_card=MAPLE_LANE, boiler_deck="screen"
    )
    window.resize(1366, 768)
    window.settings.animations = False
    window.game.boiler.view.animate = False
    _quiet()
    for action in (RevealFinale(name=FACE_YOUR_FRIGHT), Slide(direction="up")):
        assert window.act(action)
        _quiet()
        partly = _notes(window)
        heights = {height for shown, height in partly.values() if shown}
        assert len(heights) <= 1, (action.describe(), partly)
        window.refresh()
        _quiet()
        assert _notes(window) == partly, action.describe()
