"""Importing a play log (CSV, or another log's JSON lines) into the player's: the games it
does not have yet are added (same session id, or the same game by its columns), so importing
the same file twice changes nothing; its damaged rows are kept aside beside the log, and the
report says at most ``REPORT_ROWS`` of them. The log changes under its writer lock, after the
last chance to cancel: a few games are appended in one write (synced, read back, cut off again
if short, as a finished game's line), more in one atomic replace with the log.
"""

from __future__ import annotations

import json
import operator
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from itertools import compress
from pathlib import Path
from typing import BinaryIO

from frightmare.model.record.log_entry import UNREVEALED, LogEntry
from frightmare.model.values import frozen
from frightmare.store.games.lock import play_log_lock
from frightmare.store.paths import _, ngettext
from frightmare.store.playlog.csv_format import COLUMNS, MAX_SOURCE_LINE, csv_rows, parse_csv
from frightmare.store.playlog.lines import (
    REPORT_ROWS,
    DamagedLine,
    RawLine,
    ReadResult,
    check_written,
    json_lines,
    line_of,
    parse_json_lines,
    raw_lines,
)
from frightmare.store.playlog.log_file import append_lines, keep_aside, read_log, rewrite
from frightmare.store.safe_io import NotARegularFile, binary

MAX_IMPORT_BYTES = 256 * 1024 * 1024
# At most this many new games are appended to the log in one write (as a finished game's line
# is); more are written with the log in one atomic replace.
APPEND_AT_MOST = 1000


class ImportCancelled(Exception):
    """The player cancelled an import: the log is exactly as it was."""


# Asked how far an import is (0 to 1); answers False to cancel it.
Progress = Callable[[float], bool]


# Duplicates -----------------------------------------------------------------------------------

# Every export carries today's columns: two lines alike in all of them are one game.
_SAME_GAME = COLUMNS


def fingerprint(entry: LogEntry) -> tuple[str, ...]:
    """What makes two lines the same game when they carry no session id (a CSV export): the
    columns every export has, as the log writes them. Two games alike in all of them are told
    apart by their end times, when both lines have one."""
    # The log's own text of each value (``row()``), without building the whole row: a merge
    # takes one per game of the log that could be the same game as one imported.
    return tuple(_text(key, getattr(entry, key)) for key in _SAME_GAME)


def _text(key: str, value: object) -> str:
    if isinstance(value, bool):
        text = "yes" if value else "no"
    else:
        text = "" if value is None else str(value).strip()
    if key in ("dark_power", "finale") and text == UNREVEALED:
        text = ""
    return text.casefold()


_DATE = operator.attrgetter("date")
_SESSION = operator.attrgetter("session")


def _ended(entry: LogEntry) -> str:
    return (entry.ended or "").strip()


def merge(existing: Iterable[LogEntry], incoming: Iterable[LogEntry]) -> Merged:
    """``existing`` followed by the ``incoming`` games it does not have yet. A session id
    names one game: the same id is the same game, two ids are two games, whatever their
    columns; a line without an id is the same game as one alike in every column (told apart
    by their end times when both have one)."""
    kept = list(existing)
    incoming = list(incoming)
    # Only the log's ids an imported game has, and only the games of the log played on a day
    # an imported game was played (the day is one of the columns compared) can be the same
    # game as one: one game imported into a log of 100,000 compares a few lines, not every
    # line's every column (each test below a pass in C over the log).
    sessions = {e.session for e in incoming if e.session}
    sessions.intersection_update(map(_SESSION, kept))
    days = {_text("date", e.date) for e in incoming}
    # A logged day is an ISO date (``LogEntry`` checks it), its own text; no day is "".
    written = {None, *days} if "" in days else days
    alike = list(compress(kept, map(written.__contains__, map(_DATE, kept))))
    # Per fingerprint: the end times of its games ("" for none), of all of them and of
    # those without a session id (the only ones a line with an id can be the same game as).
    ends: dict[tuple[str, ...], tuple[set[str], set[str]]] = {}

    def note(entry: LogEntry, key: tuple[str, ...], ended: str) -> None:
        every, unnamed = ends.setdefault(key, (set(), set()))
        every.add(ended)
        if not entry.session:
            unnamed.add(ended)

    for e in alike:
        note(e, fingerprint(e), _ended(e))
    added = duplicates = 0
    new: list[LogEntry] = []
    for entry in incoming:
        session = entry.session or ""
        key, ended = fingerprint(entry), _ended(entry)
        found = ends.get(key)
        if found is None:
            same = False
        else:
            seen = found[1] if session else found[0]
            same = bool(seen) and (not ended or "" in seen or ended in seen)
        if (session and session in sessions) or same:
            duplicates += 1
            continue
        new.append(entry)
        note(entry, key, ended)
        if session:
            sessions.add(session)
        added += 1
    return Merged(kept + new, added, duplicates, new)


@frozen
class Merged:
    entries: list[LogEntry]
    added: int
    duplicates: int
    new: list[LogEntry] = field(default_factory=list)


