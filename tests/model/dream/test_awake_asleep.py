"""Awake and Asleep: each rule with the rulebook sentence (or rules notes section) it checks."""

from __future__ import annotations

import pytest
from game_helpers import go_to, terror_time

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    FallAsleep,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SleepCause,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import SetCounter
from frightmare.model.actions.lane import MoveVictims, Place, SetVictims
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase, UseItem
from frightmare.model.actions.steps import (
    CounterStep,
    HurtHimStep,
    MinorPowerStep,
)
from frightmare.model.box.cards import INFERNAL_SEARCH
from frightmare.model.dream.deck import boiler_card_due
from frightmare.model.dream.dream import rules_in_force
from frightmare.model.errors import RuleViolation
from frightmare.model.query.plays import plays
from frightmare.model.query.verdict import verdict
from frightmare.model.rules import record_anyway


def game(*, epic: bool = False) -> History:
    return History(new_game(GameSetup(epic=epic), seed=99))


def test_you_start_the_game_awake() -> None:
    # "You will start the game Awake."
    assert game().state.dream.awake


@pytest.mark.parametrize("cause", ["short rest", "long rest"])
def test_a_rest_puts_you_to_sleep_whatever_the_roll(cause: SleepCause) -> None:
    # "you can do so by resolving a Short Rest or Long Rest Action card. Regardless of the
    # result, apply the normal effects and you fall Asleep."
    history = game()
    state = history.do(FallAsleep(cause=cause))
    assert state.asleep
    assert "Rest" in FallAsleep(cause=cause).describe()


def test_a_rest_is_an_action_card() -> None:
    history = game()
    go_to(history, "killer")
    with pytest.raises(RuleViolation, match="Action phase"):
        history.do(FallAsleep(cause="short rest"))
    # "Some Terror cards will cause you to fall Asleep": an effect works in any phase.
    assert history.do(FallAsleep(cause="effect")).asleep


def test_you_cannot_fall_asleep_twice() -> None:
    history = game()
    history.do(FallAsleep())
    with pytest.raises(RuleViolation, match="already Asleep"):
        history.do(FallAsleep())


def test_awake_he_cannot_attack_you() -> None:
    # "Dr. Fright is NOT able to attack you ... he will still move toward you but cannot attack
    # you (if a Victim is in the space he ends his movement in he WILL attack the Victim)."
    history = game()
    with pytest.raises(RuleViolation, match="attacks a Victim in the space where he stops"):
        history.do(DrFrightAttacks(target="final girl"))
    history.do(DrFrightAttacks(target="victim"))


def test_the_frightmare_is_inevitable_lets_him_attack_you_awake() -> None:
    # Dark Power "The Frightmare is inevitable": "Dr. Fright may attack you even if you are
    # Awake."
    history = game()
    history.do(RevealDarkPower(name="The Frightmare is Inevitable"))
    assert history.state.dream.awake
    history.do(DrFrightAttacks(target="final girl"))
    assert "attack you even though you are Awake" in rules_in_force(history.state)[0]


def test_awake_you_cannot_attack_him_asleep_you_can() -> None:
    # "Dr. Fright is NOT able to attack you and you are NOT able to attack him." /
    # Asleep: "You may move around the board, attack Dr. Fright".
    history = game()
    with pytest.raises(RuleViolation, match=r"not able to attack Dr\. Fright"):
        history.do(AttackDrFright())
    history.do(FallAsleep())
    history.do(AttackDrFright())
    assert history.actions[-1] == AttackDrFright()  # recorded, not refused
    # Falling Asleep was the last step's news, not this one's: only the attack to resolve.
    assert [e.kind for e in history.state.events] == ["your-attack"]
    history.do(DrFrightAttacks(target="final girl"))  # "Dr. Fright can now attack you!"


def test_asleep_an_attack_from_another_space_is_only_a_reminder() -> None:
    # The rulebook prints no "attack him only from his space" (only Everyone Must Die's "may be
    # attacked from any space", and her items may reach further): a reminder, never a refusal.
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))  # apart
    history.do(FallAsleep())
    state = history.do(AttackDrFright())
    reach = [e for e in state.events if e.kind == "attack-reach"]
    assert [e.spaces for e in reach] == [(state.table.final_girl, state.table.killer)]
    history.do(Place(piece="final girl", space="street-n"))  # his space
    kinds = [e.kind for e in history.do(AttackDrFright()).events]
    assert kinds == ["your-attack"]  # no reminder in his space


def test_everyone_must_die_lets_you_attack_from_any_space() -> None:
    # Finale "Everyone must die": "For the remainder of the game, Dr. Fright may be attacked
    # from any space if you are Asleep."
    history = game()
    state = history.do(RevealFinale(name="Everyone Must Die"))
    assert state.finale == "Everyone Must Die" and state.table.killer is None  # "on this card"
    # "Kill 2 Victims automatically (you may choose which)": the player chooses, so the app
    # says how many, with the card's name.
    kill = [(e.count, e.name) for e in state.events if e.kind == "kill-victims"]
    assert kill == [(2, "Everyone Must Die")]
    assert "killer-leaves-board" in [e.kind for e in state.events]
    with pytest.raises(RuleViolation):
        history.do(AttackDrFright())  # still not while Awake
    history.do(FallAsleep())
    events = history.do(AttackDrFright()).events
    assert [e.kind for e in events] == ["attack-from-any-space"]


