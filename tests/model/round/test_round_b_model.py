"""The model behind round B's one-click steps (issue 19): the end of a round through a quiet
Upkeep, his Killer Action with his attack on her, and the damage each attack offers."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model import GameSetup
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import Place
from frightmare.model.actions.round import AdjustCounter, KillerAction, NextPhase
from frightmare.model.actions.steps import HurtHerStep, KillStep
from frightmare.model.box.card_data import KillerActionData
from frightmare.model.box.cards import BOYFRIEND
from frightmare.model.game.state import GameState, new_game
from frightmare.model.game.table import HeldItem
from frightmare.model.history import History
from frightmare.model.query.killer_phase import (
    her_damage_choices,
    his_damage_choices,
    hit_her_plan,
    hits_her_offered,
    plan_killer_step,
    weapon_in_hand,
)
from frightmare.model.round.phases import (
    next_phase_label,
    next_phase_to,
    round_can_end,
    upkeep_passes,
)
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


def test_panic_is_skipped_when_no_victim_died() -> None:
    # Rules notes §1: "Panic: only when a Victim died this round".
    state = killer_phase()
    assert next_phase_to(state) == "upkeep"
    assert next_phase_to(replace(state, counters=replace(state.counters, died_this_round=1))) == (
        "panic"
    )
    assert apply(apply(state, KillerAction(move_icon=False)), NextPhase()).phase == "upkeep"


def test_a_quiet_upkeep_lets_the_round_end_in_one_go() -> None:
    # Rules notes §1: "Upkeep: when the Terror deck is empty the Finale is revealed; ongoing
    # effects resolve; her items may be rearranged": with nothing due, nothing to record.
    state = apply(killer_phase(), KillerAction(move_icon=False))
    assert round_can_end(state)
    assert next_phase_label(state) == "Round 2 ▸"
    upkeep = apply(state, NextPhase())
    assert upkeep.phase == "upkeep" and upkeep_passes(upkeep)


def test_the_finale_due_holds_the_round_in_upkeep() -> None:
    state = apply(killer_phase(), KillerAction(move_icon=False))
    empty = replace(state, counters=replace(state.counters, terror_left=0))
    assert not round_can_end(empty)
    assert next_phase_label(empty) == "Upkeep ▸"
    upkeep = apply(empty, NextPhase())
    assert "finale" in upkeep.due and not upkeep_passes(upkeep)


def test_the_boyfriend_holds_the_round_in_upkeep() -> None:
    # The checklist asks to resolve the Boyfriend's Upkeep effect, if his card has one.
    state = killer_phase()
    with_him = replace(state, table=replace(state.table, events=(*state.table.events, BOYFRIEND)))
    assert not round_can_end(with_him)


def test_asleep_the_boiler_room_card_still_due_refuses_the_end_of_the_round() -> None:
    # Rulebook, When you are Asleep: "You MUST resolve one Boiler Room card at the end of the
    # Killer Phase."
    state = apply(killer_phase(asleep=True), KillerAction(move_icon=False))
    assert not round_can_end(state)


def test_asleep_his_killer_action_may_hit_her_for_what_she_takes() -> None:
    # Rulebook, When you are Asleep: "Dr. Fright can now attack you! He will resolve all
    # Killer Actions as normal."
    state = killer_phase(asleep=True)
    her = state.table.final_girl
    assert her is not None
    state = apply(state, Place(piece="dr fright", space=her))
    printed = KillerActionData(target="closest", moves=0, attacks=1)
    plan = plan_killer_step(state, printed)
    assert hits_her_offered(state, plan, printed)
    hit = hit_her_plan(state, plan, printed, 1)
    assert hit.verdict.allowed
    assert [r for r in hit.records if isinstance(r, HurtHerStep)] == [HurtHerStep(damage=1)]
    after = apply(state, KillerAction(move_icon=False, steps=hit.records))
    assert after.counters.health == state.counters.health - 1
    # In her space: no reminder about his reach.
    assert all(event.kind != "attack-reach" for event in after.events)


def test_his_attack_recorded_where_the_board_has_him_elsewhere_reminds() -> None:
    state = killer_phase(asleep=True)
    state = apply(state, Place(piece="dr fright", space="exit-n"))
    after = apply(state, KillerAction(move_icon=False, steps=(HurtHerStep(damage=1),)))
    assert any(event.kind == "attack-reach" for event in after.events)


def test_awake_no_attack_on_her_is_offered() -> None:
    # Rulebook, When you are Awake: "Dr. Fright is NOT able to attack you".
    state = killer_phase()
    printed = KillerActionData(target="closest", moves=0, attacks=1)
    assert not hits_her_offered(state, plan_killer_step(state, printed), printed)


def test_an_action_that_kills_a_victim_offers_no_attack_on_her() -> None:
    state = killer_phase(asleep=True)
    state = apply(state, Place(piece="dr fright", space="intersection"))  # 2 Victims there
    printed = KillerActionData(target="closest", moves=0, attacks=1)
    plan = plan_killer_step(state, printed)
    assert any(isinstance(r, KillStep) for r in plan.records)
    assert not hits_her_offered(state, plan, printed)


def test_the_damage_offered_for_each_attack() -> None:
    state = killer_phase(asleep=True)
    assert her_damage_choices(state)[:4] == (0, 1, 2, 3)
    assert his_damage_choices(state) == (1, 2, 3, 4)
    # A weapon in her hands that adds damage (its card's value, one source) adds buttons;
    # one not in her hands adds none.
    machete = replace(state, table=replace(state.table, held=(HeldItem(name="Machete"),)))
    assert his_damage_choices(machete) == (1, 2, 3, 4, 5)
    stowed = (HeldItem(name="Machete", in_hand=False),)
    assert his_damage_choices(replace(state, table=replace(state.table, held=stowed))) == (
        1,
        2,
        3,
        4,
    )


def test_counters_keep_their_own_rules() -> None:
    # The end-of-round look-ahead changes nothing: the state asked about is untouched.
    state = apply(killer_phase(), KillerAction(move_icon=False))
    before = state
    round_can_end(state)
    assert state is before and state.phase == "killer"
    assert apply(state, AdjustCounter(counter="time", delta=-1)).counters.time == 5


def test_the_terror_cards_drawn_are_known_by_id() -> None:
    # Rules notes §1: "one Terror card is drawn and resolved"; the deck is not reshuffled.
    from frightmare.model.actions.round import DrawTerror
    from frightmare.model.box.cards import HIT_BY_A_CAR
    from frightmare.model.round.killer_turn import drawn_terror

    state = apply(killer_phase(), KillerAction(move_icon=False))
    assert drawn_terror(state) == frozenset()
    after = apply(state, DrawTerror(name=HIT_BY_A_CAR))
    card = after.cards.find("terror", HIT_BY_A_CAR)
    assert card is not None and drawn_terror(after) == {card.id}


def test_his_killer_action_says_each_step_once() -> None:
    # The message of the moment is shown whole (issue 19, Build 3): the one-step Killer Action
    # says each of its steps once, not once in its summary and again as the step is made.
    state = killer_phase(asleep=True)
    her = state.table.final_girl
    assert her is not None
    state = apply(state, Place(piece="dr fright", space="intersection"))
    printed = KillerActionData(target="closest", moves=2, attacks=1)
    plan = plan_killer_step(state, printed)
    hit = hit_her_plan(state, plan, printed, 1)
    after = apply(state, KillerAction(move_icon=True, steps=hit.records))
    lines = [line.casefold() for line in after.log]
    assert sum("you take 1 damage" in line for line in lines) == 1
    assert sum("dies on" in line or "kills a victim" in line for line in lines) <= 1
    assert sum("goes to" in line or "moves to" in line for line in lines) <= 1
    assert after.log[0] == "Killer Action:"


def test_the_weapon_in_her_hands_is_named_with_its_bonus() -> None:
    # Cards (one source): the Knife "+1 damage", the Machete "+2 damage"; a weapon she does not
    # hold in her hands adds nothing.
    state = killer_phase(asleep=True)
    assert weapon_in_hand(state) is None
    both = (HeldItem(name="Knife"), HeldItem(name="Machete"))
    assert weapon_in_hand(replace(state, table=replace(state.table, held=both))) == (
        "Machete",
        2,
    )
    stowed = (HeldItem(name="Knife"), HeldItem(name="Machete", in_hand=False))
    assert weapon_in_hand(replace(state, table=replace(state.table, held=stowed))) == ("Knife", 1)


def test_asleep_his_step_never_says_nobody_is_there_while_it_offers_his_attack_on_her() -> None:
    # Rulebook, When you are Asleep: "Dr. Fright can now attack you! He will resolve all
    # Killer Actions as normal." A re-walk read "no move. Nobody there." beside He hits you.
    state = killer_phase(asleep=True)
    printed = KillerActionData(target="closest", moves=0, attacks=1)
    plan = plan_killer_step(state, printed)
    assert hits_her_offered(state, plan, printed)
    assert "Nobody there." not in plan.text
    assert "If he reaches you, he attacks you." in plan.text
