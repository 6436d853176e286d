"""The model's queries the GUI asks instead of holding a rule (issue 12 item 1): what an Event
may target, how searched a quadrant is, what a Convince line does, when the Boiler Room card is
due. Each test quotes the rulebook sentence or cites the rules notes section it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import (
    DiscardItem,
    Place,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    Search,
    ToggleHand,
)
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.board import ConvinceLine, QuadrantName
from frightmare.model.dream.deck import AWAKE_NOTE, DUE_LATER, DUE_NOW, boiler_card_note
from frightmare.model.dream.dream import REST_REMINDER, fall_asleep_note
from frightmare.model.game.state import GameState
from frightmare.model.lane.events import (
    EVENT_QUESTIONS,
    FIRE_DIE,
    event_needs,
    event_question,
    event_sample,
    event_targets,
)
from frightmare.model.lane.houses import convince_caption, convince_effects, search_progress
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import apply

PARTY = "Party in the Burbs!"


def maple(seed: int = 3) -> GameState:
    return new_game(GameSetup(), seed=seed)


def with_victims(state: GameState, space: str, count: int) -> GameState:
    table = state.table
    return replace(state, table=replace(table, victims=table.victims.add(space, count)))


def test_the_party_goes_only_into_a_house_that_holds_victims() -> None:
    """Rules notes §5: "Party in the Burbs!: 4 new Victims in a House that holds Victims, else
    on the Intersection"."""
    state = maple()
    board = state.board
    assert not any(state.table.occupied(h) for h in board.houses)
    # No House holds Victims: nothing to choose, the model puts the party on the Intersection.
    assert event_targets(state, PARTY) == ()
    after = apply(state, event_sample(state, PARTY))
    assert after.table.victims["intersection"] == state.table.victims["intersection"] + 4
    first, second = board.houses[0], board.houses[5]
    state = with_victims(with_victims(state, second, 2), first, 1)
    assert event_targets(state, PARTY) == tuple(h for h in board.houses if h in (first, second))
    for house in event_targets(state, PARTY):
        assert refusal(state, RevealEvent(name=PARTY, space=house)) is None
    empty = next(h for h in board.houses if not state.table.occupied(h))
    refused = refusal(state, RevealEvent(name=PARTY, space=empty))
    assert refused is not None and refused.overridable


@pytest.mark.parametrize("name", ["Officer Kopp", "Under Construction"])
def test_the_exit_events_target_the_exits(name: str) -> None:
    """Rules notes §5: "Officer Kopp: a Cop Car starts at an Exit"; "Under Construction: a
    Roadblock on an Exit"."""
    state = maple()
    assert event_targets(state, name) == state.board.exits
    for spot in event_targets(state, name):
        assert refusal(state, RevealEvent(name=name, space=spot)) is None
    street = next(s for s in state.board.streets if not state.board.is_exit(s))
    assert refusal(state, RevealEvent(name=name, space=street)) is not None


def test_fire_asks_for_a_die_and_says_what_it_decides() -> None:
    """Rules notes §5: "Fire!: a die picks the Boyfriend's House (1-3) or the Smalleys'
    (4-6)"; without a die the model refuses it with that sentence, the question asked."""
    state = maple()
    assert event_question("Fire!") == FIRE_DIE
    assert event_targets(state, "Fire!") == ()
    refused = refusal(state, RevealEvent(name="Fire!"))
    assert refused is not None and refused.message == FIRE_DIE
    assert event_sample(state, "Fire!").die == 1
    assert refusal(state, event_sample(state, "Fire!")) is None


def test_every_event_is_asked_what_it_needs_and_its_sample_is_asked_of_refusal() -> None:
    """Issue 12 item 1: an Event that needs a die, an Exit or a House does not skip
    ``refusal``: its sample (the first choice) is allowed, and refused once it is in play
    ("Event: ..." rule: the card is already out)."""
    state = with_victims(maple(), maple().board.houses[0], 1)
    for name in ("Fire!", "Officer Kopp", "Under Construction", PARTY, "Friendly Neighbors"):
        need = event_needs(name)
        expected = "" if need is None else EVENT_QUESTIONS[need]
        if name == "Officer Kopp":  # "on an Exit of your choice" (rules notes §5): no die
            expected = "On which Exit does the Cop Car start (your choice)?"
        assert event_question(name) == expected
        sample = event_sample(state, name)
        assert refusal(state, sample) is None, name
        after = apply(state, sample)
        if name in after.table.events:
            again = refusal(after, event_sample(after, name))
            assert again is not None and again.overridable and "already in play" in again.message


