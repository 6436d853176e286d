"""Actions: one small typed record for each thing a player does.

Actions are what the journal stores and the session file saves, so each is a pydantic model
with a ``kind`` tag; ``Action`` is their discriminated union.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from frightmare.model.board import QuadrantName, default_board
from frightmare.model.boiler_room import Direction, Quadrant
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
from frightmare.model.setup import DeckMode
from frightmare.model.state import MAX_NAME_LENGTH, MAX_NOTES_LENGTH


class BaseAction(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def describe(self) -> str:
        """One line for the history list."""
        raise NotImplementedError


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

DARK_POWERS = (
    "The Frightmare is Inevitable",
    "Pitchfork Assault",
    "Never Really Dead",
)
EPIC_DARK_POWER = "Shock Factor"
FINALES = ("Everyone Must Die", "Face Your Fright", "Time to Die")


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
            "bloodlust": "Bloodlust at its maximum",
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


class RevealDarkPower(BaseAction):
    kind: Literal["dark-power"] = "dark-power"
    name: str = Field(min_length=1, max_length=60)

    def describe(self) -> str:
        return f"Dark Power revealed: {self.name}"


class RevealFinale(BaseAction):
    kind: Literal["finale"] = "finale"
    name: str = Field(min_length=1, max_length=60)

    def describe(self) -> str:
        return f"Finale revealed: {self.name}"


class DrFrightAttacks(BaseAction):
    kind: Literal["fright-attacks"] = "fright-attacks"
    target: Literal["final girl", "victim"]

    def describe(self) -> str:
        return (
            "Dr. Fright attacked you"
            if self.target == "final girl"
            else ("Dr. Fright attacked a Victim")
        )


class AttackDrFright(BaseAction):
    kind: Literal["attack-fright"] = "attack-fright"

    def describe(self) -> str:
        return "Attacked Dr. Fright"


class VictimsPanic(BaseAction):
    kind: Literal["panic"] = "panic"
    count: int = Field(ge=1, le=30)

    def describe(self) -> str:
        return f"{self.count} Victim{'s' if self.count != 1 else ''} would panic"


class NextPhase(BaseAction):
    kind: Literal["next-phase"] = "next-phase"

    def describe(self) -> str:
        return "Next phase"


def _space(space_id: str | None) -> str:
    if space_id is None:
        return "off the board"
    board = default_board()
    return board.name(space_id) if space_id in board.spaces else space_id


SpaceId = Annotated[str, Field(min_length=1, max_length=40)]
ItemName = Annotated[str, Field(min_length=1, max_length=60)]
Piece = Literal["final girl", "dr fright", "bicycle"]
SpecialVictim = Literal["victim", "smalley", "boyfriend"]

EVENTS = (
    "The Smalleys",
    "Boyfriend",
    "Fire!",
    "It's Raining",
    "It's the 4th of July!",
    "Officer Kopp",
    "Party in the Burbs!",
    "Under Construction",
    "What is going on over there?",
    "Friendly Neighbors",
)


class Move(BaseAction):
    """Walk or Sprint: the Final Girl moves up to ``steps`` spaces; up to 2 Victims follow."""

    kind: Literal["move"] = "move"
    to: SpaceId
    steps: int = Field(default=1, ge=1, le=12)
    followers: int = Field(default=0, ge=0, le=2)

    def describe(self) -> str:
        text = f"Moved to {_space(self.to)}"
        if self.followers:
            text += f" with {self.followers} Victim{'s' if self.followers > 1 else ''}"
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
        return f"Placed {names[self.piece]}: {_space(self.space)}"


class SetVictims(BaseAction):
    kind: Literal["set-victims"] = "set-victims"
    space: SpaceId
    count: int = Field(ge=0, le=40)

    def describe(self) -> str:
        return f"Set Victims on {_space(self.space)} to {self.count}"


class AddVictims(BaseAction):
    kind: Literal["add-victims"] = "add-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        return f"Added {self.count} Victim{'s' if self.count > 1 else ''} to {_space(self.space)}"


class MoveVictims(BaseAction):
    kind: Literal["move-victims"] = "move-victims"
    source: SpaceId
    target: SpaceId
    count: int = Field(default=1, ge=1, le=12)
    panic: bool = False

    def describe(self) -> str:
        verb = "panicked" if self.panic else "moved"
        plural = "s" if self.count > 1 else ""
        return f"{self.count} Victim{plural} {verb}: {_space(self.source)} → {_space(self.target)}"


class KillVictim(BaseAction):
    kind: Literal["kill-victim"] = "kill-victim"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        names = {"victim": "A Victim", "smalley": "A Smalley", "boyfriend": "The Boyfriend"}
        return f"{names[self.who]} died on {_space(self.space)}"


class SaveVictims(BaseAction):
    kind: Literal["save-victims"] = "save-victims"
    space: SpaceId
    count: int = Field(default=1, ge=1, le=12)

    def describe(self) -> str:
        plural = "s" if self.count > 1 else ""
        return f"Saved {self.count} Victim{plural} at {_space(self.space)}"


class Convince(BaseAction):
    """The Convince Action card, resolved with the result the player rolled."""

    kind: Literal["convince"] = "convince"
    house: SpaceId
    result: Literal["3+", "2", "1", "fail-enter", "fail-return"]
    take_item: bool = False

    def describe(self) -> str:
        results = {
            "3+": "3+ successes",
            "2": "2 successes",
            "1": "1 success",
            "fail-enter": "failed, went in anyway",
            "fail-return": "failed, card returned",
        }
        text = f"Convince at {_space(self.house)}: {results[self.result]}"
        return text + (", took the top Item" if self.take_item else "")


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

    def describe(self) -> str:
        drawn = len(self.names)
        kept = self.names[self.keep] if self.keep < drawn else None
        text = f"Searched {_space(self.house)}"
        if kept:
            text += f": took {kept}"
        if drawn == 2:
            text += f", other card to the {self.other_to}"
        return text


class RecordTopCard(BaseAction):
    kind: Literal["top-card"] = "top-card"
    quadrant: QuadrantName
    name: ItemName | None

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
        return f"Rode the Bicycle to {_space(self.to)}"


class RevealEvent(BaseAction):
    kind: Literal["event"] = "event"
    name: str = Field(min_length=1, max_length=60)
    space: SpaceId | None = None
    die: int | None = Field(default=None, ge=1, le=6)

    def describe(self) -> str:
        text = f"Event: {self.name}"
        if self.die is not None:
            text += f" (rolled {self.die})"
        elif self.space is not None:
            text += f" ({_space(self.space)})"
        return text


class HitByCar(BaseAction):
    """Terror card "They just got hit by a car!"."""

    kind: Literal["hit-by-car"] = "hit-by-car"
    space: SpaceId

    def describe(self) -> str:
        return f"They just got hit by a car! A Victim died on {_space(self.space)}"


CounterName = Literal[
    "time", "health", "horror", "killer health", "bloodlust", "terror", "saved", "killed"
]
COUNTER_TITLES: dict[str, str] = {
    "time": "Time",
    "health": "Health",
    "horror": "Horror",
    "killer health": "Dr. Fright's Health",
    "bloodlust": "Bloodlust",
    "terror": "Terror cards left",
    "saved": "Victims saved",
    "killed": "Victims killed",
}
KNOWN_TERROR = ("They just got hit by a car!", "Franky's coming for you")


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
    kind: Literal["terror"] = "terror"
    name: str = Field(min_length=1, max_length=60)

    def describe(self) -> str:
        return f"Terror card: {self.name}"


class KillerAction(BaseAction):
    kind: Literal["killer-action"] = "killer-action"
    move_icon: bool

    def describe(self) -> str:
        return "Killer Action" + (" (he moves)" if self.move_icon else " (no move icon)")


class UseUltimate(BaseAction):
    kind: Literal["ultimate"] = "ultimate"

    def describe(self) -> str:
        return "Used her Ultimate"


class EndGame(BaseAction):
    kind: Literal["end-game"] = "end-game"
    result: Literal["win", "loss"]

    def describe(self) -> str:
        return "Game won: Dr. Fright is dead" if self.result == "win" else "Game lost"


class SetBoxValue(BaseAction):
    """Correct one of the box's numbers for this game (Health, a track's length...)."""

    kind: Literal["box-value"] = "box-value"
    name: str = Field(min_length=1, max_length=40)
    value: int = Field(ge=0, le=99)

    def describe(self) -> str:
        return f"Box value {self.name.replace('_', ' ')} set to {self.value}"


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
    | UseUltimate
    | EndGame
    | SetBoxValue
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

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
JOURNAL_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])
