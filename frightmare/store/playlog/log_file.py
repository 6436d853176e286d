"""Reading, importing and merging play logs (the app's JSON lines, or CSV), damaged lines kept.

Every line goes through the same validation (``LogEntry``), whether it comes from the app's own
``playlog.jsonl`` or from a file the player imports. A line that fails is skipped with a message
naming it (file and line number) and copied, as it was, into ``playlog-damaged.txt`` beside the
log: nothing is lost, and no other game is dropped because of it. A merge adds only the games
the log does not have yet (same session id, or the same game by its columns), so importing the
same file twice changes nothing.

The log is kept like a game (issue 21):

- Every change takes the log's one writer lock (``lock.play_log_lock``, filelock, like the
  games'): an append, an import, a game taken out, damaged lines set aside, a sync tool's
  copy merged. Nothing is written between another window's read and its write.
- An append is one whole line, written, synced, then read back and compared; anything short
  is cut off again, so the log is never left with half a line (``append_entry``).
- Every rewrite is an atomic replace, made of the lines already there, byte for byte, less
  those taken out, plus the new ones: a kill or a cancel leaves the log as it was.
- The reader streams the file in chunks with a cap per line (``MAX_LINE_BYTES``), not per
  file, so a log of any number of games reads; what was read is remembered with the CRC of
  the bytes it came from, so reading again validates only the lines appended since.
- Nothing is written that the reader would refuse: an appended line is read back through the
  reader's own check before it is written, and an import refuses at once, with the reason,
  any row whose line would be too long.

>>> entry = validate_entry({"date": "2026-11-01", "final_girl": "Nancy", "killer": "Dr. Fright",
...     "location": "Maple Lane", "result": "win", "rounds": "6", "epic": "no"})
>>> entry.rounds, entry.result
(6, 'win')
"""

from __future__ import annotations

import csv
import io
import json
import operator
import os
import re
import stat
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate, pairwise, repeat
from pathlib import Path
from typing import BinaryIO, Protocol, cast

from frightmare.model.record.log_entry import (
    MAX_EXTRA_FIELDS,
    UNREVEALED,
    LogEntry,
    collector_paused,
)
from frightmare.model.record.record import FIGURE_COLUMNS
from frightmare.store.atomic import atomic_write
from frightmare.store.games.lock import PLAY_LOG_WAIT, play_log_lock
from frightmare.store.playlog.playlog import COLUMNS, MAX_LINE_BYTES, safe_cell
from frightmare.store.safe_io import NOFOLLOW, NotARegularFile, kind_of, own_folder

LOG_NAME = "playlog.jsonl"
DAMAGED_NAME = "playlog-damaged.txt"
MERGED_DIR = "playlog-merged"
MAX_IMPORT_BYTES = 256 * 1024 * 1024
# A physical line of a file imported: a CSV's header may name long columns; whether a row's
# line fits the log is decided on the line it would be (``_check_written``).
MAX_SOURCE_LINE = 1024 * 1024
# Room an imported line leaves for what the app may add to it later (its achievements, 700
# characters at most, each up to 4 bytes), so a line imported whole never outgrows the reader.
LINE_GROWTH = 4 * 1024
# A damaged line longer than this is kept aside cut, with a note of its length.
MAX_KEPT_BYTES = 64 * 1024
# How many problem rows a report lists before "and N more" (all go to the file it names).
REPORT_ROWS = 20
CHUNK = 1 << 20
__all__ = ["MAX_EXTRA_FIELDS", "LogEntry", "validate_entry"]

# Every column a CSV export carries, in order: today's columns, then the record's, then the
# session id (so re-importing an export recognises each game).
EXPORT_COLUMNS: tuple[str, ...] = (
    *COLUMNS,
    *(c for c in FIGURE_COLUMNS if c not in COLUMNS),
    "session",
)


class ImportCancelled(Exception):
    """The player cancelled an import: the log is exactly as it was."""


# Asked how far an import is (0 to 1); answers False to cancel it.
Progress = Callable[[float], bool]


def validate_entry(raw: Mapping[str, object]) -> LogEntry:
    """A validated, normalised play-log line (``LogEntry.from_row``); raises ``ValueError``
    with the player's reason. Blank cells mean "not known" (a CSV has no other way to say
    it)."""
    return LogEntry.from_row(raw)


# Duplicates -----------------------------------------------------------------------------------

# Every export carries today's columns: two lines alike in all of them are one game.
_SAME_GAME = COLUMNS


