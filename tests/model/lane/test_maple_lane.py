"""Maple Lane's rules, each test quoting the rulebook sentence (or rules notes §) it checks."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from game_helpers import go_to, his_turn

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealFinale
from frightmare.model.actions.edit import EditTable
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    Place,
    RecordTopCard,
    RevealEvent,
    RideBicycle,
    SaveVictims,
    Search,
    SetVictims,
    ToggleHand,
)
from frightmare.model.actions.round import NextPhase
from frightmare.model.box.board import (
    BoardDataError,
    default_board,
    load_board,
    packaged_board_text,
)
from frightmare.model.errors import RuleViolation
from frightmare.model.lane.houses import closest_open_quadrants
from frightmare.model.lane.movement import reachable
from frightmare.model.rules import apply, record_anyway


def game(setup_card: str | None = None) -> History:
    return History(new_game(GameSetup(setup_card=setup_card), seed=8))


def at(history: History, space: str) -> History:
    history.do(Place(piece="final girl", space=space))
    return history


# The board data -----------------------------------------------------------------------------


def test_board_file_is_valid_and_complete() -> None:
    # "each Quadrant has 3 Houses, for a total of 12 Houses." Rules notes §2: 21 spaces.
    board = default_board()
    assert len(board.spaces) == 21
    assert len(board.houses) == 12
    assert len(board.exits) == 4
    for house in board.houses:
        assert len(board.neighbours(house)) == 1  # "Every House is a dead end"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["spaces"][0]["neighbours"].remove("street-n"), "“exit-n”.*does not list"),
        (
            lambda d: (
                d["spaces"][9]["neighbours"].append("street-n"),
                d["spaces"][1]["neighbours"].append("house-nw-exit-n"),
            ),
            "“house-nw-exit-n”.*dead end",
        ),
        (lambda d: d["spaces"][10].update(quadrant="NE"), "quadrant"),
        (lambda d: d["setups"][0]["victims"].update(intersection=5), "“A Quiet Place”.*15 Victims"),
        (lambda d: d["setups"][1].update(final_girl="moon"), "“Playtime”.*“moon”"),
        (lambda d: d["spaces"][3].update(kind="castle"), "space “street-s”"),
        (lambda d: d["spaces"][4].update(id="exit-n"), "“exit-n”: the id is used twice"),
    ],
)
def test_a_broken_board_file_names_the_bad_entry(
    edit: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = json.loads(packaged_board_text())
    edit(data)
    with pytest.raises(BoardDataError, match=message):
        load_board(json.dumps(data))


def test_a_setup_card_places_everything() -> None:
    state = game("Maple Lane").state
    assert state.table.final_girl == "street-s"
    assert state.table.killer == "street-n"
    assert state.table.total_victims() == 12
    assert game().state.table.final_girl is None  # no card: the player places pieces


# Movement and the occupied-House rule ------------------------------------------------------


def test_she_cannot_walk_into_an_occupied_house() -> None:
    # "you cannot enter an occupied House (one or more Victims in the House) using Walk,
    # Sprint, or any other cards that allow movement."
    history = at(game("Maple Lane"), "street-n")
    history.do(Place(piece="dr fright", space="exit-e"))
    assert history.state.table.occupied("house-nw-street")
    with pytest.raises(RuleViolation, match="cannot enter an occupied House"):
        history.do(Move(to="house-nw-street", steps=1))
    assert "house-nw-street" not in reachable(history.state, 3)


def test_an_unoccupied_house_is_entered_and_left_as_normal() -> None:
    # "If a House is unoccupied, normal movement rules apply and you can enter and exit the
    # space as normal."
    history = at(game(), "street-w")
    history.do(Move(to="smalleys-house", steps=1))
    history.do(Move(to="intersection", steps=2))
    assert history.state.table.final_girl == "intersection"


def test_leaving_an_occupied_house_is_normal_movement() -> None:
    # "To exit a House, whether it is occupied or not, simply use the normal movement rules."
    history = at(game(), "street-s")
    history.do(AddVictims(space="house-se-street", count=2))
    history.do(Convince(house="house-se-street", result="2"))
    history.do(Move(to="intersection", steps=2))
    assert history.state.table.final_girl == "intersection"


def test_panicking_victims_may_enter_occupied_houses() -> None:
    # "Panicking Victims and Enemies are not restricted, so they may move into an occupied
    # House freely."
    history = game()
    history.do(AddVictims(space="house-se-street", count=1))
    history.do(AddVictims(space="street-s", count=2))
    history.do(MoveVictims(source="street-s", target="house-se-street", count=2, panic=True))
    assert history.state.table.victims["house-se-street"] == 3


def test_movement_is_limited_by_the_steps_and_houses_are_dead_ends() -> None:
    history = at(game(), "house-nw-exit-n")
    # The layout is one source (rules notes §2): a longer move warns and goes through.
    state = apply(history.state, Move(to="exit-w", steps=3))
    warning = state.events[-1]
    assert "is 5 spaces from her" in warning.text and warning.kind == "data-warning"
    reach = reachable(history.state, 2)
    assert reach == {"exit-n": 1, "street-n": 2, "boyfriends-house": 2}


def test_followers_at_most_two_never_into_his_space_and_not_while_asleep() -> None:
    # Rules notes §1: "Up to 2 Victims may follow the Final Girl when she moves; they
    # never follow into the Killer's space." Asleep card: "Victims will NOT follow you".
    history = at(game(), "intersection")
    history.do(AddVictims(space="intersection", count=3))
    history.do(Place(piece="dr fright", space="street-e"))
    with pytest.raises(RuleViolation, match=r"never follow you into Dr\. Fright's space"):
        history.do(Move(to="street-e", steps=1, followers=1))
    history.do(Move(to="street-w", steps=1, followers=2))
    assert history.state.table.victims["street-w"] == 2
    history.do(FallAsleep())
    with pytest.raises(RuleViolation, match="Victims will NOT follow you"):
        history.do(Move(to="exit-w", steps=1, followers=1))


# Convince -----------------------------------------------------------------------------------


def test_convince_only_from_the_adjacent_street_space() -> None:
    # "To enter an occupied House from the adjacent Street space, you must successfully
    # convince your neighbor to let you in using a Convince Action card."
    history = at(game("Maple Lane"), "house-nw-exit-n")
    with pytest.raises(RuleViolation, match=r"from a Street space .*North Street in the board"):
        history.do(Convince(house="house-nw-street", result="3+"))
    history.do(Move(to="street-n", steps=1))
    history.do(Convince(house="house-nw-street", result="2"))
    assert history.state.table.final_girl == "house-nw-street"


def test_convince_only_enters_an_occupied_house() -> None:
    # "Convince cards can only be used to enter an occupied House."
    history = at(game(), "street-w")
    with pytest.raises(RuleViolation, match="can only be used to enter an occupied House"):
        history.do(Convince(house="smalleys-house", result="3+"))


def test_convince_three_successes_takes_the_top_item_and_marks_an_x() -> None:
    # Convince line 1: "Enter an adjacent House. You may take the top Item. If you do, mark
    # the House with a [X] token."
    history = at(game("Maple Lane"), "street-n")
    # Issue 9 item 3: the Item may be taken unnamed, as a Search does, or named in the action.
    state = history.do(Convince(house="house-nw-street", result="3+", take_item=True))
    assert [i.name for i in state.table.held] == ["Unknown item"]
    history.undo()
    state = history.do(
        Convince(house="house-nw-street", result="3+", take_item=True, item_name="Bow")
    )
    assert [i.name for i in state.table.held] == ["Bow"]
    history.undo()
    history.do(RecordTopCard(quadrant="NW", name="Rifle"))
    state = history.do(Convince(house="house-nw-street", result="3+", take_item=True))
    assert state.table.final_girl == "house-nw-street"
    assert [i.name for i in state.table.held] == ["Rifle"]
    assert "house-nw-street" in state.table.x_tokens
    assert len(state.table.deck("NW")) == 2 and state.table.deck("NW")[0].face_up


def test_convince_results_cost_what_the_data_says() -> None:
    # Rules notes §3 (one source): "line 3 = 1 success (cost: -1 Time)", kept as editable data.
    # Rulebook, Convince line 4: "Immediately return this card to the Action Tableau." and
    # nothing else: a failure never lets her in and costs nothing more (issue 9 item 2).
    history = at(game("Maple Lane"), "street-n")
    start = history.state
    assert history.do(Convince(house="house-nw-street", result="1")).counters.time == (
        start.counters.time - 1
    )
    history.undo()
    state = history.do(Convince(house="house-nw-street", result="fail-return"))
    assert state.table == start.table and state.counters == start.counters
    # Returning the card to the Action Tableau happens on the table: the one event says so.
    assert state.phase == start.phase
    assert [e.kind for e in state.events] == ["return-convince-card"]
    with pytest.raises(RuleViolation, match="no line “fail-enter”"):
        history.do(Convince(house="house-nw-street", result="fail-enter"))
    with pytest.raises(RuleViolation, match="Only the “3\\+ successes” line"):
        history.do(Convince(house="house-nw-street", result="2", take_item=True))


# Searching and the quadrant decks ----------------------------------------------------------


def test_a_searched_house_gets_an_x_and_cannot_be_searched_again() -> None:
    # "When a House is successfully searched, draw the Item card(s) from the Item deck for the
    # House's Quadrant. Then, place an "X" token on the House that you searched. It may no
    # longer be searched."
    history = at(game(), "smalleys-house")
    state = history.do(Search(house="smalleys-house", names=("Knife",)))
    assert "smalleys-house" in state.table.x_tokens
    assert [i.name for i in state.table.held] == ["Knife"]
    with pytest.raises(RuleViolation, match="carries an X token"):
        history.do(Search(house="smalleys-house"))


def test_two_cards_keep_one_other_on_top_face_up_or_bottom_face_down() -> None:
    # "When a search yields multiple items, choose which you want and place the other on top of
    # the Quadrant's Item deck faceup, or on the bottom facedown as normal."
    history = at(game(), "smalleys-house")
    state = history.do(Search(house="smalleys-house", names=("Bow", "Bible"), keep=1))
    deck = state.table.deck("SW")
    assert [i.name for i in state.table.held] == ["Bible"]
    assert deck[0].name == "Bow" and deck[0].face_up and len(deck) == 2
    history.undo()
    state = history.do(
        Search(house="smalleys-house", names=("Bow", "Bible"), keep=0, other_to="bottom")
    )
    deck = state.table.deck("SW")
    assert deck[-1].name == "Bible" and not deck[-1].face_up
    assert deck[0].face_up  # the new top card is revealed as normal


def searched(*houses: str) -> History:
    """A game where ``houses`` already carry an X and the Final Girl is in the Smalleys' House."""
    state = new_game(GameSetup(), seed=8)
    table = replace(state.table, x_tokens=frozenset(houses), final_girl="smalleys-house")
    return History(replace(state, table=table))


