"""Reading, importing and merging play logs (the app's JSON lines, or CSV), damaged lines kept.

Every line goes through the same validation (``LogEntry``), whether it comes from the app's own
``playlog.jsonl`` or from a file the player imports. A line that fails is skipped with a message
naming it (file and line number) and copied, as it was, into ``playlog-damaged.txt`` beside the
log: nothing is lost, and no other game is dropped because of it. A merge adds only the games
the log does not have yet (same session id, or the same game by its columns), so importing the
same file twice changes nothing.

>>> entry = validate_entry({"date": "2026-11-01", "final_girl": "Nancy", "killer": "Dr. Fright",
...     "location": "Maple Lane", "result": "win", "rounds": "6", "epic": "no"})
>>> entry.rounds, entry.result
(6, 'win')
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from frightmare.model.log_entry import MAX_EXTRA_FIELDS, UNREVEALED, LogEntry
from frightmare.model.record import FIGURE_COLUMNS
from frightmare.store.atomic import atomic_write
from frightmare.store.playlog import COLUMNS, MAX_PLAYLOG_BYTES, safe_cell
from frightmare.store.safe_io import NOFOLLOW, NotARegularFile, TooLarge, kind_of, read_capped

LOG_NAME = "playlog.jsonl"
DAMAGED_NAME = "playlog-damaged.txt"
MAX_IMPORT_BYTES = 32 * 1024 * 1024
MAX_LINE_CHARS = 20_000
__all__ = ["MAX_EXTRA_FIELDS", "LogEntry", "validate_entry"]

# Every column a CSV export carries, in order: today's columns, then the record's, then the
# session id (so re-importing an export recognises each game).
EXPORT_COLUMNS: tuple[str, ...] = (
    *COLUMNS,
    *(c for c in FIGURE_COLUMNS if c not in COLUMNS),
    "session",
)


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
    columns every export has. Two games alike in all of them are told apart by their end
    times, when both lines have one."""
    out = []
    row = entry.row()
    for key in _SAME_GAME:
        value = str(row.get(key, "")).strip()
        if key in ("dark_power", "finale") and value == UNREVEALED:
            value = ""
        out.append(value.casefold())
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
    for entry in incoming:
        session = entry.session or ""
        key, ended = fingerprint(entry), _ended(entry)
        seen = ends.get(key)
        same = seen is not None and (not ended or "" in seen or ended in seen)
        if (session and session in sessions) or same:
            duplicates += 1
            continue
        kept.append(entry)
        ends.setdefault(key, set()).add(ended)
        if session:
            sessions.add(session)
        added += 1
    return Merged(kept, added, duplicates)


@dataclass(frozen=True, slots=True)
class Merged:
    entries: list[LogEntry]
    added: int
    duplicates: int


# Reading --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamagedLine:
    source: str
    line: int
    text: str
    reason: str

    @property
    def message(self) -> str:
        return f"{self.source}, line {self.line}: skipped, {self.reason}."


@dataclass(frozen=True, slots=True)
class ReadResult:
    entries: list[LogEntry]
    damaged: list[DamagedLine] = field(default_factory=list)


def parse_json_lines(text: str, source: str) -> ReadResult:
    entries: list[LogEntry] = []
    damaged: list[DamagedLine] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_LINE_CHARS:
                raise ValueError(f"it is {len(line)} characters long, more than any game's line")
            try:
                raw = json.loads(line)
            except ValueError:
                raise ValueError("it is not a complete JSON line (cut short or edited?)") from None
            if not isinstance(raw, dict):
                raise ValueError("it is not one game's columns")
            entries.append(validate_entry(raw))
        except ValueError as error:
            damaged.append(DamagedLine(source, number, line, str(error)))
        except RecursionError:
            # Nested deeper than Python parses: this line only is set aside.
            reason = "it is nested too deeply to be one game's columns"
            damaged.append(DamagedLine(source, number, line, reason))
    return ReadResult(entries, damaged)


