"""The companion's own achievements: feats the box's published ones (``achievements``) do
not list, earned by one game (Not a Scratch, Nobody Left Behind) or over the whole play log
(every Finale, every Setup card won), recomputed from the log each time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from frightmare.i18n import N_
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.values import frozen


@frozen
class Achievement:
    """One of the companion's own: its key, and its name and description in English (shown
    with ``_``)."""

    key: str
    name: str
    description: str


# The companion's own: feats the box's published achievements (resources/achievements.json)
# do not list. Three or more Boiler Room cards in a round is the box's "Deep sleeper", a House
# searched in each quadrant its "Block tour": listed once, under the box's names.
ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement(
        "clean-escape",
        N_("Not a Scratch"),
        N_("Wake up from the Boiler Room without Dr. Fright attacking you once while you slept."),
    ),
    Achievement(
        "all-saved",
        N_("Nobody Left Behind"),
        N_("Win with every Victim saved: none killed, none left on the board."),
    ),
    Achievement(
        "every-finale",
        N_("Seen Every Ending"),
        N_("Win against each of Dr. Fright's Finales (over all your games)."),
    ),
    Achievement(
        "every-setup",
        N_("The Whole Street"),
        N_("Win with each of Maple Lane's Setup cards (over all your games)."),
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


@frozen
class Earned:
    achievement: Achievement
    day: str
    session: str


def _when_played(entry: LogEntry) -> str:
    return entry.when


def achievements(entries: Iterable[LogEntry], *, in_order: bool = False) -> list[Earned]:
    """Every achievement earned in the play log, with the day it was first earned.

    Recomputed from the log each time (never stored on its own). ``in_order``: the entries
    are already in the order they were played (``digest`` keeps them so).
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
    ``log`` of the other games (the game's own line in it, if any, is left out).

    One pass over the others, unsorted (a collection is complete or not whatever the order):
    it sorted the log and read it twice (a third of a second over 100,000 games)."""
    session = entry.session
    keys = {a.key for a in game_achievements(entry)}
    if entry.won:
        finales: set[str] = set()
        setups: set[str] = set()
        for other in log:
            if other.won and not (session and other.session == session):
                finales.add(other.finale or "")
                setups.add(other.setup or "")
        keys |= collections_completed(entry, finales, setups)
    return [a for a in ACHIEVEMENTS if a.key in keys]


def collections_completed(entry: LogEntry, finales: set[str], setups: set[str]) -> set[str]:
    """The collections (every Finale, every Setup card) the won game in ``entry`` completes,
    given the Finales and Setup cards the other games won with already."""
    keys: set[str] = set()
    for key, had, value, need in (
        ("every-finale", finales, entry.finale or "", set(_all_finales())),
        ("every-setup", setups, entry.setup or "", set(_all_setups())),
    ):
        if not need <= had and need <= {*had, value}:
            keys.add(key)
    return keys


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
