"""The steps a play records in the journal: what a card, his Killer Action, Panic or an attack
did at the table (he moves to a space, a Victim dies, she takes 2 damage, +1 Horror).

Plain records, saved with the action that carries them; their checks and effects are in
``card_steps``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from frightmare.model.actions.base import Between, Length, Record, Tagged
from frightmare.model.box.card_data import BoilerChange, LastingEffect, Until
from frightmare.model.box.cards import TypedName

SpaceId = Annotated[str, Length(1, 40)]
Who = Literal["victim", "smalley", "boyfriend"]
StepCounter = Literal["time", "health", "horror", "bloodlust", "killer health"]


class _Step(Record):
    """A step of a play, as the journal holds it."""


class CounterStep(_Step):
    """A counter changes: +1 Horror, +2 Bloodlust, −1 Time, −4 Health."""

    kind: Literal["counter"] = "counter"
    counter: StepCounter
    delta: Annotated[int, Between(-10, 10)]


class SleepStep(_Step):
    """She falls Asleep (rulebook, Awake and Asleep)."""

    kind: Literal["sleep"] = "sleep"


class BoilerStep(_Step):
    """The Boiler Room's pace changes ("unless a game effect changes this"), or it resets."""

    kind: Literal["boiler"] = "boiler"
    effect: BoilerChange


class KillerToStep(_Step):
    """He moves to ``space`` (along the board, or put there by a card)."""

    kind: Literal["killer-to"] = "killer-to"
    space: SpaceId


class KillStep(_Step):
    """A Victim on ``space`` dies (a plain one, a Smalley or the Boyfriend)."""

    kind: Literal["kill"] = "kill"
    space: SpaceId
    who: Who = "victim"


class PanicStep(_Step):
    """Victims panic from ``source`` to ``target`` (Shock Factor kills them instead)."""

    kind: Literal["panic"] = "panic"
    source: SpaceId
    target: SpaceId
    who: Who = "victim"
    count: Annotated[int, Between(1, 12)] = 1


class AddVictimsStep(_Step):
    kind: Literal["add-victims"] = "add-victims"
    space: SpaceId
    count: Annotated[int, Between(1, 12)] = 1


class RoadblockStep(_Step):
    kind: Literal["roadblock"] = "roadblock"
    space: SpaceId


class HurtHerStep(_Step):
    """He damages her: ``damage`` is what she takes after her defence."""

    kind: Literal["hurt-her"] = "hurt-her"
    damage: Annotated[int, Between(0, 20)]


class HurtHimStep(_Step):
    """She damages him (``on``: a Minor Dark Power in play takes it instead)."""

    kind: Literal["hurt-him"] = "hurt-him"
    damage: Annotated[int, Between(0, 20)]
    on: Annotated[str, Length(1, 60)] | None = None


class UnsaveStep(_Step):
    """A saved Victim comes off her save slots and counts as dead."""

    kind: Literal["unsave"] = "unsave"
    count: Annotated[int, Between(1, 6)] = 1


class LastingStep(_Step):
    kind: Literal["lasting"] = "lasting"
    effect: LastingEffect
    until: Until


class MinorPowerStep(_Step):
    """The card stays in play as a Minor Dark Power with ``health``."""

    kind: Literal["minor-power"] = "minor-power"
    health: Annotated[int, Between(1, 9)]


class DiscardStep(_Step):
    """She discards a held Item (a Crucifix for Grab Your Crucifix)."""

    kind: Literal["discard"] = "discard"
    item: Annotated[TypedName, Length(1, 60)]


class EventStep(_Step):
    """An Event the card has her draw, revealed in the same step (``space`` or ``die``: what
    the Event asks, as ``RevealEvent``)."""

    kind: Literal["event"] = "event"
    name: Annotated[str, Length(1, 60)]
    space: SpaceId | None = None
    die: Annotated[int, Between(1, 6)] | None = None


class NoteStep(_Step):
    """A step the player resolved by hand, as the app said it (History keeps the line)."""

    kind: Literal["note"] = "note"
    text: Annotated[str, Length(1, 300)]


Token = Literal["booby trap", "fireworks"]


class TokenStep(_Step):
    """An Item's token put on a space (``gone``: taken off it): a booby trap in a House (Odds
    and Ends), the Fireworks token (cards, one source)."""

    kind: Literal["token"] = "token"
    token: Token
    space: SpaceId
    gone: bool = False


class AnotherTerrorStep(_Step):
    """The next Terror card is resolved too: this Killer phase draws one more."""

    kind: Literal["another-terror"] = "another-terror"


class RedrawStep(_Step):
    """The card is discarded without effect: the phase's card is still to draw."""

    kind: Literal["redraw"] = "redraw"


CardStep = Annotated[
    CounterStep
    | SleepStep
    | BoilerStep
    | KillerToStep
    | KillStep
    | PanicStep
    | AddVictimsStep
    | RoadblockStep
    | HurtHerStep
    | HurtHimStep
    | UnsaveStep
    | LastingStep
    | MinorPowerStep
    | DiscardStep
    | EventStep
    | NoteStep
    | TokenStep
    | AnotherTerrorStep
    | RedrawStep,
    Tagged("kind"),
]
MAX_STEPS = 40