def test_asleep_victims_do_not_follow_and_cannot_be_saved() -> None:
    # Asleep side of the card: "Victims will NOT follow you during movement and cannot be saved."
    history = game()
    assert not any("Victims do not follow" in line for line in rules_in_force(history.state))
    history.do(FallAsleep())
    assert "Victims do not follow you and cannot be saved." in rules_in_force(history.state)


def test_the_boiler_room_is_only_played_asleep() -> None:
    # "when you are Asleep you enter the Boiler Room"
    history = game()
    with pytest.raises(RuleViolation, match="only played while you are Asleep"):
        history.do(Slide(direction="up"))


def test_any_number_of_cards_in_the_action_phase() -> None:
    # "You can choose to resolve as many as you wish during the Action phase (including none)"
    history = game()
    history.do(FallAsleep())
    for direction in ("up", "up", "left"):
        history.do(Slide(direction=direction))
    assert len(history.state.dream.reveals) == 3
    assert not boiler_card_due(history.state)


def test_a_card_is_due_at_the_end_of_the_killer_phase() -> None:
    # "You MUST resolve one Boiler Room card at the end of the Killer Phase."
    history = game()
    history.do(FallAsleep())
    go_to(history, "killer")
    assert boiler_card_due(history.state)
    assert "A Boiler Room card is due now" in " ".join(rules_in_force(history.state))


def test_falling_asleep_during_the_killer_phase_still_owes_the_card() -> None:
    history = game()
    go_to(history, "killer")
    state = history.do(FallAsleep())  # a Terror card
    # "You MUST resolve one Boiler Room card at the end of the Killer Phase."
    assert [e.kind for e in state.events] == ["fell-asleep", "boiler-card-due"]
    assert boiler_card_due(state)
    with pytest.raises(RuleViolation):
        history.do(NextPhase())


def test_shock_factor_kills_panicking_victims_three_a_round() -> None:
    # Epic Dark Power "Shock Factor": "If a Victim would panic, it is killed instead. (Max 3
    # per turn)". One rule for both paths: the board, the counters and Bloodlust change.
    history = game(epic=True)
    history.do(Place(piece="dr fright", space="intersection"))
    history.do(SetVictims(space="intersection", count=6))
    history.do(RevealDarkPower(name="Shock Factor"))
    state = history.do(VictimsPanic(count=2))  # in his space by default
    assert state.table.victims["intersection"] == 4
    assert state.counters.victims_killed == 2 and state.counters.bloodlust == 2
    state = history.do(MoveVictims(source="intersection", target="street-n", count=3, panic=True))
    assert state.table.victims["intersection"] == 1  # 1 killed (the 3rd), 2 panicked
    assert state.table.victims["street-n"] == 2
    assert state.counters.victims_killed == 3 and state.counters.bloodlust == 3
    assert state.shock_kills_this_round == 3
    state = history.do(VictimsPanic(count=1))  # the allowance is used up
    assert state.table.victims["intersection"] == 1 and state.counters.victims_killed == 3
    go_to(history, "panic")
    # The Victim left in his space panics at the table (issue 31: the phase owes it).
    history.do(record_anyway(NextPhase()))
    assert history.do(NextPhase()).round == 2  # a new round
    state = history.do(VictimsPanic(count=1, space="street-n"))
    assert state.table.victims["street-n"] == 1 and state.counters.victims_killed == 4


def test_shock_factor_needs_the_epic_setup() -> None:
    with pytest.raises(RuleViolation, match="Epic Dark Power"):
        game().do(RevealDarkPower(name="Shock Factor"))


def test_face_your_fright_sleeps_for_good_and_resets_the_deck() -> None:
    # Rules notes §4: "Face Your Fright (if you are Awake when it is revealed you fall
    # Asleep and stay Asleep for the rest of the game; the Boiler Room resets when you finish
    # it)"
    history = game()
    state = history.do(RevealFinale(name="Face Your Fright"))
    assert state.asleep and state.dream.asleep_for_good
    for direction in ("up", "up", "left", "down"):
        state = history.do(Slide(direction=direction))
    assert state.asleep
    assert state.dream.reveals == () and state.dream.shuffles == 1
    kinds = [e.kind for e in state.events]
    assert "deck-reset" in kinds and "woke" not in kinds


def test_time_to_die_puts_you_to_sleep_at_upkeep_if_awake() -> None:
    # Rules notes §4: "Time to Die (... if you are Awake at Upkeep you lose 2 Health and
    # fall Asleep)."
    history = game()
    health = history.state.counters.health
    history.do(RevealFinale(name="Time to Die"))
    go_to(history, "upkeep")
    assert history.state.asleep
    assert history.state.counters.health == health - 2
    assert "fell-asleep" in [e.kind for e in history.state.events]


