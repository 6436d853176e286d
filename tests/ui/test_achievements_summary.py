"""The published achievements in the game summary and the play log (issue 22 item 1): the
summary lists what the game earned and asks one yes/no question where the journal cannot
tell; past games in the play log are scanned once, from their saved journals."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.game.boiler_room import Direction
from frightmare.model.record.achievements import parse_marks, standings
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.store import SessionStore
from frightmare.store.playlog.log_file import read_log
from frightmare.store.playlog.playlog import PlayLog
from frightmare.ui.record.achievements import GameRecordBox, scan_past_games

WHOLE_DECK: tuple[Direction, ...] = ("up", "up", "left", "down")


def earned(entries: list[LogEntry]) -> dict[str, str]:
    return {s.achievement.id: s.day for s in standings(entries) if s.earned}


def test_the_summary_asks_what_only_the_player_can_tell_and_keeps_the_answer(
    qtbot: QtBot,
) -> None:
    from frightmare.model import History, new_game

    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    for direction in WHOLE_DECK:  # seed 1's deck: Dr. Fright shows on one of the cards
        history.do(Slide(direction=direction))
    history.do(EndGame(result="win"))
    entry = with_figures(entry_for("g1", history.state), game_figures(history))
    kept: list[LogEntry] = []
    box = GameRecordBox(entry, [], keep=kept.append)
    qtbot.addWidget(box)
    names = {a.id for a in box.published}
    assert {"fright-beat-on-maple-lane", "fright-beat-before-finale", "maple-win"} <= names
    assert "fright-boiler-room-hit-back" not in names
    yes, _no = box.question_buttons["fright-boiler-room-hit-back"]
    yes.click()
    assert parse_marks(kept[-1].achievements)["fright-boiler-room-hit-back"] == 1
    assert "fright-boiler-room-hit-back" in {a.id for a in box.published}
    assert box.question_buttons == {}  # answered: not asked again


def test_past_games_are_scanned_once_from_their_saved_journals(tmp_path: Path) -> None:
    """Before the scan, the old lines hold no journal findings; after it, the saved game's
    journal and the deleted game's columns count, and a second scan changes nothing."""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Rested")
    session.do(FallAsleep(cause="long rest"))
    session.do(EndGame(result="loss"))
    history = session.history
    old = entry_for(session.id, history.state).with_values(date="2026-10-01")
    session.close()
    gone = LogEntry.from_row(
        {
            "session": "f" * 32,  # its saved game was deleted
            "date": "2026-10-02",
            "final_girl": "Nancy",
            "killer": "Dr. Fright",
            "location": "Maple Lane",
            "result": "loss",
            "most_cards_in_a_round": "3",
            "quadrants_searched": "2",
        }
    )
    log = PlayLog(tmp_path)
    log.path.write_text("".join(json.dumps(e.row()) + "\n" for e in (old, gone)), "utf-8")
    before = log.entries()
    assert [e.achievements for e in before] == [None, None]
    assert "fright-rest-to-sleep" not in earned(before)
    assert "fright-three-boiler-cards-one-round" not in earned(before)
    after, scanned = scan_past_games(store, before, log)
    assert scanned == 2
    got = earned(after)
    assert got["fright-rest-to-sleep"] == "2026-10-01"  # from its journal
    assert got["fright-three-boiler-cards-one-round"] == "2026-10-02"  # from its columns
    (quadrants,) = [s for s in standings(after) if s.achievement.id == "maple-search-each-quadrant"]
    assert quadrants.progress == "not yet: your best game 2 of 4"
    on_disk = read_log(log.path).entries
    assert [e.achievements is not None for e in on_disk] == [True, True]
    again, scanned = scan_past_games(store, on_disk, log)
    assert scanned == 0 and again == on_disk
