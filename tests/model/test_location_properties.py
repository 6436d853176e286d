"""Invariants over random play on another Location: nothing goes negative, no Victim or Item
card appears from nowhere, and replaying the journal always gives the live state."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from frightmare.model import GameSetup, History, RuleViolation, new_game
from frightmare.model.actions import JOURNAL_ADAPTER, AdjustCounter, DiscardItem, FallAsleep
from frightmare.model.halves import NotedPlay
from frightmare.model.location import (
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

counts = st.integers(1, 4)
actions = st.one_of(
    counts.map(lambda n: AddLocationVictims(count=n)),
    counts.map(lambda n: LocationVictimsSaved(count=n)),
    counts.map(lambda n: LocationVictimsKilled(count=n)),
    st.integers(0, 8).map(lambda n: SetLocationVictims(count=n)),
    st.integers(0, 5).map(lambda n: SetLocationDeck(cards=n)),
    st.sampled_from([None, "Rifle", "Flare gun"]).map(lambda n: NameLocationTopCard(name=n)),
    st.sampled_from([None, "Axe"]).map(lambda n: TakeLocationItem(name=n)),
    st.tuples(st.integers(0, 3), st.sampled_from(["top", "bottom"])).map(
        lambda t: PutBackLocationItem(index=t[0], position=t[1])
    ),
    st.integers(0, 3).map(lambda i: DiscardItem(index=i)),
    st.text(max_size=20).map(lambda t: LocationNotes(notes=t)),
    st.just(NotedPlay(text="a play")),
    st.just(FallAsleep()),
    st.just(AdjustCounter(counter="time", delta=-1)),
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["Dr. Fright", "Hans"]), st.lists(actions, max_size=30))
def test_random_play_on_another_location_keeps_the_table_whole(
    killer: str, plays: list[Any]
) -> None:
    history = History(new_game(GameSetup(killer=killer, location="Camp Happy Trails"), seed=8))
    for action in plays:
        before = history.state
        try:
            after = history.do(action)
        except RuleViolation:
            assert history.state is before  # a refusal changes nothing
            continue
        table, was = after.location, before.location
        assert table is not None and was is not None
        assert table.victims >= 0 and table.deck_left >= 0
        assert after.counters.victims_killed >= before.counters.victims_killed
        if not isinstance(action, SetLocationDeck | SetLocationVictims | AddLocationVictims):
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
    saved = JOURNAL_ADAPTER.validate_json(JOURNAL_ADAPTER.dump_json(list(history.actions)))
    assert History(history.start, saved).state == history.state
