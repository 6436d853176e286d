"""Who can follow the Final Girl: plain Victims, the Smalleys and the Boyfriend alike.

Rules notes §1: "up to 2 Victims in her space may follow her ... (The Smalleys and the
Boyfriend are Victims, so they follow like any other; the rulebook calls them Special
Victims.)" Rulebook, "Event: The Smalleys": "Place 2 Special Victims in the Smalley's House."
"""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.edit import EditTable
from frightmare.model.actions.lane import Move, Place, SaveVictims
from frightmare.model.lane.movement import follower_choices
from frightmare.model.query.verdict import refusal


def history_at(space: str) -> History:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=3))
    history.do(Place(piece="final girl", space=space))
    return history


def test_no_followers_is_always_a_choice_and_nobody_follows_from_an_empty_space() -> None:
    history = history_at("street-w")
    assert follower_choices(history.state, 0) == ((0, ()),)
    assert follower_choices(history.state, 1) == ()


def test_smalleys_follow_like_plain_victims_in_every_mix() -> None:
    history = history_at("street-w")
    history.do(EditTable(piece="smalley", target="street-w"))
    history.do(EditTable(piece="smalley", target="street-w"))
    history.do(EditTable(piece="victim", target="street-w"))
    state = history.state
    assert follower_choices(state, 1) == ((1, ()), (0, ("smalley",)))
    assert follower_choices(state, 2) == ((1, ("smalley",)), (0, ("smalley", "smalley")))
    # Every choice offered is one the rules allow for this move.
    for plain, specials in follower_choices(state, 2):
        assert refusal(state, Move(to="exit-w", followers=plain, specials=specials)) is None


def test_a_smalley_walked_to_an_exit_can_be_saved_there() -> None:
    history = history_at("street-w")
    history.do(EditTable(piece="smalley", target="street-w"))
    ((plain, specials),) = follower_choices(history.state, 1)
    history.do(Move(to="exit-w", followers=plain, specials=specials))
    assert history.state.table.smalleys == ("exit-w",)
    history.do(SaveVictims(space="exit-w", who="smalley"))
    assert not history.state.table.smalleys
    assert history.state.counters.victims_saved == 1


def test_the_boyfriend_follows_too() -> None:
    history = history_at("street-n")
    history.do(EditTable(piece="boyfriend", target="street-n"))
    assert follower_choices(history.state, 1) == ((0, ("boyfriend",)),)
    assert follower_choices(history.state, 2) == ()
