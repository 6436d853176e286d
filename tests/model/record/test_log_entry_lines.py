"""The app's own play-log lines read in one pass (``LogEntry.from_json_line``) give exactly the
entry the usual way gives (``json.loads`` then ``LogEntry.from_row``), or leave the line to it.

The one-pass check exists for speed only (Statistics over 100,000 games read their log in
half the time): it must never take a line the usual way refuses, nor read one differently.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from msgspec.structs import astuple

from frightmare.model.record.log_entry import FIELDS, WHITESPACE, LogEntry

if TYPE_CHECKING:
    from frightmare.store.playlog.lines import ReadResult

BASE: dict[str, object] = {
    "date": "2026-11-01",
    "final_girl": "Nancy",
    "killer": "Dr. Fright",
    "location": "Maple Lane",
    "result": "win",
}


def usual(data: bytes) -> LogEntry | None:
    """The usual way, as the store read a line before: None where it refuses the line."""
    try:
        raw = json.loads(data)
    except ValueError:
        return None
    if not isinstance(raw, dict):
        return None
    try:
        return LogEntry.from_row(raw)
    except (ValueError, RecursionError):
        return None


def columns_of(entry: LogEntry) -> tuple[object, ...]:
    return astuple(entry)


def same(fast: LogEntry, slow: LogEntry) -> None:
    assert fast == slow
    assert columns_of(fast) == columns_of(slow)
    assert [type(v) for v in columns_of(fast)] == [type(v) for v in columns_of(slow)]
    assert fast.extras == slow.extras == {}
    assert fast.row() == slow.row()
    assert hash(fast) == hash(slow)


def agrees(data: bytes) -> LogEntry | None:
    fast = LogEntry.from_json_line(data)
    if fast is not None:
        slow = usual(data)
        assert slow is not None, f"taken in one pass, refused the usual way: {data!r}"
        same(fast, slow)
    return fast


# Values of every kind a column may hold: the app's own, and what a hand or another tool may
# have put there (other types, padding, other cases, bounds, lone surrogates, nulls).
texts = st.one_of(
    st.sampled_from(["Nancy", "Dr. Fright", "Maple Lane", "Revenge", "Time to Die", "Ω"]),
    st.text(max_size=8),
    st.text(
        alphabet=st.sampled_from([*WHITESPACE, "a", "é", "\udc80", "=", "\\", '"']), max_size=6
    ),
    st.text(min_size=55, max_size=130),
)
words = st.sampled_from(
    [
        *("yes", "no", "YES", "No", " yes", "true", "on", "off", "1", "0", "y", "n", "t", ""),
        *("x", "win", "loss", "WIN", " win", "neither", "him", "her", "both", "Both"),
    ]
)
dates = st.sampled_from(
    [
        *("2026-11-01", "2026-02-30", "2026-11-01 ", "20261101", "2026-W01-1", "tomorrow"),
        *("2026-11-01T10:00:00", "2026-11-01T19:00:00+00:00", "2026-11-01 19:00"),
        " 2026-11-01T19:00:00",
    ]
)
numbers = st.one_of(
    st.integers(-3, 10_001),
    st.sampled_from([True, False, 6.0, 1.5, "6", "06", " 6", "", 10**30]),
)
values = st.one_of(texts, words, dates, numbers, st.none(), st.just([1]), st.just({"a": 1}))
rows = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.sampled_from(["notes", "Final Girl"])), values
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(row=rows, ascii_only=st.booleans())
def test_any_line_is_read_as_the_usual_way_reads_it(
    row: dict[str, object], ascii_only: bool
) -> None:
    data = json.dumps({**BASE, **row}, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    agrees(data)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    row=rows,
    cut=st.integers(0, 10_000),
    insert=st.sampled_from([b'""', b'"', b": ", b': ""', b"null", b",", b"}", b"\\", b"\xff"]),
)
@example(row={}, cut=0, insert=b"")
def test_a_damaged_line_is_never_taken_in_one_pass_unless_the_usual_way_takes_it(
    row: dict[str, object], cut: int, insert: bytes
) -> None:
    data = json.dumps({**BASE, **row}).encode("utf-8", "surrogatepass")
    at = cut % (len(data) + 1)
    agrees(data[:at] + insert + data[at:])
    agrees(data[:at] + data[at + 1 :])


def line(entry: LogEntry) -> bytes:
    """The line the store writes for an entry (``record_io.line_of``, without its newline)."""
    return json.dumps(entry.row(), ensure_ascii=False).encode("utf-8", "surrogateescape")


def test_the_lines_the_app_writes_are_read_in_one_pass() -> None:
    """The property above reaches the one-pass case: the app's own lines take it."""
    from benchmarks.record import logged_games

    for raw in logged_games(200):
        entry = LogEntry.from_row(raw)
        assert agrees(line(entry)) is not None
    longest = LogEntry.from_row(
        {**BASE, "setup": "S" * 60, "session": "s" * 100, "achievements": "a=1 " * 150 + "b=2"}
    )
    assert agrees(line(longest)) is not None


