"""Lists offer only what is out (issue 31): the Knife is not offered as the second card of the
Search that drew it, the Bicycle not once she holds it, and a Terror card drawn this game is
marked where it is and never the one proposed. Each list asks the model
(``query.lists.items_out``, ``terror_drawn_ids``), never the words on the buttons."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot
from screen_helpers import settle, state_of

from benchmarks.rounds import Player, open_round
from frightmare.model import Action
from frightmare.model.actions.edit import HeldItemData, SetItems
from frightmare.model.actions.round import DrawTerror, NextPhase
from frightmare.model.box.cards import BICYCLE, HIT_BY_A_CAR
from frightmare.model.rules import record_anyway
from frightmare.ui.game.board.space_steps import NamePicker
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow

KNIFE = "Knife"


def search_two(
    qtbot: QtBot, root: Path, *, knife_named: bool, before: Action | None = None
) -> Player:
    """Round A's way to the SW House, then its Search with 2 successes (the picker asks)."""
    window = open_round(root, knife_named=knife_named)
    qtbot.addWidget(window)
    if before is not None:
        assert window.act(before)
    menu = window.game.board_panel.space_menu
    you = Player(window)
    for space in ("intersection", "street-w", "exit-w"):
        you.drag_her(space)
    you.click(menu.buttons["save:victim"])
    you.click_space("house-sw-exit-w")
    you.click(menu.buttons["convince:2"])
    you.click(menu.buttons["search:2"])
    return you


def marked_out(picker: NamePicker, name: str) -> bool:
    button: QPushButton = picker.buttons[name]
    return bool(button.property("refused")) and button.isEnabled()


def test_the_face_up_knife_is_out_for_the_searchs_second_card(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    # The rulebook: "When a search yields multiple items, choose which you want and place the
    # other on top of the Quadrant's Item deck faceup, or on the bottom facedown".
    themed(True, 1.0)
    you = search_two(qtbot, private_data_dir, knife_named=True)
    step = you.window.game.board_panel.space_menu.search_step
    assert step.asking == 1  # the first card is the Knife named at setup
    assert marked_out(step.picker, KNIFE)
    assert not marked_out(step.picker, "Crucifix")


def test_the_knife_named_first_is_out_for_the_second(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    themed(True, 1.0)
    you = search_two(qtbot, private_data_dir, knife_named=False)
    step = you.window.game.board_panel.space_menu.search_step
    assert step.asking == 0 and not marked_out(step.picker, KNIFE)
    you.click(step.picker.buttons[KNIFE])
    assert step.asking == 1 and marked_out(step.picker, KNIFE)


def test_the_bicycle_she_holds_is_out_for_a_search(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    themed(True, 1.0)
    held = SetItems(items=(HeldItemData(name=BICYCLE),))
    you = search_two(qtbot, private_data_dir, knife_named=False, before=held)
    step = you.window.game.board_panel.space_menu.search_step
    assert marked_out(step.picker, BICYCLE)
    assert step.picker.buttons[BICYCLE].toolTip()  # says where it is


def test_a_terror_card_drawn_is_marked_in_the_dialog_and_never_proposed(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None]
) -> None:
    # Rules notes §1: one Terror card a Killer phase, from a deck that is not reshuffled.
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    for _ in range(2):
        assert window.act(record_anyway(NextPhase()))
    first = TerrorDialog(window, state_of(window))
    proposed = first.name.currentData()
    first.deleteLater()
    assert window.act(record_anyway(DrawTerror(name=str(proposed))))
    assert window.act(record_anyway(DrawTerror(name=HIT_BY_A_CAR)))
    settle(window)
    dialog = TerrorDialog(window, state_of(window))
    assert dialog.name.currentData() not in (proposed, HIT_BY_A_CAR)
    texts = {
        dialog.cards_list.item(n).data(256): dialog.cards_list.item(n).text()
        for n in range(dialog.cards_list.count())
    }
    assert texts[proposed].endswith("(drawn)") and texts[HIT_BY_A_CAR].endswith("(drawn)")
    assert list(texts) == [c.id for c in dialog.cards]  # every card in its place
    dialog.deleteLater()
