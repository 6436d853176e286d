"""The Boiler Room deck's rules: when her card is due in the Killer phase (and the extra ones
a card's effect adds), sliding the deck and what a real card may show, the deck reset, a
card changing its pace, and playing it on screen or with the real cards.

Every rule quotes the rulebook ("The Boiler Room", "When you are Asleep") or cites
docs/rules-notes.md §4.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import assert_never

from frightmare.model.actions.dream import (
    BoilerRoomEffect,
    Report,
    ResetBoilerRoom,
    SetDeckMode,
    Slide,
)
from frightmare.model.box.cards import PITCHFORK_ASSAULT
from frightmare.model.cards.card_steps import pitchfork_horror
from frightmare.model.counters import fright_game
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.boiler_room import (
    CARDS,
    ORDERS_WITH,
    Direction,
    Quadrant,
    Reveal,
    describe_part,
    orders_in,
)
from frightmare.model.game.state import PHASE_NAMES, Dream, GameState, emit, say, shuffled_order
from frightmare.model.sleep import change_pace, fresh_deck
from frightmare.model.wording import counted

ASLEEP_RULE = "When you are Asleep"
BOILER_RULE = "The Boiler Room"

DUE_RULE = f"{ASLEEP_RULE}: you MUST resolve one Boiler Room card at the end of the Killer Phase"
# The words of the control that records the damage of his attack on her (the attack panel's
# row, "He hits you:"): the messages that send the player there name it so.
HITS_YOU = "He hits you"


def boiler_card_due(state: GameState) -> bool:
    """She is Asleep in the Killer phase and has not yet resolved its Boiler Room card."""
    return (
        fright_game(state)
        and state.asleep
        and state.phase == "killer"
        and not state.dream.killer_card_resolved
    )


def extra_cards_owed(state: GameState) -> int:
    """The Boiler Room cards a game effect added to this Killer phase ("unless a game effect
    changes this") still to resolve once its own card is: a reminder, never a refusal, since
    the cards that add one are known from one unofficial source (rules notes §9)."""
    if not (fright_game(state) and state.asleep and state.phase == "killer"):
        return 0
    dream = state.dream
    return 0 if dream.rest_at_once else dream.extra_cards


def killer_cards_total(state: GameState) -> int:
    """How many Boiler Room cards this Killer phase resolves in all: its own (unless an effect
    skipped it), the ones an effect added, and those already resolved."""
    dream = state.dream
    return dream.killer_cards + (not dream.killer_card_resolved) + extra_cards_owed(state)


def killer_phase_before_card(state: GameState) -> bool:
    """The Killer phase's own steps still to come before her Boiler Room card: his Killer
    Action, then the Terror card (none after the Finale or with the deck empty)."""
    terror_owed = (
        state.finale is None and state.counters.terror_left > 0 and not state.terror_this_round
    )
    return state.phase == "killer" and (not state.killer_action_done or terror_owed)


AWAKE_NOTE = (
    "You are Awake. The deck waits under the Awake side; a Short Rest, a Long Rest or a "
    "card's effect puts you to sleep."
)
DUE_NOW = "A card is due now: the Killer phase ends with it."
DUE_LATER = (
    "A card is due at the end of this Killer phase, after his Killer Action and the Terror card."
)


def boiler_card_note(state: GameState) -> str:
    """When the Killer phase's Boiler Room card is due, in the player's words ("" when none is).

    "When you are Asleep": "you MUST resolve one Boiler Room card at the end of the Killer
    Phase", after his Killer Action and the Terror card; a game effect may add more.
    """
    extra = extra_cards_owed(state)
    if not boiler_card_due(state):
        return extra_card_reminder(extra) if extra else ""
    note = DUE_LATER if killer_phase_before_card(state) else DUE_NOW
    if extra:
        note += f" Then {counted(extra, 'more card')}: a card's effect adds {extra}."
    return note


def extra_card_reminder(extra: int) -> str:
    """The words of the reminder that a game effect's Boiler Room cards are still to come."""
    more = "one more Boiler Room card" if extra == 1 else f"{extra} more Boiler Room cards"
    return f"Due: {more} (a card's effect)."


def check_slide_now(state: GameState, direction: Direction) -> None:
    """Whether the deck can be slid ``direction`` now, whatever the real card then shows."""
    dream = state.dream
    if dream.awake:
        raise impossible(
            "You are Awake: the Boiler Room deck is only played while you are Asleep.",
            rule=BOILER_RULE,
        )
    if not dream.rest_at_once:
        if state.phase not in ("action", "killer"):
            refuse(
                "Boiler Room cards are resolved during the Action phase (as many as you wish), "
                f"or one at the end of the Killer phase; this is the {PHASE_NAMES[state.phase]} "
                "phase.",
                rule=BOILER_RULE,
            )
        if killer_phase_before_card(state):
            refuse(
                "The Boiler Room card is due at the END of the Killer phase: record his Killer "
                "Action and the Terror card first.",
                rule=DUE_RULE,
            )
        if state.phase == "killer" and dream.killer_card_resolved and not _extra_card(state):
            refuse(
                "You have already resolved this Killer phase's Boiler Room card: exactly one "
                "is resolved (unless a game effect changes this).",
                rule=BOILER_RULE,
            )
    if not dream.stack.visible_after(direction):
        raise impossible(
            f"Sliding {direction} would not show any of the next card.",
            rule=f"{BOILER_RULE}: you cannot slide it in a direction that would not reveal any "
            "of the card",
        )


def _extra_card(state: GameState) -> bool:
    """This slide is one of the extra Boiler Room cards a game effect allows this Killer
    phase (its own card is resolved already)."""
    dream = state.dream
    return (
        not dream.rest_at_once
        and state.phase == "killer"
        and dream.killer_card_resolved
        and dream.extra_cards > 0
    )


def check_slide(state: GameState, action: Slide) -> None:
    check_slide_now(state, action.direction)
    dream = state.dream
    if dream.mode == "screen":
        if action.report is not None:
            raise impossible(
                "The deck is played on screen: the app deals the cards, so there is nothing to "
                "report. Switch to the real cards to report what a card showed."
            )
    else:
        stack = dream.stack
        _check_report(dream, stack.revealed, stack.visible_after(action.direction), action.report)


def slide(state: GameState, action: Slide) -> GameState:
    dream = state.dream
    extra = _extra_card(state)
    stack = dream.stack
    index = stack.revealed
    part = stack.visible_after(action.direction)
    if dream.mode == "screen":
        assert dream.order is not None
        hidden = dream.order[index]
        fright = hidden if hidden in part else None
    else:
        fright = action.report if action.report in part else None
    reveal = Reveal(action.direction, part, fright)
    dream = replace(
        dream,
        finished=(),
        reveals=(*dream.reveals, reveal),
        attacks=dream.attacks + (fright is not None),
        killer_card_resolved=dream.killer_card_resolved or state.phase == "killer",
        extra_cards=dream.extra_cards - extra,
        killer_cards=dream.killer_cards + (state.phase == "killer"),
    )
    shown = f"Card {index + 1} shows {describe_part(part)}"
    if fright is not None:
        state = emit(state, "slide", shown, count=index + 1, name=action.direction)
        state = say(
            state,
            "attack",
            f"{shown}, and Dr. Fright is in it: he attacks! He reaches you from anywhere in the "
            "Boiler Room. Resolve his attack with his current attack value; you may defend as "
            f"normal (then record the damage you take: {HITS_YOU}).",
            index + 1,
        )
        horror = pitchfork_horror(state)
        if horror:
            # Pitchfork Assault (rules notes §4): "each time he damages you", the Boiler
            # Room's attack included.
            state = say(
                state,
                "pitchfork-assault",
                f"Pitchfork Assault: if this attack damages you, Horror +{horror}.",
                horror,
                name=PITCHFORK_ASSAULT,
            )
    else:
        state = say(state, "slide", f"{shown}: no Dr. Fright.", index + 1, name=action.direction)
    if len(dream.reveals) == CARDS:
        keeping = next((x.card for x in state.lasting if x.effect == "asleep-while-in-play"), None)
        if keeping is not None and not dream.asleep_for_good:
            dream = fresh_deck(state, dream, awake=False)
            state = say(
                state,
                "deck-reset",
                f"All four cards are revealed. {keeping}: the Boiler Room starts again and you "
                "stay Asleep while it is in play.",
                name=keeping,
            )
        elif dream.asleep_for_good:
            dream = fresh_deck(state, dream, awake=False)
            state = say(
                state,
                "deck-reset",
                "All four cards are revealed. Face Your Fright: the Boiler Room resets and you "
                "stay Asleep.",
            )
        else:
            dream = fresh_deck(state, dream, awake=True)
            state = say(
                state,
                "woke",
                "All four cards are revealed: you wake up. The deck is shuffled and the Awake "
                "side is up again.",
            )
    return replace(state, dream=dream)


def _check_report(
    dream: Dream, index: int, part: frozenset[Quadrant], report: Report | None
) -> None:
    """The physical deck's report, refused when it cannot be true."""
    if report is None:
        raise impossible(
            "Playing with the real cards: say what the card showed (Dr. Fright's quarter, or "
            "nothing)."
        )
    mask = dream.knowledge
    if report == "nothing":
        for q in part:
            mask &= ~ORDERS_WITH[index][q]
        if not mask:
            refuse(
                f"Dr. Fright must show here: the cards seen so far leave him only "
                f"{describe_part(part)} of card {index + 1}. Check the cards.",
                rule="Dr. Fright will appear in each of the four quadrants only once",
            )
        return
    if report not in part:
        raise impossible(
            f"Dr. Fright cannot show in the {report} quarter: this slide shows only "
            f"{describe_part(part)} of card {index + 1}."
        )
    earlier = next((n for n, r in enumerate(dream.reveals, start=1) if r.fright == report), None)
    if earlier is not None:
        refuse(
            f"Dr. Fright already appeared in the {report} quarter, on card {earlier}: he "
            "appears in each quadrant only once. Check the cards.",
            rule="Dr. Fright will appear in each of the four quadrants only once",
        )
    if not mask & ORDERS_WITH[index][report]:
        refuse(
            f"Dr. Fright cannot be in the {report} quarter of card {index + 1}: an earlier "
            "card already showed that quarter empty where he must be. Check the cards.",
            rule="Dr. Fright will appear in each of the four quadrants only once",
        )


def check_slide_report(state: GameState, direction: Direction, report: Report) -> None:
    """Whether the real card can have shown ``report`` after a slide ``direction``."""
    stack = state.dream.stack
    _check_report(state.dream, stack.revealed, stack.visible_after(direction), report)


BLOODLUST_RESET_RULE = "rules notes §4"


def check_reset_boiler_room(state: GameState, action: ResetBoilerRoom) -> None:
    """A reset can come at any moment of a dream (Bloodlust at its maximum, Face Your Fright,
    another card's effect). Bloodlust's is due only from its top row (rules notes §4): a
    reset for Bloodlust below it is refused (recordable anyway); the top row is the game's
    box value, correctable in Box values."""
    if state.dream.awake:
        raise impossible(
            "You are Awake: there is no Boiler Room to reset. (At Bloodlust's maximum you fall "
            "Asleep instead.)",
            rule="rules notes §4: Bloodlust at its maximum",
        )
    c, box = state.counters, state.box
    if action.cause == "bloodlust" and c.bloodlust < box.bloodlust_max:
        refuse(
            f"Bloodlust is {c.bloodlust} of {box.bloodlust_max}, not at its maximum: it resets "
            "the deck only by rising while at the top.",
            rule=BLOODLUST_RESET_RULE,
        )


def reset_boiler_room(state: GameState, action: ResetBoilerRoom) -> GameState:
    dream = fresh_deck(state, state.dream, awake=False)
    state = say(
        replace(state, dream=dream),
        "deck-reset",
        "The Boiler Room deck is shuffled and starts again; you are still Asleep.",
    )
    c, box = state.counters, state.box
    if action.cause == "bloodlust" and c.bloodlust < box.bloodlust_max:
        # Recorded anyway: the line says what the counter showed, so History stays true.
        state = say(
            state,
            "deck-reset",
            f"Reset for Bloodlust at {c.bloodlust} of {box.bloodlust_max}, as your table "
            "played it.",
            c.bloodlust,
            total=box.bloodlust_max,
        )
    return state


def check_boiler_effect_now(state: GameState) -> None:
    """Whether a card may change the Boiler Room's pace now, whichever effect it has."""
    if state.dream.awake:
        raise impossible("You are Awake: the Boiler Room deck is only played while you are Asleep.")


def check_boiler_room_effect(state: GameState, action: BoilerRoomEffect) -> None:
    check_boiler_effect_now(state)


def boiler_room_effect(state: GameState, action: BoilerRoomEffect) -> GameState:
    """The card the player names changes the Boiler Room's pace (``sleep.change_pace``)."""
    return change_pace(state, action.effect, action.card)


def check_set_deck_mode(state: GameState, action: SetDeckMode) -> None:
    if state.dream.mode == action.mode:
        raise impossible("The Boiler Room deck is already played that way.")


def set_deck_mode(state: GameState, action: SetDeckMode) -> GameState:
    dream = state.dream
    if action.mode == "physical":
        return replace(state, dream=replace(dream, mode="physical", order=None))
    if action.mode != "screen":
        assert_never(action.mode)  # a new DeckMode needs its branch here
    # On screen again: deal an order that agrees with everything the real cards showed.
    choices = list(orders_in(dream.knowledge))
    rng = random.Random(f"{state.seed}:deck-switch:{dream.shuffles}:{len(dream.reveals)}")
    order = rng.choice(choices) if choices else shuffled_order(state.seed, dream.shuffles)
    return replace(state, dream=replace(dream, mode="screen", order=order))
