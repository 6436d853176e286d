"""Issue 35: at ``QT_SCALE_FACTOR=2`` on 1920x1080 (a 960x540 window for Qt) the side column is
short (``regions.SHORT_HEIGHT``) and its parts take fewer lines: the phase's checklist one line
(none in the Killer phase on Maple Lane, where his step restates it), Dr. Fright's title row
folded (its check box on the banner's line), the Boiler Room's row under the deck, the
counters' values at the usual size, the message of the moment in the room his recorded step
holds. Above the threshold (1280x720, 1366x768) nothing of it changes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import (
    MOMENTS,
    below_the_fold,
    launched,
    left_in_progress,
    out_of_view,
    reach,
    settle,
)

from frightmare import i18n
from frightmare.ui.game.regions import SHORT_HEIGHT
from frightmare.ui.main_window import MainWindow

SHORT, TALL = (960, 540), (1280, 720)


def opened(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    moment: str = "action",
) -> MainWindow:
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(*size)
    settle(window)
    reach(window, moment)
    settle(window)
    return window


def folded(window: MainWindow) -> dict[str, bool]:
    """Which of the short column's folds are in force."""
    game = window.game
    return {
        "short": game.side.short,
        "checklist on one line": game.round_bar.checklist.one_line,
        "title row folded": game.fright.title() == "" and not game.fright.isCheckable(),
        "check box on the banner": game.fright.fold.isVisible(),
        "Boiler Room's row under the deck": game.boiler.parentWidget() is game.dream_tab,
        "counters' values at the usual size": game.round_bar.counters["time"].value.property(
            "scale"
        )
        == "",
    }


def next_stop(widget: QWidget) -> QWidget:
    """The next widget Tab stops at after ``widget``."""
    stop = widget.nextInFocusChain()
    while stop is not None and stop is not widget:
        if stop.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return stop
        stop = stop.nextInFocusChain()
    return widget


@pytest.mark.parametrize("size", [SHORT, TALL])
def test_the_column_folds_only_under_the_threshold(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    size: tuple[int, int],
) -> None:
    window = opened(open_game, themed, size, "asleep")
    short = window.game.side.height() < SHORT_HEIGHT
    assert short is (size == SHORT)
    assert set(folded(window).values()) == {short}


def test_the_folds_undo_when_the_window_grows(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], qtbot: QtBot
) -> None:
    window = opened(open_game, themed, SHORT, "asleep")
    window.resize(*TALL)
    settle(window)
    assert set(folded(window).values()) == {False}
    game = window.game
    # The Boiler Room's row is back under the sleep row, in the column.
    column = game.side.widget()
    assert column is not None and game.boiler.parentWidget() is column
    assert below_the_fold(window) == [] and out_of_view(window) == []


def test_his_cards_check_box_keeps_its_tick_across_the_fold(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], qtbot: QtBot
) -> None:
    window = opened(open_game, themed, SHORT)
    fright = window.game.fright
    fold = fright.fold
    assert fold.text() == "Dr. Fright" and fold.accessibleName() == "Dr. Fright"
    assert fold.focusPolicy() & Qt.FocusPolicy.TabFocus and fold.isEnabled()
    assert next_stop(fold) is window.game.banner.rules_button  # Tab in reading order
    assert not fright.cards.dark_power.isVisible()
    fold.click()  # ticked: his cards' rows show, as the title's check box shows them
    settle(window)
    assert fright.asked() and fright.cards.dark_power.isVisible()
    window.resize(*TALL)
    settle(window)
    assert fright.isChecked() and fright.cards.dark_power.isVisible() and not fold.isVisible()
    fright.setChecked(False)
    window.resize(*SHORT)
    settle(window)
    assert not fold.isChecked() and not fright.cards.dark_power.isVisible()


def test_the_message_takes_his_recorded_steps_room_in_a_short_column(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], qtbot: QtBot
) -> None:
    """Accept records his Killer Action: its room is held until the Terror card (the Terror
    card's row stays under the pointer), and the message of the moment shows in it."""
    window = opened(open_game, themed, SHORT, "asleep-killer")
    game = window.game
    terror = game.round_bar.terror_row
    column = game.side.widget()
    assert column is not None
    where = terror.mapTo(column, QPoint(0, 0)).y()
    game.killer_steps.accept.click()
    settle(window)
    assert game.banner.moment.parentWidget() is game.steps_room
    assert terror.mapTo(column, QPoint(0, 0)).y() == where
    assert below_the_fold(window) == [] and out_of_view(window) == []
    window.resize(*TALL)
    settle(window)
    assert game.banner.moment.parentWidget() is column


def test_the_killer_phase_on_maple_lane_shows_no_checklist_in_a_short_column(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], qtbot: QtBot
) -> None:
    """His step and the Terror card's row restate each item; the phase's pill has the whole
    list as its tooltip."""
    window = opened(open_game, themed, SHORT, "killer")
    bar = window.game.round_bar
    assert not bar.checklist.isVisible()
    assert "Terror card" in bar.pills["killer"].toolTip()
    window.resize(*TALL)
    settle(window)
    assert bar.checklist.isVisible()


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize("moment", MOMENTS)
def test_nothing_below_the_fold_at_scale_2_in_german(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    german: None,
    moment: str,
) -> None:
    """German's phases keep one row of pills (1 px wider than its counters) and its
    ASLEEP (SCHLAFEND) shares the banner's line with his cards' check box, uncut."""
    window = opened(open_game, themed, SHORT, moment)
    assert below_the_fold(window) == [] and out_of_view(window) == []
    title = window.game.banner.title
    assert title.width() >= title.fontMetrics().horizontalAdvance(title.text())


@pytest.mark.parametrize("language", [i18n.ENGLISH, "de", "fr", "es", "pl"])
def test_a_launch_at_scale_2_holds_the_column_no_wider_than_its_content(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[bool, float], None],
    qapp: QApplication,
    screen_of: Callable[[int, int], QRect],
    language: str,
) -> None:
    """The launch's first fit measured the phases' pills against the counters before these
    were laid out short (345 px, then 321 in Polish): the pills stayed whole on one row, and
    the column, which never gets narrower until another game, zoom or theme, was held at
    378 px for content 325 px wide (the board 374 px wide against 486 px high)."""
    i18n.set_language(language)
    screen_of(*SHORT)
    left_in_progress(private_data_dir)
    kept = qapp.property("frightmare_zoom")
    try:
        window = launched(qtbot, private_data_dir, SHORT, 1.0)
        side = window.game.side
        assert side.short
        content = side.content.minimumSizeHint().width()
        assert side.width() <= content + side.verticalScrollBar().sizeHint().width() + 2
    finally:
        qapp.setProperty("frightmare_zoom", kept)
        i18n.set_language(i18n.ENGLISH)
