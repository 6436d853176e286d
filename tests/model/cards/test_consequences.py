"""Every play carries its consequences (issue 20, Builds 3 to 5): attacks change Health, his
Killer Action moves him and kills in one step, Panic moves the Victims, and the audits' rule
points. Each test quotes its rule or cites its source."""

from __future__ import annotations

import pytest
from game_helpers import his_turn

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    FallAsleep,
    LiftAwakeBlock,
    RevealDarkPower,
    RevealFinale,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.journal import ACTION_ADAPTER
from frightmare.model.actions.lane import Place, Search, SetVictims
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.model.actions.steps import (
    CounterStep,
    HurtHerStep,
    KillerToStep,
    KillStep,
    PanicStep,
)
from frightmare.model.box.card_data import KillerActionData
from frightmare.model.box.cards import EVERYONE_MUST_DIE, PITCHFORK_ASSAULT
from frightmare.model.errors import RuleViolation
from frightmare.model.lane.killer import plan_killer_action
from frightmare.model.query.killer_phase import (
    killer_action_of,
    panic_action,
    plan_killer_step,
    plan_panic,
)
from frightmare.model.query.verdict import verdict
from frightmare.model.rules import apply, record_anyway

AWAKE_SIDE = "You may not attack or be attacked by Dr. Fright"


def maple(**setup: object) -> History:
    return History(new_game(GameSetup.from_json({"setup_card": "Maple Lane", **setup}), 1))


def killer_phase(**setup: object) -> History:
    history = maple(**setup)
    history.do(NextPhase())
    history.do(NextPhase())
    return history


# Attacks change Health ----------------------------------------------------------------------


def test_asleep_you_attack_for_two_takes_his_health_from_nine_to_seven() -> None:
    # "When you are Asleep": "You may move around the board, attack Dr. Fright"; her attack
    # deals the damage her weapon and roll give.
    history = maple()
    history.do(FallAsleep())
    assert history.state.counters.killer_health == 9
    state = history.do(AttackDrFright(damage=2))
    assert state.counters.killer_health == 7
    assert any(e.kind == "killer-hurt" and e.count == 2 for e in state.events)


def test_awake_his_health_minus_is_refused_with_the_rule_and_recordable() -> None:
    # The Awake/Asleep card, Awake side: "You may not attack or be attacked by Dr. Fright".
    history = maple()
    minus = AdjustCounter(counter="killer health", delta=-1)
    found = verdict(history.state, minus)
    assert found.status == "refused" and AWAKE_SIDE in found.rule
    with pytest.raises(RuleViolation) as refused:
        history.do(minus)
    assert refused.value.overridable
    state = history.do(record_anyway(minus))  # a card may allow it: the table is the truth
    assert state.counters.killer_health == 8
    # His Health going up is never refused; nor is it Asleep.
    assert verdict(state, AdjustCounter(counter="killer health", delta=1)).allowed
    asleep = apply(state, FallAsleep())
    assert verdict(asleep, minus).allowed


def test_an_effect_the_player_names_lifts_the_awake_block_for_as_long_as_it_says() -> None:
    # "When you are Awake": "unless an effect (such as the Dark Power 'The Frightmare is
    # Inevitable') allows": any effect, here Blurred Reality until the next Terror phase.
    history = killer_phase()
    history.do(LiftAwakeBlock(card="Blurred Reality", until="next-killer-phase"))
    assert verdict(history.state, AttackDrFright(damage=1)).allowed
    assert verdict(history.state, DrFrightAttacks(target="final girl", damage=1)).allowed
    assert verdict(history.state, AdjustCounter(counter="killer health", delta=-1)).allowed
    his_turn(history)
    for _ in range(4):  # Panic skipped: Upkeep, Action, Planning, then the next Killer phase
        history.do(NextPhase())
    assert history.state.phase == "killer"
    assert any(e.kind == "lasting-ends" for e in history.state.events)
    assert verdict(history.state, AttackDrFright(damage=1)).status == "refused"


def test_inevitable_lets_him_attack_her_awake_but_not_her_him() -> None:
    # Dark Power "The Frightmare is Inevitable": "Dr. Fright may attack you even if you are
    # Awake" (rulebook); it says nothing of her attacking him.
    history = maple()
    history.do(RevealDarkPower(name="The Frightmare is Inevitable"))
    assert verdict(history.state, DrFrightAttacks(target="final girl", damage=2)).allowed
    assert verdict(history.state, AttackDrFright(damage=2)).status == "refused"


def test_his_attack_takes_the_damage_after_her_defence_with_pitchfork_assault() -> None:
    # Pitchfork Assault (rules notes §4): "each time he damages you, +1 Horror".
    history = maple()
    history.do(RevealDarkPower(name=PITCHFORK_ASSAULT))
    history.do(FallAsleep())
    before = history.state.counters
    state = history.do(DrFrightAttacks(target="final girl", damage=1))
    assert state.counters.health == before.health - 1
    assert state.counters.horror == before.horror + 1
    assert any(e.kind == "pitchfork-assault" for e in state.events)
    # Fully defended: no damage, no Horror.
    state = history.do(DrFrightAttacks(target="final girl", damage=0))
    assert state.counters.horror == before.horror + 1


