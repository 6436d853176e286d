"""The round tracker's automatic rules, each with the rule it checks."""

from __future__ import annotations

import contextlib

import pytest
from game_helpers import his_turn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import actions, note_reach, plays_for

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealDarkPower, RevealFinale, Slide
from frightmare.model.actions.edit import SetBoxValue, SetCounter
from frightmare.model.actions.game import EditNotes, EndGame
from frightmare.model.actions.lane import AddVictims, KillVictim, RevealEvent
from frightmare.model.actions.round import (
    AdjustCounter,
    CounterName,
    DiscardActionCard,
    DrawTerror,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseUltimate,
)
from frightmare.model.errors import RuleViolation
from frightmare.model.game.setup import KNOWN_FINAL_GIRLS
from frightmare.model.round.checklist import checklist, reminders
from frightmare.model.round.endings import ultimate_offered
from frightmare.model.rules import record_anyway


def game(**setup: object) -> History:
    return History(new_game(GameSetup.from_json(setup), seed=21))


def go_to(history: History, phase: str, *, his_action: bool = True) -> None:
    """Next phase until ``phase``. A Killer phase is played as the table plays it (rules notes
    §1: "the Killer performs his Killer Action [...], then one Terror card is drawn"): one
    reached has his Killer Action recorded, one left has its Terror card too."""
    his_turn(history)
    history.do(NextPhase())
    while history.state.phase != phase:
        his_turn(history)
        history.do(NextPhase())
    if phase == "killer" and his_action:
        history.do(KillerAction(move_icon=False))


def test_phases_run_in_order_and_the_round_advances() -> None:
    # Rules notes §1: "A round has five phases, in this order: Action, Planning, Killer,
    # Panic (only if a Victim died this round), Upkeep."
    history = game()
    history.do(AddVictims(space="intersection"))
    seen = [history.state.phase]
    history.do(NextPhase())
    seen.append(history.state.phase)
    history.do(NextPhase())
    seen.append(history.state.phase)
    history.do(KillVictim(space="intersection"))
    his_turn(history)
    for _ in range(3):
        history.do(NextPhase())
        seen.append(history.state.phase)
    assert seen == ["action", "planning", "killer", "panic", "upkeep", "action"]
    assert history.state.round == 2


def test_panic_is_skipped_when_no_victim_died() -> None:
    # "Panic - only if a Victim died this round"
    history = game()
    go_to(history, "killer")
    assert history.do(NextPhase()).phase == "upkeep"
    assert history.state.counters.died_this_round == 0


def test_time_resets_to_six_when_planning_ends() -> None:
    # "Planning - spend the Time left ...; then Time resets to 6"
    history = game()
    history.do(AdjustCounter(counter="time", delta=-4))
    go_to(history, "planning")
    assert history.state.counters.time == 2
    history.do(NextPhase())
    assert history.state.counters.time == 6


def test_discarding_an_action_card_gives_one_time() -> None:
    # "Any Action card may be discarded at any time for +1 Time."
    history = game()
    history.do(AdjustCounter(counter="time", delta=-3))
    assert history.do(DiscardActionCard()).counters.time == 4


def test_time_below_zero_ends_the_action_phase_only_with_its_switch() -> None:
    # Issue 9 item 11: no rulebook sentence says Time below 0 ends the Action phase; it is a
    # switch (rules notes §8), off unless box.json turns it on. Time never goes below 0.
    history = game()
    state = history.do(AdjustCounter(counter="time", delta=-7))
    assert state.counters.time == 0 and state.phase == "action"
    history.undo()
    history.do(SetBoxValue(name="time_below_zero_ends_action", value=1))
    state = history.do(AdjustCounter(counter="time", delta=-7))
    assert state.counters.time == 0 and state.phase == "planning"


def test_time_is_capped_only_with_its_switch() -> None:
    # Issue 9 item 11: "Time capped at 12" has no source: a switch, off by default.
    history = game()
    assert history.do(AdjustCounter(counter="time", delta=10)).counters.time == 16
    history.undo()
    history.do(SetBoxValue(name="time_cap", value=1))
    assert history.do(AdjustCounter(counter="time", delta=10)).counters.time == 12


