"""The player's record: one game's figures from its journal, statistics over the play log,
Wilson intervals, the community's rates to compare with, and achievements.

Pure Python (no Qt, no files but the packaged community figures). A play-log entry is a
validated ``LogEntry`` (``frightmare.model.record.log_entry``): the store reads and writes it, this
module reads its typed columns.

>>> low, high = wilson(7, 10)
>>> round(low, 4), round(high, 4)
(0.3968, 0.8922)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import Enum
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from frightmare.model.game.boiler_room import ALL_ORDERS, Stack, expected_attacks
from frightmare.model.game.setup import DR_FRIGHT, MAPLE_LANE
from frightmare.model.record.collection import catalogue
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, NamedColumn, Revive

if TYPE_CHECKING:
    from frightmare.model.game.setup import GameSetup
    from frightmare.model.game.state import GameState
    from frightmare.model.history import History

__all__ = ["UNREVEALED", "LogEntry"]

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval

# Under best play (the Boiler Room odds the app shows), a whole dream of four cards costs
# 31/24 attacks on average: computed by the model from the deck's geometry, not typed in.
BEST_PLAY_ATTACKS_PER_DREAM: float = expected_attacks(Stack.start(), ALL_ORDERS)

# The Convince card's result lines, in the order the results column lists them.
CONVINCE_RESULTS = ("3+", "2", "1", "fail-enter", "fail-return")


# One game's figures ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameFigures:
    """The play log's extra columns for one game, read from its journal. Dr. Fright's
    figures are ``None`` unless he is the Killer, Maple Lane's unless she is there."""

    started: str | None = None
    ended: str | None = None
    extreme_horror: bool = False
    final_health_revive: Revive = "neither"
    finale: str = UNREVEALED
    dark_power: str = UNREVEALED
    fell_asleep: int | None = None
    boiler_cards: int | None = None
    boiler_attacks: int | None = None
    deck_resets: int | None = None
    never_really_dead: bool | None = None
    end_awake: bool | None = None
    full_dreams: int | None = None
    full_dream_attacks: int | None = None
    clean_escapes: int | None = None
    most_cards_in_a_round: int | None = None
    convince_attempts: int | None = None
    convince_successes: int | None = None
    convince_results: str | None = None
    houses_searched: int | None = None
    quadrants_searched: int | None = None
    items_found: int | None = None
    victims_left: int = 0
    # The published achievements' marks from the journal (``model.achievements``).
    achievements: str = "-"

    def columns(self) -> dict[str, str | int | bool | None]:
        """Column name -> value, in the order the CSV export shows them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# The columns game_figures adds to a play-log line, in the order the CSV export shows them.
FIGURE_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(GameFigures))
# Dr. Fright's own figures (only in his games) and Maple Lane's (only there).
FRIGHT_COLUMNS = FIGURE_COLUMNS[6:16]
MAPLE_LANE_COLUMNS = FIGURE_COLUMNS[16:22]


def _revive(state: GameState) -> Revive:
    """Final Health revive, the community form's answer: neither, him, her or both."""
    her = state.counters.final_health == "used"
    him = state.counters.killer_final_health == "used"
    answers: dict[tuple[bool, bool], Revive] = {
        (False, False): "neither",
        (True, False): "her",
        (False, True): "him",
    }
    return answers.get((her, him), "both")


