"""Maple Lane's plays: moving her and the Victims, saving them, the Houses (Convince,
Search), her Items and the Item decks, the Bicycle, the Events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.names import ItemName, SpaceId, TypedCardName, space_name
from frightmare.model.box.board import QuadrantName
from frightmare.model.box.cards import EVENT_NAMES, EventName

Piece = Literal["final girl", "dr fright", "bicycle"]
SpecialVictim = Literal["victim", "smalley", "boyfriend"]
Special = Literal["smalley", "boyfriend"]
WHO_NAMES: dict[SpecialVictim, tuple[str, str]] = {
    "victim": ("Victim", "Victims"),
    "smalley": ("Smalley", "Smalleys"),
    "boyfriend": ("the Boyfriend", "the Boyfriend"),
}


def _who(who: SpecialVictim, count: int) -> str:
    singular, plural = WHO_NAMES[who]
    return f"{count} {plural if count != 1 else singular}" if who != "boyfriend" else singular


EVENTS: tuple[EventName, ...] = EVENT_NAMES


class Move(BaseAction):
    """Walk or Sprint: the Final Girl moves up to ``steps`` spaces; up to 2 Victims follow
    (``followers`` plain ones, and the Special Victims named in ``specials``)."""

    kind: Literal["move"] = "move"
    to: SpaceId
    steps: int = Field(default=1, ge=1, le=12)
    followers: int = Field(default=0, ge=0, le=2)
    specials: tuple[Special, ...] = Field(default=(), max_length=2)

    def describe(self) -> str:
        text = f"Moved to {space_name(self.to)}"
        if self.followers:
            text += f" with {self.followers} Victim{'s' if self.followers > 1 else ''}"
        for who in dict.fromkeys(self.specials):
            text += f" with {_who(who, self.specials.count(who))}"
        return text


class Place(BaseAction):
    """A free edit to match the table: put a piece anywhere (or off the board)."""

    kind: Literal["place"] = "place"
    piece: Piece
    space: SpaceId | None

    def describe(self) -> str:
        names = {
            "final girl": "the Final Girl",
            "dr fright": "Dr. Fright",
            "bicycle": "the Bicycle",
        }
        return f"Placed {names[self.piece]}: {space_name(self.space)}"


class SetVictims(BaseAction):
    kind: Literal["set-victims"] = "set-victims"
    space: SpaceId
    count: int = Field(ge=0, le=40)

    def describe(self) -> str:
        return f"Set Victims on {space_name(self.space)} to {self.count}"


class AddVictims(BaseAction):
    kind: Literal["add-victims"] = "add-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return (
            f"Added {self.count} Victim{'s' if self.count > 1 else ''} to {space_name(self.space)}"
        )


class MoveVictims(BaseAction):
    kind: Literal["move-victims"] = "move-victims"
    source: SpaceId
    target: SpaceId
    count: int = Field(default=1, ge=1, le=12)
    panic: bool = False
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        verb = "panicked" if self.panic else "moved"
        whom = _who(self.who, self.count)
        return f"{whom} {verb}: {space_name(self.source)} → {space_name(self.target)}"


class KillVictim(BaseAction):
    kind: Literal["kill-victim"] = "kill-victim"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        names = {"victim": "A Victim", "smalley": "A Smalley", "boyfriend": "The Boyfriend"}
        return f"{names[self.who]} died on {space_name(self.space)}"


class SaveVictims(BaseAction):
    kind: Literal["save-victims"] = "save-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        return f"Saved {_who(self.who, self.count)} at {space_name(self.space)}"


# The id of one of the board file's Convince lines. Not a closed Literal: the file's own note
# says "Add or drop lines freely", so a corrected board may have ids no release knows.
ConvinceLineId = Annotated[str, Field(min_length=1, max_length=30)]


class Convince(BaseAction):
    """The Convince Action card, resolved with the result the player rolled.

    ``result`` is the id of one of the board file's Convince lines (a corrected file may add
    or drop lines); ``item_name`` names the top Item taken on the 3+ line (unnamed allowed).
    """

    kind: Literal["convince"] = "convince"
    house: SpaceId
    result: ConvinceLineId
    take_item: bool = False
    item_name: ItemName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            result: str,
            take_item: bool = ...,
            item_name: str | None = ...,
            kind: Literal["convince"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        results = {
            "3+": "3+ successes",
            "2": "2 successes",
            "1": "1 success",
            "fail": "failed, card returned",
            "fail-return": "failed, card returned",
        }
        text = f"Convince at {space_name(self.house)}: {results.get(self.result, self.result)}"
        if self.take_item:
            text += f", took {self.item_name or 'the top Item'}"
        return text


class Search(BaseAction):
    """A successful search of a House: draw its quadrant's top card(s), keep one.

    ``names`` are the drawn cards as the player reads them (``None`` keeps a card unnamed);
    with two, ``keep`` picks one and the other goes back on ``other_to`` of the deck (or of the
    closest quadrant not fully searched; ``other_quadrant`` settles a tie).
    """

    kind: Literal["search"] = "search"
    house: SpaceId
    names: tuple[ItemName | None, ...] = Field(default=(None,), min_length=1, max_length=2)
    keep: int = Field(default=0, ge=0, le=1)
    other_to: Literal["top", "bottom"] = "top"
    other_quadrant: QuadrantName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            names: tuple[str | None, ...] = ...,
            keep: int = ...,
            other_to: Literal["top", "bottom"] = ...,
            other_quadrant: QuadrantName | None = ...,
            kind: Literal["search"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        drawn = len(self.names)
        kept = self.names[self.keep] if self.keep < drawn else None
        text = f"Searched {space_name(self.house)}"
        if kept:
            text += f": took {kept}"
        if drawn == 2:
            text += f", other card to the {self.other_to}"
        return text


class RecordTopCard(BaseAction):
    kind: Literal["top-card"] = "top-card"
    quadrant: QuadrantName
    name: ItemName | None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            quadrant: QuadrantName,
            name: str | None,
            kind: Literal["top-card"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        return f"{self.quadrant} deck's top card: {self.name or 'unknown'}"


class DiscardItem(BaseAction):
    kind: Literal["discard-item"] = "discard-item"
    index: int = Field(ge=0, le=30)

    def describe(self) -> str:
        return "Discarded an item"


class ToggleHand(BaseAction):
    kind: Literal["toggle-hand"] = "toggle-hand"
    index: int = Field(ge=0, le=30)

    def describe(self) -> str:
        return "Rearranged items (in hand / not in hand)"


class ReturnItem(BaseAction):
    kind: Literal["return-item"] = "return-item"
    index: int = Field(ge=0, le=30)
    quadrant: QuadrantName
    position: Literal["top", "bottom"] = "bottom"
    other_quadrant: QuadrantName | None = None

    def describe(self) -> str:
        return f"Returned an item to the {self.quadrant} deck ({self.position})"


class RideBicycle(BaseAction):
    kind: Literal["ride"] = "ride"
    to: SpaceId

    def describe(self) -> str:
        return f"Rode the Bicycle to {space_name(self.to)}"


class RevealEvent(BaseAction):
    kind: Literal["event"] = "event"
    name: EventName | TypedCardName
    space: SpaceId | None = None
    die: int | None = Field(default=None, ge=1, le=6)

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            name: str,
            space: str | None = ...,
            die: int | None = ...,
            kind: Literal["event"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        text = f"Event: {self.name}"
        if self.die is not None:
            text += f" (rolled {self.die})"
        elif self.space is not None:
            text += f" ({space_name(self.space)})"
        return text


class HitByCar(BaseAction):
    """Terror card "They just got hit by a car!": the Victim the player chooses (a plain one, a
    Smalley or the Boyfriend) on the chosen Street space dies."""

    kind: Literal["hit-by-car"] = "hit-by-car"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        names = {"victim": "A Victim", "smalley": "A Smalley", "boyfriend": "The Boyfriend"}
        return f"They just got hit by a car! {names[self.who]} died on {space_name(self.space)}"
