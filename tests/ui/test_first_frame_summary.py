"""Attack on the first frame (found by the helper attacking the launch): launched as ``run``
launches, a game whose snapshot says it is won (its journal: not over) shows "Won in round
1. Undo reopens the game.", offered Game summary…, and the summary's question, answered,
wrote a finished game's line to the play log built from the snapshot's state: a win that
never happened (the journal was not replayed after the first frame). It is now replayed
before the game screen is shown."""

from __future__ import annotations

import json
import random
from pathlib import Path

from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.model.query.legal import legal_actions
from frightmare.model.record.journal_facts import ASK, journal_marks
from frightmare.store import SessionStore, load_settings, save_settings
from frightmare.store.games.snapshot import snapshot_path
from frightmare.store.playlog.playlog import PlayLog
from frightmare.ui.application import build_window


def _game_the_summary_would_ask_about(root: Path) -> str:
    """A game in progress whose journal makes the summary ask a question (a Boiler Room
    attack on Nancy), played with legal plays."""
    store = SessionStore(root)
    session = store.create(GameSetup(final_girl="Nancy", setup_card="Block Party"), seed=1)
    choose = random.Random(0)
    while ASK not in journal_marks(session.history).values():
        assert len(session.history) < 200 and not session.state.over
        plays = [a for a in legal_actions(session.state) if a.kind != "end-game"]
        session.do(choose.choice(plays))
    session.close()
    settings = load_settings(root)
    settings.game_in_progress = session.id
    save_settings(root, settings)
    return session.id


def test_a_snapshot_s_result_never_reaches_the_play_log(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_the_summary_would_ask_about(private_data_dir)
    cache = snapshot_path(SessionStore(private_data_dir).path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"]["result"] = "win"  # the file still matches; its journal is not over
    raw["state"]["ended_round"] = 1
    cache.write_text(json.dumps(raw))

    window = build_window(SessionStore(private_data_dir), first_frame=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    window.finish_opening()
    opened = window.session
    assert opened is not None
    # The journal is replayed before the game screen is shown: the game goes on, no summary
    # is offered, and nothing of the snapshot's "win" reaches the play log.
    assert not opened.state.over and opened.history_loaded
    assert not window.summary_action.isEnabled()
    assert not window.result_label.isVisibleTo(window)
    assert [e.result for e in PlayLog(private_data_dir).entries() if e.session == game] == []
