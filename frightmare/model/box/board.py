"""Maple Lane's board: spaces, Houses and quadrants, Setup cards, Items, the Convince lines.

All of it comes from ``resources/maple-lane.json``: facts from a single unofficial source
(docs/rules-notes.md: the topology, the Setup cards, the Item names, the Convince lines) are
data the player can correct, never constants in code. ``load_board`` validates a file and
names the bad entry.

>>> board = default_board()
>>> board.adjacent_street("smalleys-house")
'street-w'
>>> sorted(board.houses_in("NW"))
['house-nw-exit-n', 'house-nw-exit-w', 'house-nw-street']
"""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Callable, Iterable
from functools import cache, cached_property
from importlib import resources
from typing import Any, ClassVar, Literal, TypeVar, get_args

from frightmare.i18n import N_, _, ngettext, pgettext
from frightmare.model.box.file_checks import (
    FORBID_EXTRA,
    check_length,
    checked_problem,
)
from frightmare.model.values import frozen

SpaceKind = Literal["exit", "street", "intersection", "house"]
QuadrantName = Literal["NW", "NE", "SW", "SE"]
QUADRANT_NAMES: tuple[QuadrantName, ...] = get_args(QuadrantName)
# Shown with ``_`` (``quadrant_title``); the quadrants' short names with ``quadrant_label``.
QUADRANT_TITLES: dict[QuadrantName, str] = {
    "NW": N_("Northwest"),
    "NE": N_("Northeast"),
    "SW": N_("Southwest"),
    "SE": N_("Southeast"),
}
Node = TypeVar("Node")
VICTIMS_PER_SETUP = 12
HOUSES_PER_QUADRANT = 3


def quadrant_label(quadrant: str) -> str:
    """A quadrant's short name as the player reads it (``NW`` in English).

    >>> quadrant_label("SE")
    'SE'
    """
    short = {
        # Translators: the short names of the board's quadrants (north-west...), as on the
        # Item decks' labels.
        "NW": pgettext("quadrant", "NW"),
        "NE": pgettext("quadrant", "NE"),
        "SW": pgettext("quadrant", "SW"),
        "SE": pgettext("quadrant", "SE"),
    }
    return short.get(quadrant, quadrant)


def quadrant_title(quadrant: QuadrantName) -> str:
    """A quadrant's full name as the player reads it ("Northwest")."""
    return _(QUADRANT_TITLES[quadrant])


class BoardDataError(ValueError):
    """The board file is wrong; the message names the entry. ``where`` and ``problem``: the
    entry and what is wrong with it, as data (for a message that says them its own way)."""

    where: str | None = None
    problem: str | None = None


@frozen
class SpaceData:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    id: str
    name: str
    kind: SpaceKind
    grid: tuple[int, int]
    quadrant: QuadrantName | None
    neighbours: tuple[str, ...]

    def __post_init__(self) -> None:
        check_length("id", self.id, 1, 40)
        check_length("name", self.name, 1, 60)


@frozen
class SetupCardData:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    name: str
    final_girl: str
    killer: str
    victims: dict[str, int]

    def __post_init__(self) -> None:
        check_length("name", self.name, 1, 60)


@frozen
class ConvinceLine:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    id: str
    label: str
    enter: bool
    item: bool
    time: int
    health: int
    end_action_phase: bool
    returns_card: bool


@frozen
class BoardData:
    """The board file as read: plain frozen dataclasses, which the first paint of a game in
    progress builds without importing pydantic (``default_board``); a player's corrected
    file is checked by pydantic, field by field (``load_board``)."""

    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    spaces: tuple[SpaceData, ...]
    quadrants: dict[QuadrantName, tuple[QuadrantName, ...]]
    setups: tuple[SetupCardData, ...]
    items: tuple[str, ...]
    convince: tuple[ConvinceLine, ...]
    about: str = ""
    confidence: str = ""
    items_about: str = ""
    convince_about: str = ""


