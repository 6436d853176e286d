"""Maple Lane's rules: movement and the occupied-House rule, Convince, searching Houses and
the quadrant Item decks, Victims, the Bicycle, the Events and "They just got hit by a car!".

Each rule quotes the rulebook ("House spaces and quadrants", "Convince Action cards and
entering occupied houses", card notes) or cites docs/rules-notes.md (§2 the board, §3 Convince,
§5 the Events). A refusal made with ``refuse`` can be recorded anyway; ``impossible`` ones
describe what the table cannot show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, assert_never

from frightmare.model.actions.lane import (
    EVENTS,
    AddVictims,
    Convince,
    DiscardItem,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    Place,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    RideBicycle,
    SaveVictims,
    Search,
    SetVictims,
    Special,
    ToggleHand,
)
from frightmare.model.box.board import QUADRANT_NAMES, ConvinceLine, QuadrantName, breadth_first
from frightmare.model.box.card_data import CardBook, default_cards
from frightmare.model.box.cards import (
    BIBLE,
    BICYCLE,
    BOYFRIEND,
    FIRE,
    FOURTH_OF_JULY,
    FRIENDLY_NEIGHBORS,
    ITS_RAINING,
    OFFICER_KOPP,
    OVER_THERE,
    PARTY_IN_THE_BURBS,
    THE_SMALLEYS,
    UNDER_CONSTRUCTION,
    AnyEvent,
    AnyItem,
    EventName,
    card_name,
    item_name,
    known_card,
)
from frightmare.model.counters import (
    change_health,
    change_killer_health,
    change_time,
    shock_factor,
    victims_died,
    victims_saved,
)
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import CopCar, HeldItem, ItemCard, Table, VictimKind
from frightmare.model.wording import counted

HOUSE_RULE = "House spaces and quadrants"
CONVINCE_RULE = "Convince Action cards and entering occupied houses"
OCCUPIED = (
    "You cannot enter an occupied House (one or more Victims in it) using Walk, Sprint, or any "
    "other cards that allow movement: a Convince card lets you in from the adjacent Street space."
)
SMALLEYS_HOUSE = "smalleys-house"
BOYFRIENDS_HOUSE = "boyfriends-house"
INTERSECTION = "intersection"
PARTY_VICTIMS = 4  # Party in the Burbs!: 4 new Victims (rules notes §5)
FRIENDLY_DICE = 1  # Friendly Neighbors: +1 die on each Convince (rules notes §5)
UNKNOWN_ITEM = "Unknown item"
MOVE_RULE = "Movement (rules notes §1)"
FOLLOWERS_AT_MOST = 2  # "up to 2 Victims in her space may follow her" (rules notes §1)
LAYOUT_FIX = "if your board differs, correct maple-lane.json"
# What a play on Maple Lane does, in the player's words: the GUI's tooltips say these, so a
# rule's wording lives here once.
TAKE_ITEM = "Take the top Item and mark the House with an X"
CLOSEST_OPEN = (
    "If every House of its quadrant carries an X, the other card goes to the deck for the "
    "closest Quadrant that hasn't been fully searched; choose here when two are equally close "
    "(Rule: House spaces and quadrants)"
)
RIDE_NOTE = "Ride the Bicycle: it takes you to any other Street space, once per turn"
DEATH_NOTE = (
    "A Victim here is killed: Bloodlust +1, a Smalley +1 more (Rule: The round (rules notes "
    "§1); Event: The Smalleys)"
)


def layout_warning(state: GameState, text: str) -> GameState:
    """A one-source layout fact (rules notes §2) that disagrees with the play: never a
    refusal. The play goes through; a log line and a ``data-warning`` event say what the board
    file expected, so the player can check the table or correct the file.

    ``text`` says in the player's words what the app's board expected ("By the app's board,
    …"); the sentence ends with how to correct the file. The source (rules notes §2) is
    what the ``data-warning`` kind stands for, never part of the sentence."""
    line = f"{text}: {LAYOUT_FIX}."
    return say(state, "data-warning", line)


def _required_space(state: GameState, space: str | None) -> str:
    """``space``, which must be one of Maple Lane's: no space (``None``) or an unknown id is
    impossible."""
    if space is None:
        raise impossible("Choose a space.")
    if space not in state.board.spaces:
        raise impossible(f"There is no space “{space}” on Maple Lane.")
    return space


# Movement -----------------------------------------------------------------------------------


def reachable(state: GameState, steps: int) -> dict[str, int]:
    """Where the Final Girl can move with ``steps`` spaces of movement, and how far each is.

    Houses are dead ends, so a path never passes through one; an occupied House or one closed
    by Fire is never a destination.
    """
    table, board = state.table, state.board
    start = table.final_girl
    if start is None:
        return {}

    def expand(here: str, distance: int) -> bool:
        return distance < steps and (here == start or not board.is_house(here))

    def enter(space: str) -> bool:
        return not (board.is_house(space) and (table.occupied(space) or space in table.closed))

    distances, _ = breadth_first(start, board.neighbours, expand=expand, enter=enter)
    del distances[start]
    return distances


def check_move(state: GameState, action: Move) -> None:
    table, board = state.table, state.board
    to = _required_space(state, action.to)
    start = table.final_girl
    if start is None:
        raise impossible("Place the Final Girl on the board first.")
    if to == start:
        raise impossible(f"She is already on {state.board.label(to)}.")
    if board.is_house(to) and to in table.closed:
        refuse(f"{state.board.label(to)} burnt down: it is closed for good.", rule="Event: Fire!")
    if board.is_house(to) and table.occupied(to):
        refuse(OCCUPIED, rule=HOUSE_RULE)
    followers = action.followers
    specials = action.specials
    if followers or specials:
        if followers + len(specials) > FOLLOWERS_AT_MOST:
            refuse(
                f"Up to {FOLLOWERS_AT_MOST} Victims may follow you when you move.", rule=MOVE_RULE
            )
        if state.asleep:
            refuse(
                "You are Asleep: Victims will NOT follow you during movement.",
                rule="When you are Asleep",
            )
        if to == table.killer:
            refuse(f"Victims never follow you into {state.setup.killer}'s space.", rule=MOVE_RULE)
    for who, count in _follower_groups(action):
        here = table.count_of(start, who)
        if count > here:
            raise impossible(f"Only {here} {who} on {state.board.label(start)} to follow you.")


def _follower_groups(action: Move) -> tuple[tuple[VictimKind, int], ...]:
    return (
        ("victim", action.followers),
        ("smalley", action.specials.count("smalley")),
        ("boyfriend", action.specials.count("boyfriend")),
    )


def move(state: GameState, action: Move) -> GameState:
    table, board = state.table, state.board
    to, start = action.to, table.final_girl
    assert start is not None  # check_move
    distance = reachable(state, action.steps).get(to)
    if distance is None:
        far = board.distances_from(start).get(to)
        away = f"{counted(far, 'space')} from her" if far is not None else "out of her reach"
        state = layout_warning(
            state,
            f"By the app's board, {state.board.label(to)} is {away} and you moved "
            f"{counted(action.steps, 'space')}",
        )
    followers = action.followers
    table = replace(table, final_girl=to)
    if followers:
        table = table.without_victims(start, "victim", followers).with_victims(
            to, "victim", followers
        )
    for who in action.specials:
        table = table.without_victims(start, who).with_victims(to, who)
    return replace(state, table=table)


def follower_choices(state: GameState, count: int) -> tuple[tuple[int, tuple[Special, ...]], ...]:
    """The ways ``count`` Victims on the Final Girl's space can follow her, as the ``followers``
    and ``specials`` of a Move: plain Victims first, then Smalleys, then the Boyfriend.

    The Smalleys and the Boyfriend are Victims like any other ("Event: The Smalleys", "Event:
    Boyfriend"), so they follow too; whether this move lets them (his space, up to 2) is
    ``move``'s to say. Empty when fewer than ``count`` Victims stand with her, and while she
    is Asleep (rulebook, "When you are Asleep": "Victims will NOT follow you"), so a count of
    followers starts from none then.
    """
    table, start = state.table, state.table.final_girl
    if start is None or state.asleep:
        return ((0, ()),) if count == 0 else ()
    plain_here = table.count_of(start, "victim")
    smalleys_here = table.count_of(start, "smalley")
    boyfriend_here = table.count_of(start, "boyfriend")
    choices: list[tuple[int, tuple[Special, ...]]] = []
    for plain in range(min(count, plain_here), -1, -1):
        for smalleys in range(min(count - plain, smalleys_here), -1, -1):
            boyfriend = count - plain - smalleys
            if boyfriend <= boyfriend_here:
                kinds: list[Special] = []
                kinds += ["smalley"] * smalleys
                kinds += ["boyfriend"] * boyfriend
                choices.append((plain, tuple(kinds)))
    return tuple(choices)


def check_place(state: GameState, action: Place) -> None:
    space = None if action.space is None else _required_space(state, action.space)
    if action.piece == "bicycle" and space is not None and not state.board.is_street(space):
        refuse("The Bicycle token stays on Street spaces.", rule="Item: Bicycle")


BICYCLE_QUESTION = "On which Street space next to you does the Bicycle go?"


def bicycle_spaces(state: GameState) -> tuple[str, ...]:
    """Where the Bicycle token goes when she takes the card: "the Street space adjacent to
    you" (Item: Bicycle): the House's street, or a Street space next to hers."""
    here, board = state.table.final_girl, state.board
    if here is None or here not in board.spaces:
        return ()
    if board.is_house(here):
        return (board.adjacent_street(here),)
    return tuple(n for n in board.neighbours(here) if board.is_street(n))


def place(state: GameState, action: Place) -> GameState:
    space, table = action.space, state.table
    if action.piece == "final girl":
        return replace(state, table=replace(table, final_girl=space))
    if action.piece == "dr fright":
        return replace(state, table=replace(table, killer=space))
    return replace(state, table=replace(table, bicycle=space))


# Victims ------------------------------------------------------------------------------------


def check_set_victims(state: GameState, action: SetVictims) -> None:
    _required_space(state, action.space)


def set_victims(state: GameState, action: SetVictims) -> GameState:
    space, victims = action.space, state.table.victims
    return replace(
        state, table=replace(state.table, victims=victims.add(space, action.count - victims[space]))
    )


def check_add_victims(state: GameState, action: AddVictims) -> None:
    space = _required_space(state, action.space)
    if space in state.table.closed:
        refuse(f"{state.board.label(space)} is closed for good.", rule="Event: Fire!")


def add_victims(state: GameState, action: AddVictims) -> GameState:
    victims = state.table.victims.add(action.space, action.count)
    return replace(state, table=replace(state.table, victims=victims))


def _check_there(state: GameState, space: str, who: VictimKind, count: int) -> None:
    here = state.table.count_of(space, who)
    if count > here:
        what = {"victim": "Victim", "smalley": "Smalley", "boyfriend": "Boyfriend"}[who]
        has = f"only {counted(here, what)}" if here else f"no {what}"
        raise impossible(f"{state.board.label(space)} has {has}.")


def check_a_victim_on(state: GameState, space: str) -> None:
    """``space`` is a space with a Victim on it, of any kind (what a play with one of them asks
    before it asks who)."""
    space = _required_space(state, space)
    if not state.table.occupied(space):
        _check_there(state, space, "victim", 1)


def check_victims_leave(state: GameState, source: str, who: VictimKind, count: int) -> None:
    """Victims move away from ``source``: it must be a space and hold them (what a panic or
    any move of Victims asks first, whatever the target)."""
    _check_there(state, _required_space(state, source), who, count)


def check_victims_enter(state: GameState, target: str) -> None:
    """Victims move onto ``target``: a space, not closed for good."""
    target = _required_space(state, target)
    if target in state.table.closed:
        refuse(f"{state.board.label(target)} is closed for good.", rule="Event: Fire!")


def check_move_victims(state: GameState, action: MoveVictims) -> None:
    """Victims move (or panic): plain ones, a Smalley or the Boyfriend alike.

    "Panicking Victims and Enemies are not restricted, so they may move into an occupied House
    freely." Victims are never held back by the House rule; only the Final Girl is.
    """
    _required_space(state, action.source)
    _required_space(state, action.target)
    check_victims_leave(state, action.source, action.who, action.count)
    check_victims_enter(state, action.target)


def move_victims(state: GameState, action: MoveVictims) -> GameState:
    source, target, who, count = action.source, action.target, action.who, action.count
    if action.panic:
        state, count = shock_factor(state, source, who, count)
    if count:
        table = state.table.without_victims(source, who, count).with_victims(target, who, count)
        state = replace(state, table=table)
    return state


def check_kill_victim(state: GameState, action: KillVictim) -> None:
    _check_there(state, _required_space(state, action.space), action.who, 1)


def kill_victim(state: GameState, action: KillVictim) -> GameState:
    return _kill(state, action.space, action.who)


def _kill(state: GameState, space: str, who: VictimKind) -> GameState:
    """A Victim of kind ``who`` on ``space`` dies (the check made sure one is there)."""
    table = state.table.without_victims(space, who)
    return victims_died(replace(state, table=table), 1, smalleys=int(who == "smalley"))


def check_save_here(state: GameState, space: str) -> None:
    """Whether Victims can be saved on ``space`` at all (whoever and however many)."""
    space = _required_space(state, space)
    if state.asleep:
        refuse("You are Asleep: you are not able to save Victims.", rule="When you are Asleep")
    if not state.board.is_exit(space):
        refuse(
            "Victims are saved at Exit spaces (the green spaces).",
            rule="Street spaces; rules notes §1",
        )
    if space in state.table.roadblocks:
        refuse(
            f"{state.board.label(space)} has a Roadblock: no Victim can be saved there.",
            rule="Event: Under Construction",
        )


def check_save_victims(state: GameState, action: SaveVictims) -> None:
    check_save_here(state, action.space)
    _check_there(state, action.space, action.who, action.count)


def save_victims(state: GameState, action: SaveVictims) -> GameState:
    table = state.table.without_victims(action.space, action.who, action.count)
    return victims_saved(replace(state, table=table), action.count)


# Item decks ---------------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class _Route:
    """Where an Item for a quadrant goes (``_route``): the deck, a layout warning if any, and
    the refusal of the rulebook's rule when the player's choice breaks it."""

    target: QuadrantName
    warning: str | None = None
    refusal: str | None = None


def _route(state: GameState, quadrant: QuadrantName, chosen: QuadrantName | None) -> _Route:
    """The deck an Item for ``quadrant`` goes to.

    Rulebook, "House spaces and quadrants": the card goes to its own quadrant's deck, or, when
    every House there carries an X, "to the deck for the closest Quadrant that hasn't been fully
    searched". Choosing a deck the rulebook rules out (another deck while its own is open, or a
    fully searched one) is refused, overridable: recorded anyway, the player's choice stands.
    Which open quadrant is closest comes from one source (rules notes §2): choosing another open
    one only warns, and a tie is the player's choice.
    """
    if not fully_searched(state, quadrant):
        if chosen is not None and chosen != quadrant:
            return _Route(
                chosen,
                refusal=f"The {quadrant} quadrant still has Houses to search: the card goes back "
                f"to the {quadrant} deck, not the {chosen} deck.",
            )
        return _Route(quadrant)
    options = closest_open_quadrants(state, quadrant)
    if chosen is None:
        if len(options) > 1:
            return _Route(
                options[0],
                refusal=f"Every House of the {quadrant} quadrant carries an X, and "
                f"{' and '.join(options)} are equally close: choose which deck takes the card.",
            )
        return _Route(options[0])
    if chosen in options:
        return _Route(chosen)
    if fully_searched(state, chosen) and not all(fully_searched(state, q) for q in QUADRANT_NAMES):
        return _Route(
            chosen,
            refusal=f"The {chosen} quadrant has been fully searched: the card goes to the closest "
            f"quadrant that has not ({' or '.join(options)}).",
        )
    closest = " and ".join(options)
    return _Route(
        chosen,
        warning=f"By the app's board, the {closest} quadrant"
        f"{'s are' if len(options) > 1 else ' is'} closest to the {quadrant} quadrant and you "
        f"chose {chosen}",
    )


ROUTE_RULE = f"{HOUSE_RULE}: the closest Quadrant that hasn't been fully searched"


def _check_route(state: GameState, quadrant: QuadrantName, chosen: QuadrantName | None) -> None:
    refusal = _route(state, quadrant, chosen).refusal
    if refusal is not None:
        refuse(refusal, rule=ROUTE_RULE)


def _put_back(table: Table, quadrant: QuadrantName, card: ItemCard, position: str) -> Table:
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
                    "Put the Bicycle token on the Street space next to you: "
                    + " or ".join(board.label(n) for n in streets)
                    + ".",
                    spaces=streets,
                )
            here = streets[0]
        if here is not None:
            spot = board.adjacent_street(here) if board.is_house(here) else here
            table = replace(table, bicycle=spot)
            return say(
                replace(state, table=table),
                "bicycle-placed",
                f"Bicycle token placed on {state.board.label(spot)}.",
                spaces=(spot,),
            )
    return replace(state, table=table)


def check_search_house(state: GameState, house: str) -> None:
    """Whether ``house`` can be searched now, whatever the search draws."""
    house = _required_space(state, house)
    table, board = state.table, state.board
    if not board.is_house(house):
        raise impossible("Only Houses are Search spaces on Maple Lane.", rule=HOUSE_RULE)
    if table.final_girl != house:
        refuse(
            f"You search the House you are in; you are not in {state.board.label(house)}.",
            rule=HOUSE_RULE,
        )
    if house in table.x_tokens:
        refuse(
            f"{state.board.label(house)} carries an X token: it may no longer be searched.",
            rule=HOUSE_RULE,
        )
    if house in table.closed:
        refuse(f"{state.board.label(house)} is closed for good.", rule="Event: Fire!")


def searched(state: GameState, house: str) -> GameState:
    # "place an "X" token on the House that you searched. It may no longer be searched."
    return replace(state, table=replace(state.table, x_tokens=state.table.x_tokens | {house}))


def check_search(state: GameState, action: Search) -> None:
    check_search_house(state, action.house)
    quadrant = state.board.quadrant(action.house)
    drawn = min(len(action.names), len(state.table.deck(quadrant)))
    if drawn and action.keep >= drawn:
        raise impossible("Choose which of the drawn cards to keep.")
    if drawn == 2:
        _check_route(searched(state, action.house), quadrant, action.other_quadrant)


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
            f"The {quadrant} Item deck is empty: nothing to draw.",
            quadrant=quadrant,
        )
    kept = drawn[action.keep]
    state = _take_into_hand(state, kept.name or item_name(UNKNOWN_ITEM))
    if len(drawn) == 2:
        other = drawn[1 - action.keep]
        route = _route(state, quadrant, action.other_quadrant)
        target = route.target
        table = _put_back(state.table, target, other, action.other_to)
        where = "on top, face up" if action.other_to == "top" else "at the bottom, face down"
        state = say(
            replace(state, table=table),
            "item-to-deck",
            f"{other.label} goes {where} of the {target} deck.",
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
            f"Record the {quadrant} deck's new top card (it is face up).",
            quadrant=quadrant,
        )
    return state


