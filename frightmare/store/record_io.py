"""Reading, importing and merging play logs (the app's JSON lines, or CSV), damaged lines kept.

Every line goes through the same validation (``LogEntry``), whether it comes from the app's own
``playlog.jsonl`` or from a file the player imports. A line that fails is skipped with a message
naming it (file and line number) and copied, as it was, into ``playlog-damaged.txt`` beside the
log: nothing is lost, and no other game is dropped because of it. A merge adds only the games
the log does not have yet (same session id, or the same game by its columns), so importing the
same file twice changes nothing.

>>> entry = validate_entry({"date": "2026-11-01", "final_girl": "Nancy", "killer": "Dr. Fright",
...     "location": "Maple Lane", "result": "win", "rounds": "6", "epic": "no"})
>>> entry["rounds"], entry["result"]
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
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from frightmare.model.record import FIGURE_COLUMNS, UNREVEALED
from frightmare.store.atomic import atomic_write
from frightmare.store.playlog import COLUMNS, MAX_PLAYLOG_BYTES, safe_cell
from frightmare.store.safe_io import NOFOLLOW, NotARegularFile, TooLarge, kind_of, read_capped

LOG_NAME = "playlog.jsonl"
DAMAGED_NAME = "playlog-damaged.txt"
MAX_IMPORT_BYTES = 32 * 1024 * 1024
MAX_LINE_CHARS = 20_000
MAX_EXTRA_FIELDS = 40

# Every column a CSV export carries, in order: today's columns, then the record's, then the
# session id (so re-importing an export recognises each game).
EXPORT_COLUMNS: tuple[str, ...] = (
    *COLUMNS,
    *(c for c in FIGURE_COLUMNS if c not in COLUMNS),
    "session",
)


def _iso_day(value: str) -> str:
    date.fromisoformat(value[:10])
    if len(value) != 10:
        raise ValueError("a date is written YYYY-MM-DD")
    return value


def _iso_time(value: str) -> str:
    datetime.fromisoformat(value)
    return value


Day = Annotated[str, AfterValidator(_iso_day)]
Moment = Annotated[str, AfterValidator(_iso_time)]
Count = int | None
YesNo = Literal["yes", "no"] | None
Name = str


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return value


def _yes_no(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        text = value.strip().lower()
        return {"true": "yes", "false": "no", "y": "yes", "n": "no", "": None}.get(text, text)
    return value


class LogEntry(BaseModel):
    """One finished game in the play log, as validated on reading or importing."""

    model_config = ConfigDict(extra="allow", frozen=True, str_max_length=200)

    session: str | None = Field(default=None, max_length=100)
    date: Day
    final_girl: str = Field(min_length=1, max_length=60)
    killer: str = Field(min_length=1, max_length=60)
    location: str = Field(min_length=1, max_length=60)
    setup: str | None = Field(default=None, max_length=60)
    epic: YesNo = "no"
    result: Literal["win", "loss"]
    rounds: Count = Field(default=None, ge=1, le=99)
    victims_saved: Count = Field(default=None, ge=0, le=99)
    victims_killed: Count = Field(default=None, ge=0, le=99)
    dark_power: str | None = Field(default=None, max_length=60)
    finale: str | None = Field(default=None, max_length=60)
    started: Moment | None = None
    ended: Moment | None = None
    extreme_horror: YesNo = None
    final_health_revive: Literal["neither", "him", "her", "both"] | None = None
    never_really_dead: YesNo = None
    end_awake: YesNo = None
    fell_asleep: Count = Field(default=None, ge=0, le=999)
    boiler_cards: Count = Field(default=None, ge=0, le=9999)
    boiler_attacks: Count = Field(default=None, ge=0, le=9999)
    deck_resets: Count = Field(default=None, ge=0, le=999)
    full_dreams: Count = Field(default=None, ge=0, le=999)
    full_dream_attacks: Count = Field(default=None, ge=0, le=9999)
    clean_escapes: Count = Field(default=None, ge=0, le=999)
    most_cards_in_a_round: Count = Field(default=None, ge=0, le=99)
    convince_attempts: Count = Field(default=None, ge=0, le=999)
    convince_successes: Count = Field(default=None, ge=0, le=999)
    convince_results: str | None = Field(default=None, max_length=120)
    houses_searched: Count = Field(default=None, ge=0, le=99)
    quadrants_searched: Count = Field(default=None, ge=0, le=4)
    items_found: Count = Field(default=None, ge=0, le=99)
    victims_left: Count = Field(default=None, ge=0, le=99)

    @field_validator("epic", "extreme_horror", "never_really_dead", "end_awake", mode="before")
    @classmethod
    def _flags(cls, value: Any) -> Any:
        return _yes_no(value)

    @field_validator("result", "final_health_revive", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value

    def as_entry(self) -> dict[str, Any]:
        """The line as the play log keeps it (blank text for unknown values)."""
        out = {k: "" if v is None else v for k, v in self.model_dump().items()}
        if not self.session:
            out.pop("session", None)
        return out


def _problem(error: ValidationError) -> str:
    """The first thing wrong with a line, in the player's words."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "the line"
    if first["type"] == "missing":
        return f"the column “{where}” is missing"
    if first.get("input", "") is None:
        return f"“{where}” is empty"
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"“{where}”: {message[:1].lower()}{message[1:]}"


