"""Edits of the table: free corrections to match it (a piece, a counter, an Item deck, her
items, one of the box's numbers), each one recorded and undoable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, get_args

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.base import BaseAction, Between, Length, Record
from frightmare.model.actions.names import ItemName, SpaceId, card_shown, fright, space_name
from frightmare.model.actions.round import CounterName, counter_label
from frightmare.model.box.board import QuadrantName, quadrant_label
from frightmare.model.box.numbers import SWITCHES as SWITCH_NAMES
from frightmare.model.box.numbers import BoxValueName


class SetBoxValue(BaseAction):
    """Correct one of the box's numbers for this game (Health, a track's length...)."""

    kind: Literal["box-value"] = "box-value"
    name: BoxValueName
    value: Annotated[int, Between(0, 99)]

    def describe(self) -> str:
        # The box value's name as the file spells it (the Box values window names it too).
        name = self.name.replace("_", " ")
        if self.name in SWITCH_NAMES:
            text = _("Switch on: {switch}") if self.value else _("Switch off: {switch}")
            return text.format(switch=name)
        return _("Box value {name} set to {value}").format(name=name, value=self.value)


EditPiece = Literal[
    "final girl",
    "dr fright",
    "victim",
    "smalley",
    "boyfriend",
    "x token",
    "burnt house",
    "roadblock",
    "cop car",
    "bicycle",
    "booby trap",
    "fireworks",
]
EDIT_PIECES: tuple[EditPiece, ...] = get_args(EditPiece)
# Shown with ``_`` (History's lines and the Edit the table dialog).
EDIT_PIECE_NAMES: dict[EditPiece, str] = {
    "final girl": N_("the Final Girl"),
    "dr fright": N_("Dr. Fright"),
    "victim": N_("a Victim"),
    "smalley": N_("a Smalley"),
    "boyfriend": N_("the Boyfriend"),
    "x token": N_("an X token"),
    "burnt house": N_("a burnt House"),
    "roadblock": N_("a Roadblock"),
    "cop car": N_("the Cop Car"),
    "bicycle": N_("the Bicycle"),
    "booby trap": N_("a booby trap"),
    "fireworks": N_("the Fireworks token"),
}


def piece_name(piece: EditPiece) -> str:
    """A piece as the player reads it ("a Victim"; Dr. Fright as their edition names him)."""
    return fright() if piece == "dr fright" else _(EDIT_PIECE_NAMES[piece])


class EditTable(BaseAction):
    """Edit the table: move one piece from ``source`` to ``target`` (``None`` is off the
    board, so a piece is placed with no source and removed with no target)."""

    kind: Literal["edit-piece"] = "edit-piece"
    piece: EditPiece
    source: SpaceId | None = None
    target: SpaceId | None = None

    def describe(self) -> str:
        name = piece_name(self.piece)
        if self.source is None:
            # Translators: {piece} is a piece of the board: "a Victim", "the Cop Car"...
            return _("Edit: placed {piece} on {space}").format(
                piece=name, space=space_name(self.target)
            )
        if self.target is None:
            return _("Edit: removed {piece} from {space}").format(
                piece=name, space=space_name(self.source)
            )
        return _("Edit: moved {piece} {source} → {target}").format(
            piece=name, source=space_name(self.source), target=space_name(self.target)
        )


class SetCounter(BaseAction):
    kind: Literal["set-counter"] = "set-counter"
    counter: CounterName
    value: Annotated[int, Between(0, 99)]

    def describe(self) -> str:
        return _("Edit: {counter} set to {value}").format(
            counter=counter_label(self.counter), value=self.value
        )


class SetDeck(BaseAction):
    """Edit one quadrant Item deck: how many cards are left and the named top card."""

    kind: Literal["set-deck"] = "set-deck"
    quadrant: QuadrantName
    cards: Annotated[int, Between(0, 16)]
    top: ItemName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            quadrant: QuadrantName,
            cards: int,
            top: str | None = ...,
            kind: Literal["set-deck"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        text = ngettext(
            "Edit: {quadrant} deck holds {count} card",
            "Edit: {quadrant} deck holds {count} cards",
            self.cards,
        ).format(quadrant=quadrant_label(self.quadrant), count=self.cards)
        if self.top and self.cards:
            # Translators: {edit} is "Edit: <quadrant> deck holds <n> cards".
            text = _("{edit}, {card} on top").format(edit=text, card=card_shown(self.top))
        return text


class HeldItemData(Record):
    name: ItemName
    in_hand: bool = True

    if TYPE_CHECKING:

        def __init__(self, *, name: str, in_hand: bool = ...) -> None: ...


class SetItems(BaseAction):
    kind: Literal["set-items"] = "set-items"
    items: Annotated[tuple[HeldItemData, ...], Length(0, 20)] = ()

    def describe(self) -> str:
        names = ", ".join(card_shown(i.name) for i in self.items) or _("none")
        return _("Edit: her items are {items}").format(items=names)