def parse_csv(text: str, source: str) -> ReadResult:
    """A CSV play log with a header row (the app's export, or the same columns by hand)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    lines = text.splitlines()
    try:
        header = [h.strip().lower().replace(" ", "_") for h in next(reader)]
    except StopIteration:
        return ReadResult([])
    except csv.Error as error:
        return ReadResult([], [DamagedLine(source, 1, lines[0] if lines else "", str(error))])
    entries: list[LogEntry] = []
    damaged: list[DamagedLine] = []
    while True:
        number = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            damaged.append(DamagedLine(source, number, _line(lines, number), f"{error}"))
            continue
        if not any(cell.strip() for cell in row):
            continue
        text_line = _line(lines, number)
        if len(row) != len(header):
            damaged.append(
                DamagedLine(
                    source,
                    number,
                    text_line,
                    f"it has {len(row)} cells where the header names {len(header)}",
                )
            )
            continue
        try:
            entries.append(validate_entry(dict(zip(header, row, strict=True))))
        except ValueError as error:
            damaged.append(DamagedLine(source, number, text_line, str(error)))
        except RecursionError:
            reason = "it is nested too deeply to be one game's columns"
            damaged.append(DamagedLine(source, number, text_line, reason))
    return ReadResult(entries, damaged)


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 0 < number <= len(lines) else ""


def parse_log(text: str, source: str) -> ReadResult:
    """JSON lines when the first non-blank character opens an object, CSV otherwise."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start == "{":
        return parse_json_lines(text, source)
    return parse_csv(text.lstrip("\ufeff"), source)


def read_log(path: Path) -> ReadResult:
    """The app's own play log, every line validated; a missing log is an empty one.

    Raises ``OSError`` when the log is not a regular file (a FIFO, a device: never read, so
    never blocking) or larger than any real log, so it is never written over.
    """
    try:
        text = read_capped(path, MAX_PLAYLOG_BYTES).decode("utf-8", "replace")
    except FileNotFoundError:
        return ReadResult([])
    except NotARegularFile:
        raise NotARegularFile(_not_a_log(path)) from None
    except TooLarge as error:
        raise OSError(str(error)) from None
    return parse_json_lines(text, path.name)


def _not_a_log(path: Path) -> str:
    return (
        f"the play log {path} is {kind_of(path)}, not a regular file, so it is never read "
        "nor written"
    )


def load_log(log_path: Path) -> ReadResult:
    """The play log for use: one line per game (its latest), every line validated.

    Damaged lines are reported, kept aside beside the log and taken out of it (so each is
    reported once); every other game stays. Where they cannot be kept aside (a read-only or
    full disk, a link in the way), they stay in the log, reported again next time: a line is
    taken out only once it is safe elsewhere.
    """
    result = read_log(log_path)
    entries = latest(result.entries)
    if result.damaged:
        try:
            keep_aside(log_path, result.damaged)
            write_log(log_path, entries)
        except OSError:
            pass
    return ReadResult(entries, result.damaged)


def keep_aside(log_path: Path, damaged: Iterable[DamagedLine]) -> Path | None:
    """Append damaged lines, as they were, to the file beside the log; its path, if any."""
    damaged = list(damaged)
    if not damaged:
        return None
    aside = log_path.with_name(DAMAGED_NAME)
    aside.parent.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().astimezone().isoformat(timespec="seconds")
    # Never through a link planted in its place (O_NOFOLLOW), nor into a FIFO (O_NONBLOCK).
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(aside, flags, 0o644)
    except OSError:
        if os.path.islink(aside):
            raise NotARegularFile(f"{aside} is {kind_of(aside)}") from None
        raise
    with os.fdopen(fd, "a", encoding="utf-8") as out:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(f"{aside} is not a regular file")
        for d in damaged:
            out.write(f"# {stamp} {d.message}\n{d.text}\n")
        out.flush()
        os.fsync(out.fileno())
    return aside


# Importing and appending ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportReport:
    added: int
    duplicates: int
    damaged: list[DamagedLine]
    aside: Path | None

    @property
    def messages(self) -> list[str]:
        lines = [
            f"{self.added} game{'s' if self.added != 1 else ''} added, "
            f"{self.duplicates} already in your log."
        ]
        lines += [d.message for d in self.damaged]
        if self.aside is not None:
            lines.append(f"The skipped lines are kept in {self.aside}.")
        return lines


def write_log(path: Path, entries: Iterable[LogEntry]) -> None:
    """Replace the log with ``entries`` (atomically)."""
    lines = [json.dumps(e.row(), ensure_ascii=False) for e in entries]
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, ("\n".join(lines) + "\n" if lines else "").encode())


