"""Issue 19 item 4, readable from the chair: "Zoom never makes the board smaller. At
1366x768 the board is limited by the window's height, so at 150% its names, counts and tokens
grow to at least 1.3x their size on screen at 100%, and the side column gives up width, not
the board. The Victim count is the largest mark on a space: a digit at least 20 px tall at
1366x768 and 100%. Quadrant labels are at least 12 px." """

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from screen_helpers import launched, left_in_progress, settle

from frightmare import i18n
from frightmare.ui.main_window import MainWindow

SIZE = (1366, 768)


@pytest.fixture(params=[i18n.ENGLISH, i18n.PSEUDO])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """English, then the pseudo-locale: 35% longer texts, as German and French run (issue 30)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


def marks(window: MainWindow) -> dict[str, float]:
    """What the board draws, in pixels on screen: its scale, a name's, the Victim count's
    and a digit's height, her token's (in a House with a name on two lines, the fullest
    space, and on a Street) and a quadrant label's."""
    view = window.game.board_view
    item = view.item
    scale = view.transform().m11()
    digit = QFontMetricsF(item.count_font()).tightBoundingRect("4").height()
    return {
        "scale": scale,
        "name": item.name_font().pixelSize() * scale,
        "count": item.count_font().pixelSize() * scale,
        "digit": digit * scale,
        "token in a House": item.piece_rect("smalleys-house", 0).height() * scale,
        "token on a Street": item.piece_rect("street-w", 0).height() * scale,
        "quadrant": item.quadrant_font().pixelSize() * scale,
    }


def at_zoom(window: MainWindow, theme: Callable[[bool, float], None], zoom: float) -> None:
    theme(True, zoom)
    window.settings.zoom = zoom
    window.refresh()
    settle(window)
    settle(window)


def grown_at_150(window: MainWindow, themed: Callable[[bool, float], None]) -> dict[str, float]:
    """The board's marks at 150% over their size at 100% (1366x768), the board filling the main
    region's height at both zooms (limited by the window's height: fitInView leaves 2 px)."""
    themed(True, 1.0)
    window.resize(*SIZE)
    at_zoom(window, themed, 1.0)
    at_100 = marks(window)
    view = window.game.board_view
    assert view.board_rect().height() >= view.viewport().height() - 4
    assert at_100["digit"] >= 20, at_100
    assert at_100["quadrant"] >= 12, at_100
    # The Victim count is the largest mark on a space.
    assert at_100["count"] > at_100["name"] and at_100["count"] > at_100["quadrant"]

    at_zoom(window, themed, 1.5)
    at_150 = marks(window)
    # Issue 30: a third longer, the side column and the docks give up width, not the board
    # (at first they left it 661 px wide, narrower than tall: 47 px short of its square).
    assert view.board_rect().height() >= view.viewport().height() - 4
    assert at_150["scale"] >= at_100["scale"] - 1e-9, (at_100, at_150)
    return {mark: at_150[mark] / at_100[mark] for mark in at_100 if mark != "scale"}


