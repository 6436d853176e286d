"""Invariants over random play on another Location: nothing goes negative, no Victim or Item
card appears from nowhere, and replaying the journal always gives the live state."""

from __future__ import annotations

import strategies
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frightmare.model import GameSetup, History, RuleViolation, new_game
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.game import NotedPlay
from frightmare.model.actions.journal import JOURNAL_ADAPTER
from frightmare.model.actions.lane import DiscardItem
from frightmare.model.actions.location import (
    LOCATION_ACTIONS,
    AddLocationVictims,
    SetLocationDeck,
    SetLocationVictims,
)
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.game.setup import KNOWN_KILLERS

# Every Location action, and what else touches her items or the counters, from the model.
actions = st.one_of(
    strategies.actions(*LOCATION_ACTIONS, DiscardItem, NotedPlay, FallAsleep),
    st.just(AdjustCounter(counter="time", delta=-1)),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from((*KNOWN_KILLERS, "Hans")), st.data(), st.integers(10, 40))
def test_random_play_on_another_location_keeps_the_table_whole(
    killer: str, data: st.DataObject, steps: int
) -> None:
    # Legal plays of whole games (legal.legal_actions) mixed with random Location actions and
    # what else touches her items or the counters (the rules may refuse those).
    history = History(new_game(GameSetup(killer=killer, location="Camp Happy Trails"), seed=8))
    for action in strategies.plays_for(data, history, steps, mix=actions):
        before = history.state
        try:
            after = history.do(action)
        except RuleViolation:
            assert history.state is before  # a refusal changes nothing
            continue
        table, was = after.location, before.location
        assert table is not None and was is not None
        assert table.victims >= 0 and table.deck_left >= 0
        # A +/- on Victims saved or killed is the player's correction of the counters alone.
        corrects = isinstance(action, AdjustCounter) and action.counter in ("saved", "killed")
        assert corrects or after.counters.victims_killed >= before.counters.victims_killed
        fixes = SetLocationDeck | SetLocationVictims | AddLocationVictims
        if not isinstance(action, fixes) and not corrects:
            # Victims leave the board only by being saved or killed.
            left = was.victims - table.victims
            counted = (after.counters.victims_saved - before.counters.victims_saved) + (
                after.counters.victims_killed - before.counters.victims_killed
            )
            assert left == counted
        if not isinstance(action, SetLocationDeck | DiscardItem):
            # Item cards move between the deck and her hand, never appear or vanish.
            assert table.deck_left + len(after.table.held) == was.deck_left + len(before.table.held)
        if table.deck_left == 0:
            assert table.top_card is None
    strategies.note_reach(history)
    saved = JOURNAL_ADAPTER.validate_json(JOURNAL_ADAPTER.dump_json(list(history.actions)))
    assert History(history.start, saved).state == history.state