def import_log(log_path: Path, source: Path) -> ImportReport:
    """Merge the games of ``source`` (CSV or JSON lines) into the play log at ``log_path``.

    Damaged lines of the source, and of the log itself, are kept aside beside the log.
    """
    size = source.stat().st_size
    too_large = ValueError(
        f"{source.name} is {size / 1e6:.1f} MB: larger than any play log "
        f"({MAX_IMPORT_BYTES // 2**20} MiB at most). Nothing was imported."
    )
    if size > MAX_IMPORT_BYTES:
        raise too_large
    try:  # read capped and without blocking: a FIFO or a device is refused, never waited on
        raw = read_capped(source, MAX_IMPORT_BYTES, follow=True)  # the player's own choice
    except TooLarge:
        raise too_large from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")  # a spreadsheet's own CSV
    incoming = parse_log(text, source.name)
    current = read_log(log_path)
    merged = merge(current.entries, incoming.entries)
    try:
        aside = keep_aside(log_path, [*current.damaged, *incoming.damaged])
    except OSError as error:
        if current.damaged:  # rewriting the log would drop them: nothing is imported
            raise OSError(
                f"the play log has damaged lines that cannot be kept aside ({error}), so "
                "nothing was imported"
            ) from None
        aside = None  # the source's own lines are still in the source
    if merged.added or current.damaged:
        write_log(log_path, merged.entries)
    return ImportReport(merged.added, merged.duplicates, list(incoming.damaged), aside)


def append_entry(log_path: Path, entry: LogEntry) -> None:
    """Add one finished game at the end of the log: a single appended line, fsynced.

    The cheap way to record a game (no rewrite of the whole log). A game finished again after
    an undo appends a newer line with the same session id; ``latest`` keeps the last one.
    """
    line = (json.dumps(entry.row(), ensure_ascii=False) + "\n").encode()
    log_path.parent.mkdir(parents=True, exist_ok=True)
    # Opened without blocking and checked on the descriptor: a FIFO or a device in the log's
    # place is never written to (nor waited on).
    # Never through a link in its place either (O_NOFOLLOW): aimed at a shell's start-up file,
    # an appended line would be run as a command.
    flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(log_path, flags, 0o644)
    except OSError:
        if os.path.islink(log_path):
            raise NotARegularFile(_not_a_log(log_path)) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(_not_a_log(log_path))
        if info.st_size + len(line) > MAX_PLAYLOG_BYTES:
            raise OSError(f"{log_path} is larger than any play log: the game was not added")
        if info.st_size and not _ends_with_newline(fd, info.st_size):
            line = b"\n" + line  # a line cut short stays a line of its own (kept aside)
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


def _ends_with_newline(fd: int, size: int) -> bool:
    return os.pread(fd, 1, size - 1) == b"\n"


def latest(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """One line per session (its last), in the order each session last finished."""
    by_session: dict[str, LogEntry] = {}
    loose: list[tuple[int, LogEntry]] = []
    order: dict[str, int] = {}
    for n, entry in enumerate(entries):
        session = entry.session or ""
        if session:
            by_session[session] = entry
            order[session] = n
        else:
            loose.append((n, entry))
    ranked = [(order[s], e) for s, e in by_session.items()] + loose
    return [e for _, e in sorted(ranked, key=lambda pair: pair[0])]


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