def test_a_blank_inside_a_text_is_never_read_as_not_known() -> None:
    """A blank is read as null only where it is a value: a name ending in a colon and two
    quotes would turn into a valid name ending in null and be taken, where the usual way
    refuses the line."""
    damaged = b'{"date": "2026-11-01", "final_girl": "a: """, "killer": "K", ' + (
        b'"location": "L", "result": "win"}'
    )
    assert usual(damaged) is None
    assert LogEntry.from_json_line(damaged) is None


def test_what_the_one_pass_leaves_goes_the_usual_way() -> None:
    odd: list[dict[str, Any]] = [
        {**BASE, "Notes": "a column of its own"},
        {**BASE, "rounds": "6"},
        {**BASE, "final_girl": " Nancy "},
        {**BASE, "result": "WIN"},
        {**BASE, "setup": None},
        {**BASE, "epic": ""},
    ]
    for row in odd:
        data = json.dumps(row).encode()
        assert LogEntry.from_json_line(data) is None
        assert usual(data) is not None


def test_whitespace_is_every_character_python_strips() -> None:
    python = "".join(c for c in map(chr, range(0x110000)) if c.isspace())
    assert python == WHITESPACE


# Near misses of the app's own lines -------------------------------------------------------------
# The lines a damaged disk, a hand edit or another tool leave: each one of the app's lines with
# one thing wrong. Read by the store (``parse_json_line``), each must give the entry the full
# way gives, or fall back to it and give its very message.


def outcome(data: bytes, *, one_pass: bool) -> LogEntry | str:
    """The store's reading of a line: its entry, or the message it skips the line with."""
    from frightmare.store.playlog.lines import parse_json_line

    try:
        if one_pass:
            return parse_json_line(data)
        with _without_one_pass():
            return parse_json_line(data)
    except ValueError as error:
        return f"refused: {error}"


class _without_one_pass:
    """The full pydantic way only: ``from_json_line`` leaves every line to ``from_row``."""

    def __enter__(self) -> None:
        self.kept = LogEntry.__dict__["from_json_line"]
        # The class method is swapped for one that always fails, for this block only.
        LogEntry.from_json_line = classmethod(lambda cls, data: None)  # type: ignore[method-assign,assignment]

    def __exit__(self, *_: object) -> None:
        # ... and put back.
        LogEntry.from_json_line = self.kept  # type: ignore[method-assign]


def both_agree(data: bytes) -> None:
    fast, full = outcome(data, one_pass=True), outcome(data, one_pass=False)
    if isinstance(fast, str) or isinstance(full, str):
        assert fast == full, data
    else:
        assert fast == full
        assert columns_of(fast) == columns_of(full)
        assert [type(v) for v in columns_of(fast)] == [type(v) for v in columns_of(full)]
        assert fast.extras == full.extras
        assert fast.row() == full.row()


def app_rows(count: int) -> list[dict[str, object]]:
    from benchmarks.record import logged_games

    return [dict(raw) for raw in logged_games(count)]


