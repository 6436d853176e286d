"""Another Location's plays: its Victims counted, its one Item deck, the notes of where
things are (the rules are in ``frightmare.model.location``)."""

from __future__ import annotations

from typing import Annotated, Literal

from frightmare.i18n import _, ngettext, pgettext
from frightmare.model.actions.base import BaseAction, Between, Length
from frightmare.model.actions.names import card_shown
from frightmare.model.game.state import MAX_NOTES_LENGTH

MAX_VICTIMS = 60
MAX_DECK = 60


class LocationAction(BaseAction):
    """An action on another Location's table (the same shape as every other action)."""

    def describe(self) -> str:
        raise NotImplementedError


class AddLocationVictims(LocationAction):
    """New Victims placed on the Location (by its setup, an Event, a card)."""

    kind: Literal["location-add-victims"] = "location-add-victims"
    count: Annotated[int, Between(1, 12)] = 1

    def describe(self) -> str:
        return ngettext(
            "Placed {count} Victim on the board", "Placed {count} Victims on the board", self.count
        ).format(count=self.count)


class SetLocationVictims(LocationAction):
    """A correction: the number of Victims on the board, as the table shows it."""

    kind: Literal["location-set-victims"] = "location-set-victims"
    count: Annotated[int, Between(0, MAX_VICTIMS)]

    def describe(self) -> str:
        return _("Victims on the board set to {count}").format(count=self.count)


class LocationVictimsSaved(LocationAction):
    kind: Literal["location-saved"] = "location-saved"
    count: Annotated[int, Between(1, 12)] = 1

    def describe(self) -> str:
        return ngettext("Saved {count} Victim", "Saved {count} Victims", self.count).format(
            count=self.count
        )


class LocationVictimsKilled(LocationAction):
    kind: Literal["location-killed"] = "location-killed"
    count: Annotated[int, Between(1, 12)] = 1

    def describe(self) -> str:
        if self.count == 1:
            return _("A Victim died")
        # The English singular is never shown: one Victim "died" reads "A Victim died".
        return ngettext("{count} Victim died", "{count} Victims died", self.count).format(
            count=self.count
        )


class SetLocationDeck(LocationAction):
    """A correction: how many cards the Item deck holds."""

    kind: Literal["location-deck"] = "location-deck"
    cards: Annotated[int, Between(0, MAX_DECK)]

    def describe(self) -> str:
        return ngettext(
            "Item deck: {count} card left", "Item deck: {count} cards left", self.cards
        ).format(count=self.cards)


class NameLocationTopCard(LocationAction):
    """The Item deck's top card, as the player reads it (``None``: face down or unknown)."""

    kind: Literal["location-top-card"] = "location-top-card"
    name: Annotated[str, Length(0, 60)] | None = None

    def describe(self) -> str:
        card = card_shown(self.name) if self.name else _("unknown")
        return _("Item deck's top card: {card}").format(card=card)


class TakeLocationItem(LocationAction):
    """Take the Item deck's top card into her hand (a search, a card's effect).

    ``name`` is the card as the player reads it; empty, the named top card (if any) is taken.
    """

    kind: Literal["location-take"] = "location-take"
    name: Annotated[str, Length(0, 60)] | None = None

    def describe(self) -> str:
        item = card_shown(self.name) if self.name else _("the top Item")
        return _("Took {item} from the Item deck").format(item=item)


class PutBackLocationItem(LocationAction):
    """One of her items back into the Item deck: on top (face up) or at the bottom."""

    kind: Literal["location-put-back"] = "location-put-back"
    index: Annotated[int, Between(0, 30)]
    position: Literal["top", "bottom"] = "bottom"

    def describe(self) -> str:
        where = pgettext("deck", "top") if self.position == "top" else pgettext("deck", "bottom")
        # Translators: {position} is "top" or "bottom" (of the deck).
        return _("Put an item back at the {position} of the Item deck").format(position=where)


class LocationNotes(LocationAction):
    """Free notes of where things are on the Location (the Killer, her, tokens...)."""

    kind: Literal["location-notes"] = "location-notes"
    notes: Annotated[str, Length(0, MAX_NOTES_LENGTH)]

    def describe(self) -> str:
        lines = self.notes.strip().splitlines()
        if not lines:
            return _("Cleared the notes of where things are")
        more = "…" if len(lines[0]) > 40 or len(lines) > 1 else ""
        return _("Where things are: {notes}").format(notes=f"{lines[0][:40]}{more}")


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
