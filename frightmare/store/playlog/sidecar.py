"""Files derived from the play log and kept beside it (issue 33): made again from the log
whenever they are missing, stale or damaged, never trusted when they disagree with it.

Each holds what it was made from, the log's stamp (``LogStamp``: its inode, length and
modification time, and the CRC-32 of its last 64 KB), the app's version and its own kind, and
ends with the CRC-32 of all that and its body. A stamp that differs in any way is a log that
changed: only a log that grew, its old end still where it was (the same file, the CRC of the
bytes before the old length the same), is read from where the file left off; anything else is
made again from the whole log. Written by ``atomic_write``, so a kill leaves the old file or
the new one; the data folder's upkeep removes a killed write's temporary file.

The body is msgpack (``msgspec``, which the log's reader already uses): a digest of 100,000
games reads in a few milliseconds.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from frightmare import __version__
from frightmare.store.atomic import atomic_write
from frightmare.store.safe_io import open_own, pread

MAGIC = b"FMLOG1\n"
# The log's end whose CRC a stamp holds: a rewrite that keeps the length and the time is
# caught by it.
TAIL = 64 * 1024
# No derived file is ever this big (100,000 games: about 2 MB for the record, 25 for the lines).
MAX_BYTES = 1 << 30


class LogStamp(NamedTuple):
    """What a derived file was made from: the log's inode, length, modification time and the
    CRC-32 of its last ``TAIL`` bytes."""

    inode: int
    size: int
    mtime_ns: int
    tail: int


def tail_crc(fd: int, size: int) -> int:
    """The CRC-32 of the ``TAIL`` bytes before ``size``."""
    start = max(0, size - TAIL)
    return zlib.crc32(pread(fd, size - start, start))


def stamp_of(fd: int) -> LogStamp:
    """The stamp of the open log."""
    info = os.fstat(fd)
    return LogStamp(info.st_ino, info.st_size, info.st_mtime_ns, tail_crc(fd, info.st_size))


def grown_from(fd: int, stamp: LogStamp) -> bool:
    """Whether the open log is the one ``stamp`` names with lines appended: the same file,
    longer, with the same bytes before the stamp's length (by their CRC)."""
    info = os.fstat(fd)
    return (
        info.st_ino == stamp.inode
        and info.st_size > stamp.size
        and tail_crc(fd, stamp.size) == stamp.tail
    )


def write_sidecar(path: Path, kind: str, stamp: LogStamp, body: Any) -> None:
    """Write the derived file ``path`` of ``kind``, made from the log as ``stamp`` names it."""
    data = MAGIC + msgspec.msgpack.encode([kind, __version__, list(stamp), body])
    atomic_write(path, data + zlib.crc32(data).to_bytes(4, "big"))


def read_sidecar(path: Path, kind: str) -> tuple[LogStamp, Any] | None:
    """The stamp and body of the derived file ``path``; ``None`` when it is missing, damaged,
    of another kind or of another version of the app (then it is made again)."""
    try:
        fd = open_own(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if info.st_size > MAX_BYTES or info.st_size < len(MAGIC) + 4:
            return None
        data = pread(fd, info.st_size, 0)
    except OSError:
        return None
    finally:
        os.close(fd)
    # Read through a view: a cache of 240,000 games is 30 MB, never copied.
    view = memoryview(data)
    body, check = view[:-4], data[-4:]
    if not data.startswith(MAGIC) or zlib.crc32(body).to_bytes(4, "big") != check:
        return None
    try:
        found_kind, version, stamp, held = msgspec.msgpack.decode(body[len(MAGIC) :])
        made = LogStamp(*(int(n) for n in stamp))
    except (msgspec.DecodeError, TypeError, ValueError):
        return None
    if found_kind != kind or version != __version__:
        return None
    return made, held
