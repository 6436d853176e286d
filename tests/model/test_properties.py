"""Invariants over random play: replaying the journal always gives the live state."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frightmare.model import EditNotes, GameSetup, History, Rename, RuleViolation, new_game
from frightmare.store import SessionStore

names = st.text(min_size=0, max_size=30)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("rename"), names),
        st.tuples(st.just("notes"), st.text(max_size=60)),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
        st.tuples(st.just("jump"), st.integers(0, 40)),
    ),
    max_size=40,
)


def _play(history: History, moves: list[tuple[str, object]]) -> None:
    for kind, value in moves:
        try:
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


@given(moves=steps)
def test_replaying_the_journal_gives_the_live_state(moves: list[tuple[str, object]]) -> None:
    history = History(new_game(GameSetup(), seed=5))
    _play(history, moves)
    replayed = History(history.start, history.actions, history.cursor)
    assert replayed.state == history.state
    for cursor in range(len(history) + 1):
        assert replayed.state_at(cursor) == history.state_at(cursor)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=steps)
def test_save_and_load_round_trip(moves: list[tuple[str, object]], tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "props")
    session = store.create(GameSetup(final_girl="Sheila", epic=True))
    _play(session.history, moves)
    session.save()
    reopened = store.open(session.id)
    assert reopened.state == session.state
    assert reopened.history.actions == session.history.actions
    assert reopened.history.cursor == session.history.cursor
