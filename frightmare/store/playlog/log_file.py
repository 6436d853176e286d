"""The app's own play log on disk (``playlog.jsonl``), read and changed as a game's file is
kept (issue 21):

- Every change takes the log's one writer lock (``lock.play_log_lock``, filelock, like the
  games'): an append, an import, a game taken out, damaged lines set aside, a sync tool's
  copy merged. Nothing is written between another window's read and its write.
- An append is one whole line, written, synced, then read back and compared; anything short
  is cut off again, so the log is never left with half a line (``append_entry``).
- Every rewrite is an atomic replace, made of the lines already there, byte for byte, less
  those taken out, plus the new ones: a kill or a cancel leaves the log as it was.
- The reader streams the file in chunks with a cap per line (``lines.MAX_LINE_BYTES``), not
  per file, so a log of any number of games reads; what was read is remembered with the
  log's stamp then (its inode, length, time and the CRC of its last 64 KB), so reading the
  same log again reads nothing, and a log grown since validates only the lines appended.
- A damaged line is skipped with a message naming it (file and line number) and copied, as it
  was, into ``playlog-damaged.txt`` beside the log: nothing is lost, and no other game is
  dropped because of it.
"""

from __future__ import annotations

import io
import operator
import os
import stat
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate, pairwise, repeat
from pathlib import Path
from typing import BinaryIO, cast

from frightmare.model.record.log_entry import LogEntry, collector_paused
from frightmare.store.atomic import atomic_write
from frightmare.store.games.lock import PLAY_LOG_WAIT, play_log_lock
from frightmare.store.paths import DAMAGED_LINES_FILE, _
from frightmare.store.playlog.lines import (
    MAX_LINE_BYTES,
    DamagedLine,
    RawLine,
    Readable,
    ReadResult,
    Spans,
    json_lines,
    line_of,
    parse_json_line,
    raw_lines,
)
from frightmare.store.playlog.sidecar import TAIL, LogStamp, grown_from, stamp_of, tail_crc
from frightmare.store.safe_io import NotARegularFile, kind_of, open_own, pread

DAMAGED_NAME = DAMAGED_LINES_FILE


# The app's own log, remembered ------------------------------------------------------------


@dataclass
class _Known:
    """What was read of a log: the entries of its complete lines up to ``upto`` bytes, whose
    CRC is ``crc``, and the log's stamp then (``sidecar.LogStamp``: its inode, length, time
    and the CRC of its last 64 KB). The same file with the same stamp, or grown from it (the
    bytes before ``upto`` unchanged by their tail's CRC), holds them: its first ``upto`` bytes
    are not read again (the CRC of 50 MB alone was 30 ms of a game imported)."""

    upto: int
    crc: int
    lines: int
    entries: list[LogEntry]
    spans: Spans
    damaged: list[DamagedLine]
    stamp: LogStamp | None = None


_KNOWN: dict[str, _Known] = {}
_KNOWN_GUARD = threading.Lock()


def _not_a_log(path: Path) -> str:
    return _(
        "the play log {path} is {kind}, not a regular file, so it is never read nor written"
    ).format(path=path, kind=kind_of(path))


def open_log(path: Path, flags: int) -> int:
    """The log opened without following a link and without blocking, checked to be a regular
    file on its descriptor."""
    try:
        fd = open_own(path, flags | getattr(os, "O_NONBLOCK", 0))
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
        fd = open_log(path, os.O_RDONLY)
    except FileNotFoundError:
        return ReadResult([])
    with os.fdopen(fd, "rb", buffering=0) as stream:
        return _read_open(path, stream)


