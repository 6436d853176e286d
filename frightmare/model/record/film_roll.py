"""Roll the film: a random game from the boxes owned (Final Girl, Killer, Location, Maple
Lane's Setup card, Dr. Fright's Epic Dark Power on or off), any part locked, preferring what
the player has not played or not won yet (from the coverage grid).

>>> import random
>>> from frightmare.model.record.collection import Collection
>>> from frightmare.model.record.coverage import coverage
>>> owned = Collection()
>>> film = roll(owned, coverage([], owned), random.Random(3))
>>> film.killer, film.location, film.final_girl in ("Nancy", "Sheila")
('Dr. Fright', 'Maple Lane', True)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Literal

from frightmare.i18n import N_, _
from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.game.setup import GameSetup, is_dr_fright, is_maple_lane
from frightmare.model.record.collection import Catalogue, Collection, catalogue
from frightmare.model.record.coverage import Coverage
from frightmare.model.values import frozen

Part = Literal["final_girl", "killer", "location", "setup_card", "epic"]
PARTS: tuple[Part, ...] = ("final_girl", "killer", "location", "setup_card", "epic")
# Shown with ``_``.
PART_NAMES: dict[Part, str] = {
    "final_girl": N_("Final Girl"),
    "killer": N_("Killer"),
    "location": N_("Location"),
    "setup_card": N_("Setup card"),
    "epic": N_("Epic Dark Power"),
}


@frozen
class Film:
    """One roll: who, against whom, where, and what only those halves have."""

    final_girl: str
    killer: str
    location: str
    setup_card: str | None = None
    epic: bool = False

    def setup(self, book: Catalogue | None = None) -> GameSetup:
        """The game it starts (a known Killer brings the Health a source gives him)."""
        book = book or catalogue()
        known = book.killer(self.killer)
        health = known.health if known is not None and not is_dr_fright(self.killer) else None
        return GameSetup(
            final_girl=self.final_girl,
            killer=self.killer,
            location=self.location,
            setup_card=self.setup_card,
            epic=self.epic,
            killer_health=health,
        )


class NothingToRoll(ValueError):
    """The boxes owned bring no Killer, Location or Final Girl to roll."""


def roll(
    owned: Collection,
    grid: Coverage,
    rng: random.Random,
    *,
    locked: Film | None = None,
    locks: frozenset[Part] = frozenset(),
    prefer_unplayed: bool = False,
    prefer_unwon: bool = False,
    book: Catalogue | None = None,
) -> Film:
    """A film from the owned boxes. ``locks`` keep those parts of ``locked``; preferring
    what is not played (or not won) picks, while one exists, a Killer on a Location (and a
    Final Girl) not played (not won) yet, among what the locks leave."""
    from frightmare.model.box.board import setup_card_names

    book = book or catalogue()
    girls = list(dict.fromkeys(g for _box, g in owned.final_girls(book)))
    killers = list(dict.fromkeys(k.name for _box, k in owned.killers(book)))
    places = list(dict.fromkeys(loc.name for _box, loc in owned.locations(book)))
    keep = locked if locked is not None else None

    def kept(part: Part) -> bool:
        return keep is not None and part in locks

    if kept("killer") and keep is not None:
        killers = [keep.killer]
    if kept("location") and keep is not None:
        places = [keep.location]
    if kept("final_girl") and keep is not None:
        girls = [keep.final_girl]
    if not (girls and killers and places):
        raise NothingToRoll(
            _("The boxes you own bring no Final Girl to roll: tick them in Your collection.")
            if not girls
            else _("The boxes you own bring no Killer to roll: tick them in Your collection.")
            if not killers
            else _("The boxes you own bring no Location to roll: tick them in Your collection.")
        )
    pairs = [(k, loc) for k in killers for loc in places]
    pair = rng.choice(pairs)
    # Not played first, then not won; with neither left, any of them.
    for prefer, won in ((prefer_unplayed, False), (prefer_unwon, True)):
        if not prefer:
            continue
        wanted = [p for p in pairs if not (grid.cell(*p).won if won else grid.cell(*p).played)]
        if wanted:
            pair = rng.choice(wanted)
            break
    killer, location = pair
    record = dict(grid.final_girls)
    pool = girls
    for prefer, won in ((prefer_unplayed, False), (prefer_unwon, True)):
        if not prefer:
            continue
        tally = [(g, record.get(g)) for g in girls]
        fresh = [g for g, t in tally if t is None or not (t.won if won else t.played)]
        if fresh:
            pool = fresh
            break
    girl = rng.choice(pool)
    film = Film(girl, killer, location)
    if is_maple_lane(location):
        cards = list(setup_card_names())
        card = keep.setup_card if kept("setup_card") and keep is not None else rng.choice(cards)
        film = replace(film, location=MAPLE_LANE, setup_card=card)
    if is_dr_fright(killer):
        epic = keep.epic if kept("epic") and keep is not None else rng.random() < 0.5
        film = replace(film, killer=DR_FRIGHT, epic=epic)
    return film
