"""The game-over summary over a long record (issue 33): the window hands it the game's line and
the record in brief kept beside the play log, never the whole log read again."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.model.actions.game import EndGame
from frightmare.model.record.record_digest import RecordDigest
from frightmare.store import SessionStore, load_settings
from frightmare.store.playlog import log_file
from frightmare.store.playlog.playlog import PlayLog
from frightmare.store.playlog.record_file import digest_path
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog


def test_the_summary_of_a_game_just_finished_reads_the_record_in_brief(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SessionStore(private_data_dir)
    session = store.create(GameSetup(), "Night", seed=1)
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    window.open_session(session.id)
    (private_data_dir / "playlog.jsonl").write_bytes(b"")  # a log, no game in it yet
    PlayLog(private_data_dir).summary_record("none")  # the record in brief made once
    read_whole: list[Path] = []
    monkeypatch.setattr(log_file, "load_log", lambda path: read_whole.append(path))
    monkeypatch.setattr(log_file, "read_log", lambda path: read_whole.append(path))
    monkeypatch.setattr(GameOverDialog, "exec", lambda self: 0)
    window.act(EndGame(result="win"))
    record = window.game_record()
    assert record is not None
    line, digest = record
    assert isinstance(digest, RecordDigest) and digest.games == 1
    assert line.session == session.id and line.result == "win"
    assert window.session is not None
    dialog = GameOverDialog(window.session.state, window)
    assert dialog.record_box is not None and dialog.record_box.entry == line
    assert read_whole == [] and digest_path(store.root / "playlog.jsonl").is_file()