def check_record_top_card(state: GameState, action: RecordTopCard) -> None:
    if not state.table.deck(action.quadrant):
        raise impossible(f"The {action.quadrant} Item deck is empty.")


def record_top_card(state: GameState, action: RecordTopCard) -> GameState:
    deck = state.table.deck(action.quadrant)
    top = ItemCard(_named(action.name), face_up=True)
    return replace(state, table=state.table.with_deck(action.quadrant, (top, *deck[1:])))


def check_held(state: GameState, index: int) -> None:
    """She holds an item at ``index`` (what every play with one of her items asks first)."""
    if not state.table.held:
        raise impossible("You hold no Item.")
    if not 0 <= index < len(state.table.held):
        raise impossible("That item is not among yours.")


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
    _check_route(state, action.quadrant, action.other_quadrant)


def return_item(state: GameState, action: ReturnItem) -> GameState:
    item = state.table.held[action.index]
    route = _route(state, action.quadrant, action.other_quadrant)
    target = route.target
    held = state.table.held[: action.index] + state.table.held[action.index + 1 :]
    table = _put_back(replace(state.table, held=held), target, ItemCard(item.name), action.position)
    state = say(
        replace(state, table=table),
        "item-to-deck",
        f"{item.name} goes to the {target} deck.",
        name=item.name,
        quadrant=target,
    )
    return state if route.warning is None else layout_warning(state, route.warning)


