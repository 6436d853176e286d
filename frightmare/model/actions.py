"""Actions: one small typed record for each thing a player does.

Actions are what the journal stores and the session file saves, so each is a pydantic model
with a ``kind`` tag; ``Action`` is their discriminated union.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Annotated, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
)

from frightmare.model.action_base import BaseAction
from frightmare.model.box.board import Board, QuadrantName, default_board
from frightmare.model.box.card_data import Until
from frightmare.model.box.cards import (
    DARK_POWER_NAMES,
    EVENT_NAMES,
    FINALE_NAMES,
    SHOCK_FACTOR,
    TERROR_NAMES,
    DarkPowerName,
    EpicDarkPowerName,
    EventName,
    FinaleName,
    ItemCardName,
    TerrorName,
    TypedName,
)
from frightmare.model.box.numbers import SWITCHES as SWITCH_NAMES
from frightmare.model.box.numbers import BoxValueName
from frightmare.model.game.boiler_room import Direction, Quadrant
from frightmare.model.game.setup import DeckMode
from frightmare.model.game.state import MAX_NAME_LENGTH, MAX_NOTES_LENGTH, Result
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
from frightmare.model.steps import MAX_STEPS, CardStep
from frightmare.model.wording import counted


class Rename(BaseAction):
    kind: Literal["rename"] = "rename"
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)

    def describe(self) -> str:
        return f"Renamed the game to “{self.name}”"


class EditNotes(BaseAction):
    kind: Literal["notes"] = "notes"
    notes: str = Field(max_length=MAX_NOTES_LENGTH)

    def describe(self) -> str:
        lines = self.notes.strip().splitlines()
        if not lines:
            return "Cleared the notes"
        more = "…" if len(lines[0]) > 40 or len(lines) > 1 else ""
        return f"Notes: {lines[0][:40]}{more}"


SleepCause = Literal["effect", "short rest", "long rest"]
Report = Quadrant | Literal["nothing"]

# Dr. Fright's cards the app applies (any other name is accepted and resolved as printed).
DARK_POWERS: tuple[DarkPowerName, ...] = DARK_POWER_NAMES
EPIC_DARK_POWER: EpicDarkPowerName = SHOCK_FACTOR
FINALES: tuple[FinaleName, ...] = FINALE_NAMES
# The names these card actions carry: a known card's, or any other the player typed ("the
# table is the truth"). A plain string in the journal, as in every older save file.
TypedCardName = Annotated[TypedName, Field(min_length=1, max_length=60)]


class FallAsleep(BaseAction):
    kind: Literal["fall-asleep"] = "fall-asleep"
    cause: SleepCause = "effect"

    def describe(self) -> str:
        if self.cause == "effect":
            return "Fell Asleep: into the Boiler Room"
        return f"Resolved a {self.cause.title()} and fell Asleep"


class Slide(BaseAction):
    """Slide the Boiler Room stack one half-card.

    ``report`` is what the real card showed (physical deck): the quadrant where Dr. Fright
    appeared, or ``"nothing"``. With the deck on screen it stays empty: the app knows.
    """

    kind: Literal["slide"] = "slide"
    direction: Direction
    report: Report | None = None

    def describe(self) -> str:
        text = f"Slid the Boiler Room {self.direction.upper()}"
        if self.report == "nothing":
            text += ": no Dr. Fright"
        elif self.report is not None:
            text += f": Dr. Fright in the {self.report} quarter"
        return text


class ResetBoilerRoom(BaseAction):
    kind: Literal["reset-boiler-room"] = "reset-boiler-room"
    cause: Literal["bloodlust", "face your fright", "effect"] = "effect"

    def describe(self) -> str:
        reasons = {
            "bloodlust": "for Bloodlust",
            "face your fright": "Face Your Fright",
            "effect": "a game effect",
        }
        return f"Reset the Boiler Room deck ({reasons[self.cause]})"


class SetDeckMode(BaseAction):
    kind: Literal["deck-mode"] = "deck-mode"
    mode: DeckMode

    def describe(self) -> str:
        where = "on screen" if self.mode == "screen" else "with the real cards"
        return f"Boiler Room deck played {where}"


# The card actions below take the player's text (``str``) and hold it as a known card's name
# or a ``TypedName`` (the validation sorts it): their ``__init__`` says so to the type checker,
# one keyword per field (a test checks them against the fields).


class RevealDarkPower(BaseAction):
    kind: Literal["dark-power"] = "dark-power"
    name: DarkPowerName | EpicDarkPowerName | TypedCardName

    if TYPE_CHECKING:

        def __init__(
            self, *, name: str, kind: Literal["dark-power"] = ..., anyway: bool = ...
        ) -> None: ...

    def describe(self) -> str:
        return f"Dark Power revealed: {self.name}"


class RevealFinale(BaseAction):
    """The Finale revealed; ``steps`` are what its reveal did at the table (Everyone Must
    Die's two kills, say), as the player accepted them (none in older journals)."""

    kind: Literal["finale"] = "finale"
    name: FinaleName | TypedCardName
    steps: tuple[CardStep, ...] = Field(default=(), max_length=MAX_STEPS)

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            name: str,
            steps: tuple[CardStep, ...] = ...,
            kind: Literal["finale"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        return f"Finale revealed: {self.name}"


class DrFrightAttacks(BaseAction):
    """He attacks (his Killer Action, a Boiler Room card): ``damage`` is what she takes after
    her defence (``None``, as in older journals: the player resolves it by hand)."""

    kind: Literal["fright-attacks"] = "fright-attacks"
    target: Literal["final girl", "victim"]
    damage: int | None = Field(default=None, ge=0, le=20)

    def describe(self) -> str:
        if self.target == "victim":
            return "Dr. Fright attacked a Victim"
        if self.damage is None:
            return "Dr. Fright attacked you"
        return f"Dr. Fright attacked you: {self.damage} damage"


class AttackDrFright(BaseAction):
    """Her attack on Dr. Fright: ``damage`` as the weapon and the roll decide it (``None``, as
    in older journals: resolved by hand); ``on`` a Minor Dark Power in play she aims at."""

    kind: Literal["attack-fright"] = "attack-fright"
    damage: int | None = Field(default=None, ge=0, le=20)
    on: Annotated[str, Field(min_length=1, max_length=60)] | None = None

    def describe(self) -> str:
        if self.damage is None:
            return "Attacked Dr. Fright"
        return f"Attacked {self.on or 'Dr. Fright'}: {self.damage} damage"


class VictimsPanic(BaseAction):
    """Victims about to panic (in ``space``, by default Dr. Fright's): under Shock Factor they
    die instead, up to its limit. ``moves`` says where each group went, in the same step
    (none, as in older journals: the player moves them with ``MoveVictims``)."""

    kind: Literal["panic"] = "panic"
    count: int = Field(ge=1, le=30)
    space: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    moves: tuple[CardStep, ...] = Field(default=(), max_length=MAX_STEPS)

    def describe(self) -> str:
        text = f"{self.count} Victim{'s' if self.count != 1 else ''} would panic"
        if self.moves:
            text = f"{self.count} Victim{'s' if self.count != 1 else ''} panicked"
        return text


class NextPhase(BaseAction):
    kind: Literal["next-phase"] = "next-phase"

    def describe(self) -> str:
        return "Next phase"


# The board whose names descriptions use: the packaged one, or a game's own (``on_board``).
_BOARD: ContextVar[Board | None] = ContextVar("describing_board", default=None)


@contextmanager
def on_board(board: Board) -> Iterator[None]:
    """Within this block, actions describe spaces with ``board``'s names."""
    token = _BOARD.set(board)
    try:
        yield
    finally:
        _BOARD.reset(token)


def _space_name(space_id: str | None) -> str:
    """A space as the describing board names it (``on_board``, else the packaged one)."""
    return (_BOARD.get() or default_board()).label(space_id)


SpaceId = Annotated[str, Field(min_length=1, max_length=40)]
# An Item card as the player reads it: one of the box's, or any other name typed.
ItemName = ItemCardName | Annotated[TypedName, Field(min_length=1, max_length=60)]
Piece = Literal["final girl", "dr fright", "bicycle"]
SpecialVictim = Literal["victim", "smalley", "boyfriend"]
Special = Literal["smalley", "boyfriend"]
WHO_NAMES: dict[SpecialVictim, tuple[str, str]] = {
    "victim": ("Victim", "Victims"),
    "smalley": ("Smalley", "Smalleys"),
    "boyfriend": ("the Boyfriend", "the Boyfriend"),
}


def _who(who: SpecialVictim, count: int) -> str:
    singular, plural = WHO_NAMES[who]
    return f"{count} {plural if count != 1 else singular}" if who != "boyfriend" else singular


EVENTS: tuple[EventName, ...] = EVENT_NAMES


class Move(BaseAction):
    """Walk or Sprint: the Final Girl moves up to ``steps`` spaces; up to 2 Victims follow
    (``followers`` plain ones, and the Special Victims named in ``specials``)."""

    kind: Literal["move"] = "move"
    to: SpaceId
    steps: int = Field(default=1, ge=1, le=12)
    followers: int = Field(default=0, ge=0, le=2)
    specials: tuple[Special, ...] = Field(default=(), max_length=2)

    def describe(self) -> str:
        text = f"Moved to {_space_name(self.to)}"
        if self.followers:
            text += f" with {self.followers} Victim{'s' if self.followers > 1 else ''}"
        for who in dict.fromkeys(self.specials):
            text += f" with {_who(who, self.specials.count(who))}"
        return text


class Place(BaseAction):
    """A free edit to match the table: put a piece anywhere (or off the board)."""

    kind: Literal["place"] = "place"
    piece: Piece
    space: SpaceId | None

    def describe(self) -> str:
        names = {
            "final girl": "the Final Girl",
            "dr fright": "Dr. Fright",
            "bicycle": "the Bicycle",
        }
        return f"Placed {names[self.piece]}: {_space_name(self.space)}"


class SetVictims(BaseAction):
    kind: Literal["set-victims"] = "set-victims"
    space: SpaceId
    count: int = Field(ge=0, le=40)

    def describe(self) -> str:
        return f"Set Victims on {_space_name(self.space)} to {self.count}"


class AddVictims(BaseAction):
    kind: Literal["add-victims"] = "add-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return (
            f"Added {self.count} Victim{'s' if self.count > 1 else ''} to {_space_name(self.space)}"
        )


class MoveVictims(BaseAction):
    kind: Literal["move-victims"] = "move-victims"
    source: SpaceId
    target: SpaceId
    count: int = Field(default=1, ge=1, le=12)
    panic: bool = False
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        verb = "panicked" if self.panic else "moved"
        whom = _who(self.who, self.count)
        return f"{whom} {verb}: {_space_name(self.source)} → {_space_name(self.target)}"


class KillVictim(BaseAction):
    kind: Literal["kill-victim"] = "kill-victim"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        names = {"victim": "A Victim", "smalley": "A Smalley", "boyfriend": "The Boyfriend"}
        return f"{names[self.who]} died on {_space_name(self.space)}"


class SaveVictims(BaseAction):
    kind: Literal["save-victims"] = "save-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        return f"Saved {_who(self.who, self.count)} at {_space_name(self.space)}"


# The id of one of the board file's Convince lines. Not a closed Literal: the file's own note
# says "Add or drop lines freely", so a corrected board may have ids no release knows.
ConvinceLineId = Annotated[str, Field(min_length=1, max_length=30)]


class Convince(BaseAction):
    """The Convince Action card, resolved with the result the player rolled.

    ``result`` is the id of one of the board file's Convince lines (a corrected file may add
    or drop lines); ``item_name`` names the top Item taken on the 3+ line (unnamed allowed).
    """

    kind: Literal["convince"] = "convince"
    house: SpaceId
    result: ConvinceLineId
    take_item: bool = False
    item_name: ItemName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            result: str,
            take_item: bool = ...,
            item_name: str | None = ...,
            kind: Literal["convince"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        results = {
            "3+": "3+ successes",
            "2": "2 successes",
            "1": "1 success",
            "fail": "failed, card returned",
            "fail-return": "failed, card returned",
        }
        text = f"Convince at {_space_name(self.house)}: {results.get(self.result, self.result)}"
        if self.take_item:
            text += f", took {self.item_name or 'the top Item'}"
        return text


class Search(BaseAction):
    """A successful search of a House: draw its quadrant's top card(s), keep one.

    ``names`` are the drawn cards as the player reads them (``None`` keeps a card unnamed);
    with two, ``keep`` picks one and the other goes back on ``other_to`` of the deck (or of the
    closest quadrant not fully searched; ``other_quadrant`` settles a tie).
    """

    kind: Literal["search"] = "search"
    house: SpaceId
    names: tuple[ItemName | None, ...] = Field(default=(None,), min_length=1, max_length=2)
    keep: int = Field(default=0, ge=0, le=1)
    other_to: Literal["top", "bottom"] = "top"
    other_quadrant: QuadrantName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            names: tuple[str | None, ...] = ...,
            keep: int = ...,
            other_to: Literal["top", "bottom"] = ...,
            other_quadrant: QuadrantName | None = ...,
            kind: Literal["search"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        drawn = len(self.names)
        kept = self.names[self.keep] if self.keep < drawn else None
        text = f"Searched {_space_name(self.house)}"
        if kept:
            text += f": took {kept}"
        if drawn == 2:
            text += f", other card to the {self.other_to}"
        return text


class RecordTopCard(BaseAction):
    kind: Literal["top-card"] = "top-card"
    quadrant: QuadrantName
    name: ItemName | None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            quadrant: QuadrantName,
            name: str | None,
            kind: Literal["top-card"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        return f"{self.quadrant} deck's top card: {self.name or 'unknown'}"


class DiscardItem(BaseAction):
    kind: Literal["discard-item"] = "discard-item"
    index: int = Field(ge=0, le=30)

    def describe(self) -> str:
        return "Discarded an item"


class ToggleHand(BaseAction):
    kind: Literal["toggle-hand"] = "toggle-hand"
    index: int = Field(ge=0, le=30)

    def describe(self) -> str:
        return "Rearranged items (in hand / not in hand)"


class ReturnItem(BaseAction):
    kind: Literal["return-item"] = "return-item"
    index: int = Field(ge=0, le=30)
    quadrant: QuadrantName
    position: Literal["top", "bottom"] = "bottom"
    other_quadrant: QuadrantName | None = None

    def describe(self) -> str:
        return f"Returned an item to the {self.quadrant} deck ({self.position})"


class RideBicycle(BaseAction):
    kind: Literal["ride"] = "ride"
    to: SpaceId

    def describe(self) -> str:
        return f"Rode the Bicycle to {_space_name(self.to)}"


class RevealEvent(BaseAction):
    kind: Literal["event"] = "event"
    name: EventName | TypedCardName
    space: SpaceId | None = None
    die: int | None = Field(default=None, ge=1, le=6)

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            name: str,
            space: str | None = ...,
            die: int | None = ...,
            kind: Literal["event"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        text = f"Event: {self.name}"
        if self.die is not None:
            text += f" (rolled {self.die})"
        elif self.space is not None:
            text += f" ({_space_name(self.space)})"
        return text


class HitByCar(BaseAction):
    """Terror card "They just got hit by a car!": the Victim the player chooses (a plain one, a
    Smalley or the Boyfriend) on the chosen Street space dies."""

    kind: Literal["hit-by-car"] = "hit-by-car"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        names = {"victim": "A Victim", "smalley": "A Smalley", "boyfriend": "The Boyfriend"}
        return f"They just got hit by a car! {names[self.who]} died on {_space_name(self.space)}"


CounterName = Literal[
    "time", "health", "horror", "killer health", "bloodlust", "terror", "saved", "killed"
]
COUNTER_TITLES: dict[CounterName, str] = {
    "time": "Time",
    "health": "Health",
    "horror": "Horror",
    "killer health": "Dr. Fright's Health",
    "bloodlust": "Bloodlust",
    "terror": "Terror cards left",
    "saved": "Victims saved",
    "killed": "Victims killed",
}
KNOWN_TERROR: tuple[TerrorName, ...] = TERROR_NAMES


class AdjustCounter(BaseAction):
    """A +/- on a counter; the rules that follow from it are applied by the model."""

    kind: Literal["adjust"] = "adjust"
    counter: CounterName
    delta: int = Field(ge=-10, le=10)

    def describe(self) -> str:
        return f"{COUNTER_TITLES[self.counter]} {self.delta:+d}"


class DiscardActionCard(BaseAction):
    kind: Literal["discard-action"] = "discard-action"

    def describe(self) -> str:
        return "Discarded an Action card for +1 Time"


class RevealFinalHealth(BaseAction):
    """Her Final Health token, turned over when her Health is gone: a number, or blank."""

    kind: Literal["final-health"] = "final-health"
    value: int | None = Field(default=None, ge=1, le=9)

    def describe(self) -> str:
        return f"Final Health token: {self.value if self.value else 'blank'}"


class RevealKillerFinalHealth(BaseAction):
    kind: Literal["killer-final-health"] = "killer-final-health"
    value: int | None = Field(default=None, ge=1, le=9)

    def describe(self) -> str:
        return f"Dr. Fright's Final Health: {self.value if self.value else 'none'}"


class DrawTerror(BaseAction):
    """A Terror card drawn. ``steps`` are what it did at the table, as the player accepted the
    app's proposal (``None``, as in older journals and for a card the app does not know: the
    player resolves it by hand, as printed)."""

    kind: Literal["terror"] = "terror"
    name: TerrorName | TypedCardName
    steps: tuple[CardStep, ...] | None = Field(default=None, max_length=MAX_STEPS)

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            name: str,
            steps: tuple[CardStep, ...] | None = ...,
            kind: Literal["terror"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        return f"Terror card: {self.name}"


class KillerAction(BaseAction):
    """His Killer Action. ``steps`` are what it did, in one step: where he went, the Victims
    he killed, the damage she took (none, as in older journals: recorded separately)."""

    kind: Literal["killer-action"] = "killer-action"
    move_icon: bool
    steps: tuple[CardStep, ...] = Field(default=(), max_length=MAX_STEPS)

    def describe(self) -> str:
        if self.steps:
            from frightmare.model.steps import HurtHerStep, HurtHimStep, KillerToStep, KillStep

            parts = []
            for step in self.steps:
                if isinstance(step, KillerToStep):
                    parts.append(f"he moves to {_space_name(step.space)}")
                elif isinstance(step, KillStep):
                    parts.append(f"kills a Victim on {_space_name(step.space)}")
                elif isinstance(step, HurtHerStep):
                    parts.append(f"you take {step.damage} damage")
                elif isinstance(step, HurtHimStep):
                    parts.append(f"a booby trap deals him {step.damage} damage")
            if parts:
                return "Killer Action: " + ", ".join(parts)
        return "Killer Action" + (" (he moves)" if self.move_icon else " (no move icon)")


class UseItem(BaseAction):
    """An Item of hers used (``index`` in her items), with what it did: the Rifle's 2 damage
    and 1 Time, a use of the Trash-Can Lid, the Crucifix or the Lucky Dice discarded.
    ``discard`` discards it after use."""

    kind: Literal["use-item"] = "use-item"
    index: int = Field(ge=0, le=30)
    steps: tuple[CardStep, ...] = Field(default=(), max_length=MAX_STEPS)
    discard: bool = False

    def describe(self) -> str:
        return "Used an Item" + (" and discarded it" if self.discard else "")


class LiftAwakeBlock(BaseAction):
    """An effect the player names lets her and Dr. Fright hurt each other while she is Awake
    (rulebook, When you are Awake: "unless an effect ... allows"), for as long as it says."""

    kind: Literal["lift-awake-block"] = "lift-awake-block"
    card: str = Field(min_length=1, max_length=60)
    until: Until = "next-killer-phase"

    def describe(self) -> str:
        return f"{self.card}: attacks allowed while Awake"


class UseUltimate(BaseAction):
    kind: Literal["ultimate"] = "ultimate"

    def describe(self) -> str:
        return "Used her Ultimate"


class EndGame(BaseAction):
    kind: Literal["end-game"] = "end-game"
    result: Result

    def describe(self) -> str:
        return "Game won: the Killer is dead" if self.result == "win" else "Game lost"


class SetBoxValue(BaseAction):
    """Correct one of the box's numbers for this game (Health, a track's length...)."""

    kind: Literal["box-value"] = "box-value"
    name: BoxValueName
    value: int = Field(ge=0, le=99)

    def describe(self) -> str:
        if self.name in SWITCH_NAMES:
            return f"Switch {'on' if self.value else 'off'}: {self.name.replace('_', ' ')}"
        return f"Box value {self.name.replace('_', ' ')} set to {self.value}"


class EndActionPhase(BaseAction):
    """A card's effect ends her Action phase (outside it, nothing happens)."""

    kind: Literal["end-action-phase"] = "end-action-phase"
    card: str = Field(default="A card", min_length=1, max_length=60)

    def describe(self) -> str:
        return f"{self.card}: the Action phase ends"


BoilerEffect = Literal["extra card", "skip card", "resolve the rest"]
BOILER_EFFECT_NAMES: dict[BoilerEffect, str] = {
    "extra card": "one more Boiler Room card this Killer phase",
    "skip card": "no Boiler Room card this Killer phase",
    "resolve the rest": "resolve the rest of the Boiler Room deck now",
}


class BoilerRoomEffect(BaseAction):
    """A card that changes the Boiler Room's pace ("unless a game effect changes this")."""

    kind: Literal["boiler-effect"] = "boiler-effect"
    effect: BoilerEffect
    card: str = Field(min_length=1, max_length=60)

    def describe(self) -> str:
        return f"{self.card}: {BOILER_EFFECT_NAMES[self.effect]}"


# Edit the table: free corrections, each one recorded and undoable ----------------------------

EditPiece = Literal[
    "final girl",
    "dr fright",
    "victim",
    "smalley",
    "boyfriend",
    "x token",
    "burnt house",
    "roadblock",
    "cop car",
    "bicycle",
    "booby trap",
    "fireworks",
]
EDIT_PIECES: tuple[EditPiece, ...] = get_args(EditPiece)
EDIT_PIECE_NAMES: dict[EditPiece, str] = {
    "final girl": "the Final Girl",
    "dr fright": "Dr. Fright",
    "victim": "a Victim",
    "smalley": "a Smalley",
    "boyfriend": "the Boyfriend",
    "x token": "an X token",
    "burnt house": "a burnt House",
    "roadblock": "a Roadblock",
    "cop car": "the Cop Car",
    "bicycle": "the Bicycle",
    "booby trap": "a booby trap",
    "fireworks": "the Fireworks token",
}


class EditTable(BaseAction):
    """Edit the table: move one piece from ``source`` to ``target`` (``None`` is off the
    board, so a piece is placed with no source and removed with no target)."""

    kind: Literal["edit-piece"] = "edit-piece"
    piece: EditPiece
    source: SpaceId | None = None
    target: SpaceId | None = None

    def describe(self) -> str:
        name = EDIT_PIECE_NAMES[self.piece]
        if self.source is None:
            return f"Edit: placed {name} on {_space_name(self.target)}"
        if self.target is None:
            return f"Edit: removed {name} from {_space_name(self.source)}"
        return f"Edit: moved {name} {_space_name(self.source)} → {_space_name(self.target)}"


class SetCounter(BaseAction):
    kind: Literal["set-counter"] = "set-counter"
    counter: CounterName
    value: int = Field(ge=0, le=99)

    def describe(self) -> str:
        return f"Edit: {COUNTER_TITLES[self.counter]} set to {self.value}"


class SetDeck(BaseAction):
    """Edit one quadrant Item deck: how many cards are left and the named top card."""

    kind: Literal["set-deck"] = "set-deck"
    quadrant: QuadrantName
    cards: int = Field(ge=0, le=16)
    top: ItemName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            quadrant: QuadrantName,
            cards: int,
            top: str | None = ...,
            kind: Literal["set-deck"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        top = f", {self.top} on top" if self.top and self.cards else ""
        return f"Edit: {self.quadrant} deck holds {counted(self.cards, 'card')}{top}"


class HeldItemData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: ItemName
    in_hand: bool = True

    if TYPE_CHECKING:

        def __init__(self, *, name: str, in_hand: bool = ...) -> None: ...


class SetItems(BaseAction):
    kind: Literal["set-items"] = "set-items"
    items: tuple[HeldItemData, ...] = Field(default=(), max_length=20)

    def describe(self) -> str:
        names = ", ".join(i.name for i in self.items) or "none"
        return f"Edit: her items are {names}"


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
    Field(discriminator="kind"),
]

if TYPE_CHECKING:
    ACTION_ADAPTER: TypeAdapter[Action]
    JOURNAL_ADAPTER: TypeAdapter[list[Action]]


# Built on first use (reading or saving a journal), not at import: the launch into a game in
# progress paints from its snapshot before either is needed.
@cache
def _action_adapter() -> TypeAdapter[Action]:
    return TypeAdapter(Action)


@cache
def _journal_adapter() -> TypeAdapter[list[Action]]:
    return TypeAdapter(list[Action])


def __getattr__(name: str) -> object:
    if name == "ACTION_ADAPTER":
        return _action_adapter()
    if name == "JOURNAL_ADAPTER":
        return _journal_adapter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
