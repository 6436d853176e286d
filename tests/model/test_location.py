"""Another Location's plain table (issue 14, item 2): Victims on the board, saved and killed,
one Item deck (cards left, the named top card), and notes of where things are."""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealDarkPower, VictimsPanic
from frightmare.model.actions.journal import ACTION_ADAPTER, Action
from frightmare.model.actions.lane import DiscardItem, ToggleHand
from frightmare.model.actions.location import (
    MAX_DECK,
    MAX_VICTIMS,
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.counters import SHOCK_LIMIT, shock_factor_location
from frightmare.model.errors import RuleViolation
from frightmare.model.location import UNKNOWN_ITEM
from frightmare.model.rules import apply, record_anyway

CAMP = "Camp Happy Trails"


def game(killer: str = "Hans") -> History:
    return History(new_game(GameSetup(killer=killer, location=CAMP), seed=9))


def test_victims_are_placed_saved_killed_and_corrected() -> None:
    history = game()
    history.do(AddLocationVictims(count=5))
    history.do(LocationVictimsSaved(count=2))
    state = history.do(LocationVictimsKilled())
    assert state.location is not None and state.location.victims == 2
    assert state.counters.victims_saved == 2 and state.counters.victims_killed == 1
    # "Every Victim death raises Bloodlust by 1" (the round's rules hold on any Location).
    assert state.counters.bloodlust == 1 and state.counters.died_this_round == 1
    state = history.do(SetLocationVictims(count=9))
    assert state.location is not None and state.location.victims == 9
    undone = history.undo()
    assert undone.location is not None and undone.location.victims == 2


def test_no_more_victims_leave_the_board_than_are_on_it() -> None:
    history = game()
    history.do(AddLocationVictims(count=1))
    with pytest.raises(RuleViolation, match="Only 1 Victim on the board"):
        history.do(LocationVictimsKilled(count=2))
    with pytest.raises(RuleViolation, match="correct the number"):
        history.do(LocationVictimsSaved(count=3))


def test_victims_cannot_be_saved_while_asleep_against_dr_fright() -> None:
    # Rulebook, "When you are Asleep": "Victims will NOT follow you, nor are you able to save
    # them." (Dr. Fright's rule, wherever he is.)
    history = game(killer="Dr. Fright")
    history.do(AddLocationVictims(count=2))
    history.do(FallAsleep())
    with pytest.raises(RuleViolation) as refused:
        history.do(LocationVictimsSaved())
    assert refused.value.rule == "When you are Asleep"
    # The way to record it anyway: correct the board and the counter.
    history.do(SetLocationVictims(count=1))


def test_the_item_deck_counts_names_its_top_card_and_deals_into_her_hand() -> None:
    history = game()
    with pytest.raises(RuleViolation, match="Item deck is empty"):
        history.do(TakeLocationItem())
    history.do(SetLocationDeck(cards=3))
    history.do(NameLocationTopCard(name="  Baseball   bat "))
    state = history.do(TakeLocationItem())
    assert state.location is not None
    assert (state.location.deck_left, state.location.top_card) == (2, None)
    assert [i.name for i in state.table.held] == ["Baseball bat"]
    # "Name the new top card" is a reminder: its kind, with the cards left in the deck.
    assert [(e.kind, e.count) for e in state.events] == [("record-top-card", 2)]
    state = history.do(TakeLocationItem(name="Flare gun"))
    state = history.do(TakeLocationItem())
    assert [i.name for i in state.table.held] == ["Baseball bat", "Flare gun", UNKNOWN_ITEM]
    assert state.location is not None and state.location.deck_left == 0
    # Her items work as anywhere: in hand or not, discarded.
    state = history.do(ToggleHand(index=1))
    state = history.do(DiscardItem(index=2))
    assert state.table.discarded == (UNKNOWN_ITEM,)
    # Back into the deck: on top face up (it is the named top card), or at the bottom.
    state = history.do(PutBackLocationItem(index=0, position="top"))
    assert state.location is not None
    assert (state.location.deck_left, state.location.top_card) == (1, "Baseball bat")
    state = history.do(PutBackLocationItem(index=0, position="bottom"))
    assert state.location is not None
    assert (state.location.deck_left, state.location.top_card) == (2, "Baseball bat")
    assert state.table.held == ()
    with pytest.raises(RuleViolation, match="does not hold"):
        history.do(PutBackLocationItem(index=0))


def test_an_empty_deck_has_no_top_card() -> None:
    history = game()
    with pytest.raises(RuleViolation, match="set how many"):
        history.do(NameLocationTopCard(name="Rifle"))
    history.do(SetLocationDeck(cards=1))
    history.do(NameLocationTopCard(name="Rifle"))
    state = history.do(SetLocationDeck(cards=0))
    assert state.location is not None and state.location.top_card is None


def test_notes_of_where_things_are_are_kept_and_undone() -> None:
    history = game()
    state = history.do(LocationNotes(notes="Hans: boathouse\nHer: cabin 3"))
    assert state.location is not None and state.location.notes.startswith("Hans: boathouse")
    undone = history.undo()
    assert undone.location is not None and undone.location.notes == ""


@pytest.mark.parametrize(
    ("action", "line"),
    [
        (AddLocationVictims(count=2), "Placed 2 Victims on the board"),
        (SetLocationVictims(count=0), "Victims on the board set to 0"),
        (LocationVictimsSaved(count=1), "Saved 1 Victim"),
        (LocationVictimsKilled(count=1), "A Victim died"),
        (LocationVictimsKilled(count=3), "3 Victims died"),
        (SetLocationDeck(cards=1), "Item deck: 1 card left"),
        (NameLocationTopCard(name=None), "Item deck's top card: unknown"),
        (TakeLocationItem(name="Rifle"), "Took Rifle from the Item deck"),
        (
            PutBackLocationItem(index=0, position="top"),
            "Put an item back at the top of the Item deck",
        ),
        (LocationNotes(notes=""), "Cleared the notes of where things are"),
        (LocationNotes(notes="x" * 50), "Where things are: " + "x" * 40 + "…"),
    ],
)
def test_each_action_has_a_history_line_and_survives_the_journal(action: Action, line: str) -> None:
    assert action.describe() == line
    dumped = ACTION_ADAPTER.dump_python(action, mode="json")
    assert ACTION_ADAPTER.validate_python(dumped) == action


def test_the_board_victims_are_never_negative_through_any_order_of_plays() -> None:
    state = new_game(GameSetup(location=CAMP), seed=1)
    for action in (AddLocationVictims(count=2), LocationVictimsKilled(), LocationVictimsKilled()):
        state = apply(state, action)
    assert state.location is not None and state.location.victims == 0
    with pytest.raises(RuleViolation):
        apply(state, LocationVictimsKilled())


def test_the_counts_stop_at_what_the_app_keeps_and_say_so() -> None:
    history = game()
    history.do(SetLocationVictims(count=MAX_VICTIMS))
    with pytest.raises(RuleViolation, match=f"up to {MAX_VICTIMS} Victims"):
        history.do(AddLocationVictims())
    history.do(SetLocationDeck(cards=1))
    history.do(TakeLocationItem(name="Axe"))
    history.do(SetLocationDeck(cards=MAX_DECK))
    with pytest.raises(RuleViolation, match=f"up to {MAX_DECK} cards"):
        history.do(PutBackLocationItem(index=0))


def camp(*, shock: bool, victims: int) -> History:
    history = History(new_game(GameSetup(location=CAMP, epic=True), seed=3))
    if shock:
        history.do(RevealDarkPower(name="Shock Factor"))
    history.do(AddLocationVictims(count=victims))
    return history


def test_without_shock_factor_the_location_victims_panic_as_normal() -> None:
    # Shock Factor not revealed: no Victim "is killed instead"; all of them still panic.
    history = camp(shock=False, victims=4)
    state, left = shock_factor_location(history.state, 2)
    assert (state, left) == (history.state, 2)
    state = history.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 4
    assert state.counters.victims_killed == 0 and state.shock_kills_this_round == 0
    assert not [e for e in state.events if e.kind == "victim-died"]


def test_on_maple_lane_the_location_rule_leaves_the_victims_to_the_board() -> None:
    # The Location's count is for games away from Maple Lane; on it the board's rule applies.
    history = History(new_game(GameSetup(epic=True), seed=3))
    history.do(RevealDarkPower(name="Shock Factor"))
    assert shock_factor_location(history.state, 2) == (history.state, 2)


def test_past_its_limit_at_another_location_shock_factor_kills_no_more() -> None:
    # "(Max 3 per turn)": once 3 have died this round, the next Victims panic as normal.
    history = camp(shock=True, victims=6)
    state = history.do(VictimsPanic(count=SHOCK_LIMIT))
    assert state.shock_kills_this_round == SHOCK_LIMIT
    assert [e.count for e in state.events if e.kind == "victim-died"] == [SHOCK_LIMIT]
    killed, bloodlust = state.counters.victims_killed, state.counters.bloodlust
    state, left = shock_factor_location(history.state, 2)
    assert (state, left) == (history.state, 2)
    state = history.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 6 - SHOCK_LIMIT
    assert state.counters.victims_killed == killed and state.counters.bloodlust == bloodlust
    assert state.shock_kills_this_round == SHOCK_LIMIT
    assert not [e for e in state.events if e.kind == "victim-died"]


def test_more_victims_cannot_panic_than_the_location_has() -> None:
    # Shock Factor kills Victims that "would panic": Victims the table does not show cannot;
    # the player corrects the Location's count first, so this refusal cannot be overridden.
    history = camp(shock=True, victims=2)
    before = history.state
    with pytest.raises(RuleViolation, match="Only 2 Victim") as refused:
        history.do(VictimsPanic(count=3))
    assert not refused.value.overridable
    with pytest.raises(RuleViolation):
        history.do(record_anyway(VictimsPanic(count=3)))
    assert history.state is before
