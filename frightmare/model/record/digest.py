"""The play log read once for the Statistics: its games in the order they were played, grouped
by what the filters choose by, with each group's tallies; the statistics for any filters are
then added up over the groups, and the achievements, the coverage grid and the filters'
names are computed once per log.

Statistics over 100,000 logged games opened in 2.5 s and took 0.7 s per filter change: every
change filtered, sorted and tallied every game again, and the plot drew a point per game. Here
a filter change adds up a few thousand groups, and the results over time are a lazy sequence
(``OverTime``) the plot samples. The figures are the same, value for value: a property test
holds ``LogDigest.statistics`` equal to the game-by-game reading it replaced.

>>> digest = LogDigest([])
>>> digest.statistics().overall.games, len(digest.statistics().over_time)
(0, 0)
"""

from __future__ import annotations

import operator
import sys
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, compress, islice, repeat
from typing import Any, overload

from frightmare.model.record.achievements import Standing, standings
from frightmare.model.record.collection import Collection, catalogue
from frightmare.model.record.community import Community, CommunityRate, community
from frightmare.model.record.coverage import Coverage, Tally, grid
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, NamedColumn, collector_paused
from frightmare.model.record.own_achievements import Earned, achievements, progress
from frightmare.model.record.statistics import (
    ALL_GAMES,
    DIMENSIONS,
    EPIC,
    EXTREME_HORROR,
    GAP_TITLES,
    NO_SETUP_CARD,
    NORMAL,
    NOT_EPIC,
    UNKNOWN,
    WITHOUT,
    BoilerFigures,
    DimensionKey,
    Filters,
    Rate,
    Statistics,
    TimePoint,
)

# The columns the digest reads, in one pass: when played, what a group is made of (the names,
# Epic, Extreme Horror), the result, what varies inside a group (the Dark Power, the Finale,
# the Boiler Room's figures).
_COLUMNS = operator.attrgetter(
    *("ended", "date", "final_girl", "killer", "location", "setup", "epic", "extreme_horror"),
    *("result", "dark_power", "finale", "full_dreams", "full_dream_attacks", "boiler_cards"),
    "boiler_attacks",
)
_WIDTH = 15
_DAY = operator.itemgetter(slice(0, 10))
# Games read into columns this many at a time (each game's columns a tuple only meanwhile).
_CHUNK = 8192
_BOILER_SUMS = ("dreams", "dream_attacks", "cards", "card_attacks")  # a group's, the same order
# A group: the games alike in every column a filter chooses by (the Final Girl, Killer and
# Location as the catalogue names them, the Setup card or "", Epic, Extreme Horror).
GroupKey = tuple[str, str, str, str, bool, bool]
_TITLES = tuple(title for title, _key, _table in DIMENSIONS)
# The breakdowns a group's key names (``_values``), and those that vary inside a group.
_KEY_TITLES = ("Final Girl", "Killer", "Location", "Setup card", "Epic", "Difficulty")
_OWN_TITLES = ("Dark Power", "Finale")
# Each breakdown's tally: value -> [wins, games].
_Tallies = dict[str, dict[str, list[int]]]
# The games a choice counts: their places in the play order, their wins, and the Boiler Room's
# sums (whole dreams, their attacks, cards, their attacks).
_Counted = tuple[Sequence[int], int, tuple[int, int, int, int]]


class _Group:
    """One group's tallies: games, wins, the Boiler Room's sums, and the Dark Powers' and
    Finales' own tallies (value -> [wins, games]), which vary inside a group."""

    __slots__ = (
        *("card_attacks", "cards", "dream_attacks", "dreams", "finales", "first", "games"),
        *("id", "key", "powers", "wins"),
    )

    def __init__(self, key: GroupKey, first: int, id: int) -> None:
        self.key = key
        self.id = id
        self.first = first  # its first game's place in the log (the coverage grid's order)
        self.games = self.wins = 0
        self.dreams = self.dream_attacks = self.cards = self.card_attacks = 0
        self.powers: dict[str, list[int]] = {}
        self.finales: dict[str, list[int]] = {}