# Convince -----------------------------------------------------------------------------------


def convince_effects(line: ConvinceLine) -> tuple[str, ...]:
    """What a Convince line does, in the player's words, in the order ``convince`` resolves it
    (the board file's line, "Convince Action cards and entering occupied houses")."""
    parts: list[str] = []
    if line.enter:
        parts.append("enter")
    if line.item:
        parts.append("may take the top Item")
    if line.time:
        parts.append(f"{line.time:+d} Time")
    if line.health:
        parts.append(f"{line.health:+d} Health")
    if line.end_action_phase:
        parts.append("end the Action phase")
    if line.returns_card:
        parts.append("return the card to the Tableau")
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
    label = line.label
    parts = list(convince_effects(line))
    head, colon, tail = label.partition(":")
    said = tail.strip().lower()
    if colon and said and any(part.lower().startswith(said) for part in parts):
        label = head.strip()
    parts = [part for part in parts if part.lower() not in label.lower()]
    return f"{label}: {', '.join(parts)}" if parts else label


def _convince_house(state: GameState, house: str) -> str:
    house = _required_space(state, house)
    if not state.board.is_house(house):
        raise impossible("Convince is only used to enter a House.", rule=CONVINCE_RULE)
    return house


def _convince_refusals(state: GameState, house: str) -> None:
    table, board = state.table, state.board
    street = board.adjacent_street(house)
    here = table.final_girl
    if here is None or not board.is_street(here):
        refuse(
            "To enter an occupied House you convince your neighbour from a Street space (the "
            f"one the House opens onto: {state.board.label(street)} in the board file).",
            rule=CONVINCE_RULE,
        )
    if house in table.closed:
        refuse(f"{state.board.label(house)} is closed for good.", rule="Event: Fire!")
    if not table.occupied(house):
        refuse(
            "Convince cards can only be used to enter an occupied House; this one is empty: "
            "walk in.",
            rule=CONVINCE_RULE,
        )


