"""His own Final Health token (rules notes §11).

Three public sources imply the Killer keeps a hidden Final Health token as she keeps hers (the
Never Really Dead card "replaces his hidden black Final Health token"; the community form asks
whether the Killer had a Final Health revive; a review: "draw one for the killer as well"),
but this box's rulebook does not print it. So the app does not decide: his Health at 0 still
wins at once, with a reminder and one play that draws his token (a number brings him back with
that Health, a blank beats him), undone like any play. The box switch ``killer_token`` turns
the offer off.
"""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import RevealDarkPower
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.round import AdjustCounter, RevealKillerFinalHealth
from frightmare.model.box.cards import NEVER_REALLY_DEAD
from frightmare.model.counters import killer_token_offered
from frightmare.model.errors import RuleViolation
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import record_anyway

KILL = AdjustCounter(counter="killer health", delta=-9, anyway=True)  # Awake: his word


def beaten(**setup: object) -> History:
    history = History(new_game(GameSetup.from_json({"setup_card": "Maple Lane", **setup}), 2))
    history.do(KILL)
    return history


def test_his_health_at_zero_wins_at_once_and_offers_his_token() -> None:
    history = beaten()
    state = history.state
    assert state.result == "win"
    kinds = [e.kind for e in state.events]
    assert kinds[-2:] == ["game-over", "killer-token-offer"]
    assert killer_token_offered(state)
    assert refusal(state, RevealKillerFinalHealth(value=2)) is None


def test_a_number_brings_him_back_with_that_health() -> None:
    history = beaten()
    state = history.do(RevealKillerFinalHealth(value=2))
    assert state.result is None and state.ended_round is None
    assert state.counters.killer_health == 2 and state.counters.killer_final_health == "used"
    assert [e.kind for e in state.events] == ["killer-rises"]
    assert history.describe_step(len(history) - 1) == "Dr. Fright's Final Health: 2"
    # Beaten again: no second token.
    state = history.do(KILL)
    assert state.result == "win" and not killer_token_offered(state)
    # Undone like any play: the win stands again, the offer with it.
    history.undo()
    history.undo()
    assert history.state.result == "win" and killer_token_offered(history.state)


def test_a_blank_beats_him() -> None:
    history = beaten()
    state = history.do(RevealKillerFinalHealth(value=None))
    assert state.result == "win" and state.counters.killer_final_health == "blank"
    assert [e.kind for e in state.events] == ["killer-token-blank"]
    assert not killer_token_offered(state)
    with pytest.raises(RuleViolation):
        history.do(RevealKillerFinalHealth(value=3))


def test_before_his_health_is_gone_it_is_refused_and_after_a_loss_impossible() -> None:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))
    early = refusal(history.state, RevealKillerFinalHealth(value=2))
    assert early is not None and early.overridable
    assert early.rule == "His Final Health token (rules notes §11)"
    history.do(AdjustCounter(counter="health", delta=-9))
    from frightmare.model.actions.round import RevealFinalHealth

    history.do(RevealFinalHealth(value=None))
    assert history.state.result == "loss"
    with pytest.raises(RuleViolation) as over:
        history.do(record_anyway(RevealKillerFinalHealth(value=2)))
    assert not over.value.overridable


def test_the_box_switch_turns_the_offer_off() -> None:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))
    history.do(SetBoxValue(name="killer_token", value=0))
    state = history.do(KILL)
    assert state.result == "win" and not killer_token_offered(state)
    assert "killer-token-offer" not in {e.kind for e in state.events}


def test_never_really_dead_brings_its_three_tokens_due_instead() -> None:
    # Never Really Dead (rules notes §4): "reveal 3 black Final Health tokens from the pool:
    # he comes back with their total", once; it replaces his own token, so no offer after it.
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))
    history.do(RevealDarkPower(name=NEVER_REALLY_DEAD))
    state = history.do(KILL)
    assert state.result is None and "killer-final-health" in state.due
    state = history.do(RevealKillerFinalHealth(value=5))
    assert state.counters.killer_health == 5
    state = history.do(KILL)
    assert state.result == "win" and not killer_token_offered(state)
