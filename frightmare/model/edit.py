"""Edit the table: put the app right when it and the table disagree.

"The table is the truth." Each edit is one recorded, undoable step that sets what lies on the
table, with none of the rules' consequences (no Bloodlust for a Victim removed, no Final Health
for Health set to 0). Edits refuse only what the table cannot show: a space that does not
exist, a piece taken from where it is not.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.model.actions import EditTable, SetCounter, SetDeck, SetItems
from frightmare.model.errors import impossible
from frightmare.model.state import Counters, GameState
from frightmare.model.table import CopCar, HeldItem, ItemCard, Table, VictimKind

_VICTIMS: dict[str, VictimKind] = {
    "victim": "victim",
    "smalley": "smalley",
    "boyfriend": "boyfriend",
}
_SETS = {"x token": "x_tokens", "burnt house": "closed", "roadblock": "roadblocks"}


def _space(state: GameState, space: str | None) -> str | None:
    if space is not None and space not in state.board.spaces:
        raise impossible(f"There is no space “{space}” on this board.")
    return space


def _name(state: GameState, space: str | None) -> str:
    return "off the board" if space is None else state.board.name(space)


def edit_piece(state: GameState, action: EditTable) -> GameState:
    source, target = _space(state, action.source), _space(state, action.target)
    if source is None and target is None:
        raise impossible("Choose where the piece goes, or where it is taken from.")
    if source == target:
        raise impossible(f"It is already on {_name(state, source)}.")
    table, piece = state.table, action.piece
    if piece in _VICTIMS:
        who = _VICTIMS[piece]
        if source is not None:
            if not table.count_of(source, who):
                raise impossible(f"There is no {piece} on {_name(state, source)}.")
            table = table.without_victims(source, who)
        if target is not None:
            if who == "boyfriend" and table.boyfriend is not None:
                raise impossible(f"The Boyfriend is already on {_name(state, table.boyfriend)}.")
            table = table.with_victims(target, who)
        return replace(state, table=table)
    if piece in _SETS:
        field = _SETS[piece]
        marks: frozenset[str] = getattr(table, field)
        if source is not None:
            if source not in marks:
                raise impossible(f"There is no {piece} on {_name(state, source)}.")
            marks = marks - {source}
        if target is not None:
            if target in marks:
                raise impossible(f"{_name(state, target)} already has a {piece}.")
            marks = marks | {target}
        if piece == "x token":
            return replace(state, table=replace(table, x_tokens=marks))
        if piece == "burnt house":
            return replace(state, table=replace(table, closed=marks))
        return replace(state, table=replace(table, roadblocks=marks))
    return replace(state, table=_move_single(state, table, piece, source, target))


def _move_single(
    state: GameState, table: Table, piece: str, source: str | None, target: str | None
) -> Table:
    """The pieces there is one of: she, he, the Cop Car, the Bicycle."""
    where = {
        "final girl": table.final_girl,
        "dr fright": table.killer,
        "cop car": table.cop_car.space if table.cop_car else None,
        "bicycle": table.bicycle,
    }[piece]
    if source is not None and where != source:
        raise impossible(f"It is not on {_name(state, source)}.")
    if piece == "final girl":
        return replace(table, final_girl=target)
    if piece == "dr fright":
        return replace(table, killer=target)
    if piece == "bicycle":
        return replace(table, bicycle=target)
    if target is None:
        return replace(table, cop_car=None)
    car = table.cop_car
    if car is not None:
        return replace(table, cop_car=CopCar(target, car.heading, car.carried))
    exits = state.board.exits
    heading = state.board.opposite_exit(target) if target in exits else exits[0]
    return replace(table, cop_car=CopCar(target, heading))


def set_counter(state: GameState, action: SetCounter) -> GameState:
    c, value = state.counters, action.value
    counters: Counters = {
        "time": lambda: replace(c, time=value),
        "health": lambda: replace(c, health=value),
        "horror": lambda: replace(c, horror=value),
        "killer health": lambda: replace(c, killer_health=value),
        "bloodlust": lambda: replace(c, bloodlust=value),
        "terror": lambda: replace(c, terror_left=value),
        "saved": lambda: replace(c, victims_saved=value),
        "killed": lambda: replace(c, victims_killed=value),
    }[action.counter]()
    return replace(state, counters=counters)


def set_deck(state: GameState, action: SetDeck) -> GameState:
    """A quadrant deck with ``cards`` cards; the top one named (face up, "as normal")."""
    deck = state.table.deck(action.quadrant)
    cards = list(deck[: action.cards])
    cards += [ItemCard() for _ in range(action.cards - len(cards))]
    if cards:
        cards[0] = ItemCard(action.top, face_up=True)
    return replace(state, table=state.table.with_deck(action.quadrant, tuple(cards)))


def set_items(state: GameState, action: SetItems) -> GameState:
    held = tuple(HeldItem(item.name, item.in_hand) for item in action.items)
    return replace(state, table=replace(state.table, held=held))
