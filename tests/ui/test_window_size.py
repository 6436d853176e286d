"""The window's size: the first window fits a 720-pixel screen and is 1200x800 where it fits;
a remembered size too big for this screen, or a geometry Qt refuses, is fitted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect
from pytestqt.qtbot import QtBot
from screen_helpers import window_in

from frightmare.store import load_settings, save_settings
from frightmare.ui.main_window import DEFAULT_SIZE


def test_the_first_window_fits_a_720_pixel_screen(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough 9: "On first launch the window was 1200x800 on a 720-pixel screen: New
    game etc. off-screen"."""
    area = screen_of(1280, 720)
    window = window_in(qtbot, private_data_dir)
    assert window.width() <= 1200 and window.height() <= 720
    assert area.contains(window.geometry())


def test_the_first_window_is_1200_by_800_where_it_fits(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    screen_of(1920, 1080)
    window = window_in(qtbot, private_data_dir)
    assert (window.width(), window.height()) == (1200, 800)


def test_a_remembered_size_too_big_for_this_screen_is_fitted(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough 9: "a restored geometry that no longer fits is fitted too"."""
    screen_of(1920, 1200)
    big = window_in(qtbot, private_data_dir)
    big.setGeometry(300, 200, 1600, 1000)
    big.close()  # remembers its geometry
    area = screen_of(1280, 720)
    window = window_in(qtbot, private_data_dir)
    assert window.width() <= 1280 and window.height() <= 720
    assert area.contains(window.geometry())


def test_a_geometry_qt_refuses_opens_the_window_at_the_first_launchs_size(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough: after a change of screen size the window opened at its minimum, 720x480:
    Qt refuses a geometry saved on a screen of another size, and the refusal was ignored. (A
    damaged geometry takes the same path here.)"""
    screen_of(1920, 1080)
    settings = load_settings(private_data_dir)
    settings.geometry = "bm90IGEgZ2VvbWV0cnk="  # "not a geometry"
    save_settings(private_data_dir, settings)
    window = window_in(qtbot, private_data_dir)
    assert (window.width(), window.height()) == (DEFAULT_SIZE.width(), DEFAULT_SIZE.height())
