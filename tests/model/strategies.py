"""Hypothesis strategies for random play, one for every member of the ``Action`` union, with
their choices drawn from the model's own lists and ``Literal`` types (spaces, quadrants, cards,
counters, pieces, causes), so a new card, space or choice is exercised without touching the
tests. ``test_strategies.py`` checks that ``STRATEGIES`` and the union match exactly: a new
action without a strategy fails it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from hypothesis import event, target
from hypothesis import strategies as st

from frightmare.model.actions.base import Record, field_types
from frightmare.model.actions.dream import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    AttackDrFright,
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    LiftAwakeBlock,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SetDeckMode,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import (
    EDIT_PIECES,
    EditTable,
    HeldItemData,
    SetBoxValue,
    SetCounter,
    SetDeck,
    SetItems,
)
from frightmare.model.actions.game import EditNotes, EndGame, NotedPlay, Rename
from frightmare.model.actions.journal import Action
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
    ToggleHand,
)
from frightmare.model.actions.location import (
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
from frightmare.model.actions.round import (
    KNOWN_TERROR,
    AdjustCounter,
    CounterName,
    DiscardActionCard,
    DrawTerror,
    EndActionPhase,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseItem,
    UseUltimate,
)
from frightmare.model.actions.steps import (
    CardStep,
    CounterStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
    NoteStep,
    PanicStep,
)
from frightmare.model.box.board import QUADRANT_NAMES, default_board, known_items, setup_card_names
from frightmare.model.box.numbers import BoxValues
from frightmare.model.game.setup import GameSetup
from frightmare.model.game.state import GameState
from frightmare.model.history import History
from frightmare.model.query.legal import legal_actions


def literal_values(annotation: Any) -> tuple[Any, ...]:
    """Every value a ``Literal`` annotation allows, through unions, ``| None`` (left out: the
    strategies add ``None`` where they mean it) and ``tuple[X, ...]``.

    >>> literal_values(Literal["a", "b"] | Literal["c"] | None)
    ('a', 'b', 'c')
    """
    origin = get_origin(annotation)
    if origin is Annotated:
        return literal_values(get_args(annotation)[0])
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


def choices(action: type[Record], name: str) -> st.SearchStrategy[Any]:
    """One of the values the model allows for ``action``'s field ``name``."""
    return st.sampled_from(literal_values(field_types(action)[name]))


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

# The steps a play carries (issue 20): counters, his moves and kills, her damage and his.
card_steps: st.SearchStrategy[CardStep] = st.one_of(
    st.builds(CounterStep, counter=choices(CounterStep, "counter"), delta=st.integers(-2, 2)),
    st.builds(KillerToStep, space=spaces),
    st.builds(KillStep, space=spaces, who=WHO),
    st.builds(PanicStep, source=spaces, target=spaces, who=WHO),
    st.builds(HurtHerStep, damage=st.integers(0, 3)),
    st.builds(HurtHimStep, damage=st.integers(0, 3)),
    st.builds(NoteStep, text=words),
)
step_lists = st.lists(card_steps, max_size=3).map(tuple)
damages = st.none() | st.integers(0, 4)

