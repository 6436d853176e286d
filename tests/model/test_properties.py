"""Invariants over random play: replaying the journal always gives the live state, and a save
and a reload keep the game whole. The games are legal plays of whole games
(``legal.legal_actions``), with renames, notes, undo, redo and History jumps among them."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import game_setups, note_reach, plays_for

from frightmare.model import EditNotes, GameSetup, History, Rename, RuleViolation, new_game
from frightmare.store import SessionStore

names = st.text(min_size=0, max_size=30)
# What the player does beside the game's plays.
others = st.one_of(
    st.tuples(st.just("rename"), names),
    st.tuples(st.just("notes"), st.text(max_size=60)),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("redo"), st.none()),
    st.tuples(st.just("jump"), st.integers(0, 40)),
)
steps = st.integers(10, 50)


def _play(data: st.DataObject, history: History, count: int) -> None:
    """``count`` steps: legal plays, and (one in four) a rename, notes, undo, redo or jump."""
    for step in plays_for(data, history, count, mix=others):
        try:
            if not isinstance(step, tuple):
                history.do(step)
                continue
            kind, value = step
            if kind == "rename":
                history.do(Rename(name=str(value) or "x"))
            elif kind == "notes":
                history.do(EditNotes(notes=str(value)))
            elif kind == "undo":
                history.undo()
            elif kind == "redo":
                history.redo()
            elif isinstance(value, int):
                history.jump(min(value, len(history)))
        except RuleViolation:
            pass  # refused actions must leave everything as it was; checked below


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(setup=game_setups, data=st.data(), moves=steps)
def test_replaying_the_journal_gives_the_live_state(
    setup: GameSetup, data: st.DataObject, moves: int
) -> None:
    history = History(new_game(setup, seed=5))
    _play(data, history, moves)
    replayed = History(history.start, history.actions, history.cursor)
    assert replayed.state == history.state
    for cursor in range(len(history) + 1):
        assert replayed.state_at(cursor) == history.state_at(cursor)
    note_reach(history)


@settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(setup=game_setups, data=st.data(), moves=steps)
def test_save_and_load_round_trip(
    setup: GameSetup, data: st.DataObject, moves: int, tmp_path: Path
) -> None:
    # Issue 23: the round trip plays game actions too, not only Rename, Notes, undo, redo and
    # jump.
    store = SessionStore(tmp_path / "props")
    session = store.create(setup, seed=5)  # the plays drawn depend on the deck: one order
    _play(data, session.history, moves)
    session.save()
    reopened = store.open(session.id)
    assert reopened.state == session.state
    assert reopened.history.actions == session.history.actions
    assert reopened.history.cursor == session.history.cursor
    note_reach(session.history)
