"""Attack on the first frame (found by the helper attacking the launch): a snapshot that
matches its game file but holds a state of the right types with a space the board does not
have crashes the launch in ``finish_opening`` (KeyError from the board), and, the game still
being the game in progress, every launch after it. Bad input gets a message; the journal
(which is fine) should win."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot
from screen_helpers import left_in_progress

from frightmare.model.actions.lane import Move
from frightmare.store import SessionStore
from frightmare.store.games.snapshot import snapshot_path
from frightmare.ui.application import build_window


def test_a_snapshot_naming_a_space_the_board_lacks_does_not_crash_the_launch(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = left_in_progress(private_data_dir, Move(to="street-w", steps=1))
    cache = snapshot_path(SessionStore(private_data_dir).path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"]["table"]["final_girl"] = "nowhere"  # a string, as the type asks
    cache.write_text(json.dumps(raw))

    window = build_window(SessionStore(private_data_dir), first_frame=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    window.finish_opening()  # was a KeyError: 'nowhere' (board.neighbours)
    opened = window.session
    assert opened is not None
    assert opened.state.table.final_girl == "street-w"  # the journal's
