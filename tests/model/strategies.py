"""Hypothesis strategies for random play, one for every member of the ``Action`` union, with
their choices drawn from the model's own lists and ``Literal`` types (spaces, quadrants, cards,
counters, pieces, causes), so a new card, space or choice is exercised without touching the
tests. ``test_strategies.py`` checks that ``STRATEGIES`` and the union match exactly: a new
action without a strategy fails it."""

from __future__ import annotations

from dataclasses import fields
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin

from hypothesis import strategies as st
from pydantic import BaseModel

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
    DiscardActionCard,
    DiscardItem,
    DrawTerror,
    DrFrightAttacks,
    EditNotes,
    EditTable,
    EndActionPhase,
    EndGame,
    FallAsleep,
    HeldItemData,
    HitByCar,
    KillerAction,
    KillVictim,
    Move,
    MoveVictims,
    NextPhase,
    Place,
    RecordTopCard,
    Rename,
    ResetBoilerRoom,
    ReturnItem,
    RevealDarkPower,
    RevealEvent,
    RevealFinale,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    RideBicycle,
    SaveVictims,
    Search,
    SetBoxValue,
    SetCounter,
    SetDeck,
    SetDeckMode,
    SetItems,
    SetVictims,
    Slide,
    ToggleHand,
    UseUltimate,
    VictimsPanic,
)
from frightmare.model.board import QUADRANT_NAMES, default_board, known_items
from frightmare.model.box import BoxValues
from frightmare.model.halves import NotedPlay
from frightmare.model.location import (
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)


def literal_values(annotation: Any) -> tuple[Any, ...]:
    """Every value a ``Literal`` annotation allows, through unions, ``| None`` (left out: the
    strategies add ``None`` where they mean it) and ``tuple[X, ...]``.

    >>> literal_values(Literal["a", "b"] | Literal["c"] | None)
    ('a', 'b', 'c')
    """
    origin = get_origin(annotation)
    if origin is Literal:
        return get_args(annotation)
    if origin in (Union, UnionType, tuple):
        return tuple(
            value
            for arg in get_args(annotation)
            if arg not in (NoneType, Ellipsis)
            for value in literal_values(arg)
        )
    raise TypeError(f"not a Literal: {annotation!r}")


def choices(action: type[BaseModel], name: str) -> st.SearchStrategy[Any]:
    """One of the values the model allows for ``action``'s field ``name``."""
    return st.sampled_from(literal_values(action.model_fields[name].annotation))


BOARD = default_board()
SPACES = tuple(BOARD.spaces)
HOUSES = BOARD.houses
COUNTERS: tuple[CounterName, ...] = get_args(CounterName)
WHO = choices(KillVictim, "who")

spaces = st.sampled_from(SPACES)
houses = st.sampled_from(HOUSES)
quadrants = st.sampled_from(QUADRANT_NAMES)
items = st.sampled_from(known_items())
convince_lines = st.sampled_from(tuple(BOARD.convince_lines))
card = st.sampled_from(("A card", "Some card the lists lack"))
words = st.text(min_size=1, max_size=20)
positions = choices(ReturnItem, "position")

