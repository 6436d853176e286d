"""Dr. Fright's plays: falling Asleep, the Boiler Room deck, his Dark Power and Finale,
the attacks between them, the Victims' panic, the Awake block lifted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.base import BaseAction, Between, Length
from frightmare.model.actions.names import TypedCardName, card_shown, fright
from frightmare.model.actions.steps import MAX_STEPS, CardStep
from frightmare.model.box.card_data import Until
from frightmare.model.box.cards import (
    DARK_POWER_NAMES,
    FACE_YOUR_FRIGHT,
    FINALE_NAMES,
    SHOCK_FACTOR,
    DarkPowerName,
    EpicDarkPowerName,
    FinaleName,
)
from frightmare.model.game.boiler_room import DIRECTION_NAMES, QUARTER_NAMES, Direction, Quadrant
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
            return _("Fell Asleep: into the Boiler Room")
        if self.cause == "short rest":
            return _("Resolved a Short Rest and fell Asleep")
        return _("Resolved a Long Rest and fell Asleep")


class Slide(BaseAction):
    """Slide the Boiler Room stack one half-card.

    ``report`` is what the real card showed (physical deck): the quadrant where Dr. Fright
    appeared, or ``"nothing"``. With the deck on screen it stays empty: the app knows.
    """

    kind: Literal["slide"] = "slide"
    direction: Direction
    report: Report | None = None

    def describe(self) -> str:
        # Translators: {direction} is the slide's direction, in capitals ("UP").
        text = _("Slid the Boiler Room {direction}").format(
            direction=_(DIRECTION_NAMES[self.direction]).upper()
        )
        if self.report == "nothing":
            # Translators: {slide} is "Slid the Boiler Room <direction>".
            text = _("{slide}: no {killer}").format(slide=text, killer=fright())
        elif self.report is not None:
            text = _("{slide}: {killer} in {quarter}").format(
                slide=text, killer=fright(), quarter=_(QUARTER_NAMES[self.report])
            )
        return text


class ResetBoilerRoom(BaseAction):
    kind: Literal["reset-boiler-room"] = "reset-boiler-room"
    cause: Literal["bloodlust", "face your fright", "effect"] = "effect"

    def describe(self) -> str:
        if self.cause == "bloodlust":
            return _("Reset the Boiler Room deck (for Bloodlust)")
        if self.cause == "face your fright":
            return _("Reset the Boiler Room deck ({card})").format(
                card=card_shown(FACE_YOUR_FRIGHT)
            )
        return _("Reset the Boiler Room deck (a game effect)")


class SetDeckMode(BaseAction):
    kind: Literal["deck-mode"] = "deck-mode"
    mode: DeckMode

    def describe(self) -> str:
        if self.mode == "screen":
            return _("Boiler Room deck played on screen")
        return _("Boiler Room deck played with the real cards")


class RevealDarkPower(BaseAction):
    kind: Literal["dark-power"] = "dark-power"
    name: DarkPowerName | EpicDarkPowerName | TypedCardName

    if TYPE_CHECKING:

        def __init__(
            self, *, name: str, kind: Literal["dark-power"] = ..., anyway: bool = ...
        ) -> None: ...

    def describe(self) -> str:
        return _("Dark Power revealed: {card}").format(card=card_shown(self.name))


class RevealFinale(BaseAction):
    """The Finale revealed; ``steps`` are what its reveal did at the table (Everyone Must
    Die's two kills, say), as the player accepted them (none in older journals)."""

    kind: Literal["finale"] = "finale"
    name: FinaleName | TypedCardName
    steps: Annotated[tuple[CardStep, ...], Length(0, MAX_STEPS)] = ()

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
        return _("Finale revealed: {card}").format(card=card_shown(self.name))


class DrFrightAttacks(BaseAction):
    """He attacks (his Killer Action, a Boiler Room card): ``damage`` is what she takes after
    her defence (``None``, as in older journals: the player resolves it by hand)."""

    kind: Literal["fright-attacks"] = "fright-attacks"
    target: Literal["final girl", "victim"]
    damage: Annotated[int, Between(0, 20)] | None = None

    def describe(self) -> str:
        if self.target == "victim":
            return _("{killer} attacked a Victim").format(killer=fright())
        if self.damage is None:
            return _("{killer} attacked you").format(killer=fright())
        return _("{killer} attacked you: {damage} damage").format(
            killer=fright(), damage=self.damage
        )


class AttackDrFright(BaseAction):
    """Her attack on Dr. Fright: ``damage`` as the weapon and the roll decide it (``None``, as
    in older journals: resolved by hand); ``on`` a Minor Dark Power in play she aims at."""

    kind: Literal["attack-fright"] = "attack-fright"
    damage: Annotated[int, Between(0, 20)] | None = None
    on: Annotated[str, Length(1, 60)] | None = None

    def describe(self) -> str:
        if self.damage is None:
            return _("Attacked {killer}").format(killer=fright())
        target = card_shown(self.on) if self.on else fright()
        return _("Attacked {target}: {damage} damage").format(target=target, damage=self.damage)


class VictimsPanic(BaseAction):
    """Victims about to panic (in ``space``, by default Dr. Fright's): under Shock Factor they
    die instead, up to its limit. ``moves`` says where each group went, in the same step
    (none, as in older journals: the player moves them with ``MoveVictims``)."""

    kind: Literal["panic"] = "panic"
    count: Annotated[int, Between(1, 30)]
    space: Annotated[str, Length(1, 40)] | None = None
    moves: Annotated[tuple[CardStep, ...], Length(0, MAX_STEPS)] = ()

    def describe(self) -> str:
        if self.moves:
            text = ngettext("{count} Victim panicked", "{count} Victims panicked", self.count)
        else:
            text = ngettext("{count} Victim would panic", "{count} Victims would panic", self.count)
        return text.format(count=self.count)


class LiftAwakeBlock(BaseAction):
    """An effect the player names lets her and Dr. Fright hurt each other while she is Awake
    (rulebook, When you are Awake: "unless an effect ... allows"), for as long as it says."""

    kind: Literal["lift-awake-block"] = "lift-awake-block"
    card: Annotated[str, Length(1, 60)]
    until: Until = "next-killer-phase"

    def describe(self) -> str:
        return _("{card}: attacks allowed while Awake").format(card=card_shown(self.card))


BoilerEffect = Literal["extra card", "skip card", "resolve the rest"]
# Shown with ``_``.
BOILER_EFFECT_NAMES: dict[BoilerEffect, str] = {
    "extra card": N_("one more Boiler Room card this Killer phase"),
    "skip card": N_("no Boiler Room card this Killer phase"),
    "resolve the rest": N_("resolve the rest of the Boiler Room deck now"),
}


class BoilerRoomEffect(BaseAction):
    """A card that changes the Boiler Room's pace ("unless a game effect changes this")."""

    kind: Literal["boiler-effect"] = "boiler-effect"
    effect: BoilerEffect
    card: Annotated[str, Length(1, 60)]

    def describe(self) -> str:
        # Translators: a card and what it changes in the Boiler Room.
        return _("{card}: {effect}").format(
            card=card_shown(self.card), effect=_(BOILER_EFFECT_NAMES[self.effect])
        )
