"""The play log: one line per finished game, exportable as CSV for the community sheets."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from frightmare.store.atomic import atomic_write
from frightmare.store.safe_io import read_capped

if TYPE_CHECKING:
    from frightmare.model import GameState

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


def entry_for(session_id: str, state: GameState, when: datetime | None = None) -> dict[str, Any]:
    setup, c = state.setup, state.counters
    return {
        "session": session_id,
        "date": (when or datetime.now(UTC)).astimezone().date().isoformat(),
        "final_girl": setup.final_girl,
        "killer": setup.killer,
        "location": setup.location,
        "setup": setup.setup_card or "",
        "epic": "yes" if setup.epic else "no",
        "result": state.result or "",
        "rounds": state.ended_round or state.round,
        "victims_saved": c.victims_saved,
        "victims_killed": c.victims_killed,
        "dark_power": state.dark_power or "",
        "finale": state.finale or "",
    }


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

    def entries(self) -> list[dict[str, Any]]:
        """The recorded games; raises ``OSError`` when the log is not a readable file (a FIFO,
        a device) or larger than any real log, so it is never written over."""
        try:
            text = read_capped(self.path, MAX_PLAYLOG_BYTES).decode("utf-8", "replace")
        except FileNotFoundError:
            return []
        except ValueError as error:  # too large
            raise OSError(str(error)) from None
        out = []
        for line in text.splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a damaged line costs only itself
            if isinstance(entry, dict):
                out.append(entry)
        return out

    def record(self, session_id: str, state: GameState) -> dict[str, Any]:
        entry = entry_for(session_id, state)
        kept = [e for e in self.entries() if e.get("session") != session_id]
        lines = [json.dumps(e, ensure_ascii=False) for e in [*kept, entry]]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, ("\n".join(lines) + "\n").encode())
        return entry

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.DictWriter(
            out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\r\n"
        )
        writer.writeheader()
        for entry in self.entries():
            writer.writerow({c: safe_cell(entry.get(c, "")) for c in COLUMNS})
        return out.getvalue()

    def export_csv(self, target: Path) -> None:
        atomic_write(target, self.to_csv().encode())