def check_convince_house(state: GameState, house: str) -> None:
    """Whether a Convince card can be played on ``house`` now, whatever line is rolled."""
    _convince_refusals(state, _convince_house(state, house))


def check_convince_take(state: GameState, house: str, line: ConvinceLine) -> None:
    """Whether the top Item can be taken on ``line`` (the board file's line says so)."""
    board = state.board
    if not line.item:
        lines = [f"“{other.label}”" for other in board.convince_lines.values() if other.item]
        refuse(
            f"Only the {' or '.join(lines) or 'first'} line lets you take the top Item.",
            rule=CONVINCE_RULE,
        )
    quadrant = board.quadrant(house)
    if not state.table.deck(quadrant):
        raise impossible(f"The {quadrant} Item deck is empty.")


def check_convince(state: GameState, action: Convince) -> None:
    house = _convince_house(state, action.house)
    board = state.board
    line = board.convince_lines.get(action.result)
    if line is None:
        raise impossible(
            f"The Convince card has no line “{action.result}” in this board file: choose one of "
            f"{', '.join(board.convince_lines)}."
        )
    _convince_refusals(state, house)
    if action.take_item:
        check_convince_take(state, house, line)


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
            f"By the app's board, {state.board.label(house)} opens onto "
            f"{state.board.label(street)} and she is on {state.board.label(here)}",
        )
    table = state.table
    quadrant = board.quadrant(house)
    # The player's lines come in this order, each after the change it reports has been made
    # (what follows from a change, such as Health gone, comes after its line).
    if line.enter:
        state = say(
            replace(state, table=replace(table, final_girl=house)),
            "let-in",
            f"You are let into {state.board.label(house)}.",
            spaces=(house,),
        )
    if line.returns_card:
        # Rulebook, Convince's last line: "Immediately return this card to the Action Tableau."
        state = say(
            state, "return-convince-card", "Return the Convince card to the Action Tableau."
        )
    if line.time:
        state = change_time(say(state, "time", f"{line.time:+d} Time.", line.time), line.time)
    if line.health:
        said = say(state, "health", f"{line.health:+d} Health.", line.health)
        state = change_health(said, line.health)
    if line.end_action_phase and state.phase == "action":
        state = say(
            replace(state, phase="planning"), "action-phase-ends", "Your Action phase ends."
        )
    if action.take_item:
        deck = state.table.deck(quadrant)
        name = _named(action.item_name) or deck[0].name or item_name(UNKNOWN_ITEM)
        table = state.table.with_deck(quadrant, deck[1:])
        table = _reveal_tops(replace(table, x_tokens=table.x_tokens | {house}))
        state = say(
            replace(state, table=table),
            "item-taken",
            f"You take {name} and mark the House with an X.",
            name=name,
            spaces=(house,),
        )
        state = _take_into_hand(state, name)
        if state.table.deck(quadrant):
            state = say(
                state,
                "record-top-card",
                f"Record the {quadrant} deck's new top card.",
                quadrant=quadrant,
            )
    return state