app_entries = st.builds(
    lambda raw, extra: LogEntry.from_row({**raw, **extra}),
    st.sampled_from(app_rows(40)),
    st.fixed_dictionaries(
        {},
        optional={
            "session": st.sampled_from(["", "s" * 32, "x" * 100]),
            "convince_results": st.sampled_from(["", "1,3,6", "6" * 120]),
            "setup": st.sampled_from(["", "S" * 60]),
        },
    ),
)
wrong_values = st.one_of(
    st.integers(-(10**30), 10**30),
    st.sampled_from([0, -1, 100, 10_000, 10**19, 2**63, -(2**63) - 1, 10**400 // 10**399]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.sampled_from(["", " ", "yes", "no", "YES", "true", "1", "win", "WIN", "Nancy ", "6"]),
    st.text(max_size=10),
    st.text(min_size=55, max_size=250),
    st.just("x" * 10_000),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@st.composite
def near_misses(draw: st.DrawFn) -> bytes:
    row: dict[str, object] = dict(draw(app_entries).row())
    keys = list(row)
    change = draw(st.sampled_from(["type", "extra", "missing", "duplicate", "bytes", "none"]))
    key = draw(st.sampled_from(keys))
    if change == "type":
        row[key] = draw(wrong_values)
    elif change == "extra":
        row[draw(st.sampled_from(["notes", "Final Girl", "", "final_girl ", "x" * 300]))] = draw(
            wrong_values
        )
    elif change == "missing":
        for gone in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=4)):
            row.pop(gone, None)
    data = json.dumps(row, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    if change == "duplicate":  # the same column again, last (json.loads keeps the last)
        again = json.dumps({key: draw(wrong_values)}).encode()[1:-1]
        data = data[:-1] + b", " + again + b"}"
    elif change == "bytes":  # bytes that are not UTF-8, somewhere in the line
        at = draw(st.integers(0, len(data)))
        data = (
            data[:at]
            + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80"]))
            + (data[at:])
        )
    return data


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=near_misses())
def test_a_near_miss_gives_the_full_ways_entry_or_its_message(data: bytes) -> None:
    both_agree(data)


@example(
    b'{"date": "2026-11-01", "final_girl": "Nancy", "final_girl": "Ann", "killer": "K", '
    b'"location": "L", "result": "win"}'
)
@example(
    b'{"date": "2026-11-01", "final_girl": "Na\xffncy", "killer": "K", "location": "L", '
    b'"result": "win"}'
)
@example(
    b'{"date": "2026-11-01", "final_girl": "N", "killer": "K", "location": "L", '
    b'"result": "win", "rounds": 100000000000000000000000000000}'
)
@example(
    b'{"date": "2026-11-01", "final_girl": "N", "killer": "K", "location": "L", '
    b'"result": "win", "rounds": 6.0}'
)
@example(
    b'{"date": "2026-11-01", "final_girl": "\\u00a0N", "killer": "K", "location": "L", '
    b'"result": "win"}'
)
@given(data=st.just(b"{}"))
@settings(max_examples=1, deadline=None)
def test_chosen_near_misses(data: bytes) -> None:
    both_agree(data)


def test_the_app_lines_near_misses_come_from_are_read_in_one_pass() -> None:
    """The near misses above start from lines the one pass takes (else they prove nothing)."""
    for raw in app_rows(40):
        data = line(LogEntry.from_row(raw))
        assert LogEntry.from_json_line(data) is not None
        assert LogEntry.from_json_line(json.dumps(raw).encode()) is not None


def test_the_cycle_collector_runs_again_after_a_bulk_read() -> None:
    """``collector_paused`` holds the collector off only while entries are made in bulk: it
    is on again afterwards (even when the read fails), and left off if it was off."""
    import gc

    import pytest

    from frightmare.model.record.log_entry import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a line the reader refused")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_entries_that_share_their_texts_never_change_each_other() -> None:
    """Lines read together keep each text the games share once (a name, a day): an entry is
    frozen, and one made again with a change leaves the others as they were."""
    import pytest

    first, second = (line(LogEntry.from_row({**raw, "killer": "Hans"})) for raw in app_rows(2))
    batch = LogEntry.from_json_lines([first, second])
    assert batch is not None
    one, two = batch
    assert one is not None and two is not None
    assert one.killer is two.killer
    with pytest.raises(AttributeError):
        # The entry is frozen: the assignment is the error under test.
        one.killer = "Dr. Fright"  # type: ignore[misc]
    changed = one.with_values(killer="Dr. Fright", notes="a column of its own")
    assert changed.killer == "Dr. Fright" and changed.extras == {"notes": "a column of its own"}
    assert one.killer == two.killer == "Hans" and one.extras == two.extras == {}


# Lines decoded a batch at a time (``LogEntry.from_json_lines``) give exactly what reading them
# one by one gives: the same entries, and for a damaged line the same message, line number and
# place, wherever in a batch it is; even a line made to run into the next (a text left open,
# two games on one line, one game over two lines).

SOURCE = "playlog.jsonl"


def same_entry(fast: LogEntry, slow: LogEntry) -> None:
    assert fast == slow
    assert columns_of(fast) == columns_of(slow)
    assert [type(v) for v in columns_of(fast)] == [type(v) for v in columns_of(slow)]
    assert fast.extras == slow.extras
    assert fast.row() == slow.row()


def app_line(entry: LogEntry) -> bytes:
    return json.dumps(entry.row(), ensure_ascii=False).encode("utf-8", "surrogateescape")


class _line_by_line:
    """The reader as it was: ``from_json_lines`` leaves every batch to the lines alone."""

    def __enter__(self) -> None:
        self.kept = LogEntry.__dict__["from_json_lines"]
        # The class method is swapped for one that always fails, for this block only.
        LogEntry.from_json_lines = classmethod(lambda cls, lines: None)  # type: ignore[method-assign,assignment]

    def __exit__(self, *_: object) -> None:
        # ... and put back.
        LogEntry.from_json_lines = self.kept  # type: ignore[method-assign]


def read(data: bytes) -> ReadResult:
    from frightmare.store.playlog.lines import json_lines as _json_lines
    from frightmare.store.playlog.lines import raw_lines

    return _json_lines(raw_lines(io.BytesIO(data)), SOURCE)


def read_alike(data: bytes) -> ReadResult:
    batched = read(data)
    with _line_by_line():
        alone = read(data)
    assert batched.damaged == alone.damaged
    assert batched.spans == alone.spans
    assert len(batched.entries) == len(alone.entries)
    for fast, slow in zip(batched.entries, alone.entries, strict=True):
        same_entry(fast, slow)
    return batched


# What a damaged line may be: a near miss of the app's own, or one made to run into its
# neighbours once they are joined (a text or an object left open, one closed too soon).
joining = st.sampled_from(
    [
        b'{"a":"x}',
        b'{","b":"y"}',
        b'{"date": "2026-11-01"},{"date": "2026-11-02"}',
        b"{},{}",
        b"{}",
        b"{",
        b"}",
        b'"}',
        b'{"',
        b"[",
        b"]",
        b"],[",
        b"{}]",
        b"[{}",
        b"} {",
        b"\\",
        b"\xff",
        b"null",
        b"   ",
    ]
)


@st.composite
def logs(draw: st.DrawFn) -> bytes:
    """A log of the app's lines with damage somewhere among them: lines replaced, cut in two,
    joined, or run into each other."""
    lines = [app_line(e) for e in draw(st.lists(app_entries, min_size=1, max_size=12))]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["near miss", "insert", "cut", "join", "splice"]))
        if how == "near miss":
            lines[at] = draw(near_misses())
        elif how == "insert":
            lines.insert(at, draw(joining))
        elif how == "cut":  # one game over two lines
            where = draw(st.integers(0, len(lines[at])))
            lines[at : at + 1] = [lines[at][:where], lines[at][where:]]
        elif how == "join" and at + 1 < len(lines):  # two games on one line
            lines[at : at + 2] = [
                lines[at] + draw(st.sampled_from([b",", b" ", b""])) + lines[at + 1]
            ]
        elif how == "splice":  # a line's end taken by the next line's start
            where = draw(st.integers(0, len(lines[at])))
            lines[at] = lines[at][:where] + draw(joining)
    return b"\n".join(lines) + b"\n"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=logs())
