"""The box's 21 published achievements (``resources/achievements.json``): what one game's
journal shows of each, what the play log shows over all games, and how close the player is.

Each achievement needs one of four things (the file's ``needs``):

- ``result``: the columns of a finished game (who, where, the result, the difficulty, the
  Finale, the revive), read from its play-log line;
- ``history``: several games (five different Locations against Dr. Fright);
- ``log``: what happened during the game, read from its journal: the typed actions and the
  typed events each produced (``read_journal``), never their English text and never a
  comparison of two states;
- ``player``: only the player can say (the game summary asks one yes/no question).

A game's ``log`` and ``player`` findings travel in its play-log line (``achievements``, one
``id=n`` mark per achievement: how far the game got, ``n`` at least the achievement's count
meaning earned; a ``player`` one the game could have earned is ``id=?`` until the player
answers, then ``id=1`` or ``id=0``), so the statistics and the summary never need the journal
again, and past games are scanned once (``scan_entry``).

>>> book = default_achievements()
>>> len(book), sum(a.box == "Dr. Fright" for a in book)
(21, 10)
>>> parse_marks("maple-two-crucifixes=2 fright-rest-to-sleep=1")["maple-two-crucifixes"]
2
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frightmare.i18n import N_, _, ngettext
from frightmare.model.box.names import shown
from frightmare.model.record.collection import catalogue
from frightmare.model.record.journal_facts import ASK, DR_FRIGHT, MAPLE_LANE, journal_marks
from frightmare.model.record.log_entry import UNREVEALED, LogEntry
from frightmare.model.values import frozen

if TYPE_CHECKING:
    from frightmare.model.history import History


Needs = Literal["result", "history", "log", "player"]
Half = Literal["Dr. Fright", "Maple Lane"]
MAX_ID = 60


class AchievementsError(ValueError):
    """The achievements file is wrong: the message names the entry."""


class Published(BaseModel):
    """One published achievement, named and summed up in the app's own words."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9-]{1,60}$")
    box: Half
    name: str = Field(min_length=1, max_length=80)
    requirement: str = Field(min_length=1, max_length=300)
    needs: Needs
    count: int | None = Field(default=None, ge=1, le=99)
    doubt: str | None = Field(default=None, max_length=400)

    @property
    def need(self) -> int:
        """How far a game (or the log) must get: the count, or 1."""
        return self.count or 1


