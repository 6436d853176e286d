"""Falling Asleep and shuffling the Boiler Room deck: shared by every rule that does either."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model.game.state import Dream, GameState, say, shuffled_order


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
            "Resolve one Boiler Room card at the end of this Killer phase.",
        )
    return state