def _read_open(path: Path, stream: BinaryIO) -> ReadResult:
    """The log read from what this process knows of it, else from the entries kept beside it
    (``entries_cache``), as far as they are the log's; the rest read and validated."""
    from frightmare.store.playlog import entries_cache

    key = str(path)
    with _KNOWN_GUARD:
        known = _KNOWN.get(key)
    start = _Known(0, 0, 0, [], Spans(), [])
    fd = stream.fileno()
    from_cache = False
    if known is None and (cached := entries_cache.load(path)) is not None:
        known = _Known(cached.stamp.size, 0, cached.lines, cached.entries, cached.spans, [])
        known.stamp = cached.stamp
        from_cache = True
    if known is not None and known.stamp is not None:
        now = stamp_of(fd)
        if now == known.stamp:
            if from_cache:
                with _KNOWN_GUARD:
                    _KNOWN[key] = known
            return ReadResult(list(known.entries), list(known.damaged), known.spans)
        if grown_from(fd, known.stamp):  # else another file, or changed: read whole
            start = known
            stream.seek(known.upto)
    # The rest, streamed: its CRC taken on the way.
    rest = _Crc(stream, start.crc)
    fresh, newlines = _log_lines(rest, path.name, offset=start.upto, number=start.lines)
    entries = start.entries + fresh.entries
    spans = start.spans + fresh.spans
    damaged = start.damaged + fresh.damaged
    # Remembered only up to a newline: a last line without one may still be growing.
    if rest.read_bytes and rest.last == b"\n":
        upto = start.upto + rest.read_bytes
        info = os.fstat(fd)
        stamp = LogStamp(info.st_ino, upto, info.st_mtime_ns, tail_crc(fd, upto))
        lines = start.lines + newlines
        with _KNOWN_GUARD:
            _KNOWN[key] = _Known(upto, rest.crc, lines, entries, spans, damaged, stamp)
        # Kept beside the log after a whole read, or once many lines were read past it.
        many = from_cache and start is known and newlines >= entries_cache.SAVE_AFTER
        if not damaged and (start.upto == 0 or many):
            entries_cache.save(path, entries_cache.Cached(stamp, entries, spans, lines))
    return ReadResult(list(entries), list(damaged), spans)


# The app's own log is read this much at a time, whole lines: a few thousand of them.
LOG_CHUNK = 4 << 20


def _log_lines(
    stream: Readable, source: str, *, offset: int, number: int
) -> tuple[ReadResult, int]:
    """What ``json_lines(raw_lines(stream, offset=offset, number=number), source)`` gives,
    read a chunk of whole lines at a time, and how many newlines it read. A chunk of the
    app's own lines (each one game's columns, no blank line, none over the cap) is split and
    decoded in one go, with no ``RawLine`` made per line; any other chunk (a damaged line, a
    blank one, a line ending in CR LF) is read line by line, exactly as ``raw_lines`` reads it.

    Statistics over 100,000 games spent 0.4 s in ``raw_lines`` finding each line's end and
    looking for something not blank in it. Memory stays within a chunk and a line's cap: a
    line longer than the cap with no end in sight is left to ``raw_lines``, with the rest."""
    entries: list[LogEntry] = []
    spans = Spans()
    damaged: list[DamagedLine] = []

    def line_by_line(lines: Iterator[RawLine]) -> None:
        read = json_lines(lines, source)
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
                spans.extend(pairwise(ends))
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
    try:
        info = os.lstat(path)
    except OSError:
        return
    stamp = LogStamp(info.st_ino, len(data), info.st_mtime_ns, zlib.crc32(data[-TAIL:]))
    with _KNOWN_GUARD:
        _KNOWN[str(path)] = _Known(
            len(data),
            zlib.crc32(data),
            data.count(b"\n"),
            list(result.entries),
            Spans(result.spans),
            list(result.damaged),
            stamp if info.st_size == len(data) else None,
        )


def forget(path: Path) -> None:
    """Read the log whole next time (for tests and benchmarks that time a first read)."""
    with _KNOWN_GUARD:
        _KNOWN.pop(str(path), None)


