"""Hostile session files: none crashes the app, none loses data, each gets a clear message."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from frightmare.model import GameSetup
from frightmare.store import SCHEMA_VERSION, SessionFileError, SessionStore
from frightmare.store.games.document import MAX_FILE_BYTES


def _valid(store: SessionStore) -> bytes:
    session = store.create(GameSetup(), "template")
    data = session.path.read_bytes()
    store.delete(session.id)
    return data


def _edit(data: bytes, **changes: object) -> bytes:
    raw = json.loads(data)
    raw.update(changes)
    return json.dumps(raw).encode()


HOSTILE: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda valid: valid[: len(valid) // 2],
    "empty": lambda valid: b"",
    "binary": lambda valid: bytes(range(256)) * 40,
    "invalid utf-8": lambda valid: valid.replace(b"template", b"temp\xff\xfelate"),
    "a list": lambda valid: b"[1, 2, 3]",
    "another app's json": lambda valid: b'{"hello": "world"}',
    "wrong types": lambda valid: _edit(valid, cursor="three", seed=[1]),
    "bad action": lambda valid: _edit(valid, journal=[{"kind": "teleport"}]),
    "cursor past the end": lambda valid: _edit(valid, cursor=5),
    "unknown field": lambda valid: _edit(valid, cheat=True),
    "schema version zero": lambda valid: _edit(valid, schema_version=0),
    "schema version as text": lambda valid: _edit(valid, schema_version="1"),
    "future schema version": lambda valid: _edit(valid, schema_version=SCHEMA_VERSION + 7),
    "deeply nested": lambda valid: (
        b'{"format": "frightmare-session", "journal": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    ),
    "nested in the journal": lambda valid: _edit(valid, journal=json.loads("[" * 900 + "]" * 900)),
    "oversized": lambda valid: valid[:-2] + b" " * (MAX_FILE_BYTES + 10) + b"}\n",
    "huge name": lambda valid: _edit(valid, name="x" * 5000),
}

JOURNAL_ONLY = {"bad action", "nested in the journal"}

MESSAGES = (
    "not readable JSON",
    "it is empty",
    "not a text file",
    "not a session file",
    "not a Frightmare Companion session file",
    "a value is wrong",
    "no valid schema version",
    "newer version",
    "nested too deeply",
    "larger than any real session",
)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_file_in_the_data_dir(kind: str, tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "store")
    keeper = store.create(GameSetup(final_girl="Sheila"), "Keeper")
    data = HOSTILE[kind](_valid(store))
    hostile = store.sessions_dir / ("f" * 32 + ".json")
    hostile.write_bytes(data)

    scan = store.scan()

    listed = {s.id: s for s in scan.sessions}
    assert listed[keeper.id].can_open  # every other session still opens
    assert store.open(keeper.id).name == "Keeper"
    if kind == "future schema version":
        problem = listed["f" * 32].problem
        assert problem and "newer version" in problem
        assert hostile.read_bytes() == data  # left exactly as it was
        return
    if kind in JOURNAL_ONLY:
        # Listing reads headers only; the journal's actions are checked when it is opened.
        assert scan.problems == []
        with pytest.raises(SessionFileError) as error:
            store.open("f" * 32)
        problem = str(error.value)
        assert "moved to" in problem and "every other session is fine" in problem
        assert "f" * 32 not in {s.id for s in store.scan().sessions}
    else:
        assert len(scan.problems) == 1
        problem = scan.problems[0]
    assert any(m in problem for m in MESSAGES), problem
    assert not hostile.exists()
    (moved,) = store.quarantine_dir.iterdir()
    assert moved.read_bytes() == data  # nothing deleted: the file is kept aside


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_file_imported(kind: str, tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "store")
    data = HOSTILE[kind](_valid(store))
    source = tmp_path / "incoming.json"
    source.write_bytes(data)
    with pytest.raises(SessionFileError) as error:
        store.import_file(source)
    assert any(m in str(error.value) for m in MESSAGES), str(error.value)
    assert source.read_bytes() == data
    assert store.scan().sessions == []
