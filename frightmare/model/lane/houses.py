"""Maple Lane's Houses: searching one (its quadrant's Item deck, the X token, where a second
card goes, the decks' top cards) and Convince, the way into an occupied one.

Each rule quotes the rulebook ("House spaces and quadrants", "Convince Action cards and
entering occupied houses") or cites docs/rules-notes.md (§2 the board, §3 Convince).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from frightmare.i18n import N_, _
from frightmare.model.actions.lane import Convince, RecordTopCard, Search
from frightmare.model.actions.names import card_shown
from frightmare.model.box.board import QUADRANT_NAMES, ConvinceLine, QuadrantName, quadrant_label
from frightmare.model.box.cards import (
    BIBLE,
    BICYCLE,
    FIRE,
    FRIENDLY_NEIGHBORS,
    AnyItem,
    item_name,
)
from frightmare.model.counters import change_health, change_time
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import HeldItem, ItemCard, Table
from frightmare.model.lane.entering import entered
from frightmare.model.lane.events import FRIENDLY_DICE
from frightmare.model.lane.spaces import (
    HOUSE_RULE,
    closed_for_good,
    event_rule,
    layout_warning,
    required_space,
)
from frightmare.model.values import frozen

CONVINCE_RULE = N_("Convince Action cards and entering occupied houses")

# The name an Item taken unseen is kept by (English: the table keeps it).
UNKNOWN_ITEM = "Unknown item"

# What a play on Maple Lane does, in the player's words: the GUI's tooltips say these (with
# ``_``), so a rule's wording lives here once.
TAKE_ITEM = N_("Take the top Item and mark the House with an X")
CLOSEST_OPEN = N_(
    "If every House of its quadrant carries an X, the other card goes to the deck for the "
    "closest Quadrant that hasn't been fully searched; choose here when two are equally close "
    "(Rule: House spaces and quadrants)"
)


def _quadrants(options: tuple[QuadrantName, ...], word: str) -> str:
    """Quadrants joined for a sentence: "NW and NE" (``word``: the joining word, translated)."""
    return f" {word} ".join(quadrant_label(q) for q in options)


def _either(texts: Iterable[str]) -> str:
    """Choices joined for a sentence: "North Street or West Street"."""
    # Translators: joins the choices a sentence offers, "North Street or West Street".
    either = _("or")
    return f" {either} ".join(texts)


# Searching a House and the quadrant Item decks -------------------------------------------


def fully_searched(state: GameState, quadrant: QuadrantName) -> bool:
    return all(h in state.table.x_tokens for h in state.board.houses_in(quadrant))


def search_progress(state: GameState, quadrant: QuadrantName) -> tuple[int, int]:
    """How many of the quadrant's Houses carry an X, of how many Houses it has (the board
    file's count, "House spaces and quadrants")."""
    houses = state.board.houses_in(quadrant)
    return sum(h in state.table.x_tokens for h in houses), len(houses)


def closest_open_quadrants(state: GameState, quadrant: QuadrantName) -> tuple[QuadrantName, ...]:
    """Where an Item for ``quadrant`` goes: itself, or the closest not fully searched ones.

    Rulebook: "add it to the deck for the closest Quadrant that hasn't been fully searched."
    Several equally close ones are returned for the player to choose (rules notes §2).
    """
    if not fully_searched(state, quadrant):
        return (quadrant,)
    board = state.board
    candidates = [q for q in QUADRANT_NAMES if not fully_searched(state, q)]
    if not candidates:
        return (quadrant,)
    nearest = min(board.quadrant_distance(quadrant, q) for q in candidates)
    return tuple(q for q in candidates if board.quadrant_distance(quadrant, q) == nearest)


@frozen
class DeckRoute:
    """Where an Item for a quadrant goes (``deck_route``): the deck, a layout warning if any, and
    the refusal of the rulebook's rule when the player's choice breaks it."""

    target: QuadrantName
    warning: str | None = None
    refusal: str | None = None


