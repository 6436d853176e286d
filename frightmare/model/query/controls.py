"""The actions the screen's controls apply when they take no choice (Next phase, a
counter's − and +, each slide...), made once: the screen's answers and the legal-play
generator judge these very actions."""

from __future__ import annotations

from typing import Literal, get_args

from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerEffect,
    DrFrightAttacks,
    FallAsleep,
    Report,
    ResetBoilerRoom,
    SleepCause,
    Slide,
)
from frightmare.model.actions.lane import RecordTopCard
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
NEXT_PHASE = NextPhase()
DISCARD_ACTION_CARD = DiscardActionCard()
ATTACK_FRIGHT = AttackDrFright()
ULTIMATE = UseUltimate()
RESET = ResetBoilerRoom(cause="effect")
RESET_FOR_BLOODLUST = ResetBoilerRoom(cause="bloodlust")
ADJUST: dict[tuple[CounterName, int], AdjustCounter] = {
    (counter, delta): AdjustCounter(counter=counter, delta=delta)
    for counter in COUNTERS
    for delta in (-1, 1)
}
KILLER_ACTION = {move: KillerAction(move_icon=move) for move in (True, False)}
FRIGHT_ATTACKS = {target: DrFrightAttacks(target=target) for target in FRIGHT_TARGETS}
FALL_ASLEEP = {cause: FallAsleep(cause=cause) for cause in SLEEP_CAUSES}
SLIDES = {direction: Slide(direction=direction) for direction in DIRECTIONS}
TOP_CARDS = {quadrant: RecordTopCard(quadrant=quadrant, name=None) for quadrant in QUADRANT_NAMES}
LOCATION_ADD = AddLocationVictims(count=1)
LOCATION_SAVED = LocationVictimsSaved(count=1)
LOCATION_KILLED = LocationVictimsKilled(count=1)
LOCATION_TAKE = TakeLocationItem()