def fingerprint(entry: LogEntry) -> tuple[str, ...]:
    """What makes two lines the same game when they carry no session id (a CSV export): the
    columns every export has, as the log writes them. Two games alike in all of them are told
    apart by their end times, when both lines have one."""
    out = []
    for key in _SAME_GAME:
        # The log's own text of each value (``row()``), without building the whole row: a
        # merge takes one per game of the log.
        value = getattr(entry, key)
        if isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = "" if value is None else str(value).strip()
        if key in ("dark_power", "finale") and text == UNREVEALED:
            text = ""
        out.append(text.casefold())
    return tuple(out)


def _ended(entry: LogEntry) -> str:
    return (entry.ended or "").strip()


def merge(existing: Iterable[LogEntry], incoming: Iterable[LogEntry]) -> Merged:
    """``existing`` followed by the ``incoming`` games it does not have yet."""
    kept = list(existing)
    sessions = {e.session for e in kept if e.session}
    ends: dict[tuple[str, ...], set[str]] = {}
    for e in kept:
        ends.setdefault(fingerprint(e), set()).add(_ended(e))
    added = duplicates = 0
    new: list[LogEntry] = []
    for entry in incoming:
        session = entry.session or ""
        key, ended = fingerprint(entry), _ended(entry)
        seen = ends.get(key)
        same = seen is not None and (not ended or "" in seen or ended in seen)
        if (session and session in sessions) or same:
            duplicates += 1
            continue
        new.append(entry)
        ends.setdefault(key, set()).add(ended)
        if session:
            sessions.add(session)
        added += 1
    return Merged(kept + new, added, duplicates, new)


@dataclass(frozen=True, slots=True)
class Merged:
    entries: list[LogEntry]
    added: int
    duplicates: int
    new: list[LogEntry] = field(default_factory=list)


# Reading --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamagedLine:
    source: str
    line: int
    text: str
    reason: str
    # Where the line is in its file (bytes, its newline included), when read from one.
    start: int = -1
    end: int = -1

    @property
    def message(self) -> str:
        return f"{self.source}, line {self.line}: skipped, {self.reason}."


@dataclass(frozen=True, slots=True)
class ReadResult:
    entries: list[LogEntry]
    damaged: list[DamagedLine] = field(default_factory=list)
    # Where each entry's line is in the log (start, end), for a rewrite that keeps lines byte
    # for byte; empty for a text that is not the log.
    spans: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class RawLine:
    """One line of a file that is not blank: its number (blank lines counted), where it is
    (bytes, its newline included), its bytes without the newline (cut after the cap) and its
    whole length."""

    number: int
    start: int
    end: int
    data: bytes
    length: int


_NOT_BLANK = re.compile(rb"[^ \t\r\n\f\v]")


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