def test_his_attack_brings_her_final_health_due() -> None:
    # Rules notes §1: "When her Health is gone she turns over her Final Health token".
    history = maple()
    history.do(FallAsleep())
    state = history.do(DrFrightAttacks(target="final girl", damage=9))
    assert state.counters.health == 0 and "final-health" in state.due and state.result is None


def test_her_attack_brings_never_really_dead_due() -> None:
    # Never Really Dead (rules notes §4): "he comes back once".
    history = maple()
    history.do(RevealDarkPower(name="Never Really Dead"))
    history.do(FallAsleep())
    state = history.do(AttackDrFright(damage=9))
    assert state.result is None and "killer-final-health" in state.due


def test_pitchfork_assault_is_reminded_on_a_boiler_room_attack() -> None:
    # Pitchfork Assault: "each time he damages you" (rules notes §4), the Boiler Room's attack
    # ("he attacks you!", rulebook, The Boiler Room) included.
    history = maple(boiler_deck="physical")
    history.do(RevealDarkPower(name=PITCHFORK_ASSAULT))
    history.do(FallAsleep())
    state = history.do(Slide(direction="left", report="bottom-right"))
    kinds = [e.kind for e in state.events]
    assert "attack" in kinds and "pitchfork-assault" in kinds


# The Killer Action in one step --------------------------------------------------------------


def test_one_killer_action_step_moves_him_kills_a_victim_and_adds_bloodlust() -> None:
    # Rules notes §1: he moves toward his target and attacks where he stops; "Every Victim
    # death raises Bloodlust by 1".
    history = killer_phase()
    state = history.state
    assert state.table.killer == "street-n" and state.table.victims["intersection"] == 2
    step = KillerAction(
        move_icon=True,
        steps=(KillerToStep(space="intersection"), KillStep(space="intersection")),
    )
    after = history.do(step)
    assert after.table.killer == "intersection"
    assert after.table.victims["intersection"] == 1
    assert after.counters.bloodlust == state.counters.bloodlust + 1
    assert after.counters.victims_killed == 1 and after.killer_action_done
    assert len(history.actions) == 3  # one step in History


def test_the_app_proposes_the_closest_target_path() -> None:
    # Closest target (rules notes §1): both 1 space away, the House's 3 Victims before the
    # Intersection's 2 (one source); his Bloodlust row moves him 1 a move icon.
    state = killer_phase().state
    plan = plan_killer_action(state, KillerActionData(target="closest", moves=1, attacks=1))
    assert plan.path == ("street-n", "house-nw-street") and plan.kills == 1
    proposal = plan_killer_step(
        state, KillerActionData(target="closest", moves=1, attacks=1), {(0, "end"): "intersection"}
    )
    assert proposal.records == (KillerToStep(space="intersection"), KillStep(space="intersection"))


def test_awake_his_attack_aimed_at_her_hits_a_victim_where_he_stops() -> None:
    # "When you are Awake": "he will still move toward you but cannot attack you (if a Victim
    # is in the space he ends his movement in he WILL attack the Victim)".
    history = killer_phase()
    history.do(Place(piece="dr fright", space="intersection"))
    state = history.state
    plan = plan_killer_action(state, KillerActionData(target="final-girl", moves=1, attacks=1))
    assert plan.end == "street-s" and plan.attacks_on == (None,)
    here = plan_killer_action(state, KillerActionData(target="final-girl", moves=0, attacks=1))
    assert here.attacks_on == ("victim",)
    asleep = apply(state, FallAsleep())
    near = apply(asleep, Place(piece="dr fright", space="street-s"))
    hers = plan_killer_action(near, KillerActionData(target="final-girl", moves=0, attacks=1))
    assert hers.attacks_on == ("final girl",)


def test_his_attack_on_her_awake_is_refused_and_recordable() -> None:
    history = killer_phase()
    hurt = KillerAction(move_icon=False, steps=(HurtHerStep(damage=2),))
    assert verdict(history.state, hurt).status == "refused"
    assert history.do(record_anyway(hurt)).counters.health == history.start.counters.health - 2


def test_panic_moves_each_victim_where_the_player_sends_it() -> None:
    # Rules notes §1: "Panic: only when a Victim died this round; the Victims in the Killer's
    # space panic and move."
    history = killer_phase()
    history.do(
        KillerAction(
            move_icon=True,
            steps=(KillerToStep(space="intersection"), KillStep(space="intersection")),
        )
    )
    history.do(NextPhase())  # Panic: a Victim died this round
    state = history.state
    assert state.phase == "panic"
    plan = plan_panic(state)
    assert len(plan.choices) == 1  # one Victim left on the Intersection
    history.do(SetVictims(space="intersection", count=2))
    plan = plan_panic(
        history.state, chosen={(0, "intersection:1"): "street-n", (0, "intersection:2"): "street-s"}
    )
    action = panic_action(history.state, plan)
    assert action is not None
    after = history.do(action)
    assert after.table.victims["street-n"] == 1 and after.table.victims["street-s"] == 1
    assert after.table.victims["intersection"] == 0