def deck_route(state: GameState, quadrant: QuadrantName, chosen: QuadrantName | None) -> DeckRoute:
    """The deck an Item for ``quadrant`` goes to.

    Rulebook, "House spaces and quadrants": the card goes to its own quadrant's deck, or, when
    every House there carries an X, "to the deck for the closest Quadrant that hasn't been fully
    searched". Choosing a deck the rulebook rules out (another deck while its own is open, or a
    fully searched one) is refused, overridable: recorded anyway, the player's choice stands.
    Which open quadrant is closest comes from one source (rules notes §2): choosing another open
    one only warns, and a tie is the player's choice.
    """
    own, picked = quadrant_label(quadrant), quadrant_label(chosen) if chosen else ""
    if not fully_searched(state, quadrant):
        if chosen is not None and chosen != quadrant:
            return DeckRoute(
                chosen,
                refusal=_(
                    "The {quadrant} quadrant still has Houses to search: the card goes back to "
                    "the {quadrant} deck, not the {chosen} deck."
                ).format(quadrant=own, chosen=picked),
            )
        return DeckRoute(quadrant)
    options = closest_open_quadrants(state, quadrant)
    # Translators: joins two or more quadrants' names, "NW and NE".
    both, either = _("and"), _("or")
    if chosen is None:
        if len(options) > 1:
            return DeckRoute(
                options[0],
                refusal=_(
                    "Every House of the {quadrant} quadrant carries an X, and {options} are "
                    "equally close: choose which deck takes the card."
                ).format(quadrant=own, options=_quadrants(options, both)),
            )
        return DeckRoute(options[0])
    if chosen in options:
        return DeckRoute(chosen)
    if fully_searched(state, chosen) and not all(fully_searched(state, q) for q in QUADRANT_NAMES):
        return DeckRoute(
            chosen,
            refusal=_(
                "The {chosen} quadrant has been fully searched: the card goes to the closest "
                "quadrant that has not ({options})."
            ).format(chosen=picked, options=_quadrants(options, either)),
        )
    closest = _quadrants(options, both)
    warning = (
        _(
            "By the app's board, the {closest} quadrants are closest to the {quadrant} quadrant "
            "and you chose {chosen}"
        )
        if len(options) > 1
        else _(
            "By the app's board, the {closest} quadrant is closest to the {quadrant} quadrant "
            "and you chose {chosen}"
        )
    )
    return DeckRoute(chosen, warning=warning.format(closest=closest, quadrant=own, chosen=picked))


# The rule a deck's route cites, shown with ``_``.
ROUTE_RULE = N_("House spaces and quadrants: the closest Quadrant that hasn't been fully searched")


def check_deck_route(state: GameState, quadrant: QuadrantName, chosen: QuadrantName | None) -> None:
    refusal = deck_route(state, quadrant, chosen).refusal
    if refusal is not None:
        refuse(refusal, rule=_(ROUTE_RULE))


def put_in_deck(table: Table, quadrant: QuadrantName, card: ItemCard, position: str) -> Table:
    deck = table.deck(quadrant)
    if position == "top":
        return table.with_deck(quadrant, (ItemCard(card.name, face_up=True), *deck))
    return table.with_deck(quadrant, (*deck, ItemCard(card.name, face_up=False)))


def _reveal_tops(table: Table) -> Table:
    """The top card of each deck is kept face up "as normal"."""
    for quadrant in QUADRANT_NAMES:
        deck = table.deck(quadrant)
        if deck and not deck[0].face_up:
            table = table.with_deck(quadrant, (ItemCard(deck[0].name, True), *deck[1:]))
    return table


def _take_into_hand(state: GameState, name: AnyItem) -> GameState:
    table = replace(state.table, held=(*state.table.held, HeldItem(name, in_hand=name != BICYCLE)))
    if name == BICYCLE:
        # "When you take this card, place the Bicycle token on the Street space adjacent to you."
        here = table.final_girl
        board = state.board
        if here is not None and not board.is_house(here):
            # On a Street space, "the Street space adjacent to you" is one of its neighbours:
            # the player says which (board: Put the Bicycle here).
            streets = tuple(n for n in board.neighbours(here) if board.is_street(n))
            if len(streets) != 1:
                return say(
                    replace(state, table=table),
                    "bicycle-choose-street",
                    # Translators: {spaces} are the spaces to choose from, joined by " or ".
                    _("Put the Bicycle token on the Street space next to you: {spaces}.").format(
                        spaces=_either(board.label(n) for n in streets)
                    ),
                    spaces=streets,
                )
            here = streets[0]
        if here is not None:
            spot = board.adjacent_street(here) if board.is_house(here) else here
            table = replace(table, bicycle=spot)
            return say(
                replace(state, table=table),
                "bicycle-placed",
                _("Bicycle token placed on {space}.").format(space=state.board.label(spot)),
                spaces=(spot,),
            )
    return replace(state, table=table)


