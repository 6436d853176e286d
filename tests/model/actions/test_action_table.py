"""The action table: every action has its one rule and every Event says what it needs; and
the rule branches of discarding Items, It's raining and the car on the Street."""

from __future__ import annotations

from typing import get_args

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    EVENTS,
    AddVictims,
    DiscardItem,
    HitByCar,
    MoveVictims,
    Place,
    ReturnItem,
    RevealEvent,
    Search,
    ToggleHand,
)
from frightmare.model.dream.powers import dark_power_choices, finale_choices
from frightmare.model.lane.events import _EVENT_RULES, event_needs
from frightmare.model.lane.houses import convince_modifiers
from frightmare.model.rules import _RULES


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=5))


def test_every_action_has_exactly_one_rule() -> None:
    # Dispatch is exhaustive: the Action union and the rules table list the same kinds.
    union = get_args(get_args(Action)[0])
    assert set(union) == set(_RULES)


def test_every_event_has_its_rule_and_says_what_it_needs() -> None:
    assert set(_EVENT_RULES) == set(EVENTS)
    assert event_needs("Fire!") == "die"
    assert event_needs("Officer Kopp") == event_needs("Under Construction") == "exit"
    assert event_needs("Party in the Burbs!") == "house"
    assert event_needs("The Smalleys") is None and event_needs("A new card") is None


def test_discarding_and_returning_items() -> None:
    history = game()
    history.do(Place(piece="final girl", space="house-nw-exit-w"))
    history.do(Search(house="house-nw-exit-w", names=("Knife",)))
    history.do(Place(piece="final girl", space="house-sw-exit-w"))
    history.do(Search(house="house-sw-exit-w", names=("Bicycle",)))
    state = history.state
    assert state.table.bicycle == "exit-w"  # "place the Bicycle token on the Street space"
    state = history.do(DiscardItem(index=1))  # the Bicycle: its token leaves the board
    assert state.table.bicycle is None and state.table.discarded == ("Bicycle",)
    state = history.do(ToggleHand(index=0))
    assert not state.table.held[0].in_hand
    # "place the other on top of the Quadrant's Item deck faceup, or on the bottom facedown"
    state = history.do(ReturnItem(index=0, quadrant="SE", position="bottom"))
    deck = state.table.deck("SE")
    assert state.table.held == () and deck[-1].name == "Knife" and not deck[-1].face_up
    assert state.table.item_cards() == 12


def test_its_raining_guides_the_player_step_by_step() -> None:
    # Rules notes §5: It's Raining: the Intersection's Victims panic, then Street Victims step
    # into the adjacent House.
    history = game()
    history.do(AddVictims(space="street-w"))
    before = history.state
    state = history.do(RevealEvent(name="It's Raining"))
    assert state.table == before.table  # the player moves them, in two steps
    steps = [(e.kind, e.spaces) for e in state.events]
    assert steps == [
        ("intersection-panics", ("intersection",)),
        ("step-into-houses", ("street-w",)),  # the Street whose Victims step in
    ]


def test_hit_by_a_car_kills_a_special_victim_on_the_street() -> None:
    # Terror: "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed." The Boyfriend is a Victim too.
    history = History(new_game(GameSetup(), seed=5))
    history.do(RevealEvent(name="Boyfriend"))
    history.do(MoveVictims(source="boyfriends-house", target="exit-n", who="boyfriend"))
    state = history.do(HitByCar(space="exit-n"))
    assert state.table.boyfriend is None and state.counters.victims_killed == 1
    assert "Boyfriend" not in state.table.events


def test_the_model_lists_what_the_gui_offers() -> None:
    plain = new_game(GameSetup(), seed=1)
    assert "Shock Factor" not in dark_power_choices(plain)
    assert "Shock Factor" in dark_power_choices(new_game(GameSetup(epic=True), seed=1))
    assert dark_power_choices(new_game(GameSetup(killer="Hans"), seed=1)) == ()
    assert "Time to Die" in finale_choices(plain)
    history = History(plain)
    history.do(RevealEvent(name="Friendly Neighbors"))
    assert convince_modifiers(history.state) == (("Friendly Neighbors", 1),)
