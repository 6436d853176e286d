"""Dr. Fright's plays: falling Asleep, the Boiler Room deck, his Dark Power and Finale,
the attacks between them, the Victims' panic, the Awake block lifted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.names import TypedCardName
from frightmare.model.actions.steps import MAX_STEPS, CardStep
from frightmare.model.box.card_data import Until
from frightmare.model.box.cards import (
    DARK_POWER_NAMES,
    FINALE_NAMES,
    SHOCK_FACTOR,
    DarkPowerName,
    EpicDarkPowerName,
    FinaleName,
)
from frightmare.model.game.boiler_room import Direction, Quadrant
from frightmare.model.game.setup import DeckMode

SleepCause = Literal["effect", "short rest", "long rest"]
Report = Quadrant | Literal["nothing"]

# Dr. Fright's cards the app applies (any other name is accepted and resolved as printed).
DARK_POWERS: tuple[DarkPowerName, ...] = DARK_POWER_NAMES
EPIC_DARK_POWER: EpicDarkPowerName = SHOCK_FACTOR
FINALES: tuple[FinaleName, ...] = FINALE_NAMES


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


class LiftAwakeBlock(BaseAction):
    """An effect the player names lets her and Dr. Fright hurt each other while she is Awake
    (rulebook, When you are Awake: "unless an effect ... allows"), for as long as it says."""

    kind: Literal["lift-awake-block"] = "lift-awake-block"
    card: str = Field(min_length=1, max_length=60)
    until: Until = "next-killer-phase"

    def describe(self) -> str:
        return f"{self.card}: attacks allowed while Awake"


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
