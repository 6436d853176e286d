"""The play log: one line per finished game, exportable as CSV for the community sheets.

The log is ``<data dir>/playlog.jsonl``. Recording a game appends one line (``record_io
.append_entry``: no rewrite of the whole log, under the log's writer lock, checked after it is
synced); reading keeps the latest line of each game and sets damaged lines aside
(``record_io.load_log``). Each line is a validated ``LogEntry`` (``frightmare.model
.log_entry``); reading and the CSV export live in ``record_io``, once. This module imports
them only when a game is recorded or the log read, so start-up never pays.

A game whose line cannot be written (a full disk, the log busy) is never dropped: it waits in
memory, is shown with the others, and is written before anything else at the next change to
the log or the next read (``PlayLogPending`` tells the player where it waits).
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from frightmare.model import GameState
    from frightmare.model.history import History
    from frightmare.model.log_entry import LogEntry

# The reader's cap, per line (no cap per file: a log of any number of games reads). A line of
# the known columns is at most about 30 KB (35 columns of 200 characters, each as long as it
# can be in UTF-8 and escaped): only a hand-made CSV's own columns can go beyond.
MAX_LINE_BYTES = 64 * 1024


class PlayLogPending(OSError):
    """A finished game's line could not be written now; it waits in memory (``str()`` tells
    the player so) and is written at the next change to the log or the next read."""


# The lines waiting, per log, in the order the games finished (shared by every PlayLog of the
# process: the window makes one per use).
_PENDING: dict[str, list[LogEntry]] = {}
_PENDING_GUARD = threading.Lock()
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
        # What else the last ``entries()`` has to tell (a sync tool's copies merged).
        self.notices: list[str] = []

    @property
    def pending(self) -> int:
        """How many finished games wait to be written to this log."""
        with _PENDING_GUARD:
            return len(_PENDING.get(str(self.path), []))

    def flush_pending(self) -> bool:
        """Write the games waiting, in order; whether none waits any more. A failure leaves
        them waiting (nothing is raised)."""
        from frightmare.store.record_io import append_lines, line_of

        key = str(self.path)
        with _PENDING_GUARD:
            waiting = list(_PENDING.get(key, []))
        if not waiting:
            return True
        try:
            append_lines(self.path, [line_of(entry) for entry in waiting])
        except OSError:
            return False
        with _PENDING_GUARD:
            left = _PENDING.get(key, [])
            del left[: len(waiting)]
            if not left:
                _PENDING.pop(key, None)
        return True

    def entries(self) -> list[LogEntry]:
        """The recorded games, one line each (its latest), every line validated, with the
        games still waiting to be written; raises ``OSError`` when the log is not a readable
        file (a FIFO, a device, a link), so it is never written over.

        The games waiting are written first, and a sync tool's copies of the log merged into
        it (``notices`` says so)."""
        from frightmare.store.record_io import latest, load_log, merge_conflict_copies

        self.flush_pending()
        self.notices = []
        try:
            merged = merge_conflict_copies(self.path)
        except OSError as error:
            self.notices.append(
                f"Your sync tool's copies of the play log could not be merged now ({error}); "
                "they are left where they are."
            )
        else:
            if merged is not None:
                self.notices.append(merged.message)
        result = load_log(self.path)
        self.damaged = [d.message for d in result.damaged]
        with _PENDING_GUARD:
            waiting = list(_PENDING.get(str(self.path), []))
        return latest([*result.entries, *waiting]) if waiting else result.entries

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
        """Append the finished game's line (one appended line, synced and checked), after the
        games waiting. Raises ``PlayLogPending`` when it cannot be written now: it waits."""
        from frightmare.store.record_io import append_entry

        entry = self.entry(session_id, state, history=history, started=started)
        if self.flush_pending():
            try:
                append_entry(self.path, entry)
                return entry
            except OSError as error:
                reason = error
        else:
            reason = OSError("the games before it are still waiting")
        with _PENDING_GUARD:
            _PENDING.setdefault(str(self.path), []).append(entry)
        raise PlayLogPending(
            f"{_said(reason)}. This game is kept: it waits in memory and is written to the "
            "play log as soon as that works (at the next game finished, or when the "
            "Statistics open). Keep the app open until then."
        ) from None

    def withdraw(self, session_id: str) -> bool:
        """Take a game out of the log (undo reopened it); ``True`` if it was there."""
        from frightmare.store.record_io import take_out

        with _PENDING_GUARD:
            waiting = _PENDING.get(str(self.path), [])
            before = len(waiting)
            waiting[:] = [e for e in waiting if e.session != session_id]
            was_waiting = len(waiting) != before
        return take_out(self.path, session_id) or was_waiting

    def to_csv(self) -> str:
        """Every column (today's first, then the record's, the session id last)."""
        from frightmare.store.record_io import to_csv

        return to_csv(self.entries())

    def export_csv(self, target: Path, *, staging: Path | None = None) -> int:
        """Write the CSV export to ``target``; the number of games written. ``staging``: the
        data folder, where the file is written before it is moved in (``export_write``)."""
        from frightmare.store.atomic import export_write
        from frightmare.store.record_io import to_csv

        entries = self.entries()
        export_write(target, to_csv(entries).encode(), staging=staging)
        return len(entries)


def _said(error: OSError) -> str:
    """The reason in words ("No space left on device"), without the errno's number."""
    return str(error.strerror or error)
