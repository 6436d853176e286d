"""The Terror card dialog lists the game's cards from the cards file, marks translated names
and says what a card does (issue 20, Build 1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import state_of

from frightmare.model import GameSetup, GameState, new_game
from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.cards import FRANKYS_COMING, HIT_BY_A_CAR
from frightmare.model.cards.terror import TRANSLATED_LEGEND
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow


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
    window.act(KillerAction(move_icon=False))  # first, then the Terror card (rules notes §1)
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


T = TypeVar("T")


def killer_phase(open_game: Callable[..., MainWindow], **setup: object) -> MainWindow:
    """In the Killer phase after his Killer Action, when the Terror card is drawn (rules notes
    §1: "the Killer performs his Killer Action [...], then one Terror card is drawn")."""
    window = open_game(**{"setup_card": "Maple Lane", **setup})
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    return window


def noted(seen: list[T], what: T) -> int:
    """A dialog's ``exec`` replaced: it notes what it was opened for, and is cancelled."""
    seen.append(what)
    return int(QDialog.DialogCode.Rejected.value)


def pick_from_menu(window: MainWindow, card_id: str) -> None:
    """The ▾ beside *Terror card…* (input 1), then the card (input 2)."""
    bar = window.game.round_bar
    bar._fill_terror_menu()
    entry = next(a for a in bar.terror_menu.actions() if a.text().startswith(card_id))
    entry.trigger()
    QApplication.processEvents()


