"""Issue 9 items 11, 13 and 14 as properties over random games.

- Every refusal that can be overridden names its rule (nothing refuses on an unsourced rule).
- Every refused action, recorded anyway, applies, and replays identically after a JSON round
  trip of the journal (what a save and a reload do).
- From random games, every piece kind can be placed on every space and every counter set
  with edit steps, and the state then replays from the journal exactly.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import COUNTERS, SPACES, actions, note_reach, play_legal

from frightmare.model import (
    ACTION_ADAPTER,
    JOURNAL_ADAPTER,
    GameSetup,
    GameState,
    History,
    new_game,
)
from frightmare.model.actions.edit import EDIT_PIECES, EditPiece, EditTable, SetCounter
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import Move
from frightmare.model.errors import RuleViolation
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import record_anyway
from frightmare.store import SessionStore

setups = st.builds(
    GameSetup,
    final_girl=st.sampled_from(("Nancy", "Sheila")),
    setup_card=st.sampled_from((None, "Maple Lane", "Block Party", "Revenge")),
    epic=st.booleans(),
    boiler_deck=st.sampled_from(("screen", "physical")),
)


def play(setup: GameSetup, data: st.DataObject, steps: int) -> History:
    """A random game of ``steps`` legal plays (legal.legal_actions)."""
    history = History(new_game(setup, seed=11))
    play_legal(data, history, steps)
    note_reach(history)
    return history


def on(state: GameState, piece: EditPiece, space: str) -> bool:
    table = state.table
    if piece == "victim" or piece == "smalley" or piece == "boyfriend":
        return table.count_of(space, piece) >= 1
    return (
        space
        in {
            "final girl": {table.final_girl},
            "dr fright": {table.killer},
            "bicycle": {table.bicycle},
            "cop car": {table.cop_car.space if table.cop_car else None},
            "x token": table.x_tokens,
            "burnt house": table.closed,
            "roadblock": table.roadblocks,
            "booby trap": table.booby_traps,
            "fireworks": {table.fireworks},
        }[piece]
    )


def reloaded(history: History) -> History:
    text = JOURNAL_ADAPTER.dump_json(list(history.actions))
    return History(history.start, JOURNAL_ADAPTER.validate_json(text), history.cursor)


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=setups,
    data=st.data(),
    steps=st.integers(10, 40),
    tries=st.lists(actions(), max_size=8),
)
def test_every_refused_play_can_be_recorded_anyway_and_replays(
    setup: GameSetup, data: st.DataObject, steps: int, tries: list[Action]
) -> None:
    history = play(setup, data, steps)
    for action in tries:
        refused = refusal(history.state, action)
        if refused is None:
            history.do(action)
            continue
        # Issue 9 item 11: a refusal the player may override stands on a named rule.
        if refused.overridable:
            assert refused.rule, refused.message
        marked = record_anyway(action)
        try:
            history.do(marked)
        except RuleViolation as error:
            # Only what the table cannot show may still refuse.
            assert not error.overridable, (action, error)
            continue
        assert history.actions[-1].anyway
        assert history.actions[-1].describe().startswith("⚑ ")
        assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(marked)) == marked
    again = reloaded(history)
    assert again.actions == history.actions
    assert again.state == history.state


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, data=st.data(), steps=st.integers(0, 25), value=st.integers(0, 20))
def test_every_piece_goes_on_every_space_and_every_counter_can_be_set(
    setup: GameSetup, data: st.DataObject, steps: int, value: int
) -> None:
    # Issue 9 item 14: "the player can place, move and remove any piece on any space ...
    # set any counter ... Each edit is one recorded, undoable step."
    history = play(setup, data, steps)
    while history.state.over:  # edits put a game in play right; a finished one is undone first
        history.undo()
    # Dropping the undone steps, as acting after an undo does, so each edit adds one step.
    history = History(history.start, history.actions[: history.cursor])
    for piece in EDIT_PIECES:
        for space in SPACES:
            state = history.state
            table = state.table
            if piece == "boyfriend" and table.boyfriend is not None:
                source: str | None = table.boyfriend
            elif piece in ("x token", "burnt house", "roadblock"):
                marks = {
                    "x token": table.x_tokens,
                    "burnt house": table.closed,
                    "roadblock": table.roadblocks,
                }[piece]
                if space in marks:
                    continue
                source = None
            else:
                source = None
            if source == space:
                continue
            before = len(history)
            state = history.do(EditTable(piece=piece, source=source, target=space))
            assert len(history) == before + 1
            assert on(state, piece, space)
            assert history.undo() == history.state_at(before)
            assert history.redo() == state
    for counter in COUNTERS:
        edit = SetCounter(counter=counter, value=value)
        same = refusal(history.state, edit)
        if same is not None:  # already at that value: nothing to put right, no step
            assert not same.overridable
            continue
        before = len(history)
        history.do(edit)
        assert len(history) == before + 1
    assert reloaded(history).state == history.state


def test_a_play_recorded_anyway_survives_a_save_and_a_reload(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "anyway")
    session = store.create(GameSetup(setup_card="Maple Lane"))
    refused = Move(to="house-nw-street", steps=3)  # an occupied House
    assert refusal(session.state, refused) is not None
    session.history.do(record_anyway(refused))
    session.save()
    reopened = store.open(session.id)
    assert reopened.history.actions == session.history.actions
    assert reopened.history.actions[-1].anyway
    assert reopened.state == session.state
    assert reopened.state.table.final_girl == "house-nw-street"
