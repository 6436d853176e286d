"""The board on screen: set up from a Setup card, walk, refusals, Convince, search, undo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model.actions import EditTable, Move, NextPhase, Place
from frightmare.model.rules import refusal
from frightmare.ui.board_panel import Choose
from frightmare.ui.main_window import MainWindow


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


def walk(window: MainWindow, space: str, steps: int = 1) -> None:
    window.game.select_space(space)
    window.game.board_panel.steps.setValue(steps)
    window.game.board_panel.buttons["move"].click()


def test_walk_refusal_convince_search_and_undo_it_all(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    start = window.session.state
    assert start.table.final_girl == "street-s" and start.table.total_victims() == 12

    walk(window, "intersection")
    walk(window, "street-n")
    assert window.session.state.table.final_girl == "street-n"

    # The occupied House is not a legal move: the button is marked refused (still clickable, so
    # the player can record the play anyway) and says why; a double-click is refused.
    game.select_space("house-nw-street")
    assert panel.buttons["move"].property("refused") is True
    assert panel.buttons["move"].isEnabled()
    assert "Convince" in panel.buttons["move"].toolTip()
    game.board_view.move_requested.emit("house-nw-street")
    assert "cannot enter an occupied House" in game.banner.news.text()
    assert window.session.state.table.final_girl == "street-n"
    assert "house-nw-street" in game.board_view.item.convincible

    # Name the NW deck's face-up card, then Convince with 3+ successes, taking it.
    monkeypatch.setattr(Choose, "item", classmethod(lambda cls, *a, **k: "Rifle"))
    panel.deck_buttons["NW"].click()
    assert "top: Rifle" in panel.deck_labels["NW"].text()

    # The popover offers the board file's lines, each one click: 3+ successes, taking the
    # top Item (named: its name comes with it).
    assert panel.buttons["convince:3+:take"].isEnabled()
    panel.buttons["convince:3+:take"].click()
    state = window.session.state
    assert state.table.final_girl == "house-nw-street"
    assert [i.name for i in state.table.held] == ["Rifle"]
    assert "house-nw-street" in state.table.x_tokens

    # Sprint 4 spaces to an empty House and search it, drawing two cards.
    walk(window, "house-ne-street", steps=4)
    assert window.session.state.table.final_girl == "house-ne-street"

    # Two cards: the face-up top card was never named, so it is asked, then the second,
    # then which she keeps and where the other goes, in one click.
    game.open_plays("house-ne-street")
    assert panel.buttons["search:2"].isEnabled()
    panel.buttons["search:2"].click()
    step = panel.space_menu.search_step
    assert step.isVisible()
    step.picker.buttons["Bible"].click()
    step.picker.buttons["Bow"].click()
    step.ends[1, "bottom"].click()
    state = window.session.state
    assert [i.name for i in state.table.held] == ["Rifle", "Bow"]
    assert state.table.deck("NE")[-1].name == "Bible"
    assert state.table.item_cards() == 12
    assert panel.held.count() == 2

    while window.undo_action.isEnabled():
        window.undo_action.trigger()
    assert window.session.state == start
    assert game.board_view.item.state == start


def test_board_keyboard_picks_a_space_and_return_opens_its_plays(
    open_board: Callable[[], MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    """Issue 19 item 2: Return on a space opens its plays beside it; Return on Move here
    moves her; Escape closes the plays and gives the board its keys back."""
    from PySide6.QtCore import Qt

    window = open_board()
    view = window.game.board_view
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.board_focus_action.trigger()
    qtbot.keyClick(view, Qt.Key.Key_Up)  # from her space (South Street) to the Intersection
    assert window.game.selected_space == "intersection"
    qtbot.keyClick(view, Qt.Key.Key_Return)
    popover = window.game.popover
    assert popover.isVisible() and popover.space == "intersection"
    move = window.game.board_panel.buttons["move"]
    assert move.isVisible() and move.hasFocus(), QApplication.focusWidget()
    qtbot.keyClick(move, Qt.Key.Key_Return)
    assert window.session is not None
    assert window.session.state.table.final_girl == "intersection"
    qtbot.keyClick(QApplication.focusWidget() or popover, Qt.Key.Key_Escape)
    assert not popover.isVisible() and view.hasFocus()


def test_revealing_events_from_the_panel(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_board()
    panel = window.game.board_panel
    panel.event_card.setCurrentText("Under Construction")
    # The choice comes back as the space's id, never mapped back from its name.
    asked: list[Sequence[tuple[str, str]]] = []

    def pick(
        cls: type[Choose],
        parent: object,
        title: str,
        label: str,
        options: Sequence[tuple[str, str]],
    ) -> str:
        asked.append(options)
        return "exit-w"

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    panel.reveal_event.click()
    assert window.session is not None
    assert window.session.state.table.roadblocks == {"exit-w"}
    assert ("exit-w", "West Exit") in asked[0]
    assert "Roadblocks: West Exit" in panel.events_shown.text()


def drag(qtbot: QtBot, window: MainWindow, start: QPointF, end: QPointF) -> None:
    view = window.game.board_view
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=a)
    middle = a + (b - a) / 2
    qtbot.mouseMove(view.viewport(), pos=middle)
    follows = view.item.drag
    qtbot.mouseMove(view.viewport(), pos=b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert follows is not None, "the dragged token follows the pointer"
    assert (follows[1] - view.mapToScene(middle)).manhattanLength() < 3


def test_dr_fright_and_the_final_girl_can_be_dragged(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    assert window.session is not None
    assert window.act(Place(piece="dr fright", space="street-e"))
    item = window.game.board_view.item
    drag(qtbot, window, item.piece_rect("street-e", 1).center(), item.centre("exit-e"))
    assert window.session.state.table.killer == "exit-e"  # recorded as a Place action
    assert window.session.history.actions[-1].kind == "place"
    drag(qtbot, window, item.piece_rect("street-s", 0).center(), item.centre("intersection"))
    assert window.session.state.table.final_girl == "intersection"
    assert item.drag is None


def test_tokens_and_badges_never_cover_a_name(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    item = window.game.board_view.item
    for space in item.board.spaces:
        name = item.name_band(space)
        assert not item.badge_band(space).intersects(name), space
        for slot in (0, 1):
            assert not item.piece_rect(space, slot).intersects(name), space
            assert not item.piece_rect(space, slot).intersects(item.badge_band(space)), space
    legend = window.game.legend
    assert any("Victims" in label.text() for label, _ in legend.texts)


def test_reachable_outlines_only_while_she_can_move(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    assert window.session is not None
    item = window.game.board_view.item
    assert item.highlighted  # Action phase: she can move
    window.game.round_bar.next_phase.click()  # Planning: the model refuses a move
    state = window.session.state
    refused = refusal(state, Move(to="intersection", steps=1))
    assert (refused is None) == bool(item.highlighted)
    assert all(refusal(state, Move(to=s, steps=1)) is None for s in item.highlighted)


def test_a_click_leaves_focus_and_the_side_column_where_they_were(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    window.resize(1024, 600)  # small enough for the side column to scroll
    QApplication.processEvents()
    game = window.game
    side = game.side.verticalScrollBar()
    side.setValue(side.maximum() // 2)
    value = side.value()
    steps = game.board_panel.steps
    window.activateWindow()
    steps.setFocus()
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    game.select_space("street-e")
    game.round_bar.counters["time"].plus.click()  # counter buttons never take the focus
    assert steps.hasFocus() and side.value() == value
    game.open_plays("street-e")
    add = game.board_panel.buttons["add"]
    value = side.value()
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)  # + Victim: the whole panel redraws
    assert window.session is not None and window.session.state.table.victims["street-e"] >= 1
    assert side.value() == value
    assert add.hasFocus()  # the focus stays on what was clicked


def test_history_keeps_the_current_step_in_view(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    window.resize(1280, 720)
    for _ in range(40):
        window.game.round_bar.counters["time"].plus.click()
        window.game.round_bar.counters["time"].minus.click()
    QApplication.processEvents()
    view = window.game.history.list
    assert window.session is not None
    current = view.model().index(window.session.history.cursor, 0)
    assert view.viewport().rect().intersects(view.visualRect(current))
    window.undo_action.trigger()
    QApplication.processEvents()
    assert view.currentIndex().row() == window.session.history.cursor
    assert view.viewport().rect().intersects(view.visualRect(view.currentIndex()))


def test_history_keeps_the_current_step_in_view_after_a_zoom_and_a_resize(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough: with 15 steps at 1280x720, a zoom (or a narrower window) re-wrapped the
    rows taller and left the current step below the fold."""
    window = open_board()
    window.resize(1280, 720)
    for _ in range(8):
        window.game.round_bar.counters["time"].plus.click()
        window.game.round_bar.counters["time"].minus.click()
    QApplication.processEvents()
    view = window.game.history.list
    session = window.session
    assert session is not None

    def current_in_view() -> bool:
        current = view.model().index(session.history.cursor, 0)
        return view.viewport().rect().contains(view.visualRect(current))

    assert current_in_view()
    try:
        window.zoom(+1)
        window.zoom(+1)
        qtbot.waitUntil(current_in_view)
        window.resize(1000, 720)
        qtbot.waitUntil(current_in_view)
    finally:
        window.zoom(0)  # the zoom is the whole application's


def test_the_terror_cards_kill_is_its_own_step_not_the_spaces(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
) -> None:
    # Terror "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed". The Terror card's own steps record the kill (the Terror card's ▾ menu or
    # its dialog), so a space's plays never offer it beside them: it would be a second kill.
    window = open_board()
    assert window.act(EditTable(piece="smalley", target="street-w"))
    assert window.act(EditTable(piece="victim", target="street-w"))
    for _ in range(2):
        assert window.act(NextPhase())
    assert window.session is not None and window.session.state.phase == "killer"
    window.game.open_plays("street-w")
    assert not any(key.startswith("car") for key in window.game.board_panel.buttons)
