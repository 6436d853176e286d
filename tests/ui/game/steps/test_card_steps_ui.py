"""The card steps through the window (issue 20): a Terror card resolved through the GUI changes
the table exactly as the model's test says; his Killer Action, Panic and the attacks in one or
two inputs each; his Health − refused Awake and recordable anyway."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication, QCheckBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model import GameState
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.actions.steps import KillerToStep, KillStep
from frightmare.model.box.cards import HIT_BY_A_CAR
from frightmare.model.rules import apply
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow


def killer_phase(open_game: Callable[..., MainWindow], *, his_action: bool = True) -> MainWindow:
    """Nancy vs Dr. Fright on the Setup card "Maple Lane" (him on North Street, 2 Victims on
    the Intersection), in the Killer phase after his Killer Action (rules notes §1: "then one
    Terror card is drawn")."""
    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    if his_action:
        window.act(KillerAction(move_icon=False))
    assert window.session is not None and window.session.state.phase == "killer"
    return window


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def test_a_terror_card_resolved_through_the_gui_changes_the_table_as_the_model_says(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The model's test (test_every_card.test_hit_by_a_car_kills_the_chosen_street_victim):
    # "1 Victim in a Street space of your choice is killed": the Intersection's, Bloodlust +1.
    window = killer_phase(open_game)
    before = state_of(window)
    chosen: list[DrawTerror | None] = []

    def ask(
        cls: type[TerrorDialog], parent: QWidget | None, state: GameState | None = None
    ) -> DrawTerror | None:
        dialog = TerrorDialog(parent, state)
        dialog.name.setCurrentIndex(dialog.name.findData(HIT_BY_A_CAR))
        QApplication.processEvents()
        chosen.append(dialog.action())
        return chosen[-1]

    monkeypatch.setattr(TerrorDialog, "ask", classmethod(ask))
    window.game.round_bar.terror.click()
    after = state_of(window)
    model = apply(before, DrawTerror(name=HIT_BY_A_CAR, steps=(KillStep(space="intersection"),)))
    assert chosen[0] == DrawTerror(name=HIT_BY_A_CAR, steps=(KillStep(space="intersection"),))
    assert after.table == model.table and after.counters == model.counters
    assert after.table.victims["intersection"] == 1 and after.counters.bloodlust == 1


def test_the_dialog_asks_inline_only_what_the_card_leaves_open(qtbot: QtBot) -> None:
    from frightmare.model import GameSetup, History, new_game

    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(NextPhase())
    state = history.do(NextPhase())
    dialog = TerrorDialog(None, state)
    qtbot.addWidget(dialog)
    dialog.name.setCurrentIndex(dialog.name.findData("Ewwww! That's disgusting!"))
    QApplication.processEvents()
    action = dialog.action()
    assert action is not None and action.steps is not None and len(action.steps) == 1
    # A step unticked is not recorded (the player's card may differ: one source).
    dialog.name.setCurrentIndex(dialog.name.findData("Road Closed for Construction"))
    QApplication.processEvents()
    ticks = dialog.steps_box.findChildren(QCheckBox)
    assert len(ticks) == 2
    ticks[1].click()  # "Draw 1 Event": done by hand
    QApplication.processEvents()
    action = dialog.action()
    assert action is not None and action.steps is not None
    assert [s.kind for s in action.steps] == ["roadblock"]


def test_one_killer_action_step_moves_kills_and_adds_bloodlust_in_two_inputs(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Canonical round A: "his Killer Action moves him 2 spaces to the Intersection and he
    # kills a Victim there" (his Finale's action here: 1 move icon, Bloodlust row 2 moves).
    window = killer_phase(open_game, his_action=False)
    panel = window.game.killer_steps
    assert panel.isVisibleTo(window)
    panel.moves.setValue(1)  # his card's move icon (the app proposes the card back's 0)
    window.game.board_view.space_selected.emit("intersection")  # input 1: where he stops
    panel.accept.click()  # input 2
    state = state_of(window)
    assert state.table.killer == "intersection" and state.table.victims["intersection"] == 1
    assert state.counters.bloodlust == 1 and state.killer_action_done
    assert window.session is not None
    assert isinstance(window.session.history.actions[-1], KillerAction)
    assert not panel.isVisibleTo(window)  # done for this Killer phase


def test_panic_moves_the_two_victims_left_in_two_inputs(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Canonical round A: "Panic moves the two Victims left to North and South Street".
    window = killer_phase(open_game)
    window.act(
        KillerAction(
            move_icon=True,
            steps=(KillerToStep(space="intersection"), KillStep(space="intersection")),
        )
    )
    window.act(SetVictims(space="intersection", count=2))
    window.act(DrawTerror(name="A Terror card the app does not know"))
    window.act(NextPhase())
    assert state_of(window).phase == "panic"
    panel = window.game.panic_steps
    assert panel.isVisibleTo(window)

    def button(text: str, row: int) -> QPushButton:
        found = [
            b
            for b in panel.findChildren(QPushButton)
            if b.accessibleName() == f"Victim {row} on Intersection panics to {text}"
        ]
        assert found, text
        return found[0]

    button("North Street", 1).click()  # input 1
    button("South Street", 2).click()  # input 2: the last Victim placed records the Panic
    state = state_of(window)
    assert state.table.victims["street-n"] == 1 and state.table.victims["street-s"] == 1
    assert state.table.victims["intersection"] == 0


def test_her_attack_asleep_for_two_takes_his_health_to_seven_in_two_inputs(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Canonical round B: "her attack on Dr. Fright for 2 damage".
    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep())
    fright = window.game.fright
    fright.his_damage.setValue(2)  # input 1
    fright.you_attack.click()  # input 2
    assert state_of(window).counters.killer_health == 7


def test_his_attack_for_two_she_defends_one_in_two_inputs(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Canonical round B: "he attacks her for 2 and she defends 1": she takes 1.
    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep())
    fright = window.game.fright
    fright.her_damage.setValue(1)  # input 1 (his Attack value, 1 here, is proposed)
    fright.attacks_you.click()  # input 2
    assert state_of(window).counters.health == 3


def test_awake_his_health_minus_is_refused_with_the_rule_and_recorded_anyway(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # The Awake side: "You may not attack or be attacked by Dr. Fright".
    window = open_game(setup_card="Maple Lane")
    minus = window.game.round_bar.counters["killer health"].minus
    assert minus.property("refused") is True
    assert "You may not attack or be attacked by Dr. Fright" in minus.toolTip()
    minus.click()
    assert state_of(window).counters.killer_health == 9
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    assert state_of(window).counters.killer_health == 8


def test_the_rifle_is_used_from_the_items_dock(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Item: Rifle (one source, rules notes §9): "2 damage to an Enemy", 1 Time.
    from frightmare.model.actions.edit import HeldItemData, SetItems
    from frightmare.ui.game.steps.item_steps import ItemUseDialog

    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep())
    window.act(SetItems(items=(HeldItemData(name="Rifle"),)))
    panel = window.game.board_panel
    panel.held.setCurrentRow(0)
    assert not panel.use_button.isHidden()

    def ask(
        cls: type[ItemUseDialog], parent: QWidget | None, state: GameState, index: int
    ) -> object:
        dialog = ItemUseDialog(state, index, parent)
        dialog.buttons[0].click()  # "Shoot, and the Horror Roll succeeds"
        return dialog.action()

    monkeypatch.setattr(ItemUseDialog, "ask", classmethod(ask))
    panel.use_button.click()
    state = state_of(window)
    assert state.counters.killer_health == 7 and state.counters.time == 5
    assert state.table.held[0].used == 1


def test_the_bicycle_taken_on_a_street_asks_which_street(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Item: Bicycle: "place the Bicycle token on the Street space adjacent to you".
    from frightmare.model.actions.lane import Place, Search
    from frightmare.model.rules import record_anyway
    from frightmare.ui.game.steps.item_steps import BicycleDialog

    window = open_game(setup_card="Maple Lane")
    window.act(Place(piece="final girl", space="street-n"))
    offered: list[tuple[str, ...]] = []

    def ask(cls: type[BicycleDialog], parent: QWidget | None, state: GameState) -> object:
        dialog = BicycleDialog(state, parent)
        offered.append(tuple(dialog.space.itemData(i) for i in range(dialog.space.count())))
        dialog.space.setCurrentIndex(dialog.space.findData("exit-n"))
        return dialog.action()

    monkeypatch.setattr(BicycleDialog, "ask", classmethod(ask))
    window.act(record_anyway(Search(house="house-nw-street", names=("Bicycle",))))
    QApplication.processEvents()  # the question comes once the screen shows the new state
    assert state_of(window).table.bicycle == "exit-n"
    assert set(offered[0]) == {"intersection", "exit-n"}