def test_bloodlust_rises_with_each_death_and_smalleys_add_one() -> None:
    # "Every Victim death raises Bloodlust by 1." The Smalleys: "+1 [Bloodlust]" each.
    history = game(setup_card="Maple Lane")
    history.do(KillVictim(space="intersection"))
    history.do(RevealEvent(name="The Smalleys"))
    state = history.do(KillVictim(space="smalleys-house", who="smalley"))
    assert state.counters.bloodlust == 3


def test_horror_past_its_ends_stops_unless_its_switch_is_on() -> None:
    # Issue 9 item 11: Horror past its track's ends turning into Bloodlust or Time has no
    # source: off by default (the track just ends), a switch in box.json (rules notes §8).
    history = game()
    box = history.state.box
    history.do(AdjustCounter(counter="horror", delta=box.horror_max - box.horror_start))
    with pytest.raises(RuleViolation) as refused:  # the track just ends: +1 changes nothing
        history.do(AdjustCounter(counter="horror", delta=1))
    assert not refused.value.overridable
    state = history.state
    assert state.counters.horror == box.horror_max and state.counters.bloodlust == 0
    history = game()
    history.do(SetBoxValue(name="horror_overflow", value=1))
    box = history.state.box
    history.do(AdjustCounter(counter="horror", delta=box.horror_max - box.horror_start))
    state = history.do(AdjustCounter(counter="horror", delta=1))
    assert state.counters.horror == box.horror_max and state.counters.bloodlust == 1
    history.do(AdjustCounter(counter="horror", delta=-(box.horror_max - box.horror_min)))
    history.do(AdjustCounter(counter="time", delta=-2))
    state = history.do(AdjustCounter(counter="horror", delta=-1))
    assert state.counters.horror == box.horror_min and state.counters.time == 5


def test_a_counter_at_the_end_of_its_track_takes_no_step() -> None:
    """Walkthrough: Health +1 at her maximum, Killed -1 at 0 and his Health +1 at his maximum
    each added an undoable step that changed nothing. Like an edit to the value a counter
    already has, they are refused as impossible: there is nothing to record."""
    history = game()
    before = len(history)
    nothing: tuple[tuple[CounterName, int], ...] = (
        ("health", 1),
        ("killed", -1),
        ("killer health", 1),
        ("saved", -1),
    )
    for counter, delta in nothing:
        with pytest.raises(RuleViolation, match="changes nothing") as refused:
            history.do(AdjustCounter(counter=counter, delta=delta))
        assert not refused.value.overridable
    assert len(history) == before
    # A step that does change it is taken.
    assert history.do(AdjustCounter(counter="health", delta=-1)).counters.health == (
        history.state.box.health - 1
    )


def test_the_dark_power_threshold_is_announced() -> None:
    # "The Dark Power is revealed when Bloodlust reaches its marked row"
    history = game()
    at = history.state.box.dark_power_at
    state = history.do(AdjustCounter(counter="bloodlust", delta=at))
    assert "dark-power" in {key for key, _, _ in reminders(state)}
    history.do(RevealDarkPower(name="Pitchfork Assault"))
    assert "dark-power" not in {key for key, _, _ in reminders(history.state)}


def test_bloodlust_at_its_maximum_puts_you_to_sleep_or_resets_the_deck() -> None:
    # Rules notes §4: "Bloodlust rising while already at its maximum: if you are Asleep, reset
    # the Boiler Room deck; otherwise you fall Asleep."
    history = game()
    top = history.state.box.bloodlust_max
    assert history.do(AdjustCounter(counter="bloodlust", delta=top + 1)).asleep
    history.do(Slide(direction="up"))
    state = history.do(AdjustCounter(counter="bloodlust", delta=1))
    assert state.asleep and state.dream.reveals == () and state.counters.bloodlust == top


def test_the_finale_comes_at_the_upkeep_after_the_tenth_terror_card() -> None:
    # "Upkeep - if the Terror deck (10 cards) is empty, the Finale is revealed"
    history = game()
    for n in range(10):
        go_to(history, "killer")
        history.do(DrawTerror(name=f"Terror {n}"))
    assert history.state.counters.terror_left == 0
    go_to(history, "upkeep")
    assert "finale" in history.state.due
    with pytest.raises(RuleViolation, match="reveal the Finale first"):
        history.do(NextPhase())
    history.do(RevealFinale(name="Everyone Must Die"))
    go_to(history, "killer")
    # The deck is empty: said first, since no override can lift it.
    with pytest.raises(RuleViolation, match="Terror deck is empty") as empty:
        history.do(DrawTerror(name="Another"))
    assert not empty.value.overridable
    # "(none after the Finale)": with a card put back on the deck by hand, the Finale's rule.
    history.do(SetCounter(counter="terror", value=1))
    with pytest.raises(RuleViolation, match="After the Finale") as after:
        history.do(DrawTerror(name="Another"))
    assert after.value.overridable


