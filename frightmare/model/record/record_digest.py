"""The record in brief: what a game's summary needs of the play log, kept small enough to read
in a few milliseconds whatever the log's size (issue 33: a game finished into a log of 100,000
games waited a second for its summary, which read and validated every line).

A game's summary tells what the game earned for the first time (``achievements.earned_in``,
``own_achievements.achievements_for``). That hangs on the other games only through a few
tallies: how many games earned each published achievement on their own line, the Locations
Dr. Fright was beaten on and the Killers beaten on Maple Lane (each with its games), and the
Finales and Setup cards won with. Each game adds one ``Part`` to them, made from its line.

The digest keeps, for each game of the log (its latest line, as ``log_file.latest`` keeps
it), which part it added and where its line is in the log, by a 64-bit hash of its session id,
sorted: a game's line appended again (the summary's answers, say) takes its earlier part out
first. Lines without a session id each count, as ``latest`` keeps each. The store keeps the
digest beside the log and brings it up to date with each line appended
(``store.playlog.record_file``); a property test holds its answers equal to those read from
the whole log.

>>> digest = RecordDigest.empty()
>>> digest.games
0
"""

from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from frightmare.model.record.achievements import (
    Published,
    _Game,
    _history_key,
    default_achievements,
    game_marks,
)
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import (
    ACHIEVEMENTS,
    Achievement,
    _all_finales,
    _all_setups,
    game_achievements,
)

FIVE_LOCATIONS = "fright-beat-on-five-locations"
FIVE_KILLERS = "maple-beat-five-killers"


class Part(NamedTuple):
    """One game's part of the record: the published achievements its line earns on its own,
    the Location Dr. Fright was beaten on and the Killer beaten on Maple Lane (``""``: none),
    and, for a win, its Finale and Setup card (``""``: none; ``None``: not a win)."""

    earns: tuple[str, ...]
    location: str
    killer: str
    finale: str | None
    setup: str | None


def part_of(entry: LogEntry, book: Sequence[Published]) -> Part:
    """The part ``entry``'s game adds to the record."""
    marks = game_marks(entry, book)
    earns = tuple(a.id for a in book if marks.get(a.id, 0) >= a.need)
    game = _Game.of(entry)
    won = entry.won
    return Part(
        earns,
        _history_key(FIVE_LOCATIONS, game) or "",
        _history_key(FIVE_KILLERS, game) or "",
        (entry.finale or "") if won else None,
        (entry.setup or "") if won else None,
    )


def session_key(session: str) -> int:
    """A session id's 64-bit key (signed, as an ``array("q")`` holds it)."""
    return int.from_bytes(hashlib.blake2b(session.encode(), digest_size=8).digest(), signed=True)


def book_signature(book: Sequence[Published]) -> str:
    """What a digest's parts hang on in the book of achievements: a digest made with another
    book is made again."""
    text = "|".join(f"{a.id}:{a.needs}:{a.need}" for a in book)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