def check_search_house(state: GameState, house: str) -> None:
    """Whether ``house`` can be searched now, whatever the search draws."""
    house = required_space(state, house)
    table, board = state.table, state.board
    label = state.board.label(house)
    if not board.is_house(house):
        raise impossible(_("Only Houses are Search spaces on Maple Lane."), rule=_(HOUSE_RULE))
    if table.final_girl != house:
        refuse(
            _("You search the House you are in; you are not in {house}.").format(house=label),
            rule=_(HOUSE_RULE),
        )
    if house in table.x_tokens:
        refuse(
            _("{house} carries an X token: it may no longer be searched.").format(house=label),
            rule=_(HOUSE_RULE),
        )
    if house in table.closed:
        refuse(closed_for_good(state, house), rule=event_rule(FIRE))


def searched(state: GameState, house: str) -> GameState:
    # "place an "X" token on the House that you searched. It may no longer be searched."
    return replace(state, table=replace(state.table, x_tokens=state.table.x_tokens | {house}))


def check_search(state: GameState, action: Search) -> None:
    check_search_house(state, action.house)
    quadrant = state.board.quadrant(action.house)
    drawn = min(len(action.names), len(state.table.deck(quadrant)))
    if drawn and action.keep >= drawn:
        raise impossible(_("Choose which of the drawn cards to keep."))
    if drawn == 2:
        check_deck_route(searched(state, action.house), quadrant, action.other_quadrant)


def search(state: GameState, action: Search) -> GameState:
    house, board = action.house, state.board
    quadrant = board.quadrant(house)
    deck = state.table.deck(quadrant)
    drawn = [
        ItemCard(_named(action.names[i]) or deck[i].name, face_up=True)
        for i in range(min(len(action.names), len(deck)))
    ]
    state = searched(state, house)
    state = replace(state, table=state.table.with_deck(quadrant, deck[len(drawn) :]))
    if not drawn:
        return say(
            replace(state, table=_reveal_tops(state.table)),
            "item-deck-empty",
            _("The {quadrant} Item deck is empty: nothing to draw.").format(
                quadrant=quadrant_label(quadrant)
            ),
            quadrant=quadrant,
        )
    kept = drawn[action.keep]
    state = _take_into_hand(state, kept.name or item_name(UNKNOWN_ITEM))
    if len(drawn) == 2:
        other = drawn[1 - action.keep]
        route = deck_route(state, quadrant, action.other_quadrant)
        target = route.target
        table = put_in_deck(state.table, target, other, action.other_to)
        went = (
            _("{card} goes on top, face up of the {quadrant} deck.")
            if action.other_to == "top"
            else _("{card} goes at the bottom, face down of the {quadrant} deck.")
        )
        state = say(
            replace(state, table=table),
            "item-to-deck",
            went.format(card=other.label, quadrant=quadrant_label(target)),
            name=other.name or "",
            quadrant=target,
        )
        if route.warning is not None:
            state = layout_warning(state, route.warning)
    table = _reveal_tops(state.table)
    state = replace(state, table=table)
    top = table.deck(quadrant)[0] if table.deck(quadrant) else None
    if top is not None and top.name is None:
        state = say(
            state,
            "record-top-card",
            _("Record the {quadrant} deck's new top card (it is face up).").format(
                quadrant=quadrant_label(quadrant)
            ),
            quadrant=quadrant,
        )
    return state


def check_record_top_card(state: GameState, action: RecordTopCard) -> None:
    if not state.table.deck(action.quadrant):
        raise impossible(deck_empty(action.quadrant))


def deck_empty(quadrant: QuadrantName) -> str:
    return _("The {quadrant} Item deck is empty.").format(quadrant=quadrant_label(quadrant))


def record_top_card(state: GameState, action: RecordTopCard) -> GameState:
    deck = state.table.deck(action.quadrant)
    top = ItemCard(_named(action.name), face_up=True)
    return replace(state, table=state.table.with_deck(action.quadrant, (top, *deck[1:])))


# Convince -----------------------------------------------------------------------------------


