"""The play log's lines as read, kept beside it (``.playlog.entries``, a ``sidecar``): a
process that opens the Statistics reads them from there, not the log, whenever the log is the
one they were read from (issue 33: 100,000 games opened in 1.1 s, 240,000 in far more, most of
it the log's JSON read and validated line by line).

The entries are kept a column at a time, in msgpack (``msgspec``, which the log's reader uses):
a column of few values (a name, a day, a flag, a count) as its values once and a 16-bit
number per game, any other (a session id, a time) as it is. Made again into the very entries
(``LogEntry``, positionally, in one pass in C), each value of a column of few values is one
object shared by every game that has it: 240,000 games fit in a fraction of the memory their
lines read one by one took.

It is written after the log was read whole (the first read of a process, when it is missing or
stale), and again once the lines appended since it was are many; never from a log with
damaged lines (they are set aside first, which changes the log). A cache that does not match
the log (``sidecar.LogStamp``), of another version of the app or damaged, is not read.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from itertools import starmap
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from frightmare.model.record.log_entry import FIELDS, LogEntry, collector_paused
from frightmare.store.logs import log_problem
from frightmare.store.paths import ENTRIES_CACHE_FILE
from frightmare.store.playlog.lines import Spans
from frightmare.store.playlog.sidecar import LogStamp, read_sidecar, write_sidecar

KIND = "entries"
# A log of fewer games is read from itself (in a few milliseconds): no cache.
MIN_GAMES = 1000
# Written again once this many lines were appended to the log since it was.
SAVE_AFTER = 1000
# A column of at most this many values is kept as its values and a number per game.
FEW = 1 << 16
# The column of a line's own columns (a hand-made CSV's): pairs, kept as lists by msgpack.
_EXTRAS = len(FIELDS)


def cache_path(log_path: Path) -> Path:
    return log_path.with_name(ENTRIES_CACHE_FILE)


# Values Python keeps one object of (None, the flags, the small numbers): read back shared.
_SHARED_ANYWAY = frozenset({type(None), bool, int})


def _small(value: object) -> bool:
    return not isinstance(value, int) or -5 <= value <= 256


def _columns(entries: Sequence[LogEntry]) -> list[Any]:
    columns: list[Any] = []
    for column in zip(*map(msgspec.structs.astuple, entries), strict=True):
        values = dict.fromkeys(column)
        if all(type(v) in _SHARED_ANYWAY and _small(v) for v in values):
            columns.append(list(column))  # flags and small counts: one object each already
        elif len(values) < FEW and len(values) * 4 < len(column):
            table = list(values)
            place = {value: n for n, value in enumerate(table)}
            columns.append([table, array("H", map(place.__getitem__, column)).tobytes()])
        else:
            columns.append(list(column))
    return columns


class Cached(NamedTuple):
    """What the cache holds: the log's stamp then, its entries and their spans, and how many
    lines (blank ones too) the log held."""

    stamp: LogStamp
    entries: list[LogEntry]
    spans: Spans
    lines: int


def save(log_path: Path, cached: Cached) -> None:
    """Keep the entries read (at their spans in the log the stamp names) beside the log."""
    if len(cached.entries) < MIN_GAMES:
        return
    body = {
        "columns": _columns(cached.entries),
        "spans": cached.spans.tobytes(),
        "lines": cached.lines,
    }
    try:
        write_sidecar(cache_path(log_path), KIND, cached.stamp, body)
    except OSError as error:  # read from the log again next time
        log_problem("%s could not be written: %s", cache_path(log_path), error)


def _pairs(extra: list[list[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(map(tuple, extra))


def _column(held: Any, count: int, extras: bool = False) -> Iterable[Any]:
    if isinstance(held, list) and len(held) == 2 and isinstance(held[1], bytes):
        table, places = held
        if extras:
            table = list(map(_pairs, table))
        numbers = array("H")
        numbers.frombytes(places)
        if len(numbers) != count:  # a number past the table: IndexError, as they are made
            raise ValueError("a column of another length")
        # Made as the entries are (no list of it): 240,000 games held 36 columns at once.
        return map(table.__getitem__, numbers)
    if not isinstance(held, list) or len(held) != count:
        raise ValueError("a column of another length")
    return list(map(_pairs, held)) if extras else held


def load(log_path: Path) -> Cached | None:
    """The entries kept beside the log, their spans, and the stamp of the log they were read
    from; ``None`` when there are none that this app wrote as they are."""
    kept = read_sidecar(cache_path(log_path), KIND)
    if kept is None:
        return None
    stamp, body = kept
    try:
        spans = Spans.of_bytes(body["spans"])
        lines = int(body["lines"])
        count = len(spans)
        with collector_paused():
            held = body["columns"]
            if len(held) != len(FIELDS) + 1:
                return None
            columns = [_column(c, count, n == _EXTRAS) for n, c in enumerate(held)]
            entries = list(starmap(LogEntry, zip(*columns, strict=True)))
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return Cached(stamp, entries, spans, lines)
