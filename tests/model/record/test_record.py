"""The player's record: one game's figures from its journal, Wilson intervals, statistics over
the play log against the community's rates, and achievements (each on a crafted journal and on
a near miss)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import (
    DrFrightAttacks,
    FallAsleep,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    Slide,
)
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.lane import Convince, Place, RecordTopCard, Search
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.box.board import setup_card_names
from frightmare.model.game.boiler_room import Direction
from frightmare.model.game.state import Result
from frightmare.model.record.achievements import default_achievements, standings
from frightmare.model.record.community import (
    community,
    community_form,
    community_form_text,
    load_community,
)
from frightmare.model.record.digest import statistics
from frightmare.model.record.figures import FIGURE_COLUMNS, entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import (
    ACHIEVEMENTS,
    achievements,
    achievements_for,
    game_achievements,
    progress,
)
from frightmare.model.record.statistics import BEST_PLAY_ATTACKS_PER_DREAM, Filters, wilson

# A whole Boiler Room deck seen with the real cards, Dr. Fright never showing: these slides
# keep every revealed part clear of him ("Dr. Fright will appear in each of the four quadrants
# only once", so the reports stay consistent).
CLEAN_DECK: tuple[Direction, ...] = ("up", "up", "left", "down")


def game(**setup: Any) -> History:
    return History(new_game(GameSetup(**setup), seed=1))


def entry(history: History, session: str = "s1", day: str = "2026-11-01") -> LogEntry:
    when = datetime.fromisoformat(f"{day}T20:00:00+00:00")
    if history.state.result is None:  # a game ended here, so it has a line in the log
        history.do(EndGame(result="loss"))
    return with_figures(
        entry_for(session, history.state, when),
        game_figures(history, when.replace(hour=19), when),
    )


def keys(history: History) -> set[str]:
    return {a.key for a in game_achievements(entry(history))}


# Wilson intervals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (7, 10, 0.3968, 0.8922),  # the textbook example: 7 of 10
        (0, 5, 0.0, 0.4345),  # no wins: the interval still reaches 43%
        (5, 5, 0.5655, 1.0),
        (633, 851, 0.7137, 0.7718),  # Dr. Fright's community rate: 74.4% of 851 games
    ],
)
def test_wilson_95_percent_interval_matches_known_values(
    wins: int, games: int, low: float, high: float
) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_wilson_without_games_is_the_whole_range_and_refuses_nonsense() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="cannot come from"):
        wilson(6, 5)


# One game's figures ---------------------------------------------------------------------------


def test_best_play_expects_31_24_attacks_per_dream() -> None:
    # The Boiler Room odds (rulebook "The Boiler Room"): under best play a whole deck of four
    # cards costs 31/24 attacks on average.
    assert pytest.approx(31 / 24) == BEST_PLAY_ATTACKS_PER_DREAM


def test_figures_count_sleep_cards_attacks_and_resets() -> None:
    history = game()
    history.do(FallAsleep())
    for direction in ("up", "up", "left", "down"):  # a whole deck on screen: she wakes
        history.do(Slide(direction=direction))
    assert history.state.dream.awake
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.do(ResetBoilerRoom(cause="effect"))
    f = game_figures(history)
    assert list(f.columns()) == list(FIGURE_COLUMNS)
    assert f.fell_asleep == 2
    assert f.boiler_cards == 5
    assert f.full_dreams == 1
    assert f.deck_resets == 1
    assert f.end_awake is False
    # every attack the journal showed is counted, and a whole deck's in full_dream_attacks
    shown = sum(r.fright is not None for r in history.state_at(5).dream.finished)
    assert f.full_dream_attacks == shown
    assert isinstance(f.boiler_attacks, int) and f.boiler_attacks >= shown


def test_figures_follow_the_undo_cursor() -> None:
    history = game()
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.undo()
    assert game_figures(history).boiler_cards == 0


def test_revive_finale_dark_power_and_times() -> None:
    history = game()
    f = game_figures(history, datetime(2026, 11, 1, 19, tzinfo=UTC), "2026-11-01T21:00:00")
    assert f.started == "2026-11-01T19:00:00+00:00"
    assert f.ended == "2026-11-01T21:00:00"
    assert (f.finale, f.dark_power) == ("Unrevealed", "Unrevealed")
    assert f.final_health_revive == "neither"
    assert f.extreme_horror is False
    assert game_figures(game(extreme_horror=True)).extreme_horror is True
    history.do(RevealDarkPower(name="Never Really Dead"))
    history.do(RevealFinale(name="Time to Die"))
    # Her Health gone, her Final Health token shows 2: she revives.
    history.do(AdjustCounter(counter="health", delta=-4))
    history.do(_final_health(2))
    f = game_figures(history)
    assert (f.finale, f.dark_power) == ("Time to Die", "Never Really Dead")
    assert f.final_health_revive == "her"
    assert f.never_really_dead is False


def _final_health(value: int | None) -> Any:
    from frightmare.model.actions.round import RevealFinalHealth

    return RevealFinalHealth(value=value)


def test_never_really_dead_firing_and_his_revive() -> None:
    # Dark Power "Never Really Dead": when he dies he comes back once, from his Final Health.
    from frightmare.model.actions.round import RevealKillerFinalHealth

    history = game()
    history.do(RevealDarkPower(name="Never Really Dead"))
    history.do(FallAsleep())  # Awake, his Health is not for changing (issue 20)
    history.do(AdjustCounter(counter="killer health", delta=-9))
    assert game_figures(history).never_really_dead is True
    history.do(RevealKillerFinalHealth(value=3))
    f = game_figures(history)
    assert f.never_really_dead is True and f.final_health_revive == "him"


def test_maple_lane_figures_convince_houses_items() -> None:
    history = game()
    history.do(Place(piece="final girl", space="smalleys-house"))
    history.do(Search(house="smalleys-house", names=("Knife",)))
    history.do(Place(piece="final girl", space="street-n"))
    history.do(Place(piece="final girl", space="house-nw-street"))
    history.do(Search(house="house-nw-street"))
    f = game_figures(history)
    assert (f.houses_searched, f.quadrants_searched, f.items_found) == (2, 2, 2)
    assert (f.convince_attempts, f.convince_successes) == (0, 0)


def test_convince_attempts_and_results() -> None:
    history = game(setup_card="Revenge")  # Victims in the NW street House
    history.do(Place(piece="final girl", space="street-w"))
    state = history.state
    target = next(h for h in state.board.houses_by("street-w") if state.table.occupied(h))
    history.do(Convince(house=target, result="fail-return"))
    history.do(RecordTopCard(quadrant=state.board.quadrant(target), name="Knife"))
    history.do(Convince(house=target, result="3+", take_item=True))
    f = game_figures(history)
    assert (f.convince_attempts, f.convince_successes, f.items_found) == (2, 1, 1)
    assert f.convince_results == "3+:1 fail-return:1"


def test_other_killers_and_locations_leave_their_figures_empty() -> None:
    f = game_figures(game(killer="Hans", location="Camp Happy Trails"))
    assert f.boiler_cards is None and f.end_awake is None and f.houses_searched is None


# The community form ---------------------------------------------------------------------------


def test_community_form_answers_in_the_forms_order() -> None:
    history = game(final_girl="Sheila", setup_card="Block Party", epic=True)
    history.do(RevealFinale(name="Face Your Fright"))
    history.do(EndGame(result="loss"))
    answers = community_form(entry(history))
    assert [q for q, _ in answers] == [
        "Final Girl",
        "Killer",
        "Location",
        "Who won?",
        "Final Health revive",
        "Difficulty",
        "Setup card",
        "Finale",
        "Dark Power",
    ]
    assert community_form_text(entry(history)).split("\t") == [
        "Sheila",
        "Dr. Fright",
        "Maple Lane",
        "Killer",
        "Neither",
        "Normal",
        "Block Party",
        "Face Your Fright",
        "Unrevealed",
    ]


# Statistics -----------------------------------------------------------------------------------


def logged(result: str, day: str, **more: Any) -> LogEntry:
    base = {
        "session": f"{day}-{result}-{len(more)}-{sorted(more.items())}",
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


def test_statistics_by_breakdown_with_intervals_and_community_rates() -> None:
    entries = [
        logged("win", "2026-11-01", setup="Playtime", finale="Time to Die"),
        logged("loss", "2026-11-02", setup="Playtime", finale="Time to Die"),
        logged("win", "2026-11-03", final_girl="Sheila"),
    ]
    stats = statistics(entries)
    assert (stats.overall.wins, stats.overall.games) == (2, 3)
    # Dr. Fright on Maple Lane: the most specific community figure (75.6% over 172 games)
    assert stats.overall.community is not None
    assert stats.overall.community.rate == pytest.approx(0.756)
    setups = {r.label: r for r in stats.breakdowns["Setup card"]}
    assert (setups["Playtime"].wins, setups["Playtime"].games) == (1, 2)
    assert setups["Playtime"].community is not None
    assert setups["Playtime"].community.rate == pytest.approx(0.626)
    assert setups["Playtime"].interval == pytest.approx(wilson(1, 2))
    finales = {r.label: r for r in stats.breakdowns["Finale"]}
    assert finales["Unrevealed"].games == 1 and finales["Time to Die"].games == 2
    girls = {r.label: r for r in stats.breakdowns["Final Girl"]}
    assert girls["Sheila"].community is None  # the community sheet has no such figure
    assert [p.wins for p in stats.over_time] == [1, 1, 2]
    assert set(stats.breakdowns) == {
        "Final Girl",
        "Killer",
        "Location",
        "Setup card",
        "Dark Power",
        "Finale",
        "Epic",
        "Difficulty",
    }


def test_statistics_filters() -> None:
    entries = [
        logged("win", "2026-10-01"),
        logged("loss", "2026-11-02", epic="yes"),
        logged("win", "2026-11-03", final_girl="Sheila"),
    ]
    assert statistics(entries, Filters(final_girl="Sheila")).overall.games == 1
    assert statistics(entries, Filters(epic=True)).overall.wins == 0
    assert statistics(entries, Filters(since="2026-11-01")).overall.games == 2


def test_boiler_room_attacks_per_dream_against_best_play() -> None:
    entries = [
        logged("win", "2026-11-01", full_dreams=2, full_dream_attacks=3, boiler_cards="9"),
        logged("win", "2026-11-02", full_dreams="1", full_dream_attacks="1", boiler_attacks=4),
    ]
    boiler = statistics(entries).boiler
    assert boiler.per_dream == pytest.approx(4 / 3)
    assert boiler.expected == pytest.approx(31 / 24)
    assert (boiler.cards, boiler.card_attacks) == (9, 4)


def test_community_figures_ship_with_their_source_and_date() -> None:
    figures = community()
    assert figures.date == "2026-10-02" and "finalgirlstats.com" in figures.source
    assert figures.rate("killer", "Dr. Fright") is not None
    assert figures.overall.games == 13951
    with pytest.raises(ValueError, match="share from 0 to 1"):
        load_community(
            json.dumps({"source": "x", "date": "y", "overall": {"rate": 65.5, "games": 1}})
        )


# Achievements ---------------------------------------------------------------------------------


def asleep_physical() -> History:
    history = game(boiler_deck="physical")
    history.do(FallAsleep())
    return history


def test_clean_escape_waking_without_an_attack() -> None:
    history = asleep_physical()
    for direction in CLEAN_DECK:
        history.do(Slide(direction=direction, report="nothing"))
    assert history.state.dream.awake
    assert "clean-escape" in keys(history)


def test_clean_escape_near_miss_attacked_by_a_killer_action() -> None:
    history = asleep_physical()
    history.do(DrFrightAttacks(target="final girl"))
    for direction in CLEAN_DECK:
        history.do(Slide(direction=direction, report="nothing"))
    assert "clean-escape" not in keys(history)


def test_clean_escape_near_miss_still_asleep() -> None:
    history = asleep_physical()
    for direction in CLEAN_DECK[:3]:
        history.do(Slide(direction=direction, report="nothing"))
    assert "clean-escape" not in keys(history)


def published_earned(history: History) -> set[str]:
    """The box's published achievements the game's play-log line earns."""
    return {s.achievement.id for s in standings([entry(history)]) if s.earned}


def test_three_boiler_cards_in_one_round_is_the_boxs_deep_sleeper_listed_once() -> None:
    # "You can choose to resolve as many as you wish during the Action phase"; the box's
    # "Deep sleeper" (resources/achievements.json): "Resolve 3 or more Boiler Room cards in
    # one round". The companion's own "Sleepwalker's Sprint" was the same feat: dropped.
    history = game()
    history.do(FallAsleep())
    for direction in ("up", "up", "left"):
        history.do(Slide(direction=direction))
    assert entry(history).most_cards_in_a_round == 3
    assert "fright-three-boiler-cards-one-round" in published_earned(history)
    assert keys(history) == set()
    assert "Sleepwalker's Sprint" not in {a.name for a in ACHIEVEMENTS}


def search_in(history: History, *houses: str) -> History:
    for house in houses:
        history.do(Place(piece="final girl", space=house))
        history.do(Search(house=house))
    return history


def test_a_house_searched_in_every_quadrant_is_the_boxs_block_tour_listed_once() -> None:
    # "House spaces and quadrants": 12 Houses, three in each of four quadrants; the box's
    # "Block tour": "In one game, successfully search at least one House in each of the four
    # quadrants". The companion's own "Door to Door" was the same feat: dropped.
    history = search_in(
        game(), "house-nw-street", "smalleys-house", "house-ne-street", "house-se-street"
    )
    assert "maple-search-each-quadrant" in published_earned(history)
    assert keys(history) == set()
    assert "Door to Door" not in {a.name for a in ACHIEVEMENTS}


def test_no_companion_achievement_shares_a_name_with_the_boxs() -> None:
    published = {a.name.casefold() for a in default_achievements()}
    assert not published & {a.name.casefold() for a in ACHIEVEMENTS}


def test_win_with_every_victim_saved() -> None:
    history = game()
    history.do(AdjustCounter(counter="saved", delta=3))
    history.do(EndGame(result="win"))
    assert "all-saved" in keys(history)


@pytest.mark.parametrize("miss", ["killed", "left", "lost"])
def test_every_victim_saved_near_misses(miss: str) -> None:
    history = game(setup_card="Revenge") if miss == "left" else game()
    history.do(AdjustCounter(counter="saved", delta=3))
    if miss == "killed":
        history.do(AdjustCounter(counter="killed", delta=1))
    history.do(EndGame(result="loss" if miss == "lost" else "win"))
    assert "all-saved" not in keys(history)


def finished_game(
    day: str, result: Result, *, finale: str | None = None, setup: str | None = None
) -> LogEntry:
    history = game(setup_card=setup)
    if finale:
        history.do(RevealFinale(name=finale))
    history.do(EndGame(result=result))
    return entry(history, session=f"{day}-{finale}-{setup}-{result}", day=day)


def test_beat_each_finale_dated_by_the_game_that_completes_it() -> None:
    log = [
        finished_game("2026-11-01", "win", finale="Time to Die"),
        finished_game("2026-11-02", "win", finale="Face Your Fright"),
        finished_game("2026-11-03", "loss", finale="Everyone Must Die"),  # near miss: a loss
    ]
    assert "every-finale" not in {e.achievement.key for e in achievements(log)}
    assert progress(log)["every-finale"] == (2, 3)
    last = finished_game("2026-11-09", "win", finale="Everyone Must Die")
    earned = {e.achievement.key: e for e in achievements([last, *log])}
    assert earned["every-finale"].day == "2026-11-09"
    assert "every-finale" in {a.key for a in achievements_for(last, log)}
    # the summary of a game that completes nothing new lists nothing of the kind
    again = finished_game("2026-11-10", "win", finale="Time to Die")
    assert "every-finale" not in {a.key for a in achievements_for(again, [last, *log])}


def test_win_with_each_setup_card_and_near_miss() -> None:
    cards = setup_card_names()
    log = [finished_game(f"2026-11-0{n}", "win", setup=c) for n, c in enumerate(cards[:-1], 1)]
    log.append(finished_game("2026-11-08", "loss", setup=cards[-1]))
    assert "every-setup" not in {e.achievement.key for e in achievements(log)}
    log.append(finished_game("2026-11-09", "win", setup=cards[-1]))
    earned = {e.achievement.key: e for e in achievements(log)}
    assert earned["every-setup"].day == "2026-11-09"


def test_achievements_are_recomputed_from_text_columns() -> None:
    # A CSV import gives every value as text: the same achievements come back.
    history = game()
    history.do(AdjustCounter(counter="saved", delta=2))
    history.do(EndGame(result="win"))
    as_text = LogEntry.from_row({k: str(v) for k, v in entry(history).row().items()})
    assert {a.key for a in game_achievements(as_text)} == keys(history)