def game_figures(
    history: History,
    started: datetime | str | None = None,
    ended: datetime | str | None = None,
) -> GameFigures:
    """The play log's extra columns for one game, read from its journal up to the cursor.

    Dr. Fright's figures are filled only when he is the Killer, Maple Lane's only on Maple
    Lane (``None`` otherwise). Start and end times come from the store.

    >>> from frightmare.model import GameSetup, History, new_game
    >>> from frightmare.model.actions.dream import FallAsleep, Slide
    >>> h = History(new_game(GameSetup(), seed=1))
    >>> _ = h.do(FallAsleep()); _ = h.do(Slide(direction="up"))
    >>> f = game_figures(h)
    >>> f.fell_asleep, f.boiler_cards, f.end_awake, f.finale
    (1, 1, False, 'Unrevealed')
    """
    from frightmare.model.record.achievements import journal_marks, marks_text, read_journal

    end = history.state
    setup = end.setup
    facts = read_journal(history)
    figures = GameFigures(
        started=_when(started),
        ended=_when(ended),
        extreme_horror=setup.extreme_horror,
        final_health_revive=_revive(end),
        finale=end.finale or UNREVEALED,
        dark_power=end.dark_power or UNREVEALED,
        victims_left=end.table.total_victims(),
        achievements=marks_text(journal_marks(history)),
    )
    if setup.has_dr_fright:
        figures = _replace(
            figures,
            fell_asleep=facts.fell_asleep,
            boiler_cards=facts.boiler_cards,
            boiler_attacks=facts.boiler_attacks,
            deck_resets=facts.deck_resets,
            never_really_dead=facts.never_really_dead or end.counters.killer_final_health == "used",
            end_awake=end.dream.awake,
            full_dreams=facts.full_dreams,
            full_dream_attacks=facts.full_dream_attacks,
            clean_escapes=facts.clean_escapes,
            most_cards_in_a_round=facts.most_cards_in_a_round,
        )
    if setup.on_maple_lane:
        board = end.board
        results = facts.convince_results
        figures = _replace(
            figures,
            convince_attempts=facts.convince_attempts,
            convince_successes=facts.convince_successes,
            convince_results=" ".join(
                f"{r}:{results[r]}"
                for r in sorted(results, key=(*CONVINCE_RESULTS, *sorted(results)).index)
            ),
            houses_searched=len(facts.houses),
            quadrants_searched=len({board.quadrant(h) for h in facts.houses if board.is_house(h)}),
            items_found=facts.items_found,
        )
    return figures


def _replace(figures: GameFigures, **values: int | bool | str | None) -> GameFigures:
    from dataclasses import replace

    return replace(figures, **values)  # type: ignore[arg-type]


def with_figures(entry: LogEntry, figures: GameFigures) -> LogEntry:
    """The entry with the game's figures in their columns (validated like any line)."""
    return entry.with_values(**figures.columns())