# The Bicycle --------------------------------------------------------------------------------


def check_ride_bicycle(state: GameState, action: RideBicycle) -> None:
    to = _required_space(state, action.to)
    table, board = state.table, state.board
    rule = "Item: Bicycle"
    if table.bicycle is None:
        raise impossible("The Bicycle is not on the board.", rule=rule)
    if table.final_girl != table.bicycle:
        refuse("You must be with the Bicycle to ride it.", rule=rule)
    if any(item.in_hand for item in table.held):
        refuse("Your hands must be free of items to ride the Bicycle.", rule=rule)
    if not board.is_street(to) or to == table.final_girl:
        refuse("The Bicycle takes you to any other Street space.", rule=rule)
    if table.bicycle_ridden_round == state.round:
        refuse("The Bicycle can be ridden once per turn.", rule=rule)


def ride_bicycle(state: GameState, action: RideBicycle) -> GameState:
    to, table = action.to, state.table
    return replace(
        state, table=replace(table, final_girl=to, bicycle=to, bicycle_ridden_round=state.round)
    )


# Events and Terror --------------------------------------------------------------------------


HIT_RULE = "Terror: They just got hit by a car!"


def check_hit_by_car_now(state: GameState) -> None:
    """Whether "They just got hit by a car!" can kill anyone now: a Victim on a Street space."""
    if not any(state.table.occupied(s) for s in state.board.streets):
        refuse(
            "No Victim is on a Street space: discard this Terror card and draw another.",
            rule=HIT_RULE,
        )


