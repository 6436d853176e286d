"""Her Items: what each can do now, as the steps ``UseItem`` records, and the plays with one
she holds (in hand or not, discarded, returned to an Item deck).

What an Item does comes from the cards file (``cards.json``; Maple Lane's Items are one
source's, rules notes §7 and §9: the app proposes, and never refuses a use by them). The
numbers are the card's editable ``values``: the Rifle's Time and damage, the Energy Drink's
Time. An Item the file lacks, or a use it does not list, is resolved as printed (the player
writes it into History).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _
from frightmare.model.actions.lane import DiscardItem, ReturnItem, ToggleHand
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import UseItem
from frightmare.model.actions.steps import CardStep, CounterStep, HurtHimStep, NoteStep, TokenStep
from frightmare.model.box.board import quadrant_label
from frightmare.model.box.card_data import CardData, Confidence
from frightmare.model.box.cards import (
    BIBLE,
    BICYCLE,
    BOW,
    CRUCIFIX,
    ENERGY_DRINK,
    FIREWORKS,
    LUCKY_DICE,
    MEGAPHONE,
    ODDS_AND_ENDS,
    PITCHFORK,
    RIFLE,
    TRASH_CAN_LID,
)
from frightmare.model.errors import impossible
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import ItemCard
from frightmare.model.lane.houses import check_deck_route, deck_route, put_in_deck
from frightmare.model.lane.spaces import layout_warning
from frightmare.model.values import frozen


@frozen
class ItemUse:
    """One way to use an Item: its label, the steps it records, whether it is discarded."""

    label: str
    steps: tuple[CardStep, ...]
    discard: bool
    confidence: Confidence

    def action(self, index: int) -> UseItem:
        return UseItem(index=index, steps=self.steps, discard=self.discard)


def _note(text: str) -> tuple[CardStep, ...]:
    """A step resolved by hand, as the journal keeps it: ``text`` is an English message
    (marked ``N_``), shown translated."""
    return (NoteStep(text=text),)


def item_uses(state: GameState, index: int) -> tuple[ItemUse, ...]:
    """The ways her Item at ``index`` can be used (none for an Item with no use of its own: a
    weapon adds to her attack, the Bible to Convince, the Bicycle is ridden on the board)."""
    held = state.table.held
    if not 0 <= index < len(held):
        return ()
    card = state.cards.find("item", held[index].name)
    if card is None:
        return ()
    return tuple(
        ItemUse(label, steps, discard, card.confidence)
        for label, steps, discard in _uses(card, state)
    )


def _uses(
    card: CardData, state: GameState | None = None
) -> tuple[tuple[str, tuple[CardStep, ...], bool], ...]:
    """``state``: the table, for where a token goes (her House, the spaces by her)."""
    value, name = card.value, card.id
    if name in (RIFLE, BOW):
        time, damage = value("time", 1), value("damage", 2)
        return (
            (
                _(
                    "Shoot, and the Horror Roll succeeds: −{time} Time, {damage} damage to him"
                ).format(time=time, damage=damage),
                (CounterStep(counter="time", delta=-time), HurtHimStep(damage=damage)),
                False,
            ),
            (
                _("Shoot, and miss: −{time} Time").format(time=time),
                (CounterStep(counter="time", delta=-time),),
                False,
            ),
        )
    if name == TRASH_CAN_LID:
        blocks = value("blocks", 1)
        ignore = _("Ignore {count} damage of an attack (record the damage less {count})")
        return ((ignore.format(count=blocks), (), False),)
    if name == CRUCIFIX:
        horror = (CounterStep(counter="horror", delta=-1),)
        return (
            (_("Ignore one Horror increase: Horror −1"), horror, True),
            (
                _("Stop an Enemy next to you from moving"),
                _note(N_("A Crucifix stops an Enemy.")),
                True,
            ),
        )
    if name == LUCKY_DICE:
        reroll = _note(N_("Lucky Dice: a reroll."))
        return ((_("Roll again any or all of your dice"), reroll, True),)
    if name == ENERGY_DRINK:
        time = value("time", 3)
        return (
            (_("+{time} Time").format(time=time), (CounterStep(counter="time", delta=time),), True),
            (_("Move 1 space"), _note(N_("Energy Drink: a move of 1 space.")), True),
        )
    if name == PITCHFORK:
        cancel = _note(N_("The Pitchfork cancels an attack's damage."))
        return ((_("Cancel the damage of one attack"), cancel, True),)
    if name == ODDS_AND_ENDS:
        # The token goes on the board, in her House: the Killer's step that enters it springs
        # it (``killer_records``).
        her = state.table.final_girl if state is not None else None
        if state is not None and her is not None and state.board.is_house(her):
            house = state.board.label(her)
            trap: tuple[CardStep, ...] = (TokenStep(token="booby trap", space=her),)
            return ((_("Put a booby trap in {house}").format(house=house), trap, False),)
        in_this = _note(N_("A booby trap in this House."))
        return ((_("Put a booby trap in this House"), in_this, False),)
    if name == MEGAPHONE:
        moves = _note(N_("Megaphone: a Victim moves 1 space."))
        return ((_("Move a Victim 1 space"), moves, False),)
    if name == FIREWORKS:
        time = value("time", 2)
        spend = CounterStep(counter="time", delta=-time)
        spaces = _fireworks_spaces(state) if state is not None else ()
        if not spaces:
            placed = (spend, NoteStep(text=N_("Fireworks placed.")))
            down = _("Put the Fireworks token down: −{time} Time").format(time=time)
            return ((down, placed, False),)
        assert state is not None
        return tuple(
            (
                _("Put the Fireworks token on {space}: −{time} Time").format(
                    space=state.board.label(space), time=time
                ),
                (spend, TokenStep(token="fireworks", space=space)),
                False,
            )
            for space in spaces
        )
    return ()


def item_handling(card: CardData) -> str:
    """How the app handles an Item: "applied" (its rule acts by itself: the Bicycle, the
    Bible), "guided" (a use offered step by step), or "as printed"."""
    if card.id in (BICYCLE, BIBLE):
        return "applied"
    return "guided" if _uses(card) else "as printed"


def _fireworks_spaces(state: GameState) -> tuple[str, ...]:
    """Item: Fireworks: "your space or one next to it, but not in a House" (one source)."""
    her, board = state.table.final_girl, state.board
    if her is None:
        return ()
    return tuple(s for s in (her, *board.neighbours(her)) if not board.is_house(s))


def check_held(state: GameState, index: int) -> None:
    """She holds an item at ``index`` (what every play with one of her items asks first)."""
    if not state.table.held:
        raise impossible(_("You hold no Item."))
    if not 0 <= index < len(state.table.held):
        raise impossible(_("That item is not among yours."))


def check_discard_item(state: GameState, action: DiscardItem) -> None:
    check_held(state, action.index)


def discard_item(state: GameState, action: DiscardItem) -> GameState:
    item = state.table.held[action.index]
    held = state.table.held[: action.index] + state.table.held[action.index + 1 :]
    table = replace(state.table, held=held, discarded=(*state.table.discarded, item.name))
    if item.name == BICYCLE:
        table = replace(table, bicycle=None)
    return replace(state, table=table)


def check_toggle_hand(state: GameState, action: ToggleHand) -> None:
    check_held(state, action.index)


def toggle_hand(state: GameState, action: ToggleHand) -> GameState:
    item = state.table.held[action.index]
    held = list(state.table.held)
    held[action.index] = replace(item, in_hand=not item.in_hand)
    return replace(state, table=replace(state.table, held=tuple(held)))


def check_return_item(state: GameState, action: ReturnItem) -> None:
    check_held(state, action.index)
    check_deck_route(state, action.quadrant, action.other_quadrant)


def return_item(state: GameState, action: ReturnItem) -> GameState:
    item = state.table.held[action.index]
    route = deck_route(state, action.quadrant, action.other_quadrant)
    target = route.target
    held = state.table.held[: action.index] + state.table.held[action.index + 1 :]
    table = put_in_deck(
        replace(state.table, held=held), target, ItemCard(item.name), action.position
    )
    state = say(
        replace(state, table=table),
        "item-to-deck",
        _("{item} goes to the {quadrant} deck.").format(
            item=card_shown(item.name), quadrant=quadrant_label(target)
        ),
        name=item.name,
        quadrant=target,
    )
    return state if route.warning is None else layout_warning(state, route.warning)
