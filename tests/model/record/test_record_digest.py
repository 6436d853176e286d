"""The record in brief (issue 33: a game finished into a 100,000-game log waited a second for
its summary): what a game earned for the first time, read from the digest, is what the whole
log gives (``achievements.earned_in``, ``own_achievements.achievements_for``), game for game,
whatever the log holds: games finished again (a later line of the same game replaces the
earlier), lines without a session id, the game itself in the log or not."""

from __future__ import annotations

import random

from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.record.achievements import default_achievements, earned_in
from frightmare.model.record.collection import default_catalogue
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import (
    _all_finales,
    _all_setups,
    achievements_for,
)
from frightmare.model.record.record_digest import RecordDigest, session_key

BOOK = default_achievements()
MARKS = [a.id for a in BOOK if a.needs in ("log", "player")]
BOXES = default_catalogue().boxes
KILLERS = [DR_FRIGHT, *[k.name for b in BOXES for k in b.killers if k.name != DR_FRIGHT][:5]]
LOCATIONS = [MAPLE_LANE, *[x.name for b in BOXES for x in b.locations if x.name != MAPLE_LANE][:5]]


def line(dice: random.Random, session: str | None) -> LogEntry:
    day = 1 + dice.randrange(28)
    return LogEntry.from_row(
        {
            "session": session or "",
            "date": f"2026-02-{day:02d}",
            "final_girl": dice.choice(("Nancy", "Sheila")),
            "killer": dice.choice(KILLERS),
            "location": dice.choice(LOCATIONS),
            "setup": dice.choice([*_all_setups(), ""]),
            "finale": dice.choice([*_all_finales(), ""]),
            "epic": "no",
            "result": dice.choice(("win", "win", "loss")),
            "extreme_horror": dice.choice(("yes", "no")),
            "final_health_revive": dice.choice(("neither", "him", "her", "both")),
            "victims_saved": dice.randrange(3),
            "victims_killed": dice.randrange(2),
            "victims_left": dice.randrange(2),
            "clean_escapes": dice.randrange(2),
            "achievements": " ".join(
                f"{m}={dice.choice(('1', '2', '3', '?', '0'))}"
                for m in MARKS
                if dice.random() < 0.1
            )
            or "-",
        }
    )


def latest(log: list[LogEntry]) -> list[LogEntry]:
    last = {e.session: n for n, e in enumerate(log) if e.session}
    return [e for n, e in enumerate(log) if not e.session or last[e.session] == n]


def test_what_a_game_earned_is_the_same_from_the_digest_as_from_the_whole_log() -> None:
    dice = random.Random(33)
    earned = own = 0
    for trial in range(400):
        sessions = [f"t{trial}-{n}" for n in range(dice.randrange(1, 7))]
        log = [
            line(dice, dice.choice([*sessions, None]) if dice.random() < 0.9 else None)
            for _ in range(dice.randrange(0, 25))
        ]
        digest = RecordDigest.of(log)
        stepwise = RecordDigest.empty()  # as lines are appended, one at a time
        for logged_line in log:
            stepwise.add(logged_line)
        # The game whose summary shows: one of the log's (its latest line, or a new line of
        # it, as the summary's answers make), or a game the log does not hold.
        session = dice.choice([*sessions, f"new-{trial}"])
        entry = line(dice, session)
        if dice.random() < 0.5:
            logged = [e for e in log if e.session == session]
            entry = logged[-1] if logged else entry
        whole = latest(log)
        expected = [a.id for a in earned_in(entry, whole)]
        assert [a.id for a in digest.earned_in(entry)] == expected, trial
        assert [a.id for a in stepwise.earned_in(entry)] == expected, trial
        expected_own = [a.key for a in achievements_for(entry, whole)]
        assert [a.key for a in digest.achievements_for(entry)] == expected_own, trial
        assert [a.key for a in stepwise.achievements_for(entry)] == expected_own, trial
        assert stepwise.tallies == digest.tallies and stepwise.keys == digest.keys
        assert digest.games == len(whole)
        earned += bool(expected)
        own += bool(expected_own)
    assert earned > 50 and own > 50  # the trials did earn something


def test_a_games_line_is_found_where_its_latest_line_is() -> None:
    dice = random.Random(5)
    log = [line(dice, s) for s in ("a", "b", "a", None, "c")]
    digest = RecordDigest.of(log, offsets=[0, 10, 20, 30, 40])
    assert (digest.offset_of("a"), digest.offset_of("b"), digest.offset_of("c")) == (20, 10, 40)
    assert digest.offset_of("d") is None
    assert list(digest.keys) == sorted(session_key(s) for s in "abc")


def test_a_copy_takes_more_lines_without_changing_the_digest() -> None:
    dice = random.Random(8)
    digest = RecordDigest.of([line(dice, "a"), line(dice, "b")])
    more = digest.copy()
    more.add(line(dice, "c"))
    more.add(line(dice, None))
    assert (digest.games, more.games) == (2, 4)


def test_a_game_taken_out_leaves_the_digest_of_the_log_without_it() -> None:
    dice = random.Random(21)
    for trial in range(100):
        sessions = [f"t{trial}-{n}" for n in range(4)]
        log = [line(dice, dice.choice([*sessions, None])) for _ in range(12)]
        gone = dice.choice(sessions)
        digest = RecordDigest.of(log, offsets=range(0, 120, 10))
        digest.remove(gone)
        kept = [(e, n * 10) for n, e in enumerate(log) if e.session != gone]
        without = RecordDigest.of([e for e, _ in kept], [at for _, at in kept])
        assert digest.keys == without.keys and digest.offsets == without.offsets
        assert +digest.tallies[0] == +without.tallies[0]
        for a, b in zip(digest.tallies[1:], without.tallies[1:], strict=True):  # by name
            assert {digest.names[k]: v for k, v in (+a).items()} == {
                without.names[k]: v for k, v in (+b).items()
            }
        digest.move({at: at + 1 for _, at in kept})
        assert list(digest.offsets) == [at + 1 for at in without.offsets]
