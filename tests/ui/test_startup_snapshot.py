"""Start-up paints the game in progress from its snapshot and replays the journal right after
(issue 19, item 5): when the two disagree, the journal wins and the player is told."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot
from screen_helpers import left_in_progress

from frightmare.model import Rename
from frightmare.model.actions.lane import AddVictims, Move
from frightmare.store import SessionStore
from frightmare.store.games.snapshot import snapshot_path
from frightmare.ui.application import build_window
from frightmare.ui.game_opening import JOURNAL_WINS


def _game_in_progress(root: Path) -> str:
    return left_in_progress(
        root,
        Rename(name="True name"),
        Move(to="street-w", steps=1),
        AddVictims(space="intersection", count=1),
    )


def test_a_snapshot_the_journal_disagrees_with_gives_way_and_says_so(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    store = SessionStore(private_data_dir)
    cache = snapshot_path(store.path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"]["name"] = "Made-up name"  # matches the file, not its journal
    cache.write_text(json.dumps(raw))

    window = build_window(store)
    qtbot.addWidget(window)
    session = window.session
    assert session is not None and not session.history_loaded
    assert "Made-up name" in window.windowTitle()  # the first paint is the snapshot's
    window.show()
    qtbot.waitUntil(lambda: session.history_loaded)
    truth = session.history.state
    assert truth.name == "True name"
    assert window.game._shown == truth
    assert "True name" in window.windowTitle()
    assert window.statusBar().currentMessage() == JOURNAL_WINS
    window.close()


def test_a_snapshot_that_agrees_says_nothing(qtbot: QtBot, private_data_dir: Path) -> None:
    _game_in_progress(private_data_dir)
    window = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(window)
    session = window.session
    assert session is not None and not session.history_loaded
    window.show()
    qtbot.waitUntil(lambda: session.history_loaded)
    assert window.game._shown == session.history.state
    assert window.statusBar().currentMessage() != JOURNAL_WINS
    window.close()
