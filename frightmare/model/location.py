"""Another Location: a plain table of what lies on it, for games away from Maple Lane.

The app knows Maple Lane's board; any other Location (from another box) is kept the way a
player keeps it on paper: how many Victims are on the board, the one Item deck (how many cards
are left and, when it is face up, the top card's name), and free notes of where things are.
The Victims saved and killed are the game's usual counters, with their usual rules (a death
raises Bloodlust). Each change is a typed action, so undo and the saved journal work as for
Maple Lane.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> from frightmare.model.rules import apply
>>> state = new_game(GameSetup(location="Camp Happy Trails"), seed=1)
>>> state = apply(state, AddLocationVictims(count=3))
>>> state = apply(state, LocationVictimsKilled(count=1))
>>> state.location.victims, state.counters.victims_killed, state.counters.bloodlust
(2, 1, 1)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import Field

from frightmare.model.action_base import BaseAction
from frightmare.model.box.cards import item_name
from frightmare.model.errors import RuleViolation, impossible, refuse
from frightmare.model.game.state import MAX_NOTES_LENGTH, GameState, say
from frightmare.model.game.table import HeldItem
from frightmare.model.game.table import LocationTable as LocationTable  # importable from here

MAX_VICTIMS = 60
MAX_DECK = 60
UNKNOWN_ITEM = "Unknown item"
ASLEEP_RULE = "When you are Asleep"


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


def _table(state: GameState) -> LocationTable:
    if state.location is None:
        # The gate (halves.half_refusal) refuses these on Maple Lane before they get here.
        raise RuleViolation("This game is on Maple Lane: use the board.", rule="Special Setup")
    return state.location


def _clean(name: str | None) -> str | None:
    cleaned = " ".join((name or "").split())
    return cleaned or None


def _on_board(table: LocationTable, count: int, verb: str) -> None:
    if count > table.victims:
        raise impossible(
            f"Only {_victims(table.victims)} on the board: none left to be {verb}. If the "
            "table shows more, correct the number of Victims on the board first."
        )


def check_location(state: GameState, action: LocationAction) -> None:
    """Every Location play needs another Location's table (the gate refuses them on Maple
    Lane first)."""
    _table(state)


def check_add_victims(state: GameState, action: AddLocationVictims) -> None:
    if _table(state).victims + action.count > MAX_VICTIMS:
        raise impossible(f"The app counts up to {MAX_VICTIMS} Victims on the board.")


def add_victims(state: GameState, action: AddLocationVictims) -> GameState:
    table = _table(state)
    return replace(state, location=replace(table, victims=table.victims + action.count))


def set_victims(state: GameState, action: SetLocationVictims) -> GameState:
    return replace(state, location=replace(_table(state), victims=action.count))


def check_save(state: GameState, action: LocationVictimsSaved) -> None:
    table = _table(state)
    if state.asleep:
        # Rulebook, "When you are Asleep": "Victims will NOT follow you, nor are you able to
        # save them."
        refuse(
            "You are Asleep: Victims cannot be saved.",
            rule=ASLEEP_RULE,
        )
    _on_board(table, action.count, "saved")


def save(state: GameState, action: LocationVictimsSaved) -> GameState:
    table = _table(state)
    state = replace(state, location=replace(table, victims=table.victims - action.count))
    # Imported here: the counters' rules import the action records, which include these.
    from frightmare.model.counters import victims_saved

    return victims_saved(state, action.count)


def check_kill(state: GameState, action: LocationVictimsKilled) -> None:
    _on_board(_table(state), action.count, "killed")


def kill(state: GameState, action: LocationVictimsKilled) -> GameState:
    table = _table(state)
    state = replace(state, location=replace(table, victims=table.victims - action.count))
    from frightmare.model.counters import victims_died

    return victims_died(state, action.count)


def set_deck(state: GameState, action: SetLocationDeck) -> GameState:
    table = _table(state)
    top = table.top_card if action.cards else None
    return replace(state, location=replace(table, deck_left=action.cards, top_card=top))


def check_name_top_card(state: GameState, action: NameLocationTopCard) -> None:
    if _clean(action.name) is not None and _table(state).deck_left == 0:
        raise RuleViolation(
            "The Item deck is empty: set how many cards it holds before naming its top card."
        )


def name_top_card(state: GameState, action: NameLocationTopCard) -> GameState:
    return replace(state, location=replace(_table(state), top_card=_clean(action.name)))


def check_take_item(state: GameState, action: TakeLocationItem) -> None:
    if _table(state).deck_left == 0:
        raise impossible(
            "The Item deck is empty. If the table shows cards in it, set how many first."
        )


def take_item(state: GameState, action: TakeLocationItem) -> GameState:
    table = _table(state)
    name = _clean(action.name) or table.top_card or UNKNOWN_ITEM
    location = replace(table, deck_left=table.deck_left - 1, top_card=None)
    held = (*state.table.held, HeldItem(item_name(name)))
    state = replace(state, location=location, table=replace(state.table, held=held))
    if location.deck_left:
        text = "Name the Item deck's new top card if it is face up."
        state = say(state, "record-top-card", text, location.deck_left)
    return state


def check_put_back(state: GameState, action: PutBackLocationItem) -> None:
    table = _table(state)
    if not 0 <= action.index < len(state.table.held):
        raise RuleViolation("She does not hold that item any more.")
    if table.deck_left >= MAX_DECK:
        raise RuleViolation(f"The app counts up to {MAX_DECK} cards in the Item deck.")


def put_back(state: GameState, action: PutBackLocationItem) -> GameState:
    table = _table(state)
    held = state.table.held
    item = held[action.index]
    top = item.name if action.position == "top" else table.top_card
    location = replace(table, deck_left=table.deck_left + 1, top_card=top)
    rest = held[: action.index] + held[action.index + 1 :]
    return replace(state, location=location, table=replace(state.table, held=rest))


def edit_notes(state: GameState, action: LocationNotes) -> GameState:
    return replace(state, location=replace(_table(state), notes=action.notes))