def check_hit_by_car_on(state: GameState, space: str) -> None:
    """Whether the car can hit a Victim on ``space`` now, whoever is hit."""
    table, board = state.table, state.board
    check_hit_by_car_now(state)
    space = _required_space(state, space)
    on_streets = [s for s in board.streets if table.occupied(s)]
    if space not in on_streets:
        refuse(
            f"Choose a Street space with a Victim: {', '.join(board.name(s) for s in on_streets)}.",
            rule=HIT_RULE,
        )
    if not table.kinds_at(space):
        raise impossible(f"No Victim is on {state.board.label(space)}.")


def check_hit_by_car(state: GameState, action: HitByCar) -> None:
    check_hit_by_car_on(state, action.space)
    who = action.who
    if who not in state.table.kinds_at(action.space) and who != "victim":
        what = "Smalley" if who == "smalley" else "Boyfriend"
        raise impossible(
            f"{state.board.label(action.space)} has no {what}: choose a Victim that is there."
        )


def hit_by_car(state: GameState, action: HitByCar) -> GameState:
    kinds = state.table.kinds_at(action.space)
    # A step saved before the choice existed named no one: the first Victim there died.
    who = action.who if action.who in kinds else kinds[0]
    return _kill(state, action.space, who)


EventNeed = Literal["die", "exit", "house"]
# What the player supplies when revealing an Event (the GUI asks the model, not its own list).
EVENT_NEEDS: dict[EventName, EventNeed] = {
    FIRE: "die",
    OFFICER_KOPP: "exit",
    UNDER_CONSTRUCTION: "exit",
    PARTY_IN_THE_BURBS: "house",
}


def event_needs(name: str) -> EventNeed | None:
    """What revealing ``name`` asks of the player: a die, an Exit, a House, or nothing."""
    _name, card = _event_in(default_cards(), name)
    return None if card is None else EVENT_NEEDS.get(card)


FIRE_DIE = "Roll a die for Fire!: 1-3 the Boyfriend's House, 4-6 the Smalleys'."
EVENT_QUESTIONS: dict[EventNeed, str] = {
    "die": FIRE_DIE,
    "exit": "Which Exit (as your die says)?",
    "house": "Which House with Victims?",
}


def event_question(name: str) -> str:
    """What the player is asked when revealing ``name`` (``""`` when it asks nothing)."""
    need = event_needs(name)
    return "" if need is None else EVENT_QUESTIONS[need]


def event_targets(state: GameState, name: str) -> tuple[str, ...]:
    """The spaces the player may choose from when revealing ``name`` (``event_needs``):
    the Exits for Officer Kopp ("The Cop Car starts on an Exit") and Under Construction ("The
    Roadblock goes on an Exit"), the Houses that hold Victims for "Party in the Burbs!" (none:
    the party is on the Intersection, the model places it), nothing for the others."""
    table, board = state.table, state.board
    need = event_needs(name)
    if need == "exit":
        return board.exits
    if need == "house":
        return tuple(h for h in board.houses if table.occupied(h))
    if need == "die" or need is None:
        return ()
    assert_never(need)  # a new EventNeed needs its targets here


def event_sample(state: GameState, name: str) -> RevealEvent:
    """Revealing ``name`` with the first of the choices it asks for (a die of 1, the first of
    ``event_targets``): what the GUI asks ``refusal`` about before the player chooses."""
    targets = event_targets(state, name)
    return RevealEvent(
        name=name,
        die=1 if event_needs(name) == "die" else None,
        space=targets[0] if targets else None,
    )


def _event_card(state: GameState, typed: str) -> tuple[AnyEvent, EventName | None]:
    """The Event named ``typed``, and the card the app knows by that name (if any), by the
    game's cards file."""
    return _event_in(state.cards, typed)


@lru_cache(maxsize=256)
def _event_in(book: CardBook, typed: str) -> tuple[AnyEvent, EventName | None]:
    # Remembered: the query asks of every Event each screen.
    name = card_name(typed, EVENTS, book)
    return name, known_card(name, EVENTS)


def check_event_card(state: GameState, name: str) -> None:
    """Whether the Event ``name`` can be revealed now, whatever it then asks (a die, a space)."""
    name, card = _event_card(state, name)
    if name in state.table.events:
        refuse(f"{name} is already in play.", rule=f"Event: {name}")
    check = None if card is None else _EVENT_CARD_CHECKS.get(card)
    if check is not None:
        check(state)


def check_reveal_event(state: GameState, action: RevealEvent) -> None:
    check_event_card(state, action.name)
    _name, card = _event_card(state, action.name)
    check = None if card is None else _EVENT_CHECKS.get(card)
    if check is not None:
        check(state, action)


def reveal_event(state: GameState, action: RevealEvent) -> GameState:
    """Events are dispatched from a table, like the actions; a name the table lacks is any
    card, tracked as out and resolved as printed by the player."""
    name, card = _event_card(state, action.name)
    table = state.table
    rule = None if card is None else _EVENT_RULES[card]
    if rule is None:
        return say(
            replace(state, table=replace(table, events=(*table.events, name))),
            "event-as-printed",
            f"{name}: resolve it as printed (the app tracks that it is out).",
            name=name,
        )
    return rule(state, action.model_copy(update={"name": name}))


