"""The app's own play-log lines read in one pass (``LogEntry.from_json_line``) give exactly the
entry the usual way gives (``json.loads`` then ``LogEntry.from_row``), or leave the line to it.

The one-pass check exists for speed only (Statistics over 100,000 games read their log in
half the time): it must never take a line the usual way refuses, nor read one differently.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from frightmare.model.log_entry import FIELDS, WHITESPACE, LogEntry

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


def same(fast: LogEntry, slow: LogEntry) -> None:
    assert fast == slow
    assert fast.__dict__ == slow.__dict__
    assert [type(v) for v in fast.__dict__.values()] == [type(v) for v in slow.__dict__.values()]
    assert fast.model_fields_set == slow.model_fields_set
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
    from frightmare.store.record_io import parse_json_line

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
        LogEntry.from_json_line = classmethod(lambda cls, data: None)  # type: ignore[method-assign,assignment]

    def __exit__(self, *_: object) -> None:
        LogEntry.from_json_line = self.kept  # type: ignore[method-assign]


def both_agree(data: bytes) -> None:
    fast, full = outcome(data, one_pass=True), outcome(data, one_pass=False)
    if isinstance(fast, str) or isinstance(full, str):
        assert fast == full, data
    else:
        assert fast == full
        assert fast.__dict__ == full.__dict__
        assert [type(v) for v in fast.__dict__.values()] == [
            type(v) for v in full.__dict__.values()
        ]
        assert fast.model_fields_set == full.model_fields_set
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

    from frightmare.model.log_entry import collector_paused

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


def test_entries_that_share_their_columns_set_never_change_each_other() -> None:
    """Lines of one form share one set of the columns given (pydantic copies a model's set
    before it changes it): a copy made with changes leaves the others' set as it was."""
    first, second = (line(LogEntry.from_row(raw)) for raw in app_rows(2))
    one, two = LogEntry.from_json_line(first), LogEntry.from_json_line(second)
    assert one is not None and two is not None
    assert one.model_fields_set is two.model_fields_set
    given = set(one.model_fields_set)
    copied = one.model_copy(update={"notes": "a column of its own"})
    assert "notes" in copied.model_fields_set
    assert one.model_fields_set == two.model_fields_set == given
