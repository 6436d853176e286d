"""The controls' rule sentences, offers and ranges (``frightmare.model.query.notes``, issue 12
item 1: "Every control asks the model")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from frightmare.model import GameSetup, new_game
from frightmare.model.actions.lane import Move, Search
from frightmare.model.actions.round import (
    COUNTER_TITLES,
    DrawTerror,
    NextPhase,
    RevealKillerFinalHealth,
)
from frightmare.model.box.cards import MAPLE_LANE
from frightmare.model.game.state import PHASES, GameState, Phase
from frightmare.model.query.notes import (
    CONVINCE_NOTE,
    FINAL_HEALTH_TOKEN,
    KILLER_MOVES_NOTE,
    KILLER_STAYS_NOTE,
    MOVE_FOLLOWERS,
    MOVE_STEPS,
    SAVE_NOTE,
    SEARCH_DRAWN,
    SEARCH_NOTE,
    SEARCH_OTHER_NOTE,
    VICTIM_DIES_NOTE,
    bloodlust_note,
    counter_note,
    field_range,
    game_open,
    killer_action_offered,
    search_choices_open,
    search_keep,
    terror_offered,
)
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import apply

CAMP = "Camp Happy Trails"


def game(**setup: object) -> GameState:
    return new_game(GameSetup.from_json(setup), seed=5)


def test_the_spin_ranges_are_the_actions_own_bounds() -> None:
    """Rules notes §1, Movement: "a movement card moves her up to its number of spaces; up to 2
    Victims in her space may follow her": the ranges are ``Move``'s own bounds, so a value
    at the top of the range is accepted and one past it is not."""
    assert MOVE_STEPS == field_range(Move, "steps") == (1, 12)
    assert MOVE_FOLLOWERS == (0, 2)
    assert SEARCH_DRAWN == (1, 2)
    assert FINAL_HEALTH_TOKEN == field_range(RevealKillerFinalHealth, "value") == (1, 9)
    top = MOVE_STEPS[1]
    Move(to="street-n", steps=top, followers=MOVE_FOLLOWERS[1])
    with pytest.raises(ValueError, match="Move: steps"):
        Move(to="street-n", steps=top + 1)
    with pytest.raises(ValueError, match="Move: followers"):
        Move(to="street-n", followers=MOVE_FOLLOWERS[1] + 1)
    with pytest.raises(ValueError, match="Search: names"):
        Search(house="house-nw-street", names=(None,) * (SEARCH_DRAWN[1] + 1))


def test_a_field_without_bounds_has_no_range() -> None:
    with pytest.raises(LookupError):
        field_range(Search, "other_to")


def test_the_second_card_is_asked_and_kept_only_when_two_were_drawn() -> None:
    """``Search``: "with two, ``keep`` picks one and the other goes back"."""
    assert not search_choices_open(1) and search_choices_open(2)
    assert search_keep(1, keep_second=True) == 0
    assert search_keep(2, keep_second=True) == 1
    assert search_keep(2, keep_second=False) == 0


@pytest.mark.parametrize("phase", PHASES)
def test_the_terror_card_is_offered_in_the_killer_phase_before_the_finale(phase: Phase) -> None:
    """Rules notes §1, Killer: "then one Terror card is drawn and resolved (none after the
    Finale)"; the offer agrees with the model's refusal of a Terror card after the Finale."""
    state = replace(game(), phase=phase)
    assert terror_offered(state) == (phase == "killer")
    assert killer_action_offered(state) == (phase == "killer")
    after_finale = replace(state, finale="Time to Die")
    assert not terror_offered(after_finale)
    assert refusal(after_finale, DrawTerror(name="A Terror card")) is not None
    empty = replace(state, counters=replace(state.counters, terror_left=0))
    assert not terror_offered(empty)  # third walkthrough: shown greyed with the deck empty
    over = replace(state, result="win")
    assert not terror_offered(over) and not killer_action_offered(over) and not game_open(over)
    assert refusal(over, NextPhase()) is not None


def test_each_rule_note_cites_its_source() -> None:
    """House rule: "a rule that can refuse must have a source"; every rule sentence the GUI
    shows names where it comes from, worded as a refusal is ("(Rule: ...)")."""
    state = game(location=MAPLE_LANE)
    notes = [counter_note(state, c) for c in ("time", "health", "terror", "saved", "bloodlust")]
    notes += [
        CONVINCE_NOTE,
        SEARCH_NOTE,
        SAVE_NOTE,
        VICTIM_DIES_NOTE,
        KILLER_MOVES_NOTE,
        KILLER_STAYS_NOTE,
        SEARCH_OTHER_NOTE,
    ]
    for note in notes:
        assert "(Rule: " in note, note
        assert "game-facts" not in note and "shared" not in note


def test_the_bloodlust_note_names_the_smalleys_only_where_they_are() -> None:
    """Rulebook, Event: The Smalleys: "Each time one of the Smalleys is killed, +1 [icon]": a
    Maple Lane card; at Camp Happy Trails only the base rule (rules notes §1) applies."""
    maple = game(location=MAPLE_LANE)
    camp = game(location=CAMP, killer="Hans", killer_health=8)
    assert "Smalley" in bloodlust_note(maple)
    assert "Smalley" not in bloodlust_note(camp)
    assert f"revealed at {maple.box.dark_power_at}" in bloodlust_note(maple)
    assert counter_note(maple, "bloodlust") == bloodlust_note(maple)


def test_the_counter_notes_follow_the_game() -> None:
    """The notes read the box and the game: the Time a round gives back, the Final Health
    token once used, the Killer's own name on his Health."""
    state = game(killer="Hans", killer_health=8, location=CAMP)
    assert f"back to {state.box.time_per_round}" in counter_note(state, "time")
    used = replace(state, counters=replace(state.counters, final_health="used"))
    assert "already used" in counter_note(used, "health")
    assert "already used" not in counter_note(state, "health")
    assert counter_note(state, "killer health") == "Hans's Health"
    assert counter_note(state, "killed") == COUNTER_TITLES["killed"]
    overflow = replace(state, box=state.box.with_value("horror_overflow", 1))
    assert "rules notes §8" in counter_note(overflow, "horror")
    assert "\n" not in counter_note(state, "horror")


def test_a_game_still_on_accepts_a_next_phase() -> None:
    state = game()
    assert game_open(state)
    assert refusal(state, NextPhase()) is None
    apply(state, NextPhase())