def _in_play(table: Table, name: AnyEvent) -> tuple[AnyEvent, ...]:
    return (*table.events, name)


def _check_smalleys(state: GameState) -> None:
    _required_space(state, SMALLEYS_HOUSE)


def _smalleys(state: GameState, action: RevealEvent) -> GameState:
    house = SMALLEYS_HOUSE
    table = replace(state.table, smalleys=(house, house), events=_in_play(state.table, action.name))
    return say(
        replace(state, table=table),
        "special-victims",
        "Place 2 Smalleys in the Smalleys' House.",
        2,
        name=action.name,
        spaces=(house,),
    )


def _check_boyfriend(state: GameState) -> None:
    _required_space(state, BOYFRIENDS_HOUSE)


def _boyfriend(state: GameState, action: RevealEvent) -> GameState:
    house = BOYFRIENDS_HOUSE
    table = replace(state.table, boyfriend=house, events=_in_play(state.table, BOYFRIEND))
    return say(
        replace(state, table=table),
        "special-victims",
        "The Boyfriend waits in his House; he draws attacks aimed at you.",
        1,
        name=BOYFRIEND,
        spaces=(house,),
    )


def _fire_house(die: int) -> str:
    return BOYFRIENDS_HOUSE if die <= 3 else SMALLEYS_HOUSE


def _check_fire(state: GameState, action: RevealEvent) -> None:
    if action.die is None:
        raise impossible(FIRE_DIE)
    _required_space(state, _fire_house(action.die))


def _fire_event(state: GameState, action: RevealEvent) -> GameState:
    assert action.die is not None  # _check_fire
    return _fire(state, _fire_house(action.die))


def _raining(state: GameState, action: RevealEvent) -> GameState:
    """Event: It's Raining (rules notes §5): two steps the player makes on the board."""
    table, board = state.table, state.board
    streets = tuple(s for s in board.streets if board.houses_by(s) and table.occupied(s))
    state = say(
        state,
        "intersection-panics",
        "1. Victims on the Intersection panic: move them (Move Victims, panic).",
        table.victims_at(INTERSECTION),
        name=action.name,
        spaces=(INTERSECTION,),
    )
    return say(
        state,
        "step-into-houses",
        "2. Then each Victim on a Street space steps into the adjacent House"
        + (f": {', '.join(board.name(s) for s in streets)}." if streets else "."),
        name=action.name,
        spaces=streets,
    )


def _fourth_of_july(state: GameState, action: RevealEvent) -> GameState:
    table, board = state.table, state.board
    moved, emptied = 0, []
    for house in board.houses:
        for who in table.kinds_at(house):
            count = table.count_of(house, who)
            street = board.adjacent_street(house)
            table = table.without_victims(house, who, count).with_victims(street, who, count)
            moved += count
            emptied.append(house)
    return say(
        replace(state, table=table),
        "step-out-of-houses",
        "Victims step out of the Houses onto the street.",
        moved,
        name=action.name,
        spaces=tuple(dict.fromkeys(emptied)),
    )


def _check_officer_kopp(state: GameState, action: RevealEvent) -> None:
    start = _required_space(state, action.space)
    if not state.board.is_exit(start):
        refuse("The Cop Car starts on an Exit.", rule="Event: Officer Kopp")


def _officer_kopp(state: GameState, action: RevealEvent) -> GameState:
    board = state.board
    start = action.space
    assert start is not None  # _check_officer_kopp
    car = CopCar(start, board.opposite_exit(start))
    return say(
        replace(
            state,
            table=replace(state.table, cop_car=car, events=_in_play(state.table, OFFICER_KOPP)),
        ),
        "cop-car",
        f"The Cop Car drives from {state.board.label(start)} toward "
        f"{state.board.label(car.heading)}, one space each Upkeep.",
        name=OFFICER_KOPP,
        spaces=(start, car.heading),
    )


def _party_houses(state: GameState) -> list[str]:
    return [h for h in state.board.houses if state.table.occupied(h)]


def _party_target(state: GameState, action: RevealEvent) -> str | None:
    return action.space or (INTERSECTION if not _party_houses(state) else None)


def _check_party(state: GameState, action: RevealEvent) -> None:
    name = PARTY_IN_THE_BURBS
    occupied = _party_houses(state)
    target = _required_space(state, _party_target(state, action))
    if occupied and target not in occupied:
        refuse("The party goes into a House that holds Victims.", rule=f"Event: {name}")
    if not occupied and target != INTERSECTION:
        refuse("No House holds Victims: the party is on the Intersection.", rule=f"Event: {name}")


def _party(state: GameState, action: RevealEvent) -> GameState:
    table = state.table
    target = _party_target(state, action)
    assert target is not None  # _check_party
    return say(
        replace(state, table=replace(table, victims=table.victims.add(target, PARTY_VICTIMS))),
        "new-victims",
        f"{PARTY_VICTIMS} new Victims on {state.board.label(target)}.",
        PARTY_VICTIMS,
        name=PARTY_IN_THE_BURBS,
        spaces=(target,),
    )


def _check_under_construction(state: GameState, action: RevealEvent) -> None:
    spot = _required_space(state, action.space)
    if not state.board.is_exit(spot):
        refuse("The Roadblock goes on an Exit.", rule="Event: Under Construction")


