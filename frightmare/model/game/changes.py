"""What an action changed on the table, by part: the board's spaces, the street plan, the
counters, the round, the decks, the Boiler Room, his powers, the notes, History, the record.

As Anki's operations report their ``OpChanges`` and each screen redraws only what they name,
``between(before, after)`` says which parts of the table differ between two states, and the
window redraws only those. States are immutable and share their unchanged parts, so the
comparison is by identity first (a part not rebuilt is the same object) and by value only
where a part was rebuilt: it costs a few comparisons, never a walk of the journal.

Undo, redo, a jump in History, another game, a language or a theme: ``EVERYTHING``.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> from dataclasses import replace
>>> before = new_game(GameSetup(), seed=1)
>>> after = replace(before, counters=replace(before.counters, time=5))
>>> sorted(between(before, after).parts)
['counters']
>>> "round" in between(before, after)
False
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal, get_args

from frightmare.model.game.state import GameState
from frightmare.model.game.table import Table
from frightmare.model.values import frozen

Part = Literal[
    # The pieces and tokens on the board's spaces (``Changes.spaces`` names which).
    "spaces",
    # The street plan: burnt Houses and Roadblocks.
    "streets",
    "counters",
    # The round, its phase and its duties: what is due, the Terror card, his Killer Action,
    # the Panic, the lasting effects, the game's end.
    "round",
    # The Item decks, her Items, the discard pile and the Event cards revealed.
    "decks",
    # Awake or Asleep and the Boiler Room deck.
    "dream",
    # His Dark Power, his Finale and the Minor Dark Powers.
    "powers",
    "notes",
    # What the last action said (its lines and typed events).
    "log",
    # Another Location's plain table.
    "location",
    # The game itself: its setup, name, box values, cards or board (all of it is drawn anew).
    "game",
    # The journal and its cursor (History, Undo's and Redo's words).
    "history",
    # The game's end: won, lost or reopened (the record, the title, the result line).
    "record",
]
PARTS: tuple[Part, ...] = get_args(Part)


@frozen
class Changes:
    """The parts of the table that changed; ``spaces``: the board's spaces whose pieces or
    tokens changed (every space when ``everything``)."""

    parts: frozenset[Part] = frozenset()
    spaces: frozenset[str] = frozenset()
    everything: bool = field(default=False)

    def __contains__(self, part: object) -> bool:
        return self.everything or part in self.parts

    def any(self, *parts: Part) -> bool:
        """Whether any of ``parts`` changed."""
        return self.everything or not self.parts.isdisjoint(parts)

    def space_changed(self, space: str) -> bool:
        return self.everything or space in self.spaces

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.parts | other.parts,
            self.spaces | other.spaces,
            self.everything or other.everything,
        )

    @property
    def nothing(self) -> bool:
        return not self.everything and not self.parts


EVERYTHING = Changes(frozenset(PARTS), everything=True)
NOTHING = Changes()
# An action was recorded: the journal changed, whatever it did to the table.
HISTORY = Changes(frozenset({"history"}))

# The state's fields by the part they belong to (``log`` and ``events`` are what the last
# action said; ``seed`` and the rest of ``game`` never change within a game's play).
_FIELDS: dict[str, Part] = {
    "setup": "game",
    "seed": "game",
    "name": "game",
    "box": "game",
    "board": "game",
    "cards": "game",
    "notes": "notes",
    "round": "round",
    "phase": "round",
    "shock_kills_this_round": "round",
    "terror_drawn": "round",
    "terror_this_round": "round",
    "killer_action_done": "round",
    "panic_recorded": "round",
    "card_open": "round",
    "due": "round",
    "result": "round",
    "ended_round": "round",
    "lasting": "round",
    "finale_actions": "round",
    "dream": "dream",
    "dark_power": "powers",
    "finale": "powers",
    "minor_powers": "powers",
    "counters": "counters",
    "log": "log",
    "events": "log",
    "location": "location",
}
# The table's fields that lie on one space each (or a few), and those that are the decks'.
_ON_SPACES = (
    "final_girl",
    "killer",
    "boyfriend",
    "bicycle",
    "fireworks",
)
_SPACE_SETS = ("x_tokens", "closed", "roadblocks", "booby_traps")
_DECKS = ("decks", "held", "discarded", "events")


def between(before: GameState, after: GameState) -> Changes:
    """What differs between two states of one game, by part (pure: a few comparisons)."""
    if before is after:
        return NOTHING
    parts: set[Part] = set()
    for name, part in _FIELDS.items():
        if part in parts:
            continue
        old, new = getattr(before, name), getattr(after, name)
        if old is not new and old != new:
            parts.add(part)
    if before.result != after.result:
        parts.add("record")
    spaces: frozenset[str] = frozenset()
    if before.table is not after.table:
        spaces, table_parts = _table_changes(before.table, after.table)
        parts |= table_parts
    if "game" in parts:
        return EVERYTHING
    return Changes(frozenset(parts), spaces)


def _table_changes(old: Table, new: Table) -> tuple[frozenset[str], set[Part]]:
    """The spaces whose pieces or tokens differ between two tables, and the table's parts."""
    spaces: set[str] = set()
    parts: set[Part] = set()
    for name in _ON_SPACES:
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            spaces.update(s for s in (a, b) if s is not None)
    if old.bicycle_ridden_round != new.bicycle_ridden_round and new.bicycle is not None:
        spaces.add(new.bicycle)
    for name in _SPACE_SETS:
        a, b = getattr(old, name), getattr(new, name)
        if a is not b and a != b:
            spaces.update(a ^ b)
            if name in ("closed", "roadblocks"):
                parts.add("streets")
    if old.victims is not new.victims:
        spaces.update(
            s for s in set(old.victims) | set(new.victims) if old.victims[s] != new.victims[s]
        )
    if old.smalleys != new.smalleys:
        spaces.update(
            s
            for s in set(old.smalleys) | set(new.smalleys)
            if old.smalleys.count(s) != new.smalleys.count(s)
        )
    if old.cop_car != new.cop_car:
        spaces.update(c.space for c in (old.cop_car, new.cop_car) if c is not None and c.space)
    for name in _DECKS:
        a, b = getattr(old, name), getattr(new, name)
        if a is not b and a != b:
            parts.add("decks")
    if spaces:
        parts.add("spaces")
    return frozenset(spaces), parts
