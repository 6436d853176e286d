"""The board on screen: set up from a Setup card, walk, refusals, Convince, search, undo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.ui.board_panel import Choose, ConvinceDialog, SearchDialog
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

    def convince(cls: type[ConvinceDialog], parent: object, state: object, house: str) -> object:
        dialog = ConvinceDialog(state, house)  # type: ignore[arg-type]
        dialog.group.buttons()[0].setChecked(True)  # 3+ successes
        dialog.take.setChecked(True)
        return dialog.action()

    monkeypatch.setattr(ConvinceDialog, "ask", classmethod(convince))
    assert panel.buttons["convince"].isEnabled()
    panel.buttons["convince"].click()
    state = window.session.state
    assert state.table.final_girl == "house-nw-street"
    assert [i.name for i in state.table.held] == ["Rifle"]
    assert "house-nw-street" in state.table.x_tokens

    # Sprint 4 spaces to an empty House and search it, drawing two cards.
    walk(window, "house-ne-street", steps=4)
    assert window.session.state.table.final_girl == "house-ne-street"

    def search(cls: type[SearchDialog], parent: object, state: object, house: str) -> object:
        dialog = SearchDialog(state, house)  # type: ignore[arg-type]
        dialog.count.setValue(2)
        dialog.first.setCurrentText("Bible")
        dialog.second.setCurrentText("Bow")
        dialog.keep_second.setChecked(True)
        dialog.to_bottom.setChecked(True)
        return dialog.action()

    monkeypatch.setattr(SearchDialog, "ask", classmethod(search))
    game.select_space("house-ne-street")
    assert panel.buttons["search"].isEnabled()
    panel.buttons["search"].click()
    state = window.session.state
    assert [i.name for i in state.table.held] == ["Rifle", "Bow"]
    assert state.table.deck("NE")[-1].name == "Bible"
    assert state.table.item_cards() == 12
    assert panel.held.count() == 2

    while window.undo_action.isEnabled():
        window.undo_action.trigger()
    assert window.session.state == start
    assert game.board_view.item.state == start


def test_board_keyboard_picks_a_space_and_return_moves(
    open_board: Callable[[], MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    from PySide6.QtCore import Qt

    window = open_board()
    view = window.game.board_view
    window.board_focus_action.trigger()
    qtbot.keyClick(view, Qt.Key.Key_Up)  # from her space (South Street) to the Intersection
    assert window.game.selected_space == "intersection"
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.session is not None
    assert window.session.state.table.final_girl == "intersection"


def test_revealing_events_from_the_panel(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_board()
    panel = window.game.board_panel
    panel.event_card.setCurrentText("Under Construction")
    monkeypatch.setattr(Choose, "item", classmethod(lambda cls, *a, **k: "West Exit"))
    panel.reveal_event.click()
    assert window.session is not None
    assert window.session.state.table.roadblocks == {"exit-w"}
    assert "Roadblocks: West Exit" in panel.events_shown.text()
