"""Actions: one small typed record for each thing a player does.

Actions are what the journal stores and the session file saves, so each is a pydantic model
with a ``kind`` tag; ``Action`` is their discriminated union.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from frightmare.model.boiler_room import Direction, Quadrant
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
    | NextPhase,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
JOURNAL_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])