def test_final_health_blank_means_death() -> None:
    history = game()
    health = history.state.counters.health
    state = history.do(AdjustCounter(counter="health", delta=-health))
    assert "final-health" in state.due
    with pytest.raises(RuleViolation, match="Final Health token first"):
        history.do(NextPhase())
    state = history.do(RevealFinalHealth(value=None))
    assert state.result == "loss" and state.ended_round == 1
    with pytest.raises(RuleViolation, match="The game is over"):
        history.do(NextPhase())
    history.do(EditNotes(notes="so close"))  # notes are still allowed


def test_final_health_with_health_is_a_comeback_and_the_phase_goes_on() -> None:
    # Issue 9 items 5 and 11: no source says Final Health ends the phase.
    history = game()
    history.do(AdjustCounter(counter="health", delta=-10))
    state = history.do(RevealFinalHealth(value=2))
    assert state.counters.health == 2 and state.counters.final_health == "used"
    assert state.phase == "action" and state.result is None
    state = history.do(AdjustCounter(counter="health", delta=-2))
    assert state.result == "loss"


def test_killing_him_wins_even_at_the_same_moment_she_dies() -> None:
    # "Win: the Killer dies (dying at the same moment as the Killer still wins)."
    history = game()
    history.do(FallAsleep())  # Awake, his Health is not for changing (issue 20)
    history.do(AdjustCounter(counter="health", delta=-10))
    history.do(AdjustCounter(counter="killer health", delta=-9))
    assert history.state.result == "win"
    history.undo()
    lost = history.do(RevealFinalHealth(value=None))
    assert lost.result == "loss"


def test_never_really_dead_brings_him_back_once() -> None:
    history = game()
    history.do(RevealDarkPower(name="Never Really Dead"))
    history.do(FallAsleep())  # Awake, his Health is not for changing (issue 20)
    state = history.do(AdjustCounter(counter="killer health", delta=-9))
    assert state.result is None and "killer-final-health" in state.due
    history.do(RevealKillerFinalHealth(value=3))
    assert history.do(AdjustCounter(counter="killer health", delta=-3)).result == "win"


def test_ultimate_is_recorded_with_a_reminder_never_refused() -> None:
    # Issue 9 item 11: "the Ultimate refused until every save slot is full" has no source in
    # the rulebook ("use the printed cards"): a reminder, never a refusal.
    history = game()
    assert not ultimate_offered(history.state)
    state = history.do(UseUltimate())
    assert state.counters.ultimate_used
    # The reminder is the point (never a refusal): how many of her save slots are filled.
    slots = [(e.count, e.total) for e in state.events if e.kind == "save-slots-open"]
    assert slots == [(0, state.box.save_slots)]
    assert state.events[0].kind == "ultimate"
    history.undo()
    history.do(SetCounter(counter="saved", value=history.state.box.save_slots))
    assert ultimate_offered(history.state)


def test_box_values_can_be_corrected_per_game() -> None:
    history = game(final_girl="Sheila")
    assert history.state.box.health == 6  # Rules notes §6: "Sheila: Health 6"
    history.do(SetBoxValue(name="dark_power_at", value=4))
    state = history.do(AdjustCounter(counter="bloodlust", delta=4))
    assert "dark-power" in {key for key, _, _ in reminders(state)}
    with pytest.raises(RuleViolation, match="Horror track"):
        history.do(SetBoxValue(name="horror_max", value=0))


def test_killer_phase_checklist_and_move_icon_reminder() -> None:
    history = game()
    history.do(FallAsleep())
    go_to(history, "killer", his_action=False)
    keys = {key for key, _, _ in reminders(history.state)}
    assert {"move-icon", "boiler", "terror"} <= keys
    history.do(KillerAction(move_icon=False))
    assert history.state.killer_action_done
    assert "move-icon" not in {key for key, _, _ in reminders(history.state)}
    done = dict(checklist(history.state))
    assert done["His Killer Action: recorded"] is True
    assert done["Last: resolve exactly one Boiler Room card (after the Terror card)"] is False
    with pytest.raises(RuleViolation, match="resolve one Boiler Room card"):
        history.do(NextPhase())


