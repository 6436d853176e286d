"""The Boiler Room deck: its sliding geometry, what each slide reveals, and the odds.

Coordinates are in half-card units, x to the right and y down. A card lying at ``(x, y)``
covers the four cells ``(x..x+1, y..y+1)``; its quadrants are its own cells:
top-left ``(0, 0)``, top-right ``(1, 0)``, bottom-left ``(0, 1)``, bottom-right ``(1, 1)``.

The next card to resolve always lies at the origin, under the Awake/Asleep card and every
card already revealed. A slide moves all of those together by one half-card; what shows of
the next card is what none of them covers any more (a half, a quarter, or nothing: a slide
that shows nothing is not allowed). Rulebook, "The Boiler Room": "You cannot slide it in a
direction that would not reveal any of the card."

>>> stack = Stack.start()
>>> sorted(stack.visible_after("up"))
['bottom-left', 'bottom-right']
>>> for d in ("up", "up", "left"):
...     stack = stack.slide(d)
>>> sorted(stack.visible_after("down"))
['top-right']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import permutations
from typing import Literal, get_args

from frightmare.i18n import N_, _
from frightmare.model.values import frozen

Direction = Literal["up", "down", "left", "right"]
Quadrant = Literal["top-left", "top-right", "bottom-left", "bottom-right"]

DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
QUADRANTS: tuple[Quadrant, ...] = get_args(Quadrant)
# The directions and the card's quarters in the player's words, shown with ``_``.
DIRECTION_NAMES: dict[Direction, str] = {
    "up": N_("up"),
    "down": N_("down"),
    "left": N_("left"),
    "right": N_("right"),
}
QUADRANT_WORDS: dict[Quadrant, str] = {
    "top-left": N_("top-left"),
    "top-right": N_("top-right"),
    "bottom-left": N_("bottom-left"),
    "bottom-right": N_("bottom-right"),
}
QUARTER_NAMES: dict[Quadrant, str] = {
    "top-left": N_("the top-left quarter"),
    "top-right": N_("the top-right quarter"),
    "bottom-left": N_("the bottom-left quarter"),
    "bottom-right": N_("the bottom-right quarter"),
}
CARDS = 4

STEP: dict[Direction, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
}
CELL: dict[Quadrant, tuple[int, int]] = {
    "top-left": (0, 0),
    "top-right": (1, 0),
    "bottom-left": (0, 1),
    "bottom-right": (1, 1),
}
BIT: dict[Quadrant, int] = {q: 1 << i for i, q in enumerate(QUADRANTS)}
ALL_BITS = 0b1111

# Every way Dr. Fright can be spread over the four cards: card i shows him in ORDERS[p][i].
ORDERS: tuple[tuple[Quadrant, ...], ...] = tuple(permutations(QUADRANTS))
ALL_ORDERS = (1 << len(ORDERS)) - 1


def describe_part(part: Iterable[Quadrant]) -> str:
    """'the lower half', 'the top-right quarter', ... in the rulebook's words."""
    cells = frozenset(part)
    halves = {
        frozenset({"bottom-left", "bottom-right"}): N_("the lower half"),
        frozenset({"top-left", "top-right"}): N_("the upper half"),
        frozenset({"top-left", "bottom-left"}): N_("the left half"),
        frozenset({"top-right", "bottom-right"}): N_("the right half"),
    }
    if cells in halves:
        return _(halves[cells])
    if len(cells) == 1:
        return _(QUARTER_NAMES[next(iter(cells))])
    words = [_(QUADRANT_WORDS[q]) for q in sorted(cells)]
    if not words:
        return _("nothing")
    shown = words[0]
    for word in words[1:]:
        # Translators: parts of a Boiler Room card, "top-left and bottom-right".
        shown = _("{first} and {second}").format(first=shown, second=word)
    return shown


@frozen
class Stack:
    """Where the Awake/Asleep card and the revealed cards lie, relative to the next card.

    ``positions[0]`` is the Awake/Asleep card, then each revealed card in order.
    """

    positions: tuple[tuple[int, int], ...]

    @classmethod
    def start(cls) -> Stack:
        return cls(((0, 0),))

    @classmethod
    def after(cls, slides: Iterable[Direction]) -> Stack:
        stack = cls.start()
        for direction in slides:
            stack = stack.slide(direction)
        return stack

    @property
    def revealed(self) -> int:
        return len(self.positions) - 1

    def visible_bits_after(self, direction: Direction) -> int:
        return _visible_bits(self.positions, direction)

    def visible_after(self, direction: Direction) -> frozenset[Quadrant]:
        """The part of the next card a slide in ``direction`` would show."""
        bits = self.visible_bits_after(direction)
        return frozenset(q for q in QUADRANTS if bits & BIT[q])

    def legal(self, direction: Direction) -> bool:
        return self.revealed < CARDS and self.visible_bits_after(direction) != 0

    def legal_directions(self) -> tuple[Direction, ...]:
        return tuple(d for d in DIRECTIONS if self.legal(d))

    def slide(self, direction: Direction) -> Stack:
        """The stack after sliding; the newly shown card joins it where it lies."""
        dx, dy = STEP[direction]
        return Stack((*tuple((x + dx, y + dy) for x, y in self.positions), (0, 0)))


@cache
def _visible_bits(positions: tuple[tuple[int, int], ...], direction: Direction) -> int:
    dx, dy = STEP[direction]
    covered = 0
    for x, y in positions:
        x, y = x + dx, y + dy
        if -1 <= x <= 1 and -1 <= y <= 1:
            for q, (cx, cy) in CELL.items():
                if x <= cx <= x + 1 and y <= cy <= y + 1:
                    covered |= BIT[q]
    return ALL_BITS & ~covered


