"""The Terror card dialog lists the game's cards from the cards file, marks translated names
and says what a card does (issue 20, Build 1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, GameState, new_game
from frightmare.model.actions import DrawTerror, NextPhase
from frightmare.model.cards import HIT_BY_A_CAR
from frightmare.model.terror import TRANSLATED_LEGEND
from frightmare.ui.main_window import MainWindow
from frightmare.ui.terror_steps import TerrorDialog


def test_the_dialog_lists_this_games_cards_and_marks_translations(qtbot: QtBot) -> None:
    state = new_game(GameSetup(killer="Hans"), seed=1)  # Maple Lane's 8 only
    dialog = TerrorDialog(None, state)
    qtbot.addWidget(dialog)
    texts = [dialog.name.itemText(i) for i in range(dialog.name.count())]
    assert len(texts) == 8
    # Every card in view in the list, one click each; a translated name in italics, said
    # under the list (cards audit: the list replaced the combo as the way to pick).
    listed = [dialog.cards_list.item(i) for i in range(dialog.cards_list.count())]
    names = {item.text(): item for item in listed if item is not None}
    assert list(names) == texts
    assert not names[HIT_BY_A_CAR].font().italic()  # the rulebook's name: no mark
    assert names["I said don't look back!"].font().italic()
    assert TRANSLATED_LEGEND in [label.text() for label in dialog.findChildren(QLabel)]
    dialog.name.setCurrentIndex(texts.index(HIT_BY_A_CAR))
    assert "Source: the rulebook." in dialog.about.text()
    action = dialog.action()
    assert action is not None and action.name == HIT_BY_A_CAR


def test_a_name_the_data_lacks_is_resolved_as_printed(qtbot: QtBot) -> None:
    dialog = TerrorDialog(None, new_game(GameSetup(), seed=1))
    qtbot.addWidget(dialog)
    dialog.name.setCurrentText("Lights  flicker")
    assert "resolve it as printed" in dialog.about.text()
    action = dialog.action()
    assert action is not None and action.name == "Lights flicker"
    # A name typed by another of its names is the card (its Spanish one here).
    dialog.name.setCurrentText("Realidad borrosa")
    assert "hurt each other even while you are Awake" in dialog.about.text()


def test_the_round_bar_draws_the_card_the_dialog_names(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_game()
    for _ in range(2):
        window.act(NextPhase())
    asked: list[GameState | None] = []

    def ask(
        cls: type[TerrorDialog], parent: QWidget | None, state: GameState | None = None
    ) -> DrawTerror | None:
        asked.append(state)
        dialog = TerrorDialog(parent, state)
        dialog.name.setCurrentText("Ewwww! That's disgusting!")
        return dialog.action()

    monkeypatch.setattr(TerrorDialog, "ask", classmethod(ask))
    window.game.round_bar.terror.click()
    assert window.session is not None
    assert len(asked) == 1 and asked[0] is not None and asked[0].phase == "killer"
    assert window.session.state.terror_drawn == ("Ewwww! That's disgusting!",)