def convince_effects(line: ConvinceLine) -> tuple[str, ...]:
    """What a Convince line does, in the player's words, in the order ``convince`` resolves it
    (the board file's line, "Convince Action cards and entering occupied houses")."""
    parts: list[str] = []
    if line.enter:
        parts.append(_("enter"))
    if line.item:
        parts.append(_("may take the top Item"))
    if line.time:
        parts.append(_("{time} Time").format(time=f"{line.time:+d}"))
    if line.health:
        parts.append(_("{health} Health").format(health=f"{line.health:+d}"))
    if line.end_action_phase:
        parts.append(_("end the Action phase"))
    if line.returns_card:
        parts.append(_("return the card to the Tableau"))
    return tuple(parts)


def convince_caption(line: ConvinceLine) -> str:
    """A Convince line as the player reads it: its label, then what it does, never twice.

    A label that already says part of an effect ("Fail: return the card") keeps only its
    heading before the effects are listed ("Fail: return the card to the Tableau").

    >>> from frightmare.model.box.board import ConvinceLine
    >>> convince_caption(ConvinceLine(id="1", label="1 success", enter=True, item=False,
    ...     time=-1, health=0, end_action_phase=False, returns_card=False))
    '1 success: enter, -1 Time'
    """
    label = _(line.label)
    parts = list(convince_effects(line))
    head, colon, tail = label.partition(":")
    said = tail.strip().lower()
    if colon and said and any(part.lower().startswith(said) for part in parts):
        label = head.strip()
    parts = [part for part in parts if part.lower() not in label.lower()]
    # Translators: a Convince line's label and what it does, "1 success: enter, -1 Time".
    return _("{label}: {effects}").format(label=label, effects=", ".join(parts)) if parts else label


def _convince_house(state: GameState, house: str) -> str:
    house = required_space(state, house)
    if not state.board.is_house(house):
        raise impossible(_("Convince is only used to enter a House."), rule=_(CONVINCE_RULE))
    return house


def _convince_refusals(state: GameState, house: str) -> None:
    table, board = state.table, state.board
    street = board.adjacent_street(house)
    here = table.final_girl
    if here is None or not board.is_street(here):
        refuse(
            _(
                "To enter an occupied House you convince your neighbour from a Street space (the "
                "one the House opens onto: {space} in the board file)."
            ).format(space=state.board.label(street)),
            rule=_(CONVINCE_RULE),
        )
    if house in table.closed:
        refuse(closed_for_good(state, house), rule=event_rule(FIRE))
    if not table.occupied(house):
        refuse(
            _(
                "Convince cards can only be used to enter an occupied House; this one is empty: "
                "walk in."
            ),
            rule=_(CONVINCE_RULE),
        )


def check_convince_house(state: GameState, house: str) -> None:
    """Whether a Convince card can be played on ``house`` now, whatever line is rolled."""
    _convince_refusals(state, _convince_house(state, house))


def check_convince_take(state: GameState, house: str, line: ConvinceLine) -> None:
    """Whether the top Item can be taken on ``line`` (the board file's line says so)."""
    board = state.board
    if not line.item:
        labels = [_(other.label) for other in board.convince_lines.values() if other.item]
        lines = ["“" + label + "”" for label in labels]
        refuse(
            # Translators: {lines} names the Convince card's lines that let her take an Item.
            _("Only the {lines} line lets you take the top Item.").format(
                lines=_either(lines) or _("first")
            ),
            rule=_(CONVINCE_RULE),
        )
    quadrant = board.quadrant(house)
    if not state.table.deck(quadrant):
        raise impossible(deck_empty(quadrant))


def check_convince(state: GameState, action: Convince) -> None:
    house = _convince_house(state, action.house)
    board = state.board
    line = board.convince_lines.get(action.result)
    if line is None:
        raise impossible(
            _(
                "The Convince card has no line “{line}” in this board file: choose one of {lines}."
            ).format(line=action.result, lines=", ".join(board.convince_lines))
        )
    _convince_refusals(state, house)
    if action.take_item:
        check_convince_take(state, house, line)


