"""Issue 19, round B in 10 inputs: each attack's damage is one click, his Killer Action and his
attack on her are one click together, and the end of a round whose Upkeep has nothing to record
is one click (two Next phase steps in History). Every refusal keeps its way through."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from frightmare.model import GameState
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import Place
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.actions.steps import HurtHerStep
from frightmare.ui.game.round_bar import RoundBar
from frightmare.ui.main_window import MainWindow


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def asleep(open_game: Callable[..., MainWindow]) -> MainWindow:
    """Nancy vs Dr. Fright (Setup card "Maple Lane"), Asleep after a Short Rest, in round 1's
    Action phase."""
    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep(cause="short rest"))
    return window


def asleep_in_killer_phase(open_game: Callable[..., MainWindow]) -> MainWindow:
    """Nancy vs Dr. Fright (Setup card "Maple Lane"), Asleep, in round 1's Killer phase."""
    window = asleep(open_game)
    window.act(NextPhase())
    window.act(NextPhase())
    assert state_of(window).phase == "killer" and state_of(window).asleep
    return window


def test_her_attack_for_two_is_one_click(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, When you are Asleep: "You may move around the board, attack Dr. Fright".
    window = asleep(open_game)
    row = window.game.fright.his_row
    assert row.isVisibleTo(window) and sorted(row.buttons) == [1, 2, 3, 4]
    row.buttons[2].click()  # the one input
    assert state_of(window).counters.killer_health == 7


def test_another_damage_is_one_list_away(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = asleep(open_game)
    row = window.game.fright.his_row
    entries = {action.text(): action for action in row.more_menu.actions()}
    assert "You hit him for 0 damage" in entries and "You hit him for 6 damage" in entries
    entries["You hit him for 6 damage"].trigger()
    assert state_of(window).counters.killer_health == 3


def test_awake_the_attacks_are_refused_and_recorded_anyway(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # The Awake side: "You may not attack or be attacked by Dr. Fright": both attacks share a
    # row, marked refused, and the click offers Record anyway.
    window = open_game(setup_card="Maple Lane")
    fright = window.game.fright
    assert not fright.his_row.isVisibleTo(window) and not fright.her_row.isVisibleTo(window)
    assert fright.you_attack.isVisibleTo(window) and fright.you_attack.property("refused")
    fright.you_attack.click()
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    assert state_of(window).counters.killer_health == 8


def test_his_killer_action_and_his_attack_on_her_are_one_click(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, When you are Asleep: "Dr. Fright can now attack you! He will resolve all
    # Killer Actions as normal." He stands in her space: his Killer Action attacks her; the
    # step offers the damage she takes after her defence, one button each.
    window = asleep_in_killer_phase(open_game)
    her = state_of(window).table.final_girl
    assert her is not None
    window.act(Place(piece="dr fright", space=her))
    steps = window.game.killer_steps
    assert steps.hit_row.isVisibleTo(window)
    assert 0 in steps.hit_row.buttons and 3 in steps.hit_row.buttons
    # The row asks the damage: the step's own number box for it is not shown as well.
    assert all(not key.startswith("damage") for key, _choice in _shown_choices(steps))
    before = len(window.session.history) if window.session else 0
    steps.hit_row.buttons[1].click()  # the one input
    state = state_of(window)
    assert state.killer_action_done and state.counters.health == 3
    assert window.session is not None
    assert len(window.session.history) == before + 1
    last = window.session.history.actions[-1]
    assert isinstance(last, KillerAction) and HurtHerStep(damage=1) in last.steps
    # Once recorded, neither the step nor the round bar's Killer Action buttons come back.
    bar = window.game.round_bar
    assert not steps.isVisibleTo(window)
    assert not bar.killer_moves.isVisibleTo(window)
    assert not bar.killer_stays.isVisibleTo(window)
    # The Fright panel's row is back for the Boiler Room's attack.
    assert window.game.fright.her_row.isVisibleTo(window)


def _shown_choices(steps: object) -> list[tuple[str, object]]:
    from frightmare.ui.game.steps.killer_steps import KillerStepPanel

    assert isinstance(steps, KillerStepPanel)
    shown = steps.choices._shown or ()
    return [(choice.key, choice) for _index, choice in shown]


def test_his_attack_where_the_board_has_nobody_is_the_tables_word_with_a_reminder(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # The table is the truth: the board may be behind it. The click records his attack on
    # her, and the message reminds that the board has him elsewhere.
    window = asleep_in_killer_phase(open_game)
    window.act(Place(piece="dr fright", space="exit-n"))
    steps = window.game.killer_steps
    assert steps.hit_row.isVisibleTo(window)
    steps.hit_row.buttons[2].click()
    state = state_of(window)
    assert state.counters.health == 2
    assert any(event.kind == "attack-reach" for event in state.events)
    assert "not in your space" in window.game.banner.news.text()


def test_awake_his_killer_action_offers_no_attack_on_her(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, When you are Awake: "Dr. Fright is NOT able to attack you".
    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    steps = window.game.killer_steps
    assert steps.isVisibleTo(window) and not steps.hit_row.isVisibleTo(window)


def test_the_end_of_a_quiet_round_is_one_click_and_two_steps(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: Panic is "only when a Victim died this round"; Upkeep's ongoing effects
    # and her items are the table's. With nothing due, one click ends the round.
    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    bar = window.game.round_bar
    assert bar.next_phase.text() == "Round 2 ▸"
    assert "Upkeep" in bar.next_phase.toolTip()
    assert window.session is not None
    before = len(window.session.history)
    bar.next_phase.click()
    state = state_of(window)
    assert (state.round, state.phase) == (2, "action")
    history = window.session.history
    assert len(history) == before + 2
    assert [history.describe_step(n) for n in (before, before + 1)] == [
        "Next phase: Upkeep",
        "Next phase: Action",
    ]
    window.undo()
    assert state_of(window).phase == "upkeep"


def test_the_round_stops_in_upkeep_when_the_finale_is_due(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: "Upkeep: when the Terror deck is empty the Finale is revealed".
    from frightmare.model.actions.round import AdjustCounter

    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))  # his, then the card (rules notes §1)
    while state_of(window).counters.terror_left:
        window.act(AdjustCounter(counter="terror", delta=-1))
    bar = window.game.round_bar
    assert bar.next_phase.text() == "Upkeep ▸"
    bar.next_phase.click()
    state = state_of(window)
    assert state.phase == "upkeep" and "finale" in state.due


def test_a_refused_next_phase_keeps_its_record_anyway(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, When you are Asleep: "You MUST resolve one Boiler Room card at the end of the
    # Killer Phase": Next phase is refused before it; Record anyway goes on to Upkeep only.
    window = asleep_in_killer_phase(open_game)
    window.act(KillerAction(move_icon=False))
    bar = window.game.round_bar
    assert bar.next_phase.property("refused") is True
    bar.next_phase.click()
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    assert state_of(window).phase == "upkeep"


def test_the_next_phase_button_names_where_it_leads(qtbot: QtBot) -> None:
    from frightmare.model import GameSetup
    from frightmare.model.game.state import new_game

    bar = RoundBar()
    qtbot.addWidget(bar)
    state = new_game(GameSetup(), seed=1)
    texts = []
    for phase in ("action", "planning", "upkeep"):
        bar.show_state(replace(state, phase=phase))
        texts.append(bar.next_phase.text())
    # From Action, through a quiet Planning (nothing to record there: issue 31).
    assert texts == ["Killer ▸", "Killer ▸", "Round 2 ▸"]
    assert bar.next_phase.accessibleName() == "Next phase"


def test_the_more_menu_lists_the_rest(open_game: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = asleep(open_game)
    row = window.game.fright.her_row
    assert isinstance(row.more_menu, QMenu)
    texts = [action.text() for action in row.more_menu.actions()]
    assert texts[0] == "He hits you for 4 damage" and texts[-1] == "He hits you for 10 damage"
    QApplication.processEvents()


def test_the_terror_menu_marks_the_cards_drawn_this_game_where_they_are(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: one Terror card a Killer phase, from a deck that is never reshuffled
    # (when it is empty the Finale is revealed): a card drawn is out of the deck, marked in
    # its own row (issue 31: the rows do not shift under a practised click).
    from frightmare.model.actions.round import DrawTerror
    from frightmare.model.box.cards import HIT_BY_A_CAR

    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    bar = window.game.round_bar
    bar._fill_terror_menu()
    before = [action.text() for action in bar.terror_menu.actions()]
    window.act(KillerAction(move_icon=False))  # his, then the card (rules notes §1)
    window.act(DrawTerror(name=HIT_BY_A_CAR))
    bar._fill_terror_menu()
    texts = [action.text() for action in bar.terror_menu.actions()]
    assert HIT_BY_A_CAR not in texts
    row = before.index(HIT_BY_A_CAR)
    assert texts[row] == f"{HIT_BY_A_CAR} (drawn)"
    assert [t for n, t in enumerate(texts) if n != row] == [
        t for n, t in enumerate(before) if n != row
    ]


def test_a_refused_damage_button_keeps_its_record_anyway(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # The Awake side: "You may not attack or be attacked by Dr. Fright". With a Minor Dark
    # Power in play the damage rows show Awake (it may be aimed at); his attack on her is
    # refused, marked, and still recorded anyway.
    from frightmare.model.actions.round import DrawTerror
    from frightmare.model.actions.steps import MinorPowerStep
    from frightmare.model.box.cards import INFERNAL_SEARCH

    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    row = window.game.fright.her_row
    assert row.isVisibleTo(window)
    button = row.buttons[2]
    assert button.property("refused") is True and "Awake" in button.toolTip()
    button.click()
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    assert state_of(window).counters.health == 2


def test_the_weapon_in_her_hands_is_named_where_her_damage_is_picked(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Cards (one source): the Machete, "+2 damage"; the player counts it in the damage picked.
    from frightmare.model.actions.edit import HeldItemData, SetItems

    window = asleep(open_game)
    row = window.game.fright.his_row
    assert row.label.text() == "You hit him:"
    window.act(SetItems(items=(HeldItemData(name="Machete"),)))
    assert row.label.text() == "You hit him (+2):" and "Machete" in row.label.toolTip()
    assert sorted(row.buttons) == [1, 2, 3, 4, 5]
    window.act(SetItems(items=()))
    assert row.label.text() == "You hit him:" and not row.label.toolTip()


def test_a_row_of_damage_buttons_made_again_leaves_none_of_the_old_drawn(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Seen in a screenshot taken between two turns of the event loop: a weapon's longer row was
    # drawn under a button of the old row, which waits for the loop to be deleted and covered
    # the new label and "…".
    from frightmare.model.actions.edit import HeldItemData, SetItems

    window = asleep(open_game)
    row = window.game.fright.his_row
    window.act(SetItems(items=(HeldItemData(name="Nancy's Machetes"),)))
    QApplication.processEvents()  # a turn of the loop, as before a paint (no deletion yet)
    for shown in (row.label, *row.buttons.values()):
        assert not shown.isHidden()
        at = QApplication.widgetAt(shown.mapToGlobal(shown.rect().center()))
        assert at is shown, f"{shown.accessibleName() or shown} is covered by {at}"
