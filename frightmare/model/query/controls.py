"""The actions the screen's controls apply when they take no choice (Next phase, a
counter's − and +, each slide...), made once: the screen's answers and the legal-play
generator judge these very actions."""

from __future__ import annotations

from functools import cache
from typing import Literal, TypeVar, get_args, get_origin

from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerEffect,
    DrFrightAttacks,
    FallAsleep,
    Report,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SleepCause,
    Slide,
)
from frightmare.model.actions.lane import RecordTopCard, RevealEvent
from frightmare.model.actions.location import (
    AddLocationVictims,
    LocationVictimsKilled,
    LocationVictimsSaved,
    TakeLocationItem,
)
from frightmare.model.actions.round import (
    COUNTER_TITLES,
    AdjustCounter,
    CounterName,
    DiscardActionCard,
    KillerAction,
    NextPhase,
    UseUltimate,
)
from frightmare.model.box.board import QUADRANT_NAMES
from frightmare.model.game.boiler_room import DIRECTIONS, QUADRANTS

COUNTERS: tuple[CounterName, ...] = tuple(COUNTER_TITLES)
SLEEP_CAUSES: tuple[SleepCause, ...] = get_args(SleepCause)
FRIGHT_TARGETS: tuple[Literal["final girl", "victim"], ...] = ("final girl", "victim")
BOILER_EFFECTS: tuple[BoilerEffect, ...] = get_args(BoilerEffect)
REPORTS: tuple[Report, ...] = (*QUADRANTS, "nothing")

# The plays the screen offers that take no choice, each the very action its control applies.
# Made without validation (``model_construct``: their fields are the literals written here,
# checked by tests/model/test_model_words.py against the validated actions): validated, they
# built fifteen actions' validators as the game screen was imported, about 19 ms before a
# launch into a game is ready for play (issue 33); each is built when a play first needs it.
NEXT_PHASE = NextPhase.model_construct()
DISCARD_ACTION_CARD = DiscardActionCard.model_construct()
ATTACK_FRIGHT = AttackDrFright.model_construct()
ULTIMATE = UseUltimate.model_construct()
RESET = ResetBoilerRoom.model_construct(cause="effect")
RESET_FOR_BLOODLUST = ResetBoilerRoom.model_construct(cause="bloodlust")
ADJUST: dict[tuple[CounterName, int], AdjustCounter] = {
    (counter, delta): AdjustCounter.model_construct(counter=counter, delta=delta)
    for counter in COUNTERS
    for delta in (-1, 1)
}
KILLER_ACTION = {move: KillerAction.model_construct(move_icon=move) for move in (True, False)}
FRIGHT_ATTACKS = {
    target: DrFrightAttacks.model_construct(target=target) for target in FRIGHT_TARGETS
}
FALL_ASLEEP = {cause: FallAsleep.model_construct(cause=cause) for cause in SLEEP_CAUSES}
SLIDES = {direction: Slide.model_construct(direction=direction) for direction in DIRECTIONS}
TOP_CARDS = {
    quadrant: RecordTopCard.model_construct(quadrant=quadrant, name=None)
    for quadrant in QUADRANT_NAMES
}
LOCATION_ADD = AddLocationVictims.model_construct(count=1)
LOCATION_SAVED = LocationVictimsSaved.model_construct(count=1)
LOCATION_KILLED = LocationVictimsKilled.model_construct(count=1)
LOCATION_TAKE = TakeLocationItem.model_construct()


Named = TypeVar("Named", RevealDarkPower, RevealFinale, RevealEvent)


def named(kind: type[Named], name: str) -> Named:
    """``kind(name=name)``, a card revealed by name: a card of the box's is held as its name,
    as validating it holds it, and made without validation (the screen asks of the cards its
    lists show before a launch is ready for play: no validator is built for them then, issue
    33); any other name is validated (held as a ``TypedName``, or refused)."""
    if name in _box_names(kind):
        # The name is one of the field's literals (``_box_names``): the type checker reads
        # only ``str`` here.
        return kind.model_construct(name=name)  # type: ignore[arg-type]
    return kind(name=name)


@cache
def _box_names(kind: type[RevealDarkPower | RevealFinale | RevealEvent]) -> frozenset[str]:
    """The names of the box's cards ``kind`` takes: its ``name`` field's literals."""
    found: set[str] = set()
    todo = [kind.model_fields["name"].annotation]
    while todo:
        annotation = todo.pop()
        if get_origin(annotation) is Literal:
            found.update(str(a) for a in get_args(annotation))
        else:
            todo.extend(get_args(annotation))
    return frozenset(found)
