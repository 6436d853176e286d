"""The Boiler Room's reset for Bloodlust follows its rule, and its attack names the control
that records the damage."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, ResetBoilerRoom, Slide
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.query.verdict import verdict


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))


# The Boiler Room deck's reset for Bloodlust -----------------------------------------------


def test_a_reset_for_bloodlust_below_its_top_row_is_only_reminded() -> None:
    # Rules notes §4 (one source, the top row the box value): "When Bloodlust rises while
    # already on the top row ...: if she is Asleep the Boiler Room deck resets". A rule that
    # rests on one unofficial source reminds and never refuses (rules notes, "one source").
    history = game()
    history.do(FallAsleep())
    history.do(AdjustCounter(counter="bloodlust", delta=3))
    reset = ResetBoilerRoom(cause="bloodlust")
    assert verdict(history.state, reset).allowed
    state = history.do(reset)
    assert state.asleep and state.dream.reveals == ()
    # History says only what the player did and why ("for Bloodlust"), never that Bloodlust
    # was at its maximum when it was not; the line reminds what the counter showed.
    assert history.describe_step(len(history) - 1) == "Reset the Boiler Room deck (for Bloodlust)"
    assert "Reset for Bloodlust at 3 of 9" in " ".join(state.log)
    # A card's reset is never refused for Bloodlust either.
    assert verdict(history.state, ResetBoilerRoom(cause="effect")).allowed


def test_a_reset_for_bloodlust_at_its_top_row_goes_through() -> None:
    history = game()
    history.do(FallAsleep())
    history.do(AdjustCounter(counter="bloodlust", delta=9))
    assert history.state.counters.bloodlust == 9
    assert verdict(history.state, ResetBoilerRoom(cause="bloodlust")).allowed


# The Boiler Room's attack names the control that records it ----------------------------


def test_the_boiler_room_attack_names_the_damage_row() -> None:
    # The Boiler Room: "If there is an illustration of Dr. Fright visible on the newly
    # revealed card, he attacks you! ... You may defend as normal." The damage is recorded on
    # the row the panel labels "He hits you:".
    from frightmare.model.dream.deck import HITS_YOU

    history = game()
    history.do(FallAsleep())
    for direction in ("up", "up", "left", "down"):
        state = history.do(Slide(direction=direction))
        attack = [e.text for e in state.events if e.kind == "attack"]
        if attack:
            assert f"record the damage you take: {HITS_YOU})" in attack[0]
            assert "He attacks you" not in attack[0]
            return
    raise AssertionError("no attack in a whole dream")