def raw_lines(
    stream: Readable,
    *,
    cap: int = MAX_LINE_BYTES,
    offset: int = 0,
    number: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Iterator[RawLine]:
    """The lines of ``stream`` (read from ``offset``, the line before it numbered
    ``number``) that are not blank, read by the chunk: memory stays within a chunk and a
    line's cap, whatever the file holds. Runs of blank lines are skipped a chunk at a time
    (30 MB of them cost a few scans, not 30 million steps). ``progress`` is told the offset
    after each chunk."""
    kept = bytearray()  # the line so far, at most cap + 1 bytes of it
    length = 0  # its whole length
    blank = True  # nothing but white space in it so far
    start = position = offset
    while True:
        chunk = stream.read(CHUNK)
        if not chunk:
            break
        base, position = position, position + len(chunk)
        at, size = 0, len(chunk)
        while at < size:
            if blank:
                # Blank so far: skip to the line of the next character that is not.
                found = _NOT_BLANK.search(chunk, at)
                stop = size if found is None else found.start()
                tail = chunk.rfind(b"\n", at, stop)
                if tail >= 0:
                    number += chunk.count(b"\n", at, tail + 1)
                    kept.clear()
                    length = 0
                    start = base + tail + 1
                    at = tail + 1
                if found is None:
                    kept += chunk[at : at + max(0, cap + 1 - len(kept))]
                    length += size - at
                    break
            newline = chunk.find(b"\n", at)
            stop = size if newline < 0 else newline
            if blank and _NOT_BLANK.search(chunk, at, stop) is not None:
                blank = False
            kept += chunk[at : min(stop, at + max(0, cap + 1 - len(kept)))]
            length += stop - at
            if newline < 0:
                break
            number += 1
            if not blank:
                yield RawLine(number, start, base + newline + 1, bytes(kept), length)
            kept.clear()
            length = 0
            blank = True
            start = at = newline + 1
            start += base
        if progress is not None:
            progress(position)
    if not blank:
        yield RawLine(number + 1, start, position, bytes(kept), length)


def _too_long(length: int) -> str:
    return f"it is {length:,} characters long, more than any game's line ({MAX_LINE_BYTES:,})"


def _kept_text(line: RawLine) -> str:
    text = line.data[:MAX_KEPT_BYTES].decode("utf-8", "replace")
    if line.length > MAX_KEPT_BYTES:
        text += f" [cut here: the line was {line.length:,} characters long]"
    return text


def parse_json_line(data: bytes) -> LogEntry:
    """One line of the app's log as an entry: the reader's own check, the one a line must
    pass to be written too. Raises ``ValueError`` with the player's reason."""
    if len(data) > MAX_LINE_BYTES:
        raise ValueError(_too_long(len(data)))
    # (stats, issue 21's Statistics budget: a surgical hook.) A line as the app writes it is
    # read and checked in one pass, in a third of the time; it gives the very entry the lines
    # below give, or None for any other line, which goes on as before.
    fast = LogEntry.from_json_line(data)
    if fast is not None:
        return fast
    try:
        try:
            raw = json.loads(data)
        except UnicodeDecodeError:  # bytes that are not UTF-8 in a name: kept, as "�"
            raw = json.loads(data.decode("utf-8", "replace"))
    except RecursionError:
        # Nested deeper than Python parses: this line only is set aside.
        raise ValueError("it is nested too deeply to be one game's columns") from None
    except ValueError:
        raise ValueError("it is not a complete JSON line (cut short or edited?)") from None
    if not isinstance(raw, dict):
        raise ValueError("it is not one game's columns")
    try:
        return validate_entry(raw)
    except RecursionError:
        raise ValueError("it is nested too deeply to be one game's columns") from None


# Lines decoded together (``LogEntry.from_json_lines``): a few hundred kB of the app's lines.
BATCH = 1000


def _json_lines(lines: Iterable[RawLine], source: str) -> ReadResult:
    entries: list[LogEntry] = []
    spans: list[tuple[int, int]] = []
    damaged: list[DamagedLine] = []

    def one(line: RawLine, fast: LogEntry | None) -> None:
        try:
            if fast is None:
                if line.length > MAX_LINE_BYTES:
                    raise ValueError(_too_long(line.length))
                fast = parse_json_line(line.data)
            entries.append(fast)
            spans.append((line.start, line.end))
        except ValueError as error:
            damaged.append(
                DamagedLine(source, line.number, _kept_text(line), str(error), line.start, line.end)
            )

    # (stats, issue 21's Statistics budget.) The lines are decoded a batch at a time, in one
    # call; a batch that call fails on (a damaged line, a line of another form) is read line
    # by line as before, so every message and line number is the one it always was.
    with collector_paused():  # (stats: entries made in bulk, see collector_paused)
        for chunk in _batches(lines):
            read = None
            if all(line.length <= MAX_LINE_BYTES for line in chunk):
                read = LogEntry.from_json_lines([line.data for line in chunk])
            for line, fast in zip(chunk, read or [None] * len(chunk), strict=True):
                one(line, fast)
    return ReadResult(entries, damaged, spans)


def _batches(lines: Iterable[RawLine]) -> Iterator[list[RawLine]]:
    batch: list[RawLine] = []
    for line in lines:
        batch.append(line)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


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
                    DamagedLine(self.source, line.number, _kept_text(line), _too_long(line.length))
                )
                yield "\n"  # an empty row in its place, skipped
                continue
            yield _decoded(line.data) + "\n"


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # a spreadsheet's own CSV


def _csv(lines: Iterator[RawLine], source: str) -> ReadResult:
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
            _check_written(entry)
            entries.append(entry)
        except ValueError as error:
            damaged.append(DamagedLine(source, number, _text(feed), str(error)))
        except RecursionError:
            reason = "it is nested too deeply to be one game's columns"
            damaged.append(DamagedLine(source, number, _text(feed), reason))
    return ReadResult(entries, damaged)


def _text(feed: _CsvLines) -> str:
    line = feed.first or feed.last
    return _kept_text(line) if line else ""


def _lines_of(text: str) -> Iterator[RawLine]:
    return raw_lines(io.BytesIO(text.encode("utf-8", "surrogateescape")))


def parse_json_lines(text: str, source: str) -> ReadResult:
    return _json_lines(_lines_of(text), source)


def parse_csv(text: str, source: str) -> ReadResult:
    """A CSV play log with a header row (the app's export, or the same columns by hand)."""
    return _csv(_lines_of(text.lstrip("\ufeff")), source)


