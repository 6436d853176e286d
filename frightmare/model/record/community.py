"""The community's figures: their published win rates to compare with (``community``, the
packaged ``community-stats.json``), and the community form a logged game's answers go in.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from functools import cache
from importlib import resources

from frightmare.i18n import N_, _
from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.box.names import NameKind, shown
from frightmare.model.record.collection import catalogue
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, Revive
from frightmare.model.values import frozen

# The community form's questions and answers are the community's sheet's own (English: the
# answers are pasted into it); a screen shows them with ``_`` (the names with ``names``).
FORM_QUESTIONS = (
    N_("Final Girl"),
    N_("Killer"),
    N_("Location"),
    N_("Who won?"),
    N_("Final Health revive"),
    N_("Difficulty"),
    N_("Setup card"),
    N_("Finale"),
    N_("Dark Power"),
)
_REVIVE_ANSWERS: dict[Revive, str] = {
    "neither": N_("Neither"),
    "him": N_("The Killer"),
    "her": N_("The Final Girl"),
    "both": N_("Both"),
}
# The form's answers that are words, not names (shown with ``_``).
FORM_WORDS = frozenset(
    {
        *_REVIVE_ANSWERS.values(),
        N_("Final Girl"),
        N_("Killer"),
        N_("Extreme Horror"),
        N_("Normal"),
        N_("None"),
        UNREVEALED,
    }
)


def community_form(entry: LogEntry) -> list[tuple[str, str]]:
    """One logged game's answers to the community form, question by question, in its order:
    in English, as the community's sheet takes them (``shown_form`` words them for a screen).

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


# The form's questions whose answers are names, and the names' kinds.
_NAMED_ANSWERS: dict[str, NameKind] = {
    "Final Girl": "final_girl",
    "Killer": "killer",
    "Location": "location",
    "Setup card": "setup",
    "Finale": "card",
    "Dark Power": "card",
}


def shown_form(entry: LogEntry) -> list[tuple[str, str]]:
    """``community_form`` as the player reads it: the questions and the answers' words in
    their language, the names as their edition prints them (the sheet takes the English)."""
    shown_answers: list[tuple[str, str]] = []
    for question, answer in community_form(entry):
        kind = _NAMED_ANSWERS.get(question)
        text = _(answer) if kind is None or answer in FORM_WORDS else shown(kind, answer)
        shown_answers.append((_(question), text))
    return shown_answers


def community_form_text(entry: LogEntry) -> str:
    """The answers on one line, separated by tabs: pasted into a sheet, one per cell."""
    return "\t".join(answer for _question, answer in community_form(entry))


@frozen
class CommunityRate:
    """One of the community's win rates, and which of their games it counts: ``about`` says
    so in data (the kind, then the English names: ``("pair", killer, location)``, ``("killer",
    name)``, ``("all",)``...), ``scope`` in the player's words ("all their games", "Dr. Fright
    on Maple Lane", "Setup card Revenge")."""

    rate: float
    games: int
    about: tuple[str, ...] = ()

    @property
    def scope(self) -> str:
        return scope_words(self.about)


def scope_words(about: tuple[str, ...]) -> str:
    """Which of the community's games a rate counts, in the player's words.

    >>> scope_words(("pair", "Dr. Fright", "Maple Lane")), scope_words(("finale", "Time to Die"))
    ('Dr. Fright on Maple Lane', 'Finale Time to Die')
    """
    kind, names = (about[0], about[1:]) if about else ("", ())
    if kind == "all":
        return _("all their games")
    if kind == "pair":
        return pair_words(*names)
    if kind == "killer":
        return _("games against {killer}").format(killer=shown("killer", names[0]))
    if kind == "location":
        return _("games on {location}").format(location=shown("location", names[0]))
    if kind == "setup":
        return setup_words(names[0])
    if kind == "dark_power":
        return _("Dark Power {card}").format(card=shown("card", names[0]))
    if kind == "finale":
        return _("Finale {card}").format(card=shown("card", names[0]))
    return " ".join(names)


def pair_words(killer: str, location: str) -> str:
    """A Killer on a Location, in the player's words ("Dr. Fright on Maple Lane")."""
    return _("{killer} on {location}").format(
        killer=shown("killer", killer), location=shown("location", location)
    )


def setup_words(card: str) -> str:
    """Maple Lane's Setup card, in the player's words ("Setup card Playtime")."""
    return _("Setup card {card}").format(card=shown("setup", card))


# The play-log columns the community's figures are split by. Their Setup card figures count
# Maple Lane's games (the Setup cards are Maple Lane's); their Dark Power and Finale figures
# count Dr. Fright's (his cards).
COMMUNITY_KEYS = ("killer", "location", "setup", "dark_power", "finale")
_IMPLIED = {
    "setup": ("location", MAPLE_LANE),
    "dark_power": ("killer", DR_FRIGHT),
    "finale": ("killer", DR_FRIGHT),
}


@frozen
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


def _rate(data: Mapping[str, float], *about: str) -> CommunityRate:
    rate, games = float(data["rate"]), int(data["games"])
    if not (0 <= rate <= 1 and games >= 0):
        raise ValueError(
            _("a community rate must be a share from 0 to 1: {rate}").format(rate=repr(data))
        )
    return CommunityRate(rate, games, about)


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
        key: {name(key, n): _rate(v, key, name(key, n)) for n, v in data.get(key, {}).items()}
        for key in COMMUNITY_KEYS
    }
    return Community(
        source=str(data["source"]),
        date=str(data["date"]),
        overall=_rate(data["overall"], "all"),
        tables=tables,
        killer_on_location={
            book.killer_name(k): {
                book.location_name(loc): _rate(
                    v, "pair", book.killer_name(k), book.location_name(loc)
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