# ORDERS_WITH[i][q]: bitmask of the orders in which card i shows Dr. Fright in quadrant q.
ORDERS_WITH: tuple[dict[Quadrant, int], ...] = tuple(
    {q: sum(1 << p for p, order in enumerate(ORDERS) if order[i] == q) for q in QUADRANTS}
    for i in range(CARDS)
)


@frozen
class Reveal:
    """What one slide showed: the part of the card, and Dr. Fright if he was in it."""

    direction: Direction
    part: frozenset[Quadrant]
    fright: Quadrant | None

    @property
    def attack(self) -> bool:
        return self.fright is not None


def consistent_orders(reveals: Iterable[Reveal]) -> int:
    """Bitmask of the orders of the four cards that agree with everything seen so far."""
    mask = ALL_ORDERS
    for index, reveal in enumerate(reveals):
        if reveal.fright is not None:
            mask &= ORDERS_WITH[index][reveal.fright]
        else:
            for q in reveal.part:
                mask &= ~ORDERS_WITH[index][q]
    return mask


def orders_in(mask: int) -> Iterator[tuple[Quadrant, ...]]:
    for p, order in enumerate(ORDERS):
        if mask >> p & 1:
            yield order


@frozen
class Odds:
    """Attack odds for one direction, and the expected attacks left after it under best play."""

    direction: Direction
    legal: bool
    part: frozenset[Quadrant]
    attack_chance: float
    expected_attacks: float
    best: bool = False


def _outcomes(index: int, mask: int, bits: int) -> Iterator[tuple[int, bool, int]]:
    """(orders, attack?, weight) for each thing the next card can show in the part ``bits``."""
    hidden = mask
    for q in QUADRANTS:
        if bits & BIT[q]:
            seen = mask & ORDERS_WITH[index][q]
            if seen:
                yield seen, True, seen.bit_count()
            hidden &= ~ORDERS_WITH[index][q]
    if hidden:
        yield hidden, False, hidden.bit_count()


def expected_attacks(stack: Stack, mask: int) -> float:
    """Fewest attacks to expect from here to waking up, choosing every slide well."""
    return _expected(stack.positions, mask)


@cache
def _moves(
    positions: tuple[tuple[int, int], ...],
) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """(visible bits, stack after) for each legal slide from ``positions``."""
    out = []
    for direction in DIRECTIONS:
        bits = _visible_bits(positions, direction)
        if bits:
            dx, dy = STEP[direction]
            out.append((bits, (*tuple((x + dx, y + dy) for x, y in positions), (0, 0))))
    return tuple(out)


def _last_card(positions: tuple[tuple[int, int], ...], mask: int) -> float:
    """Expected attacks when one card is left: the least likely part to show him."""
    with_q = ORDERS_WITH[CARDS - 1]
    counts = [(mask & with_q[q]).bit_count() for q in QUADRANTS]
    best = min(
        sum(c for i, c in enumerate(counts) if bits >> i & 1) for bits, _after in _moves(positions)
    )
    return best / mask.bit_count()


@cache
def _expected(positions: tuple[tuple[int, int], ...], mask: int) -> float:
    index = len(positions) - 1
    if index >= CARDS:
        return 0.0
    if index == CARDS - 1:
        return _last_card(positions, mask)
    total = mask.bit_count()
    best = float("inf")
    for bits, moved in _moves(positions):
        value = 0.0
        for orders, attack, weight in _outcomes(index, mask, bits):
            value += weight * (attack + _expected(moved, orders))
        best = min(best, value)
    return best / total if best != float("inf") else 0.0


def odds(stack: Stack, mask: int) -> tuple[Odds, ...]:
    """For each direction: legal or not, what it shows, the attack chance, the expectation.

    Every order of the cards that agrees with what was seen is taken as equally likely.
    """
    index = stack.revealed
    if index == 0 and mask == ALL_ORDERS:
        # Before the first slide the table looks the same from every side: each direction is
        # a rotation of "up", so one search serves all four.
        up = odds_for(stack, mask, "up")
        return tuple(
            Odds(d, up.legal, stack.visible_after(d), up.attack_chance, up.expected_attacks, True)
            for d in DIRECTIONS
        )
    rows = [odds_for(stack, mask, d) for d in DIRECTIONS]
    legal = [r for r in rows if r.legal]
    if legal:
        lowest = min(r.expected_attacks for r in legal)
        rows = [
            Odds(
                r.direction,
                r.legal,
                r.part,
                r.attack_chance,
                r.expected_attacks,
                best=r.legal and abs(r.expected_attacks - lowest) < 1e-9,
            )
            for r in rows
        ]
    return tuple(rows)


def odds_for(stack: Stack, mask: int, direction: Direction) -> Odds:
    """The odds of one direction (see ``odds``)."""
    index = stack.revealed
    total = mask.bit_count()
    bits = stack.visible_bits_after(direction)
    part = frozenset(q for q in QUADRANTS if bits & BIT[q])
    if index >= CARDS or not bits or not total:
        return Odds(direction, False, part, 0.0, 0.0)
    moved = stack.slide(direction).positions
    chance = 0.0
    expected = 0.0
    for orders, attack, weight in _outcomes(index, mask, bits):
        chance += weight * attack
        expected += weight * (attack + _expected(moved, orders))
    return Odds(direction, True, part, chance / total, expected / total)


def clear_caches() -> None:
    """Forget memoised results (benchmarks measure a cold search)."""
    _expected.cache_clear()
    _moves.cache_clear()
    _visible_bits.cache_clear()
