"""Issue 32, also noticed: exporting a game over ``<data>/playlog.jsonl`` or over another
game's file replaced it. Decided: an export is never written inside the data folder (nor
through a link that leads there); it is refused, and the file there is left as it was."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from frightmare.model import GameSetup
from frightmare.model.record.log_entry import LogEntry
from frightmare.store import SessionStore
from frightmare.store.atomic import ExportRefused
from frightmare.store.playlog.playlog import PlayLog

ONE = LogEntry.from_row(
    {
        "session": "a" * 32,
        "date": "2026-10-02",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "loss",
    }
)


def test_a_game_export_over_the_play_log_is_refused(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    log = store.root / "playlog.jsonl"
    log.write_text("the player's games\n", "utf-8")
    session = store.create(GameSetup(), "Mine")
    with pytest.raises(ExportRefused):
        store.export(session, log)
    assert log.read_text("utf-8") == "the player's games\n"


def test_a_game_export_over_another_games_file_is_refused(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    first = store.create(GameSetup(), "First")
    other = store.create(GameSetup(), "Other")
    theirs = store.path_for(other.id)
    before = theirs.read_bytes()
    with pytest.raises(ExportRefused):
        store.export(first, theirs)
    with pytest.raises(ExportRefused):
        PlayLog(store.root).export_csv(theirs, staging=store.root)
    assert theirs.read_bytes() == before


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_a_link_in_the_players_folder_to_the_log_is_replaced_not_written_through(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path / "data")
    log = store.root / "playlog.jsonl"
    PlayLog(store.root).add(ONE)
    before = log.read_bytes()
    outside = tmp_path / "exports"
    outside.mkdir()
    (outside / "games.csv").symlink_to(log)
    PlayLog(store.root).export_csv(outside / "games.csv", staging=store.root)
    assert log.read_bytes() == before
    assert not (outside / "games.csv").is_symlink()


def test_an_export_elsewhere_still_writes(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    session = store.create(GameSetup(), "Mine")
    target = tmp_path / "exports with spaces" / "Ünïcode game.json"
    target.parent.mkdir()
    store.export(session, target)
    assert target.read_bytes() == session.to_bytes()
