"""The side column is as wide as its counters need, whatever they show (second walkthrough:
at 1280x720 and 100% its right 4-6 px were cut, Bloodlust "10/10" read "10/1")."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication

from frightmare import i18n
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.edit import SetCounter
from frightmare.model.actions.round import AdjustCounter, RevealFinalHealth
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog

# The themes: the light theme's cases are ``long_layout`` (``make test-long`` runs them): its
# geometry is the dark theme's, the two differing only in colours and same-sized pictures
# (tests/ui/test_layout.py checks it).
THEMES = [
    pytest.param(True, id="dark"),
    pytest.param(False, id="light", marks=pytest.mark.long_layout),
]


@pytest.fixture(params=[i18n.ENGLISH, i18n.PSEUDO])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """English, then the pseudo-locale: 35% longer texts, as German and French run (issue 30)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("dark", THEMES)
def test_the_counters_widest_values_fit_the_side_column(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    monkeypatch: pytest.MonkeyPatch,
    dark: bool,
) -> None:
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    themed(dark, 1.0)
    window = open_game(final_girl="Nancy", setup_card="A Quiet Place")
    window.resize(1280, 720)
    for action in (
        SetCounter(counter="bloodlust", value=10),
        SetCounter(counter="killed", value=1),
        AdjustCounter(counter="health", delta=-6),
        RevealFinalHealth(value=None),  # "0/4 ✚": the game is lost
    ):
        assert window.act(action)
    for _ in range(10):
        QApplication.processEvents()
    side = window.game.side
    content = side.widget()
    assert content is not None
    assert content.minimumSizeHint().width() <= side.viewport().width()
    assert content.width() <= side.viewport().width()


@pytest.mark.usefixtures("language")
def test_the_side_column_fits_again_after_a_theme_switch_while_asleep(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Third walkthrough: with the Boiler Room in front, a theme switch left the column 12 px
    narrower than its counters (the widgets' sizes settle a pass after the fit that follows
    the switch); the column now fits again when its content outgrows it."""
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(0, 0, 1280, 720))
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="A Quiet Place")
    window.resize(1280, 720)
    assert window.act(FallAsleep(cause="short rest"))
    assert window.act(SetCounter(counter="bloodlust", value=9))
    for _ in range(20):
        QApplication.processEvents()
    themed(False, 1.0)
    window.refresh()
    for _ in range(20):
        QApplication.processEvents()
    side = window.game.side
    assert (content := side.widget()) is not None
    assert content.minimumSizeHint().width() <= side.viewport().width()
