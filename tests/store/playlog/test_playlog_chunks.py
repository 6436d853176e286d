"""The app's own log is read a chunk of whole lines at a time (``log_file._log_lines``): for any
file, the same entries, the same damaged lines (number, text, reason, place) and the same
spans as reading it line by line (``json_lines(raw_lines(...))``), wherever the chunks cut it,
and the same count of lines for the next read to start from.

The chunked reading exists for speed only (Statistics over 100,000 games): blank lines, lines
ending in CR LF, damaged lines, lines longer than the cap and a last line without its newline
must all come out as the line-by-line reading gives them."""

from __future__ import annotations

import io
import json
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from msgspec.structs import astuple

from benchmarks.record import logged_games
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog import lines as playlog_lines
from frightmare.store.playlog import log_file
from frightmare.store.playlog.lines import MAX_LINE_BYTES, ReadResult, line_of, raw_lines
from frightmare.store.playlog.log_file import forget, read_log
from frightmare.store.playlog.playlog import PlayLog

SOURCE = "playlog.jsonl"
APP_LINES = [line_of(LogEntry.from_row(raw))[:-1] for raw in logged_games(30)]
# What else a log may hold: blanks, the app's lines as json.dumps writes them, a line with a
# column of its own, near misses the one-pass check leaves to from_row, damaged lines.
ODD_LINES = [
    b"",
    b"   ",
    b"\t \r",
    json.dumps(logged_games(1, seed=3)[0]).encode(),
    json.dumps({**logged_games(1, seed=4)[0], "notes": "a column of its own"}).encode(),
    json.dumps({**logged_games(1, seed=5)[0], "killer": " Hans "}).encode(),
    json.dumps({**logged_games(1, seed=6)[0], "rounds": "6"}).encode(),
    json.dumps({**logged_games(1, seed=7)[0], "date": "2026-02-30"}).encode(),
    b'{"date": "2026-11-01", "final_girl": "Nancy"',
    b"{}",
    b"not json at all",
    b"\xff\xfe",
    b'{"a":"x}',
    b"[1, 2]",
]
LONG_LINE = b'{"notes": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}'


@st.composite
def logs(draw: st.DrawFn) -> bytes:
    lines = draw(
        st.lists(
            st.one_of(
                st.sampled_from(APP_LINES),
                st.sampled_from(APP_LINES),
                st.sampled_from(ODD_LINES),
                st.sampled_from(APP_LINES).map(lambda line: line + b"\r"),  # CR LF
            ),
            max_size=30,
        )
    )
    if draw(st.integers(0, 9)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), LONG_LINE)
    data = b"\n".join(lines)
    ends = draw(st.booleans())  # else the last line has no newline (a line still being written)
    if lines and ends:
        data += b"\n"
    return data


def by_lines(data: bytes, offset: int, number: int) -> ReadResult:
    return playlog_lines.json_lines(
        raw_lines(io.BytesIO(data), offset=offset, number=number), SOURCE
    )


def by_chunks(data: bytes, offset: int, number: int, chunk: int) -> tuple[ReadResult, int]:
    with mock.patch.object(log_file, "LOG_CHUNK", chunk):
        return log_file._log_lines(io.BytesIO(data), SOURCE, offset=offset, number=number)


def alike(chunked: ReadResult, alone: ReadResult) -> None:
    assert chunked.damaged == alone.damaged
    assert chunked.spans == alone.spans
    assert chunked.entries == alone.entries
    for fast, slow in zip(chunked.entries, alone.entries, strict=True):
        assert [type(v) for v in astuple(fast)] == [type(v) for v in astuple(slow)]
        assert fast.extras == slow.extras


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=logs(),
    chunk=st.one_of(st.integers(1, 2_000), st.sampled_from([4 << 20, MAX_LINE_BYTES])),
    offset=st.sampled_from([0, 1234]),
    number=st.sampled_from([0, 7]),
)
@example(data=b"\n".join(APP_LINES) + b"\n", chunk=4 << 20, offset=0, number=0)
@example(data=b"\n\n" + APP_LINES[0] + b"\n\n", chunk=3, offset=0, number=0)
@example(data=LONG_LINE + b"\n" + APP_LINES[0] + b"\n", chunk=1_000, offset=0, number=0)
@example(data=APP_LINES[0] + b"\n" + LONG_LINE, chunk=4 << 20, offset=0, number=0)
def test_a_log_read_by_chunks_reads_as_its_lines_read_one_by_one(
    data: bytes, chunk: int, offset: int, number: int
) -> None:
    chunked, newlines = by_chunks(data, offset, number, chunk)
    alike(chunked, by_lines(data, offset, number))
    assert newlines == data.count(b"\n")


def test_the_apps_own_lines_are_read_a_chunk_at_a_time() -> None:
    """The property above reaches the fast way: a log of the app's lines is decoded a chunk
    at a time (one call for all its lines), never line by line."""
    data = b"\n".join(APP_LINES) + b"\n"
    calls: list[int] = []
    real = playlog_lines.json_lines

    def line_by_line(lines: object, source: str) -> ReadResult:
        calls.append(1)
        # The spy takes what the reader hands it, typed loosely, and passes it on unchanged.
        return real(lines, source)  # type: ignore[arg-type]

    with mock.patch.object(log_file, "json_lines", line_by_line):
        chunked, newlines = by_chunks(data, 0, 0, 4 << 20)
    assert calls == []
    assert len(chunked.entries) == len(APP_LINES) and newlines == len(APP_LINES)
    alike(chunked, by_lines(data, 0, 0))


def test_a_damaged_line_in_a_log_keeps_its_number_and_message(tmp_path: Path) -> None:
    """Read from the disk (the first read of this process), a damaged line among the app's
    lines is reported with its own line number, and every other game is read."""
    log = PlayLog(tmp_path)
    lines = [*APP_LINES[:10], b"", b'{"date": "2026-11-01", "final_girl": "Nancy"', *APP_LINES[10:]]
    log.path.write_bytes(b"\n".join(lines) + b"\n")
    forget(log.path)
    result = read_log(log.path)
    assert len(result.entries) == len(APP_LINES)
    [damaged] = result.damaged
    assert damaged.message == (
        "playlog.jsonl, line 12: skipped, it is not a complete JSON line (cut short or edited?)."
    )
    # Read again (its bytes known by their CRC), then with a line appended: the same games,
    # the appended one after them, numbered on from the lines already read.
    assert read_log(log.path) == result
    with log.path.open("ab") as f:
        f.write(b"{oops\n")
    again = read_log(log.path)
    assert again.entries == result.entries
    assert [d.line for d in again.damaged] == [12, len(lines) + 1]