def test_franky_is_guided_by_the_board() -> None:
    # Terror "Franky's coming for you": "If Dr. Fright is in a space with at least one Victim:
    # [attack] Otherwise: [move]"
    history = game(setup_card="Maple Lane")
    go_to(history, "killer")
    # Which line of the card applies is decided by the model and told by the event's kind.
    franky = DrawTerror(name="Franky's coming for you")
    line = history.do(franky).events[0]
    assert (line.kind, line.name) == ("terror-other-line", "Franky's coming for you")
    history.undo()
    history.do(AddVictims(space="street-n"))
    line = history.do(franky).events[0]
    assert (line.kind, line.spaces) == ("terror-attack-line", ("street-n",))


def test_one_terror_card_is_drawn_in_the_killer_phase() -> None:
    # Rules notes §1: "Killer: the Killer performs his Killer Action [...], then one Terror card
    # is drawn and resolved." Elsewhere, or a second one, is refused and can be recorded anyway
    # (a card's effect may call for one).
    history = game(setup_card="Maple Lane")
    with pytest.raises(RuleViolation, match="Killer phase") as refused:
        history.do(DrawTerror(name="A Terror card"))
    assert refused.value.overridable
    history.do(NextPhase())
    history.do(NextPhase())
    # Before his Killer Action, the card is out of the round's order: asked, not silent.
    with pytest.raises(RuleViolation, match="Killer Action") as early:
        history.do(DrawTerror(name="A Terror card"))
    assert early.value.overridable
    history.do(KillerAction(move_icon=False))
    assert history.do(DrawTerror(name="A Terror card")).terror_drawn == ("A Terror card",)
    with pytest.raises(RuleViolation, match="One Terror card") as again:
        history.do(DrawTerror(name="Another"))
    assert again.value.overridable
    assert history.do(record_anyway(DrawTerror(name="Another"))).terror_drawn[-1] == "Another"


def test_a_terror_card_discarded_unresolved_is_followed_by_another() -> None:
    # Terror "They just got hit by a car!": "If there are no Victims in any Street spaces,
    # discard and draw another Terror card."
    history = game()  # no Setup card: no Victim on the board yet
    go_to(history, "killer")
    assert not any(history.state.table.occupied(s) for s in history.state.board.streets)
    state = history.do(DrawTerror(name="They just got hit by a car!"))
    assert state.events[0].kind == "terror-redraw"
    assert history.do(DrawTerror(name="A Terror card")).terror_drawn[-1] == "A Terror card"


def test_a_manual_end_is_recorded_with_the_round() -> None:
    history = game()
    go_to(history, "action")
    state = history.do(EndGame(result="win"))
    assert state.result == "win" and state.ended_round == 2


# The counters' own moves, with their choices drawn from the model (tests/model/strategies.py),
# among the legal plays of whole games.
COUNTER_MOVES = actions(
    AdjustCounter, NextPhase, DiscardActionCard, RevealFinalHealth, DrawTerror, Slide
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    steps=st.integers(20, 60),
    girl=st.sampled_from((*KNOWN_FINAL_GIRLS, "A Final Girl the box lacks")),
)
def test_counters_stay_in_range_and_replay_matches(
    data: st.DataObject, steps: int, girl: str
) -> None:
    history = game(final_girl=girl)
    for action in plays_for(data, history, steps, mix=COUNTER_MOVES):
        with contextlib.suppress(RuleViolation):
            history.do(action)
        c, box = history.state.counters, history.state.box
        assert c.time >= 0 and (c.time <= box.time_max or not box.time_cap)
        assert 0 <= c.health <= max(box.health, 9)
        assert box.horror_min <= c.horror <= box.horror_max
        assert 0 <= c.killer_health <= box.killer_health
        assert 0 <= c.bloodlust <= box.bloodlust_max
        assert 0 <= c.terror_left <= box.terror_cards
        assert c.victims_saved >= 0 and c.victims_killed >= 0
    note_reach(history)
    replayed = History(history.start, history.actions, history.cursor)
    assert replayed.state == history.state
