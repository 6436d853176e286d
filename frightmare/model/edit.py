"""Edit the table: put the app right when it and the table disagree.

"The table is the truth." Each edit is one recorded, undoable step that sets what lies on the
table, with none of the rules' consequences (no Bloodlust for a Victim removed, no Final Health
for Health set to 0). Edits refuse only what the table cannot show: a space that does not
exist, a piece taken from where it is not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from frightmare.i18n import _, pgettext
from frightmare.model.actions.edit import (
    EditPiece,
    EditTable,
    SetCounter,
    SetDeck,
    SetItems,
    piece_name,
)
from frightmare.model.box.cards import item_name
from frightmare.model.counters import counter_title, counter_value
from frightmare.model.errors import impossible
from frightmare.model.game.state import Counters, GameState
from frightmare.model.game.table import CopCar, HeldItem, ItemCard, Table, VictimKind

_VICTIMS: dict[EditPiece, VictimKind] = {
    "victim": "victim",
    "smalley": "smalley",
    "boyfriend": "boyfriend",
}
# The tokens a space can hold one of: where each lies, and the table with them set there.
_MARKS: dict[EditPiece, Callable[[Table], frozenset[str]]] = {
    "x token": lambda table: table.x_tokens,
    "burnt house": lambda table: table.closed,
    "roadblock": lambda table: table.roadblocks,
    "booby trap": lambda table: table.booby_traps,
}
_SET_MARKS: dict[EditPiece, Callable[[Table, frozenset[str]], Table]] = {
    "x token": lambda table, marks: replace(table, x_tokens=marks),
    "burnt house": lambda table, marks: replace(table, closed=marks),
    "roadblock": lambda table, marks: replace(table, roadblocks=marks),
    "booby trap": lambda table, marks: replace(table, booby_traps=marks),
}


def _space_or_off_board(state: GameState, space: str | None) -> str | None:
    """``space`` if this board has it, ``None`` (off the board) as it is; an unknown id is
    impossible."""
    if space is not None and space not in state.board.spaces:
        raise impossible(_("There is no space “{space}” on this board.").format(space=space))
    return space


def check_edit_piece(state: GameState, action: EditTable) -> None:
    source, target = (
        _space_or_off_board(state, action.source),
        _space_or_off_board(state, action.target),
    )
    if source is None and target is None:
        raise impossible(_("Choose where the piece goes, or where it is taken from."))
    if source == target:
        raise impossible(_("It is already on {space}.").format(space=state.board.label(source)))
    table, piece = state.table, action.piece
    # Translators: {piece} is a piece of the board in lower case, as the edit names it
    # ("victim", "x token", "roadblock").
    there_is_none = _("There is no {piece} on {space}.")
    if piece in _VICTIMS:
        who = _VICTIMS[piece]
        if source is not None and not table.count_of(source, who):
            raise impossible(
                there_is_none.format(piece=_plain(piece), space=state.board.label(source))
            )
        # Taken from his space first, the Boyfriend may go anywhere.
        boyfriend = table.boyfriend
        if target is not None and who == "boyfriend" and source is None and boyfriend is not None:
            raise impossible(
                _("The Boyfriend is already on {space}.").format(space=state.board.label(boyfriend))
            )
        return
    if piece in _MARKS:
        marks = _MARKS[piece](table)
        if source is not None:
            if source not in marks:
                raise impossible(
                    there_is_none.format(piece=_plain(piece), space=state.board.label(source))
                )
            marks = marks - {source}
        if target is not None and target in marks:
            raise impossible(
                _("{space} already has a {piece}.").format(
                    space=state.board.label(target), piece=_plain(piece)
                )
            )
        return
    if source is not None and _single_at(table, piece) != source:
        raise impossible(_("It is not on {space}.").format(space=state.board.label(source)))


def _plain(piece: EditPiece) -> str:
    """A piece as the edits' refusals name it, in lower case ("victim", "burnt house")."""
    words = {
        "victim": pgettext("piece", "victim"),
        "smalley": pgettext("piece", "smalley"),
        "boyfriend": pgettext("piece", "boyfriend"),
        "x token": pgettext("piece", "x token"),
        "burnt house": pgettext("piece", "burnt house"),
        "roadblock": pgettext("piece", "roadblock"),
        "booby trap": pgettext("piece", "booby trap"),
    }
    return words.get(piece) or piece_name(piece)


