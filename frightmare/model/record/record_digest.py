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
import operator
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from frightmare.model.record.achievements import (
    NO_MARKS,
    Published,
    _Game,
    _history_key,
    _result_mark,
    default_achievements,
    game_marks,
    parse_marks,
)
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import (
    ACHIEVEMENTS,
    Achievement,
    collections_completed,
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


# A game's part, as the digest keeps it for each game: the achievements its line earns (one bit
# each, in the book's order) and where its names are in the digest's table of names (0: none).
Codes = tuple[int, int, int, int, int]
_FIELDS = ("masks", "locations", "killers", "finales", "setups")
_SESSION = operator.attrgetter("session")


class RecordDigest:
    """The play log's games as their parts (see the module's docstring): the tallies of every
    game's part, and each game's own part by its session key, with where its line is."""

    def __init__(
        self,
        names: list[str | None],
        tallies: tuple[Counter[int], ...],
        keys: array[int],
        columns: Sequence[array[int]],
        offsets: array[int],
        book: Sequence[Published] | None = None,
    ) -> None:
        self.book = tuple(book or default_achievements())
        if len(self.book) > 64:
            raise ValueError("a digest holds at most 64 achievements")
        self.names = names  # names[0] is None: no name
        self._name_ids = {name: n for n, name in enumerate(names)}
        # How many games earn each achievement (by its bit), beat him on each Location, beat
        # each Killer on Maple Lane, won with each Finale and with each Setup card (by name).
        self.tallies = tallies
        self.keys = keys  # each game's session key, sorted
        self.columns = list(columns)  # its part: its earned bits, then its names
        self.offsets = offsets  # where its line starts in the log
        self._made: dict[tuple[object, ...], Codes] = {}
        self._tokens: dict[str, tuple[str, int]] = {}
        self._need = {a.id: a.need for a in self.book}
        # The achievements a line's marks can earn (its journal's, its player's answers), by bit.
        self._journal = {a.id: n for n, a in enumerate(self.book) if a.needs in ("log", "player")}

    @classmethod
    def empty(cls, book: Sequence[Published] | None = None) -> RecordDigest:
        tallies = tuple(Counter[int]() for _ in _FIELDS)
        columns = [array("Q"), *(array("I") for _ in _FIELDS[1:])]
        return cls([None], tallies, array("q"), columns, array("q"), book)

    @classmethod
    def of(
        cls,
        entries: Iterable[LogEntry],
        offsets: Iterable[int] | None = None,
        book: Sequence[Published] | None = None,
    ) -> RecordDigest:
        """The digest of the log's lines in its order (a session's last line counts), each
        at its offset (``-1``: not known). Made in bulk: 100,000 games one ``add`` at a time
        took four seconds (each an insert into the sorted keys)."""
        digest = cls.empty(book)
        listed = list(entries)
        places = list(offsets) if offsets is not None else [-1] * len(listed)
        codes = list(map(digest.codes, listed))
        sessions = list(map(_SESSION, listed))
        last = dict(zip(sessions, range(len(listed)), strict=True))  # each session's last
        last.pop(None, None)
        last.pop("", None)
        loose = [n for n, session in enumerate(sessions) if not session]
        kept = sorted(zip(map(session_key, last), last.values(), strict=True))
        digest.keys.extend(key for key, _n in kept)
        chosen = [n for _key, n in kept]
        by_column = zip(*map(codes.__getitem__, chosen), strict=True)
        for column, values in zip(digest.columns, by_column, strict=False):
            column.extend(values)
        digest.offsets.extend(map(places.__getitem__, chosen))
        counted = list(zip(*map(codes.__getitem__, [*chosen, *loose]), strict=True))
        if counted:
            for mask, times in Counter(counted[0]).items():
                digest._tally((mask, 0, 0, 0, 0), times)
            for tally, names in zip(digest.tallies[1:], counted[1:], strict=True):
                tally.update(filter(None, names))
        digest.tallies[0][-1] += len(loose)
        return digest

    def copy(self) -> RecordDigest:
        return RecordDigest(
            list(self.names),
            tuple(Counter(t) for t in self.tallies),
            array("q", self.keys),
            [array(c.typecode, c) for c in self.columns],
            array("q", self.offsets),
            self.book,
        )

    @property
    def games(self) -> int:
        """How many games (one line each) the digest holds."""
        return self._loose + len(self.keys)

    @property
    def _loose(self) -> int:
        return self.tallies[0][-1]  # lines without a session id, counted apart

    # Kept up to date --------------------------------------------------------------------

    def _name(self, name: str | None) -> int:
        found = self._name_ids.get(name)
        if found is None:
            found = self._name_ids[name] = len(self.names)
            self.names.append(name)
        return found

    def codes(self, entry: LogEntry) -> Codes:
        """The part of ``entry``'s game, as the digest keeps it: what its columns earn and
        name (made once for the games alike in them), and the marks its line carries."""
        look = (
            *(entry.won, entry.killer, entry.location, entry.extreme_horror),
            *(entry.final_health_revive, entry.never_really_dead, entry.finale, entry.setup),
        )
        found = self._made.get(look)
        if found is None:
            game = _Game.of(entry)  # what its columns earn: the result achievements
            results = [a for a in self.book if a.needs == "result"]
            location = _history_key(FIVE_LOCATIONS, game)
            killer = _history_key(FIVE_KILLERS, game)
            won = entry.won
            found = self._made[look] = (
                self._mask(a.id for a in results if _result_mark(a.id, game) >= a.need),
                self._name(location) if location else 0,
                self._name(killer) if killer else 0,
                self._name(entry.finale or "") if won else 0,
                self._name(entry.setup or "") if won else 0,
            )
        text = entry.achievements
        if not text or text == NO_MARKS:
            return found
        mask, *names = found
        return mask | self._marks_mask(text), names[0], names[1], names[2], names[3]

    def _mask(self, earns: Iterable[str]) -> int:
        held = set(earns)
        return sum(1 << n for n, a in enumerate(self.book) if a.id in held)

    def _marks_mask(self, text: str) -> int:
        """The achievements a line's marks earn (as ``game_marks`` reads them), one bit each:
        each mark's bit made once ("maple-two-crucifixes=2"), a line's read mark by mark."""
        mask = 0
        keys: list[str] = []
        for token in text.split():
            known = self._tokens.get(token)
            if known is None:
                known = self._tokens[token] = self._token(token)
            key, bit = known
            if key:
                keys.append(key)
            mask |= bit
        if len(set(keys)) != len(keys):  # an achievement marked twice: the last mark counts
            marks = parse_marks(text)
            earns = [a.id for a in self.book if a.needs in ("log", "player")]
            return self._mask(a for a in earns if marks.get(a, 0) >= self._need[a])
        return mask

    def _token(self, token: str) -> tuple[str, int]:
        """A mark's achievement ("" when it is not one) and the bit it earns (0: none)."""
        marks = parse_marks(token)
        if not marks:
            return "", 0
        ((key, have),) = marks.items()
        at = self._journal.get(key)
        if at is None:
            return "", 0
        return key, (1 << at) if have >= self._need[key] else 0

    def _tally(self, codes: Codes, times: int) -> None:
        mask, *names = codes
        bits = self.tallies[0]
        n = 0
        while mask:
            if mask & 1:
                bits[n] += times
            mask >>= 1
            n += 1
        for tally, name in zip(self.tallies[1:], names, strict=True):
            if name:
                tally[name] += times

    def add(self, entry: LogEntry, offset: int = -1) -> None:
        """A line appended to the log: its game's part (in place of its earlier line's)."""
        codes = self.codes(entry)
        self._tally(codes, 1)
        if not entry.session:
            self.tallies[0][-1] += 1
            return
        key = session_key(entry.session)
        at = bisect_left(self.keys, key)
        if at < len(self.keys) and self.keys[at] == key:
            self._tally(self._codes_at(at), -1)
            for column, code in zip(self.columns, codes, strict=True):
                column[at] = code
            self.offsets[at] = offset
        else:
            self.keys.insert(at, key)
            for column, code in zip(self.columns, codes, strict=True):
                column.insert(at, code)
            self.offsets.insert(at, offset)

    def remove(self, session: str) -> None:
        """The game ``session`` taken out of the log (undo reopened it)."""
        at = self._at(session)
        if at is None:
            return
        self._tally(self._codes_at(at), -1)
        del self.keys[at]
        for column in self.columns:
            del column[at]
        del self.offsets[at]

    def move(self, moved: dict[int, int]) -> None:
        """Each line from its old start to its new one (the log rewritten around them);
        ``KeyError`` for a line ``moved`` does not place."""
        self.offsets = array("q", map(moved.__getitem__, self.offsets))

    def _codes_at(self, at: int) -> Codes:
        mask, location, killer, finale, setup = (column[at] for column in self.columns)
        return mask, location, killer, finale, setup

    def _at(self, session: str | None) -> int | None:
        if not session:
            return None
        key = session_key(session)
        at = bisect_left(self.keys, key)
        return at if at < len(self.keys) and self.keys[at] == key else None

    def offset_of(self, session: str) -> int | None:
        """Where the latest line of ``session`` starts in the log (``None``: not in it)."""
        at = self._at(session)
        return None if at is None else self.offsets[at]

    # The summary's questions ------------------------------------------------------------

    def _others(self, entry: LogEntry) -> list[set[str]]:
        """What the games but ``entry``'s (its line in the log, if any) hold: the
        achievements they earn, the Locations, the Killers, the Finales, the Setup cards."""
        tallies = [Counter(t) for t in self.tallies]
        at = self._at(entry.session)
        if at is not None:
            mask, *names = self._codes_at(at)
            for n in range(len(self.book)):
                if mask >> n & 1:
                    tallies[0][n] -= 1
            for tally, name in zip(tallies[1:], names, strict=True):
                if name:
                    tally[name] -= 1
        earned = {a.id for n, a in enumerate(self.book) if tallies[0][n] > 0}
        held = [{self.names[k] or "" for k, v in tally.items() if v > 0} for tally in tallies[1:]]
        return [earned, *held]

    def earned_in(
        self, entry: LogEntry, book: Sequence[Published] | None = None
    ) -> list[Published]:
        """``achievements.earned_in(entry, log)`` for the log this digest holds."""
        book = tuple(book or self.book)
        earned, locations, killers, _finales, _setups = self._others(entry)
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
            _earned, _locations, _killers, finales, setups = self._others(entry)
            keys |= collections_completed(entry, finales, setups)
        return [a for a in ACHIEVEMENTS if a.key in keys]
