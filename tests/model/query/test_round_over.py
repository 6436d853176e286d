"""The round owes nothing more: the play that settled the last thing its Killer or Panic phase
owed may end the round through a quiet Upkeep (issue 31: no input wasted)."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model import GameSetup
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.game.state import GameState, new_game
from frightmare.model.history import History
from frightmare.model.query.round_over import round_settled
from frightmare.model.rules import apply

MAPLE = GameSetup(final_girl="Nancy", setup_card="Maple Lane")


def killer_phase(*, asleep: bool = False) -> GameState:
    history = History(new_game(MAPLE, seed=1))
    if asleep:
        history.do(FallAsleep(cause="short rest"))
    history.do(NextPhase())
    history.do(NextPhase())
    assert history.state.phase == "killer"
    return history.state


def test_the_killer_phase_is_settled_by_its_killer_action_and_its_terror_card() -> None:
    # Rules notes §1: "Killer: the Killer performs his Killer Action ..., then one Terror card
    # is drawn and resolved".
    state = killer_phase()
    assert not round_settled(state)
    acted = apply(state, KillerAction(move_icon=False))
    assert not round_settled(acted)  # the Terror card is still to draw
    assert round_settled(replace(acted, terror_this_round=True))


def test_asleep_the_killer_phase_waits_for_her_boiler_room_card() -> None:
    # The rulebook: "you must ALWAYS resolve one, and exactly one BR card ... during the Terror
    # phase".
    acted = replace(apply(killer_phase(asleep=True), KillerAction(move_icon=False)))
    drawn = replace(acted, terror_this_round=True)
    assert not round_settled(drawn)
    resolved = replace(drawn, dream=replace(drawn.dream, killer_card_resolved=True))
    assert round_settled(resolved)


def test_a_victim_dead_this_round_leads_to_panic_not_to_the_next_round() -> None:
    # Rules notes §1: "Panic: only when a Victim died this round".
    acted = replace(apply(killer_phase(), KillerAction(move_icon=False)), terror_this_round=True)
    died = replace(acted, counters=replace(acted.counters, died_this_round=1))
    assert not round_settled(died)
    panic = apply(died, NextPhase())
    assert panic.phase == "panic"
    assert round_settled(replace(panic, panic_recorded=True))


def test_an_action_phase_or_a_game_over_never_ends_the_round() -> None:
    state = new_game(MAPLE, seed=1)
    assert not round_settled(state)
    acted = replace(apply(killer_phase(), KillerAction(move_icon=False)), terror_this_round=True)
    assert not round_settled(replace(acted, result="win"))