def edit_piece(state: GameState, action: EditTable) -> GameState:
    source, target = action.source, action.target
    table, piece = state.table, action.piece
    if piece in _VICTIMS:
        who = _VICTIMS[piece]
        if source is not None:
            table = table.without_victims(source, who)
        if target is not None:
            table = table.with_victims(target, who)
        return replace(state, table=table)
    if piece in _MARKS:
        marks = _MARKS[piece](table)
        if source is not None:
            marks = marks - {source}
        if target is not None:
            marks = marks | {target}
        return replace(state, table=_SET_MARKS[piece](table, marks))
    return replace(state, table=_move_single(state, table, piece, target))


def _single_at(table: Table, piece: EditPiece) -> str | None:
    """Where the piece there is one of lies: she, he, the Cop Car, the Bicycle, the
    Fireworks."""
    return {
        "final girl": table.final_girl,
        "dr fright": table.killer,
        "cop car": table.cop_car.space if table.cop_car else None,
        "bicycle": table.bicycle,
        "fireworks": table.fireworks,
    }[piece]


def _move_single(state: GameState, table: Table, piece: EditPiece, target: str | None) -> Table:
    """The pieces there is one of: she, he, the Cop Car, the Bicycle, the Fireworks."""
    if piece == "final girl":
        return replace(table, final_girl=target)
    if piece == "dr fright":
        return replace(table, killer=target)
    if piece == "bicycle":
        return replace(table, bicycle=target)
    if piece == "fireworks":
        return replace(table, fireworks=target)
    if target is None:
        return replace(table, cop_car=None)
    car = table.cop_car
    if car is not None:
        return replace(table, cop_car=CopCar(target, car.heading, car.carried))
    exits = state.board.exits
    heading = state.board.opposite_exit(target) if target in exits else exits[0]
    return replace(table, cop_car=CopCar(target, heading))


def _counters_set(state: GameState, action: SetCounter) -> Counters:
    c, value = state.counters, action.value
    return {
        "time": lambda: replace(c, time=value),
        "health": lambda: replace(c, health=value),
        "horror": lambda: replace(c, horror=value),
        "killer health": lambda: replace(c, killer_health=value),
        "bloodlust": lambda: replace(c, bloodlust=value),
        "terror": lambda: replace(c, terror_left=value),
        "saved": lambda: replace(c, victims_saved=value),
        "killed": lambda: replace(c, victims_killed=value),
    }[action.counter]()


def check_set_counter(state: GameState, action: SetCounter) -> None:
    if counter_value(state, action.counter) == action.value:
        # Nothing to put right: no step in History for it.
        raise impossible(
            _("{counter} is already {value}.").format(
                counter=counter_title(state, action.counter), value=action.value
            )
        )


def set_counter(state: GameState, action: SetCounter) -> GameState:
    return replace(state, counters=_counters_set(state, action))


def set_deck(state: GameState, action: SetDeck) -> GameState:
    """A quadrant deck with ``cards`` cards; the top one named (face up, "as normal")."""
    deck = state.table.deck(action.quadrant)
    cards = list(deck[: action.cards])
    cards += [ItemCard() for _card in range(action.cards - len(cards))]
    if cards:
        cards[0] = ItemCard(None if action.top is None else item_name(action.top), face_up=True)
    return replace(state, table=state.table.with_deck(action.quadrant, tuple(cards)))


def set_items(state: GameState, action: SetItems) -> GameState:
    held = tuple(HeldItem(item_name(item.name), item.in_hand) for item in action.items)
    return replace(state, table=replace(state.table, held=held))
