"""The play log's lines kept beside it (issue 33: the Statistics' first opening read and
validated every line of the log): a process reads them from the cache only while it is the
log's; missing, stale (the log rewritten, or changed in place), damaged or of another version,
the log is read itself, and the cache written again; grown, only the new lines are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog import entries_cache, log_file
from frightmare.store.playlog.entries_cache import cache_path
from frightmare.store.playlog.lines import line_of
from frightmare.store.playlog.log_file import forget, load_log, read_log, write_log


def game(n: int, **more: str) -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"game-{n}",
            "date": f"2026-04-{1 + n % 28:02d}",
            "final_girl": "Nancy" if n % 2 else "Sheila",
            "killer": "Dr. Fright",
            "location": "Maple Lane",
            "epic": "no",
            "result": "win" if n % 3 else "loss",
            "rounds": str(1 + n % 9),
            "ended": f"2026-04-{1 + n % 28:02d}T21:00:00+00:00",
            **more,
        }
    )


GAMES = [game(n) for n in range(60)] + [game(60, **{"my own column": "kept"})]


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(entries_cache, "MIN_GAMES", 10)


@pytest.fixture
def lines_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many lines each read of the log itself read (not the cache's)."""
    read: list[int] = []
    real = log_file._log_lines

    def spy(*args: object, **kwargs: object) -> object:
        result, newlines = real(*args, **kwargs)  # type: ignore[arg-type]
        read.append(newlines)
        return result, newlines

    monkeypatch.setattr(log_file, "_log_lines", spy)
    return read


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "playlog.jsonl"
    write_log(path, GAMES)
    forget(path)
    read_log(path)  # read whole: the cache written
    assert cache_path(path).is_file()
    forget(path)  # as a new process has it
    return path


def test_a_new_process_reads_the_lines_from_the_cache(log: Path, lines_read: list[int]) -> None:
    read = read_log(log)
    assert read.entries == GAMES and read.entries[-1].extras == {"my own column": "kept"}
    assert lines_read == []  # nothing of the log itself
    assert read.spans == read_log(log).spans
    forget(log)
    cache_path(log).unlink()
    assert read_log(log) == read  # the same, from the log


def test_lines_appended_since_are_read_alone(log: Path, lines_read: list[int]) -> None:
    with open(log, "ab") as out:
        out.write(line_of(game(100)) + b"\n" + line_of(game(101)))
    read = read_log(log)
    assert read.entries == [*GAMES, game(100), game(101)] and lines_read == [3]


def test_a_rewritten_log_is_read_itself(log: Path, lines_read: list[int]) -> None:
    assert log_file.take_out(log, "game-3")
    forget(log)
    read = read_log(log)
    assert read.entries == [g for g in GAMES if g.session != "game-3"]
    assert lines_read == [len(GAMES) - 1]
    forget(log)
    assert read_log(log).entries == read.entries and len(lines_read) == 1  # cached again


def test_a_log_changed_in_place_is_read_itself(log: Path, lines_read: list[int]) -> None:
    data = log.read_bytes()
    changed = data.replace(b'"Sheila"', b'"Sheil\\u0061"', 1)
    with open(log, "r+b") as out:
        out.write(changed)
    assert read_log(log).entries == GAMES and lines_read == [len(GAMES)]


def test_a_damaged_cache_is_not_read(log: Path, lines_read: list[int]) -> None:
    kept = bytearray(cache_path(log).read_bytes())
    kept[len(kept) // 3] ^= 0x55
    cache_path(log).write_bytes(bytes(kept))
    assert read_log(log).entries == GAMES and lines_read == [len(GAMES)]
    forget(log)
    assert read_log(log).entries == GAMES and len(lines_read) == 1  # written again


def test_a_log_with_damaged_lines_is_never_cached(tmp_path: Path) -> None:
    path = tmp_path / "playlog.jsonl"
    path.write_bytes(b"".join(map(line_of, GAMES)) + b"{not a game\n")
    read = read_log(path)
    assert len(read.damaged) == 1 and not cache_path(path).exists()
    assert load_log(path).entries == GAMES  # set aside: the log changed


def test_spans_are_kept_as_numbers_and_read_as_pairs() -> None:
    from frightmare.store.playlog.lines import Spans

    spans = Spans([(0, 10), (10, 25)])
    more = spans + Spans([(25, 30)])
    assert list(more) == [(0, 10), (10, 25), (25, 30)] and len(spans) == 2
    assert more[-1] == (25, 30) and more[1:] == [(10, 25), (25, 30)]
    assert Spans.of_bytes(more.tobytes()) == more and more.starts() == [0, 10, 25]
    with pytest.raises(IndexError):
        more[3]
