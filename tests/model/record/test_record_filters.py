"""The statistics' filters and the community figure each subset is set beside (the statistics
view's known flaws: no "no Setup card" choice; a filtered subset compared with the community's
overall rate)."""

from __future__ import annotations

from typing import Any

import pytest

from frightmare.model.record.community import community
from frightmare.model.record.digest import statistics
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import NO_SETUP_CARD, WITHOUT, Filters


def logged(result: str, day: str, **more: Any) -> LogEntry:
    base = {
        "session": f"{day}-{result}-{sorted(more.items())}",
        "date": day,
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "setup": "Revenge",
        "epic": "no",
        "result": result,
        "dark_power": "",
        "finale": "",
    }
    return LogEntry.from_row(base | more)


LOG = [
    logged("win", "2026-10-01"),
    logged("loss", "2026-10-02", setup=""),
    logged("win", "2026-10-03", setup=""),
    logged("win", "2026-10-04", setup="Playtime", final_girl="Sheila"),
    logged("loss", "2026-10-05", epic="yes", finale="Time to Die"),
]


# 1. Games played without a Setup card ---------------------------------------------------------


def test_the_no_setup_card_choice_counts_the_group_the_plot_shows() -> None:
    """The plot groups games played without a Setup card as "No Setup card"; choosing that
    group in the filter counts exactly those games."""
    group = next(r for r in statistics(LOG).breakdowns["Setup card"] if r.label == NO_SETUP_CARD)
    chosen = statistics(LOG, Filters(setup=WITHOUT))
    assert (chosen.overall.wins, chosen.overall.games) == (group.wins, group.games) == (1, 2)
    assert [r.label for r in chosen.breakdowns["Setup card"]] == [NO_SETUP_CARD]


def test_a_game_without_a_result_never_reaches_the_statistics() -> None:
    """The summary once said "(1 game without a result not counted)": a play-log entry is a
    finished game, so a line without a result is refused when it is read (and kept aside)."""
    with pytest.raises(ValueError, match="result"):
        logged("", "2026-10-06")


def test_a_setup_card_named_like_the_group_is_a_setup_card() -> None:
    """The choice is an id, not the group's words: a card a player named "No Setup card" in
    their own board file is that card, and games without one are not it."""
    log = [*LOG, logged("win", "2026-10-07", setup=NO_SETUP_CARD)]
    assert statistics(log, Filters(setup=NO_SETUP_CARD)).overall.games == 1
    assert statistics(log, Filters(setup=WITHOUT)).overall.games == 2


# 3. Like with like: the community's rate for the same games, or none ---------------------------


def test_without_filters_the_games_are_set_beside_the_same_kind_of_community_games() -> None:
    stats = statistics(LOG)
    assert stats.overall.community is not None
    # Dr. Fright on Maple Lane in the community's figures: 75.6% over 172 games
    assert stats.overall.community.rate == pytest.approx(0.756)
    assert stats.overall.community.scope == "Dr. Fright on Maple Lane"
    assert stats.community_gaps == ()


@pytest.mark.parametrize(
    ("filters", "rate", "scope"),
    [
        (Filters(setup="Revenge"), 0.667, "Setup card Revenge"),
        (Filters(setup="Revenge", location="Maple Lane"), 0.667, "Setup card Revenge"),
        (Filters(killer="Dr. Fright"), 0.756, "Dr. Fright on Maple Lane"),
        (Filters(location="Maple Lane"), 0.756, "Dr. Fright on Maple Lane"),
    ],
)
def test_a_filtered_subset_is_set_beside_the_communitys_same_subset(
    filters: Filters, rate: float, scope: str
) -> None:
    stats = statistics(LOG, filters)
    assert stats.overall.community is not None
    assert stats.overall.community.rate == pytest.approx(rate)
    assert stats.overall.community.scope == scope
    assert stats.community_gaps == ()


