"""Victims do not follow her while she is Asleep: no mix of them is offered."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import Place


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))


# Victims do not follow her while she is Asleep ------------------------------------------


def test_asleep_no_mix_of_victims_follows_her() -> None:
    # Rulebook, "When you are Asleep (In the Boiler Room)": "Victims will NOT follow you, nor
    # are you able to save them." The Followers count starts from the most that may follow:
    # none while Asleep.
    from frightmare.model.lane.movement import follower_choices
    from frightmare.model.query.space_plays import space_plays

    history = game()
    history.do(Place(piece="final girl", space="intersection"))
    assert follower_choices(history.state, 1)  # Awake, the Victims there may follow
    history.do(FallAsleep())
    assert follower_choices(history.state, 0) == ((0, ()),)
    assert follower_choices(history.state, 1) == ()
    assert follower_choices(history.state, 2) == ()
    assert space_plays(history.state, "street-n").move.most == 0
