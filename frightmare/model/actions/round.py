"""The round's plays: the phases, the counters, the Terror cards, his Killer Action, her
Final Health and his, an Item used, her Ultimate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from frightmare.i18n import N_, _
from frightmare.model.actions.base import BaseAction, Between, Length
from frightmare.model.actions.names import TypedCardName, card_shown, fright, space_name
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
        return _("Next phase")


CounterName = Literal[
    "time", "health", "horror", "killer health", "bloodlust", "terror", "saved", "killed"
]
# Shown with ``_`` (``counter_label``; ``counters.counter_title`` names the game's Killer).
COUNTER_TITLES: dict[CounterName, str] = {
    "time": N_("Time"),
    "health": N_("Health"),
    "horror": N_("Horror"),
    "killer health": N_("Dr. Fright's Health"),
    "bloodlust": N_("Bloodlust"),
    "terror": N_("Terror cards left"),
    "saved": N_("Victims saved"),
    "killed": N_("Victims killed"),
}
KNOWN_TERROR: tuple[TerrorName, ...] = TERROR_NAMES


def counter_label(counter: CounterName) -> str:
    """A counter's title as History names it ("Dr. Fright's Health" as the player's edition
    names him: History puts the game's own Killer in)."""
    if counter == "killer health":
        return killer_health(fright())
    return _(COUNTER_TITLES[counter])


def killer_health(killer: str) -> str:
    """The Killer's Health counter, named after him ("Hans's Health")."""
    # Translators: the Killer's Health counter; {killer} is his name.
    return _("{killer}'s Health").format(killer=killer)


class AdjustCounter(BaseAction):
    """A +/- on a counter; the rules that follow from it are applied by the model."""

    kind: Literal["adjust"] = "adjust"
    counter: CounterName
    delta: Annotated[int, Between(-10, 10)]

    def describe(self) -> str:
        # Translators: a counter and its change, "Horror +1".
        return _("{counter} {delta}").format(
            counter=counter_label(self.counter), delta=f"{self.delta:+d}"
        )


class DiscardActionCard(BaseAction):
    kind: Literal["discard-action"] = "discard-action"

    def describe(self) -> str:
        return _("Discarded an Action card for +1 Time")


class RevealFinalHealth(BaseAction):
    """Her Final Health token, turned over when her Health is gone: a number, or blank."""

    kind: Literal["final-health"] = "final-health"
    value: Annotated[int, Between(1, 9)] | None = None

    def describe(self) -> str:
        if not self.value:
            return _("Final Health token: blank")
        return _("Final Health token: {value}").format(value=self.value)


class RevealKillerFinalHealth(BaseAction):
    kind: Literal["killer-final-health"] = "killer-final-health"
    value: Annotated[int, Between(1, 9)] | None = None

    def describe(self) -> str:
        if not self.value:
            return _("{killer}'s Final Health: none").format(killer=fright())
        return _("{killer}'s Final Health: {value}").format(killer=fright(), value=self.value)


class DrawTerror(BaseAction):
    """A Terror card drawn. ``steps`` are what it did at the table, as the player accepted the
    app's proposal (``None``, as in older journals and for a card the app does not know: the
    player resolves it by hand, as printed)."""

    kind: Literal["terror"] = "terror"
    name: TerrorName | TypedCardName
    steps: Annotated[tuple[CardStep, ...], Length(0, MAX_STEPS)] | None = None

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
        return _("Terror card: {card}").format(card=card_shown(self.name))


class KillerAction(BaseAction):
    """His Killer Action. ``steps`` are what it did, in one step: where he went, the Victims
    he killed, the damage she took (none, as in older journals: recorded separately)."""

    kind: Literal["killer-action"] = "killer-action"
    move_icon: bool
    steps: Annotated[tuple[CardStep, ...], Length(0, MAX_STEPS)] = ()

    def describe(self) -> str:
        if self.steps:
            parts = []
            for step in self.steps:
                if isinstance(step, KillerToStep):
                    parts.append(_("he moves to {space}").format(space=space_name(step.space)))
                elif isinstance(step, KillStep):
                    parts.append(
                        _("kills a Victim on {space}").format(space=space_name(step.space))
                    )
                elif isinstance(step, HurtHerStep):
                    parts.append(_("you take {damage} damage").format(damage=step.damage))
                elif isinstance(step, HurtHimStep):
                    parts.append(
                        _("a booby trap deals him {damage} damage").format(damage=step.damage)
                    )
            if parts:
                # Translators: {steps} lists what his Killer Action did, joined by ", ".
                return _("Killer Action: {steps}").format(steps=", ".join(parts))
        if self.move_icon:
            return _("Killer Action (he moves)")
        return _("Killer Action (no move icon)")


class UseItem(BaseAction):
    """An Item of hers used (``index`` in her items), with what it did: the Rifle's 2 damage
    and 1 Time, a use of the Trash-Can Lid, the Crucifix or the Lucky Dice discarded.
    ``discard`` discards it after use."""

    kind: Literal["use-item"] = "use-item"
    index: Annotated[int, Between(0, 30)]
    steps: Annotated[tuple[CardStep, ...], Length(0, MAX_STEPS)] = ()
    discard: bool = False

    def describe(self) -> str:
        return _("Used an Item and discarded it") if self.discard else _("Used an Item")


class UseUltimate(BaseAction):
    kind: Literal["ultimate"] = "ultimate"

    def describe(self) -> str:
        return _("Used her Ultimate")


class EndActionPhase(BaseAction):
    """A card's effect ends her Action phase (outside it, nothing happens)."""

    kind: Literal["end-action-phase"] = "end-action-phase"
    # The journal keeps the card as named; the default is English, shown translated.
    card: Annotated[str, Length(1, 60)] = N_("A card")

    def describe(self) -> str:
        return _("{card}: the Action phase ends").format(card=named_card(self.card))


def named_card(card: str) -> str:
    """The card a play names, as the player reads it ("A card" when none is named)."""
    return _(card) if card == "A card" else card_shown(card)
