"""Format 4 -> 5: games saved by the previous release open whole, in today's rules and shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frightmare.store import Session, SessionStore
from frightmare.store.games.document import SCHEMA_VERSION, parse_header

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _open(store: SessionStore, raw: dict[str, object]) -> Session:
    path = store.path_for(str(raw["id"]))
    path.write_text(json.dumps(raw), "utf-8")
    return store.open(str(raw["id"]))


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "data")


@pytest.mark.parametrize(
    "fixture",
    [FIXTURES / "session-v4.json", *sorted((FIXTURES / "halves").glob("*.json"))],
    ids=lambda p: p.name,
)
def test_a_format_4_game_opens_with_every_step(fixture: Path, store: SessionStore) -> None:
    raw = json.loads(fixture.read_text("utf-8"))
    assert raw["schema_version"] == 4
    session = _open(store, raw)
    assert session.warning is None  # no step was dropped
    assert parse_header(session.path.read_bytes()).schema_version == SCHEMA_VERSION


def test_another_killers_game_opens_in_its_own_shape(store: SessionStore) -> None:
    # Issue 14 item 5: "A saved game whose setup names another Killer or Location opens in its
    # proper shape."
    raw = json.loads((FIXTURES / "halves" / "session-v4-other-killer.json").read_text("utf-8"))
    session = _open(store, raw)
    state = session.state
    assert not state.setup.has_dr_fright
    assert not state.setup.epic and state.setup.boiler_deck == "screen"
    assert state.dream.awake  # no Boiler Room was played against Hans
    lines = [step.describe() for step in session.history.actions]
    assert any(line.startswith("Noted:") for line in lines)  # his half's steps kept as notes


def test_an_old_failed_convince_that_went_in_replays_to_the_same_table(
    store: SessionStore,
) -> None:
    # Rulebook, Convince line 4: "Immediately return this card to the Action Tableau." The old
    # "go in anyway" result is kept as what happened on the table: the failed Convince, then
    # the steps that put her in the House, recorded as edits.
    raw = json.loads((FIXTURES / "session-v4.json").read_text("utf-8"))
    raw["setup"] = {**raw["setup"], "setup_card": "Maple Lane"}
    raw["journal"] = [
        {"kind": "move", "to": "intersection", "steps": 1, "followers": 0},
        {"kind": "move", "to": "street-n", "steps": 1, "followers": 0},
        {"kind": "convince", "house": "house-nw-street", "result": "fail-enter"},
    ]
    raw["cursor"] = 3
    session = _open(store, raw)
    state = session.state
    assert state.table.final_girl == "house-nw-street"
    assert state.counters.health == state.box.health - 1
    assert session.history.cursor == len(session.history.actions)
