"""Issue 13 item 2: the saved-games list (result, round, Setup, last played; sorted and
filtered) and the New game dialog (remembers the last choices, describes each Setup card,
guides the placement without one)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)
from pytestqt.qtbot import QtBot
from screen_helpers import window_in

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.lane import Place
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.box.board import default_board, setup_card_names
from frightmare.model.game.state import Result
from frightmare.store import PlayLog, SessionStore, load_settings
from frightmare.ui.game.game_page import GamePage
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.setup.picker import (
    LAST_PLAYED,
    NAME,
    NO_MATCH,
    RESULT,
    ROUND,
    STEPS,
    SessionPicker,
)
from frightmare.ui.setup.setup_words import PLACE_BY_HAND, setup_card_line
from frightmare.ui.setup.wizard import NewGameDialog
from frightmare.ui.theme import apply_theme


def finish(store: SessionStore, name: str, result: Result | None, rounds: int = 1) -> str:
    session = store.create(GameSetup(setup_card="Revenge"), name, seed=1)
    for _ in range((rounds - 1) * 5):
        if session.state.phase == "killer":  # his Killer Action first (rules notes §1)
            session.do(KillerAction(move_icon=False))
        session.do(NextPhase())
    if result is not None:
        session.do(EndGame(result=result))
        PlayLog(store.root).record(session.id, session.state, history=session.history)
    session.close()
    return session.id


def column(window: MainWindow, col: int) -> list[str]:
    tree = window.picker.list
    items = [tree.topLevelItem(r) for r in range(tree.topLevelItemCount())]
    return [i.text(col) for i in items if i is not None and not i.isHidden()]


def test_the_list_shows_result_and_round_sorts_and_filters(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    store = SessionStore(private_data_dir)
    finish(store, "Won game", "win", rounds=3)
    finish(store, "Lost game", "loss", rounds=2)
    finish(store, "Open game", None)
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    picker = window.picker
    assert picker.shown_names() == ["Open game", "Lost game", "Won game"]  # newest first
    assert column(window, RESULT) == ["In progress", "Lost", "Won"]
    assert column(window, ROUND) == ["1", "2", "3"]  # an open game shows the round it is in

    picker.list.sortByColumn(ROUND, picker.list.header().sortIndicatorOrder().AscendingOrder)
    assert picker.shown_names() == ["Open game", "Lost game", "Won game"]
    picker.list.sortByColumn(STEPS, picker.list.header().sortIndicatorOrder().DescendingOrder)
    assert picker.shown_names()[0] == "Won game"  # the most steps
    picker.list.sortByColumn(LAST_PLAYED, picker.list.header().sortIndicatorOrder().DescendingOrder)

    picker.filter_result.setCurrentIndex(picker.filter_result.findData("Won"))
    assert picker.shown_names() == ["Won game"]
    assert picker.selected_id() is not None  # the hidden selection moved to a shown game
    picker.filter_result.setCurrentIndex(0)
    picker.filter_text.setText("lost")
    assert picker.shown_names() == ["Lost game"]
    picker.filter_text.setText("game 3")  # words, not numbers: not the round 3, nor a time
    assert picker.shown_names() == []
    picker.filter_text.setText("nothing like it")
    assert picker.shown_names() == []
    assert picker.selected_id() is None and not picker.open_button.isEnabled()
    assert picker.empty.isVisibleTo(picker) and not picker.list.isVisibleTo(picker)
    assert picker.empty.text() == NO_MATCH
    # Walkthrough: clearing a filter that matched nothing left no game chosen.
    picker.filter_text.clear()
    assert picker.shown_names() == ["Open game", "Lost game", "Won game"]
    assert picker.selected_id() is not None and picker.open_button.isEnabled()
    assert picker.list.isVisibleTo(picker) and not picker.empty.isVisibleTo(picker)


def test_the_list_is_newest_first_and_sortable_once_on_screen_and_keeps_the_chosen_sort(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """The first paint lists the games newest first; a click on a column's title sorts from
    right after it (start-up leaves Qt's sort order until then), as does the filter's clear
    button, and a refresh of the list keeps the column the player chose."""
    store = SessionStore(private_data_dir)
    finish(store, "Long game", None, rounds=3)
    finish(store, "Short game", None)
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    picker = window.picker
    assert picker.shown_names() == ["Short game", "Long game"]  # newest first, before a paint
    assert not picker.list.isSortingEnabled()
    window.show()
    assert not picker.filter_text.isClearButtonEnabled()
    qtbot.waitUntil(picker.list.isSortingEnabled)
    assert picker.filter_text.isClearButtonEnabled()
    header = picker.list.header()
    order = header.sortIndicatorOrder()
    assert header.sortIndicatorSection() == LAST_PLAYED
    assert order == order.DescendingOrder
    assert picker.shown_names() == ["Short game", "Long game"]

    picker.list.sortByColumn(STEPS, order.DescendingOrder)
    assert picker.shown_names() == ["Long game", "Short game"]
    picker.show_sessions(store.scan())
    assert header.sortIndicatorSection() == STEPS
    assert picker.shown_names() == ["Long game", "Short game"]


def test_a_game_over_shows_in_the_list_until_undone(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    store = SessionStore(private_data_dir)
    session = store.create(GameSetup(), "Tonight", seed=1)
    session.close()
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    window.open_session(session.id)
    window.act(EndGame(result="win"))
    window.show_picker()
    assert column(window, RESULT) == ["Won"] and column(window, ROUND) == ["1"]
    window.open_session(session.id)
    window.undo_action.trigger()
    window.show_picker()
    assert column(window, RESULT) == ["In progress"] and column(window, ROUND) == ["1"]


def test_the_new_game_dialog_remembers_the_last_choices(qtbot: QtBot) -> None:
    setup = GameSetup(final_girl="Sheila", setup_card="Playtime", epic=True, boiler_deck="physical")
    dialog = NewGameDialog(None, NewGameDialog.remember(setup))
    qtbot.addWidget(dialog)
    chosen = dialog.setup()
    assert (chosen.final_girl, chosen.setup_card, chosen.epic, chosen.boiler_deck) == (
        "Sheila",
        "Playtime",
        True,
        "physical",
    )
    other = NewGameDialog(None, NewGameDialog.remember(GameSetup(killer="Hans")))
    qtbot.addWidget(other)
    assert other.setup().killer == "Hans" and other.setup().setup_card is None
    for damaged in ("{not json", "[1, 2]", '{"final_girl": 7, "setup_card": "Nowhere"}'):
        fresh = NewGameDialog(None, damaged)
        qtbot.addWidget(fresh)
        assert fresh.setup().final_girl == "Nancy"


def test_the_window_keeps_the_choices_for_next_time(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def ask(cls: type, parent: object = None, remembered: str = "") -> object:
        seen.append(remembered)
        return GameSetup(final_girl="Sheila", setup_card="Revenge"), None

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))
    store = SessionStore(private_data_dir)
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.new_action.trigger()
    window.new_action.trigger()
    assert seen[0] == "" and '"final_girl": "Sheila"' in seen[1]
    assert '"setup_card": "Revenge"' in load_settings(private_data_dir).new_game
    names = sorted(s.name for s in store.scan().sessions)
    assert len(set(names)) == 2 and names[1].endswith("(2)")  # distinct default names


def test_each_setup_card_is_described_in_one_line_and_no_card_guides_placement(
    qtbot: QtBot,
) -> None:
    board = default_board()
    for name in setup_card_names():
        card = board.setups[name]
        line = setup_card_line(name)
        assert "\n" not in line and board.name(card.final_girl) in line
        assert f"{sum(card.victims.values())} Victims" in line
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.setup_note.text() == PLACE_BY_HAND
    assert "Edit the table" in PLACE_BY_HAND and "Drag" in PLACE_BY_HAND
    dialog.setup_card.setCurrentIndex(dialog.setup_card.findData("Revenge"))
    assert dialog.setup_note.text() == setup_card_line("Revenge")
    index = dialog.setup_card.findData("Revenge")
    assert dialog.setup_card.itemData(index, 3) == setup_card_line("Revenge")  # tooltip role
    dialog.location.setCurrentText("Camp Happy Trails")
    assert not dialog.setup_note.isVisible()  # no Setup card on another Location


def test_the_title_follows_the_zoom_and_an_empty_list_keeps_the_screen_together(
    qtbot: QtBot, private_data_dir: Path, qapp: object
) -> None:
    """Walkthrough under Xvfb: the title kept its first size when the zoom changed; with no
    games and a notice of a damaged file, the title, the subtitle and the notice were spread
    down the screen with large gaps."""
    from PySide6.QtWidgets import QApplication

    (private_data_dir / "sessions").mkdir(parents=True)
    (private_data_dir / "sessions" / "broken.json").write_text("{ oops")
    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    font, sheet = app.font(), app.styleSheet()
    try:
        apply_theme(app, dark=True, zoom=1.0)
        window.resize(1280, 720)
        window.show()
        QApplication.processEvents()
        picker = window.picker
        title = next(w for w in picker.findChildren(QLabel) if w.text() == "Frightmare Companion")
        notice = picker.problems
        assert notice.isVisible() and not picker.list.isVisible()
        width = notice.contentsRect().width()
        assert notice.height() <= notice.heightForWidth(width) + 24  # its text and padding
        assert notice.geometry().top() - title.geometry().bottom() < 60
        small = title.fontInfo().pointSizeF()
        apply_theme(app, dark=True, zoom=1.5)
        QApplication.processEvents()
        assert title.fontInfo().pointSizeF() == pytest.approx(small * 1.5, rel=0.1)
    finally:
        app.setStyleSheet(sheet)
        app.setFont(font)


def test_the_columns_stay_put_when_the_list_becomes_sortable(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Walkthrough: the columns jumped about 21 px just after the window appeared, when the
    sort arrow arrived on "Last played" and its column widened for it."""
    store = SessionStore(private_data_dir)
    for name in ("First", "Second", "Third"):
        finish(store, name, None)
    real = SessionPicker.after_first_paint
    monkeypatch.setattr(SessionPicker, "after_first_paint", lambda self: None)
    picker = SessionPicker()
    qtbot.addWidget(picker)
    picker.resize(1100, 500)
    picker.show_sessions(store.scan())
    picker.show()
    qtbot.waitExposed(picker)
    header = picker.list.header()
    before = [header.sectionSize(column) for column in range(header.count())]
    real(picker)
    QApplication.processEvents()
    assert picker.list.isSortingEnabled()
    assert [header.sectionSize(column) for column in range(header.count())] == before


def test_another_game_starts_with_a_fresh_board_screen(qtbot: QtBot) -> None:
    page = GamePage()
    qtbot.addWidget(page)
    page.show()
    first = History(new_game(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=1))
    first.do(Place(piece="final girl", space="street-w"))
    page.show_state(first.state)
    # The player picks a space, sets Spaces 3 and Followers 1 and dismisses a reminder.
    page.select_space("exit-w")
    page.board_panel.steps.setValue(3)
    page.board_panel.followers.setValue(1)
    page.round_bar.dismissed.add("some reminder")
    assert page.board_view.item.selected == "exit-w"

    second = History(new_game(GameSetup(final_girl="Laurie", setup_card="Maple Lane"), seed=2))
    page.new_session()
    page.show_state(second.state)
    panel = page.board_panel
    assert page.selected_space is None and page.board_view.item.selected is None
    assert panel.selected is None and not page.popover.isVisible()
    assert panel.steps.value() == 1 and panel.followers.value() == 0
    assert not page.round_bar.dismissed
    # Reachable spaces are the new game's, for one space of movement.
    start = second.state.table.final_girl
    assert start is not None
    assert set(page.board_view.item.highlighted) <= set(second.state.board.neighbours(start))


def test_the_saved_games_list_gives_the_names_the_room_at_200_percent(
    qtbot: QtBot,
    private_data_dir: Path,
    dark_themed: Callable[[float], None],
    screen_of: Callable[[int, int], QRect],
) -> None:
    """Walkthrough 9: "At 1280x720 200% names are cut to 'Nancy vs D…' while Round gets a
    wide column"."""
    screen_of(1280, 720)
    dark_themed(2.0)
    store = SessionStore(private_data_dir)
    name = "Nancy vs Dr. Fright, 30 Nov"
    store.create(GameSetup(setup_card="Revenge"), name, seed=1).close()
    window = window_in(qtbot, private_data_dir)
    window.resize(1280, 720)
    window.show()
    QApplication.processEvents()
    assert window.width() >= 1270
    tree = window.picker.list
    header = tree.header()
    metrics = tree.fontMetrics()
    room = header.sectionSize(NAME)
    assert room >= metrics.horizontalAdvance(name), "the default name is cut"
    for narrow in (ROUND, STEPS):
        assert header.sectionSize(narrow) <= 2 * metrics.horizontalAdvance("Round")
        assert header.sectionSize(narrow) < room / 2
    item = tree.topLevelItem(0)
    assert item is not None and item.toolTip(NAME) == name  # a cut name is there in full


def test_zooming_with_the_list_on_screen_fits_its_columns_again(
    qtbot: QtBot,
    private_data_dir: Path,
    dark_themed: Callable[[float], None],
    screen_of: Callable[[int, int], QRect],
) -> None:
    """The columns are fitted whenever Qt lays the list out again, a new font included: a
    zoom from 100% to 200% with the list showing gives the name its room at the new size."""
    screen_of(1280, 720)
    dark_themed(1.0)
    store = SessionStore(private_data_dir)
    name = "Nancy vs Dr. Fright, 30 Nov"
    store.create(GameSetup(setup_card="Revenge"), name, seed=1).close()
    window = window_in(qtbot, private_data_dir)
    window.resize(1280, 720)
    window.show()
    QApplication.processEvents()
    header = window.picker.list.header()
    dark_themed(2.0)
    QApplication.processEvents()
    metrics = window.picker.list.fontMetrics()
    assert header.sectionSize(NAME) >= metrics.horizontalAdvance(name), "the name is cut"
    for narrow in (ROUND, STEPS):
        # As wide as its title at the new size: not left at its 100% width.
        assert metrics.horizontalAdvance("Round") <= header.sectionSize(narrow)
        assert header.sectionSize(narrow) <= 2 * metrics.horizontalAdvance("Round")


class CountingDelegate(QStyledItemDelegate):
    """The list's own kind of delegate, counting the rows it is asked to measure."""

    measured = 0

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        CountingDelegate.measured += 1
        return super().sizeHint(option, index)


def test_the_list_measures_its_rows_when_they_change_not_at_each_layout(
    qtbot: QtBot,
    private_data_dir: Path,
    dark_themed: Callable[[float], None],
    screen_of: Callable[[int, int], QRect],
) -> None:
    """Issue 33 (a cost that does not grow): Qt lays the list out about ten times before its
    first paint and again at each resize; measuring every row each time (Result and Last
    played were ResizeToContents, Name and Setup asked ``sizeHintForColumn``) made the picker's
    launch and every resize cost in the number of saved games. The rows are measured again
    when they change (listed, filtered, a new zoom), and the columns fit as before."""
    screen_of(1920, 1080)
    dark_themed(1.0)
    store = SessionStore(private_data_dir)
    for n in range(30):
        store.create(GameSetup(setup_card="Revenge"), f"Game {n}", seed=n).close()
    window = window_in(qtbot, private_data_dir)
    tree = window.picker.list
    tree.setItemDelegate(CountingDelegate(tree))
    window.resize(1280, 720)
    window.show()
    QApplication.processEvents()
    header = tree.header()
    CountingDelegate.measured = 0
    for width in (1300, 1366, 1500, 1920, 1280):
        window.resize(width, 720)
        QApplication.processEvents()
    # Qt asks for one row's size (the uniform row height); not for each of the 30 rows.
    assert CountingDelegate.measured < 30, "a resize measured every row again"
    metrics = tree.fontMetrics()
    assert header.sectionSize(RESULT) >= metrics.horizontalAdvance("In progress")
    assert header.sectionSize(NAME) >= metrics.horizontalAdvance("Game 29")

    CountingDelegate.measured = 0
    window.picker.filter_text.setText("Game 7")  # three rows shown: measured again
    QApplication.processEvents()
    assert CountingDelegate.measured >= 3
    window.picker.filter_text.clear()
    QApplication.processEvents()
    CountingDelegate.measured = 0
    dark_themed(2.0)  # a new zoom: measured again, at the new size
    QApplication.processEvents()
    assert CountingDelegate.measured >= 30
    metrics = tree.fontMetrics()
    assert header.sectionSize(RESULT) >= metrics.horizontalAdvance("In progress")
    assert header.sectionSize(LAST_PLAYED) >= metrics.horizontalAdvance(
        tree.topLevelItem(0).text(LAST_PLAYED)  # type: ignore[union-attr]
    )
