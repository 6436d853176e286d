"""The record in brief (``model.record.record_digest``) kept beside the play log
(``.playlog.record``, a ``sidecar``): a game's summary reads it, not the log.

The digest is stamped with the log it was made of (``sidecar.LogStamp``). A game finished
appends its line to the log alone (the append stays one synced line, a couple of
milliseconds); the summary that follows finds the log grown from the digest's stamp and reads
only the lines appended since and adds them (``load_digest``), writing the digest again once
a few dozen were. A log
changed any other way (rewritten: a game taken out, an import, damaged lines set aside) no
longer matches the stamp and the digest is made again from the whole log, once. A digest
file that cannot be written, or is damaged, costs only time: it is made again.
"""

from __future__ import annotations

import io
import os
from array import array
from collections import Counter
from pathlib import Path
from typing import Any

from frightmare.model.record.achievements import default_achievements
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.record_digest import RecordDigest, book_signature
from frightmare.store.logs import log_problem
from frightmare.store.paths import RECORD_DIGEST_FILE
from frightmare.store.playlog.lines import json_lines, raw_lines
from frightmare.store.playlog.sidecar import (
    LogStamp,
    grown_from,
    read_sidecar,
    stamp_of,
    write_sidecar,
)
from frightmare.store.safe_io import pread

KIND = "record"
# The digest is written again once this many lines were appended since it was (each summary
# till then reads those few lines again: a game finished does not wait for a 4 MB write).
SAVE_AFTER = 32


def digest_path(log_path: Path) -> Path:
    return log_path.with_name(RECORD_DIGEST_FILE)


def _body(digest: RecordDigest) -> dict[str, Any]:
    return {
        "book": book_signature(digest.book),
        "names": digest.names,
        "tallies": [list(tally.items()) for tally in digest.tallies],
        "keys": digest.keys.tobytes(),
        "columns": [column.tobytes() for column in digest.columns],
        "offsets": digest.offsets.tobytes(),
    }


def _digest(body: Any) -> RecordDigest | None:
    """The digest a file's body holds; ``None`` when it is not one this app made as it is."""
    book = default_achievements()
    empty = RecordDigest.empty(book)
    try:
        if body["book"] != book_signature(book):
            return None
        names = list(body["names"])
        tallies = tuple(Counter({int(k): int(v) for k, v in t}) for t in body["tallies"])
        keys, offsets = array("q"), array("q")
        keys.frombytes(body["keys"])
        offsets.frombytes(body["offsets"])
        columns = [array(c.typecode) for c in empty.columns]
        for column, data in zip(columns, body["columns"], strict=True):
            column.frombytes(data)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if len(tallies) != len(empty.tallies) or not names or names[0] is not None:
        return None
    if any(not isinstance(name, str) for name in names[1:]):
        return None
    if any(len(column) != len(keys) for column in columns) or len(offsets) != len(keys):
        return None
    if any(not 0 <= k < len(names) for tally in tallies[1:] for k in tally):
        return None
    return RecordDigest(names, tallies, keys, columns, offsets, book)


def _save(log_path: Path, stamp: LogStamp, digest: RecordDigest) -> None:
    try:
        write_sidecar(digest_path(log_path), KIND, stamp, _body(digest))
    except OSError as error:  # made again next time
        log_problem("%s could not be written: %s", digest_path(log_path), error)


def _add_lines(digest: RecordDigest, data: bytes, offset: int, source: str) -> int:
    """The lines of ``data`` (read at ``offset`` of the log) added; how many lines it held."""
    read = json_lines(raw_lines(io.BytesIO(data), offset=offset), source)
    for entry, (start, _end) in zip(read.entries, read.spans, strict=True):
        digest.add(entry, start)
    return data.count(b"\n")


def taken_out(
    log_path: Path, session: str, before: LogStamp, after: LogStamp, moved: dict[int, int]
) -> None:
    """The game ``session`` was just taken out of the log (``log_file.take_out``, under the
    writer lock), which ``before`` and ``after`` stamp, each line kept moved from its old start
    to its new one: the digest of the log as it was, if there is one, follows (any other is
    left to ``load_digest``, which makes it again)."""
    kept = read_sidecar(digest_path(log_path), KIND)
    if kept is None or kept[0] != before:
        return
    digest = _digest(kept[1])
    if digest is None:
        return
    digest.remove(session)
    try:
        digest.move(moved)
    except KeyError:  # a line the digest places where the log had none: made again
        return
    _save(log_path, after, digest)


def load_digest(log_path: Path, *, keep: bool = False) -> RecordDigest:
    """The digest of the log as it is now: the one kept beside it if it matches the log, else
    brought up to date from the lines appended since, else made from the whole log (and kept).
    ``keep``: kept beside the log even when only a few lines were appended since (before the
    log is rewritten around a game taken out, which ``taken_out`` then follows). Raises
    ``OSError`` when the log is not a readable file."""
    from frightmare.store.playlog.log_file import open_log, read_log

    try:
        fd = open_log(log_path, os.O_RDONLY)
    except FileNotFoundError:
        return RecordDigest.empty()
    try:
        stamp = stamp_of(fd)
        kept = read_sidecar(digest_path(log_path), KIND)
        digest = _digest(kept[1]) if kept is not None else None
        if kept is not None and digest is not None:
            if kept[0] == stamp:
                return digest
            if grown_from(fd, kept[0]):
                grown = pread(fd, stamp.size - kept[0].size, kept[0].size)
                whole = grown[: grown.rfind(b"\n") + 1]
                added = _add_lines(digest, whole, kept[0].size, log_path.name)
                # Written again once it is worth it (a last line still being written: not).
                if (keep or added >= SAVE_AFTER) and len(whole) == len(grown):
                    _save(log_path, stamp, digest)
                return digest
        read = read_log(log_path)
        made = RecordDigest.of(read.entries, [start for start, _end in read.spans])
        if stamp_of(fd) == stamp:
            _save(log_path, stamp, made)
        return made
    finally:
        os.close(fd)


def logged_line(log_path: Path, digest: RecordDigest, session: str) -> LogEntry | None:
    """The latest line of ``session`` in the log, read where the digest says it is; ``None``
    when it is not there (or the log changed under the digest)."""
    from frightmare.store.playlog.lines import MAX_LINE_BYTES, parse_json_line
    from frightmare.store.playlog.log_file import open_log

    offset = digest.offset_of(session)
    if offset is None or offset < 0:
        return None
    try:
        fd = open_log(log_path, os.O_RDONLY)
    except OSError:
        return None
    try:
        data = pread(fd, MAX_LINE_BYTES + 2, offset)
    except OSError:
        return None
    finally:
        os.close(fd)
    end = data.find(b"\n")
    try:
        entry = parse_json_line((data if end < 0 else data[:end]).rstrip(b"\r"))
    except ValueError:
        return None
    return entry if entry.session == session else None
