"""``Action``, the union of every kind of action the journal holds, and the adapters that
read and write one action or a whole journal (built on first use)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated

from frightmare.model.actions.base import Tagged
from frightmare.model.actions.dream import (
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
from frightmare.model.actions.edit import EditTable, SetBoxValue, SetCounter, SetDeck, SetItems
from frightmare.model.actions.game import EditNotes, EndGame, NotedPlay, Rename
from frightmare.model.actions.lane import (
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
    AdjustCounter,
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

Action = Annotated[
    Rename
    | EditNotes
    | FallAsleep
    | Slide
    | ResetBoilerRoom
    | SetDeckMode
    | RevealDarkPower
    | RevealFinale
    | DrFrightAttacks
    | AttackDrFright
    | VictimsPanic
    | NextPhase
    | Move
    | Place
    | SetVictims
    | AddVictims
    | MoveVictims
    | KillVictim
    | SaveVictims
    | Convince
    | Search
    | RecordTopCard
    | DiscardItem
    | ToggleHand
    | ReturnItem
    | RideBicycle
    | RevealEvent
    | HitByCar
    | AdjustCounter
    | DiscardActionCard
    | RevealFinalHealth
    | RevealKillerFinalHealth
    | DrawTerror
    | KillerAction
    | UseItem
    | LiftAwakeBlock
    | UseUltimate
    | EndGame
    | SetBoxValue
    | BoilerRoomEffect
    | EditTable
    | SetCounter
    | SetDeck
    | SetItems
    | EndActionPhase
    | NotedPlay
    | AddLocationVictims
    | SetLocationVictims
    | LocationVictimsSaved
    | LocationVictimsKilled
    | SetLocationDeck
    | NameLocationTopCard
    | TakeLocationItem
    | PutBackLocationItem
    | LocationNotes,
    Tagged("kind"),
]

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    ACTION_ADAPTER: TypeAdapter[Action]
    JOURNAL_ADAPTER: TypeAdapter[list[Action]]


# Built on first use (reading or saving a journal), not at import, and pydantic with them:
# the launch into a game in progress is ready for play before either is needed.
@cache
def _action_adapter() -> TypeAdapter[Action]:
    from pydantic import TypeAdapter

    return TypeAdapter(Action)


@cache
def _journal_adapter() -> TypeAdapter[list[Action]]:
    from pydantic import TypeAdapter

    return TypeAdapter(list[Action])


def __getattr__(name: str) -> object:
    if name == "ACTION_ADAPTER":
        return _action_adapter()
    if name == "JOURNAL_ADAPTER":
        return _journal_adapter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
