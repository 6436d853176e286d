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