def test_an_item_for_a_fully_searched_quadrant_goes_to_the_closest_one() -> None:
    # "In the rare event that an Item needs to be added to an Item deck but all the Houses in
    # that Quadrant have been searched ... add it to the deck for the closest Quadrant that
    # hasn't been fully searched."
    history = searched(
        "house-sw-exit-w",
        "house-sw-exit-s",
        "house-nw-exit-w",
        "house-nw-exit-n",
        "house-nw-street",
    )
    state = history.do(Search(house="smalleys-house", names=("Bow", "Bible"), keep=0))
    assert closest_open_quadrants(state, "SW") == ("SE",)  # NW is full too; SE is next
    assert state.table.deck("SE")[0].name == "Bible"
    assert len(state.table.deck("SW")) == 1


def test_the_closest_quadrant_tie_is_the_players_choice() -> None:
    # Rules notes §2: "Between two equally close quadrants the rulebook does not choose:
    # the player does."
    history = searched("house-sw-exit-w", "house-sw-exit-s")
    with pytest.raises(RuleViolation, match="NW and SE are equally close"):
        history.do(Search(house="smalleys-house", names=("Bow", "Bible")))
    state = history.do(Search(house="smalleys-house", names=("Bow", "Bible"), other_quadrant="NW"))
    assert state.table.deck("NW")[0].name == "Bible"
    assert len(state.table.deck("NW")) == 4