@pytest.mark.parametrize(
    ("filters", "gaps"),
    [
        (Filters(final_girl="Nancy"), ("Final Girl",)),
        (Filters(epic=False), ("Epic",)),
        (Filters(final_girl="Nancy", epic=False), ("Final Girl", "Epic")),
        (Filters(since="2026-10-02"), ("dates",)),
        (Filters(setup=WITHOUT), ()),  # they split by Setup card, but not "none"
        (Filters(setup="Revenge", killer="Dr. Fright"), ()),  # no Setup card by Killer
    ],
)
def test_a_subset_the_community_does_not_count_gets_no_community_rate(
    filters: Filters, gaps: tuple[str, ...]
) -> None:
    """A filtered subset was set beside the community's overall rate: Nancy's games against
    every Final Girl's. The community's figures have no Final Girl, no Epic, no dates: the
    subset has no community rate, and the statistics carry the overall one apart, to be
    named as such."""
    stats = statistics(LOG, filters)
    assert stats.overall.games > 0
    assert stats.overall.community is None
    assert stats.community_gaps == gaps
    assert stats.community_overall == community().overall
    assert stats.community_overall.scope == "all their games"
    for rates in stats.breakdowns.values():
        assert all(r.community is None for r in rates), rates


def test_breakdowns_under_a_filter_compare_the_same_games() -> None:
    """With the Setup card Revenge chosen, the Setup card row is the community's Revenge
    figure; the Finale rows are Revenge games with that Finale, which they do not count."""
    stats = statistics(LOG, Filters(setup="Revenge"))
    (revenge,) = stats.breakdowns["Setup card"]
    assert revenge.community is not None and revenge.community.rate == pytest.approx(0.667)
    assert all(r.community is None for r in stats.breakdowns["Finale"])
    assert all(r.community is None for r in stats.breakdowns["Killer"])
    # without the filter, each Finale is set beside the community's games with that Finale
    finales = {r.label: r for r in statistics(LOG).breakdowns["Finale"]}
    assert finales["Time to Die"].community is not None
    assert finales["Time to Die"].community.scope == "Finale Time to Die"


@pytest.mark.parametrize(
    ("subset", "rate"),
    [
        ({}, 0.655),
        ({"killer": "Dr. Fright"}, 0.744),
        ({"location": "Maple Lane"}, 0.687),
        ({"killer": "Dr. Fright", "location": "Hellscape"}, 0.940),
        ({"setup": "Block Party"}, 0.753),
        ({"setup": "Block Party", "location": "Maple Lane"}, 0.753),
        ({"dark_power": "Shock Factor"}, 0.672),
        ({"dark_power": "Shock Factor", "killer": "Dr. Fright"}, 0.672),
        ({"finale": "Face Your Fright", "killer": "Dr. Fright"}, 0.869),
        ({"setup": "Block Party", "killer": "Dr. Fright"}, None),
        ({"setup": "Block Party", "location": "Hellscape"}, None),
        ({"dark_power": "Shock Factor", "killer": "The Intruders"}, None),
        ({"dark_power": "Shock Factor", "finale": "Time to Die"}, None),
        ({"final_girl": "Nancy"}, None),
        ({"killer": "The Intruders"}, 0.625),
        ({"killer": "Camp Crystal's own"}, None),
        ({"setup": ""}, None),
    ],
)
def test_the_community_figure_for_exactly_these_games(
    subset: dict[str, str], rate: float | None
) -> None:
    """A Setup card is Maple Lane's and the Dark Powers and Finales are Dr. Fright's, so those
    figures count his or its games; nothing else combines."""
    found = community().lookup(subset)
    if rate is None:
        assert found is None
    else:
        assert found is not None and found.rate == pytest.approx(rate)


def test_the_statistics_read_the_breakdowns_in_their_order() -> None:
    """``statistics`` reads each game's breakdown values once, in DIMENSIONS' order."""
    from frightmare.model.record.statistics import _DIMENSION_ORDER, DIMENSIONS

    assert tuple(key for _, key, _ in DIMENSIONS) == _DIMENSION_ORDER
