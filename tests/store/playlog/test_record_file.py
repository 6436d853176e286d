"""The record in brief kept beside the play log (issue 33): a game's summary reads it, not the
log, and it is never trusted when it disagrees with the log: missing, stale (the log
rewritten, or changed under the same length and time) or damaged, it is made again from the
whole log; grown (lines appended by another window, or since it was written), it reads only
the new lines."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from frightmare.model.record.achievements import earned_in
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import achievements_for
from frightmare.store.playlog import log_file, record_file
from frightmare.store.playlog.lines import ReadResult, line_of
from frightmare.store.playlog.playlog import PlayLog
from frightmare.store.playlog.record_file import SAVE_AFTER, digest_path, load_digest


def game(n: int, *, won: bool = True, finale: str = "", session: str | None = None) -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"game-{n}" if session is None else session,
            "date": f"2026-03-{1 + n % 28:02d}",
            "final_girl": "Nancy",
            "killer": "Dr. Fright",
            "location": "Maple Lane",
            "epic": "no",
            "result": "win" if won else "loss",
            "finale": finale,
            "achievements": f"fright-rest-to-sleep={n % 2}",
        }
    )


@pytest.fixture
def log(tmp_path: Path) -> PlayLog:
    played = PlayLog(tmp_path)
    log_file.write_log(played.path, [game(n, won=n % 3 != 0) for n in range(40)])
    return played


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each time the whole log is read (the digest made again)."""
    read: list[Path] = []
    whole = log_file.read_log

    def spy(path: Path) -> ReadResult:
        read.append(path)
        return whole(path)

    monkeypatch.setattr(log_file, "read_log", spy)
    return read


def answers(log: PlayLog, entry: LogEntry) -> tuple[list[str], list[str]]:
    """What the summary says the game earned, from the digest, and from the whole log."""
    line, digest = log.summary_record(entry.session or "")
    shown = line or entry
    whole = log.entries()
    # The game's line, read where the digest says: the log's latest line of it.
    assert line == next((e for e in reversed(whole) if e.session == entry.session), None)
    from_digest = [a.id for a in digest.earned_in(shown)] + [
        a.key for a in digest.achievements_for(shown)
    ]
    from_log = [a.id for a in earned_in(shown, whole)] + [
        a.key for a in achievements_for(shown, whole)
    ]
    assert from_digest == from_log
    return from_digest, from_log


def test_a_game_finished_is_read_from_the_digest_and_where_its_line_is(
    log: PlayLog, reads: list[Path]
) -> None:
    log.summary_record("none")  # made once, from the whole log
    assert digest_path(log.path).is_file() and len(reads) == 1
    finished = game(100, finale="Time to Die")
    log.add(finished)
    line, digest = log.summary_record(finished.session or "")
    assert line == finished and digest.games == 41
    assert len(reads) == 1  # the new line only, not the log
    answers(log, finished)


def test_the_digest_is_written_again_once_lines_are_worth_it(log: PlayLog) -> None:
    log.summary_record("none")
    written = digest_path(log.path).stat().st_mtime_ns
    for n in range(SAVE_AFTER):
        log.add(game(200 + n))
    log.summary_record("none")
    assert digest_path(log.path).stat().st_mtime_ns != written
    assert load_digest(log.path).games == 40 + SAVE_AFTER


def test_a_game_finished_again_takes_the_place_of_its_earlier_line(log: PlayLog) -> None:
    log.summary_record("none")
    log.add(game(5, finale="Time to Die"))
    line, digest = log.summary_record("game-5")
    assert line is not None and line.finale == "Time to Die" and digest.games == 40
    answers(log, game(5))


def test_a_missing_digest_is_made_again_from_the_log(log: PlayLog, reads: list[Path]) -> None:
    log.summary_record("none")
    digest_path(log.path).unlink()
    assert log.summary_record("game-7")[0] == game(7, won=True)
    assert len(reads) == 2 and digest_path(log.path).is_file()


def test_a_damaged_digest_is_made_again_from_the_log(log: PlayLog, reads: list[Path]) -> None:
    log.summary_record("none")
    kept = digest_path(log.path)
    data = bytearray(kept.read_bytes())
    data[len(data) // 2] ^= 0xFF
    kept.write_bytes(bytes(data))
    assert load_digest(log.path).games == 40
    assert len(reads) == 2
    kept.write_bytes(b"not a digest")
    assert load_digest(log.path).games == 40
    kept.write_bytes(b"")
    assert load_digest(log.path).games == 40
    assert len(reads) == 4


def test_a_game_taken_out_is_taken_out_of_the_digest(log: PlayLog, reads: list[Path]) -> None:
    log.summary_record("none")
    assert log.withdraw("game-4")  # undo reopened it: the log rewritten without it
    line, digest = log.summary_record("game-4")
    assert line is None and digest.games == 39
    assert len(reads) == 2  # the rewrite's own read, not the digest's: it followed
    for n in (3, 5, 39):
        answers(log, game(n))


def test_a_log_rewritten_otherwise_makes_the_digest_again(log: PlayLog, reads: list[Path]) -> None:
    log.summary_record("none")
    log_file.change_entries(log.path, lambda e: e.with_values(finale="Time to Die"))
    forget_reads = len(reads)
    line, digest = log.summary_record("game-4")
    assert line is not None and line.finale == "Time to Die" and digest.games == 40
    assert len(reads) == forget_reads + 1  # made again from the whole log
    answers(log, game(4))


def test_a_log_changed_under_the_same_length_and_time_makes_it_again(
    log: PlayLog, reads: list[Path]
) -> None:
    log.summary_record("none")
    info = log.path.stat()
    data = log.path.read_bytes()
    changed = data.replace(b'"result": "loss"', b'"result": "win!"', 1)
    changed = changed.replace(b'"win!"', b'"win" ', 1)  # the same length, another game
    assert len(changed) == len(data) and changed != data
    with open(log.path, "r+b") as out:  # in place: the same file
        out.write(changed)
    os.utime(log.path, ns=(info.st_atime_ns, info.st_mtime_ns))
    digest = load_digest(log.path)
    assert len(reads) == 2
    assert digest.games == 40


def test_lines_another_window_appended_are_read_alone(log: PlayLog, reads: list[Path]) -> None:
    log.summary_record("none")
    with open(log.path, "ab") as out:  # not through this window's PlayLog
        out.write(line_of(game(300)) + line_of(game(301, session="")))
    line, digest = log.summary_record("game-300")
    assert line == game(300) and digest.games == 42 and len(reads) == 1


def test_a_last_line_still_being_written_is_not_counted(log: PlayLog) -> None:
    log.summary_record("none")
    with open(log.path, "ab") as out:
        out.write(line_of(game(400))[:30])
    assert load_digest(log.path).games == 40


def test_the_digest_matches_the_log_over_random_changes(tmp_path: Path) -> None:
    dice = random.Random(3)
    played = PlayLog(tmp_path)
    for step in range(60):
        choice = dice.random()
        if choice < 0.6:
            played.add(game(dice.randrange(30), won=dice.random() < 0.7, finale="Time to Die"))
        elif choice < 0.7:
            played.withdraw(f"game-{dice.randrange(30)}")
        elif choice < 0.8:
            digest_path(played.path).unlink(missing_ok=True)
        entry = game(dice.randrange(30))
        answers(played, entry)
        assert load_digest(played.path).games == len(played.entries()), step


def test_an_unwritable_digest_costs_only_time(
    log: PlayLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_file, "write_sidecar", refuse)
    line, digest = log.summary_record("game-8")
    assert line == game(8, won=True) and digest.games == 40
    assert not digest_path(log.path).exists()