def test_a_card_whose_every_step_the_rules_decide_is_recorded_in_two_inputs(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Franky's coming for you" (rulebook card note; its icons read by one source): he moves
    # toward the closest Victim, then +2 Horror with a Victim there. Where he stops is the
    # rules' (the closest target), not a choice: no dialog (it used to open, for a 3rd input).
    window = killer_phase(open_game)
    opened: list[TerrorDialog] = []
    monkeypatch.setattr(TerrorDialog, "exec", lambda self: noted(opened, self))
    before = state_of(window).counters.horror
    pick_from_menu(window, FRANKYS_COMING)
    state = state_of(window)
    assert opened == []
    assert state.table.killer == "house-nw-street" and state.counters.horror == before + 2


def test_a_die_the_card_rolls_opens_the_dialog(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "I'm so sleepy…!" Awake (one source): "roll a die: lower than your Horror, you fall
    # Asleep": the die is the player's; never recorded with a die the app made up.
    window = killer_phase(open_game)
    opened: list[str | None] = []
    monkeypatch.setattr(TerrorDialog, "exec", lambda self: noted(opened, self.chosen_name()))
    pick_from_menu(window, "I'm so sleepy")
    assert opened == ["I'm so sleepy…!"]
    assert state_of(window).terror_drawn == ()


def test_hit_by_a_car_takes_the_street_space_chosen_on_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "They just got hit by a car!": "1 Victim in a Street space of your choice is killed".
    # Two Street spaces hold Victims: the space clicked on the board (input 1) is the choice,
    # then the card from the menu (inputs 2 and 3): recorded, no dialog.
    window = killer_phase(open_game)
    window.act(SetVictims(space="street-w", count=1))
    monkeypatch.setattr(TerrorDialog, "exec", lambda self: pytest.fail("no dialog expected"))
    window.game.board_view.space_selected.emit("street-w")  # input 1
    pick_from_menu(window, HIT_BY_A_CAR)  # inputs 2 and 3
    state = state_of(window)
    assert state.table.victims["street-w"] == 0 and state.table.victims["intersection"] == 2
    assert state.counters.bloodlust == 1


def test_a_board_space_chosen_before_the_last_play_is_not_taken(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The choice stays the player's: a space clicked before another play does not answer it.
    window = killer_phase(open_game)
    window.game.board_view.space_selected.emit("street-w")
    window.act(SetVictims(space="street-w", count=1))  # another play since
    opened: list[str | None] = []
    monkeypatch.setattr(TerrorDialog, "exec", lambda self: noted(opened, self.chosen_name()))
    pick_from_menu(window, HIT_BY_A_CAR)
    assert opened == [HIT_BY_A_CAR] and state_of(window).terror_drawn == ()


def test_in_the_dialog_the_card_is_one_click_and_its_only_choice_records_it(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # *Terror card…* (input 1), the card in the list (input 2), the Street space (input 3):
    # the card's only open choice records it, no *OK* to press.
    window = killer_phase(open_game)
    window.act(SetVictims(space="street-w", count=1))

    def clicks(self: TerrorDialog) -> int:
        self.show()
        row = next(
            r
            for r in range(self.cards_list.count())
            if (item := self.cards_list.item(r)) is not None and item.text() == HIT_BY_A_CAR
        )
        item = self.cards_list.item(row)
        assert item is not None
        rect = self.cards_list.visualItemRect(item)
        QTest.mouseClick(
            self.cards_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )  # input 2
        QApplication.processEvents()
        button = next(
            b
            for b in self.steps_box.findChildren(QPushButton)
            if b.accessibleName() == "On which Street space? West Street"
        )
        button.click()  # input 3
        qtbot.waitUntil(lambda: self.result() == QDialog.DialogCode.Accepted)
        return int(self.result())

    monkeypatch.setattr(TerrorDialog, "exec", clicks)
    window.game.round_bar.terror.click()  # input 1
    state = state_of(window)
    assert state.terror_drawn == (HIT_BY_A_CAR,)
    assert state.table.victims["street-w"] == 0 and state.table.victims["intersection"] == 2


def test_a_die_row_in_the_card_steps_is_never_cut_off(qtbot: QtBot) -> None:
    # Seen under Xvfb (1366×768): "Road Closed for Construction" with Fire! drawn in its step
    # (issue 20: "Events drawn", in the card's own step): the die's six buttons were wider than
    # the steps column, and it was cut at the right, its words with it. The column is as wide
    # as what it holds.
    from frightmare.model import GameSetup, History, new_game

    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(NextPhase())
    history.do(NextPhase())
    dialog = TerrorDialog(None, history.state)
    qtbot.addWidget(dialog)
    dialog.name.setCurrentIndex(dialog.name.findData("Road Closed for Construction"))
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.chosen[(1, "event0")] = "Fire!"
    dialog._show_steps(dialog.card())
    QApplication.processEvents()
    die = [b for b in dialog.steps_box.findChildren(QPushButton) if b.text().endswith("6")]
    assert die, "the die's buttons show"
    viewport = dialog.steps_scroll.viewport()
    assert dialog.steps_box.minimumSizeHint().width() <= viewport.width()
    right = die[-1].mapTo(dialog.steps_box, die[-1].rect().topRight()).x()
    assert right <= viewport.width()


def test_a_card_that_draws_an_event_costs_the_event_and_its_die(qtbot: QtBot) -> None:
    # Issue 31: "A Terror card that draws an Event costs 6 inputs (▾, card, Event list, Fire!,
    # die, OK)": the Event is one click among its buttons, and its die, the last answer the
    # card asks, records it (no OK).
    from dataclasses import replace

    from PySide6.QtWidgets import QPushButton as Button

    state = new_game(GameSetup(setup_card="Maple Lane", final_girl="Nancy"), seed=1)
    state = replace(state, phase="killer")
    dialog = TerrorDialog(None, state)
    qtbot.addWidget(dialog)
    dialog.name.setCurrentIndex(dialog.name.findData("They told us to hide"))
    inputs = 0

    def click(text: str) -> None:
        nonlocal inputs
        button = next(b for b in dialog.findChildren(Button) if b.text() == text)
        button.click()
        inputs += 1
        QApplication.processEvents()

    click("Fire!")
    assert dialog.result() != QDialog.DialogCode.Accepted  # its die is still to say
    click("4")
    assert dialog.result() == QDialog.DialogCode.Accepted and inputs == 2
    action = dialog.action()
    assert action is not None and action.steps is not None
    assert any(getattr(step, "die", None) == 4 for step in action.steps)


def test_a_card_drawn_already_is_marked_and_never_proposed(qtbot: QtBot) -> None:
    # Rules notes §1: the Terror deck is never reshuffled: a card drawn is out of it.
    state = new_game(GameSetup(setup_card="Maple Lane", final_girl="Nancy"), seed=1)
    first = TerrorDialog(None, state)
    qtbot.addWidget(first)
    card = first.chosen_name()
    assert card is not None
    from dataclasses import replace

    # The card's id from the dialog is a str: mypy cannot narrow it to the cards' names.
    drawn = replace(state, terror_drawn=(card,))  # type: ignore[arg-type]
    dialog = TerrorDialog(None, drawn)
    qtbot.addWidget(dialog)
    assert dialog.chosen_name() != card
    item = dialog.cards_list.item(0)
    assert item is not None and item.text().endswith("(drawn)")