def parse_log(text: str, source: str) -> ReadResult:
    """JSON lines when the first non-blank character opens an object, CSV otherwise."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start == "{":
        return parse_json_lines(text, source)
    return parse_csv(text, source)


# The app's own log, remembered ------------------------------------------------------------


@dataclass
class _Known:
    """What was read of a log: the entries of its complete lines up to ``upto`` bytes, whose
    CRC is ``crc``. Any file whose first ``upto`` bytes have that CRC holds them."""

    upto: int
    crc: int
    lines: int
    entries: list[LogEntry]
    spans: list[tuple[int, int]]
    damaged: list[DamagedLine]


_KNOWN: dict[str, _Known] = {}
_KNOWN_GUARD = threading.Lock()


def _not_a_log(path: Path) -> str:
    return (
        f"the play log {path} is {kind_of(path)}, not a regular file, so it is never read "
        "nor written"
    )


def _open_log(path: Path, flags: int) -> int:
    """The log opened without following a link and without blocking, checked to be a regular
    file on its descriptor."""
    try:
        fd = os.open(path, flags | NOFOLLOW | getattr(os, "O_NONBLOCK", 0), 0o644)
    except FileNotFoundError:
        raise
    except OSError:
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise NotARegularFile(_not_a_log(path)) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotARegularFile(_not_a_log(path))
    return fd


def read_log(path: Path) -> ReadResult:
    """The app's own play log, every line validated, in the file's order; a missing log is an
    empty one. Lines read before (the same bytes, by their CRC) are not validated again.

    Raises ``OSError`` when the log is not a regular file (a FIFO, a device, a link: never
    read, so never blocking) so it is never written over.
    """
    try:
        fd = _open_log(path, os.O_RDONLY)
    except FileNotFoundError:
        return ReadResult([])
    with os.fdopen(fd, "rb", buffering=0) as stream:
        return _read_open(path, stream)


def _read_open(path: Path, stream: BinaryIO) -> ReadResult:
    key = str(path)
    with _KNOWN_GUARD:
        known = _KNOWN.get(key)
    start = _Known(0, 0, 0, [], [], [])
    if known is not None:
        crc = 0
        left = known.upto
        while left > 0:
            chunk = stream.read(min(CHUNK, left))
            if not chunk:
                break
            crc = zlib.crc32(chunk, crc)
            left -= len(chunk)
        if left == 0 and crc == known.crc:
            start = known
        else:
            stream.seek(0)
    # The rest, streamed: its CRC taken on the way.
    rest = _Crc(stream, start.crc)
    fresh, newlines = _log_lines(rest, path.name, offset=start.upto, number=start.lines)
    entries = start.entries + fresh.entries
    spans = start.spans + fresh.spans
    damaged = start.damaged + fresh.damaged
    # Remembered only up to a newline: a last line without one may still be growing.
    if rest.read_bytes and rest.last == b"\n":
        with _KNOWN_GUARD:
            _KNOWN[key] = _Known(
                start.upto + rest.read_bytes,
                rest.crc,
                start.lines + newlines,
                entries,
                spans,
                damaged,
            )
    return ReadResult(list(entries), list(damaged), list(spans))


# The app's own log is read this much at a time, whole lines: a few thousand of them.
LOG_CHUNK = 4 << 20


def _log_lines(
    stream: Readable, source: str, *, offset: int, number: int
) -> tuple[ReadResult, int]:
    """What ``_json_lines(raw_lines(stream, offset=offset, number=number), source)`` gives,
    read a chunk of whole lines at a time, and how many newlines it read. A chunk of the
    app's own lines (each one game's columns, no blank line, none over the cap) is split and
    decoded in one go, with no ``RawLine`` made per line; any other chunk (a damaged line, a
    blank one, a line ending in CR LF) is read line by line, exactly as ``raw_lines`` reads it.

    Statistics over 100,000 games spent 0.4 s in ``raw_lines`` finding each line's end and
    looking for something not blank in it. Memory stays within a chunk and a line's cap: a
    line longer than the cap with no end in sight is left to ``raw_lines``, with the rest."""
    entries: list[LogEntry] = []
    spans: list[tuple[int, int]] = []
    damaged: list[DamagedLine] = []

    def line_by_line(lines: Iterator[RawLine]) -> None:
        read = _json_lines(lines, source)
        entries.extend(read.entries)
        spans.extend(read.spans)
        damaged.extend(read.damaged)

    carry = b""  # the start of a line the last chunk cut
    first = number
    with collector_paused():
        while chunk := stream.read(LOG_CHUNK):
            if carry:
                chunk = carry + chunk
            cut = chunk.rfind(b"\n") + 1
            if not cut:
                carry = chunk
                if len(carry) > MAX_LINE_BYTES:  # too long for a game's line: streamed
                    rest = _Then(carry, stream)
                    line_by_line(raw_lines(rest, offset=offset, number=number))
                    return ReadResult(entries, damaged, spans), number - first + rest.newlines
                continue
            block, carry = chunk[:cut], chunk[cut:]
            lines = block.split(b"\n")
            lines.pop()  # after the last newline: nothing
            lengths = list(map(len, lines))
            read = LogEntry.from_json_lines(lines) if max(lengths) <= MAX_LINE_BYTES else None
            if read is not None and None not in read:
                entries += cast("list[LogEntry]", read)
                ends = list(accumulate(map(operator.add, lengths, repeat(1)), initial=offset))
                spans += pairwise(ends)
            else:
                line_by_line(raw_lines(io.BytesIO(block), offset=offset, number=number))
            offset += cut
            number += len(lines)
        if carry:  # a last line without its newline
            line_by_line(raw_lines(io.BytesIO(carry), offset=offset, number=number))
    return ReadResult(entries, damaged, spans), number - first


class _Then:
    """``first``, then what ``stream`` reads; the newlines in it counted."""

    def __init__(self, first: bytes, stream: Readable) -> None:
        self.first = first
        self.stream = stream
        self.newlines = 0

    def read(self, size: int = -1, /) -> bytes:
        if self.first:
            chunk, self.first = self.first, b""
        else:
            chunk = self.stream.read(size)
        self.newlines += chunk.count(b"\n")
        return chunk


class _Crc:
    """A stream read through, its CRC, length and last byte taken on the way."""

    def __init__(self, stream: BinaryIO, crc: int) -> None:
        self.stream = stream
        self.crc = crc
        self.read_bytes = 0
        self.last = b""

    def read(self, size: int = -1, /) -> bytes:
        chunk = self.stream.read(size)
        if chunk:
            self.crc = zlib.crc32(chunk, self.crc)
            self.read_bytes += len(chunk)
            self.last = chunk[-1:]
        return chunk


def _remember(path: Path, data: bytes, result: ReadResult) -> None:
    """After the app wrote ``data`` as the log: what it holds, so it is not read again."""
    with _KNOWN_GUARD:
        _KNOWN[str(path)] = _Known(
            len(data),
            zlib.crc32(data),
            data.count(b"\n"),
            list(result.entries),
            list(result.spans),
            list(result.damaged),
        )


def forget(path: Path) -> None:
    """Read the log whole next time (for tests and benchmarks that time a first read)."""
    with _KNOWN_GUARD:
        _KNOWN.pop(str(path), None)


# Writing ----------------------------------------------------------------------------------


def line_of(entry: LogEntry) -> bytes:
    """The entry as a line of the log, its newline included."""
    return (json.dumps(entry.row(), ensure_ascii=False) + "\n").encode("utf-8", "surrogateescape")


def _check_written(entry: LogEntry) -> None:
    """Refuse at once (``ValueError``) an entry whose line the reader would refuse.

    An entry of the known columns only always passes: each is at most 200 characters (and
    ``row`` and ``from_row`` are one another's inverse), so its line stays far below the cap
    whatever it holds (a test writes the longest one). One with columns of its own (a
    hand-made CSV's) may not: its line is made and read back whole, and must leave room
    for what the app adds to a line later (``LINE_GROWTH``: its achievements), since its own
    columns are kept whole."""
    if not entry.extras:
        return
    line = line_of(entry)
    if len(line) - 1 > MAX_LINE_BYTES - LINE_GROWTH:
        raise ValueError(
            f"its line in the play log would be {len(line) - 1:,} characters long, more than "
            f"a game's line may be ({MAX_LINE_BYTES - LINE_GROWTH:,}): a column of it is far "
            "too long"
        )
    if entry.extras:
        parse_json_line(line[:-1])


def _rewrite(
    path: Path,
    current: ReadResult,
    *,
    keep: Callable[[LogEntry], bool] = lambda entry: True,
    new: Iterable[LogEntry] = (),
) -> None:
    """Replace the log (atomically) with its lines kept byte for byte, less those ``keep``
    refuses, then ``new``'s. Its damaged lines are kept aside first and left out; where they
    cannot be kept aside they stay, byte for byte, so nothing is lost. Called under the
    writer lock, with ``current`` read under it."""
    try:
        keep_aside(path, current.damaged)
        dropped = True
    except OSError:
        dropped = False
    try:
        fd = _open_log(path, os.O_RDONLY)
    except FileNotFoundError:
        old = b""
    else:
        with os.fdopen(fd, "rb", buffering=0) as stream:
            old = stream.read()
    parts: list[bytes] = []
    entries: list[LogEntry] = []
    spans: list[tuple[int, int]] = []
    at = 0
    lines: list[tuple[int, int, LogEntry | None]] = [
        (start, end, entry)
        for entry, (start, end) in zip(current.entries, current.spans, strict=True)
    ]
    if not dropped:
        lines += [(d.start, d.end, None) for d in current.damaged if d.start >= 0]
        lines.sort(key=lambda line: line[0])
    for start, end, entry in lines:
        if entry is not None and not keep(entry):
            continue
        line = old[start:end]
        if not line.endswith(b"\n"):
            line += b"\n"
        parts.append(line)
        if entry is not None:
            entries.append(entry)
            spans.append((at, at + len(line)))
        at += len(line)
    for entry in new:
        line = line_of(entry)
        parts.append(line)
        entries.append(entry)
        spans.append((at, at + len(line)))
        at += len(line)
    data = b"".join(parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, data)
    if dropped:
        _remember(path, data, ReadResult(entries, [], spans))
    else:
        forget(path)  # its damaged lines are still in it: read whole next time


def write_log(path: Path, entries: Iterable[LogEntry]) -> None:
    """Replace the log with ``entries`` (atomically, under the writer lock)."""
    listed = list(entries)
    with play_log_lock(path):
        _rewrite(path, ReadResult([]), new=listed)


def take_out(path: Path, session: str) -> bool:
    """Take every line of the game ``session`` out of the log (undo reopened it); whether any
    was there."""
    with play_log_lock(path):
        current = read_log(path)
        if not any(e.session == session for e in current.entries):
            return False
        _rewrite(path, current, keep=lambda entry: entry.session != session)
    return True


def load_log(log_path: Path) -> ReadResult:
    """The play log for use: one line per game (its latest), every line validated.

    Damaged lines are reported, kept aside beside the log and taken out of it (so each is
    reported once); every other game stays. Where they cannot be kept aside (a read-only or
    full disk, a link in the way, the log busy), they stay in the log, reported again next
    time: a line is taken out only once it is safe elsewhere.
    """
    result = read_log(log_path)
    if result.damaged:
        try:
            with play_log_lock(log_path):
                current = read_log(log_path)
                if current.damaged:
                    keep_aside(log_path, current.damaged)  # or nothing changes: see _rewrite
                    _rewrite(log_path, current)
        except OSError:
            pass
    return ReadResult(latest(result.entries), result.damaged)


def keep_aside(log_path: Path, damaged: Iterable[DamagedLine]) -> Path | None:
    """Append damaged lines, as they were, to the file beside the log; its path, if any."""
    damaged = list(damaged)
    if not damaged:
        return None
    aside = log_path.with_name(DAMAGED_NAME)
    aside.parent.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().astimezone().isoformat(timespec="seconds")
    text = "".join(f"# {stamp} {d.message}\n{d.text}\n" for d in damaged)
    if _other_names(aside):
        # A hard link (perhaps to a file elsewhere): never appended through; replaced by a
        # file of the folder's own with what it held, then the lines.
        fd = _open_log(aside, os.O_RDONLY)
        with os.fdopen(fd, "rb", buffering=0) as stream:
            held = stream.read()
        atomic_write(aside, held + text.encode("utf-8", "surrogateescape"))
        return aside
    # Never through a link planted in its place (O_NOFOLLOW), nor into a FIFO (O_NONBLOCK).
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(aside, flags, 0o644)
    except OSError:
        if os.path.islink(aside):
            raise NotARegularFile(f"{aside} is {kind_of(aside)}") from None
        raise
    with os.fdopen(fd, "a", encoding="utf-8", errors="surrogateescape") as out:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(f"{aside} is not a regular file")
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    return aside


# Reports ----------------------------------------------------------------------------------


def _other_names(path: Path) -> bool:
    """Whether the regular file at ``path`` has other names too (hard links)."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_nlink > 1


def summary(messages: list[str], limit: int = REPORT_ROWS) -> str:
    """At most ``limit`` messages, then how many more (a box stays readable whatever the
    file held)."""
    shown = messages[:limit]
    if len(messages) > limit:
        shown.append(f"… and {len(messages) - limit:,} more damaged lines.")
    return "\n".join(shown)


@dataclass(frozen=True, slots=True)
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
            f"{self.added:,} game{'s' if self.added != 1 else ''} added, "
            f"{self.duplicates:,} already in your log."
        ]
        lines += [d.message for d in self.damaged[:REPORT_ROWS]]
        if len(self.damaged) > REPORT_ROWS:
            lines.append(f"… and {len(self.damaged) - REPORT_ROWS:,} more rows were skipped.")
        if self.aside is not None and self.damaged:
            lines.append(f"Every skipped row is kept in {self.aside}, as it was.")
        elif self.damaged:
            lines.append("The skipped rows are still in the file you imported.")
        return lines


# Importing and appending ----------------------------------------------------------------------


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
    the log itself, are kept aside beside the log. The log changes in one atomic replace,
    under the writer lock, after the last chance to cancel.
    """
    size = source.stat().st_size
    too_large = ValueError(
        f"{source.name} is {size / 1e6:.1f} MB: larger than any play log "
        f"({MAX_IMPORT_BYTES // 2**20} MiB at most). Nothing was imported."
    )
    if size > MAX_IMPORT_BYTES:
        raise too_large

    def told(fraction: float) -> None:
        if progress is not None and not progress(min(1.0, max(0.0, fraction))):
            raise ImportCancelled("The import was cancelled; your play log is as it was.")

    # Read by the chunk and without blocking: a FIFO or a device is refused, never waited on.
    # The player's own choice, so a link is followed.
    try:
        fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        if os.path.exists(source) and not os.path.isfile(source):
            raise NotARegularFile(f"{source} is not a regular file") from None
        raise
    with os.fdopen(fd, "rb", buffering=0) as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(f"{source} is not a regular file")
        told(0.0)

        def read_so_far(offset: int) -> None:
            if offset > MAX_IMPORT_BYTES:
                raise too_large
            told(0.8 * offset / max(size, 1))

        lines, is_json = _source_lines(stream, read_so_far)
        incoming = _json_lines(lines, source.name) if is_json else _csv(lines, source.name)
    if is_json:
        incoming = _refuse_unwritable(incoming, source.name)
    told(0.8)
    with play_log_lock(log_path):
        current = read_log(log_path)
        merged = merge(current.entries, incoming.entries)
        told(0.9)  # the last moment to cancel: from here the log changes in one replace
        if merged.added or current.damaged:
            _rewrite(log_path, current, new=merged.new)
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
            _check_written(entry)
            kept.append(entry)
        except ValueError as error:
            damaged.append(DamagedLine(source, 0, json.dumps(entry.row()), str(error)))
    return ReadResult(kept, damaged)


def _writable(entry: LogEntry) -> bool:
    try:
        _check_written(entry)
    except ValueError:
        return False
    return True


class ShortWrite(OSError):
    """Less of the line reached the disk than was written: it was cut off again."""


def append_entry(log_path: Path, entry: LogEntry) -> None:
    """Add one finished game at the end of the log: one whole line, under the writer lock,
    written, synced, then read back and compared.

    The cheap way to record a game (no rewrite of the whole log). A game finished again after
    an undo appends a newer line with the same session id; ``latest`` keeps the last one.
    Raises ``OSError`` when the line could not be written whole (a full disk, a short write):
    the log is then cut back to what it was, never left with half a line.
    """
    line = line_of(entry)
    parse_json_line(line[:-1])  # the reader's own check, before anything is written
    append_lines(log_path, [line])


def append_lines(log_path: Path, lines: list[bytes], *, wait: float = PLAY_LOG_WAIT) -> None:
    """``lines`` (each checked, with its newline) appended as one write; see
    ``append_entry``. ``wait``: how long another window's hold on the log is waited for."""
    data = b"".join(lines)
    if not data:
        return
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with play_log_lock(log_path, wait):
        # Opened without blocking and checked on the descriptor: a FIFO or a device in the
        # log's place is never written to (nor waited on). Never through a link in its place
        # either (O_NOFOLLOW): aimed at a shell's start-up file, a line would run as a command.
        fd = _open_log(log_path, os.O_RDWR | os.O_CREAT | os.O_APPEND)
        if os.fstat(fd).st_nlink > 1:
            # The log has another name too (a hard link, perhaps to a file elsewhere, which
            # no link check sees): appending would write that file. It becomes a file of the
            # folder's own instead, what it held and the lines, in one atomic replace.
            with os.fdopen(fd, "rb", buffering=0) as stream:
                old = stream.read()
            if old and not old.endswith(b"\n"):
                data = b"\n" + data
            atomic_write(log_path, old + data)
            return
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data  # a line cut short stays a line of its own (kept aside)
            try:
                _write_whole(fd, data)
                os.fsync(fd)
                if (
                    os.fstat(fd).st_size != size + len(data)
                    or os.pread(fd, len(data), size) != data
                ):
                    raise ShortWrite("what reached the disk is not the whole line")
            except OSError:
                # Cut back to the log as it was: no half line is left to be read.
                try:
                    os.ftruncate(fd, size)
                    os.fsync(fd)
                except OSError:
                    pass
                raise
        finally:
            os.close(fd)


def _write_whole(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise ShortWrite("the disk took none of the line")
        view = view[written:]


# Sync tools' copies of the log ------------------------------------------------------------

# Dropbox: "playlog (conflicted copy 2026-11-30).jsonl", "playlog (Sheila's conflicted copy
# …).jsonl"; Nextcloud and ownCloud: "playlog (conflict 2026-11-30 101010).jsonl",
# "playlog_conflict-20261130-101010.jsonl"; Syncthing: "playlog.sync-conflict-<date>-<time>-
# <device>.jsonl".
CONFLICT_COPY = re.compile(
    r"^playlog(?:"
    r" \([^()]*\bconflict(?:ed copy)?\b[^()]*\)"
    r"|_conflict-[0-9-]+"
    r"|\.sync-conflict-[0-9A-Za-z-]+"
    r")\.jsonl$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class CopiesMerged:
    copies: list[str]
    added: int
    folder: Path

    @property
    def message(self) -> str:
        names = ", ".join(f"“{name}”" for name in self.copies)
        many = len(self.copies) != 1
        games = f"{self.added:,} game{'s' if self.added != 1 else ''}"
        return (
            f"Your sync tool had made {len(self.copies)} cop{'ies' if many else 'y'} of the "
            f"play log ({names}). {games} that only {'they' if many else 'it'} held "
            f"{'were' if self.added != 1 else 'was'} added to your play log; "
            f"{'the copies are' if many else 'the copy is'} kept in {self.folder}."
        )


def conflict_copies(log_path: Path) -> list[Path]:
    """The sync tools' copies of the log beside it (regular files only)."""
    try:
        names = os.listdir(log_path.parent)
    except OSError:
        return []
    return [
        log_path.with_name(name)
        for name in sorted(names)
        if CONFLICT_COPY.match(name) and not os.path.islink(log_path.with_name(name))
    ]


def merge_conflict_copies(log_path: Path) -> CopiesMerged | None:
    """Merge the sync tools' copies of the log into it (the games it lacks, by game id or by
    their columns), then move the copies to ``playlog-merged/`` (kept, never deleted).
    ``None`` when there are none. Raises ``OSError`` when they cannot be merged now (they
    stay where they are, merged next time)."""
    copies = conflict_copies(log_path)
    if not copies:
        return None
    folder = own_folder(log_path.with_name(MERGED_DIR), "the sync tools' copies of the log")
    added = 0
    with play_log_lock(log_path):
        current = read_log(log_path)
        known = current.entries
        new: list[LogEntry] = []
        damaged: list[DamagedLine] = []
        for copy in copies:
            try:
                fd = _open_log(copy, os.O_RDONLY)
            except OSError:
                continue
            with os.fdopen(fd, "rb", buffering=0) as stream:
                theirs = _json_lines(raw_lines(stream), copy.name)
            merged = merge([*known, *new], theirs.entries)
            new += merged.new
            damaged += theirs.damaged
        keep_aside(log_path, damaged)
        if new:
            append_lines(log_path, [line_of(e) for e in new if _writable(e)])
            added = len(new)
        for copy in copies:
            target = folder / copy.name
            if os.path.lexists(target):
                target = folder / f"{copy.name}.{datetime.now():%Y%m%d-%H%M%S-%f}"
            os.replace(copy, target)
    return CopiesMerged([c.name for c in copies], added, folder)


def latest(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """One line per session (its last), in the order each session last finished."""
    listed = list(entries)
    # Each session's last place (a later line of it writes over the earlier's).
    last = dict(zip(map(_SESSION, listed), range(len(listed)), strict=True))
    if len(last) == len(listed):
        return listed  # every session once (and at most one line without any): all kept
    # No pair made per game: with 100,000 games the pairs alone woke the garbage collector,
    # which then walked every entry (a second of a warm read).
    return [e for n, e in enumerate(listed) if not e.session or last[e.session] == n]


_SESSION = operator.attrgetter("session")


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
