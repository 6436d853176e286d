"""Issue 32, also noticed: the merge took two games alike in every column and without an end
time for one game even when their session ids differ. Decided: a session id names one game,
so two different ids are two games; the columns decide only when a line has no id."""

from __future__ import annotations

from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.importing import merge

ROW = {
    "date": "2026-10-02",
    "final_girl": "Nancy",
    "killer": "Dr. Fright",
    "location": "Maple Lane",
    "result": "loss",
}


def line(session: str | None, ended: str | None = None) -> LogEntry:
    return LogEntry.from_row({**ROW, "session": session or "", "ended": ended or ""})


def test_two_session_ids_are_two_games_even_alike_in_every_column() -> None:
    merged = merge([line("a" * 32)], [line("b" * 32)])
    assert (merged.added, merged.duplicates) == (1, 0)
    merged = merge([], [line("a" * 32), line("b" * 32)])
    assert merged.added == 2


def test_a_line_without_an_id_still_matches_by_its_columns() -> None:
    assert merge([line("a" * 32)], [line(None)]).added == 0
    assert merge([line(None)], [line("a" * 32)]).added == 0
    assert merge([line(None)], [line(None)]).added == 0


def test_the_same_id_is_one_game_and_end_times_still_tell_games_apart() -> None:
    assert merge([line("a" * 32)], [line("a" * 32)]).added == 0
    early, late = "2026-10-02T20:00:00+00:00", "2026-10-02T21:00:00+00:00"
    assert merge([line(None, early)], [line(None, late)]).added == 1