def _when(value: datetime | str | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    return value or None


def _yes(value: bool) -> str:
    return "yes" if value else "no"


# The community form ---------------------------------------------------------------------------

FORM_QUESTIONS = (
    "Final Girl",
    "Killer",
    "Location",
    "Who won?",
    "Final Health revive",
    "Difficulty",
    "Setup card",
    "Finale",
    "Dark Power",
)
_REVIVE_ANSWERS: dict[Revive, str] = {
    "neither": "Neither",
    "him": "The Killer",
    "her": "The Final Girl",
    "both": "Both",
}


def community_form(entry: LogEntry) -> list[tuple[str, str]]:
    """One logged game's answers to the community form, question by question, in its order.

    >>> answers = community_form(LogEntry.from_row({"date": "2026-11-01",
    ...     "final_girl": "Nancy", "killer": "Dr. Fright", "location": "Maple Lane",
    ...     "result": "win", "setup": "Revenge"}))
    >>> [a for _, a in answers]  # doctest: +NORMALIZE_WHITESPACE
    ['Nancy', 'Dr. Fright', 'Maple Lane', 'Final Girl', 'Neither', 'Normal', 'Revenge',
     'Unrevealed', 'Unrevealed']
    """
    answers = (
        entry.final_girl,
        entry.killer,
        entry.location,
        "Final Girl" if entry.won else "Killer",
        _REVIVE_ANSWERS[entry.final_health_revive or "neither"],
        "Extreme Horror" if entry.extreme_horror else "Normal",
        entry.setup or "None",
        entry.finale or UNREVEALED,
        entry.dark_power or UNREVEALED,
    )
    return list(zip(FORM_QUESTIONS, answers, strict=True))


def community_form_text(entry: LogEntry) -> str:
    """The answers on one line, separated by tabs: pasted into a sheet, one per cell."""
    return "\t".join(answer for _, answer in community_form(entry))


# Wilson intervals -----------------------------------------------------------------------------


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) with no games.

    >>> [round(x, 4) for x in wilson(0, 5)]
    [0.0, 0.4345]
    """
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins cannot come from {games} games")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


# The community's figures ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommunityRate:
    """One of the community's win rates, and which of their games it counts, in words
    ("all their games", "Dr. Fright on Maple Lane", "Setup card Revenge")."""

    rate: float
    games: int
    scope: str = ""


# The play-log columns the community's figures are split by. Their Setup card figures count
# Maple Lane's games (the Setup cards are Maple Lane's); their Dark Power and Finale figures
# count Dr. Fright's (his cards).
COMMUNITY_KEYS = ("killer", "location", "setup", "dark_power", "finale")
_IMPLIED = {
    "setup": ("location", MAPLE_LANE),
    "dark_power": ("killer", DR_FRIGHT),
    "finale": ("killer", DR_FRIGHT),
}
_SCOPES = {"setup": "Setup card", "dark_power": "Dark Power", "finale": "Finale"}


@dataclass(frozen=True, slots=True)
class Community:
    """Published win rates to compare with, and where they come from."""

    source: str
    date: str
    overall: CommunityRate
    tables: Mapping[str, Mapping[str, CommunityRate]]
    killer_on_location: Mapping[str, Mapping[str, CommunityRate]]

    def rate(self, dimension: str, value: str) -> CommunityRate | None:
        return self.tables.get(dimension, {}).get(value)

    def lookup(self, subset: Mapping[str, str]) -> CommunityRate | None:
        """The community's rate for exactly the games with these values (play-log column ->
        value), or None when their figures do not count those games apart.

        >>> community().lookup({"killer": "Dr. Fright", "location": "Maple Lane"}).games
        172
        >>> community().lookup({"final_girl": "Nancy"}) is None
        True
        """
        if any(key not in COMMUNITY_KEYS for key in subset):
            return None
        if not subset:
            return self.overall
        for key, (implied, value) in _IMPLIED.items():
            if key in subset:
                rest = {k: v for k, v in subset.items() if k != key}
                if rest and rest != {implied: value}:
                    return None
                return self.rate(key, subset[key])
        killer, location = subset.get("killer"), subset.get("location")
        if killer is not None and location is not None:
            return self.killer_on_location.get(killer, {}).get(location)
        if killer is not None:
            return self.rate("killer", killer)
        return self.rate("location", location or "")

    def like_for_like(
        self, subset: Mapping[str, str], seen: Mapping[str, Collection[str]]
    ) -> CommunityRate | None:
        """The community's rate for the games ``subset`` chooses; when all of them share one
        Killer or one Location (``seen``: column -> the values the games have), for the
        community's games with it too (the closest comparison). None when the community's
        figures do not count such games apart."""
        uniform: dict[str, str] = {}
        for key in ("killer", "location"):
            values = seen.get(key, ())
            if len(values) == 1 and key not in subset:
                uniform[key] = next(iter(values))
        tries = [uniform, *({k: v} for k, v in uniform.items()), {}]
        for extra in tries:
            found = self.lookup({**subset, **extra})
            if found is not None:
                return found
        return None


def _rate(data: Mapping[str, float], scope: str) -> CommunityRate:
    rate, games = float(data["rate"]), int(data["games"])
    if not (0 <= rate <= 1 and games >= 0):
        raise ValueError(f"a community rate must be a share from 0 to 1: {data!r}")
    return CommunityRate(rate, games, scope)


def _scope(key: str, name: str) -> str:
    if key == "killer":
        return f"games against {name}"
    if key == "location":
        return f"games on {name}"
    return f"{_SCOPES[key]} {name}"


def load_community(text: str) -> Community:
    """Read community figures (the packaged file, or a newer one in the same shape). Killers
    and Locations are keyed by the catalogue's names, whichever spelling the file uses (the
    community form's "Camp Happy Trail" is Camp Happy Trails)."""
    book = catalogue()
    data = json.loads(text)

    def name(key: str, text: str) -> str:
        if key == "killer":
            return book.killer_name(text)
        if key == "location":
            return book.location_name(text)
        return text

    tables = {
        key: {
            name(key, n): _rate(v, _scope(key, name(key, n))) for n, v in data.get(key, {}).items()
        }
        for key in COMMUNITY_KEYS
    }
    return Community(
        source=str(data["source"]),
        date=str(data["date"]),
        overall=_rate(data["overall"], "all their games"),
        tables=tables,
        killer_on_location={
            book.killer_name(k): {
                book.location_name(loc): _rate(
                    v, f"{book.killer_name(k)} on {book.location_name(loc)}"
                )
                for loc, v in places.items()
            }
            for k, places in data.get("killer_on_location", {}).items()
        },
    )


@cache
def community() -> Community:
    """The community figures shipped with the app (``resources/community-stats.json``)."""
    text = resources.files("frightmare.resources").joinpath("community-stats.json")
    return load_community(text.read_text("utf-8"))


# Statistics -----------------------------------------------------------------------------------

