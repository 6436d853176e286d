"""Final Girl's boxes and what each brings (``resources/catalogue.json``), and the player's
collection: the boxes they own, and so the Killers, Locations and Final Girls they can play.

The catalogue is editable data from unofficial public sources, with its sources and date (a
corrected copy in the data directory wins, read by the ui through the store's safe reads). A
name is matched whatever its case and spacing, and through the spellings players use (the
community form's "Camp Happy Trail", "Evomorph"), so a game logged under either groups with
the other and finds the community's figures.

>>> book = default_catalogue()
>>> book.killer("evomorph").name, book.location("USS Konrad").name
('The Evomorph', 'U.S.S. Konrad')
>>> book.box_of_killer("Dr. Fright").name
'Frightmare on Maple Lane'
>>> [k.name for _, k in Collection(frozenset({"shriek"})).killers(book)]
['Mort the Teenage Dirtbag']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache, cached_property
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frightmare.i18n import _
from frightmare.model.values import frozen

Confidence = Literal["PUB", "ONE", "DISPUTED"]
NameKind = Literal["killer", "location", "final_girl"]
# The boxes a player who never ticked any is taken to own: the core box, and this app's box.
CORE_BOX = "final-girl-core-box"
THIS_BOX = "frightmare-on-maple-lane"
DEFAULT_OWNED = frozenset({CORE_BOX, THIS_BOX})
MAX_OWNED_TEXT = 4096


class CatalogueError(ValueError):
    """The catalogue file is wrong: the message names the entry."""


def match_key(name: str) -> str:
    """What two spellings of one name share: letters and digits, whatever the case."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    sheet: str | None = Field(default=None, max_length=60)
    aliases: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *((self.sheet,) if self.sheet else ()), *self.aliases)


class KillerEntry(_Entry):
    """A Killer as his box prints him; his Health where a source gives it."""

    health: int | None = Field(default=None, ge=1, le=99)
    health_confidence: Confidence | None = None


class LocationEntry(_Entry):
    """A Location as its box prints it."""


class Box(BaseModel):
    """One product: what it brings (a vignette brings a Killer and no Location; a promo only
    Final Girls)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=80, pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=1, max_length=80)
    series: str = Field(max_length=40)
    confidence: Confidence
    killers: tuple[KillerEntry, ...] = ()
    locations: tuple[LocationEntry, ...] = ()
    final_girls: tuple[str, ...] = ()
    note: str | None = Field(default=None, max_length=400)


class Source(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    what: str
    checked: str | None = None


class CatalogueFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    date: str
    sources: tuple[Source, ...]
    boxes: tuple[Box, ...]


@frozen(slots=False)
class Catalogue:
    """Every box, and lookups by any spelling of a name."""

    boxes: tuple[Box, ...]
    date: str = ""
    sources: tuple[Source, ...] = ()

    @cached_property
    def by_id(self) -> dict[str, Box]:
        return {box.id: box for box in self.boxes}

    @cached_property
    def _killers(self) -> dict[str, tuple[Box, KillerEntry]]:
        return {
            match_key(s): (box, k) for box in self.boxes for k in box.killers for s in k.spellings
        }

    @cached_property
    def _locations(self) -> dict[str, tuple[Box, LocationEntry]]:
        return {
            match_key(s): (box, loc)
            for box in self.boxes
            for loc in box.locations
            for s in loc.spellings
        }

    @cached_property
    def _girls(self) -> dict[str, tuple[Box, str]]:
        found: dict[str, tuple[Box, str]] = {}
        for box in self.boxes:
            for girl in box.final_girls:
                found.setdefault(match_key(girl), (box, girl))
        return found

    def killer(self, name: str) -> KillerEntry | None:
        found = self._killers.get(match_key(name))
        return found[1] if found else None

    def location(self, name: str) -> LocationEntry | None:
        found = self._locations.get(match_key(name))
        return found[1] if found else None

    def box_of_killer(self, name: str) -> Box | None:
        found = self._killers.get(match_key(name))
        return found[0] if found else None

    def box_of_location(self, name: str) -> Box | None:
        found = self._locations.get(match_key(name))
        return found[0] if found else None

    def box_of_final_girl(self, name: str) -> Box | None:
        found = self._girls.get(match_key(name))
        return found[0] if found else None

    def final_girl(self, name: str) -> str | None:
        found = self._girls.get(match_key(name))
        return found[1] if found else None

    def killer_name(self, name: str) -> str:
        """The name the app shows and groups by: the box's, or the text as typed (tidied)."""
        entry = self.killer(name)
        return entry.name if entry else " ".join(name.split())

    def location_name(self, name: str) -> str:
        entry = self.location(name)
        return entry.name if entry else " ".join(name.split())

    def final_girl_name(self, name: str) -> str:
        return self.final_girl(name) or " ".join(name.split())

    @cached_property
    def _canonical(self) -> dict[tuple[NameKind, str], str]:
        return {}

    def canonical(self, kind: NameKind, name: str) -> str:
        """``killer_name``, ``location_name`` or ``final_girl_name``, remembered (the
        statistics ask it of every logged game)."""
        key = (kind, name)
        found = self._canonical.get(key)
        if found is None:
            if kind == "killer":
                found = self.killer_name(name)
            elif kind == "location":
                found = self.location_name(name)
            else:
                found = self.final_girl_name(name)
            self._canonical[key] = found
        return found


