"""Findings of the cards audit of issue 20 seen through the window, each reproduced here before
its fix: the attack controls, the Terror card's inputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.qtbot import QtBot

from frightmare.model import GameState
from frightmare.model.actions import DrawTerror, NextPhase, SetVictims
from frightmare.model.cards import FRANKYS_COMING, HIT_BY_A_CAR, INFERNAL_SEARCH
from frightmare.model.steps import MinorPowerStep
from frightmare.ui.main_window import MainWindow
from frightmare.ui.terror_steps import TerrorDialog

T = TypeVar("T")


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def test_awake_her_attack_on_a_minor_dark_power_is_offered_with_its_damage(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §10: whether a Minor Dark Power may be damaged while she is Awake no source
    # says (the Awake side speaks of Dr. Fright): the app lets her aim at it, damage and all.
    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    fright = window.game.fright
    assert state_of(window).dream.awake
    assert fright.target.isVisibleTo(window) and fright.his_row.isVisibleTo(window)
    fright.target.setCurrentIndex(fright.target.findData(INFERNAL_SEARCH))  # input 1
    assert fright.you_attack.property("refused") is False
    fright.you_attack.click()  # input 2 (1 damage, as proposed)
    state = state_of(window)
    assert [(p.card, p.health) for p in state.minor_powers] == [(INFERNAL_SEARCH, 1)]
    # Aimed at Dr. Fright again, it is refused (recordable anyway).
    fright.target.setCurrentIndex(fright.target.findData(""))
    assert fright.you_attack.property("refused") is True
    assert "Awake" in fright.you_attack.toolTip()


def test_asleep_the_attack_may_be_aimed_at_a_minor_dark_power_in_play(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §10: "her attack may be aimed at it instead of him" (a Minor Dark Power in
    # play, one source): the list of whom the attack hits shows once one is in play.
    from frightmare.model.actions import FallAsleep

    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep())
    window.act(NextPhase())
    window.act(NextPhase())
    fright = window.game.fright
    assert not fright.target.isVisibleTo(window)  # only Dr. Fright to hit
    window.act(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    assert fright.target.isVisibleTo(window)
    fright.target.setCurrentIndex(fright.target.findData(INFERNAL_SEARCH))
    fright.his_damage.setValue(2)
    fright.you_attack.click()
    state = state_of(window)
    assert state.minor_powers == () and state.counters.killer_health == 9


# The Terror card in as few inputs as the card allows -------------------------------------


def killer_phase(open_game: Callable[..., MainWindow], **setup: object) -> MainWindow:
    window = open_game(**{"setup_card": "Maple Lane", **setup})
    window.act(NextPhase())
    window.act(NextPhase())
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
