"""The Statistics' figures from the log grouped once (``digest.LogDigest``) are the ones
the game-by-game reading gave (``statistics_by_game``, the reading they replaced), for any log
and any filters; and so are the achievements and the coverage grid it keeps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from statistics_by_game import achievements_by_game, standings_by_game, statistics_by_game

from frightmare.model.record.achievements import standings
from frightmare.model.record.collection import Collection, default_catalogue
from frightmare.model.record.coverage import coverage
from frightmare.model.record.digest import LogDigest, digest_of, forget_digests, statistics
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import achievements, progress
from frightmare.model.record.statistics import WITHOUT, Filters, TimePoint, Without

# Names as players log them: the catalogue's, its other spellings (one Killer, two ways), and
# names it does not know.
GIRLS = ("Nancy", "Sheila", "Laurie", "nancy ", "Someone")
KILLERS = ("Dr. Fright", "The Evomorph", "Evomorph", "Hans", "Hans the Butcher", "Nobody")
LOCATIONS = ("Maple Lane", "Camp Happy Trails", "Camp Happy Trail", "Nowhere")
# Every Setup card and every Finale (a log may collect them all), and some it does not know.
SETUPS = ("", "Revenge", "Playtime", "Block Party", "A Quiet Place", "Maple Lane", "Own")
POWERS = ("", "Never Really Dead", "Pitchfork Assault")
FINALES = ("", "Time to Die", "Everyone Must Die", "Face Your Fright")
DAYS = ("2026-01-01", "2026-01-02", "2026-03-01", "2027-01-01")
# The journal's marks: below, at and over what they need, asked, unknown, and one achievement's
# name inside another's mark (a line that names one must be read).
JOURNAL = (
    "fright-boiler-room-unhurt",
    "fright-boiler-room-hit-back",
    "fright-damage-while-awake",
    "fright-three-boiler-cards-one-round",
    "fright-rest-to-sleep",
    "maple-saved-by-cop-car",
    "maple-search-each-quadrant",
    "maple-item-by-convince",
    "maple-search-whole-quadrant",
    "maple-two-crucifixes",
    "maple-three-events-win",
    "maple-half-victims-killed-win",
    "maple-two-road-blocks-win",
    "maple-booby-trap-kill",
    "not-an-achievement",
)
MARK = st.builds(
    lambda key, value: f"{key}={value}",
    st.sampled_from(JOURNAL),
    st.sampled_from(["0", "1", "2", "3", "4", "?", "x"]),
)
MARKS = st.one_of(
    st.sampled_from(["-", "", "maple-two-crucifixes", "xmaple-win=1"]),
    st.lists(MARK, max_size=4).map(" ".join),
)
NUMBER = st.sampled_from(["", 0, 1, 3, 4])


@st.composite
def entries(draw: st.DrawFn) -> LogEntry:
    day = draw(st.sampled_from(DAYS))
    ended = draw(st.sampled_from(["", f"{day}T20:00:00+00:00", f"{day}T09:30:00+00:00"]))
    return LogEntry.from_row(
        {
            "session": draw(st.sampled_from(["", "a", "b", "c"])),
            "date": day,
            "ended": ended,
            "final_girl": draw(st.sampled_from(GIRLS)),
            "killer": draw(st.sampled_from(KILLERS)),
            "location": draw(st.sampled_from(LOCATIONS)),
            "setup": draw(st.sampled_from(SETUPS)),
            "epic": draw(st.sampled_from(["yes", "no"])),
            "extreme_horror": draw(st.sampled_from(["", "yes", "no"])),
            "result": draw(st.sampled_from(["win", "loss"])),
            "dark_power": draw(st.sampled_from(POWERS)),
            "finale": draw(st.sampled_from(FINALES)),
            "full_dreams": draw(st.sampled_from(["", 0, 1, 3])),
            "full_dream_attacks": draw(st.sampled_from(["", 0, 2])),
            "boiler_cards": draw(st.sampled_from(["", 0, 5])),
            "boiler_attacks": draw(st.sampled_from(["", 1])),
            "achievements": draw(MARKS),
            "final_health_revive": draw(st.sampled_from(["", "him", "both", "her"])),
            "never_really_dead": draw(st.sampled_from(["", "yes", "no"])),
            "clean_escapes": draw(NUMBER),
            "most_cards_in_a_round": draw(NUMBER),
            "quadrants_searched": draw(NUMBER),
            "victims_saved": draw(NUMBER),
            "victims_killed": draw(NUMBER),
            "victims_left": draw(NUMBER),
        }
    )


def chosen(values: tuple[str, ...]) -> st.SearchStrategy[str | Without | None]:
    return st.one_of(st.none(), st.just(WITHOUT), st.sampled_from(values))


def won_late(entry: LogEntry) -> bool:
    return entry.won or entry.day > "2026-02-01"


filters = st.builds(
    Filters,
    final_girl=chosen(("Nancy", "Sheila", "Someone")),
    killer=chosen(("Dr. Fright", "The Evomorph", "Evomorph", "Hans")),
    location=chosen(("Maple Lane", "Camp Happy Trails", "Camp Happy Trail")),
    setup=chosen(("Revenge", "Playtime")),
    epic=st.one_of(st.none(), st.booleans()),
    extreme_horror=st.one_of(st.none(), st.booleans()),
    since=st.one_of(st.none(), st.sampled_from(DAYS)),
    until=st.one_of(st.none(), st.sampled_from(DAYS)),
    extra=st.one_of(st.just(()), st.just((won_late,))),
)


@settings(max_examples=300)
@given(log=st.lists(entries(), max_size=40), choice=st.lists(filters, min_size=1, max_size=4))
def test_the_digest_gives_the_statistics_the_game_by_game_reading_gave(
    log: list[LogEntry], choice: list[Filters]
) -> None:
    digest = LogDigest(log)
    for chosen_filters in [Filters(), *choice]:
        slow = statistics_by_game(log, chosen_filters)
        fast = digest.statistics(chosen_filters)
        assert fast == slow
        assert list(fast.over_time) == slow.over_time
        assert fast.breakdowns == slow.breakdowns
        assert statistics(log, chosen_filters) == slow


@settings(max_examples=300)
@given(log=st.lists(entries(), max_size=60))
def test_the_digest_keeps_the_achievements_and_the_coverage_the_log_gives(
    log: list[LogEntry],
) -> None:
    digest = LogDigest(log)
    assert digest.standings() == standings(log) == standings_by_game(log)
    assert digest.own_achievements() == (achievements(log), progress(log))
    assert achievements(log) == achievements_by_game(log)
    everything = Collection.of(b.id for b in default_catalogue().boxes)
    for owned in (Collection(), everything):
        slow, fast = coverage(log, owned), digest.coverage(owned)
        assert fast == slow
        assert list(fast.cells) == list(slow.cells)  # in the order the log first has them
    assert digest.names["killer"] == {e.killer for e in log}
    assert digest.names["setup"] == {e.setup or "" for e in log}


def test_the_results_over_time_sampled_keep_the_first_and_the_last_game() -> None:
    log = [
        LogEntry.from_row(
            {"date": f"2026-01-{1 + n % 28:02d}", "final_girl": "Nancy", "killer": "Dr. Fright"}
            | {"location": "Maple Lane", "result": "win" if n % 3 else "loss"}
        )
        for n in range(1000)
    ]
    over_time = LogDigest(log).statistics().over_time
    # ``over_time`` is typed as the Sequence it reads as; the lazy ``OverTime`` behind it samples.
    points = over_time.sampled(50)  # type: ignore[attr-defined]
    assert len(points) == 50
    assert points[0] == over_time[0] and points[-1] == over_time[-1]
    assert [p.games for p in points] == sorted({p.games for p in points})
    last = sorted(log, key=lambda e: e.when)[-1]
    assert over_time[-1] == TimePoint("2026-01-28", 1000, sum(e.won for e in log), last.won)


def test_the_digest_is_kept_while_the_games_are_the_same() -> None:
    forget_digests()
    log = [
        LogEntry.from_row(
            {"date": "2026-01-01", "final_girl": "Nancy", "killer": "Dr. Fright"}
            | {"location": "Maple Lane", "result": "win"}
        )
    ]
    first = digest_of(log)
    assert digest_of(list(log)) is first  # the same entries, handed out again
    again = LogEntry.from_row(log[0].row())
    assert digest_of([again]) is not first  # equal, but not the same: made again
    assert digest_of([*log, again]) is not first


@settings(max_examples=200)
@given(log=st.lists(entries(), max_size=40), choice=st.lists(filters, min_size=1, max_size=4))
def test_the_digest_gives_the_same_statistics_whichever_filters_come_first(
    log: list[LogEntry], choice: list[Filters]
) -> None:
    """The groups' own tallies are made when a filter first chooses some groups, the whole
    log's when every game is chosen: in any order of filters, each is the game-by-game one."""
    digest = LogDigest(log)
    for chosen_filters in [*choice, Filters(), *reversed(choice)]:
        assert digest.statistics(chosen_filters) == statistics_by_game(log, chosen_filters)


def test_the_digest_reads_a_log_not_written_in_the_order_played() -> None:
    """Games logged out of order (a sync tool's copy merged, an import): the results over time
    and each group's first game as the game-by-game reading gives them."""
    days = ["2026-03-01", "2026-01-01", "2026-02-01", "2026-01-01", "2025-12-31"]
    log = [
        LogEntry.from_row(
            {"date": day, "final_girl": "Nancy" if n % 2 else "Sheila", "killer": "Dr. Fright"}
            | {"location": "Maple Lane", "result": "win" if n % 3 else "loss", "rounds": n + 1}
        )
        for n, day in enumerate(days)
    ]
    digest = LogDigest(log)
    for chosen_filters in (Filters(), Filters(final_girl="Nancy"), Filters(since="2026-01-01")):
        slow = statistics_by_game(log, chosen_filters)
        assert digest.statistics(chosen_filters) == slow
        assert list(digest.statistics(chosen_filters).over_time) == slow.over_time
    assert [e.date for e in digest.played] == sorted(days)
    everything = Collection.of(b.id for b in default_catalogue().boxes)
    assert list(digest.coverage(everything).cells) == list(coverage(log, everything).cells)
