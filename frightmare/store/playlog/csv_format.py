"""The play log as CSV, for export and the community sheets, and read back: the columns in
their order, a header row, and no cell a spreadsheet would run as a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from frightmare.model.record.figures import FIGURE_COLUMNS
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.lines import (
    DamagedLine,
    RawLine,
    ReadResult,
    check_written,
    kept_text,
    text_lines,
    too_long,
    validate_entry,
)

# Today's columns, the ones every export carries (the record's figures follow them).
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
# OWASP, "CSV Injection": a cell starting with one of these is a formula to a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A physical line of a file imported: a CSV's header may name long columns; whether a row's
# line fits the log is decided on the line it would be (``lines.check_written``).
MAX_SOURCE_LINE = 1024 * 1024


def safe_cell(value: object) -> object:
    """A text cell a spreadsheet would read as a formula is written as text (a leading quote),
    per the OWASP advice on CSV injection; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


# Every column a CSV export carries, in order: today's columns, then the record's, then the
# session id (so re-importing an export recognises each game).
EXPORT_COLUMNS: tuple[str, ...] = (
    *COLUMNS,
    *(c for c in FIGURE_COLUMNS if c not in COLUMNS),
    "session",
)


class _CsvLines:
    """The file's lines as text for ``csv.reader``, remembering where each row starts (its
    first line's number): a quoted cell may run over several lines."""

    def __init__(self, lines: Iterator[RawLine], source: str) -> None:
        self.lines = lines
        self.source = source
        self.first: RawLine | None = None
        self.last: RawLine | None = None
        self.damaged: list[DamagedLine] = []

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            if self.first is None:
                self.first = line
            self.last = line
            if line.length > MAX_SOURCE_LINE:
                self.damaged.append(
                    DamagedLine(self.source, line.number, kept_text(line), too_long(line.length))
                )
                yield "\n"  # an empty row in its place, skipped
                continue
            yield _decoded(line.data) + "\n"


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # a spreadsheet's own CSV


def csv_rows(lines: Iterator[RawLine], source: str) -> ReadResult:
    """A CSV play log with a header row (the app's export, or the same columns by hand)."""
    feed = _CsvLines(lines, source)
    reader = csv.reader(feed)
    try:
        header = [h.strip().lower().replace(" ", "_") for h in next(reader)]
    except StopIteration:
        return ReadResult([], feed.damaged)
    except csv.Error as error:
        first = feed.first
        text = first.data.decode("utf-8", "replace") if first else ""
        return ReadResult([], [DamagedLine(source, first.number if first else 1, text, str(error))])
    entries: list[LogEntry] = []
    damaged = feed.damaged
    while True:
        feed.first = None
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            at = feed.first or feed.last
            damaged.append(DamagedLine(source, at.number if at else 0, _text(feed), f"{error}"))
            continue
        if not any(cell.strip() for cell in row):
            continue
        number = feed.first.number if feed.first else 0
        if len(row) != len(header):
            damaged.append(
                DamagedLine(
                    source,
                    number,
                    _text(feed),
                    f"it has {len(row)} cells where the header names {len(header)}",
                )
            )
            continue
        try:
            entry = validate_entry(dict(zip(header, row, strict=True)))
            check_written(entry)
            entries.append(entry)
        except ValueError as error:
            damaged.append(DamagedLine(source, number, _text(feed), str(error)))
        except RecursionError:
            reason = "it is nested too deeply to be one game's columns"
            damaged.append(DamagedLine(source, number, _text(feed), reason))
    return ReadResult(entries, damaged)


def _text(feed: _CsvLines) -> str:
    line = feed.first or feed.last
    return kept_text(line) if line else ""


def parse_csv(text: str, source: str) -> ReadResult:
    """A CSV play log with a header row (the app's export, or the same columns by hand)."""
    return csv_rows(text_lines(text.lstrip("\ufeff")), source)


def to_csv(entries: Iterable[LogEntry]) -> str:
    """Every column (today's and the record's) as CSV, for export or the community sheets.

    A text cell a spreadsheet would read as a formula is written as text (``safe_cell``:
    OWASP, "CSV Injection"); numbers stay numbers.
    """
    out = io.StringIO()
    writer = csv.DictWriter(
        out, fieldnames=EXPORT_COLUMNS, extrasaction="ignore", lineterminator="\r\n"
    )
    writer.writeheader()
    for entry in entries:
        row = entry.row()
        writer.writerow({c: safe_cell(row.get(c, "")) for c in EXPORT_COLUMNS})
    return out.getvalue()
