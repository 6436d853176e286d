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

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.location import (
    MAX_DECK,
    MAX_VICTIMS,
    AddLocationVictims,
    LocationAction,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.box.cards import item_name
from frightmare.model.counters import victims_died, victims_saved
from frightmare.model.errors import RuleViolation, impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import HeldItem, LocationTable

# The name an Item taken unseen is kept by (English: the table keeps it).
UNKNOWN_ITEM = "Unknown item"
ASLEEP_RULE = N_("When you are Asleep")


def _table(state: GameState) -> LocationTable:
    if state.location is None:
        # The gate (halves.half_refusal) refuses these on Maple Lane before they get here.
        raise RuleViolation(
            _("This game is on Maple Lane: use the board."), rule=_("Special Setup")
        )
    return state.location


def _clean(name: str | None) -> str | None:
    cleaned = " ".join((name or "").split())
    return cleaned or None


def _on_board(table: LocationTable, count: int, saved: bool) -> None:
    if count > table.victims:
        n = table.victims
        text = (
            ngettext(
                "Only {count} Victim on the board: none left to be saved. If the table shows "
                "more, correct the number of Victims on the board first.",
                "Only {count} Victims on the board: none left to be saved. If the table shows "
                "more, correct the number of Victims on the board first.",
                n,
            )
            if saved
            else ngettext(
                "Only {count} Victim on the board: none left to be killed. If the table shows "
                "more, correct the number of Victims on the board first.",
                "Only {count} Victims on the board: none left to be killed. If the table shows "
                "more, correct the number of Victims on the board first.",
                n,
            )
        )
        raise impossible(text.format(count=n))


def check_location(state: GameState, action: LocationAction) -> None:
    """Every Location play needs another Location's table (the gate refuses them on Maple
    Lane first)."""
    _table(state)


def check_add_victims(state: GameState, action: AddLocationVictims) -> None:
    if _table(state).victims + action.count > MAX_VICTIMS:
        raise impossible(
            _("The app counts up to {count} Victims on the board.").format(count=MAX_VICTIMS)
        )


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
        refuse(_("You are Asleep: Victims cannot be saved."), rule=_(ASLEEP_RULE))
    _on_board(table, action.count, saved=True)


def save(state: GameState, action: LocationVictimsSaved) -> GameState:
    table = _table(state)
    state = replace(state, location=replace(table, victims=table.victims - action.count))
    return victims_saved(state, action.count)


def check_kill(state: GameState, action: LocationVictimsKilled) -> None:
    _on_board(_table(state), action.count, saved=False)


def kill(state: GameState, action: LocationVictimsKilled) -> GameState:
    table = _table(state)
    state = replace(state, location=replace(table, victims=table.victims - action.count))
    return victims_died(state, action.count)


def set_deck(state: GameState, action: SetLocationDeck) -> GameState:
    table = _table(state)
    top = table.top_card if action.cards else None
    return replace(state, location=replace(table, deck_left=action.cards, top_card=top))


def check_name_top_card(state: GameState, action: NameLocationTopCard) -> None:
    if _clean(action.name) is not None and _table(state).deck_left == 0:
        raise RuleViolation(
            _("The Item deck is empty: set how many cards it holds before naming its top card.")
        )


def name_top_card(state: GameState, action: NameLocationTopCard) -> GameState:
    return replace(state, location=replace(_table(state), top_card=_clean(action.name)))


def check_take_item(state: GameState, action: TakeLocationItem) -> None:
    if _table(state).deck_left == 0:
        raise impossible(
            _("The Item deck is empty. If the table shows cards in it, set how many first.")
        )


def take_item(state: GameState, action: TakeLocationItem) -> GameState:
    table = _table(state)
    name = _clean(action.name) or table.top_card or UNKNOWN_ITEM
    location = replace(table, deck_left=table.deck_left - 1, top_card=None)
    held = (*state.table.held, HeldItem(item_name(name)))
    state = replace(state, location=location, table=replace(state.table, held=held))
    if location.deck_left:
        text = _("Name the Item deck's new top card if it is face up.")
        state = say(state, "record-top-card", text, location.deck_left)
    return state


def check_put_back(state: GameState, action: PutBackLocationItem) -> None:
    table = _table(state)
    if not 0 <= action.index < len(state.table.held):
        raise RuleViolation(_("She does not hold that item any more."))
    if table.deck_left >= MAX_DECK:
        raise RuleViolation(
            _("The app counts up to {count} cards in the Item deck.").format(count=MAX_DECK)
        )


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