# A text left open on one line, closed on the next, and two games on a third: joined by a
# comma alone, three elements of the app's form for three lines, none of them its line.
@example(
    data=b'{"date": "2026-11-01", "final_girl": "a}\n'
    b'{", "killer": "K", "location": "L", "result": "win"}\n'
    + b",".join(
        [
            b'{"date": "2026-11-01", "final_girl": "N", "killer": "K", '
            b'"location": "L", "result": "loss"}'
        ]
        * 2
    )
    + b"\n"
)
@example(data=b'{"a":"x}\n{","b":"y"}\n' + b'{"date": "2026-11-01"},{"date": "2026-11-02"}\n')
def test_a_batch_reads_as_its_lines_read_alone(data: bytes) -> None:
    read_alike(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    good=st.lists(app_entries, min_size=4, max_size=12),
    bad=st.one_of(near_misses(), joining),
    where=st.integers(1, 10),
)
def test_a_bad_line_in_the_middle_of_a_batch_costs_only_itself(
    good: list[LogEntry], bad: bytes, where: int
) -> None:
    """A damaged line among good ones: the same entries and the same damaged-line report
    (its line number, its text, its reason) as reading line by line."""
    lines = [app_line(e) for e in good]
    at = min(where, len(lines) - 1)
    lines.insert(at, bad)
    result = read_alike(b"\n".join(lines) + b"\n")
    assert len(result.entries) >= len(good)


def test_a_batch_of_the_apps_own_lines_is_decoded_in_one_call() -> None:
    """The properties above reach the batch: the app's lines take it, each the entry it
    gives alone, and a batch with a line of another form is left to the lines."""
    from benchmarks.record import logged_games

    lines = [app_line(LogEntry.from_row(raw)) for raw in logged_games(50)]
    lines += [json.dumps(raw).encode() for raw in logged_games(50)]
    batch = LogEntry.from_json_lines(lines)
    assert batch is not None and len(batch) == len(lines)
    for data, entry in zip(lines, batch, strict=True):
        alone = LogEntry.from_json_line(data)
        assert entry is not None and alone is not None
        same_entry(entry, alone)
    assert LogEntry.from_json_lines([*lines[:3], b'{"a":"x}', *lines[3:]]) is None
    assert LogEntry.from_json_lines([]) == []


