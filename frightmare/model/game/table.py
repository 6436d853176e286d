"""What lies on Maple Lane: pieces, Victims, tokens, the quadrant Item decks, her items."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field, replace
from typing import Literal

from frightmare.i18n import _
from frightmare.model.box.board import QUADRANT_NAMES, QuadrantName
from frightmare.model.box.cards import AnyEvent, AnyItem, item_name
from frightmare.model.box.names import shown
from frightmare.model.values import frozen


class Counts(Mapping[str, int]):
    """An immutable, hashable count per space (only positive counts are kept).

    >>> c = Counts({"a": 2}).add("a", -1).add("b", 3)
    >>> dict(c), c["zzz"]
    ({'a': 1, 'b': 3}, 0)
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, int] | None = None) -> None:
        self._data = {k: v for k, v in sorted((data or {}).items()) if v > 0}

    def __getitem__(self, key: str) -> int:
        return self._data.get(key, 0)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Counts):
            return self._data == other._data
        return NotImplemented

    def __repr__(self) -> str:
        return f"Counts({self._data!r})"

    def add(self, key: str, delta: int) -> Counts:
        updated = dict(self._data)
        updated[key] = updated.get(key, 0) + delta
        if updated[key] < 0:
            raise ValueError(f"{key} would go below zero")
        return Counts(updated)

    def total(self) -> int:
        return sum(self._data.values())


@frozen
class ItemCard:
    """A card in a quadrant deck: its name once seen (``None`` while unknown), and its side."""

    name: AnyItem | None = None
    face_up: bool = False

    @property
    def label(self) -> str:
        """The card as the player reads it (its name in their edition, once seen)."""
        return shown("card", self.name) if self.name else _("unknown card")


@frozen
class LocationTable:
    """What lies on a Location the app has no board for."""

    victims: int = 0
    deck_left: int = 0
    top_card: str | None = None
    notes: str = ""


@frozen
class HeldItem:
    """One of her items: in her hands or not, and how many of its uses are spent."""

    name: AnyItem
    in_hand: bool = True
    used: int = 0


@frozen
class CopCar:
    space: str
    heading: str
    carried: int = 0


VictimKind = Literal["victim", "smalley", "boyfriend"]


def _empty_decks() -> tuple[tuple[ItemCard, ...], ...]:
    return tuple(() for _quadrant in QUADRANT_NAMES)


@frozen
class Table:
    """Everything on the board. ``decks`` follow ``QUADRANT_NAMES``; index 0 is the top card."""

    final_girl: str | None = None
    killer: str | None = None
    victims: Counts = field(default_factory=Counts)
    smalleys: tuple[str, ...] = ()
    boyfriend: str | None = None
    x_tokens: frozenset[str] = frozenset()
    closed: frozenset[str] = frozenset()
    roadblocks: frozenset[str] = frozenset()
    cop_car: CopCar | None = None
    bicycle: str | None = None
    bicycle_ridden_round: int = 0
    # Items' tokens (cards, one source): Odds and Ends' booby traps (one per House at most),
    # and where the Fireworks token lies.
    booby_traps: frozenset[str] = frozenset()
    fireworks: str | None = None
    decks: tuple[tuple[ItemCard, ...], ...] = field(default_factory=_empty_decks)
    held: tuple[HeldItem, ...] = ()
    discarded: tuple[AnyItem, ...] = ()
    events: tuple[AnyEvent, ...] = ()

    def deck(self, quadrant: QuadrantName) -> tuple[ItemCard, ...]:
        return self.decks[QUADRANT_NAMES.index(quadrant)]

    def with_deck(self, quadrant: QuadrantName, cards: tuple[ItemCard, ...]) -> Table:
        decks = list(self.decks)
        decks[QUADRANT_NAMES.index(quadrant)] = cards
        return replace(self, decks=tuple(decks))

    def specials_at(self, space: str) -> int:
        return self.smalleys.count(space) + (self.boyfriend == space)

    def victims_at(self, space: str) -> int:
        """Every Victim in the space, special ones included."""
        return self.victims[space] + self.specials_at(space)

    def occupied(self, space: str) -> bool:
        return self.victims_at(space) > 0

    def total_victims(self) -> int:
        return self.victims.total() + len(self.smalleys) + (self.boyfriend is not None)

    # The Smalleys and the Boyfriend are Victims in every respect: these treat all three kinds.

    def count_of(self, space: str, who: VictimKind) -> int:
        """How many Victims of one kind are on ``space``."""
        if who == "victim":
            return self.victims[space]
        if who == "smalley":
            return self.smalleys.count(space)
        return int(self.boyfriend == space)

    def kinds_at(self, space: str) -> tuple[VictimKind, ...]:
        """The kinds of Victim on ``space``, plain ones first."""
        kinds: tuple[VictimKind, ...] = ("victim", "smalley", "boyfriend")
        return tuple(k for k in kinds if self.count_of(space, k))

    def without_victims(self, space: str, who: VictimKind, count: int = 1) -> Table:
        """``count`` Victims of one kind leave ``space`` (raises ``ValueError`` if too few)."""
        if count > self.count_of(space, who):
            raise ValueError(f"only {self.count_of(space, who)} {who} on {space}")
        if who == "victim":
            return replace(self, victims=self.victims.add(space, -count))
        if who == "smalley":
            smalleys = list(self.smalleys)
            for _once in range(count):
                smalleys.remove(space)
            return replace(self, smalleys=tuple(smalleys))
        return replace(self, boyfriend=None)

    def with_victims(self, space: str, who: VictimKind, count: int = 1) -> Table:
        """``count`` Victims of one kind arrive on ``space``."""
        if who == "victim":
            return replace(self, victims=self.victims.add(space, count))
        if who == "smalley":
            return replace(self, smalleys=tuple(sorted((*self.smalleys, *([space] * count)))))
        if self.boyfriend is not None or count != 1:
            raise ValueError("there is one Boyfriend")
        return replace(self, boyfriend=space)

    def item_cards(self) -> int:
        """Item cards in play: the decks, her items and the discard pile."""
        return sum(len(d) for d in self.decks) + len(self.held) + len(self.discarded)


def new_decks(
    cards_per_deck: int = 3, names: tuple[str | None, ...] = ()
) -> tuple[tuple[ItemCard, ...], ...]:
    """Four decks of three, the top card of each revealed (rulebook, Special Setup 1); the top
    cards named as ``names`` says (one per quadrant, in order; none named when empty)."""
    tops = names or (None,) * len(QUADRANT_NAMES)
    rest = tuple(ItemCard() for _card in range(cards_per_deck - 1))
    return tuple(
        (ItemCard(name=item_name(top) if top else None, face_up=True), *rest) for top in tops
    )