class RecordDigest:
    """The play log's games as their parts (see the module's docstring)."""

    def __init__(
        self,
        parts: list[Part],
        uses: list[int],
        keys: array[int],
        kinds: array[int],
        offsets: array[int],
        book: Sequence[Published] | None = None,
    ) -> None:
        self.parts = parts
        self.uses = uses  # each part's games
        self.keys = keys  # each game's session key, sorted
        self.kinds = kinds  # its part
        self.offsets = offsets  # where its line starts in the log
        self.book = tuple(book or default_achievements())
        self._ids = {part: n for n, part in enumerate(parts)}
        self._made: dict[tuple[object, ...], Part] = {}

    @classmethod
    def empty(cls, book: Sequence[Published] | None = None) -> RecordDigest:
        return cls([], [], array("q"), array("I"), array("q"), book)

    @classmethod
    def of(
        cls,
        entries: Iterable[LogEntry],
        offsets: Iterable[int] | None = None,
        book: Sequence[Published] | None = None,
    ) -> RecordDigest:
        """The digest of the log's lines in its order (a session's last line counts), each
        at its offset (``-1``: not known)."""
        digest = cls.empty(book)
        listed = list(entries)
        places = list(offsets) if offsets is not None else [-1] * len(listed)
        for entry, offset in zip(listed, places, strict=True):
            digest.add(entry, offset)
        return digest

    def copy(self) -> RecordDigest:
        return RecordDigest(
            list(self.parts),
            list(self.uses),
            array("q", self.keys),
            array("I", self.kinds),
            array("q", self.offsets),
            self.book,
        )

    @property
    def games(self) -> int:
        return sum(self.uses)

    # Kept up to date --------------------------------------------------------------------

    def _part(self, entry: LogEntry) -> int:
        # Games alike in every column a part reads share it (made once).
        look = (
            *(entry.won, entry.killer, entry.location, entry.extreme_horror),
            *(entry.final_health_revive, entry.never_really_dead, entry.finale, entry.setup),
            entry.achievements,
        )
        part = self._made.get(look)
        if part is None:
            part = self._made[look] = part_of(entry, self.book)
        found = self._ids.get(part)
        if found is None:
            found = self._ids[part] = len(self.parts)
            self.parts.append(part)
            self.uses.append(0)
        return found

    def add(self, entry: LogEntry, offset: int = -1) -> None:
        """A line appended to the log: its game's part (in place of its earlier line's)."""
        kind = self._part(entry)
        self.uses[kind] += 1
        if not entry.session:
            return
        key = session_key(entry.session)
        at = bisect_left(self.keys, key)
        if at < len(self.keys) and self.keys[at] == key:
            self.uses[self.kinds[at]] -= 1
            self.kinds[at] = kind
            self.offsets[at] = offset
        else:
            self.keys.insert(at, key)
            self.kinds.insert(at, kind)
            self.offsets.insert(at, offset)

    def offset_of(self, session: str) -> int | None:
        """Where the latest line of ``session`` starts in the log (``None``: not in it)."""
        key = session_key(session)
        at = bisect_left(self.keys, key)
        if at < len(self.keys) and self.keys[at] == key:
            return self.offsets[at]
        return None

    # The summary's questions ------------------------------------------------------------

    def _others(self, entry: LogEntry) -> Counter[int]:
        """Each part's games but the game of ``entry``'s (its line in the log, if any)."""
        uses = Counter({n: u for n, u in enumerate(self.uses) if u})
        if entry.session:
            key = session_key(entry.session)
            at = bisect_left(self.keys, key)
            if at < len(self.keys) and self.keys[at] == key:
                uses[self.kinds[at]] -= 1
        return uses

    def earned_in(
        self, entry: LogEntry, book: Sequence[Published] | None = None
    ) -> list[Published]:
        """``achievements.earned_in(entry, log)`` for the log this digest holds."""
        book = tuple(book or self.book)
        others = self._others(entry)
        earned: set[str] = set()
        locations: set[str] = set()
        killers: set[str] = set()
        for kind, games in others.items():
            if games <= 0:
                continue
            part = self.parts[kind]
            earned.update(part.earns)
            if part.location:
                locations.add(part.location)
            if part.killer:
                killers.add(part.killer)
        collected = {FIVE_LOCATIONS: locations, FIVE_KILLERS: killers}
        for a in book:
            if a.needs == "history" and len(collected.get(a.id, ())) >= a.need:
                earned.add(a.id)
        new = {a.id for a in book if game_marks(entry, book).get(a.id, 0) >= a.need} - earned
        if entry.won:
            game = _Game.of(entry)
            for a in book:
                if a.needs != "history" or a.id in earned:
                    continue
                key = _history_key(a.id, game)
                if key is not None and len({*collected.get(a.id, ()), key}) >= a.need:
                    new.add(a.id)
        return [a for a in book if a.id in new]

    def achievements_for(self, entry: LogEntry) -> list[Achievement]:
        """``own_achievements.achievements_for(entry, log)`` for the log this digest holds."""
        keys = {a.key for a in game_achievements(entry)}
        if entry.won:
            finales: set[str] = set()
            setups: set[str] = set()
            for kind, games in self._others(entry).items():
                part = self.parts[kind]
                if games > 0 and part.finale is not None and part.setup is not None:
                    finales.add(part.finale)
                    setups.add(part.setup)
            for key, had, value, need in (
                ("every-finale", finales, entry.finale or "", set(_all_finales())),
                ("every-setup", setups, entry.setup or "", set(_all_setups())),
            ):
                if not need <= had and need <= {*had, value}:
                    keys.add(key)
        return [a for a in ACHIEVEMENTS if a.key in keys]