STRATEGIES: dict[type[Record], st.SearchStrategy[Any]] = {
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
    DrFrightAttacks: st.builds(
        DrFrightAttacks, target=choices(DrFrightAttacks, "target"), damage=damages
    ),
    AttackDrFright: st.builds(AttackDrFright, damage=damages),
    VictimsPanic: st.builds(
        VictimsPanic,
        count=st.integers(1, 4),
        space=st.none() | spaces,
        moves=st.just(())
        | st.lists(st.builds(PanicStep, source=spaces, target=spaces), max_size=2).map(tuple),
    ),
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
    DrawTerror: st.builds(
        DrawTerror, name=st.sampled_from(KNOWN_TERROR) | card, steps=st.none() | step_lists
    ),
    KillerAction: st.builds(KillerAction, move_icon=st.booleans(), steps=step_lists),
    UseItem: st.builds(UseItem, index=st.integers(0, 2), steps=step_lists, discard=st.booleans()),
    LiftAwakeBlock: st.builds(LiftAwakeBlock, card=card, until=choices(LiftAwakeBlock, "until")),
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


def actions(*only: type[Record]) -> st.SearchStrategy[Action]:
    """One action of every kind in the ``Action`` union (or only of the kinds ``only`` names),
    with arguments from the model's lists."""
    chosen = only or tuple(STRATEGIES)
    return st.one_of(*(STRATEGIES[kind] for kind in chosen))


# Games played with the legal-play generator ----------------------------------------------------

# A random game's setup: Dr. Fright or another Killer, Maple Lane or another Location, each
# Setup card, the deck on screen or the real cards.
game_setups = st.builds(
    GameSetup,
    final_girl=st.sampled_from(("Nancy", "Sheila")),
    killer=st.sampled_from(("Dr. Fright", "Dr. Fright", "Hans")),
    location=st.sampled_from(("Maple Lane", "Maple Lane", "Camp Happy Trails")),
    setup_card=st.sampled_from((None, *setup_card_names())),
    epic=st.booleans(),
    boiler_deck=st.sampled_from(("screen", "physical")),
)


def group(action: Action) -> str:
    """The kind a drawn play belongs to: its action kind, a counter's name and sign for a
    +/−."""
    if isinstance(action, AdjustCounter):
        return f"adjust {action.counter} {'+' if action.delta > 0 else '-'}"
    return action.kind


# How often each kind of play is drawn, against 1 for the others: the plays that carry a round
# on (the phases, the Killer phase's steps, the Boiler Room, the attacks) and the damage that
# ends a game, so a random game of a few dozen plays reaches its attacks, its Finale and its
# end.
WEIGHTS: dict[str, int] = {
    "next-phase": 4,
    "terror": 4,
    "killer-action": 4,
    "fall-asleep": 6,
    "slide": 10,
    "fright-attacks": 4,
    "attack-fright": 4,
    "finale": 2,
    "adjust health -": 10,
    "adjust killer health -": 10,
    "final-health": 4,
    "killer-final-health": 4,
}


def legal_play(data: st.DataObject, state: GameState) -> Action | None:
    """One of the plays the rules allow now (``legal.legal_actions``), or ``None`` when there
    is none: first a kind, then one of its plays, so the rare kinds of play (the next phase,
    an attack, a Final Health token) come as often as the many moves."""
    groups: dict[str, list[Action]] = {}
    for action in legal_actions(state):
        groups.setdefault(group(action), []).append(action)
    if not groups:
        return None
    kinds = [kind for kind in sorted(groups) for _ in range(WEIGHTS.get(kind, 1))]
    kind = data.draw(st.sampled_from(kinds))
    return data.draw(st.sampled_from(groups[kind]))


def reached(history: History) -> set[str]:
    """What a game reached, for ``hypothesis.event``: an attack (a Boiler Room card showed Dr.
    Fright, or a Killer's attack was recorded), a Finale, the end."""
    marks: set[str] = set()
    for state in (history.state_at(n) for n in range(len(history) + 1)):
        if any(e.kind in ATTACK_KINDS for e in state.events):
            marks.add("an attack")
        if state.finale is not None:
            marks.add("a Finale")
        if state.over:
            marks.add("the end")
    return marks


ATTACK_KINDS = ("attack", "killer-attacks-you", "killer-attacks-victim", "your-attack")


Mixed = TypeVar("Mixed")


def plays_for(
    data: st.DataObject,
    history: History,
    steps: int,
    *,
    mix: st.SearchStrategy[Mixed] | None = None,
) -> Iterator[Action | Mixed]:
    """Up to ``steps`` plays for the game in ``history``, each drawn when the caller asks for
    it (after applying the one before): a legal play (``legal_play``), or, with ``mix``, now
    and then one of its random actions, which the rules may refuse (so refusals are played
    too). Stops when nothing is legal (the game is over)."""
    for _ in range(steps):
        if mix is not None and data.draw(st.integers(0, 3)) == 0:
            yield data.draw(mix)
            continue
        action = legal_play(data, history.state)
        if action is None:
            return
        yield action


def play_legal(data: st.DataObject, history: History, steps: int) -> list[Action]:
    """Up to ``steps`` legal plays, each applied to ``history``; the ones played."""
    played: list[Action] = []
    for _ in range(steps):
        action = legal_play(data, history.state)
        if action is None:
            break
        history.do(action)
        played.append(action)
    return played


def note_reach(history: History) -> set[str]:
    """Tell Hypothesis's statistics what the game reached (``--hypothesis-show-statistics``)."""
    marks = reached(history)
    for mark in ("an attack", "a Finale", "the end"):
        event(f"reached {mark}" if mark in marks else f"did not reach {mark}")
    # Hypothesis steers later games toward what the earlier ones came closest to: an end.
    state = history.state
    c, box = state.counters, state.box
    harm = (box.health - c.health) + (box.killer_health - c.killer_health)
    target(float(harm + 20 * state.over + 5 * len(marks)), label="toward the end")
    slides = sum(
        any(e.kind == "attack" for e in history.state_at(n).events) for n in range(len(history) + 1)
    )
    target(float(slides), label="Boiler Room attacks")
    return marks