def test_shock_factor_kills_the_panicking_victims_instead() -> None:
    # Epic Dark Power: Shock Factor: "If a Victim would panic, it is killed instead. (Max 3 per
    # turn)".
    history = maple(epic=True)
    history.do(RevealDarkPower(name="Shock Factor"))
    moves = tuple(PanicStep(source="house-nw-street", target="street-n") for _ in range(3))
    state = history.do(VictimsPanic(count=3, moves=moves))
    assert state.table.victims["house-nw-street"] == 0 and state.table.victims["street-n"] == 0
    assert state.counters.victims_killed == 3


# Everyone Must Die --------------------------------------------------------------------------


def test_everyone_must_die_revealed_with_no_victim_left_does_not_end_the_game() -> None:
    # Finale: "Everyone must die": "If none remain, you lose [icon]": the icon is what she
    # loses (one source: 4 Health, the card's editable value), never the game itself.
    history = killer_phase()
    for space in [s for s in history.state.board.spaces if history.state.table.occupied(s)]:
        history.do(SetVictims(space=space, count=0))
    state = history.do(RevealFinale(name=EVERYONE_MUST_DIE))
    assert state.result is None
    assert "you lose what its icon shows" in " ".join(state.log)
    assert "you lose." not in " ".join(state.log)
    plan = plan_killer_step(state)
    assert plan.records == (CounterStep(counter="health", delta=-4),)
    assert plan.confidence == "ONE"
    changed = plan_killer_step(state, chosen={(0, "lose"): 2})
    assert changed.records == (CounterStep(counter="health", delta=-2),)
    after = history.do(
        killer_action_of(plan, KillerActionData(target="closest", moves=0, attacks=0))
    )
    assert after.result is None and "final-health" in after.due  # Nancy's 4 Health gone


def test_everyone_must_die_kills_two_of_your_choice_each_killer_phase() -> None:
    # "Kill 2 Victims automatically (you may choose which)"; in each Killer phase after the
    # reveal by one source (the card's every_killer_phase switch, on).
    history = killer_phase()
    history.do(RevealFinale(name=EVERYONE_MUST_DIE))
    plan = plan_killer_step(history.state, chosen={(0, "kill0"): "intersection"})
    kills = [r for r in plan.records if isinstance(r, KillStep)]
    assert len(kills) == 2 and kills[0].space == "intersection"
    state = history.do(KillerAction(move_icon=False, steps=plan.records))
    assert state.counters.victims_killed == 2 and state.finale_actions == 1
    from frightmare.model.lane.killer import everyone_must_die_now

    assert everyone_must_die_now(state)  # next Killer phase too, with the switch on


# The Bicycle --------------------------------------------------------------------------------


def test_the_bicycle_taken_on_a_street_asks_which_adjacent_street() -> None:
    # Item: Bicycle: "place the Bicycle token on the Street space adjacent to you" (rulebook):
    # on North Street that is the Intersection or the North Exit, the player's to say.
    history = maple()
    history.do(Place(piece="final girl", space="street-n"))
    state = history.do(record_anyway(Search(house="house-nw-street", names=("Bicycle",))))
    ask = next(e for e in state.events if e.kind == "bicycle-choose-street")
    assert set(ask.spaces) == {"intersection", "exit-n"}
    assert state.table.bicycle is None
    placed = history.do(Place(piece="bicycle", space="exit-n"))
    assert placed.table.bicycle == "exit-n"


# Old journals keep loading ------------------------------------------------------------------


def test_a_journal_from_before_the_steps_reads_and_replays_as_before() -> None:
    # Actions saved before issue 20 have no steps, damage or moves: they read with defaults
    # and do what they did.
    old = [
        {"kind": "killer-action", "move_icon": True},
        {"kind": "terror", "name": "Franky's coming for you"},
        {"kind": "fright-attacks", "target": "final girl"},
        {"kind": "attack-fright"},
        {"kind": "panic", "count": 2, "space": None},
    ]
    actions = [ACTION_ADAPTER.validate_python(raw) for raw in old]
    assert isinstance(actions[1], DrawTerror) and actions[1].steps is None
    assert isinstance(actions[0], KillerAction) and actions[0].steps == ()
    history = killer_phase()
    for action in actions:
        history.do(record_anyway(action))
    assert history.state.killer_action_done and history.state.terror_drawn
    # Saved and read again: the same actions.
    for action in actions:
        assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(action)) == action
