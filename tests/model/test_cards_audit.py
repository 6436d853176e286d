"""Findings of the cards audit of issue 20, each reproduced here before its fix.

Sources are named in each test: the rulebook's sentences, or rules notes §9 and §10 (the cards
file: one source proposes, never refuses).
"""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    AttackDrFright,
    DrawTerror,
    KillerAction,
    NextPhase,
    RevealFinale,
    UseItem,
    VictimsPanic,
)
from frightmare.model.cards import INFERNAL_SEARCH
from frightmare.model.errors import RuleViolation
from frightmare.model.plays import plays, verdict
from frightmare.model.rules import record_anyway
from frightmare.model.steps import CounterStep, HurtHimStep, MinorPowerStep


def killer_phase() -> History:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(NextPhase())
    history.do(NextPhase())
    return history


def with_infernal_search() -> History:
    history = killer_phase()
    history.do(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    return history


# A Minor Dark Power attacked while she is Awake ------------------------------------------------


def test_her_attack_on_a_minor_dark_power_while_awake_is_not_refused() -> None:
    # The Awake side forbids attacks between her and Dr. Fright ("You may not attack or be
    # attacked by Dr. Fright"); whether a Minor Dark Power may be damaged while she is Awake no
    # source says (rules notes §10: an open question, the player's call). So no refusal: the
    # attack is recorded, with a note that the rules do not say.
    history = with_infernal_search()
    state = history.state
    assert state.dream.awake
    attack = AttackDrFright(damage=1, on=INFERNAL_SEARCH)
    assert verdict(state, attack).allowed
    assert plays(state).attack_on(INFERNAL_SEARCH).allowed
    state = history.do(attack)
    assert [(p.card, p.health) for p in state.minor_powers] == [(INFERNAL_SEARCH, 1)]
    assert "minor-power-awake" in [e.kind for e in state.events]
    # Dr. Fright himself is still out of reach while she is Awake.
    assert plays(state).attack_on(None).status == "refused"
    with pytest.raises(RuleViolation, match="Awake"):
        history.do(AttackDrFright(damage=1))


def test_an_item_damaging_a_minor_dark_power_while_awake_is_not_refused() -> None:
    # As above, for the damage an Item's use records (rules notes §10).
    history = with_infernal_search()
    from frightmare.model.actions import HeldItemData, SetItems

    history.do(SetItems(items=(HeldItemData(name="Rifle"),)))
    use = UseItem(index=0, steps=(HurtHimStep(damage=2, on=INFERNAL_SEARCH),))
    assert verdict(history.state, use).allowed
    state = history.do(use)
    assert state.minor_powers == ()


# A play that lowers his Health while she is Awake -----------------------------------------


@pytest.mark.parametrize(
    "play",
    [
        KillerAction(move_icon=False, steps=(CounterStep(counter="killer health", delta=-9),)),
        VictimsPanic(count=1, moves=(CounterStep(counter="killer health", delta=-9),)),
        RevealFinale(
            name="Face Your Fright", steps=(CounterStep(counter="killer health", delta=-9),)
        ),
        DrawTerror(name="Stab Her", steps=(CounterStep(counter="killer health", delta=-9),)),
    ],
    ids=["killer action", "panic", "finale", "a card that does not hurt him"],
)
def test_no_play_wins_the_game_by_lowering_his_health_while_awake(
    play: KillerAction | VictimsPanic | RevealFinale | DrawTerror,
) -> None:
    # The Awake/Asleep card, Awake side: "You may not attack or be attacked by Dr. Fright":
    # his Health goes down Awake only through an effect that says so (his own Terror card "OMG…
    # he's cutting off his own fingers!", one source) or the player's word (record anyway).
    history = killer_phase()
    state = history.state
    answer = verdict(state, play)
    assert answer.status == "refused" and "Awake" in answer.message
    with pytest.raises(RuleViolation):
        history.do(play)
    assert history.state.result is None
    recorded = history.do(record_anyway(play))
    assert recorded.counters.killer_health == 0 and recorded.result == "win"


def test_his_own_card_still_hurts_him_while_awake() -> None:
    # "OMG… he's cutting off his own fingers!" (one source, rules notes §9): he takes 1 damage,
    # even while she is Awake (the card's doubt) -- his own doing, not an attack.
    history = killer_phase()
    card = "OMG… he's cutting off his own fingers!"
    play = DrawTerror(name=card, steps=(CounterStep(counter="killer health", delta=-1),))
    assert verdict(history.state, play).allowed
    assert history.do(play).counters.killer_health == 8
