"""Attack on the snapshot (found by the helper attacking the launch): a game opened from its
snapshot keeps the snapshot's ``created`` (and ``id``) even after its journal is replayed, and
the next save writes them into the game file. The snapshot is a cache: nothing of it should
reach the game file (its "created" also goes to the play log as the game's start)."""

from __future__ import annotations

import json
from pathlib import Path

from frightmare.model import GameSetup
from frightmare.model.actions.lane import Move
from frightmare.store import SessionStore
from frightmare.store.games.snapshot import snapshot_path


def test_the_snapshot_s_created_date_never_reaches_the_game_file(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(setup_card="Block Party"), "Lane", seed=1)
    session.do(Move(to="street-w", steps=1))
    session.close()
    path = store.path_for(session.id)
    created = json.loads(path.read_text())["created"]
    cache = snapshot_path(path)
    raw = json.loads(cache.read_text())
    raw["created"] = "2001-01-01T00:00:00+00:00"  # the game file still matches exactly
    cache.write_text(json.dumps(raw))

    early = SessionStore(tmp_path).open(session.id, early=True, lock_later=True)
    assert not early.history_loaded
    assert SessionStore(tmp_path).take_lock(early)
    early.do(Move(to="intersection", steps=1))  # replays the journal, then saves
    early.close()
    # The file's own date (it said 2001-01-01, the snapshot's).
    assert json.loads(path.read_text())["created"] == created
