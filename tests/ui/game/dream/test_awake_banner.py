"""The Awake/Asleep banner's title is never cut (issue 30): AWAKE and ASLEEP whole in every
language, at 100% and 150%, on the laptops' screens, as the app launches into a game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from screen_helpers import SIZES, launched, left_in_progress

from frightmare import i18n
from frightmare.i18n import _


@pytest.fixture(params=[i18n.ENGLISH, "de", "es", "fr", "pl"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("size", SIZES)
def test_awake_and_asleep_are_whole_in_their_line(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    qapp: QApplication,
    screen_of: Callable[[int, int], QRect],
    language: str,
    size: tuple[int, int],
    zoom: float,
) -> None:
    """Polish "OBUDZONA" and French "ÉVEILLÉE" were cut at 150% in the app: the title's
    width was measured when the game screen first showed its state, before the stylesheet
    gave it its big font (a launch styles the game screen once it is built). Both words fit
    the label as it is laid out, Awake as Asleep (a fall Asleep moves nothing)."""
    screen_of(*size)
    left_in_progress(private_data_dir)
    kept = qapp.property("frightmare_zoom")
    try:
        window = launched(qtbot, private_data_dir, size, zoom)
        title = window.game.banner.title
        assert title.isVisible()
        room = title.contentsRect().width()
        metrics = title.fontMetrics()
        for word in ("☀  " + _("AWAKE"), "☾  " + _("ASLEEP")):
            assert metrics.horizontalAdvance(word) <= room, (word, room, title.font().pixelSize())
    finally:
        qapp.setProperty("frightmare_zoom", kept)
