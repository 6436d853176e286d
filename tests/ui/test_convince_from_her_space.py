"""Issue 31: the Convince is played from where she stands. The rulebook, "Convince Action cards
and entering occupied houses": "To enter an occupied House from the adjacent Street space, you
must successfully convince your neighbor to let you in using a Convince Action card." Her own
space's plays, open after her move and the Save at West Exit, offer it: a compact row,
"Convince: SW House", its lines as small buttons (each whole in its tooltip and accessible
name), one click; the plays then follow her into the House (its Search next). Checked at
1366x768 and 1280x720, in English and German, at 100% and 150%: nothing below the fold."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import SIZES, below_the_fold, out_of_view

from benchmarks.rounds import Player, in_view, open_round, settle
from frightmare import i18n
from frightmare.model.actions.lane import Convince
from frightmare.ui.main_window import MainWindow

HOUSE = "house-sw-exit-w"
LINES = ("3+:take", "3+", "2", "1", "fail-return")


@pytest.fixture(params=[i18n.ENGLISH, "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


def at_west_exit(
    qtbot: QtBot,
    root: Path,
    themed: Callable[[bool, float], None],
    size: tuple[int, int] = (1366, 768),
    zoom: float = 1.0,
) -> tuple[MainWindow, Player]:
    """Round A's first three steps: she walks to West Exit and saves both Victims there."""
    themed(True, zoom)
    window = open_round(root, size, zoom=zoom)
    qtbot.addWidget(window)
    # Offscreen Qt's screen is 800 wide: the size asked before the window was shown was cut
    # to it; asked again once shown, it is the laptop's.
    window.resize(*size)
    for _ in range(3):
        settle()
        window.game.fit_side()
    assert (window.width(), window.height()) == size
    you = Player(window)
    menu = window.game.board_panel.space_menu
    you.drag_her("intersection")
    you.drag_her("street-w")
    you.drag_her("exit-w")
    you.click(menu.buttons["save:victim"])
    return window, you


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def whole_in(widget: QWidget, area: QWidget) -> bool:
    top = widget.window()
    rect = QRect(widget.mapTo(top, widget.rect().topLeft()), widget.size())
    return QRect(area.mapTo(top, area.rect().topLeft()), area.size()).contains(rect)


@pytest.mark.parametrize("zoom", [1.0, 1.5], ids=["100", "150"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_her_plays_at_the_exit_offer_the_convince_in_one_click_in_view(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    zoom: float,
    language: str,
) -> None:
    window, you = at_west_exit(qtbot, private_data_dir, themed, size, zoom)
    menu = window.game.board_panel.space_menu
    assert menu.space == "exit-w"
    port = window.game.board_view.viewport()
    # Every line in view, whole: on the board's view and in the window (no scroll, no fold).
    for line in LINES:
        button = menu.buttons[f"convince:{line}@{HOUSE}"]
        in_view(button)
        assert whole_in(button, port), line
        assert button.fontMetrics().horizontalAdvance(button.text()) <= button.width(), line
    # Her other plays keep their places in view beside the row.
    for key in ("add", "place-fright"):
        in_view(menu.buttons[key])
        assert whole_in(menu.buttons[key], port), key
    if zoom == 1.0:
        # The side column's fold at 150% is the side column's own (issue 19 item 3 asks it
        # at 100%); the plays on the board are checked at both zooms above.
        assert below_the_fold(window) == [] and out_of_view(window) == []
    # One click; the plays follow her into the House, its Search next, in view.
    before = you.inputs
    you.click(menu.buttons[f"convince:2@{HOUSE}"])
    assert you.inputs == before + 1
    assert window.session is not None
    assert window.session.state.table.final_girl == HOUSE
    assert menu.space == HOUSE
    in_view(menu.buttons["search:2"])
    assert whole_in(menu.buttons["search:2"], port)
    i18n.set_language(i18n.ENGLISH)


def test_each_small_button_reads_whole_in_its_tooltip_and_accessible_name(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    window, _you = at_west_exit(qtbot, private_data_dir, themed)
    menu = window.game.board_panel.space_menu
    two = menu.buttons[f"convince:2@{HOUSE}"]
    assert two.text() == "2"
    assert two.accessibleName() == "2 successes: enter"
    assert two.toolTip().startswith("2 successes: enter")
    take = menu.buttons[f"convince:3+:take@{HOUSE}"]
    assert take.text() == "3+, take Knife"
    assert take.accessibleName() == "3+ successes: enter, take Knife"
    row = next(r for r in menu.rows if r.entry is not None and r.entry.key == f"into:{HOUSE}")
    assert row.heading.text() == "Convince: SW House by the West Exit"


def test_the_houses_own_menu_keeps_its_entries(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    window, you = at_west_exit(qtbot, private_data_dir, themed)
    menu = window.game.board_panel.space_menu
    you.click_space(HOUSE)
    assert menu.space == HOUSE
    keys = menu.entry_keys()
    assert [f"convince:{line}" for line in LINES] == [k for k in keys if k.startswith("conv")]
    emitted: list[object] = []
    menu.act_requested.connect(emitted.append)
    menu.buttons["convince:2"].click()
    assert emitted == [Convince(house=HOUSE, result="2")]


def test_a_failed_convince_leaves_her_plays_where_she_stands(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    # "Fail: return the card": she stays on West Exit, and so do her plays.
    window, you = at_west_exit(qtbot, private_data_dir, themed)
    menu = window.game.board_panel.space_menu
    you.click(menu.buttons[f"convince:fail-return@{HOUSE}"])
    assert window.session is not None
    assert window.session.state.table.final_girl == "exit-w"
    assert menu.space == "exit-w"


def test_left_and_right_walk_the_lines_and_return_plays_one(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    window, _you = at_west_exit(qtbot, private_data_dir, themed)
    menu = window.game.board_panel.space_menu
    first = menu.buttons[f"convince:3+:take@{HOUSE}"]
    first.setFocus()
    QTest.keyClick(first, Qt.Key.Key_Right)
    QTest.keyClick(focused(), Qt.Key.Key_Right)
    assert QApplication.focusWidget() is menu.buttons[f"convince:2@{HOUSE}"]
    QTest.keyClick(focused(), Qt.Key.Key_Left)
    assert QApplication.focusWidget() is menu.buttons[f"convince:3+@{HOUSE}"]
    QTest.keyClick(focused(), Qt.Key.Key_Space)
    assert window.session is not None
    assert window.session.state.table.final_girl == HOUSE
    # The plays followed her in, the focus on her next play there (the Search).
    assert menu.space == HOUSE
    assert QApplication.focusWidget() is menu.buttons["search:1"]
