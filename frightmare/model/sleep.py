"""Falling Asleep, shuffling the Boiler Room deck and a card changing its pace: shared by every
rule that does one of them (Dr. Fright's, the cards', the round's)."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from frightmare.i18n import _
from frightmare.model.actions.dream import BoilerEffect
from frightmare.model.actions.names import card_shown
from frightmare.model.game.state import Dream, EventKind, GameState, say, shuffled_order


def fresh_deck(state: GameState, dream: Dream, *, awake: bool) -> Dream:
    """The deck shuffled anew, the Awake/Asleep card back on top (rulebook, The Boiler Room:
    "immediately shuffle them facedown and place the Asleep/Awake card on top")."""
    shuffles = dream.shuffles + 1
    return replace(
        dream,
        awake=awake,
        reveals=(),
        finished=dream.reveals,
        shuffles=shuffles,
        order=shuffled_order(state.seed, shuffles) if dream.mode == "screen" else None,
        attacks=0,
        rest_at_once=False,
    )


def fall_asleep_now(state: GameState, first: str) -> GameState:
    dream = replace(
        state.dream, awake=False, reveals=(), attacks=0, finished=(), rest_at_once=False
    )
    # What Asleep means (attacks both ways, no following or saving, a card each Killer phase)
    # is in the rules the banner lists; the news says only what is new.
    state = say(replace(state, dream=dream), "fell-asleep", first)
    if state.phase == "killer" and not dream.killer_card_resolved:
        state = say(
            state,
            "boiler-card-due",
            _("Resolve one Boiler Room card at the end of this Killer phase."),
        )
    return state


def change_pace(state: GameState, effect: BoilerEffect, card: str) -> GameState:
    """The Boiler Room: "exactly one BR card (unless a game effect changes this)". The player
    names the card; the app records what it changes, which holds until the Killer phase's card
    is settled (an effect recorded in the Action phase counts for the coming Killer phase)."""
    dream = state.dream
    this = state.phase == "killer"
    kind: EventKind
    if effect == "extra card":
        dream = replace(dream, extra_cards=dream.extra_cards + 1)
        kind = "extra-boiler-card"
        text = (
            _("Resolve one more Boiler Room card this Killer phase.")
            if this
            else _("Resolve one more Boiler Room card the coming Killer phase.")
        )
    elif effect == "skip card":
        dream = replace(dream, killer_card_resolved=True)
        kind = "no-boiler-card"
        text = (
            _("No Boiler Room card is due this Killer phase.")
            if this
            else _("No Boiler Room card is due the coming Killer phase.")
        )
    elif effect == "resolve the rest":
        dream = replace(dream, rest_at_once=True)
        kind = "rest-of-deck"
        text = _("Resolve the rest of the Boiler Room deck now, one slide after another.")
    else:
        assert_never(effect)  # a new BoilerEffect needs its branch here
    # Translators: a card the player names, and what it does.
    said = _("{card}: {effect}").format(card=card_shown(card), effect=text)
    return say(replace(state, dream=dream), kind, said, name=card)
