"""Random play on Maple Lane never breaks the table (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import actions, note_reach, plays_for

from frightmare.model import GameSetup, History, RuleViolation, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    DiscardItem,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    RideBicycle,
    SaveVictims,
    Search,
    ToggleHand,
)
from frightmare.model.actions.round import AdjustCounter, NextPhase
from frightmare.model.box.board import default_board, setup_card_names

BOARD = default_board()
# Every kind that moves pieces, Victims or Item cards on Maple Lane, drawn from the model.
ACTIONS = actions(
    Move,
    Convince,
    Search,
    RecordTopCard,
    AddVictims,
    MoveVictims,
    KillVictim,
    SaveVictims,
    HitByCar,
    RideBicycle,
    DiscardItem,
    ToggleHand,
    ReturnItem,
    RevealEvent,
    Slide,
    NextPhase,
    FallAsleep,
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(card=st.sampled_from(setup_card_names()), data=st.data(), steps=st.integers(20, 60))
def test_random_play_keeps_the_table_sound(card: str, data: st.DataObject, steps: int) -> None:
    # Legal plays of whole games (legal.legal_actions), mixed with random actions of every
    # kind that moves pieces, Victims or Item cards (the rules may refuse those).
    history = History(new_game(GameSetup(setup_card=card), seed=4))
    searched: set[str] = set()
    corrected = False
    for action in plays_for(data, history, steps, mix=ACTIONS):
        try:
            before = history.state
            history.do(action)
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
        corrected |= isinstance(action, AdjustCounter)  # a +/- is the player's to make
        c = history.state.counters
        assert corrected or c.bloodlust >= c.victims_killed
    replayed = History(history.start, history.actions, history.cursor)
    assert replayed.state == history.state
    note_reach(history)