# A breakdown's column: a naming column, or the Dark Power, the Finale, Epic or not.
DimensionKey = Literal[
    "final_girl",
    "killer",
    "location",
    "setup",
    "dark_power",
    "finale",
    "epic",
    "extreme_horror",
]
# Each breakdown: its title, how to read the value from an entry, the community table.
DIMENSIONS: tuple[tuple[str, DimensionKey, str | None], ...] = (
    ("Final Girl", "final_girl", None),
    ("Killer", "killer", "killer"),
    ("Location", "location", "location"),
    ("Setup card", "setup", "setup"),
    ("Dark Power", "dark_power", "dark_power"),
    ("Finale", "finale", "finale"),
    ("Epic", "epic", None),
    ("Difficulty", "extreme_horror", None),
)
EXTREME_HORROR, NORMAL = "Extreme Horror", "Normal"  # the community form's two difficulties
# The order ``statistics`` reads the breakdowns' values in (it checks DIMENSIONS keeps it).
_DIMENSION_ORDER: tuple[DimensionKey, ...] = (
    "final_girl",
    "killer",
    "location",
    "setup",
    "dark_power",
    "finale",
    "epic",
    "extreme_horror",
)


NO_SETUP_CARD = "No Setup card"  # the group of games played without one


class Without(Enum):
    """A filter's choice of the games with nothing in a column (played without a Setup card):
    an id no name can be taken for, whatever the player calls a card."""

    VALUE = "without"


WITHOUT = Without.VALUE


def _named(entry: LogEntry, column: NamedColumn) -> str:
    """A naming column's value as the catalogue names it (the Evomorph whether logged as
    "Evomorph" or "The Evomorph"); a name it does not know, as typed."""
    value = entry.named(column)
    if column == "setup" or not value:
        return value
    return catalogue().canonical(column, value)


def _value(entry: LogEntry, key: DimensionKey) -> str:
    if key == "epic":
        return "Epic" if entry.epic else "Not Epic"
    if key == "extreme_horror":  # an older line without the column: the form's "Normal"
        return EXTREME_HORROR if entry.extreme_horror else NORMAL
    if key == "dark_power":
        return entry.dark_power or UNREVEALED
    if key == "finale":
        return entry.finale or UNREVEALED
    if key == "setup":
        return entry.setup or NO_SETUP_CARD
    return _named(entry, key) or "Unknown"


@dataclass(frozen=True, slots=True)
class Rate:
    """A win rate with its Wilson 95% interval and the community's rate for the same thing."""

    label: str
    wins: int
    games: int
    community: CommunityRate | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True, slots=True)
class TimePoint:
    """After the ``games``-th game (played on ``day``): wins so far."""

    day: str
    games: int
    wins: int
    won: bool

    @property
    def rate(self) -> float:
        return self.wins / self.games


@dataclass(frozen=True, slots=True)
class BoilerFigures:
    """Boiler Room attacks per whole dream (four cards) against best play's 31/24."""

    dreams: int
    attacks: int
    cards: int
    card_attacks: int
    expected: float = BEST_PLAY_ATTACKS_PER_DREAM

    @property
    def per_dream(self) -> float | None:
        return self.attacks / self.dreams if self.dreams else None


@dataclass(frozen=True, slots=True)
class Statistics:
    """The figures for the games chosen. Each rate's ``community`` is the community's rate for
    the same games, or None where their figures do not count them apart; ``community_overall``
    is their rate over all their games, to be named as such, and ``community_gaps`` the choices
    their figures are not split by (("Final Girl", "Epic") when those are chosen)."""

    overall: Rate
    breakdowns: dict[str, list[Rate]]
    over_time: Sequence[TimePoint]  # a lazy ``record_digest.OverTime``
    boiler: BoilerFigures
    source: str = ""
    community_overall: CommunityRate | None = None
    community_gaps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Filters:
    """Which logged games to count; ``None`` or empty means any, ``WITHOUT`` the games with
    nothing there (no Setup card)."""

    final_girl: str | Without | None = None
    killer: str | Without | None = None
    location: str | Without | None = None
    setup: str | Without | None = None
    epic: bool | None = None
    extreme_horror: bool | None = None
    since: str | None = None
    until: str | None = None
    extra: tuple[Callable[[LogEntry], bool], ...] = field(default=())

    def accepts(self, entry: LogEntry) -> bool:
        for key in NAMED_FILTERS:
            wanted = getattr(self, key)
            if wanted is WITHOUT:
                if entry.named(key):
                    return False
            elif wanted and _named(entry, key) != wanted:
                return False
        if self.epic is not None and entry.epic != self.epic:
            return False
        if self.extreme_horror is not None and bool(entry.extreme_horror) != self.extreme_horror:
            return False
        day = entry.day
        if self.since and day < self.since:
            return False
        if self.until and day > self.until:
            return False
        return all(test(entry) for test in self.extra)

    def subset(self) -> dict[str, str]:
        """The games chosen, as play-log column -> value ("" for none; "date" and "extra" for
        the choices no column holds), to find the community's rate for the same games."""
        chosen: dict[str, str] = {}
        for key in NAMED_FILTERS:
            wanted = getattr(self, key)
            if wanted is WITHOUT:
                chosen[key] = ""
            elif isinstance(wanted, str) and wanted:
                chosen[key] = wanted
        if self.epic is not None:
            chosen["epic"] = _yes(self.epic)
        if self.extreme_horror is not None:
            chosen["extreme_horror"] = _yes(self.extreme_horror)
        if self.since or self.until:
            chosen["date"] = f"{self.since or ''}..{self.until or ''}"
        if self.extra:
            chosen["extra"] = "yes"
        return chosen