# Victims ------------------------------------------------------------------------------------


def test_each_death_raises_bloodlust_and_a_smalley_one_more() -> None:
    # Rules notes §1: "Every Victim death raises Bloodlust by 1." The Smalleys: "Each
    # time one of the Smalleys is killed, +1 [Bloodlust]."
    history = game("Maple Lane")
    history.do(KillVictim(space="intersection"))
    assert history.state.counters.bloodlust == 1
    history.do(RevealEvent(name="The Smalleys"))
    history.do(KillVictim(space="smalleys-house", who="smalley"))
    assert history.state.counters.bloodlust == 3
    state = history.do(KillVictim(space="smalleys-house", who="smalley"))
    # "Discard this card when the Smalleys are no longer on the board."
    assert "The Smalleys" not in state.table.events
    assert state.counters.victims_killed == 3


def test_saving_at_exits_not_at_roadblocks_not_asleep() -> None:
    history = game()
    history.do(AddVictims(space="exit-w", count=2))
    history.do(AddVictims(space="street-w", count=1))
    with pytest.raises(RuleViolation, match="Exit spaces"):
        history.do(SaveVictims(space="street-w"))
    history.do(SaveVictims(space="exit-w"))
    assert history.state.counters.victims_saved == 1
    history.do(RevealEvent(name="Under Construction", space="exit-w"))
    with pytest.raises(RuleViolation, match="Roadblock"):
        history.do(SaveVictims(space="exit-w"))
    history.do(AddVictims(space="exit-e"))
    history.do(FallAsleep())
    with pytest.raises(RuleViolation, match="not able to save Victims"):
        history.do(SaveVictims(space="exit-e"))


