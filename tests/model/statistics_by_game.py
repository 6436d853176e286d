"""The statistics and the achievements as ``record`` and ``achievements`` computed them game by
game, before the log was grouped once (``digest``) and the achievements stopped reading
what could add nothing: the oracles the new readings are held equal to."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from frightmare.model.record.achievements import (
    Published,
    Standing,
    _Game,
    _history_key,
    _parsed,
    _result_mark,
    default_achievements,
    game_label,
)
from frightmare.model.record.collection import catalogue
from frightmare.model.record.community import Community, CommunityRate, community
from frightmare.model.record.log_entry import UNREVEALED, LogEntry
from frightmare.model.record.own_achievements import (
    ACHIEVEMENTS,
    BY_KEY,
    Earned,
    _all_finales,
    _all_setups,
    _when_played,
    game_achievements,
)
from frightmare.model.record.statistics import (
    DIMENSIONS,
    EXTREME_HORROR,
    GAP_TITLES,
    NO_SETUP_CARD,
    NORMAL,
    BoilerFigures,
    DimensionKey,
    Filters,
    Rate,
    Statistics,
    TimePoint,
)


def statistics_by_game(
    entries: Iterable[LogEntry],
    filters: Filters | None = None,
    community_figures: Community | None = None,
) -> Statistics:
    """Win rates overall and by each breakdown, results over time, the Boiler Room figure."""
    figures = community_figures or community()
    filters = filters or Filters()
    games = sorted((e for e in entries if filters.accepts(e)), key=_when_played)
    tallies: dict[str, dict[str, list[int]]] = {title: {} for title, _, _ in DIMENSIONS}
    wins = dreams = dream_attacks = cards = card_attacks = 0
    over_time: list[TimePoint] = []
    # The breakdowns' values of each game, read once (the names through the catalogue):
    # Statistics over 5,000 games spent most of its time asking them one by one.
    canon = catalogue().canonical
    titles = [title for title, _, _ in DIMENSIONS]
    for n, entry in enumerate(games, start=1):
        w = entry.won
        wins += w
        over_time.append(TimePoint(entry.day, n, wins, w))
        values = (
            canon("final_girl", entry.final_girl) or "Unknown",
            canon("killer", entry.killer) or "Unknown",
            canon("location", entry.location) or "Unknown",
            entry.setup or NO_SETUP_CARD,
            entry.dark_power or UNREVEALED,
            entry.finale or UNREVEALED,
            "Epic" if entry.epic else "Not Epic",
            EXTREME_HORROR if entry.extreme_horror else NORMAL,
        )
        for title, value in zip(titles, values, strict=True):
            tally = tallies[title].get(value)
            if tally is None:
                tally = tallies[title][value] = [0, 0]
            tally[0] += w
            tally[1] += 1
        dreams += entry.full_dreams or 0
        dream_attacks += entry.full_dream_attacks or 0
        cards += entry.boiler_cards or 0
        card_attacks += entry.boiler_attacks or 0
    # Like with like: each figure beside the community's for the same games (the filters'
    # choices and the row's value), or beside none.
    subset = filters.subset()

    def theirs(key: DimensionKey, table: str | None, value: str) -> CommunityRate | None:
        if table is None or subset.get(key, value) != value:
            return None
        return figures.lookup({**subset, key: value})

    breakdowns = {
        title: [
            Rate(value, w, g, theirs(key, table, value))
            for value, (w, g) in sorted(tallies[title].items(), key=lambda kv: (-kv[1][1], kv[0]))
        ]
        for title, key, table in DIMENSIONS
    }
    return Statistics(
        overall=Rate(
            "All games",
            wins,
            len(games),
            figures.like_for_like(
                subset, {"killer": tallies["Killer"].keys(), "location": tallies["Location"].keys()}
            )
            if games
            else None,
        ),
        breakdowns=breakdowns,
        over_time=over_time,
        boiler=BoilerFigures(dreams, dream_attacks, cards, card_attacks),
        community_source=figures.source,
        community_date=figures.date,
        community_overall=figures.overall,
        community_gaps=tuple(title for key, title in GAP_TITLES.items() if key in subset),
    )


def standings_by_game(
    entries: Iterable[LogEntry], book: Sequence[Published] | None = None
) -> list[Standing]:
    """``achievements.standings`` as it read every game before it stopped at what is earned."""
    book = book or default_achievements()
    games = sorted(entries, key=lambda e: e.when)
    first: dict[str, LogEntry] = {}
    best: dict[str, int] = defaultdict(int)
    collected: dict[str, list[str]] = defaultdict(list)
    need = {a.id: a.need for a in book}
    results = [a.id for a in book if a.needs == "result"]
    several = [a.id for a in book if a.needs == "history"]
    journal = {a.id for a in book if a.needs in ("log", "player")}

    def reached(achievement: str, have: int, entry: LogEntry) -> None:
        if have > best[achievement]:
            best[achievement] = have
        if have >= need[achievement] and achievement not in first:
            first[achievement] = entry

    for entry in games:
        if entry.won:
            game = _Game.of(entry)
            for achievement in results:
                reached(achievement, _result_mark(achievement, game), entry)
            for achievement in several:
                key = _history_key(achievement, game)
                if key is not None and key not in collected[achievement]:
                    collected[achievement].append(key)
                    if len(collected[achievement]) >= need[achievement]:
                        first.setdefault(achievement, entry)
        if entry.achievements and len(first) < len(book):
            for achievement, have in _parsed(entry.achievements):
                if achievement not in journal or have <= 0:
                    continue
                reached(achievement, have, entry)
    out = []
    for a in book:
        got = first.get(a.id)
        have = len(collected[a.id]) if a.needs == "history" else best[a.id]
        out.append(
            Standing(
                a,
                got is not None,
                min(have, a.need),
                a.need,
                got.day if got else "",
                game_label(got) if got else "",
                (got.session or "") if got else "",
                tuple(collected[a.id]),
            )
        )
    return out


def achievements_by_game(entries: Iterable[LogEntry]) -> list[Earned]:
    """``own_achievements.achievements`` as it read every game to the end of the log."""
    first: dict[str, Earned] = {}
    finales: set[str] = set()
    setups: set[str] = set()
    need_finales, need_setups = set(_all_finales()), set(_all_setups())
    for entry in sorted(entries, key=_when_played):
        found = list(game_achievements(entry))
        if entry.won:
            finales.add(entry.finale or "")
            setups.add(entry.setup or "")
        if finales >= need_finales:
            found.append(BY_KEY["every-finale"])
        if setups >= need_setups:
            found.append(BY_KEY["every-setup"])
        for achievement in found:
            if achievement.key not in first:
                first[achievement.key] = Earned(achievement, entry.day, entry.session or "")
    return [first[a.key] for a in ACHIEVEMENTS if a.key in first]
