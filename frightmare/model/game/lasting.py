"""Effects that hold for a while: a card's lasting part ("until the next Terror phase"), the
Awake block lifted by an effect the player names, a Minor Dark Power in play.

Each is kept in ``state.lasting`` with the card that set it and when it ends; ``expire`` drops
those whose moment has come, as the round moves on (rules notes §9).
"""

from __future__ import annotations

from collections.abc import Iterable

from frightmare.i18n import N_, _
from frightmare.model.box.card_data import CardBook, HeldEffect, LastingEffect, Until
from frightmare.model.box.names import shown
from frightmare.model.values import frozen

# How long an effect lasts and what it does, in the player's words: shown with ``_``.
UNTIL_NAMES: dict[Until, str] = {
    "next-killer-phase": N_("until the next Killer phase (its Terror card)"),
    "after-next-action-phase": N_("until the end of your next Action phase"),
    "card-removed": N_("while the card is in play"),
    "game-end": N_("for the rest of the game"),
}
LASTING_NAMES: dict[LastingEffect, str] = {
    "awake-attacks": N_("you and Dr. Fright may hurt each other while you are Awake"),
    "no-occupied-house": N_("you cannot enter a House that holds a Victim, not even with Convince"),
    "one-die-fewer": N_("1 die fewer on each Horror Roll"),
    "panic-when-she-enters": N_("Victims panic when you enter their space"),
    "asleep-while-in-play": N_("you stay Asleep; the Boiler Room starts again when you finish it"),
    "extra-boiler-card": N_("one extra Boiler Room card at the end of each Killer phase, Asleep"),
}

# What an Item does while she holds it (``CardData.while_held``), and for how long.
HELD_NAMES: dict[HeldEffect, str] = {
    "no-followers": N_("Victims do not follow you"),
    "bloodlust-in-his-space": N_("+1 Bloodlust each time you enter the Killer's space"),
    "move-a-victim": N_(
        "once each Action phase you may move one Victim 1 space; the Enemies then step 1 space "
        "toward you"
    ),
}
WHILE_HELD = N_("while you hold it")


@frozen
class Lasting:
    """An effect in force: what it does, the card that says so, until when, and the round it
    started in."""

    effect: LastingEffect
    card: str
    until: Until
    since_round: int

    def describe(self) -> str:
        # Translators: a lasting effect: the card, what it does, for how long.
        return _("{card}: {effect}, {until}.").format(
            card=shown("card", self.card),
            effect=_(LASTING_NAMES[self.effect]),
            until=_(UNTIL_NAMES[self.until]),
        )


@frozen
class MinorPower:
    """A Minor Dark Power in play, with the Health it has left."""

    card: str
    health: int


def ends_now(lasting: Lasting, round_number: int, phase: str) -> bool:
    """Whether ``lasting`` ends as the game enters ``phase`` of round ``round_number``."""
    if lasting.until == "next-killer-phase":
        return phase == "killer" and round_number > lasting.since_round
    if lasting.until == "after-next-action-phase":
        # The next Action phase is the next round's: it is over when its Planning begins.
        return phase == "planning" and round_number > lasting.since_round
    return False


def held_with(items: Iterable[str], cards: CardBook, effect: HeldEffect) -> str | None:
    """The first of her Items (``items``: their names) whose card does ``effect`` while she
    holds it (the cards file's ``while_held``: the Machete's "Victims do not follow you"),
    or ``None``."""
    for item in items:
        card = cards.find("item", item)
        if card is not None and effect in card.while_held:
            return item
    return None