def _door_reminder(state: GameState, house: str) -> GameState:
    """ "Better Close the Door" (one source, rules notes §9): no House that holds a Victim, not
    even with Convince. One source: reminded, never refused; the table's word stands."""
    door = next((x for x in state.lasting if x.effect == "no-occupied-house"), None)
    if door is None:
        return state
    return say(
        state,
        "lasting-effect",
        _(
            "Reminder: {card} is in force: you cannot enter a House that holds a Victim, "
            "not even with Convince (one source). Recorded as your table played it."
        ).format(card=state.cards.shown(door.card)),
        name=door.card,
        spaces=(house,),
    )


def convince(state: GameState, action: Convince) -> GameState:
    """The Convince card, resolved with the line the player rolled (from the board file).

    Rulebook, "Convince Action cards and entering occupied houses": line 1 "Enter an adjacent
    House. You may take the top Item. If you do, mark the House with an X token"; the last
    line "Immediately return this card to the Action Tableau" and nothing else. The X only
    stops searching, so the Item may be taken from a House that already carries one.
    """
    house, board = action.house, state.board
    line = board.convince_lines[action.result]
    street = board.adjacent_street(house)
    here = state.table.final_girl
    if here is not None and board.is_street(here) and here != street:
        state = layout_warning(
            state,
            _("By the app's board, {house} opens onto {street} and she is on {space}").format(
                house=state.board.label(house),
                street=state.board.label(street),
                space=state.board.label(here),
            ),
        )
    if line.enter:
        state = _door_reminder(state, house)
    table = state.table
    quadrant = board.quadrant(house)
    # The player's lines come in this order, each after the change it reports has been made
    # (what follows from a change, such as Health gone, comes after its line).
    if line.enter:
        let_in = say(
            replace(state, table=replace(table, final_girl=house)),
            "let-in",
            _("You are let into {house}.").format(house=state.board.label(house)),
            spaces=(house,),
        )
        state = entered(state, let_in, house, 0)
    if line.returns_card:
        # Rulebook, Convince's last line: "Immediately return this card to the Action Tableau."
        state = say(
            state, "return-convince-card", _("Return the Convince card to the Action Tableau.")
        )
    if line.time:
        time = _("{time} Time.").format(time=f"{line.time:+d}")
        state = change_time(say(state, "time", time, line.time), line.time)
    if line.health:
        health = _("{health} Health.").format(health=f"{line.health:+d}")
        said = say(state, "health", health, line.health)
        state = change_health(said, line.health)
    if line.end_action_phase and state.phase == "action":
        state = say(
            replace(state, phase="planning"), "action-phase-ends", _("Your Action phase ends.")
        )
    if action.take_item:
        deck = state.table.deck(quadrant)
        name = _named(action.item_name) or deck[0].name or item_name(UNKNOWN_ITEM)
        table = state.table.with_deck(quadrant, deck[1:])
        table = _reveal_tops(replace(table, x_tokens=table.x_tokens | {house}))
        state = say(
            replace(state, table=table),
            "item-taken",
            _("You take {item} and mark the House with an X.").format(item=card_shown(name)),
            name=name,
            spaces=(house,),
        )
        state = _take_into_hand(state, name)
        if state.table.deck(quadrant):
            state = say(
                state,
                "record-top-card",
                _("Record the {quadrant} deck's new top card.").format(
                    quadrant=quadrant_label(quadrant)
                ),
                quadrant=quadrant,
            )
    return state


def _named(text: str | None) -> AnyItem | None:
    """The Item a player named (``None`` when unnamed)."""
    return None if text is None else item_name(text)


def convince_modifiers(state: GameState) -> tuple[tuple[str, int], ...]:
    """Extra dice for a Convince roll now in force, each with its source: Event: Friendly
    Neighbors (+1) and a Bible she holds (+2), rules notes §5 and §7."""
    mods: list[tuple[str, int]] = []
    if FRIENDLY_NEIGHBORS in state.table.events:
        mods.append((FRIENDLY_NEIGHBORS, FRIENDLY_DICE))
    if any(item.name == BIBLE for item in state.table.held):
        mods.append((BIBLE, 2))
    return tuple(mods)


def convince_targets(state: GameState) -> tuple[str, ...]:
    """The occupied Houses she could Convince her way into from where she stands."""
    table, board = state.table, state.board
    here = table.final_girl
    if here is None or board.is_house(here):
        return ()
    return tuple(h for h in board.houses_by(here) if table.occupied(h) and h not in table.closed)
