"""Shared helpers for the window tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from look_helpers import look_kept
from PySide6.QtCore import QRect
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.theme import apply_style_sheet, apply_theme


@pytest.fixture(autouse=True)
def delete_closed_windows(qapp: QApplication) -> Iterator[None]:
    """Delete every top-level widget a test leaves behind, and put back the application's look
    when the test changed it (``look_helpers.look_kept``): left set, the next tests were built
    under the stylesheet, in a theme and zoom that depended on the order they ran in (and
    styled twice, ``themed``)."""
    with look_kept(qapp):
        yield


@pytest.fixture(autouse=True)
def no_disk_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window tests' saves skip ``os.fsync`` (a few milliseconds each on a busy disk, some
    thousands in all): it only guards against a power cut, which no window test makes. The
    store's tests (tests/store/) keep it, and check each step of a save."""
    monkeypatch.setattr(os, "fsync", _no_flush)


def _no_flush(fd: int) -> None:
    """``os.fsync`` in the window tests: the data is written, just not forced to the disk."""


@pytest.fixture
def sheet_due() -> list[bool]:
    """Whether a theme's stylesheet waits for the game screen (``themed``): ``[True]`` once
    ``themed`` has set the theme's palette and font, until ``open_game`` has built the window."""
    return []


@pytest.fixture
def open_game(
    qtbot: QtBot, private_data_dir: Path, sheet_due: list[bool]
) -> Callable[..., MainWindow]:
    """``open_game(seed=..., **setup)``: a shown window with a new game open in it. The
    saved-games list is built when first shown, as at a launch into a game (built first, it
    was at once hidden behind the game: a few milliseconds of every window test). A theme
    ``themed`` set before is styled as a launch styles it: the stylesheet once the game screen
    is built (``apply_theme``'s ``sheet=False``, then ``apply_style_sheet``). With
    ``closed_by_the_test=True`` the test deletes the window itself, and pytest-qt is not given
    it to close: its Python side may outlive the deletion a while (a queued call holding it),
    and closing a deleted window fails the next test."""

    def make(
        seed: int = 1, name: str = "Test game", closed_by_the_test: bool = False, **setup: object
    ) -> MainWindow:
        store = SessionStore(private_data_dir)
        session = store.create(GameSetup.from_json(setup), name, seed=seed)
        window = MainWindow(store, load_settings(private_data_dir), picker=False)
        if not closed_by_the_test:
            qtbot.addWidget(window)
        window.show()
        window.open_session(session.id)
        if sheet_due:
            sheet_due.clear()
            app = QApplication.instance()
            assert isinstance(app, QApplication)
            apply_style_sheet(app)
        return window

    return make


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


@pytest.fixture
def screen_of(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, int], QRect]:
    """``screen_of(w, h)``: the screen offers the window only ``w`` x ``h`` pixels."""

    def make(width: int, height: int) -> QRect:
        area = QRect(0, 0, width, height)
        monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(area))
        return area

    return make


@pytest.fixture
def themed(
    qapp: QApplication, request: pytest.FixtureRequest, sheet_due: list[bool]
) -> Iterator[Callable[[bool, float], None]]:
    """``themed(dark, zoom)`` applies a theme; the application's look is restored after, once
    the test's windows are gone (restyling them first would cost a third of a second a test).

    Before the test's first window, in a test that opens a game, the theme is set as a launch
    sets it (``build_window``): palette and font first, the stylesheet once ``open_game`` has
    built the game screen. Built under the stylesheet, the screen is styled again as each of
    its panels joins its parent, 110 ms more a window (the test of a theme switch on a shown
    window still gets one: a window is open, so the whole theme applies at once)."""
    launch = "open_game" in request.fixturenames

    def apply(dark: bool, zoom: float) -> None:
        later = launch and not QApplication.topLevelWidgets()
        if later:
            qapp.setStyleSheet("")  # no window is styled by the sheet in force before
        apply_theme(qapp, dark=dark, zoom=zoom, sheet=not later)
        sheet_due[:] = [True] if later else []

    with look_kept(qapp):
        yield apply
        due = bool(sheet_due)
    assert not due, "themed(...) set a theme whose stylesheet no open_game(...) applied"


@pytest.fixture
def light_themed(themed: Callable[[bool, float], None]) -> Callable[[float], None]:
    """``light_themed(zoom)``: the light theme at ``zoom`` (restored after, as ``themed``)."""
    return lambda zoom: themed(False, zoom)


@pytest.fixture
def dark_themed(themed: Callable[[bool, float], None]) -> Callable[[float], None]:
    """``dark_themed(zoom)``: the dark theme at ``zoom`` (restored after, as ``themed``)."""
    return lambda zoom: themed(True, zoom)
