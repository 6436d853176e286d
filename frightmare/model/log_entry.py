"""One finished game in the play log: a frozen, validated entry, typed from the store (which
reads and writes it) through the record's figures to the statistics and the summary.

A line of the log, a CSV row or the app's own end of game all become a ``LogEntry`` the same
way (``LogEntry.from_row``); ``row()`` gives it back as the log keeps it (``yes``/``no`` for
the flags, blank text for what is not known), so old logs read as before and new lines read
with old ones.

>>> entry = LogEntry.from_row({"date": "2026-11-01", "final_girl": "Nancy",
...     "killer": "Dr. Fright", "location": "Maple Lane", "result": "win", "rounds": "6",
...     "epic": "no"})
>>> entry.rounds, entry.won, entry.epic, entry.row()["epic"]
(6, True, False, 'no')
"""

from __future__ import annotations

import gc
import json
import operator
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime
from functools import cache
from itertools import compress, repeat
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)

UNREVEALED = "Unrevealed"
MAX_EXTRA_FIELDS = 40

Result = Literal["win", "loss"]
Revive = Literal["neither", "him", "her", "both"]
REVIVES: tuple[Revive, ...] = get_args(Revive)
# A play-log column that names a thing (the filters and breakdowns choose by these).
NamedColumn = Literal["final_girl", "killer", "location", "setup"]
Cell = str | int  # a value as the log file or a CSV cell holds it


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


def _blank_to_none(value: object) -> object:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return value


def _yes_no(value: object) -> object:
    """The log's ``yes``/``no`` (and a spreadsheet's TRUE/FALSE, y/n) as a flag."""
    if isinstance(value, str):
        text = value.strip().lower()
        return {"yes": True, "no": False, "true": True, "false": False, "y": True, "n": False}.get(
            text, text
        )
    return value


def _yes(value: bool | None) -> str:
    return "" if value is None else "yes" if value else "no"


def _extra_text(value: object) -> str:
    """An unknown column's value, kept as text (a JSON line may hold any JSON there)."""
    # Kept whole (issue 21, store: it was cut to 200 characters without a word): the store
    # bounds a line, and refuses with the reason any line longer than its reader takes.
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