STRATEGIES: dict[type[BaseModel], st.SearchStrategy[Any]] = {
    Rename: st.builds(Rename, name=words),
    EditNotes: st.builds(EditNotes, notes=st.text(max_size=40)),
    FallAsleep: st.builds(FallAsleep, cause=choices(FallAsleep, "cause")),
    Slide: st.builds(
        Slide, direction=choices(Slide, "direction"), report=st.none() | choices(Slide, "report")
    ),
    ResetBoilerRoom: st.builds(ResetBoilerRoom, cause=choices(ResetBoilerRoom, "cause")),
    SetDeckMode: st.builds(SetDeckMode, mode=choices(SetDeckMode, "mode")),
    RevealDarkPower: st.builds(
        RevealDarkPower, name=st.sampled_from((*DARK_POWERS, EPIC_DARK_POWER))
    ),
    RevealFinale: st.builds(RevealFinale, name=st.sampled_from(FINALES) | card),
    DrFrightAttacks: st.builds(DrFrightAttacks, target=choices(DrFrightAttacks, "target")),
    AttackDrFright: st.builds(AttackDrFright),
    VictimsPanic: st.builds(VictimsPanic, count=st.integers(1, 4), space=st.none() | spaces),
    NextPhase: st.builds(NextPhase),
    Move: st.builds(
        Move,
        to=spaces,
        steps=st.integers(1, 4),
        followers=st.integers(0, 2),
        specials=st.lists(choices(Move, "specials"), max_size=2).map(tuple),
    ),
    Place: st.builds(Place, piece=choices(Place, "piece"), space=st.none() | spaces),
    SetVictims: st.builds(SetVictims, space=spaces, count=st.integers(0, 4)),
    AddVictims: st.builds(AddVictims, space=spaces, count=st.integers(1, 3)),
    MoveVictims: st.builds(
        MoveVictims,
        source=spaces,
        target=spaces,
        count=st.integers(1, 2),
        panic=st.booleans(),
        who=WHO,
    ),
    KillVictim: st.builds(KillVictim, space=spaces, who=WHO),
    SaveVictims: st.builds(SaveVictims, space=spaces, count=st.integers(1, 2), who=WHO),
    Convince: st.builds(
        Convince,
        house=houses,
        result=convince_lines,
        take_item=st.booleans(),
        item_name=st.none() | items,
    ),
    Search: st.builds(
        Search,
        house=houses,
        names=st.lists(st.none() | items, min_size=1, max_size=2).map(tuple),
        keep=st.integers(0, 1),
        other_to=choices(Search, "other_to"),
        other_quadrant=st.none() | quadrants,
    ),
    RecordTopCard: st.builds(RecordTopCard, quadrant=quadrants, name=st.none() | items),
    DiscardItem: st.builds(DiscardItem, index=st.integers(0, 2)),
    ToggleHand: st.builds(ToggleHand, index=st.integers(0, 2)),
    ReturnItem: st.builds(
        ReturnItem,
        index=st.integers(0, 2),
        quadrant=quadrants,
        position=positions,
        other_quadrant=st.none() | quadrants,
    ),
    RideBicycle: st.builds(RideBicycle, to=spaces),
    RevealEvent: st.builds(
        RevealEvent,
        name=st.sampled_from(EVENTS) | card,
        space=st.none() | spaces,
        die=st.none() | st.integers(1, 6),
    ),
    HitByCar: st.builds(HitByCar, space=spaces, who=WHO),
    AdjustCounter: st.builds(
        AdjustCounter, counter=st.sampled_from(COUNTERS), delta=st.integers(-3, 3)
    ),
    DiscardActionCard: st.builds(DiscardActionCard),
    RevealFinalHealth: st.builds(RevealFinalHealth, value=st.none() | st.integers(1, 4)),
    RevealKillerFinalHealth: st.builds(
        RevealKillerFinalHealth, value=st.none() | st.integers(1, 4)
    ),
    DrawTerror: st.builds(DrawTerror, name=st.sampled_from(KNOWN_TERROR) | card),
    KillerAction: st.builds(KillerAction, move_icon=st.booleans()),
    UseUltimate: st.builds(UseUltimate),
    EndGame: st.builds(EndGame, result=choices(EndGame, "result")),
    SetBoxValue: st.builds(
        SetBoxValue,
        name=st.sampled_from(tuple(f.name for f in fields(BoxValues))),
        value=st.integers(0, 12),
    ),
    BoilerRoomEffect: st.builds(
        BoilerRoomEffect, effect=choices(BoilerRoomEffect, "effect"), card=card
    ),
    EditTable: st.builds(
        EditTable,
        piece=st.sampled_from(EDIT_PIECES),
        source=st.none() | spaces,
        target=st.none() | spaces,
    ),
    SetCounter: st.builds(SetCounter, counter=st.sampled_from(COUNTERS), value=st.integers(0, 12)),
    SetDeck: st.builds(SetDeck, quadrant=quadrants, cards=st.integers(0, 4), top=st.none() | items),
    SetItems: st.builds(
        SetItems,
        items=st.lists(st.builds(HeldItemData, name=items, in_hand=st.booleans()), max_size=3).map(
            tuple
        ),
    ),
    EndActionPhase: st.builds(EndActionPhase, card=card),
    NotedPlay: st.builds(NotedPlay, text=words),
    AddLocationVictims: st.builds(AddLocationVictims, count=st.integers(1, 4)),
    SetLocationVictims: st.builds(SetLocationVictims, count=st.integers(0, 8)),
    LocationVictimsSaved: st.builds(LocationVictimsSaved, count=st.integers(1, 4)),
    LocationVictimsKilled: st.builds(LocationVictimsKilled, count=st.integers(1, 4)),
    SetLocationDeck: st.builds(SetLocationDeck, cards=st.integers(0, 5)),
    NameLocationTopCard: st.builds(NameLocationTopCard, name=st.none() | items),
    TakeLocationItem: st.builds(TakeLocationItem, name=st.none() | items),
    PutBackLocationItem: st.builds(
        PutBackLocationItem,
        index=st.integers(0, 3),
        position=choices(PutBackLocationItem, "position"),
    ),
    LocationNotes: st.builds(LocationNotes, notes=st.text(max_size=20)),
}


def actions(*only: type[BaseModel]) -> st.SearchStrategy[Action]:
    """One action of every kind in the ``Action`` union (or only of the kinds ``only`` names),
    with arguments from the model's lists."""
    chosen = only or tuple(STRATEGIES)
    return st.one_of(*(STRATEGIES[kind] for kind in chosen))