def test_hit_by_a_car_kills_a_street_victim_or_says_to_draw_again() -> None:
    # Terror "They just got hit by a car!": "If there are no Victims in any Street spaces,
    # discard and draw another Terror card. Otherwise: 1 Victim in a Street space of your
    # choice is killed."
    history = game()
    history.do(AddVictims(space="house-nw-street", count=2))
    with pytest.raises(RuleViolation, match="discard this Terror card and draw another"):
        history.do(HitByCar(space="intersection"))
    history.do(AddVictims(space="intersection"))
    with pytest.raises(RuleViolation, match="Choose a Street space with a Victim"):
        history.do(HitByCar(space="house-nw-street"))
    assert history.do(HitByCar(space="intersection")).counters.victims_killed == 1


# The Bicycle -------------------------------------------------------------------------------


def test_bicycle_token_and_ride_conditions() -> None:
    # Bicycle: "When you take this card, place the Bicycle token on the Street space adjacent to
    # you. If you do not have any items in your hands and you are with the Bicycle, you may move
    # yourself and it to any other Street space on the board once per turn."
    history = at(game(), "smalleys-house")
    state = history.do(Search(house="smalleys-house", names=("Bicycle",)))
    assert state.table.bicycle == "street-w"
    with pytest.raises(RuleViolation, match="must be with the Bicycle"):
        history.do(RideBicycle(to="exit-e"))
    history.do(Move(to="street-w", steps=1))
    history.do(Place(piece="final girl", space="street-w"))
    at(history, "house-sw-exit-w")
    history.do(Search(house="house-sw-exit-w", names=("Knife",)))  # in her hands
    history.do(Place(piece="final girl", space="street-w"))
    with pytest.raises(RuleViolation, match="hands must be free"):
        history.do(RideBicycle(to="exit-e"))
    history.do(ToggleHand(index=1))
    with pytest.raises(RuleViolation, match="any other Street space"):
        history.do(RideBicycle(to="house-ne-street"))
    state = history.do(RideBicycle(to="exit-e"))
    assert state.table.final_girl == state.table.bicycle == "exit-e"
    with pytest.raises(RuleViolation, match="once per turn"):
        history.do(RideBicycle(to="exit-n"))
    go_to(history, "upkeep")
    history.do(NextPhase())
    assert history.do(RideBicycle(to="exit-n")).table.bicycle == "exit-n"


# Events -------------------------------------------------------------------------------------


def test_fire_kills_the_house_victims_hurts_others_and_closes_it() -> None:
    # Rules notes §5: "Fire! (a die picks boyfriends-house on 1-3 or smalleys-house on 4-6:
    # Victims there die, anyone else there takes 1 damage, the House is closed for good)"
    history = at(game(), "smalleys-house")
    history.do(SetVictims(space="smalleys-house", count=2))
    health = history.state.counters.health
    state = history.do(RevealEvent(name="Fire!", die=5))
    assert state.table.victims["smalleys-house"] == 0
    assert state.counters.victims_killed == 2 and state.counters.health == health - 1
    assert "smalleys-house" in state.table.closed
    history.do(Move(to="street-w", steps=1))
    with pytest.raises(RuleViolation, match="closed for good"):
        history.do(Move(to="smalleys-house", steps=1))


