"""The lists do not offer what is already out (issue 31): the Knife known on top of its deck is
marked out when the Search that drew it asks for its second card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from benchmarks.rounds import Player, open_round


def test_the_knife_is_not_offered_as_the_second_card_of_its_own_search(
    qtbot: QtBot, private_data_dir: Path, themed: Callable[[bool, float], None]
) -> None:
    # Rulebook: "When a search yields multiple items, choose which you want": two cards, the
    # first the Knife face up on top of the SW deck, and the box holds one Knife.
    themed(True, 1.0)
    window = open_round(private_data_dir)
    qtbot.addWidget(window)
    menu = window.game.board_panel.space_menu
    you = Player(window)
    you.step("to the SW House, as round A")
    you.drag_her("intersection")
    you.drag_her("street-w")
    you.drag_her("exit-w")
    you.click(menu.buttons["save:victim"])
    you.click_space("house-sw-exit-w")
    you.click(menu.buttons["convince:2"])
    you.click(menu.buttons["search:2"])
    picker = menu.search_step.picker
    assert menu.search_step.asking == 1  # the Knife, named at setup, is the first card
    assert picker.buttons["Knife"].property("refused") is True
    assert "Out already" in picker.buttons["Knife"].toolTip()
    assert not picker.buttons["Crucifix"].property("refused")