def parse_log(text: str, source: str) -> ReadResult:
    """JSON lines when the first non-blank character opens an object, CSV otherwise."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start == "{":
        return parse_json_lines(text, source)
    return parse_csv(text, source)


@frozen
class ImportReport:
    added: int
    duplicates: int
    damaged: list[DamagedLine]
    aside: Path | None

    @property
    def messages(self) -> list[str]:
        """What the player is told: the count, then at most ``REPORT_ROWS`` problem rows and
        how many more, and the file that holds them all."""
        lines = [
            ngettext(
                "{added:,} game added, {duplicates:,} already in your log.",
                "{added:,} games added, {duplicates:,} already in your log.",
                self.added,
            ).format(added=self.added, duplicates=self.duplicates)
        ]
        lines += [d.message for d in self.damaged[:REPORT_ROWS]]
        if len(self.damaged) > REPORT_ROWS:
            lines.append(
                _("… and {report_rows:,} more rows were skipped.").format(
                    report_rows=len(self.damaged) - REPORT_ROWS
                )
            )
        if self.aside is not None and self.damaged:
            lines.append(
                _("Every skipped row is kept in {aside}, as it was.").format(aside=self.aside)
            )
        elif self.damaged:
            lines.append(_("The skipped rows are still in the file you imported."))
        return lines


# Importing ------------------------------------------------------------------------------------


def _source_lines(
    stream: BinaryIO, progress: Callable[[int], None]
) -> tuple[Iterator[RawLine], bool]:
    """The source's lines, and whether it holds JSON lines (its first non-blank character
    opens an object) rather than CSV."""
    lines = raw_lines(stream, cap=MAX_SOURCE_LINE, progress=progress)
    first = next(lines, None)
    if first is None:
        return iter(()), False
    if first.data.startswith(b"\xef\xbb\xbf"):  # a byte order mark
        first.data = first.data[3:]
    is_json = first.data.lstrip()[:1] == b"{"

    def again() -> Iterator[RawLine]:
        yield first
        yield from lines

    return again(), is_json


def import_log(log_path: Path, source: Path, *, progress: Progress | None = None) -> ImportReport:
    """Merge the games of ``source`` (CSV or JSON lines) into the play log at ``log_path``.

    ``progress`` is told how far it is (0 to 1, by the chunk) and cancels it by answering
    False (``ImportCancelled``: the log is as it was). Damaged lines of the source, and of
    the log itself, are kept aside beside the log. The log changes under the writer lock,
    after the last chance to cancel: a few new games appended in one write, more (or a log
    with damaged lines) in one atomic replace.
    """
    size = source.stat().st_size
    too_large = ValueError(
        _(
            "{name} is {megabytes:.1f} MB: larger than any play log ({most} MiB at most). "
            "Nothing was imported."
        ).format(name=source.name, megabytes=size / 1e6, most=MAX_IMPORT_BYTES // 2**20)
    )
    if size > MAX_IMPORT_BYTES:
        raise too_large

    def told(fraction: float) -> None:
        if progress is not None and not progress(min(1.0, max(0.0, fraction))):
            raise ImportCancelled("The import was cancelled; your play log is as it was.")

    # Read by the chunk and without blocking: a FIFO or a device is refused, never waited on.
    # The player's own choice, so a link is followed.
    try:
        fd = os.open(source, binary(os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError:
        if os.path.exists(source) and not os.path.isfile(source):
            raise NotARegularFile(
                _("{source} is not a regular file").format(source=source)
            ) from None
        raise
    with os.fdopen(fd, "rb", buffering=0) as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(_("{source} is not a regular file").format(source=source))
        told(0.0)

        def read_so_far(offset: int) -> None:
            if offset > MAX_IMPORT_BYTES:
                raise too_large
            told(0.8 * offset / max(size, 1))

        lines, is_json = _source_lines(stream, read_so_far)
        incoming = json_lines(lines, source.name) if is_json else csv_rows(lines, source.name)
    if is_json:
        incoming = _refuse_unwritable(incoming, source.name)
    told(0.8)
    with play_log_lock(log_path):
        current = read_log(log_path)
        merged = merge(current.entries, incoming.entries)
        told(0.9)  # the last moment to cancel: from here the log changes in one replace
        if current.damaged or len(merged.new) > APPEND_AT_MOST:
            rewrite(log_path, current, new=merged.new)
        elif merged.new:
            # A few games: appended in one write, synced and read back as a finished game's
            # line is (a log of 100,000 games is not written again for one game imported).
            written = [line_of(entry) for entry in merged.new]
            append_lines(log_path, written)
        try:
            aside = keep_aside(log_path, incoming.damaged)
        except OSError:
            aside = None  # the source's rows are still in the source
    if progress is not None:
        # Done: a Cancel pressed now comes too late to leave the log as it was, so it is not
        # told as if it had (the report says what was imported).
        progress(1.0)
    return ImportReport(merged.added, merged.duplicates, list(incoming.damaged), aside)


def _refuse_unwritable(result: ReadResult, source: str) -> ReadResult:
    """A JSON line of another log that passed the reader may still write longer than the
    cap here (its own columns): refused now, not at the next read."""
    kept: list[LogEntry] = []
    damaged = list(result.damaged)
    for entry in result.entries:
        try:
            check_written(entry)
            kept.append(entry)
        except ValueError as error:
            damaged.append(DamagedLine(source, 0, json.dumps(entry.row()), str(error)))
    return ReadResult(kept, damaged)
