"""Win rates over the play log: the breakdowns and filters, the Wilson interval of each rate,
the Boiler Room's figure against best play, and one setup's record beside the community's
(``setup_line``). The figures themselves are added up by ``digest``.

>>> low, high = wilson(7, 10)
>>> round(low, 4), round(high, 4)
(0.3968, 0.8922)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from enum import Enum
from typing import TYPE_CHECKING, Literal

from frightmare.i18n import N_, _
from frightmare.model.box.names import NameKind, shown
from frightmare.model.game.boiler_room import ALL_ORDERS, Stack, expected_attacks
from frightmare.model.record.collection import catalogue
from frightmare.model.record.community import (
    Community,
    CommunityRate,
    community,
    pair_words,
    setup_words,
)
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, NamedColumn
from frightmare.model.values import frozen

if TYPE_CHECKING:
    from frightmare.model.game.setup import GameSetup


Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval

# Under best play (the Boiler Room odds the app shows), a whole dream of four cards costs
# 31/24 attacks on average: computed by the model from the deck's geometry, not typed in.
BEST_PLAY_ATTACKS_PER_DREAM: float = expected_attacks(Stack.start(), ALL_ORDERS)


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) with no games.

    >>> [round(x, 4) for x in wilson(0, 5)]
    [0.0, 0.4345]
    """
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(
            _("{wins} wins cannot come from {games} games").format(wins=wins, games=games)
        )
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


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
# Each breakdown: its title, how to read the value from an entry, the community table. The
# titles and the values are English (the statistics are the same in every language, and the
# values are compared with the community's): a screen shows them with ``shown_title`` and
# ``shown_value``.
DIMENSIONS: tuple[tuple[str, DimensionKey, str | None], ...] = (
    (N_("Final Girl"), "final_girl", None),
    (N_("Killer"), "killer", "killer"),
    (N_("Location"), "location", "location"),
    (N_("Setup card"), "setup", "setup"),
    (N_("Dark Power"), "dark_power", "dark_power"),
    (N_("Finale"), "finale", "finale"),
    (N_("Epic"), "epic", None),
    (N_("Difficulty"), "extreme_horror", None),
)
# The community form's two difficulties.
EXTREME_HORROR, NORMAL = N_("Extreme Horror"), N_("Normal")
EPIC, NOT_EPIC, UNKNOWN = N_("Epic"), N_("Not Epic"), N_("Unknown")
ALL_GAMES = N_("All games")
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


NO_SETUP_CARD = N_("No Setup card")  # the group of games played without one
# The breakdowns' values that are words, not names (shown with ``_``).
VALUE_WORDS = frozenset(
    {UNREVEALED, NO_SETUP_CARD, EPIC, NOT_EPIC, UNKNOWN, EXTREME_HORROR, NORMAL}
)
# The breakdowns whose values are names, and the names' kinds.
_TITLE_KINDS: dict[str, NameKind] = {
    "Final Girl": "final_girl",
    "Killer": "killer",
    "Location": "location",
    "Setup card": "setup",
    "Dark Power": "card",
    "Finale": "card",
}


def shown_title(title: str) -> str:
    """A breakdown's title (``DIMENSIONS``, ``GAP_TITLES``) as the player reads it."""
    return _(title)


def shown_value(title: str, value: str) -> str:
    """A breakdown's value (a ``Rate``'s label) as the player reads it: a word in their
    language, a name as their edition prints it (any other as logged).

    >>> shown_value("Dark Power", "Unrevealed"), shown_value("Killer", "Dr. Fright")
    ('Unrevealed', 'Dr. Fright')
    """
    kind = _TITLE_KINDS.get(title)
    if value in VALUE_WORDS or value == ALL_GAMES or kind is None:
        return _(value)
    return shown(kind, value)


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
        return EPIC if entry.epic else NOT_EPIC
    if key == "extreme_horror":  # an older line without the column: the form's "Normal"
        return EXTREME_HORROR if entry.extreme_horror else NORMAL
    if key == "dark_power":
        return entry.dark_power or UNREVEALED
    if key == "finale":
        return entry.finale or UNREVEALED
    if key == "setup":
        return entry.setup or NO_SETUP_CARD
    return _named(entry, key) or UNKNOWN


@frozen
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


@frozen
class TimePoint:
    """After the ``games``-th game (played on ``day``): wins so far."""

    day: str
    games: int
    wins: int
    won: bool

    @property
    def rate(self) -> float:
        return self.wins / self.games


@frozen
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


@frozen
class Statistics:
    """The figures for the games chosen. Each rate's ``community`` is the community's rate for
    the same games, or None where their figures do not count them apart; ``community_overall``
    is their rate over all their games, to be named as such, and ``community_gaps`` the choices
    their figures are not split by (("Final Girl", "Epic") when those are chosen)."""

    overall: Rate
    breakdowns: dict[str, list[Rate]]
    over_time: Sequence[TimePoint]  # a lazy ``digest.OverTime``
    boiler: BoilerFigures
    community_source: str = ""
    community_date: str = ""
    community_overall: CommunityRate | None = None
    community_gaps: tuple[str, ...] = ()

    @property
    def source(self) -> str:
        """Where the community's figures come from, in the player's words ("" when none)."""
        if not self.community_source:
            return ""
        return _("Community: {source}, data up to {date}.").format(
            source=_(self.community_source), date=self.community_date
        )


@frozen
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
GAP_TITLES = {
    "final_girl": N_("Final Girl"),
    "epic": N_("Epic"),
    "extreme_horror": N_("difficulty"),
    "date": N_("dates"),
    "extra": N_("choices"),
}

# Before the game ------------------------------------------------------------------------------

UNREVEALED_NOTE = N_("Unrevealed is high: those games mostly ended before the card came out.")


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
    # Each title is worded as the community's scope for the same games is (``scope_words``),
    # so the two compare in any language.
    parts: list[tuple[str, dict[str, str]]] = [
        (pair_words(killer, location), {"killer": killer, "location": location})
    ]
    if setup.setup_card:
        parts.append((setup_words(setup.setup_card), {"setup": setup.setup_card}))
    said = []
    for title, subset in parts:
        theirs = figures.lookup(subset)
        if theirs is None and "killer" in subset:  # no pair figure: his, then its
            for key in ("killer", "location"):
                if (alone := figures.lookup({key: subset[key]})) is not None:
                    theirs = alone
                    break
        wins, played = _yours(games, subset)
        if theirs is None:
            them = _("no community figure")
        else:
            # Translators: the community's win rate ("62.6%") and over how many of their games.
            them = _("the community {rate} of {games} games").format(
                rate=f"{100 * theirs.rate:.1f}%", games=theirs.games
            )
            if theirs.scope != title:
                # Translators: {figure} is the community's rate, {scope} which games it counts.
                them = _("{figure} ({scope})").format(figure=them, scope=theirs.scope)
        yours = (
            _("you won {wins} of {played}").format(wins=wins, played=played)
            if played
            else _("not played by you yet")
        )
        said.append(
            # Translators: a setup's record: which games, the community's figure, the player's.
            _("{title}: {community}; {yours}.").format(title=title, community=them, yours=yours)
        )
    return " ".join(said)