class OverTime(Sequence[TimePoint]):
    """The results over time of the games chosen, game by game, made when read: the
    ``n``-th is ``TimePoint(day, n, wins so far, won)``. Equal to any sequence of the same
    points (a list of them, as the statistics once held)."""

    __slots__ = ("_days", "_places", "_so_far", "_won")

    def __init__(
        self, days: Sequence[str], won: Sequence[int], places: Sequence[int], so_far: list[int]
    ) -> None:
        self._days = days
        self._won = won
        self._places = places  # each chosen game's place among all the games played
        self._so_far = so_far  # wins so far, after each chosen game

    def __len__(self) -> int:
        return len(self._so_far)

    @overload
    def __getitem__(self, index: int) -> TimePoint: ...
    @overload
    def __getitem__(self, index: slice) -> list[TimePoint]: ...
    def __getitem__(self, index: int | slice) -> TimePoint | list[TimePoint]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such game")
        place = self._places[index]
        return TimePoint(self._days[place], index + 1, self._so_far[index], bool(self._won[place]))

    def __iter__(self) -> Iterator[TimePoint]:
        return (self[n] for n in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(map(operator.eq, self, other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"OverTime({len(self)} games)"

    def rates(self, most: int) -> list[tuple[int, float]]:
        """``(games, win rate so far)`` of the points ``sampled`` gives: what the plot draws."""
        count = len(self)
        so_far = self._so_far
        if count <= most:
            return [(n, wins / n) for n, wins in enumerate(so_far, start=1)]
        step = (count - 1) / (most - 1)
        return [(k + 1, so_far[k] / (k + 1)) for k in (round(n * step) for n in range(most))]

    def sampled(self, most: int) -> list[TimePoint]:
        """At most ``most`` of the points, evenly spread, the first and last among them: what
        a plot a few hundred pixels wide can show of 100,000 games."""
        count = len(self)
        if count <= most:
            return list(self)
        step = (count - 1) / (most - 1)
        return [self[round(n * step)] for n in range(most)]


class LogDigest:
    """The log's games, read once (see the module's docstring). ``entries`` is kept as given;
    the figures are those ``statistics``, ``achievements.standings``,
    ``own_achievements.achievements`` and ``progress``, and ``coverage.coverage`` give for it."""

    def __init__(self, entries: Sequence[LogEntry]) -> None:
        with collector_paused():  # tallies made in bulk (see collector_paused)
            self._digest(entries)

    def _digest(self, entries: Sequence[LogEntry]) -> None:
        # Column by column, in C where Python allows (attrgetter, map, zip, Counter): a loop
        # in Python over 100,000 games, a dozen columns each, took most of a second. Every
        # column is read in one pass over the games as the log holds them (as they lie in
        # memory: a column at a time, or in the order played, took four times as long), and
        # only what must be in the order played is put in it.
        self.entries = entries = list(entries)
        count = len(entries)
        columns = _read_columns(entries)
        ended, dates, girls, killers, locations, setups, epics, extremes, results = columns[:9]
        whens: list[str] = [e or d for e, d in zip(ended, dates, strict=True)]  # LogEntry.when
        won = bytearray(map(operator.eq, results, repeat("win")))

        # Games alike as logged, then alike as the catalogue names them (a few of the first).
        # Each game's key made twice, as it is read, not held in a list (240,000 games: 25 MB).
        def keys() -> Iterator[tuple[str, str, str, str | None, bool, bool | None]]:
            return zip(girls, killers, locations, setups, epics, extremes, strict=True)

        logged: dict[tuple[str, str, str, str | None, bool, bool | None], int] = dict.fromkeys(
            keys(), 0
        )
        canon = catalogue().canonical
        groups: dict[GroupKey, _Group] = {}
        self.groups: list[_Group] = []
        found = self.groups
        for alike in logged:
            girl, killer, location, setup, epic, extreme = alike
            key = (
                canon("final_girl", girl),
                canon("killer", killer),
                canon("location", location),
                setup or "",
                epic,
                bool(extreme),
            )
            group = groups.get(key)
            if group is None:
                group = groups[key] = _Group(key, count, len(found))
                found.append(group)
            logged[alike] = group.id
        gids = list(map(logged.__getitem__, keys()))
        for gid, games in Counter(gids).items():
            found[gid].games = games
        for gid, wins in Counter(compress(gids, won)).items():
            found[gid].wins = wins
        # Each group's first game in the log: read backwards, the first is written last.
        for gid, place in dict(zip(reversed(gids), range(count - 1, -1, -1), strict=True)).items():
            found[gid].first = place
        # Each naming column's values as logged (the filters' choices): those of the groups.
        self.names: dict[NamedColumn, set[str]] = {
            "final_girl": {alike[0] for alike in logged},
            "killer": {alike[1] for alike in logged},
            "location": {alike[2] for alike in logged},
            "setup": {alike[3] or "" for alike in logged},
        }
        # What varies inside a group (the Dark Power, the Finale, the Boiler Room's figures),
        # in the log's order: over every game at once for the Statistics as they open, group
        # by group only when a filter first chooses some of the groups (``_tally_groups``).
        self._by_log = (gids, won)
        self._own_columns = columns[9:11]
        self._boiler_columns = columns[11:]
        self._grouped = False
        self._totals: tuple[int, int, int, int] | None = None
        self._own_tallies: tuple[dict[str, list[int]], dict[str, list[int]]] | None = None
        # In the order played, as statistics sorts them (a stable sort by when played): a log
        # mostly written in that order already is kept as it is.
        if all(map(operator.le, whens, islice(whens, 1, None))):
            self.played, self.won, self.gids = entries, won, gids
        else:
            order = sorted(range(count), key=whens.__getitem__)
            self.played = list(map(entries.__getitem__, order))
            self.won = bytearray(map(won.__getitem__, order))
            self.gids = list(map(gids.__getitem__, order))
            whens.sort()
        # LogEntry.day, each day's text once (240,000 games: 14 MB of copies otherwise)
        self.days = list(map(sys.intern, map(_DAY, whens)))
        self._standings: list[Standing] | None = None
        self._own: tuple[list[Earned], dict[str, tuple[int, int]]] | None = None
        self._coverage: dict[Collection, Coverage] = {}

    # Statistics -------------------------------------------------------------------------------

    def statistics(
        self, filters: Filters | None = None, community_figures: Community | None = None
    ) -> Statistics:
        """``digest.statistics`` of these games: the same figures, added up over the groups."""
        figures = community_figures or community()
        filters = filters or Filters()
        chosen = bytes(_accepts(filters, g.key) for g in self.groups)
        low, high = 0, len(self.played)
        if filters.since:
            low = bisect_left(self.days, filters.since)
        if filters.until:
            high = bisect_right(self.days, filters.until)
        tallies: _Tallies = {title: {} for title in _TITLES}
        if low == 0 and high == len(self.played) and not filters.extra:
            counted = self._count_groups(chosen, tallies)
        else:
            counted = self._count_games(chosen, low, high, filters, tallies)
        return self._figures(filters, figures, tallies, counted)

    def _count_groups(self, chosen: bytes, tallies: _Tallies) -> _Counted:
        """Whole groups: their tallies add up; every group, and the whole log's do."""
        wins = dreams = dream_attacks = cards = card_attacks = 0
        places: Sequence[int]
        every = all(chosen)
        if every:
            places = range(len(self.played))
            dreams, dream_attacks, cards, card_attacks = self._boiler_totals()
            for title, own in zip(_OWN_TITLES, self._own_totals(), strict=True):
                for value, (w, g) in own.items():
                    _add(tallies[title], value, w, g)
        else:
            places = list(compress(range(len(self.played)), map(chosen.__getitem__, self.gids)))
            self._tally_groups()
        for group, keep in zip(self.groups, chosen, strict=True):
            if not keep:
                continue
            wins += group.wins
            for title, value in zip(_KEY_TITLES, _values(group.key), strict=True):
                _add(tallies[title], value, group.wins, group.games)
            if every:
                continue
            dreams += group.dreams
            dream_attacks += group.dream_attacks
            cards += group.cards
            card_attacks += group.card_attacks
            for title, own in zip(_OWN_TITLES, (group.powers, group.finales), strict=True):
                for value, (w, g) in own.items():
                    _add(tallies[title], value, w, g)
        return places, wins, (dreams, dream_attacks, cards, card_attacks)

    def _count_games(
        self, chosen: bytes, low: int, high: int, filters: Filters, tallies: _Tallies
    ) -> _Counted:
        """Dates or tests of the caller's own: game by game, over the days chosen."""
        wins = dreams = dream_attacks = cards = card_attacks = 0
        places = [
            n
            for n in range(low, high)
            if chosen[self.gids[n]] and all(test(self.played[n]) for test in filters.extra)
        ]
        for n in places:
            entry = self.played[n]
            w = self.won[n]
            wins += w
            dreams += entry.full_dreams or 0
            dream_attacks += entry.full_dream_attacks or 0
            cards += entry.boiler_cards or 0
            card_attacks += entry.boiler_attacks or 0
            values = (
                *_values(self.groups[self.gids[n]].key),
                entry.dark_power or UNREVEALED,
                entry.finale or UNREVEALED,
            )
            for title, value in zip((*_KEY_TITLES, *_OWN_TITLES), values, strict=True):
                _add(tallies[title], value, w, 1)
        return places, wins, (dreams, dream_attacks, cards, card_attacks)

    def _figures(
        self, filters: Filters, figures: Community, tallies: _Tallies, counted: _Counted
    ) -> Statistics:
        """The statistics of the games counted, each rate beside the community's."""
        places, wins, boiler = counted
        so_far = list(accumulate(map(self.won.__getitem__, places)))
        games = len(so_far)
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
                for value, (w, g) in sorted(
                    tallies[title].items(), key=lambda kv: (-kv[1][1], kv[0])
                )
            ]
            for title, key, table in DIMENSIONS
        }
        return Statistics(
            overall=Rate(
                ALL_GAMES,
                wins,
                games,
                figures.like_for_like(
                    subset,
                    {"killer": tallies["Killer"].keys(), "location": tallies["Location"].keys()},
                )
                if games
                else None,
            ),
            breakdowns=breakdowns,
            over_time=OverTime(self.days, self.won, places, so_far),
            boiler=BoilerFigures(*boiler),
            community_source=figures.source,
            community_date=figures.date,
            community_overall=figures.overall,
            community_gaps=tuple(title for key, title in GAP_TITLES.items() if key in subset),
        )

    def _boiler_totals(self) -> tuple[int, int, int, int]:
        """The Boiler Room's figures summed over every game (what is not known adds nothing)."""
        if self._totals is None:
            dreams, dream_attacks, cards, card_attacks = (
                sum(filter(None, column)) for column in self._boiler_columns
            )
            self._totals = (dreams, dream_attacks, cards, card_attacks)
        return self._totals

    def _own_totals(self) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """The Dark Powers' and the Finales' tallies (value -> [wins, games]) over every game."""
        if self._own_tallies is None:
            both = []
            for column in self._own_columns:
                games_of = Counter(column)
                wins_of = Counter(compress(column, self._by_log[1]))
                tally: dict[str, list[int]] = {}
                for value, games in games_of.items():
                    _add(tally, value or UNREVEALED, wins_of.get(value, 0), games)
                both.append(tally)
            self._own_tallies = (both[0], both[1])
        return self._own_tallies

    def _tally_groups(self) -> None:
        """Each group's own Dark Power and Finale tallies and Boiler Room sums, made when a
        filter first chooses some groups and not others."""
        if self._grouped:
            return
        found, (gids, won) = self.groups, self._by_log
        # Counted in C by (group, value, won), then added up in Python over the few thousand
        # values counted, not the games.
        for column, into in zip(self._own_columns, ("powers", "finales"), strict=True):
            tallies: list[dict[str, list[int]]] = [getattr(group, into) for group in found]
            for (gid, value, w), games in Counter(zip(gids, column, won, strict=True)).items():
                tally = tallies[gid]
                value = value or UNREVEALED
                count = tally.get(value)
                if count is None:
                    count = tally[value] = [0, 0]
                if w:
                    count[0] += games
                count[1] += games
        for into, column in zip(_BOILER_SUMS, self._boiler_columns, strict=True):
            sums = [0] * len(found)
            for (gid, value), times in Counter(zip(gids, column, strict=True)).items():
                if value:
                    sums[gid] += value * times
            for group, total in zip(found, sums, strict=True):
                setattr(group, into, total)
        self._grouped = True

    # What does not depend on the filters: computed once -------------------------------------

    def standings(self) -> list[Standing]:
        """``achievements.standings`` of the log (every published achievement)."""
        if self._standings is None:
            self._standings = standings(self.played, in_order=True)
        return self._standings

    def own_achievements(self) -> tuple[list[Earned], dict[str, tuple[int, int]]]:
        """The companion's own: ``own_achievements.achievements`` and ``progress`` of the log."""
        if self._own is None:
            self._own = (achievements(self.played, in_order=True), progress(self.played))
        return self._own

    def coverage(self, owned: Collection) -> Coverage:
        """``coverage.coverage`` of the log over the boxes ``owned``."""
        found = self._coverage.get(owned)
        if found is None:
            cells: dict[tuple[str, str], Tally] = {}
            girls: dict[str, Tally] = {}
            for group in sorted(self.groups, key=lambda g: g.first):
                girl, killer, location = group.key[:3]
                pair = cells.get((killer, location), Tally())
                cells[killer, location] = Tally(pair.played + group.games, pair.won + group.wins)
                hers = girls.get(girl, Tally())
                girls[girl] = Tally(hers.played + group.games, hers.won + group.wins)
            found = self._coverage[owned] = grid(cells, girls, owned)
        return found


def _read_columns(entries: Sequence[LogEntry]) -> list[list[Any]]:
    """The digest's columns of ``entries``, read a chunk of games at a time."""
    columns: list[list[Any]] = [[] for _ in range(_WIDTH)]
    for at in range(0, len(entries), _CHUNK):
        part = zip(*map(_COLUMNS, islice(entries, at, at + _CHUNK)), strict=True)
        for column, values in zip(columns, part, strict=True):
            column.extend(values)
    return columns


def _values(key: GroupKey) -> tuple[str, ...]:
    """A group's values in the first six breakdowns (as ``digest.statistics`` names them)."""
    girl, killer, location, setup, epic, extreme = key
    return (
        girl or UNKNOWN,
        killer or UNKNOWN,
        location or UNKNOWN,
        setup or NO_SETUP_CARD,
        EPIC if epic else NOT_EPIC,
        EXTREME_HORROR if extreme else NORMAL,
    )


def _add(tally: dict[str, list[int]], value: str, wins: int, games: int) -> None:
    count = tally.get(value)
    if count is None:
        tally[value] = [wins, games]
    else:
        count[0] += wins
        count[1] += games


def _accepts(filters: Filters, key: GroupKey) -> bool:
    """``Filters.accepts`` for the games of a group, but for dates and the caller's tests."""
    for wanted, value in zip(
        (filters.final_girl, filters.killer, filters.location, filters.setup), key, strict=False
    ):
        if wanted is WITHOUT:
            if value:
                return False
        elif wanted and value != wanted:
            return False
    if filters.epic is not None and key[4] != filters.epic:
        return False
    return filters.extreme_horror is None or key[5] == filters.extreme_horror


def statistics(
    entries: Iterable[LogEntry],
    filters: Filters | None = None,
    community_figures: Community | None = None,
) -> Statistics:
    """Win rates overall and by each breakdown, results over time, the Boiler Room figure.

    The games are grouped once (``LogDigest``); a view that shows the same
    games under several filters keeps the digest and asks it."""
    return LogDigest(list(entries)).statistics(filters, community_figures)


# The digest of the log last shown, kept while its games are the same (the same entries, as
# the store hands them out again while the log is unchanged): opening the Statistics again
# finds everything computed.
_LAST: list[LogDigest] = []


def digest_of(entries: Sequence[LogEntry]) -> LogDigest:
    """The digest of these games: the last one made, when they are the very same entries."""
    if _LAST:
        last = _LAST[0].entries
        if len(last) == len(entries) and all(map(operator.is_, last, entries)):
            return _LAST[0]
    digest = LogDigest(entries)
    _LAST[:] = [digest]
    return digest


def forget_digests() -> None:
    """Forget the digest kept (the benchmarks' first opening)."""
    _LAST.clear()