@pytest.mark.parametrize("language", [i18n.ENGLISH], indirect=True)
def test_zoom_grows_the_boards_marks_and_never_shrinks_the_board(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    language: str,
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    grown = grown_at_150(window, themed)
    assert all(ratio >= 1.3 for ratio in grown.values()), grown


# As in every window test of a language (tests/ui/test_fold.py): ``make test`` runs the
# pseudo-locale and German, the longest; French, Spanish and Polish are ``long_layout`` cases
# that ``make test-long`` (in CI too) runs.
LONG = pytest.mark.long_layout
LONGER = ("es", "fr", "pl")


@pytest.mark.parametrize(
    "language",
    [i18n.PSEUDO, "de", *(pytest.param(code, marks=LONG) for code in LONGER)],
    indirect=True,
)
def test_a_name_a_third_longer_grows_at_150(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    language: str,
) -> None:
    """Issue 30: the zoom is asked for to read, in German and French too. A whole House name
    a third longer filled its two lines at 100% (names drawn 17 units tall at 100% and at 150%
    under the pseudo-locale and in French, Polish 14 and 15); drawn by where it stands under
    its quadrant, as in English, every name grows (17 to 23). And the board keeps its square
    at 150% in every language: the Items dock's buttons end in "…" when it is narrow (the
    board was 9 px short of it in Spanish, 35 in German, 14 in French, 34 in Polish)."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    grown = grown_at_150(window, themed)
    assert all(ratio >= 1.3 for ratio in grown.values()), grown


# At 1280x720 the board is a few pixels short of its square in German once the Items dock's
# content is made (640 px against 658): the side column (362-366 px) and the Items dock's
# least width (193-207 px) leave it no more. Polish's was short from the launch (637 px): the
# Game dock's card and notes held the docks that wide, and they are made when its tab is first
# shown since issue 33 (once they are, the board is short again there).
NOT_YET = pytest.mark.xfail(strict=True, reason="1280x720: 18-21 px short of the square")
LAUNCHES = [
    *((language, (1366, 768)) for language in (i18n.ENGLISH, "de")),
    *(pytest.param(language, (1366, 768), marks=LONG) for language in LONGER),
    (i18n.ENGLISH, (1280, 720)),
    pytest.param("fr", (1280, 720), marks=LONG),
    ("de", (1280, 720)),
    pytest.param("es", (1280, 720), marks=LONG),
    pytest.param("pl", (1280, 720), marks=LONG),
]
# The Items dock's content is made when its tab is first shown (behind History at a launch):
# until then its least width leaves the board its square in German and Spanish too. Once
# shown, German's is 18 px short again.
RAISED = [
    (i18n.ENGLISH, (1280, 720)),
    pytest.param("de", (1280, 720), marks=NOT_YET),
    pytest.param("es", (1280, 720), marks=LONG),
    pytest.param("pl", (1280, 720), marks=LONG),
]


@pytest.mark.parametrize(("language", "size"), LAUNCHES, indirect=["language"])
def test_a_launch_at_150_keeps_the_board_square(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    qapp: QApplication,
    screen_of: Callable[[int, int], QRect],
    language: str,
    size: tuple[int, int],
) -> None:
    """Issue 30: the launch's path, not only a window opened under a styled application. The
    app builds the game screen before it has its stylesheet (the first frame, then the game
    screen, styled once: ``application.build_window``); the side column's first fit was
    measured from what the buttons were before their style. In Spanish the Short and Long
    Rest buttons stayed side by side at 150%, the column 440 px wide: the board 666 px wide
    against 710 px high at 1366x768 (one a row, as a styled window has them: 346 px)."""
    screen_of(*size)  # the window fills the screen, as it opens (maximized) on a laptop's
    assert_board_square_at_150(qtbot, private_data_dir, qapp, size, items_shown=False)


@pytest.mark.parametrize(("language", "size"), RAISED, indirect=["language"])
def test_the_board_stays_square_once_the_items_dock_is_shown(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    qapp: QApplication,
    screen_of: Callable[[int, int], QRect],
    language: str,
    size: tuple[int, int],
) -> None:
    """The launch at 150% on 1280x720 keeps the board square with the Items dock's content not
    made yet (``test_a_launch_at_150_keeps_the_board_square``); the player's first look at
    the Items dock makes it, and the board must keep its square then too."""
    screen_of(*size)
    assert_board_square_at_150(qtbot, private_data_dir, qapp, size, items_shown=True)


def assert_board_square_at_150(
    qtbot: QtBot, data_dir: Path, qapp: QApplication, size: tuple[int, int], *, items_shown: bool
) -> None:
    """A launch at 150% into the game left in progress; the Items dock brought forward first
    if ``items_shown``: the board as tall as its view (4 px spare)."""
    left_in_progress(data_dir)
    zoom = qapp.property("frightmare_zoom")
    try:
        window = launched(qtbot, data_dir, size, 1.5)
        if items_shown:
            window.game.docks["items"].raise_()
            settle(window)
        view = window.game.board_view
        assert view.board_rect().height() >= view.viewport().height() - 4, (
            view.size(),
            window.game.side.width(),
            window.size(),
            [d.width() for d in window.game.docks.values()],
        )
    finally:
        qapp.setProperty("frightmare_zoom", zoom)