def test_bloodlust_maximum_resets_the_deck_only_when_asleep() -> None:
    # Rules notes §4: "Bloodlust at its maximum: if you are Asleep, reset the Boiler
    # Room deck; otherwise you fall Asleep."
    history = game()
    with pytest.raises(RuleViolation, match="fall Asleep instead"):
        history.do(ResetBoilerRoom(cause="bloodlust"))
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    # Below the top row (one source's) it is only reminded: the table's word stands.
    below = history.do(ResetBoilerRoom(cause="bloodlust"))
    assert "Reset for Bloodlust at" in " ".join(below.log)
    history.undo()
    history.do(SetCounter(counter="bloodlust", value=history.state.box.bloodlust_max))
    state = history.do(ResetBoilerRoom(cause="bloodlust"))
    assert state.asleep and state.dream.reveals == ()


def test_the_dark_power_and_finale_are_revealed_once() -> None:
    history = game()
    history.do(RevealDarkPower(name="Pitchfork Assault"))
    with pytest.raises(RuleViolation, match="already revealed"):
        history.do(RevealDarkPower(name="Never Really Dead"))
    # Issue 9 item 12: a Finale the lists lack is "resolved as printed": tracked, no effect.
    state = history.do(RevealFinale(name="Dream Warfare"))
    assert state.finale == "Dream Warfare" and state.dream.awake
    with pytest.raises(RuleViolation, match="already revealed"):
        history.do(RevealFinale(name="Time to Die"))


def with_infernal_search() -> History:
    history = terror_time()
    history.do(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    return history


def test_her_attack_on_a_minor_dark_power_while_awake_is_not_refused() -> None:
    # The Awake side forbids attacks between her and Dr. Fright ("You may not attack or be
    # attacked by Dr. Fright"); whether a Minor Dark Power may be damaged while she is Awake no
    # source says (rules notes §10: an open question, the player's call). So no refusal: the
    # attack is recorded, with a note that the rules do not say.
    history = with_infernal_search()
    state = history.state
    assert state.dream.awake
    attack = AttackDrFright(damage=1, on=INFERNAL_SEARCH)
    assert verdict(state, attack).allowed
    assert plays(state).attack_on(INFERNAL_SEARCH).allowed
    state = history.do(attack)
    assert [(p.card, p.health) for p in state.minor_powers] == [(INFERNAL_SEARCH, 1)]
    assert "minor-power-awake" in [e.kind for e in state.events]
    # Dr. Fright himself is still out of reach while she is Awake.
    assert plays(state).attack_on(None).status == "refused"
    with pytest.raises(RuleViolation, match="Awake"):
        history.do(AttackDrFright(damage=1))


def test_an_item_damaging_a_minor_dark_power_while_awake_is_not_refused() -> None:
    # As above, for the damage an Item's use records (rules notes §10).
    history = with_infernal_search()
    from frightmare.model.actions.edit import HeldItemData, SetItems

    history.do(SetItems(items=(HeldItemData(name="Rifle"),)))
    use = UseItem(index=0, steps=(HurtHimStep(damage=2, on=INFERNAL_SEARCH),))
    assert verdict(history.state, use).allowed
    state = history.do(use)
    assert state.minor_powers == ()


@pytest.mark.parametrize(
    "play",
    [
        KillerAction(move_icon=False, steps=(CounterStep(counter="killer health", delta=-9),)),
        VictimsPanic(count=1, moves=(CounterStep(counter="killer health", delta=-9),)),
        RevealFinale(
            name="Face Your Fright", steps=(CounterStep(counter="killer health", delta=-9),)
        ),
        DrawTerror(name="Stab Her", steps=(CounterStep(counter="killer health", delta=-9),)),
    ],
    ids=["killer action", "panic", "finale", "a card that does not hurt him"],
)
def test_no_play_wins_the_game_by_lowering_his_health_while_awake(
    play: KillerAction | VictimsPanic | RevealFinale | DrawTerror,
) -> None:
    # The Awake/Asleep card, Awake side: "You may not attack or be attacked by Dr. Fright":
    # his Health goes down Awake only through an effect that says so (his own Terror card "OMG…
    # he's cutting off his own fingers!", one source) or the player's word (record anyway).
    history = terror_time()
    state = history.state
    answer = verdict(state, play)
    assert answer.status == "refused" and "Awake" in answer.message
    with pytest.raises(RuleViolation):
        history.do(play)
    assert history.state.result is None
    recorded = history.do(record_anyway(play))
    assert recorded.counters.killer_health == 0 and recorded.result == "win"


def test_his_own_card_still_hurts_him_while_awake() -> None:
    # "OMG… he's cutting off his own fingers!" (one source, rules notes §9): he takes 1 damage,
    # even while she is Awake (the card's doubt) -- his own doing, not an attack.
    history = terror_time()
    card = "OMG… he's cutting off his own fingers!"
    play = DrawTerror(name=card, steps=(CounterStep(counter="killer health", delta=-1),))
    assert verdict(history.state, play).allowed
    assert history.do(play).counters.killer_health == 8