@frozen(slots=False, eq=False)
class Board:
    """The validated board, with the questions the rules ask of it."""

    data: BoardData

    @cached_property
    def spaces(self) -> dict[str, SpaceData]:
        return {s.id: s for s in self.data.spaces}

    @cached_property
    def setups(self) -> dict[str, SetupCardData]:
        return {s.name: s for s in self.data.setups}

    @cached_property
    def convince_lines(self) -> dict[str, ConvinceLine]:
        return {line.id: line for line in self.data.convince}

    def name(self, space: str) -> str:
        """A space's name as the board file gives it (English: what is kept and compared)."""
        return self.spaces[space].name

    def label(self, space: str | None) -> str:
        """A space as the player reads it: its name on this board in the player's language
        (a name the catalogue lacks, as the file writes it), "off the board" for ``None``,
        and the id itself for a space this board lacks (one a corrected board dropped)."""
        if space is None:
            return _("off the board")
        return _(self.name(space)) if space in self.spaces else space

    def kind(self, space: str) -> SpaceKind:
        return self.spaces[space].kind

    def is_house(self, space: str) -> bool:
        return self.spaces[space].kind == "house"

    def is_street(self, space: str) -> bool:
        """Rulebook, "Street spaces": the normal and green spaces, and the Intersection."""
        return self.spaces[space].kind != "house"

    def is_exit(self, space: str) -> bool:
        return self.spaces[space].kind == "exit"

    def neighbours(self, space: str) -> tuple[str, ...]:
        return self.spaces[space].neighbours

    def adjacent_street(self, house: str) -> str:
        """The one Street space a House opens onto."""
        return self.spaces[house].neighbours[0]

    def houses_by(self, street: str) -> tuple[str, ...]:
        return tuple(n for n in self.neighbours(street) if self.is_house(n))

    def quadrant(self, house: str) -> QuadrantName:
        quadrant = self.spaces[house].quadrant
        if quadrant is None:
            raise ValueError(f"{house} is not a House")
        return quadrant

    def houses_in(self, quadrant: QuadrantName) -> tuple[str, ...]:
        return tuple(s.id for s in self.data.spaces if s.quadrant == quadrant)

    @cached_property
    def houses(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.data.spaces if s.kind == "house")

    @cached_property
    def streets(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.data.spaces if s.kind != "house")

    @cached_property
    def exits(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.data.spaces if s.kind == "exit")

    def quadrant_distance(self, a: QuadrantName, b: QuadrantName) -> int:
        return _quadrant_distances(self)[a][b]

    def opposite_exit(self, exit_space: str) -> str:
        """The Exit across the Intersection from ``exit_space`` (the Cop Car's destination)."""
        centre = next(s.grid for s in self.data.spaces if s.kind == "intersection")
        x, y = self.spaces[exit_space].grid
        mirrored = (2 * centre[0] - x, 2 * centre[1] - y)
        across = [e for e in self.exits if self.spaces[e].grid == mirrored]
        if across:
            return across[0]
        distances = self.distances_from(exit_space)
        return max(self.exits, key=lambda e: (distances[e], e))

    def distances_from(self, start: str) -> dict[str, int]:
        return _distances(self, start)

    def path_between(self, start: str, end: str) -> tuple[str, ...]:
        """A shortest path along the streets (the Cop Car's road), ends included."""
        _distances, previous = breadth_first(
            start, self.neighbours, enter=lambda n: not self.is_house(n)
        )
        path = [end]
        while (before := previous.get(path[-1])) is not None:
            path.append(before)
        return tuple(reversed(path))


def _always(*_: object) -> bool:
    return True