def load_catalogue(text: str) -> Catalogue:
    """A catalogue file validated; ``CatalogueError`` names the entry that is wrong."""
    try:
        data = CatalogueFile.model_validate(json.loads(text))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CatalogueError(
            _("The catalogue is wrong at {where}: {problem}").format(
                where=where, problem=first["msg"]
            )
        ) from None
    ids = [box.id for box in data.boxes]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise CatalogueError(
            _("The catalogue lists a box id twice: {ids}").format(ids=", ".join(twice))
        )
    return Catalogue(data.boxes, data.date, data.sources)


@cache
def default_catalogue() -> Catalogue:
    """The catalogue that ships with the app."""
    text = resources.files("frightmare.resources").joinpath("catalogue.json")
    return load_catalogue(text.read_text("utf-8"))


_in_use: list[Catalogue] = []


def catalogue() -> Catalogue:
    """The catalogue in use: the player's corrected copy once the app has read it
    (``use_catalogue``), else the one that ships with the app."""
    return _in_use[-1] if _in_use else default_catalogue()


def use_catalogue(book: Catalogue | None) -> None:
    """Use the player's corrected catalogue from now on (``None``: the shipped one again).
    One per process, read once at start-up, like the settings."""
    _in_use.clear()
    if book is not None:
        _in_use.append(book)


@frozen
class Collection:
    """The boxes the player owns (by id). An id the catalogue no longer lists is kept (a
    corrected catalogue may bring it back) and offers nothing."""

    owned: frozenset[str] = DEFAULT_OWNED

    def boxes(self, book: Catalogue) -> tuple[Box, ...]:
        return tuple(box for box in book.boxes if box.id in self.owned)

    def killers(self, book: Catalogue) -> Iterator[tuple[Box, KillerEntry]]:
        for box in self.boxes(book):
            for killer in box.killers:
                yield box, killer

    def locations(self, book: Catalogue) -> Iterator[tuple[Box, LocationEntry]]:
        for box in self.boxes(book):
            for location in box.locations:
                yield box, location

    def final_girls(self, book: Catalogue) -> Iterator[tuple[Box, str]]:
        for box in self.boxes(book):
            for girl in box.final_girls:
                yield box, girl

    def with_box(self, box_id: str, owned: bool) -> Collection:
        return Collection(self.owned | {box_id} if owned else self.owned - {box_id})

    def text(self) -> str:
        """As the settings keep it: the ids, one JSON list."""
        return json.dumps(sorted(self.owned))

    @classmethod
    def from_text(cls, text: str) -> Collection:
        """The settings' text; empty or unreadable: the default (the core box and this one).

        >>> Collection.from_text('["shriek"]').owned
        frozenset({'shriek'})
        >>> Collection.from_text("not json") == Collection()
        True
        """
        if not text or len(text) > MAX_OWNED_TEXT:
            return cls()
        try:
            raw = json.loads(text)
        except (ValueError, RecursionError):
            return cls()
        if not isinstance(raw, list) or not all(isinstance(i, str) for i in raw):
            return cls()
        return cls(frozenset(raw))

    @classmethod
    def of(cls, ids: Iterable[str]) -> Collection:
        return cls(frozenset(ids))
