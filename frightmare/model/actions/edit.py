"""Edits of the table: free corrections to match it (a piece, a counter, an Item deck, her
items, one of the box's numbers), each one recorded and undoable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.names import ItemName, SpaceId, space_name
from frightmare.model.actions.round import COUNTER_TITLES, CounterName
from frightmare.model.box.board import QuadrantName
from frightmare.model.box.numbers import SWITCHES as SWITCH_NAMES
from frightmare.model.box.numbers import BoxValueName
from frightmare.model.wording import counted


class SetBoxValue(BaseAction):
    """Correct one of the box's numbers for this game (Health, a track's length...)."""

    kind: Literal["box-value"] = "box-value"
    name: BoxValueName
    value: int = Field(ge=0, le=99)

    def describe(self) -> str:
        if self.name in SWITCH_NAMES:
            return f"Switch {'on' if self.value else 'off'}: {self.name.replace('_', ' ')}"
        return f"Box value {self.name.replace('_', ' ')} set to {self.value}"


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
EDIT_PIECE_NAMES: dict[EditPiece, str] = {
    "final girl": "the Final Girl",
    "dr fright": "Dr. Fright",
    "victim": "a Victim",
    "smalley": "a Smalley",
    "boyfriend": "the Boyfriend",
    "x token": "an X token",
    "burnt house": "a burnt House",
    "roadblock": "a Roadblock",
    "cop car": "the Cop Car",
    "bicycle": "the Bicycle",
    "booby trap": "a booby trap",
    "fireworks": "the Fireworks token",
}


class EditTable(BaseAction):
    """Edit the table: move one piece from ``source`` to ``target`` (``None`` is off the
    board, so a piece is placed with no source and removed with no target)."""

    kind: Literal["edit-piece"] = "edit-piece"
    piece: EditPiece
    source: SpaceId | None = None
    target: SpaceId | None = None

    def describe(self) -> str:
        name = EDIT_PIECE_NAMES[self.piece]
        if self.source is None:
            return f"Edit: placed {name} on {space_name(self.target)}"
        if self.target is None:
            return f"Edit: removed {name} from {space_name(self.source)}"
        return f"Edit: moved {name} {space_name(self.source)} → {space_name(self.target)}"


class SetCounter(BaseAction):
    kind: Literal["set-counter"] = "set-counter"
    counter: CounterName
    value: int = Field(ge=0, le=99)

    def describe(self) -> str:
        return f"Edit: {COUNTER_TITLES[self.counter]} set to {self.value}"


class SetDeck(BaseAction):
    """Edit one quadrant Item deck: how many cards are left and the named top card."""

    kind: Literal["set-deck"] = "set-deck"
    quadrant: QuadrantName
    cards: int = Field(ge=0, le=16)
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
        top = f", {self.top} on top" if self.top and self.cards else ""
        return f"Edit: {self.quadrant} deck holds {counted(self.cards, 'card')}{top}"


class HeldItemData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: ItemName
    in_hand: bool = True

    if TYPE_CHECKING:

        def __init__(self, *, name: str, in_hand: bool = ...) -> None: ...


class SetItems(BaseAction):
    kind: Literal["set-items"] = "set-items"
    items: tuple[HeldItemData, ...] = Field(default=(), max_length=20)

    def describe(self) -> str:
        names = ", ".join(i.name for i in self.items) or "none"
        return f"Edit: her items are {names}"