def test_fourth_of_july_party_and_what_is_going_on() -> None:
    history = game("Maple Lane")
    state = history.do(RevealEvent(name="It's the 4th of July!"))
    assert not any(state.table.victims[h] for h in state.board.houses)
    assert state.table.total_victims() == 12
    with pytest.raises(RuleViolation, match="Intersection"):
        history.do(RevealEvent(name="Party in the Burbs!", space="street-n"))
    assert history.do(RevealEvent(name="Party in the Burbs!")).table.victims["intersection"] == 6
    state = history.do(RevealEvent(name="What is going on over there?"))
    assert all(state.table.victims[e] >= 1 for e in state.board.exits)


def test_officer_kopp_carries_victims_to_the_far_exit() -> None:
    # Rules notes §5: "Officer Kopp (a Cop Car starts at an Exit and each Upkeep drives one
    # space toward the opposite Exit, carrying Victims, who are saved on arrival)"
    history = game()
    history.do(AddVictims(space="exit-n", count=2))
    history.do(AddVictims(space="intersection", count=1))
    history.do(RevealEvent(name="Officer Kopp", space="exit-n"))
    saved = []
    for _ in range(4 * 5):
        his_turn(history)
        history.do(NextPhase())
        saved.append(history.state.counters.victims_saved)
    assert history.state.table.cop_car is None
    assert saved[-1] == 3


def test_everyone_must_die_takes_him_off_the_board() -> None:
    history = game("Maple Lane")
    assert history.do(RevealFinale(name="Everyone Must Die")).table.killer is None


def test_a_space_without_the_victim_says_so_plainly() -> None:
    # Third walkthrough: "North Exit has only 0 Victims." The table cannot show a Victim that
    # is not there: impossible, said plainly.
    history = History(new_game(GameSetup(), seed=1))
    with pytest.raises(RuleViolation) as refused:
        history.do(KillVictim(space="exit-n"))
    assert "has no Victim" in str(refused.value) and not refused.value.overridable


HOUSE = "smalleys-house"


def test_victims_cannot_be_moved_into_a_burnt_house_unless_recorded_anyway() -> None:
    # Rules notes §5, Fire!: "the Victims in it die, ..., and the House is closed for good";
    # the card adds that "Victims who later panic into it, die". A plain move into it is
    # refused; the table is the truth, so it can be recorded, and the Victim dies there.
    history = History(new_game(GameSetup(), seed=3))
    history.do(Place(piece="final girl", space="exit-n"))
    history.do(SetVictims(space="street-w", count=2))
    history.do(RevealEvent(name="Fire!", die=5))  # 4-6: the Smalleys' House burns
    assert "smalleys-house" in history.state.table.closed
    killed = history.state.counters.victims_killed
    move = MoveVictims(source="street-w", target="smalleys-house", count=1)
    with pytest.raises(RuleViolation, match="closed for good") as refused:
        history.do(move)
    assert refused.value.overridable and refused.value.rule == "Event: Fire!"
    state = history.do(record_anyway(move))
    assert state.table.victims["smalleys-house"] == 0
    assert state.table.victims["street-w"] == 1
    assert state.counters.victims_killed == killed + 1


@pytest.mark.parametrize(
    ("where", "action"),
    [
        ("street", AddVictims(space=HOUSE)),
        ("street", Convince(house=HOUSE, result="3+")),
        ("house", Search(house=HOUSE)),
    ],
)
def test_a_burnt_house_takes_no_victims_convince_or_search(where: str, action: Action) -> None:
    # Rules notes §5, Fire!: "the House is closed for good." A House burnt on the table (an
    # edit) is refused to every play that uses it; recorded anyway, the play stands.
    history = History(new_game(GameSetup(), seed=3))
    history.do(SetVictims(space=HOUSE, count=1))
    history.do(EditTable(piece="burnt house", target=HOUSE))
    street = history.state.board.adjacent_street(HOUSE)
    history.do(Place(piece="final girl", space=street if where == "street" else HOUSE))
    with pytest.raises(RuleViolation, match="closed for good") as refused:
        history.do(action)
    assert refused.value.overridable and refused.value.rule == "Event: Fire!"
    history.do(record_anyway(action))
    assert history.actions[-1] == record_anyway(action)