@pytest.mark.parametrize("quadrant", ["NW", "SW", "NE", "SE"])
def test_search_progress_counts_the_boards_houses(quadrant: QuadrantName) -> None:
    """Rulebook, "House spaces and quadrants": "each Quadrant has 3 Houses"; "place an "X"
    token on the House that you searched"."""
    history = History(maple())
    board = history.state.board
    houses = board.houses_in(quadrant)
    assert search_progress(history.state, quadrant) == (0, len(houses)) == (0, 3)
    history.do(Place(piece="final girl", space=houses[0]))
    history.do(Search(house=houses[0]))
    assert search_progress(history.state, quadrant) == (1, 3)


def test_naming_the_top_card_of_an_empty_deck_is_impossible() -> None:
    """An empty deck has no face-up card to name: the table cannot show it (not overridable)."""
    state = maple()
    quadrant: QuadrantName = "NW"
    assert refusal(state, RecordTopCard(quadrant=quadrant, name=None)) is None
    empty = replace(state, table=state.table.with_deck(quadrant, ()))
    refused = refusal(empty, RecordTopCard(quadrant=quadrant, name=None))
    assert refused is not None and not refused.overridable


def test_with_no_item_held_the_held_item_plays_say_so() -> None:
    """Nothing held: the model says so for each held-item play (not overridable: the table
    cannot show it)."""
    state = maple()
    assert state.table.held == ()
    for action in (
        ToggleHand(index=0),
        DiscardItem(index=0),
        ReturnItem(index=0, quadrant="NW"),
    ):
        refused = refusal(state, action)
        assert refused is not None and refused.message == "You hold no Item."
        assert not refused.overridable


def test_a_convince_lines_caption_is_its_label_and_effects_once() -> None:
    """Rulebook, "Convince Action cards and entering occupied houses": line 1 "Enter an
    adjacent House. You may take the top Item"; the last line "Immediately return this card to
    the Action Tableau". The label's own words are not said twice."""
    lines = {line.id: line for line in maple().board.data.convince}
    assert convince_effects(lines["3+"]) == ("enter", "may take the top Item")
    assert convince_caption(lines["3+"]) == "3+ successes: enter, may take the top Item"
    assert convince_caption(lines["1"]) == "1 success: enter, -1 Time"
    assert convince_caption(lines["fail-return"]) == "Fail: return the card to the Tableau"
    every = ConvinceLine(
        id="x",
        label="Odd",
        enter=False,
        item=False,
        time=0,
        health=-1,
        end_action_phase=True,
        returns_card=False,
    )
    assert convince_caption(every) == "Odd: -1 Health, end the Action phase"


def test_the_boiler_card_note_says_when_the_card_is_due() -> None:
    """Rulebook, "When you are Asleep": "You MUST resolve one Boiler Room card at the end of
    the Killer Phase" (after his Killer Action and the Terror card)."""
    history = History(maple())
    assert boiler_card_note(history.state) == ""  # Awake
    history.do(FallAsleep(cause="effect"))
    assert boiler_card_note(history.state) == ""  # not the Killer phase
    while history.state.phase != "killer":
        history.do(NextPhase())
    assert boiler_card_note(history.state) == DUE_LATER
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="A Terror card resolved as printed"))
    assert boiler_card_note(history.state) == DUE_NOW


def test_the_sleep_notes_quote_the_rest_rule() -> None:
    """Rulebook, "Awake and Asleep": "resolving a Short Rest or Long Rest Action card.
    Regardless of the result, apply the normal effects and you fall Asleep"."""
    assert REST_REMINDER in fall_asleep_note("short rest")
    assert fall_asleep_note("long rest").startswith("Resolve a Long Rest")
    assert "fall Asleep" in fall_asleep_note("effect")
    assert "Short Rest" in AWAKE_NOTE and "Long Rest" in AWAKE_NOTE
