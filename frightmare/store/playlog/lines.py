"""The play log's line: one finished game's columns as one JSON line, and the one check every
line passes, whether it is read from the app's own log, from a file the player imports or
written (``parse_json_line``: a line the reader would refuse is never written).

Files are read a chunk at a time with a cap per line, not per file (``raw_lines``): memory
stays within a chunk and a line's cap, whatever the file holds. A line that fails is a
``DamagedLine``, named by its file and number, its text kept as it was.

>>> entry = validate_entry({"date": "2026-11-01", "final_girl": "Nancy", "killer": "Dr. Fright",
...     "location": "Maple Lane", "result": "win", "rounds": "6", "epic": "no"})
>>> entry.rounds, entry.result
(6, 'win')
"""

from __future__ import annotations

import io
import json
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, overload

from frightmare.model.record.log_entry import LogEntry, collector_paused
from frightmare.model.values import frozen

# The reader's cap, per line (no cap per file: a log of any number of games reads). A line of
# the known columns is at most about 30 KB (35 columns of 200 characters, each as long as it
# can be in UTF-8 and escaped): only a hand-made CSV's own columns can go beyond.
MAX_LINE_BYTES = 64 * 1024
# Room an imported line leaves for what the app may add to it later (its achievements, 700
# characters at most, each up to 4 bytes), so a line imported whole never outgrows the reader.
LINE_GROWTH = 4 * 1024
# A damaged line longer than this is kept aside cut, with a note of its length.
MAX_KEPT_BYTES = 64 * 1024
CHUNK = 1 << 20
# How many problem rows a report lists before "and N more" (all go to the file it names).
REPORT_ROWS = 20


def validate_entry(raw: Mapping[str, object]) -> LogEntry:
    """A validated, normalised play-log line (``LogEntry.from_row``); raises ``ValueError``
    with the player's reason. Blank cells mean "not known" (a CSV has no other way to say
    it)."""
    return LogEntry.from_row(raw)


# Reading --------------------------------------------------------------------------------------


@frozen
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


def summary(messages: list[str], limit: int = REPORT_ROWS) -> str:
    """At most ``limit`` messages, then how many more (a box stays readable whatever the
    file held)."""
    shown = messages[:limit]
    if len(messages) > limit:
        shown.append(f"… and {len(messages) - limit:,} more damaged lines.")
    return "\n".join(shown)


class Spans(Sequence[tuple[int, int]]):
    """Where each line is in its file (start, end), kept as numbers in an array: the spans
    of 240,000 lines took 27 MB as pairs, 4 MB here."""

    __slots__ = ("_ends",)

    def __init__(self, pairs: Iterable[tuple[int, int]] = ()) -> None:
        self._ends = array("q")
        self.extend(pairs)

    def extend(self, pairs: Iterable[tuple[int, int]]) -> None:
        if isinstance(pairs, Spans):
            self._ends.extend(pairs._ends)
        else:
            self._ends.extend(n for pair in pairs for n in pair)

    @classmethod
    def of_bytes(cls, data: bytes) -> Spans:
        spans = cls()
        spans._ends.frombytes(data)
        if len(spans._ends) % 2:
            raise ValueError("half a span")
        return spans

    def tobytes(self) -> bytes:
        return self._ends.tobytes()

    def starts(self) -> list[int]:
        return self._ends[0::2].tolist()

    def __len__(self) -> int:
        return len(self._ends) // 2

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Spans: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | Spans:
        if isinstance(index, slice):
            return Spans(self[n] for n in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such line")
        return self._ends[2 * index], self._ends[2 * index + 1]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        ends = iter(self._ends)
        return zip(ends, ends, strict=True)

    def __add__(self, other: Iterable[tuple[int, int]]) -> Spans:
        joined = Spans(self)
        joined.extend(other)
        return joined

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Spans):
            return self._ends == other._ends
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._ends.tobytes())

    def __repr__(self) -> str:
        return f"Spans({len(self)} lines)"


@frozen
class ReadResult:
    entries: list[LogEntry]
    damaged: list[DamagedLine] = field(default_factory=list)
    # Where each entry's line is in the log (start, end), for a rewrite that keeps lines byte
    # for byte; empty for a text that is not the log.
    spans: Sequence[tuple[int, int]] = field(default_factory=Spans)


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


def too_long(length: int) -> str:
    return f"it is {length:,} characters long, more than any game's line ({MAX_LINE_BYTES:,})"


def kept_text(line: RawLine) -> str:
    text = line.data[:MAX_KEPT_BYTES].decode("utf-8", "replace")
    if line.length > MAX_KEPT_BYTES:
        text += f" [cut here: the line was {line.length:,} characters long]"
    return text


def parse_json_line(data: bytes) -> LogEntry:
    """One line of the app's log as an entry: the reader's own check, the one a line must
    pass to be written too. Raises ``ValueError`` with the player's reason."""
    if len(data) > MAX_LINE_BYTES:
        raise ValueError(too_long(len(data)))
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


def json_lines(lines: Iterable[RawLine], source: str) -> ReadResult:
    entries: list[LogEntry] = []
    spans: list[tuple[int, int]] = []
    damaged: list[DamagedLine] = []

    def one(line: RawLine, fast: LogEntry | None) -> None:
        try:
            if fast is None:
                if line.length > MAX_LINE_BYTES:
                    raise ValueError(too_long(line.length))
                fast = parse_json_line(line.data)
            entries.append(fast)
            spans.append((line.start, line.end))
        except ValueError as error:
            damaged.append(
                DamagedLine(source, line.number, kept_text(line), str(error), line.start, line.end)
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


def text_lines(text: str) -> Iterator[RawLine]:
    return raw_lines(io.BytesIO(text.encode("utf-8", "surrogateescape")))


def parse_json_lines(text: str, source: str) -> ReadResult:
    return json_lines(text_lines(text), source)


# Writing ----------------------------------------------------------------------------------


def line_of(entry: LogEntry) -> bytes:
    """The entry as a line of the log, its newline included."""
    return (json.dumps(entry.row(), ensure_ascii=False) + "\n").encode("utf-8", "surrogateescape")


def check_written(entry: LogEntry) -> None:
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
