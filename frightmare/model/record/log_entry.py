"""One finished game in the play log: a frozen, validated entry, typed from the store (which
reads and writes it) through the record's figures to the statistics and the summary.

A line of the log, a CSV row or the app's own end of game all become a ``LogEntry`` the same
way (``LogEntry.from_row``); ``row()`` gives it back as the log keeps it (``yes``/``no`` for
the flags, blank text for what is not known), so old logs read as before and new lines read
with old ones.

An entry is a frozen msgspec Struct; ``_Checked``, a pydantic model, checks each column and
says what is wrong in the player's words. The app's own lines skip it: msgspec decodes them
already checked (see "The app's own lines" below), a few thousand at a time.

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
from collections import deque
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from functools import cache
from itertools import repeat, starmap
from typing import Annotated, Any, ClassVar, Literal, cast, get_args

import msgspec
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)
from pydantic.fields import FieldInfo

from frightmare.i18n import N_, _, ngettext

# The log's word for a card not revealed before the end: kept in English, shown with ``_``.
UNREVEALED = N_("Unrevealed")
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
        raise ValueError(_("a date is written YYYY-MM-DD"))
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


class _Checked(BaseModel):
    """A line's columns as ``LogEntry.from_row`` checks them: each column's type and bounds,
    what a blank or a spreadsheet's TRUE means, and the player's reason for what is wrong
    (``problem``). The columns the app does not know are kept as extra fields."""

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


class LogEntry(msgspec.Struct, frozen=True, gc=False):
    """One finished game. ``None`` is "not known" (an older line, or a CSV cell left blank);
    a flag is ``True``/``False``. Dr. Fright's figures are known only in his games, Maple
    Lane's only there. Unknown columns (a hand-made CSV's) are kept, as text, in ``extras``.

    Made only by ``from_row`` (or, for the app's own lines, by the reader that gives what
    ``from_row`` gives): each column checked as ``_Checked`` checks it. A frozen msgspec
    Struct, not a pydantic model: 100,000 of them are made in a tenth of the time, hold a
    quarter of the memory, and hold nothing the cycle collector must walk (issue 21,
    Statistics over 100,000 games).
    """

    session: str | None
    date: str
    final_girl: str
    killer: str
    location: str
    setup: str | None
    epic: bool
    result: Result
    rounds: Count
    victims_saved: Count
    victims_killed: Count
    dark_power: str | None
    finale: str | None
    started: str | None
    ended: str | None
    extreme_horror: bool | None
    final_health_revive: Revive | None
    never_really_dead: bool | None
    end_awake: bool | None
    fell_asleep: Count
    boiler_cards: Count
    boiler_attacks: Count
    deck_resets: Count
    full_dreams: Count
    full_dream_attacks: Count
    clean_escapes: Count
    most_cards_in_a_round: Count
    convince_attempts: Count
    convince_successes: Count
    convince_results: str | None
    houses_searched: Count
    quadrants_searched: Count
    items_found: Count
    victims_left: Count
    achievements: str | None
    # The columns this app does not know, in the order they were read (``extras``).
    extra_columns: tuple[tuple[str, str], ...]

    # Each column's type and bounds, as ``from_row`` checks them (pydantic's fields).
    model_fields: ClassVar[dict[str, FieldInfo]] = _Checked.model_fields

    # Reading ----------------------------------------------------------------------------------

    @classmethod
    def from_row(cls, raw: Mapping[str, object]) -> LogEntry:
        """A validated, normalised entry from a log line or CSV row; raises ``ValueError``
        with the player's reason. Blank cells mean "not known" (a CSV has no other way to
        say it)."""
        extras = [k for k in raw if k not in FIELD_SET]
        if len(extras) > MAX_EXTRA_FIELDS:
            raise ValueError(
                ngettext(
                    "it has {count} unknown column", "it has {count} unknown columns", len(extras)
                ).format(count=len(extras))
            )
        cleaned = {
            k: _blank_to_none(v) if k in FIELD_SET else _extra_text(v)
            for k, v in raw.items()
            if k in FIELD_SET or v not in (None, "")
        }
        try:
            checked = _Checked.model_validate(cleaned)
        except ValidationError as error:
            raise ValueError(problem(error)) from None
        row: list[Any] = [*_ALL_FIELDS(checked.__dict__)]
        row.append(tuple((k, str(v)) for k, v in (checked.model_extra or {}).items()))
        return cls(*row)

    @classmethod
    def from_json_line(cls, data: bytes) -> LogEntry | None:
        """The entry of one line of the app's own log (JSON, the known columns only, as
        ``row()`` writes them), read and checked in one pass; None when the line is anything
        else or this check doubts it: ``from_row`` then decides, with its message. When it
        gives an entry, it is the one ``from_row(json.loads(data))`` gives (a property test
        holds them equal over generated and damaged lines)."""
        return _app_line(data)

    @classmethod
    def from_json_lines(cls, lines: list[bytes]) -> list[LogEntry | None] | None:
        """``from_json_line`` of each of ``lines``, decoded together in one call and made a
        column at a time (a log's lines read a chunk at a time); None when any line fails
        that call, when each line goes ``from_json_line``'s way alone."""
        return _app_lines(lines)

    @property
    def extras(self) -> dict[str, str]:
        """The columns this app does not know, as they were read (kept when the log is
        rewritten, so nothing the player typed is lost)."""
        return dict(self.extra_columns)

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
        """A new entry with these columns changed, read again like any line (never a copy
        with the values swapped in, which would skip the checks); ``ValueError`` if one is
        wrong."""
        return LogEntry.from_row({**self.row(), **values})


FIELDS: tuple[str, ...] = tuple(_Checked.model_fields)
_ALL_FIELDS = operator.itemgetter(*FIELDS)
# Asked for each column of each line read (issue 21, store: a set, not the tuple, took a read
# of 100,000 games from about 6 s to 3.5 s).
FIELD_SET = frozenset(FIELDS)
FLAG_FIELDS = frozenset({"epic", "extreme_horror", "never_really_dead", "end_awake"})
_DATE, _STARTED, _ENDED, _EPIC = map(FIELDS.index, ("date", "started", "ended", "epic"))


def problem(error: ValidationError) -> str:
    """The first thing wrong with a line, in the player's words."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or _("the line")
    if first["type"] == "missing":
        return _("the column “{column}” is missing").format(column=where)
    if first.get("input", "") is None:
        return _("“{column}” is empty").format(column=where)
    message = str(first["msg"]).removeprefix("Value error, ")
    # Translators: a play-log column and what is wrong with it.
    return _("“{column}”: {problem}").format(
        column=where, problem=f"{message[:1].lower()}{message[1:]}"
    )


# The app's own lines, read in one pass ----------------------------------------------------------
# Statistics over 100,000 logged games spent most of their first opening reading the log: a
# line cost about 11 us in pydantic-core (a TypedDict of the line's form, checked over the bytes,
# then an entry made of it). msgspec decodes and type-checks the same form in one C pass in
# about 1 us (a Struct: every column's type and bounds, no column it does not know); what is
# left is done a column of a whole batch at a time, in C too (``map`` over tuples), and the
# entries made in one call each. It takes only what ``from_row`` would take unchanged: text with
# no space to strip (Python's own whitespace, every character of it), whole numbers as JSON
# numbers, the exact words the app writes (yes/no, the Literals), "" for what is not known;
# anything else fails it, and the line goes the usual way, with its message.

# Every character ``str.isspace`` calls whitespace (a test holds the list to it), which
# ``str.strip`` takes off: a text may start or end with none of them.
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_FLAGS = ("extreme_horror", "never_really_dead", "end_awake")
_FLAGS_AT = tuple(map(FIELDS.index, _FLAGS))


@cache
def _line_reader() -> tuple[Callable[[bytes], object], type[Exception], object, tuple[str, ...]]:
    """The app's line as a msgspec Struct whose fields are ``LogEntry``'s, bound for bound
    (read from its fields, so the two never disagree), in the same order; a column left out
    is ``UNSET``. Made when a log is first read: start-up never pays for it."""
    from annotated_types import Ge, Le, MaxLen, MinLen

    fields: list[tuple[str, object] | tuple[str, object, object]] = []
    texts: list[str] = []
    for name, info in _Checked.model_fields.items():
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
def _many_lines_reader() -> Callable[[bytes], list[object]]:
    """The app's lines as one JSON array of the same Struct, decoded in one call."""
    decode = _line_reader()[0]
    line = type(decode(_SAMPLE_LINE))
    return msgspec.json.Decoder(list[line]).decode  # type: ignore[valid-type]


@cache
def _line_parts() -> tuple[Any, ...]:
    """What reading a line takes, made once: the decoder, its errors, and the texts' getter."""
    decode, failed, _unset, texts = _line_reader()
    return decode, failed, operator.attrgetter(*texts)


_UNSET: Any = msgspec.UNSET
_VALUES = msgspec.structs.astuple
_BLANK: dict[object, object] = {"": None, _UNSET: None}  # not known, as from_row reads it
_AS_TEXT: dict[object, object] = {_UNSET: ""}
_FLAG_OF: dict[object, bool | None] = {"yes": True, "no": False, "": None, _UNSET: None}
_DAY = date.fromisoformat
_MOMENT = datetime.fromisoformat


_SAMPLE_LINE = b'{"date":"2026-11-01","final_girl":"N","killer":"K","location":"L","result":"win"}'


def _app_line(data: bytes) -> LogEntry | None:
    decode, failed = _line_parts()[:2]
    try:
        read = decode(data)
    except failed:  # msgspec's DecodeError or ValidationError: the usual way decides
        return None
    return _entry_of(read)


def _app_lines(lines: list[bytes]) -> list[LogEntry | None] | None:
    """``_app_line`` of each line, the lines decoded in one call (one JSON array); None when
    that call fails on any of them (each line then goes its own way, with its message).

    Each line must open with ``{`` and close with ``}``, and they are joined by ``,`` and a
    newline, which JSON never allows inside a text: so no text runs from one line into the
    next, and as the line's form holds no nested object or array, each line opens one element
    of the array and closes one. As many elements as lines is then one element per line, the
    very one that line decodes to alone."""
    if not lines:
        return []
    if not (
        all(map(bytes.startswith, lines, repeat(b"{")))
        and all(map(bytes.endswith, lines, repeat(b"}")))
    ):
        return None
    failed = _line_parts()[1]
    try:
        read = _many_lines_reader()(b"[" + b",\n".join(lines) + b"]")
    except failed:
        return None
    if len(read) != len(lines):
        return None
    made = _entries_of(read)
    return list(map(_entry_of, read)) if made is None else cast("list[LogEntry | None]", made)


def _entry_of(read: Any) -> LogEntry | None:
    """The entry of one decoded line, or None when ``from_row`` must decide (see above)."""
    texts = _line_parts()[2](read)
    texts = tuple(map(_AS_TEXT.get, texts, texts))
    if tuple(map(str.strip, texts)) != texts:  # padded: from_row strips it
        return None
    given = _VALUES(read)
    row: list[Any] = list(map(_BLANK.get, given, given))
    row[_EPIC] = given[_EPIC] == "yes"
    for n in _FLAGS_AT:
        row[n] = _FLAG_OF[given[n]]
    day, started, ended = row[_DATE], row[_STARTED], row[_ENDED]
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
    row.append(())  # no column of its own: the app's lines have none
    return LogEntry(*row)


# What ``_entry_of`` does to each column of a line, done to a whole batch's column at once.
_TEXT, _SHARED_TEXT, _EPIC_FLAG, _FLAG, _OTHER = range(5)
# Texts most games share (a name, a day, a Finale): kept once per batch, not once per game.
_SHARED = frozenset(
    {"date", "final_girl", "killer", "location", "setup", "dark_power", "finale"}
    | {"convince_results", "achievements"}
)


@cache
def _column_kinds() -> tuple[int, ...]:
    texts = _line_reader()[3]
    kinds = []
    for name in FIELDS:
        if name == "epic":
            kinds.append(_EPIC_FLAG)
        elif name in _FLAGS:
            kinds.append(_FLAG)
        elif name in texts:
            kinds.append(_SHARED_TEXT if name in _SHARED else _TEXT)
        else:  # the numbers, the result, the revive
            kinds.append(_OTHER)
    return tuple(kinds)


def _entries_of(reads: list[Any]) -> list[LogEntry] | None:
    """``_entry_of`` of each decoded line, made a column at a time (each step a C function
    ``map`` calls over the whole batch): the very entries, their shared texts kept once;
    None when a line of the batch needs ``_entry_of``'s own look (each then gets it).

    Statistics over 100,000 games spent about 6 us a line in ``_entry_of``: most of it was
    Python's own work per line and per column, done here once per column of a batch."""
    count = len(reads)
    if not count:
        return []
    made: list[Sequence[object]] = []
    for kind, column in zip(_column_kinds(), zip(*map(_VALUES, reads), strict=True), strict=True):
        values: Collection[object]
        if kind == _EPIC_FLAG:
            made.append(tuple(map(operator.eq, column, repeat("yes"))))
            continue
        if kind == _FLAG:
            made.append(tuple(map(_FLAG_OF.__getitem__, column)))
            continue
        if kind == _SHARED_TEXT:
            seen: dict[object, object] = {}
            column = tuple(map(seen.setdefault, column, column))
            for text in seen:
                if text is not _UNSET and text.strip() != text:  # type: ignore[attr-defined]
                    return None  # padded: from_row strips it
            values = seen
        elif kind == _TEXT:  # a text each game has its own of (its id, its times)
            values = tuple(map(_AS_TEXT.get, column, column)) if _UNSET in column else column
            if tuple(map(str.strip, values)) != values:
                return None
        else:
            values = set(column)
        if "" in values or _UNSET in values:
            column = tuple(map(_BLANK.get, column, column))
        made.append(column)
    try:  # as _iso_day and _iso_time check them (from_row)
        for day in set(made[_DATE]):
            if len(day) != 10:  # type: ignore[arg-type]
                return None
            _DAY(day)  # type: ignore[arg-type]
        for moment in (_STARTED, _ENDED):
            deque(map(_MOMENT, filter(None, made[moment])), 0)  # type: ignore[arg-type]
    except ValueError:
        return None
    made.append(((),) * count)  # no column of its own: the app's lines have none
    return list(starmap(LogEntry, zip(*made, strict=True)))


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
