"""Maple Lane's Events: what revealing each asks (a die, an Exit, a House), its check and
its effect (rules notes §5), Fire!, and the Cop Car's drive at Upkeep (Officer Kopp).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Literal, assert_never

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.lane import EVENTS, RevealEvent
from frightmare.model.actions.names import card_shown
from frightmare.model.box.card_data import CardBook, default_cards
from frightmare.model.box.cards import (
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
    EventName,
    card_name,
    known_card,
)
from frightmare.model.counters import (
    change_health,
    change_killer_health,
    killer_shown,
    victims_died,
    victims_saved,
)
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.game.table import CopCar, Table
from frightmare.model.lane.spaces import event_rule, required_space

SMALLEYS_HOUSE = "smalleys-house"
BOYFRIENDS_HOUSE = "boyfriends-house"
INTERSECTION = "intersection"
PARTY_VICTIMS = 4  # Party in the Burbs!: 4 new Victims (rules notes §5)
FRIENDLY_DICE = 1  # Friendly Neighbors: +1 die on each Convince (rules notes §5)

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


# What revealing an Event asks, shown with ``_`` (``event_question``).
FIRE_DIE = N_("Roll a die for Fire!: 1-3 the Boyfriend's House, 4-6 the Smalleys'.")
EVENT_QUESTIONS: dict[EventNeed, str] = {
    "die": FIRE_DIE,
    "exit": N_("Which Exit (as your die says)?"),
    "house": N_("Which House with Victims?"),
}


# A card that asks otherwise than its need's question: Officer Kopp's Exit is the player's
# choice ("place the Cop Car token on an Exit of your choice", rules notes §5), not a die's.
CARD_QUESTIONS: dict[EventName, str] = {
    OFFICER_KOPP: N_("On which Exit does the Cop Car start (your choice)?"),
}


def event_question(name: str) -> str:
    """What the player is asked when revealing ``name`` (``""`` when it asks nothing)."""
    _name, card = _event_in(default_cards(), name)
    if card in CARD_QUESTIONS:
        return _(CARD_QUESTIONS[card])
    need = event_needs(name)
    return "" if need is None else _(EVENT_QUESTIONS[need])


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
        refuse(_("{card} is already in play.").format(card=card_shown(name)), rule=event_rule(name))
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
            _("{card}: resolve it as printed (the app tracks that it is out).").format(
                card=card_shown(name)
            ),
            name=name,
        )
    return rule(state, dataclasses.replace(action, name=name))


def _in_play(table: Table, name: AnyEvent) -> tuple[AnyEvent, ...]:
    return (*table.events, name)


def _check_smalleys(state: GameState) -> None:
    required_space(state, SMALLEYS_HOUSE)


def _smalleys(state: GameState, action: RevealEvent) -> GameState:
    house = SMALLEYS_HOUSE
    table = replace(state.table, smalleys=(house, house), events=_in_play(state.table, action.name))
    return say(
        replace(state, table=table),
        "special-victims",
        _("Place 2 Smalleys in the Smalleys' House."),
        2,
        name=action.name,
        spaces=(house,),
    )


def _check_boyfriend(state: GameState) -> None:
    required_space(state, BOYFRIENDS_HOUSE)


def _boyfriend(state: GameState, action: RevealEvent) -> GameState:
    house = BOYFRIENDS_HOUSE
    table = replace(state.table, boyfriend=house, events=_in_play(state.table, BOYFRIEND))
    return say(
        replace(state, table=table),
        "special-victims",
        _("The Boyfriend waits in his House; he draws attacks aimed at you."),
        1,
        name=BOYFRIEND,
        spaces=(house,),
    )


def _fire_house(die: int) -> str:
    return BOYFRIENDS_HOUSE if die <= 3 else SMALLEYS_HOUSE


def _check_fire(state: GameState, action: RevealEvent) -> None:
    if action.die is None:
        raise impossible(_(FIRE_DIE))
    required_space(state, _fire_house(action.die))


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
        _("1. Victims on the Intersection panic: move them (Move Victims, panic)."),
        table.victims_at(INTERSECTION),
        name=action.name,
        spaces=(INTERSECTION,),
    )
    step_in = (
        # Translators: {spaces} lists the Street spaces, joined by ", ".
        _("2. Then each Victim on a Street space steps into the adjacent House: {spaces}.").format(
            spaces=", ".join(board.label(s) for s in streets)
        )
        if streets
        else _("2. Then each Victim on a Street space steps into the adjacent House.")
    )
    return say(state, "step-into-houses", step_in, name=action.name, spaces=streets)


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
        _("Victims step out of the Houses onto the street."),
        moved,
        name=action.name,
        spaces=tuple(dict.fromkeys(emptied)),
    )


def _check_officer_kopp(state: GameState, action: RevealEvent) -> None:
    start = required_space(state, action.space)
    if not state.board.is_exit(start):
        refuse(_("The Cop Car starts on an Exit."), rule=event_rule(OFFICER_KOPP))


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
        _("The Cop Car drives from {start} toward {end}, one space each Upkeep.").format(
            start=state.board.label(start), end=state.board.label(car.heading)
        ),
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
    target = required_space(state, _party_target(state, action))
    if occupied and target not in occupied:
        refuse(_("The party goes into a House that holds Victims."), rule=event_rule(name))
    if not occupied and target != INTERSECTION:
        refuse(
            _("No House holds Victims: the party is on the Intersection."), rule=event_rule(name)
        )


def _party(state: GameState, action: RevealEvent) -> GameState:
    table = state.table
    target = _party_target(state, action)
    assert target is not None  # _check_party
    return say(
        replace(state, table=replace(table, victims=table.victims.add(target, PARTY_VICTIMS))),
        "new-victims",
        ngettext(
            "{count} new Victim on {space}.", "{count} new Victims on {space}.", PARTY_VICTIMS
        ).format(count=PARTY_VICTIMS, space=state.board.label(target)),
        PARTY_VICTIMS,
        name=PARTY_IN_THE_BURBS,
        spaces=(target,),
    )


def _check_under_construction(state: GameState, action: RevealEvent) -> None:
    spot = required_space(state, action.space)
    if not state.board.is_exit(spot):
        refuse(_("The Roadblock goes on an Exit."), rule=event_rule(UNDER_CONSTRUCTION))


def _under_construction(state: GameState, action: RevealEvent) -> GameState:
    spot = action.space
    assert spot is not None  # _check_under_construction
    return say(
        replace(state, table=replace(state.table, roadblocks=state.table.roadblocks | {spot})),
        "roadblock",
        _("Roadblock on {space}: no Victim can be saved there.").format(
            space=state.board.label(spot)
        ),
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
        _("1 new Victim on each Exit."),
        1,
        name=action.name,
        spaces=state.board.exits,
    )


def _friendly_neighbors(state: GameState, action: RevealEvent) -> GameState:
    name = FRIENDLY_NEIGHBORS
    return say(
        replace(state, table=replace(state.table, events=_in_play(state.table, name))),
        "convince-dice",
        _("{card}: +1 die on each Convince.").format(card=card_shown(name)),
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
        _("Fire in {house}: it is closed for good.").format(house=state.board.label(house)),
        name=FIRE,
        spaces=(house,),
    )
    dead = normal + smalleys + boyfriend
    if dead:
        state = say(
            state,
            "fire-deaths",
            ngettext(
                "{count} Victim dies in the fire.", "{count} Victims die in the fire.", dead
            ).format(count=dead),
            dead,
            spaces=(house,),
        )
        state = victims_died(state, dead, smalleys=smalleys)
    if table.final_girl == house:
        state = say(
            state,
            "caught-in-fire",
            _("You are caught in the fire: -1 Health. Leave the House."),
            1,
            name="final girl",
            spaces=(house,),
        )
        state = change_health(state, -1)
    if table.killer == house:
        state = say(
            state,
            "caught-in-fire",
            _("{killer} is caught in the fire: he takes 1 damage.").format(
                killer=killer_shown(state)
            ),
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
        ngettext(
            "The Cop Car drives to {space} with {count} Victim aboard.",
            "The Cop Car drives to {space} with {count} Victims aboard.",
            carried,
        ).format(space=state.board.label(nxt), count=carried),
        carried,
        spaces=(car.space, nxt),
    )
    if nxt == car.heading:
        table, waiting = board_all(table, nxt)
        arriving = carried + waiting
        state = say(
            replace(state, table=replace(table, cop_car=None)),
            "cop-car-arrives",
            ngettext(
                "It reaches {space}: {count} Victim saved.",
                "It reaches {space}: {count} Victims saved.",
                arriving,
            ).format(space=state.board.label(nxt), count=arriving),
            arriving,
            spaces=(nxt,),
        )
        return victims_saved(state, arriving)
    return replace(state, table=replace(table, cop_car=CopCar(nxt, car.heading, carried)))
