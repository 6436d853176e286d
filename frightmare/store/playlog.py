"""The play log: one line per finished game, exportable as CSV for the community sheets.

The log is ``<data dir>/playlog.jsonl``. Recording a game appends one line (``record_io
.append_entry``: no rewrite of the whole log); reading keeps the latest line of each game and
sets damaged lines aside (``record_io.load_log``). Each line is a validated ``LogEntry``
(``frightmare.model.log_entry``); reading and the CSV export live in ``record_io``, once. This
module imports them only when a game is recorded or the log read, so start-up never pays.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from frightmare.model import GameState
    from frightmare.model.history import History
    from frightmare.model.log_entry import LogEntry

MAX_PLAYLOG_BYTES = 16 * 1024 * 1024
# OWASP, "CSV Injection": a cell starting with one of these is a formula to a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

COLUMNS = (
    "date",
    "final_girl",
    "killer",
    "location",
    "setup",
    "epic",
    "result",
    "rounds",
    "victims_saved",
    "victims_killed",
    "dark_power",
    "finale",
)


def entry_for(session_id: str, state: GameState, when: datetime | None = None) -> LogEntry:
    """The finished game's line, today's columns (``ValueError`` if the game has no result)."""
    from frightmare.model.log_entry import LogEntry

    setup, c = state.setup, state.counters
    return LogEntry.from_row(
        {
            "session": session_id,
            "date": (when or datetime.now(UTC)).astimezone().date().isoformat(),
            "final_girl": setup.final_girl,
            "killer": setup.killer,
            "location": setup.location,
            "setup": setup.setup_card,
            "epic": setup.epic,
            "result": state.result,
            "rounds": state.ended_round or state.round,
            "victims_saved": c.victims_saved,
            "victims_killed": c.victims_killed,
            "dark_power": state.dark_power,
            "finale": state.finale,
        }
    )


def safe_cell(value: object) -> object:
    """A text cell a spreadsheet would read as a formula is written as text (a leading quote),
    per the OWASP advice on CSV injection; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class PlayLog:
    """``<data dir>/playlog.jsonl``; a game finished again (after an undo) replaces its line."""

    def __init__(self, root: Path) -> None:
        self.path = root / "playlog.jsonl"
        # Messages naming the lines the last ``entries()`` skipped (kept aside beside the log).
        self.damaged: list[str] = []

    def entries(self) -> list[LogEntry]:
        """The recorded games, one line each (its latest), every line validated; raises
        ``OSError`` when the log is not a readable file (a FIFO, a device) or larger than
        any real log, so it is never written over."""
        from frightmare.store.record_io import load_log

        result = load_log(self.path)
        self.damaged = [d.message for d in result.damaged]
        return result.entries

    def entry(
        self,
        session_id: str,
        state: GameState,
        *,
        history: History | None = None,
        started: datetime | None = None,
        ended: datetime | None = None,
    ) -> LogEntry:
        """The game's line: today's columns, then the record's figures read from its journal
        (``record.game_figures``) when the history is given."""
        ended = ended or datetime.now(UTC)
        entry = entry_for(session_id, state, ended)
        if history is not None:
            from frightmare.model.record import game_figures, with_figures

            entry = with_figures(entry, game_figures(history, started, ended.astimezone()))
        return entry

    def record(
        self,
        session_id: str,
        state: GameState,
        *,
        history: History | None = None,
        started: datetime | None = None,
    ) -> LogEntry:
        """Append the finished game's line (one appended line, fsynced)."""
        from frightmare.store.record_io import append_entry

        entry = self.entry(session_id, state, history=history, started=started)
        append_entry(self.path, entry)
        return entry

    def withdraw(self, session_id: str) -> bool:
        """Take a game out of the log (undo reopened it); ``True`` if it was there."""
        from frightmare.store.record_io import write_log

        entries = self.entries()
        kept = [e for e in entries if e.session != session_id]
        if len(kept) == len(entries):
            return False
        write_log(self.path, kept)
        return True

    def to_csv(self) -> str:
        """Every column (today's first, then the record's, the session id last)."""
        from frightmare.store.record_io import to_csv

        return to_csv(self.entries())

    def export_csv(self, target: Path) -> int:
        """Write the CSV export to ``target``; the number of games written."""
        from frightmare.store.atomic import export_write
        from frightmare.store.record_io import to_csv

        entries = self.entries()
        export_write(target, to_csv(entries).encode())
        return len(entries)
