"""Hypothesis strategies for random play, drawn from the model's own lists (spaces, quadrants,
cards, counters), so a new card or space is exercised without touching the tests."""

from __future__ import annotations

from typing import get_args

from hypothesis import strategies as st

from frightmare.model.actions import (
    DARK_POWERS,
    EDIT_PIECES,
    EPIC_DARK_POWER,
    EVENTS,
    FINALES,
    KNOWN_TERROR,
    Action,
    AddVictims,
    AdjustCounter,
    AttackDrFright,
    BoilerRoomEffect,
    Convince,
    CounterName,
    DiscardItem,
    DrawTerror,
    DrFrightAttacks,
    EditTable,
    FallAsleep,
    HitByCar,
    KillerAction,
    KillVictim,
    Move,
    MoveVictims,
    NextPhase,
    Place,
    RecordTopCard,
    ResetBoilerRoom,
    ReturnItem,
    RevealDarkPower,
    RevealEvent,
    RevealFinale,
    RevealFinalHealth,
    RideBicycle,
    SaveVictims,
    Search,
    SetCounter,
    SetDeck,
    Slide,
    ToggleHand,
    UseUltimate,
    VictimsPanic,
)
from frightmare.model.board import QUADRANT_NAMES, default_board, known_items
from frightmare.model.boiler_room import DIRECTIONS, QUADRANTS

BOARD = default_board()
SPACES = tuple(BOARD.spaces)
HOUSES = BOARD.houses
COUNTERS: tuple[CounterName, ...] = get_args(CounterName)
WHO = st.sampled_from(("victim", "smalley", "boyfriend"))

spaces = st.sampled_from(SPACES)
houses = st.sampled_from(HOUSES)
quadrants = st.sampled_from(QUADRANT_NAMES)
items = st.sampled_from(known_items())
convince_lines = st.sampled_from(tuple(BOARD.convince_lines))


def actions() -> st.SearchStrategy[Action]:
    """One action of almost every kind, with arguments from the model's lists."""
    return st.one_of(
        st.builds(NextPhase),
        st.builds(Move, to=spaces, steps=st.integers(1, 4), followers=st.integers(0, 2)),
        st.builds(
            Place, piece=st.sampled_from(("final girl", "dr fright", "bicycle")), space=spaces
        ),
        st.builds(AddVictims, space=spaces, count=st.integers(1, 3)),
        st.builds(
            MoveVictims,
            source=spaces,
            target=spaces,
            count=st.integers(1, 2),
            panic=st.booleans(),
            who=WHO,
        ),
        st.builds(KillVictim, space=spaces, who=WHO),
        st.builds(SaveVictims, space=spaces, who=WHO),
        st.builds(
            Convince,
            house=houses,
            result=convince_lines,
            take_item=st.booleans(),
            item_name=st.none() | items,
        ),
        st.builds(Search, house=houses, names=st.tuples(st.none() | items)),
        st.builds(RecordTopCard, quadrant=quadrants, name=st.none() | items),
        st.builds(DiscardItem, index=st.integers(0, 2)),
        st.builds(ToggleHand, index=st.integers(0, 2)),
        st.builds(ReturnItem, index=st.integers(0, 2), quadrant=quadrants),
        st.builds(RideBicycle, to=spaces),
        st.builds(
            RevealEvent,
            name=st.sampled_from((*EVENTS, "A card the lists lack")),
            space=st.none() | spaces,
            die=st.none() | st.integers(1, 6),
        ),
        st.builds(HitByCar, space=spaces),
        st.builds(FallAsleep, cause=st.sampled_from(("effect", "short rest", "long rest"))),
        st.builds(
            Slide,
            direction=st.sampled_from(DIRECTIONS),
            report=st.none() | st.sampled_from((*QUADRANTS, "nothing")),
        ),
        st.builds(ResetBoilerRoom),
        st.builds(
            BoilerRoomEffect,
            effect=st.sampled_from(("extra card", "skip card", "resolve the rest")),
            card=st.just("A card"),
        ),
        st.builds(RevealDarkPower, name=st.sampled_from((*DARK_POWERS, EPIC_DARK_POWER))),
        st.builds(RevealFinale, name=st.sampled_from(FINALES)),
        st.builds(DrFrightAttacks, target=st.sampled_from(("final girl", "victim"))),
        st.builds(AttackDrFright),
        st.builds(VictimsPanic, count=st.integers(1, 4), space=st.none() | spaces),
        st.builds(AdjustCounter, counter=st.sampled_from(COUNTERS), delta=st.integers(-3, 3)),
        st.builds(RevealFinalHealth, value=st.none() | st.integers(1, 4)),
        st.builds(DrawTerror, name=st.sampled_from(KNOWN_TERROR)),
        st.builds(KillerAction, move_icon=st.booleans()),
        st.builds(UseUltimate),
        st.builds(
            EditTable,
            piece=st.sampled_from(EDIT_PIECES),
            source=st.none() | spaces,
            target=st.none() | spaces,
        ),
        st.builds(SetCounter, counter=st.sampled_from(COUNTERS), value=st.integers(0, 12)),
        st.builds(SetDeck, quadrant=quadrants, cards=st.integers(0, 4), top=st.none() | items),
    )