class _File(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    confidence: str
    source: str
    achievements: tuple[Published, ...]


def load_achievements(text: str) -> tuple[Published, ...]:
    try:
        data = _File.model_validate(json.loads(text))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise AchievementsError(
            _("The achievements file is wrong at {where}: {problem}").format(
                where=where, problem=first["msg"]
            )
        ) from None
    ids = [a.id for a in data.achievements]
    if len(ids) != len(set(ids)):
        raise AchievementsError(_("The achievements file lists an id twice"))
    unknown = [a.id for a in data.achievements if a.id not in DETECTORS]
    if unknown:
        raise AchievementsError(
            _("The app does not know how to detect {ids} (keep each id as it is)").format(
                ids=", ".join(unknown)
            )
        )
    return data.achievements


@cache
def default_achievements() -> tuple[Published, ...]:
    text = resources.files("frightmare.resources").joinpath("achievements.json")
    return load_achievements(text.read_text("utf-8"))


# The questions, asked the way a player would be (shown with ``_``).
QUESTIONS = {
    "fright-boiler-room-hit-back": N_(
        "Did you hit back, with at least one success, at an attack a Boiler Room card triggered?"
    ),
    "maple-booby-trap-kill": N_("Did an Odds and Ends (booby-trap) token kill an Enemy?"),
}


def questions(entry: LogEntry, book: Sequence[Published] | None = None) -> list[Published]:
    """The yes/no questions the summary asks for this game: the ``player`` achievements its
    journal says it could have earned, not answered yet."""
    marks = parse_marks(entry.achievements)
    return [a for a in book or default_achievements() if marks.get(a.id) == ASK]


def answered(entry: LogEntry, achievement: str, yes: bool) -> LogEntry:
    """The game's line with the player's answer to one question."""
    marks = parse_marks(entry.achievements)
    marks[achievement] = int(yes)
    return entry.with_values(achievements=marks_text(marks))


def parse_marks(text: str | None) -> dict[str, int]:
    """A play-log line's ``achievements`` column (``id=n`` marks); unreadable marks skipped."""
    return dict(_parsed(text or ""))


def forget_marks() -> None:
    """Forget the marks read so far (the benchmark's first opening)."""
    _parsed.cache_clear()


@lru_cache(maxsize=16384)
def _parsed(text: str) -> tuple[tuple[str, int], ...]:
    # Remembered, and read without a regular expression: Statistics reads every line's.
    marks = []
    for token in text.split():
        key, equals, value = token.partition("=")
        if not equals or not key or len(key) > MAX_ID:
            continue
        if value == "?":
            marks.append((key, ASK))
        elif value.isdigit() and len(value) <= 3:
            marks.append((key, int(value)))
    return tuple(marks)


NO_MARKS = "-"  # a line scanned (or recorded) with nothing to mark: never scanned again


def marks_text(marks: Mapping[str, int]) -> str:
    return " ".join(f"{k}={'?' if v == ASK else v}" for k, v in sorted(marks.items())) or NO_MARKS


# Over the play log ------------------------------------------------------------------------


@frozen
class _Game:
    """One logged game as the achievements read it (names through the catalogue, once)."""

    entry: LogEntry
    fright: bool
    maple: bool
    killer: str
    location: str

    @classmethod
    def of(cls, entry: LogEntry) -> _Game:
        book = catalogue()
        killer = book.canonical("killer", entry.killer)
        location = book.canonical("location", entry.location)
        return cls(entry, killer == DR_FRIGHT, location == MAPLE_LANE, killer, location)


def _result_mark(achievement: str, game: _Game) -> int:
    """The ``result`` achievements, from the line's columns."""
    entry = game.entry
    if not entry.won:
        return 0
    if achievement == "maple-win":
        return int(game.maple)
    if not game.fright:
        return 0
    if achievement == "fright-beat-on-maple-lane":
        return int(game.maple)
    if achievement == "fright-beat-extreme":
        return int(bool(entry.extreme_horror))
    if achievement == "fright-beat-after-revive":
        return int(entry.final_health_revive in ("him", "both") or bool(entry.never_really_dead))
    if achievement == "fright-beat-before-finale":
        return int((entry.finale or UNREVEALED) == UNREVEALED)
    return 0


def _history_key(achievement: str, game: _Game) -> str | None:
    """What a won game adds to a ``history`` achievement's collection (a Location he was
    beaten on, a Killer beaten on Maple Lane), or ``None``."""
    if not game.entry.won:
        return None
    if achievement == "fright-beat-on-five-locations" and game.fright:
        return game.location
    if achievement == "maple-beat-five-killers" and game.maple:
        return game.killer
    return None


DETECTORS: dict[str, Needs] = {
    "fright-beat-on-maple-lane": "result",
    "fright-beat-on-five-locations": "history",
    "fright-beat-extreme": "result",
    "fright-boiler-room-unhurt": "log",
    "fright-boiler-room-hit-back": "player",
    "fright-damage-while-awake": "log",
    "fright-beat-after-revive": "result",
    "fright-three-boiler-cards-one-round": "log",
    "fright-rest-to-sleep": "log",
    "fright-beat-before-finale": "result",
    "maple-win": "result",
    "maple-beat-five-killers": "history",
    "maple-saved-by-cop-car": "log",
    "maple-search-each-quadrant": "log",
    "maple-item-by-convince": "log",
    "maple-search-whole-quadrant": "log",
    "maple-two-crucifixes": "log",
    "maple-three-events-win": "log",
    "maple-half-victims-killed-win": "log",
    "maple-two-road-blocks-win": "log",
    "maple-booby-trap-kill": "player",
}
# How each is detected, in the player's words (Statistics and the user guide say it, with
# ``_``).
HOW: dict[Needs, str] = {
    "result": N_("Read from the game's result."),
    "history": N_("Counted over your games."),
    "log": N_("Read from the game's journal."),
    "player": N_("The game summary asks you."),
}


def game_marks(entry: LogEntry, book: Sequence[Published] | None = None) -> dict[str, int]:
    """Every achievement's progress in this one game: its line's columns for ``result``
    ones, its journal's and its answers' marks for the others."""
    return _marks(_Game.of(entry), book or default_achievements())


def _marks(game: _Game, book: Sequence[Published]) -> dict[str, int]:
    stored = parse_marks(game.entry.achievements)
    marks: dict[str, int] = {}
    for a in book:
        if a.needs == "result":
            marks[a.id] = _result_mark(a.id, game)
        elif a.needs in ("log", "player") and a.id in stored:
            marks[a.id] = max(0, stored[a.id])
    return marks


@frozen
class Standing:
    """Where the player stands on one achievement: earned (the day and the game that
    earned it), or how close (``have`` of ``need``: the best game, or the log's count)."""

    achievement: Published
    earned: bool
    have: int
    need: int
    day: str = ""
    game: str = ""
    session: str = ""
    collected: tuple[str, ...] = ()  # a history achievement's Locations or Killers

    @property
    def progress(self) -> str:
        """How close, in words ("Dr. Fright defeated at 3 of 5 different Locations")."""
        a = self.achievement
        if self.earned:
            return _("earned {day}").format(day=self.day)
        if a.id == "fright-beat-on-five-locations":
            return ngettext(
                "Dr. Fright defeated at {have} of {need} different Locations",
                "Dr. Fright defeated at {have} of {need} different Locations",
                self.need,
            ).format(have=self.have, need=self.need)
        if a.id == "maple-beat-five-killers":
            return ngettext(
                "{have} of {need} different Killers beaten on Maple Lane",
                "{have} of {need} different Killers beaten on Maple Lane",
                self.need,
            ).format(have=self.have, need=self.need)
        if a.needs == "player":
            return _("not yet (a game summary asks you)")
        if a.count and self.have:
            return _("not yet: your best game {have} of {need}").format(
                have=self.have, need=self.need
            )
        return _("not yet")


def game_label(entry: LogEntry) -> str:
    """The game an achievement was earned in, as the record keeps it (English names: the
    standings are the same in every language; ``shown_game_label`` words it for a screen)."""
    return f"{entry.final_girl} vs {entry.killer}, {entry.location}"


def shown_game_label(entry: LogEntry) -> str:
    """``game_label`` as the player reads it (their edition's names)."""
    return _("{final_girl} vs {killer}, {location}").format(
        final_girl=shown("final_girl", entry.final_girl),
        killer=shown("killer", entry.killer),
        location=shown("location", entry.location),
    )


def standings(
    entries: Iterable[LogEntry],
    book: Sequence[Published] | None = None,
    *,
    in_order: bool = False,
) -> list[Standing]:
    """Every published achievement over the play log, in the file's order; the first game
    (by when it was played) that earned each dates it. ``in_order``: the entries are already
    in the order they were played (``digest`` keeps them so)."""
    book = book or default_achievements()
    games = list(entries) if in_order else sorted(entries, key=lambda e: e.when)
    first: dict[str, LogEntry] = {}
    best: dict[str, int] = defaultdict(int)
    collected: dict[str, list[str]] = defaultdict(list)
    need = {a.id: a.need for a in book}
    # The result achievements not earned yet (once earned, a game adds nothing to one: its
    # progress shows as earned), and the history ones, which list every key collected.
    results = [a.id for a in book if a.needs == "result"]
    several = [a.id for a in book if a.needs == "history"]
    journal = {a.id for a in book if a.needs in ("log", "player")}
    waiting = set(journal)  # the journal's achievements no game has earned yet
    canon = catalogue().canonical

    # Only a won game can earn a result or history achievement; a line's marks hold the rest.
    for entry in games:
        if entry.won:
            killer = canon("killer", entry.killer)
            location = canon("location", entry.location)
            game = _Game(entry, killer == DR_FRIGHT, location == MAPLE_LANE, killer, location)
            if results:
                for achievement in list(results):
                    have = _result_mark(achievement, game)
                    if have > best[achievement]:
                        best[achievement] = have
                    if have >= need[achievement]:
                        first[achievement] = entry
                        results.remove(achievement)
            for achievement in several:
                key = _history_key(achievement, game)
                if key is not None and key not in collected[achievement]:
                    collected[achievement].append(key)
                    if len(collected[achievement]) >= need[achievement]:
                        first.setdefault(achievement, entry)
        text = entry.achievements
        if not text or text == NO_MARKS or not waiting:
            continue
        # The hottest loop of Statistics (every mark of every game): once few are left to
        # earn, a line that names none of them is not read (an earned one's progress shows
        # as earned whatever the later games did).
        if len(waiting) <= 4 and not any(achievement in text for achievement in waiting):
            continue
        for achievement, have in _parsed(text):
            if achievement not in journal or have <= 0:
                continue
            if have > best[achievement]:
                best[achievement] = have
            if have >= need[achievement] and achievement not in first:
                first[achievement] = entry
                waiting.discard(achievement)
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


def earned_in(
    entry: LogEntry, log: Iterable[LogEntry] = (), book: Sequence[Published] | None = None
) -> list[Published]:
    """What the game in ``entry`` earned for the first time, for its summary: given the other
    games of the ``log`` (the game's own line in it, if any, left out).

    One pass over the others, in the log's order (whether an achievement is earned does not
    hang on the order, only its day does): what they had earned, and each history
    achievement's collection, which this game may complete. It read the log twice, sorted
    (the game finished into a log of 100,000 games waited seconds for its summary)."""
    book = book or default_achievements()
    session = entry.session
    others = [e for e in log if not (session and e.session == session)] if session else log
    before = standings(others, book, in_order=True)
    earned = {s.achievement.id for s in before if s.earned}
    # The game itself may be older than the log's others: its own marks count too.
    new = {a.id for a in book if game_marks(entry, book).get(a.id, 0) >= a.need} - earned
    if entry.won:
        game = _Game.of(entry)
        for standing in before:
            a = standing.achievement
            if a.needs != "history" or standing.earned:
                continue
            key = _history_key(a.id, game)
            if key is not None and len({*standing.collected, key}) >= a.need:
                new.add(a.id)
    return [a for a in book if a.id in new]


# Past games ----------------------------------------------------------------------------------


def scan_entry(entry: LogEntry, history: History | None) -> LogEntry:
    """A line logged before the app read achievements from the journal, given its marks:
    from the game's journal when it is still saved, otherwise what its columns tell (Boiler
    Room cards in one round, quadrants searched). Scanned once: afterwards it has marks."""
    if entry.achievements is not None:
        return entry
    if history is not None:
        marks = journal_marks(history)
    else:
        marks = {}
        game = _Game.of(entry)
        if entry.most_cards_in_a_round is not None and game.fright:
            marks["fright-three-boiler-cards-one-round"] = entry.most_cards_in_a_round
        if entry.quadrants_searched is not None and game.maple:
            marks["maple-search-each-quadrant"] = entry.quadrants_searched
    return entry.with_values(achievements=marks_text(marks))


def needs_scan(entries: Iterable[LogEntry]) -> list[LogEntry]:
    return [e for e in entries if e.achievements is None]
