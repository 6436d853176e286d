"""The saved-games screen fits the laptops most players have: at 150% in every language its
buttons stack in two rows where one does not fit, and no label is cut."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from frightmare import i18n
from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings, save_settings
from frightmare.ui.application import build_window
from frightmare.ui.setup.picker import SessionPicker

LANGUAGES = ("en", "de", "fr", "es", "pl")


def _buttons(picker: SessionPicker) -> list[QPushButton]:
    return [b for b in picker.findChildren(QPushButton) if b.isVisibleTo(picker)]


def _place(picker: SessionPicker, button: QPushButton) -> QRect:
    """Where ``button`` lies in the picker."""
    return button.rect().translated(picker.mapFromGlobal(button.mapToGlobal(QPoint())))


def _picker_at(
    qtbot: QtBot, root: Path, language: str, zoom: float, width: int, height: int
) -> tuple[SessionPicker, int]:
    """The saved-games screen in ``language`` at ``zoom`` (as the settings hold it), its window
    resized to ``width`` x ``height``; and the least width the window may take."""
    store = SessionStore(root)
    store.create(GameSetup(), "Ein Spiel").close()
    settings = load_settings(root)
    settings.zoom = zoom
    save_settings(root, settings)
    i18n.set_language(language)
    window = build_window(store)
    qtbot.addWidget(window)
    window.show()
    window.resize(width, height)
    QApplication.processEvents()
    QApplication.processEvents()
    return window.picker, window.minimumSizeHint().width()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_saved_games_fit_1280_pixels_at_150_percent_with_no_label_cut(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    language: str,
) -> None:
    themed(True, 1.5)  # the look restored after; the window takes its zoom from the settings
    try:
        picker, least = _picker_at(qtbot, private_data_dir, language, 1.5, 1280, 720)
        assert least <= 1280, least
        buttons = _buttons(picker)
        assert len(buttons) == 8
        for button in buttons:
            # Each button as wide as its label asks, and wholly inside the screen.
            assert button.width() >= button.sizeHint().width(), button.text()
            assert picker.rect().contains(_place(picker, button)), button.text()
        places = [
            b.rect().translated(picker.mapFromGlobal(b.mapToGlobal(QPoint()))) for b in buttons
        ]
        for i, one in enumerate(places):
            for other in places[i + 1 :]:
                assert not one.intersects(other), (one, other)
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_at_a_width_where_one_row_fits_the_buttons_share_one_row(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    themed(True, 1.0)
    picker, _least = _picker_at(qtbot, private_data_dir, "en", 1.0, 1920, 1080)
    tops = {_place(picker, b).top() for b in _buttons(picker)}
    assert len(tops) == 1