FIELDS = frozenset(LogEntry.model_fields)


def validate_entry(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A validated, normalised play-log line; raises ``ValueError`` with the player's reason.

    Blank cells mean "not known" (a CSV has no other way to say it).
    """
    extras = len(raw.keys() - FIELDS)
    if extras > MAX_EXTRA_FIELDS:
        raise ValueError(f"it has {extras} unknown columns")
    cleaned = {k: _blank_to_none(v) for k, v in raw.items()}
    try:
        return LogEntry.model_validate(cleaned).as_entry()
    except ValidationError as error:
        raise ValueError(_problem(error)) from None


# Duplicates -----------------------------------------------------------------------------------

# Every export carries today's columns: two lines alike in all of them are one game.
_SAME_GAME = COLUMNS


def fingerprint(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """What makes two lines the same game when they carry no session id (a CSV export): the
    columns every export has. Two games alike in all of them are told apart by their end
    times, when both lines have one."""
    out = []
    for key in _SAME_GAME:
        value = str(entry.get(key, "") or "").strip()
        if key in ("dark_power", "finale") and value == UNREVEALED:
            value = ""
        out.append(value.casefold())
    return tuple(out)


def _ended(entry: Mapping[str, Any]) -> str:
    return str(entry.get("ended", "") or "").strip()


def merge(existing: Iterable[Mapping[str, Any]], incoming: Iterable[Mapping[str, Any]]) -> Merged:
    """``existing`` followed by the ``incoming`` games it does not have yet."""
    kept = [dict(e) for e in existing]
    sessions = {str(e["session"]) for e in kept if e.get("session")}
    ends: dict[tuple[str, ...], set[str]] = {}
    for e in kept:
        ends.setdefault(fingerprint(e), set()).add(_ended(e))
    added = duplicates = 0
    for entry in incoming:
        session = str(entry.get("session") or "")
        key, ended = fingerprint(entry), _ended(entry)
        seen = ends.get(key)
        same = seen is not None and (not ended or "" in seen or ended in seen)
        if (session and session in sessions) or same:
            duplicates += 1
            continue
        kept.append(dict(entry))
        ends.setdefault(key, set()).add(ended)
        if session:
            sessions.add(session)
        added += 1
    return Merged(kept, added, duplicates)


@dataclass(frozen=True, slots=True)
class Merged:
    entries: list[dict[str, Any]]
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
    entries: list[dict[str, Any]]
    damaged: list[DamagedLine] = field(default_factory=list)


def parse_json_lines(text: str, source: str) -> ReadResult:
    entries: list[dict[str, Any]] = []
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
    entries: list[dict[str, Any]] = []
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


def write_log(path: Path, entries: Iterable[Mapping[str, Any]]) -> None:
    """Replace the log with ``entries`` (atomically)."""
    lines = [json.dumps(e, ensure_ascii=False) for e in entries]
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


def append_entry(log_path: Path, entry: Mapping[str, Any]) -> None:
    """Add one finished game at the end of the log: a single appended line, fsynced.

    The cheap way to record a game (no rewrite of the whole log). A game finished again after
    an undo appends a newer line with the same session id; ``latest`` keeps the last one.
    """
    line = (json.dumps(dict(entry), ensure_ascii=False) + "\n").encode()
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


def latest(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One line per session (its last), in the order each session last finished."""
    by_session: dict[str, dict[str, Any]] = {}
    loose: list[tuple[int, dict[str, Any]]] = []
    order: dict[str, int] = {}
    for n, entry in enumerate(entries):
        session = str(entry.get("session") or "")
        if session:
            by_session[session] = dict(entry)
            order[session] = n
        else:
            loose.append((n, dict(entry)))
    ranked = [(order[s], e) for s, e in by_session.items()] + loose
    return [e for _, e in sorted(ranked, key=lambda pair: pair[0])]


def to_csv(entries: Iterable[Mapping[str, Any]]) -> str:
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
        writer.writerow({c: safe_cell(entry.get(c, "")) for c in EXPORT_COLUMNS})
    return out.getvalue()