# The filters that choose by name, and the titles of the choices the community's figures are
# not split by (for saying so).
NAMED_FILTERS: tuple[NamedColumn, ...] = ("final_girl", "killer", "location", "setup")
_GAP_TITLES = {
    "final_girl": "Final Girl",
    "epic": "Epic",
    "extreme_horror": "difficulty",
    "date": "dates",
    "extra": "choices",
}


def statistics(
    entries: Iterable[LogEntry],
    filters: Filters | None = None,
    community_figures: Community | None = None,
) -> Statistics:
    """Win rates overall and by each breakdown, results over time, the Boiler Room figure.

    The games are grouped once (``record_digest.LogDigest``); a view that shows the same
    games under several filters keeps the digest and asks it."""
    from frightmare.model.record.digest import LogDigest

    return LogDigest(list(entries)).statistics(filters, community_figures)


# Before the game ------------------------------------------------------------------------------

UNREVEALED_NOTE = "Unrevealed is high: those games mostly ended before the card came out."


def _yours(entries: Iterable[LogEntry], subset: Mapping[str, str]) -> tuple[int, int]:
    games = [e for e in entries if all(_subset_value(e, k) == v for k, v in subset.items())]
    return sum(e.won for e in games), len(games)


def _subset_value(entry: LogEntry, key: str) -> str:
    if key == "killer":
        return _named(entry, "killer")
    if key == "location":
        return _named(entry, "location")
    if key == "setup":
        return entry.setup or ""
    return ""


def setup_line(
    setup: GameSetup, entries: Iterable[LogEntry], figures: Community | None = None
) -> str:
    """Your record and the community's for this setup, in one line: the Killer on the
    Location, and on Maple Lane the Setup card ("Setup card Playtime: the community 62.6% of
    166 games; you won 3 of 5").

    >>> from frightmare.model.game.setup import GameSetup
    >>> print(setup_line(GameSetup(setup_card="Playtime"), []).replace(". Setup", ".\\nSetup"))
    Dr. Fright on Maple Lane: the community 75.6% of 172 games; not played by you yet.
    Setup card Playtime: the community 62.6% of 166 games; not played by you yet.
    """
    figures = figures or community()
    book = catalogue()
    games = list(entries)
    killer = book.killer_name(setup.killer)
    location = book.location_name(setup.location)
    parts: list[tuple[str, dict[str, str]]] = [
        (f"{killer} on {location}", {"killer": killer, "location": location})
    ]
    if setup.setup_card:
        parts.append((f"Setup card {setup.setup_card}", {"setup": setup.setup_card}))
    said = []
    for title, subset in parts:
        theirs = figures.lookup(subset)
        if theirs is None and "killer" in subset:  # no pair figure: his, then its
            for key in ("killer", "location"):
                if (alone := figures.lookup({key: subset[key]})) is not None:
                    theirs = alone
                    break
        wins, played = _yours(games, subset)
        them = (
            f"the community {100 * theirs.rate:.1f}% of {theirs.games} games"
            + ("" if theirs.scope == title else f" ({theirs.scope})")
            if theirs is not None
            else "no community figure"
        )
        yours = f"you won {wins} of {played}" if played else "not played by you yet"
        said.append(f"{title}: {them}; {yours}.")
    return " ".join(said)


# Achievements ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Achievement:
    key: str
    name: str
    description: str


