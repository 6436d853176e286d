"""Another Location's plays: its Victims counted, its one Item deck, the notes of where
things are (the rules are in ``frightmare.model.location``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from frightmare.model.actions.base import BaseAction
from frightmare.model.game.state import MAX_NOTES_LENGTH

MAX_VICTIMS = 60
MAX_DECK = 60


class LocationAction(BaseAction):
    """An action on another Location's table (the same shape as every other action)."""

    def describe(self) -> str:
        raise NotImplementedError


def _victims(count: int) -> str:
    return f"{count} Victim{'s' if count != 1 else ''}"


class AddLocationVictims(LocationAction):
    """New Victims placed on the Location (by its setup, an Event, a card)."""

    kind: Literal["location-add-victims"] = "location-add-victims"
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return f"Placed {_victims(self.count)} on the board"


class SetLocationVictims(LocationAction):
    """A correction: the number of Victims on the board, as the table shows it."""

    kind: Literal["location-set-victims"] = "location-set-victims"
    count: int = Field(ge=0, le=MAX_VICTIMS)

    def describe(self) -> str:
        return f"Victims on the board set to {self.count}"


class LocationVictimsSaved(LocationAction):
    kind: Literal["location-saved"] = "location-saved"
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return f"Saved {_victims(self.count)}"


class LocationVictimsKilled(LocationAction):
    kind: Literal["location-killed"] = "location-killed"
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return f"{_victims(self.count)} died" if self.count != 1 else "A Victim died"


class SetLocationDeck(LocationAction):
    """A correction: how many cards the Item deck holds."""

    kind: Literal["location-deck"] = "location-deck"
    cards: int = Field(ge=0, le=MAX_DECK)

    def describe(self) -> str:
        return f"Item deck: {self.cards} card{'s' if self.cards != 1 else ''} left"


class NameLocationTopCard(LocationAction):
    """The Item deck's top card, as the player reads it (``None``: face down or unknown)."""

    kind: Literal["location-top-card"] = "location-top-card"
    name: str | None = Field(default=None, max_length=60)

    def describe(self) -> str:
        return f"Item deck's top card: {self.name or 'unknown'}"


class TakeLocationItem(LocationAction):
    """Take the Item deck's top card into her hand (a search, a card's effect).

    ``name`` is the card as the player reads it; empty, the named top card (if any) is taken.
    """

    kind: Literal["location-take"] = "location-take"
    name: str | None = Field(default=None, max_length=60)

    def describe(self) -> str:
        return f"Took {self.name or 'the top Item'} from the Item deck"


class PutBackLocationItem(LocationAction):
    """One of her items back into the Item deck: on top (face up) or at the bottom."""

    kind: Literal["location-put-back"] = "location-put-back"
    index: int = Field(ge=0, le=30)
    position: Literal["top", "bottom"] = "bottom"

    def describe(self) -> str:
        return f"Put an item back at the {self.position} of the Item deck"


class LocationNotes(LocationAction):
    """Free notes of where things are on the Location (the Killer, her, tokens...)."""

    kind: Literal["location-notes"] = "location-notes"
    notes: str = Field(max_length=MAX_NOTES_LENGTH)

    def describe(self) -> str:
        lines = self.notes.strip().splitlines()
        if not lines:
            return "Cleared the notes of where things are"
        more = "…" if len(lines[0]) > 40 or len(lines) > 1 else ""
        return f"Where things are: {lines[0][:40]}{more}"


LOCATION_ACTIONS: tuple[type[LocationAction], ...] = (
    AddLocationVictims,
    SetLocationVictims,
    LocationVictimsSaved,
    LocationVictimsKilled,
    SetLocationDeck,
    NameLocationTopCard,
    TakeLocationItem,
    PutBackLocationItem,
    LocationNotes,
)
