"""An answer to the summary's question survives an undo past the game's end and the redo
that ends it again (a walkthrough answered "No" to "Did you hit back…?", undid the end, redid
it, and the log read "fright-boiler-room-hit-back=?" again)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.achievements import answered, parse_marks
from frightmare.model.record.journal_facts import ASK
from frightmare.store.playlog.playlog import PlayLog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog

HIT_BACK = "fright-boiler-room-hit-back"


def test_an_answer_survives_an_undo_past_the_end_and_the_redo(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[object] = []  # the summary each end opens, not shown modally here
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: shown.append(a)))
    window = open_game()
    window.act(FallAsleep())
    for direction in ("up", "up", "left", "down"):  # seed 1: Dr. Fright on one of them
        window.act(Slide(direction=direction))
    window.act(EndGame(result="win"))
    record = window.game_record()
    assert record is not None
    entry, _ = record
    assert parse_marks(entry.achievements)[HIT_BACK] == ASK
    window.keep_record(answered(entry, HIT_BACK, False))  # the summary's "No"
    log = PlayLog(window.store.root)

    def mark() -> int | None:
        assert window.session is not None
        line = next((e for e in log.entries() if e.session == window.session.id), None)
        return None if line is None else parse_marks(line.achievements).get(HIT_BACK)

    assert mark() == 0
    window.undo_action.trigger()
    assert mark() is None  # reopened: out of the log
    window.redo_action.trigger()
    assert mark() == 0
    assert window.session is not None and window.session.state.over