def _under_construction(state: GameState, action: RevealEvent) -> GameState:
    spot = action.space
    assert spot is not None  # _check_under_construction
    return say(
        replace(state, table=replace(state.table, roadblocks=state.table.roadblocks | {spot})),
        "roadblock",
        f"Roadblock on {state.board.label(spot)}: no Victim can be saved there.",
        name=action.name,
        spaces=(spot,),
    )


def _over_there(state: GameState, action: RevealEvent) -> GameState:
    victims = state.table.victims
    for exit_space in state.board.exits:
        victims = victims.add(exit_space, 1)
    return say(
        replace(state, table=replace(state.table, victims=victims)),
        "new-victims",
        "1 new Victim on each Exit.",
        1,
        name=action.name,
        spaces=state.board.exits,
    )


def _friendly_neighbors(state: GameState, action: RevealEvent) -> GameState:
    name = FRIENDLY_NEIGHBORS
    return say(
        replace(state, table=replace(state.table, events=_in_play(state.table, name))),
        "convince-dice",
        "Friendly Neighbors: +1 die on each Convince.",
        FRIENDLY_DICE,
        name=name,
    )


_EVENT_RULES: dict[EventName, Callable[[GameState, RevealEvent], GameState]] = {
    THE_SMALLEYS: _smalleys,
    BOYFRIEND: _boyfriend,
    FIRE: _fire_event,
    ITS_RAINING: _raining,
    FOURTH_OF_JULY: _fourth_of_july,
    OFFICER_KOPP: _officer_kopp,
    PARTY_IN_THE_BURBS: _party,
    UNDER_CONSTRUCTION: _under_construction,
    OVER_THERE: _over_there,
    FRIENDLY_NEIGHBORS: _friendly_neighbors,
}
# What an Event checks of the table before it is revealed, and of the choice it asks for.
_EVENT_CARD_CHECKS: dict[EventName, Callable[[GameState], None]] = {
    THE_SMALLEYS: _check_smalleys,
    BOYFRIEND: _check_boyfriend,
}
_EVENT_CHECKS: dict[EventName, Callable[[GameState, RevealEvent], None]] = {
    FIRE: _check_fire,
    OFFICER_KOPP: _check_officer_kopp,
    PARTY_IN_THE_BURBS: _check_party,
    UNDER_CONSTRUCTION: _check_under_construction,
}


def _fire(state: GameState, house: str) -> GameState:
    """Event: Fire! (rules notes §5): everyone in the House dies (Special Victims too, and their
    cards leave with them), anyone else there takes 1 damage, the House is closed for good."""
    table = state.table
    normal = table.victims[house]
    smalleys = table.smalleys.count(house)
    boyfriend = table.boyfriend == house
    table = replace(
        table,
        victims=table.victims.add(house, -normal),
        smalleys=tuple(s for s in table.smalleys if s != house),
        boyfriend=None if boyfriend else table.boyfriend,
        closed=table.closed | {house},
    )
    state = say(
        replace(state, table=table),
        "fire",
        f"Fire in {state.board.label(house)}: it is closed for good.",
        name=FIRE,
        spaces=(house,),
    )
    dead = normal + smalleys + boyfriend
    if dead:
        state = say(
            state,
            "fire-deaths",
            f"{counted(dead, 'Victim')} {'dies' if dead == 1 else 'die'} in the fire.",
            dead,
            spaces=(house,),
        )
        state = victims_died(state, dead, smalleys=smalleys)
    if table.final_girl == house:
        state = say(
            state,
            "caught-in-fire",
            "You are caught in the fire: -1 Health. Leave the House.",
            1,
            name="final girl",
            spaces=(house,),
        )
        state = change_health(state, -1)
    if table.killer == house:
        state = say(
            state,
            "caught-in-fire",
            f"{state.setup.killer} is caught in the fire: he takes 1 damage.",
            1,
            name="killer",
            spaces=(house,),
        )
        state = change_killer_health(state, -1)
    return state


def drive_cop_car(state: GameState) -> GameState:
    """Officer Kopp at Upkeep: pick up the Victims here (Special Victims too), drive one space;
    save them on arrival (rules notes §5)."""
    table = state.table
    car = table.cop_car
    if car is None:
        return state
    board = state.board

    def board_all(table: Table, space: str) -> tuple[Table, int]:
        count = 0
        for who in table.kinds_at(space):
            here = table.count_of(space, who)
            table = table.without_victims(space, who, here)
            count += here
        return table, count

    table, aboard = board_all(table, car.space)
    path = board.path_between(car.space, car.heading)
    nxt = path[1] if len(path) > 1 else car.space
    carried = car.carried + aboard
    state = say(
        state,
        "cop-car-drives",
        f"The Cop Car drives to {state.board.label(nxt)} with {counted(carried, 'Victim')} aboard.",
        carried,
        spaces=(car.space, nxt),
    )
    if nxt == car.heading:
        table, waiting = board_all(table, nxt)
        arriving = carried + waiting
        state = say(
            replace(state, table=replace(table, cop_car=None)),
            "cop-car-arrives",
            f"It reaches {state.board.label(nxt)}: {counted(arriving, 'Victim')} saved.",
            arriving,
            spaces=(nxt,),
        )
        return victims_saved(state, arriving)
    return replace(state, table=replace(table, cop_car=CopCar(nxt, car.heading, carried)))


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
