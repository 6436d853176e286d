"""Coverage: which Killer on which Location the player has played and won, over the boxes they
own and the games they logged, with the combinations not played yet (the randomiser prefers
them) and the Final Girls played.

The grid is the owned boxes' Killers by their Locations: bounded by the catalogue, whatever
the log holds. A pair played outside it (a box sold, a name typed by hand in a community CSV)
is listed on its own, only the pairs played (sparse), most played first; past
``OTHERS_SHOWN`` of them the rest are grouped in one tally (issue 32: 2,000 free-typed names
of each made four million cells).

>>> from frightmare.model.record.collection import Collection
>>> grid = coverage([], Collection())
>>> grid.killers, grid.locations, grid.unplayed()
(('Dr. Fright',), ('Maple Lane',), (('Dr. Fright', 'Maple Lane'),))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from frightmare.model.record.collection import Catalogue, Collection, catalogue
from frightmare.model.record.community import Community, CommunityRate, community
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.values import frozen

Pair = tuple[str, str]  # (Killer, Location), as the catalogue names them


@frozen
class Tally:
    played: int = 0
    won: int = 0

    def plus(self, won: bool) -> Tally:
        return Tally(self.played + 1, self.won + won)


# The pairs played outside the grid listed one by one; the rest are grouped.
OTHERS_SHOWN = 200


@frozen
class Grouped:
    """The pairs played outside the grid past ``OTHERS_SHOWN``: how many, and their games."""

    pairs: int = 0
    tally: Tally = Tally()


@frozen(slots=False)
class Coverage:
    """The grid: ``killers`` × ``locations`` (the owned boxes', in the catalogue's order),
    each pair's tally (``cells``: every pair played, in the grid or not), the pairs played
    outside the grid (``others``, most played first, then ``others_grouped``), and the Final
    Girls'."""

    killers: tuple[str, ...]
    locations: tuple[str, ...]
    cells: dict[Pair, Tally] = field(default_factory=dict)
    final_girls: tuple[tuple[str, Tally], ...] = ()
    community: dict[Pair, CommunityRate] = field(default_factory=dict)
    others: tuple[tuple[Pair, Tally], ...] = ()
    others_grouped: Grouped = Grouped()

    def cell(self, killer: str, location: str) -> Tally:
        return self.cells.get((killer, location), Tally())

    def unplayed(self) -> tuple[Pair, ...]:
        """The combinations of the grid not played yet, in the grid's order."""
        return tuple(
            (k, loc) for k in self.killers for loc in self.locations if (k, loc) not in self.cells
        )

    def unwon(self) -> tuple[Pair, ...]:
        return tuple(
            (k, loc) for k in self.killers for loc in self.locations if not self.cell(k, loc).won
        )

    @property
    def size(self) -> int:
        return len(self.killers) * len(self.locations)

    @property
    def played_pairs(self) -> int:
        return sum(1 for k in self.killers for loc in self.locations if (k, loc) in self.cells)


def coverage(
    entries: Iterable[LogEntry],
    owned: Collection,
    book: Catalogue | None = None,
    figures: Community | None = None,
) -> Coverage:
    """The coverage grid of the owned boxes and the logged games."""
    book = book or catalogue()
    cells: dict[Pair, Tally] = {}
    girl_tally: dict[str, Tally] = {}
    for entry in entries:
        killer = book.canonical("killer", entry.killer)
        location = book.canonical("location", entry.location)
        girl = book.canonical("final_girl", entry.final_girl)
        pair = (killer, location)
        cells[pair] = cells.get(pair, Tally()).plus(entry.won)
        girl_tally[girl] = girl_tally.get(girl, Tally()).plus(entry.won)
    return grid(cells, girl_tally, owned, book, figures)


def grid(
    cells: dict[Pair, Tally],
    girl_tally: dict[str, Tally],
    owned: Collection,
    book: Catalogue | None = None,
    figures: Community | None = None,
) -> Coverage:
    """The grid from the games' tallies (each pair's and each Final Girl's, in the order the
    log first has them, names as the catalogue gives them): ``digest`` keeps them."""
    book = book or catalogue()
    figures = figures or community()
    killers = tuple(dict.fromkeys(k.name for _box, k in owned.killers(book)))
    locations = tuple(dict.fromkeys(loc.name for _box, loc in owned.locations(book)))
    girls = dict.fromkeys(girl for _box, girl in owned.final_girls(book))
    girls.update(dict.fromkeys(girl_tally))
    in_grid_k, in_grid_l = set(killers), set(locations)
    # Sorted once by games played (stable: the log's order among equals).
    outside = sorted(
        ((pair, tally) for pair, tally in cells.items() if not _in(pair, in_grid_k, in_grid_l)),
        key=lambda item: -item[1].played,
    )
    shown, rest = outside[:OTHERS_SHOWN], outside[OTHERS_SHOWN:]
    grouped = Grouped(
        len(rest),
        Tally(sum(t.played for _p, t in rest), sum(t.won for _p, t in rest)),
    )
    # Only the pairs the community's figures have, of those drawn: never a pass over every
    # Killer by every Location.
    drawn = [(k, loc) for k in killers for loc in locations] + [pair for pair, _t in shown]
    rates = {
        (k, loc): rate
        for k, loc in drawn
        if (rate := figures.killer_on_location.get(k, {}).get(loc)) is not None
    }
    return Coverage(
        killers,
        locations,
        cells,
        tuple((g, girl_tally.get(g, Tally())) for g in girls),
        rates,
        tuple(shown),
        grouped,
    )


def _in(pair: Pair, killers: set[str], locations: set[str]) -> bool:
    return pair[0] in killers and pair[1] in locations
