"""Random play on Maple Lane never breaks the table (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from frightmare.model import GameSetup, History, RuleViolation, new_game
from frightmare.model.actions import (
    AddVictims,
    Convince,
    DiscardItem,
    FallAsleep,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    NextPhase,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    RideBicycle,
    SaveVictims,
    Search,
    Slide,
    ToggleHand,
)
from frightmare.model.board import QUADRANT_NAMES, default_board, known_items, setup_card_names

BOARD = default_board()
SPACES = st.sampled_from(sorted(BOARD.spaces))
HOUSES = st.sampled_from(BOARD.houses)
QUADRANTS = st.sampled_from(QUADRANT_NAMES)
NAMES = st.none() | st.sampled_from(known_items(BOARD))

ACTIONS = st.one_of(
    st.builds(Move, to=SPACES, steps=st.integers(1, 4), followers=st.integers(0, 2)),
    st.builds(
        Convince,
        house=HOUSES,
        result=st.sampled_from(tuple(BOARD.convince_lines)),
        take_item=st.booleans(),
    ),
    st.builds(
        Search,
        house=HOUSES,
        names=st.lists(NAMES, min_size=1, max_size=2).map(tuple),
        keep=st.integers(0, 1),
        other_to=st.sampled_from(["top", "bottom"]),
        other_quadrant=st.one_of(st.none(), QUADRANTS),
    ),
    st.builds(RecordTopCard, quadrant=QUADRANTS, name=NAMES),
    st.builds(AddVictims, space=SPACES, count=st.integers(1, 3)),
    st.builds(
        MoveVictims, source=SPACES, target=SPACES, count=st.integers(1, 2), panic=st.booleans()
    ),
    st.builds(KillVictim, space=SPACES, who=st.sampled_from(["victim", "smalley", "boyfriend"])),
    st.builds(SaveVictims, space=SPACES, count=st.integers(1, 2)),
    st.builds(HitByCar, space=SPACES),
    st.builds(RideBicycle, to=SPACES),
    st.builds(DiscardItem, index=st.integers(0, 3)),
    st.builds(ToggleHand, index=st.integers(0, 3)),
    st.builds(
        ReturnItem,
        index=st.integers(0, 3),
        quadrant=QUADRANTS,
        position=st.sampled_from(["top", "bottom"]),
        other_quadrant=st.one_of(st.none(), QUADRANTS),
    ),
    st.builds(
        RevealEvent,
        name=st.sampled_from(
            [
                "The Smalleys",
                "Boyfriend",
                "Fire!",
                "It's the 4th of July!",
                "Officer Kopp",
                "Party in the Burbs!",
                "Under Construction",
                "What is going on over there?",
            ]
        ),
        space=st.one_of(st.none(), SPACES),
        die=st.one_of(st.none(), st.integers(1, 6)),
    ),
    st.builds(Slide, direction=st.sampled_from(["up", "down", "left", "right"])),
    st.just(NextPhase()),
    st.just(FallAsleep()),
)


@settings(max_examples=150, deadline=None)
@given(card=st.sampled_from(setup_card_names()), actions=st.lists(ACTIONS, max_size=60))
def test_random_play_keeps_the_table_sound(card: str, actions: list[object]) -> None:
    history = History(new_game(GameSetup(setup_card=card), seed=4))
    searched: set[str] = set()
    for action in actions:
        try:
            before = history.state
            history.do(action)  # type: ignore[arg-type]
        except RuleViolation:
            assert history.state is before  # a refusal changes nothing
            continue
        if isinstance(action, Search) or (isinstance(action, Convince) and action.take_item):
            searched.add(action.house)
        table = history.state.table
        # Victims never negative, on real spaces only.
        assert all(count > 0 and space in BOARD.spaces for space, count in table.victims.items())
        # "Cards are never created or lost": 4 decks of 3.
        assert table.item_cards() == 12
        # X tokens only on Houses that were successfully searched (or Convinced into, 3+).
        assert table.x_tokens <= searched
        assert history.state.counters.bloodlust >= history.state.counters.victims_killed
    replayed = History(history.start, history.actions, history.cursor)
    assert replayed.state == history.state