# The companion's own: feats the box's published achievements (resources/achievements.json)
# do not list. Three or more Boiler Room cards in a round is the box's "Deep sleeper", a House
# searched in each quadrant its "Block tour": listed once, under the box's names.
ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement(
        "clean-escape",
        "Not a Scratch",
        "Wake up from the Boiler Room without Dr. Fright attacking you once while you slept.",
    ),
    Achievement(
        "all-saved",
        "Nobody Left Behind",
        "Win with every Victim saved: none killed, none left on the board.",
    ),
    Achievement(
        "every-finale",
        "Seen Every Ending",
        "Win against each of Dr. Fright's Finales (over all your games).",
    ),
    Achievement(
        "every-setup",
        "The Whole Street",
        "Win with each of Maple Lane's Setup cards (over all your games).",
    ),
)
BY_KEY = {a.key: a for a in ACHIEVEMENTS}


def _all_finales() -> tuple[str, ...]:
    """Dr. Fright's Finales, as the model lists them (imported late: the actions are big)."""
    from frightmare.model.actions.dream import FINALES

    return FINALES


def _all_setups() -> tuple[str, ...]:
    from frightmare.model.box.board import setup_card_names

    return setup_card_names()


def game_achievements(entry: LogEntry) -> list[Achievement]:
    """What one game earns on its own (from its play-log line, i.e. its journal's figures)."""
    earned = []
    if (entry.clean_escapes or 0) > 0:
        earned.append(BY_KEY["clean-escape"])
    if (
        entry.won
        and (entry.victims_saved or 0) > 0
        and entry.victims_killed == 0
        and entry.victims_left == 0
    ):
        earned.append(BY_KEY["all-saved"])
    return earned


@dataclass(frozen=True, slots=True)
class Earned:
    achievement: Achievement
    day: str
    session: str


def _when_played(entry: LogEntry) -> str:
    return entry.when


def achievements(entries: Iterable[LogEntry], *, in_order: bool = False) -> list[Earned]:
    """Every achievement earned in the play log, with the day it was first earned.

    Recomputed from the log each time (never stored on its own). ``in_order``: the entries
    are already in the order they were played (``record_digest`` keeps them so).
    """
    return _earned(list(entries) if in_order else sorted(entries, key=_when_played))


def _earned(games: Sequence[LogEntry]) -> list[Earned]:
    first: dict[str, Earned] = {}
    finales: set[str] = set()
    setups: set[str] = set()
    need_finales, need_setups = set(_all_finales()), set(_all_setups())
    own = {a.key for a in ACHIEVEMENTS} - {"every-finale", "every-setup"}
    for entry in games:
        # Once a game has earned it, later games add nothing to an achievement; once all
        # are earned, the rest of the log is not read.
        found = game_achievements(entry) if not own <= first.keys() else []
        if entry.won:
            finales.add(entry.finale or "")
            setups.add(entry.setup or "")
            if "every-finale" not in first and finales >= need_finales:
                found.append(BY_KEY["every-finale"])
            if "every-setup" not in first and setups >= need_setups:
                found.append(BY_KEY["every-setup"])
        for achievement in found:
            if achievement.key not in first:
                first[achievement.key] = Earned(achievement, entry.day, entry.session or "")
        if len(first) == len(ACHIEVEMENTS):
            break
    return [first[a.key] for a in ACHIEVEMENTS if a.key in first]


def achievements_for(entry: LogEntry, log: Iterable[LogEntry] = ()) -> list[Achievement]:
    """What the game in ``entry`` earned, for its game-over summary: its own achievements, and
    any collection (every Finale, every Setup card) it completes for the first time, given the
    ``log`` of the other games (the game's own line in it, if any, is left out)."""
    session = entry.session
    others = sorted((e for e in log if not (session and e.session == session)), key=_when_played)
    before = {e.achievement.key for e in _earned(others)}
    after = {e.achievement.key for e in _earned([*others, entry])}
    keys = {a.key for a in game_achievements(entry)} | (after - before)
    return [a for a in ACHIEVEMENTS if a.key in keys]


def progress(entries: Iterable[LogEntry]) -> dict[str, tuple[int, int]]:
    """How far the collection achievements are: key -> (have, need)."""
    finales: set[str] = set()
    setups: set[str] = set()
    for entry in entries:
        if entry.won:
            finales.add(entry.finale or "")
            setups.add(entry.setup or "")
    need_finales, need_setups = set(_all_finales()), set(_all_setups())
    return {
        "every-finale": (len(finales & need_finales), len(need_finales)),
        "every-setup": (len(setups & need_setups), len(need_setups)),
    }
