"""The round's plays: the phases, the counters, the Terror cards, his Killer Action, her
Final Health and his, an Item used, her Ultimate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.names import TypedCardName, space_name
from frightmare.model.actions.steps import (
    MAX_STEPS,
    CardStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
)
from frightmare.model.box.cards import TERROR_NAMES, TerrorName


class NextPhase(BaseAction):
    kind: Literal["next-phase"] = "next-phase"

    def describe(self) -> str:
        return "Next phase"


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
            parts = []
            for step in self.steps:
                if isinstance(step, KillerToStep):
                    parts.append(f"he moves to {space_name(step.space)}")
                elif isinstance(step, KillStep):
                    parts.append(f"kills a Victim on {space_name(step.space)}")
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


class UseUltimate(BaseAction):
    kind: Literal["ultimate"] = "ultimate"

    def describe(self) -> str:
        return "Used her Ultimate"


class EndActionPhase(BaseAction):
    """A card's effect ends her Action phase (outside it, nothing happens)."""

    kind: Literal["end-action-phase"] = "end-action-phase"
    card: str = Field(default="A card", min_length=1, max_length=60)

    def describe(self) -> str:
        return f"{self.card}: the Action phase ends"
