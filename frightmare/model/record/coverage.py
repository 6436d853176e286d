"""Coverage: which Killer on which Location the player has played and won, over the boxes they
own and the games they logged, with the combinations not played yet (the randomiser prefers
them) and the Final Girls played.

>>> from frightmare.model.record.collection import Collection
>>> grid = coverage([], Collection())
>>> grid.killers, grid.locations, grid.unplayed()
(('Dr. Fright',), ('Maple Lane',), (('Dr. Fright', 'Maple Lane'),))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from frightmare.model.record.collection import Catalogue, Collection, catalogue
from frightmare.model.record.community import Community, CommunityRate, community
from frightmare.model.record.log_entry import LogEntry

Pair = tuple[str, str]  # (Killer, Location), as the catalogue names them


@dataclass(frozen=True, slots=True)
class Tally:
    played: int = 0
    won: int = 0

    def plus(self, won: bool) -> Tally:
        return Tally(self.played + 1, self.won + won)


@dataclass(frozen=True)
class Coverage:
    """The grid: ``killers`` × ``locations`` (the owned boxes' first, in the catalogue's
    order, then any other played), each pair's tally, and the Final Girls'."""

    killers: tuple[str, ...]
    locations: tuple[str, ...]
    cells: dict[Pair, Tally] = field(default_factory=dict)
    final_girls: tuple[tuple[str, Tally], ...] = ()
    community: dict[Pair, CommunityRate] = field(default_factory=dict)

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
    killers = [k.name for _box, k in owned.killers(book)]
    locations = [loc.name for _box, loc in owned.locations(book)]
    girls = [girl for _box, girl in owned.final_girls(book)]
    for killer, location in cells:
        if killer not in killers:
            killers.append(killer)
        if location not in locations:
            locations.append(location)
    for girl in girl_tally:
        if girl not in girls:
            girls.append(girl)
    rates = {
        (k, loc): rate
        for k in killers
        for loc in locations
        if (rate := figures.killer_on_location.get(k, {}).get(loc)) is not None
    }
    return Coverage(
        tuple(dict.fromkeys(killers)),
        tuple(dict.fromkeys(locations)),
        cells,
        tuple((g, girl_tally.get(g, Tally())) for g in dict.fromkeys(girls)),
        rates,
    )
