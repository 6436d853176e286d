"""Issue 21, re-checked against the data folder in new ways: a folder, a pipe, an empty file
or an odd name where a file of the app's is, and two windows at once.

Each test names what it found (each failed on the code before its fix).
"""

from __future__ import annotations

import os
from pathlib import Path

from frightmare.model import GameSetup, Rename
from frightmare.store import SessionStore


def test_a_folder_named_like_a_games_backup_does_not_stop_its_saves(tmp_path: Path) -> None:
    """With a folder in place of a game's backup (``<id>.json.bak``), every save of the game
    failed (“Is a directory”) and the app said it would try again after the next change,
    which failed the same way: nothing of that game could be saved. The game is saved
    without a backup while the folder is there, the player is told why, and the folder is
    left as it is."""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Night")
    game.close()
    game.backup_path.unlink(missing_ok=True)
    game.backup_path.mkdir()
    (game.backup_path / "theirs.txt").write_text("kept")
    opened = store.open(game.id)
    assert opened.warning is not None
    assert game.backup_path.name in opened.warning and "folder" in opened.warning
    opened.do(Rename(name="Night on"))
    assert opened.save_error is None
    opened.do(Rename(name="Night again"))
    assert opened.save_error is None
    opened.close()
    assert store.open(game.id, read_only=True).name == "Night again"
    assert (game.backup_path / "theirs.txt").read_text() == "kept"
    assert [n for n in os.listdir(store.sessions_dir) if n.endswith(".tmp")] == []


def test_a_game_opened_from_its_snapshot_is_told_about_its_backup_folder(
    tmp_path: Path,
) -> None:
    """The same, launching into the game in progress (opened from its snapshot)."""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Night")
    game.do(Rename(name="Night on"))
    game.close()  # its snapshot is kept beside it
    game.backup_path.unlink(missing_ok=True)
    game.backup_path.mkdir()
    opened = store.open(game.id, early=True)
    assert not opened.history_loaded  # from the snapshot
    assert opened.warning is not None and game.backup_path.name in opened.warning
    opened.do(Rename(name="Night again"))
    assert opened.save_error is None
    opened.close()