def breadth_first(
    start: Node,
    neighbours: Callable[[Node], Iterable[Node]],
    *,
    expand: Callable[[Node, int], bool] = _always,
    enter: Callable[[Node], bool] = _always,
) -> tuple[dict[Node, int], dict[Node, Node | None]]:
    """The one breadth-first search (reach, paths, quadrant distances): how far each node is
    from ``start`` and the node it was reached from. ``expand(node, distance)`` says whether to
    look past a node; ``enter(node)`` whether a node may be reached at all.

    >>> breadth_first(1, lambda n: (n + 1, n * 2), expand=lambda n, d: d < 2)[0]
    {1: 0, 2: 1, 3: 2, 4: 2}
    """
    distances: dict[Node, int] = {start: 0}
    previous: dict[Node, Node | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if not expand(here, distances[here]):
            continue
        for n in neighbours(here):
            if n in distances or not enter(n):
                continue
            distances[n] = distances[here] + 1
            previous[n] = here
            queue.append(n)
    return distances, previous


@cache
def _distances(board: Board, start: str) -> dict[str, int]:
    return breadth_first(start, board.neighbours)[0]


@cache
def _quadrant_distances(board: Board) -> dict[QuadrantName, dict[QuadrantName, int]]:
    def nearby(quadrant: QuadrantName) -> tuple[QuadrantName, ...]:
        return board.data.quadrants.get(quadrant, ())

    return {start: breadth_first(start, nearby)[0] for start in QUADRANT_NAMES}


def _problem(where: str, what: str) -> BoardDataError:
    error = BoardDataError(
        # Translators: {where} names the entry (space “exit-n”, quadrant NW), {problem} what is
        # wrong with it.
        _("The board file is wrong at {where}: {problem}.").format(where=where, problem=what)
    )
    error.where, error.problem = where, what
    return error


def load_board(text: str) -> Board:
    """Parse and check a board file; a mistake raises ``BoardDataError`` naming the entry."""
    from pydantic import TypeAdapter, ValidationError  # a file to check: the first paint has none

    try:
        raw: Any = json.loads(text)
    except ValueError as error:
        raise BoardDataError(
            _("The board file is not readable JSON ({error}).").format(error=error)
        ) from None
    try:
        data = TypeAdapter(BoardData).validate_python(raw)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        loc = problem["loc"]
        where = ".".join(str(p) for p in loc) or _("the top level")
        if len(loc) >= 2 and loc[0] == "spaces" and isinstance(loc[1], int):
            with contextlib.suppress(KeyError, IndexError, TypeError, AttributeError):
                space = raw["spaces"][loc[1]].get("id", loc[1])
                where = _("space “{space}” ({where})").format(space=space, where=where)
        raise _problem(where, checked_problem(problem)) from None
    _check(data)
    return Board(data)


def _packaged(raw: dict[str, Any]) -> BoardData:
    """The packaged board file, built as it is: the app's own file, which the tests check
    against ``load_board`` (``test_the_packaged_board_is_built_as_checked``)."""
    return BoardData(
        spaces=tuple(
            SpaceData(**{**s, "grid": tuple(s["grid"]), "neighbours": tuple(s["neighbours"])})
            for s in raw["spaces"]
        ),
        quadrants={q: tuple(near) for q, near in raw["quadrants"].items()},
        setups=tuple(SetupCardData(**s) for s in raw["setups"]),
        items=tuple(raw["items"]),
        convince=tuple(ConvinceLine(**line) for line in raw["convince"]),
        **{k: raw[k] for k in ("about", "confidence", "items_about", "convince_about") if k in raw},
    )


def _check(data: BoardData) -> None:
    _check_spaces(data)
    _check_quadrants(data)
    _check_setups(data)
    _check_convince(data)


def _check_spaces(data: BoardData) -> None:
    ids = [s.id for s in data.spaces]
    seen: set[str] = set()
    for space_id in ids:
        if space_id in seen:
            raise _problem(_space(space_id), _("the id is used twice"))
        seen.add(space_id)
    spaces = {s.id: s for s in data.spaces}
    for space in data.spaces:
        where = _space(space.id)
        for n in space.neighbours:
            if n not in spaces:
                raise _problem(where, _("its neighbour “{space}” is not a space").format(space=n))
            if space.id not in spaces[n].neighbours:
                raise _problem(
                    where,
                    _("it lists “{space}” as a neighbour, but “{space}” does not list it").format(
                        space=n
                    ),
                )
        if space.kind == "house":
            if space.quadrant is None:
                raise _problem(where, _("a House must be in a quadrant"))
            if len(space.neighbours) != 1:
                raise _problem(where, _("every House is a dead end with exactly one neighbour"))
            if spaces[space.neighbours[0]].kind == "house":
                raise _problem(where, _("a House must open onto a Street space"))
        elif space.quadrant is not None:
            raise _problem(where, _("only Houses belong to a quadrant"))


def _check_quadrants(data: BoardData) -> None:
    for quadrant in QUADRANT_NAMES:
        count = sum(1 for s in data.spaces if s.quadrant == quadrant)
        if count != HOUSES_PER_QUADRANT:
            raise _problem(
                _("quadrant {quadrant}").format(quadrant=quadrant),
                # The English keeps "Houses" for any count, as it always has.
                ngettext(
                    "it has {count} Houses, not {houses}",
                    "it has {count} Houses, not {houses}",
                    count,
                ).format(count=count, houses=HOUSES_PER_QUADRANT),
            )
        for n in data.quadrants.get(quadrant, ()):
            if quadrant not in data.quadrants.get(n, ()):
                raise _problem(
                    f"quadrants.{quadrant}",
                    _("{quadrant} is listed one way only").format(quadrant=n),
                )


def _check_setups(data: BoardData) -> None:
    spaces = {s.id for s in data.spaces}
    for setup in data.setups:
        where = _("Setup card “{card}”").format(card=setup.name)
        for role, space_id in (
            (_("the Final Girl's space “{space}” is not a space"), setup.final_girl),
            (_("the Killer's space “{space}” is not a space"), setup.killer),
        ):
            if space_id not in spaces:
                raise _problem(where, role.format(space=space_id))
        total = 0
        for space_id, count in setup.victims.items():
            if space_id not in spaces:
                raise _problem(
                    where,
                    _("Victims are placed on “{space}”, which is not a space").format(
                        space=space_id
                    ),
                )
            if count < 1:
                raise _problem(
                    where,
                    ngettext(
                        "“{space}” gets {count} Victims", "“{space}” gets {count} Victims", count
                    ).format(space=space_id, count=count),
                )
            total += count
        if total != VICTIMS_PER_SETUP:
            raise _problem(
                where,
                ngettext(
                    "it places {count} Victims, not {victims}",
                    "it places {count} Victims, not {victims}",
                    total,
                ).format(count=total, victims=VICTIMS_PER_SETUP),
            )


def _check_convince(data: BoardData) -> None:
    # The rulebook prints the lines but not which result each belongs to: a corrected file
    # may add or drop lines, as long as each has its own id.
    if not data.convince:
        raise _problem("convince", _("the Convince card needs at least one line"))
    line_ids: set[str] = set()
    for line in data.convince:
        if line.id in line_ids:
            raise _problem(
                _("convince line “{line}”").format(line=line.id), _("the id is used twice")
            )
        line_ids.add(line.id)


def _space(space_id: str) -> str:
    # Translators: where the board file is wrong: a space, by its id in the file.
    return _("space “{space}”").format(space=space_id)


def packaged_board_text() -> str:
    return resources.files("frightmare.resources").joinpath("maple-lane.json").read_text("utf-8")


@cache
def default_board() -> Board:
    """The packaged board (the first paint of a game in progress draws it, before pydantic
    is imported)."""
    return Board(_packaged(json.loads(packaged_board_text())))


def setup_card_names(board: Board | None = None) -> tuple[str, ...]:
    """The names of Maple Lane's Setup cards, in the box's order."""
    return tuple(s.name for s in (board or default_board()).data.setups)


def known_items(board: Board | None = None) -> tuple[str, ...]:
    return (board or default_board()).data.items