class LogEntry(BaseModel):
    """One finished game. ``None`` is "not known" (an older line, or a CSV cell left blank);
    a flag is ``True``/``False``. Dr. Fright's figures are known only in his games, Maple
    Lane's only there. Unknown columns (a hand-made CSV's) are kept, as text, in ``extras``.
    """

    model_config = ConfigDict(extra="allow", frozen=True, str_max_length=200, strict=False)

    session: str | None = Field(default=None, max_length=100)
    date: Day
    final_girl: str = Field(min_length=1, max_length=60)
    killer: str = Field(min_length=1, max_length=60)
    location: str = Field(min_length=1, max_length=60)
    setup: str | None = Field(default=None, max_length=60)
    epic: bool = False
    result: Result
    rounds: Count = Field(default=None, ge=1, le=99)
    victims_saved: Count = Field(default=None, ge=0, le=99)
    victims_killed: Count = Field(default=None, ge=0, le=99)
    dark_power: str | None = Field(default=None, max_length=60)
    finale: str | None = Field(default=None, max_length=60)
    started: Moment | None = None
    ended: Moment | None = None
    extreme_horror: bool | None = None
    final_health_revive: Revive | None = None
    never_really_dead: bool | None = None
    end_awake: bool | None = None
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
    # The published achievements' marks from the game's journal and the player's answers
    # (``model.achievements``: ``id=n`` each, "-" for none); None: logged before, not scanned.
    # (A mark it cannot read is skipped: the column stays the player's to edit.)
    achievements: str | None = Field(default=None, max_length=700)

    @field_validator("epic", mode="before")
    @classmethod
    def _epic(cls, value: object) -> object:
        return False if value is None else _yes_no(value)

    @field_validator("extreme_horror", "never_really_dead", "end_awake", mode="before")
    @classmethod
    def _flags(cls, value: object) -> object:
        return _yes_no(value)

    @field_validator("result", "final_health_revive", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value

    # Reading ----------------------------------------------------------------------------------

    @classmethod
    def from_row(cls, raw: Mapping[str, object]) -> LogEntry:
        """A validated, normalised entry from a log line or CSV row; raises ``ValueError``
        with the player's reason. Blank cells mean "not known" (a CSV has no other way to
        say it)."""
        extras = [k for k in raw if k not in FIELD_SET]
        if len(extras) > MAX_EXTRA_FIELDS:
            raise ValueError(f"it has {len(extras)} unknown columns")
        cleaned = {
            k: _blank_to_none(v) if k in FIELD_SET else _extra_text(v)
            for k, v in raw.items()
            if k in FIELD_SET or v not in (None, "")
        }
        try:
            return cls.model_validate(cleaned)
        except ValidationError as error:
            raise ValueError(problem(error)) from None

    @classmethod
    def from_json_line(cls, data: bytes) -> LogEntry | None:
        """The entry of one line of the app's own log (JSON, the known columns only, as
        ``row()`` writes them), read and checked in one pass; None when the line is anything
        else or this check doubts it: ``from_row`` then decides, with its message. When it
        gives an entry, it is the one ``from_row(json.loads(data))`` gives (a property test
        holds them equal over generated and damaged lines)."""
        return _app_line(data)

    @property
    def extras(self) -> dict[str, str]:
        """The columns this app does not know, as they were read (kept when the log is
        rewritten, so nothing the player typed is lost)."""
        return {k: str(v) for k, v in (self.model_extra or {}).items()}

    @property
    def won(self) -> bool:
        return self.result == "win"

    @property
    def when(self) -> str:
        """When the game was played, for ordering: its end time, else its date (ISO text
        sorts)."""
        return self.ended or self.date

    @property
    def day(self) -> str:
        return self.when[:10]

    def named(self, column: NamedColumn) -> str:
        """A naming column's value ("" when none: a game without a Setup card)."""
        value: str | None = getattr(self, column)
        return value or ""

    # Writing ----------------------------------------------------------------------------------

    def row(self) -> dict[str, Cell]:
        """The entry as the log keeps it: ``yes``/``no`` flags, blank text for unknown values,
        the unknown columns last; no session column when it has none."""
        out: dict[str, Cell] = {}
        for name in FIELDS:
            value = getattr(self, name)
            if isinstance(value, bool) or (value is None and name in FLAG_FIELDS):
                out[name] = _yes(value)
            elif value is None:
                out[name] = ""
            else:
                out[name] = value
        if not self.session:
            out.pop("session")
        return out | self.extras

    def with_values(self, **values: object) -> LogEntry:
        """A new entry with these columns changed, read again like any line (never
        ``model_copy``, which would skip the checks); ``ValueError`` if one is wrong."""
        return LogEntry.from_row({**self.row(), **values})


FIELDS: tuple[str, ...] = tuple(LogEntry.model_fields)
# Asked for each column of each line read (issue 21, store: a set, not the tuple, took a read
# of 100,000 games from about 6 s to 3.5 s).
FIELD_SET = frozenset(FIELDS)
FLAG_FIELDS = frozenset({"epic", "extreme_horror", "never_really_dead", "end_awake"})


def problem(error: ValidationError) -> str:
    """The first thing wrong with a line, in the player's words."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "the line"
    if first["type"] == "missing":
        return f"the column “{where}” is missing"
    if first.get("input", "") is None:
        return f"“{where}” is empty"
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"“{where}”: {message[:1].lower()}{message[1:]}"


# The app's own lines, read in one pass ----------------------------------------------------------
# Statistics over 100,000 logged games spent most of their first opening reading the log: a
# line cost about 11 us in pydantic-core (a TypedDict of the line's form, checked over the bytes,
# then an entry made of it). msgspec decodes and type-checks the same form in one C pass in
# about 1 us (a Struct: every column's type and bounds, no column it does not know); what is
# left is done column-wise in C too (``map`` over tuples). It takes only what ``from_row`` would
# take unchanged: text with no space to strip (Python's own whitespace, every character of it),
# whole numbers as JSON numbers, the exact words the app writes (yes/no, the Literals), "" for
# what is not known; anything else fails it, and the line goes the usual way, with its message.

# Every character ``str.isspace`` calls whitespace (a test holds the list to it), which
# ``str.strip`` takes off: a text may start or end with none of them.
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_FLAGS = ("extreme_horror", "never_really_dead", "end_awake")


@cache
def _line_reader() -> tuple[Callable[[bytes], object], type[Exception], object, tuple[str, ...]]:
    """The app's line as a msgspec Struct whose fields are ``LogEntry``'s, bound for bound
    (read from its fields, so the two never disagree), in the same order; a column left out
    is ``UNSET``. Imported here: start-up never pays for it."""
    import msgspec
    from annotated_types import Ge, Le, MaxLen, MinLen

    fields: list[tuple[str, object] | tuple[str, object, object]] = []
    texts: list[str] = []
    for name, info in LogEntry.model_fields.items():
        low, high = 0, 200
        for rule in info.metadata:
            if isinstance(rule, MinLen):
                low = rule.min_length
            elif isinstance(rule, Ge):
                low = int(rule.ge)  # type: ignore[call-overload]
            elif isinstance(rule, MaxLen):
                high = rule.max_length
            elif isinstance(rule, Le):
                high = int(rule.le)  # type: ignore[call-overload]
        kind: object
        if name == "epic":  # never blank in the app's lines: "" is for from_row to read
            kind = Literal["yes", "no"]
        elif name in _FLAGS:
            kind = Literal["yes", "no", ""]
        elif name == "result":
            kind = Result
        elif name == "final_health_revive":
            kind = Literal["neither", "him", "her", "both", ""]
        elif info.annotation == Count:
            kind = Annotated[int, msgspec.Meta(ge=low, le=high)] | Literal[""]
        else:  # a text (a date and a time too: checked as from_row checks them, below)
            least = max(low, 1) if info.is_required() else low  # a date is never blank
            kind = Annotated[str, msgspec.Meta(min_length=least, max_length=high)]
            texts.append(name)
        if info.is_required():
            fields.append((name, kind))
        else:
            fields.append((name, kind | msgspec.UnsetType, msgspec.UNSET))  # type: ignore[operator,unused-ignore]
    line = msgspec.defstruct("AppLine", fields, kw_only=True, forbid_unknown_fields=True)
    return msgspec.json.Decoder(line).decode, msgspec.MsgspecError, msgspec.UNSET, tuple(texts)


@cache
def _line_parts() -> tuple[Any, ...]:
    """What reading a line takes, made once: the decoder, its errors, msgspec's ``UNSET``,
    and the column-wise steps (each a C function ``map`` calls)."""
    import msgspec

    decode, failed, unset, texts = _line_reader()
    blank: dict[object, object] = {"": None, unset: None}  # not known, as from_row reads it
    as_text: dict[object, object] = {unset: ""}
    return (
        decode,
        failed,
        unset,
        msgspec.structs.astuple,
        operator.attrgetter(*texts),
        as_text.get,
        blank.get,
    )


_YES_NO: dict[object, bool | None] = {"yes": True, "no": False, None: None}  # after blank
_GIVEN: dict[tuple[bool, ...], set[str]] = {}
_DAY = date.fromisoformat
_MOMENT = datetime.fromisoformat


def _app_line(data: bytes) -> LogEntry | None:
    decode, failed, unset, values, texts_of, as_text, blank = _line_parts()
    try:
        read = decode(data)
    except failed:  # msgspec's DecodeError or ValidationError: the usual way decides
        return None
    texts = texts_of(read)
    texts = tuple(map(as_text, texts, texts))
    if tuple(map(str.strip, texts)) != texts:  # padded: from_row strips it
        return None
    row = values(read)
    entry_dict: dict[str, Any] = dict(zip(FIELDS, map(blank, row, row), strict=True))
    entry_dict["epic"] = entry_dict["epic"] == "yes"
    for name in _FLAGS:
        entry_dict[name] = _YES_NO[entry_dict[name]]
    day, started, ended = entry_dict["date"], entry_dict["started"], entry_dict["ended"]
    try:  # as _iso_day and _iso_time check them (from_row)
        if len(day) != 10:
            return None
        _DAY(day)
        if started is not None:
            _MOMENT(started)
        if ended is not None:
            _MOMENT(ended)
    except ValueError:
        return None
    # The columns given: one set per form of line, shared (pydantic never changes a model's
    # own, it copies it first), not one of 35 names per game: 100,000 of those took 220 MB.
    given = _GIVEN.get(absent := tuple(map(operator.is_, row, repeat(unset))))
    if given is None:
        given = _GIVEN[absent] = set(compress(FIELDS, map(operator.not_, absent)))
    # Made as pydantic's own ``model_construct`` makes a model, from values checked above.
    entry: LogEntry = object.__new__(LogEntry)
    object.__setattr__(entry, "__dict__", entry_dict)
    object.__setattr__(entry, "__pydantic_fields_set__", given)
    object.__setattr__(entry, "__pydantic_extra__", {})
    object.__setattr__(entry, "__pydantic_private__", None)
    return entry


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a log's entries are made or digested in bulk.

    An entry holds no cycle (text, numbers and flags), so there is nothing for the collector
    to find among them; but every few hundred entries made it walked the young ones, and every
    so often all of them: with 100,000 games, about a second of the Statistics' first opening.
    It runs again as before afterwards (and catches up then, once)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
