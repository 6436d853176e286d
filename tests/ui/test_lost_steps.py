"""No step of the round lost without a word (issue 31): the three steps a new user lost, each
reproduced through the screen."""

from __future__ import annotations

from collections.abc import Callable

from screen_helpers import state_of

from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import NextPhase
from frightmare.model.box.cards import HIT_BY_A_CAR
from frightmare.model.lane.killer import printed_killer_action
from frightmare.model.query.killer_phase import killer_action_of, plan_killer_step
from frightmare.ui.main_window import MainWindow


def _one_street_victim(window: MainWindow) -> None:
    for space in list(state_of(window).table.victims):
        window.act(SetVictims(space=space, count=0))
    window.act(SetVictims(space="street-s", count=1))
    window.act(NextPhase())
    window.act(NextPhase())
    state = state_of(window)
    window.act(killer_action_of(plan_killer_step(state), printed_killer_action(state)))


def test_the_quick_pick_of_the_car_records_the_kill(
    open_board: Callable[[], MainWindow],
) -> None:
    # Terror: "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed." The only Street Victim is on South Street; her own space chosen on the board
    # before does not stop the pick.
    window = open_board()
    _one_street_victim(window)
    bar = window.game.round_bar
    bar.space_chosen(state_of(window).table.final_girl or "")
    card = state_of(window).cards.find("terror", HIT_BY_A_CAR)
    assert card is not None
    before = state_of(window).counters.terror_left
    bar._fill_terror_menu()
    entry = next(a for a in bar.terror_menu.actions() if a.text() == card.name)
    entry.trigger()
    after = state_of(window)
    assert after.counters.terror_left == before - 1
    assert after.table.victims_at("street-s") == 0


def test_the_quick_pick_after_accept_with_her_house_chosen(
    open_board: Callable[[], MainWindow],
) -> None:
    from frightmare.model.actions.lane import Place

    window = open_board()
    for space in list(state_of(window).table.victims):
        window.act(SetVictims(space=space, count=0))
    window.act(SetVictims(space="street-s", count=1))
    window.act(SetVictims(space="house-se-street", count=2))
    window.act(Place(piece="final girl", space="house-ne-street"))
    window.act(NextPhase())
    window.act(NextPhase())
    window.game.killer_steps.accept.click()
    assert state_of(window).killer_action_done
    window.game.board_view.space_selected.emit("house-ne-street")
    bar = window.game.round_bar
    before = state_of(window).counters.terror_left
    bar.terror_menu.aboutToShow.emit()
    entry = next(a for a in bar.terror_menu.actions() if a.text() == HIT_BY_A_CAR)
    entry.trigger()
    after = state_of(window)
    assert after.counters.terror_left == before - 1, after.log[-3:]
    assert after.table.victims_at("street-s") == 0


def _panic_owed(window: MainWindow) -> None:
    """Round 1's Panic phase with a Victim left in his space (a Victim died this round)."""
    from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction

    him = state_of(window).table.killer
    assert him is not None
    for space in list(state_of(window).table.victims):
        window.act(SetVictims(space=space, count=0))
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(AdjustCounter(counter="killed", delta=1))
    window.act(SetVictims(space=him, count=1))
    window.act(DrawTerror(name="Ewwww! That's disgusting!"))
    window.act(NextPhase())
    assert state_of(window).phase == "panic"


def test_next_does_not_drop_the_panic_it_proposes(open_board: Callable[[], MainWindow]) -> None:
    # Rules notes §1, Panic: "the Victims in the Killer's space panic and move". The panel
    # proposes where they run; Next phase does not leave the phase without it, and says why.
    window = open_board()
    _panic_owed(window)
    bar, banner = window.game.round_bar, window.game.banner
    assert "panic" in bar.next_phase.toolTip().lower()
    bar.next_phase.click()
    assert state_of(window).phase == "panic"
    assert "panic" in banner.news.text().lower()
    assert banner.record_anyway.isVisibleTo(banner)
    # The panel's Accept records it; then Next goes on.
    window.game.panic_steps.accept.click()
    assert state_of(window).panic_recorded
    bar.next_phase.click()
    assert state_of(window).phase != "panic"


def test_next_does_not_drop_a_boiler_room_attack(open_game: Callable[..., MainWindow]) -> None:
    # The Boiler Room: a card that shows him means he attacks; the damage is recorded before
    # the Killer phase ends (issue 31: Next moved on with her Health unchanged).
    from frightmare.model.actions.dream import DrFrightAttacks, FallAsleep, SetDeckMode, Slide
    from frightmare.model.actions.round import DrawTerror, KillerAction

    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.act(SetDeckMode(mode="physical"))
    window.act(FallAsleep(cause="short rest"))
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))
    window.act(DrawTerror(name="Ewwww! That's disgusting!"))
    stack = state_of(window).dream.stack
    direction = stack.legal_directions()[0]
    window.act(Slide(direction=direction, report=sorted(stack.visible_after(direction))[0]))
    assert state_of(window).dream.attack_open
    bar, banner = window.game.round_bar, window.game.banner
    bar.next_phase.click()
    assert state_of(window).phase == "killer"
    assert "record the damage" in banner.news.text()
    window.act(DrFrightAttacks(target="final girl", damage=1))
    bar.next_phase.click()
    assert state_of(window).phase != "killer"


def test_next_records_the_cars_only_kill_first(open_board: Callable[[], MainWindow]) -> None:
    # Terror: "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed": named only, with one Street Victim, the round bar's Next records the kill
    # first (its own step), then goes on.
    from frightmare.model.actions.round import DrawTerror

    window = open_board()
    _one_street_victim(window)
    window.act(DrawTerror(name=HIT_BY_A_CAR))
    assert state_of(window).card_open == HIT_BY_A_CAR
    bar = window.game.round_bar
    assert not bar.next_phase.property("refused")
    assert "Records first" in bar.next_phase.toolTip()
    bar.next_phase.click()
    state = state_of(window)
    assert state.table.victims_at("street-s") == 0 and state.phase != "killer"
