"""The record in brief (``model.record.record_digest``) kept beside the play log
(``.playlog.record``, a ``sidecar``): a game's summary reads it, not the log.

The digest is stamped with the log it was made of (``sidecar.LogStamp``). A game finished
appends its line to the log alone (the append stays one synced line, a couple of
milliseconds); the summary that follows finds the log grown from the digest's stamp and reads
only the lines appended since, adds them and writes the digest again (``load_digest``). A log
changed any other way (rewritten: a game taken out, an import, damaged lines set aside) no
longer matches the stamp and the digest is made again from the whole log, once. A digest
file that cannot be written, or is damaged, costs only time: it is made again.
"""

from __future__ import annotations

import io
import os
from array import array
from pathlib import Path
from typing import Any

from frightmare.model.record.achievements import default_achievements
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.record_digest import Part, RecordDigest, book_signature
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


def digest_path(log_path: Path) -> Path:
    return log_path.with_name(RECORD_DIGEST_FILE)


def _body(digest: RecordDigest) -> dict[str, Any]:
    return {
        "book": book_signature(digest.book),
        "parts": [list(part) for part in digest.parts],
        "uses": digest.uses,
        "keys": digest.keys.tobytes(),
        "kinds": digest.kinds.tobytes(),
        "offsets": digest.offsets.tobytes(),
    }


def _digest(body: Any) -> RecordDigest | None:
    """The digest a file's body holds; ``None`` when it is not one this app made as it is."""
    book = default_achievements()
    try:
        if body["book"] != book_signature(book):
            return None
        parts = [Part(tuple(p[0]), p[1], p[2], p[3], p[4]) for p in body["parts"]]
        uses = [int(n) for n in body["uses"]]
        keys, kinds, offsets = array("q"), array("I"), array("q")
        keys.frombytes(body["keys"])
        kinds.frombytes(body["kinds"])
        offsets.frombytes(body["offsets"])
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if len(uses) != len(parts) or not len(keys) == len(kinds) == len(offsets):
        return None
    if any(n < 0 for n in uses) or (kinds and max(kinds) >= len(parts)):
        return None
    return RecordDigest(parts, uses, keys, kinds, offsets, book)


def _save(log_path: Path, stamp: LogStamp, digest: RecordDigest) -> None:
    try:
        write_sidecar(digest_path(log_path), KIND, stamp, _body(digest))
    except OSError as error:  # made again next time
        log_problem("%s could not be written: %s", digest_path(log_path), error)


def _add_lines(digest: RecordDigest, data: bytes, offset: int, source: str) -> None:
    read = json_lines(raw_lines(io.BytesIO(data), offset=offset), source)
    for entry, (start, _end) in zip(read.entries, read.spans, strict=True):
        digest.add(entry, start)


def load_digest(log_path: Path) -> RecordDigest:
    """The digest of the log as it is now: the one kept beside it if it matches the log, else
    brought up to date from the lines appended since, else made from the whole log (and kept).
    Raises ``OSError`` when the log is not a readable file."""
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
                _add_lines(digest, whole, kept[0].size, log_path.name)
                if len(whole) == len(grown):  # a last line still being written: not kept
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
