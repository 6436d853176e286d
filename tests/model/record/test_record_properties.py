"""Invariants of one game's figures over random play in the Boiler Room: whatever the player
does (and undoes), the figures stay consistent with each other and with the end state, and the
play-log line they make passes the log's own validation."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import actions, note_reach, plays_for

from frightmare.model import GameSetup, History, RuleViolation, new_game
from frightmare.model.actions.dream import (
    DrFrightAttacks,
    FallAsleep,
    ResetBoilerRoom,
    RevealFinale,
    Slide,
)
from frightmare.model.actions.journal import Action
from frightmare.model.actions.round import NextPhase
from frightmare.model.record.figures import FIGURE_COLUMNS, entry_for, game_figures, with_figures
from frightmare.store.playlog.lines import validate_entry

# The Boiler Room's moves, drawn from the model (tests/model/strategies.py), mixed with the
# legal plays of whole games (plays.legal_actions), and undo.
UNDO = "undo"
moves = actions(Slide, FallAsleep, ResetBoilerRoom, NextPhase, DrFrightAttacks, RevealFinale)


def play(history: History, steps: list[Action | str]) -> None:
    for step in steps:
        try:
            if isinstance(step, str):
                history.undo()
            else:
                history.do(step)
        except RuleViolation:
            pass


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), steps=st.integers(10, 50), seed=st.integers(0, 50))
def test_figures_agree_with_each_other_and_the_end_state(
    data: st.DataObject, steps: int, seed: int
) -> None:
    history = History(new_game(GameSetup(), seed=seed))
    for action in plays_for(data, history, steps, mix=moves | st.just(UNDO)):
        play(history, [action])
    note_reach(history)
    f = game_figures(history)
    ints = {k: v for k, v in f.columns().items() if isinstance(v, int) and not isinstance(v, bool)}
    assert all(v >= 0 for v in ints.values())
    assert ints["boiler_attacks"] <= ints["boiler_cards"]
    assert ints["full_dream_attacks"] <= ints["boiler_attacks"]
    assert 4 * ints["full_dreams"] <= ints["boiler_cards"]
    assert ints["full_dream_attacks"] <= 4 * ints["full_dreams"]
    assert ints["clean_escapes"] <= ints["full_dreams"]
    assert ints["most_cards_in_a_round"] <= ints["boiler_cards"]
    assert f.end_awake == history.state.dream.awake
    assert list(f.columns()) == list(FIGURE_COLUMNS)
    line = with_figures(entry_for("x", replace(history.state, result="win", ended_round=1)), f)
    assert validate_entry(line.row()).boiler_cards == ints["boiler_cards"]
