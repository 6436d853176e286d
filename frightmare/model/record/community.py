"""The community's figures: their published win rates to compare with (``community``, the
packaged ``community-stats.json``), and the community form a logged game's answers go in.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.record.collection import catalogue
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, Revive

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
    return "\t".join(answer for _question, answer in community_form(entry))


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