def rewrite(
    path: Path,
    current: ReadResult,
    *,
    keep: Callable[[LogEntry], bool] = lambda entry: True,
    new: Iterable[LogEntry] = (),
    change: Callable[[LogEntry], LogEntry] | None = None,
) -> ReadResult | None:
    """Replace the log (atomically) with its lines kept byte for byte, less those ``keep``
    refuses, then ``new``'s. With ``change``, a line whose entry it changes is written anew,
    in its place. Its damaged lines are kept aside first and left out; where they
    cannot be kept aside they stay, byte for byte, so nothing is lost. Called under the
    writer lock, with ``current`` read under it. What the log holds now, unless damaged lines
    stayed in it (``None``)."""
    try:
        keep_aside(path, current.damaged)
        dropped = True
    except OSError:
        dropped = False
    try:
        fd = open_log(path, os.O_RDONLY)
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
        if entry is not None and change is not None and (changed := change(entry)) != entry:
            entry = changed
            line = line_of(entry)
        else:
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
        written = ReadResult(entries, [], spans)
        _remember(path, data, written)
        return written
    forget(path)  # its damaged lines are still in it: read whole next time
    return None


def write_log(path: Path, entries: Iterable[LogEntry]) -> None:
    """Replace the log with ``entries`` (atomically, under the writer lock): for a new log
    (tests, benchmarks). Never for one another window may be writing: what it appended
    between a read and this write would be lost; ``change_entries`` reads under the lock."""
    listed = list(entries)
    with play_log_lock(path):
        rewrite(path, ReadResult([]), new=listed)


def change_entries(path: Path, change: Callable[[LogEntry], LogEntry]) -> ReadResult:
    """Change lines of the log in place (``change`` gives an entry, changed or not): read and
    rewritten under the writer lock, so a game another window appends meanwhile is kept, as
    is every line (damaged ones too) the rewrite does not change. What the log holds now."""
    with play_log_lock(path):
        current = read_log(path)
        if any(change(entry) != entry for entry in current.entries):
            rewrite(path, current, change=change)
        return read_log(path)


# Told, under the writer lock, of a game taken out: the log's stamp before and after, and each
# line kept, from its old start to its new one (the record in brief follows: ``record_file``).
TakenOut = Callable[[LogStamp, LogStamp, dict[int, int]], None]


def take_out(path: Path, session: str, *, then: TakenOut | None = None) -> bool:
    """Take every line of the game ``session`` out of the log (undo reopened it); whether any
    was there. ``then`` is told how the lines moved (not when damaged lines stay in it)."""
    with play_log_lock(path):
        current = read_log(path)
        if not any(e.session == session for e in current.entries):
            return False
        before = _stamp(path)
        written = rewrite(path, current, keep=lambda entry: entry.session != session)
        after = _stamp(path)
        if then is not None and written is not None and before and after and not current.damaged:
            starts = (start for start, _end in current.spans)
            kept = [s for e, s in zip(current.entries, starts, strict=True) if e.session != session]
            then(before, after, dict(zip(kept, (s for s, _end in written.spans), strict=True)))
    return True


def _stamp(path: Path) -> LogStamp | None:
    try:
        fd = open_log(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        return stamp_of(fd)
    finally:
        os.close(fd)


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
                    # Kept aside by the rewrite, once; where they cannot be, kept in the log.
                    rewrite(log_path, current)
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
        fd = open_log(aside, os.O_RDONLY)
        with os.fdopen(fd, "rb", buffering=0) as stream:
            held = stream.read()
        atomic_write(aside, held + text.encode("utf-8", "surrogateescape"))
        return aside
    # Never through a link planted in its place (O_NOFOLLOW), nor into a FIFO (O_NONBLOCK).
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = open_own(aside, flags)
    except OSError:
        if os.path.islink(aside):
            raise NotARegularFile(f"{aside} is {kind_of(aside)}") from None
        raise
    with os.fdopen(fd, "a", encoding="utf-8", errors="surrogateescape") as out:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(_("{aside} is not a regular file").format(aside=aside))
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    return aside


def _other_names(path: Path) -> bool:
    """Whether the regular file at ``path`` has other names too (hard links)."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_nlink > 1


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
        fd = open_log(log_path, os.O_RDWR | os.O_CREAT | os.O_APPEND)
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
            if size and pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data  # a line cut short stays a line of its own (kept aside)
            try:
                _write_whole(fd, data)
                os.fsync(fd)
                if os.fstat(fd).st_size != size + len(data) or pread(fd, len(data), size) != data:
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