def test_a_damaged_line_in_the_middle_keeps_its_number_and_message() -> None:
    from benchmarks.record import logged_games

    lines = [app_line(LogEntry.from_row(raw)) for raw in logged_games(9)]
    lines.insert(4, b'{"date": "2026-11-01", "final_girl": "Nancy"')
    result = read_alike(b"\n".join(lines) + b"\n")
    assert len(result.entries) == 9
    [damaged] = result.damaged
    assert damaged.line == 5
    assert damaged.message == (
        "playlog.jsonl, line 5: skipped, it is not a complete JSON line (cut short or edited?)."
    )


# A batch's entries are made a column at a time (``_entries_of``): for any batch of lines of the
# app's form, the very entries each line gives alone (``_entry_of``), or none at all when one of
# them needs from_row's look (a padded text, a date from_row refuses), which each line then gets.


@st.composite
def app_form_lines(draw: st.DrawFn) -> bytes:
    """One of the app's lines, or one of its form with what makes the entry differ or the
    one-pass check doubt it: columns left out, blanks, padded texts, odd dates and times."""
    row: dict[str, object] = dict(draw(app_entries).row())
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(FIELDS))
        change = draw(st.sampled_from(["drop", "blank", "pad", "time", "day", "flag", "word"]))
        if change == "drop":
            row.pop(key, None)
        elif change == "blank":
            row[key] = ""
        elif change == "pad" and isinstance(row.get(key), str):
            row[key] = draw(st.sampled_from([" ", "\u3000", "\x85"])) + str(row[key])
        elif change == "time":
            row[draw(st.sampled_from(["started", "ended"]))] = draw(
                st.sampled_from(["2026-11-01T25:00:00", "2026-11-01T10:00:00+01:00", ""])
            )
        elif change == "day":
            row["date"] = draw(st.sampled_from(["2026-02-30", "2026-11-01T10:00", "2026-11-02"]))
        elif change == "flag":
            row[draw(st.sampled_from(["epic", "extreme_horror", "end_awake"]))] = draw(
                st.sampled_from(["yes", "no", ""])
            )
        elif change == "word":
            row["final_health_revive"] = draw(st.sampled_from(["", "him", "both", "neither"]))
    return json.dumps(row, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(app_form_lines(), min_size=1, max_size=12))
def test_a_batch_made_a_column_at_a_time_gives_each_lines_own_entry(lines: list[bytes]) -> None:
    from frightmare.model.record.log_entry import _entries_of, _entry_of, _line_parts

    decode, failed = _line_parts()[:2]
    reads = []
    for data in lines:
        try:
            reads.append(decode(data))
        except failed:
            continue  # not of the app's form: never in a decoded batch
    made = _entries_of(reads)
    alone = [_entry_of(read) for read in reads]
    assert (made is None) == (None in alone)
    if made is not None:
        for fast, slow in zip(made, alone, strict=True):
            assert slow is not None
            same_entry(fast, slow)
    batch = LogEntry.from_json_lines(lines)
    if batch is not None:
        for data, entry in zip(lines, batch, strict=True):
            one = LogEntry.from_json_line(data)
            assert (entry is None) == (one is None)
            if entry is not None and one is not None:
                same_entry(entry, one)
                assert entry == usual(data)


def test_a_batch_of_lines_of_every_form_is_made_a_column_at_a_time() -> None:
    """The property above reaches the column-wise way with columns left out by some lines and
    not others, blanks and flags of every kind."""
    from frightmare.model.record.log_entry import _entries_of, _entry_of, _line_parts

    rows = [dict(LogEntry.from_row(raw).row()) for raw in app_rows(6)]
    rows[1].pop("session", None)
    rows[2]["rounds"] = rows[3]["extreme_horror"] = rows[4]["final_health_revive"] = ""
    rows[5].pop("achievements", None)
    rows[0]["setup"] = ""
    reads = [_line_parts()[0](json.dumps(row).encode()) for row in rows]
    made = _entries_of(reads)
    assert made is not None
    for fast, read in zip(made, reads, strict=True):
        slow = _entry_of(read)
        assert slow is not None
        same_entry(fast, slow)
    assert made[1].session is None and made[2].rounds is None and made[5].achievements is None
    assert made[3].extreme_horror is None and made[4].final_health_revive is None
