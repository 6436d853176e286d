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

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import (
    BoilerRoomEffect,
    Report,
    ResetBoilerRoom,
    SetDeckMode,
    Slide,
)
from frightmare.model.actions.names import card_shown, fright
from frightmare.model.box.cards import FACE_YOUR_FRIGHT, PITCHFORK_ASSAULT
from frightmare.model.cards.card_steps import pitchfork_horror
from frightmare.model.counters import fright_game
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.boiler_room import (
    CARDS,
    DIRECTION_NAMES,
    ORDERS_WITH,
    QUARTER_NAMES,
    Direction,
    Quadrant,
    Reveal,
    describe_part,
    orders_in,
)
from frightmare.model.game.state import Dream, GameState, emit, phase_name, say, shuffled_order
from frightmare.model.sleep import change_pace, fresh_deck

# The rules the Boiler Room's refusals cite, shown with ``_``.
ASLEEP_RULE = N_("When you are Asleep")
BOILER_RULE = N_("The Boiler Room")
# The words of the control that records the damage of his attack on her (the attack panel's
# row, "He hits you:"): the messages that send the player there name it so.
HITS_YOU = N_("He hits you")


def due_rule() -> str:
    """The rule a Boiler Room card due at the end of the Killer phase cites."""
    return _(
        "When you are Asleep: you MUST resolve one Boiler Room card at the end of the Killer Phase"
    )


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


# Shown with ``_``.
AWAKE_NOTE = N_(
    "You are Awake. The deck waits under the Awake side; a Short Rest, a Long Rest or a "
    "card's effect puts you to sleep."
)
DUE_NOW = N_("A card is due now: the Killer phase ends with it.")
DUE_LATER = N_(
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
    note = _(DUE_LATER) if killer_phase_before_card(state) else _(DUE_NOW)
    if extra:
        # Translators: {note} says when the Killer phase's card is due.
        note = ngettext(
            "{note} Then {count} more card: a card's effect adds {count}.",
            "{note} Then {count} more cards: a card's effect adds {count}.",
            extra,
        ).format(note=note, count=extra)
    return note


def extra_card_reminder(extra: int) -> str:
    """The words of the reminder that a game effect's Boiler Room cards are still to come."""
    if extra == 1:
        return _("Due: one more Boiler Room card (a card's effect).")
    return ngettext(
        "Due: {count} more Boiler Room card (a card's effect).",
        "Due: {count} more Boiler Room cards (a card's effect).",
        extra,
    ).format(count=extra)


def check_slide_now(state: GameState, direction: Direction) -> None:
    """Whether the deck can be slid ``direction`` now, whatever the real card then shows."""
    dream = state.dream
    if dream.awake:
        raise impossible(
            _("You are Awake: the Boiler Room deck is only played while you are Asleep."),
            rule=_(BOILER_RULE),
        )
    if not dream.rest_at_once:
        if state.phase not in ("action", "killer"):
            refuse(
                _(
                    "Boiler Room cards are resolved during the Action phase (as many as you "
                    "wish), or one at the end of the Killer phase; this is the {phase} phase."
                ).format(phase=phase_name(state.phase)),
                rule=_(BOILER_RULE),
            )
        if killer_phase_before_card(state):
            refuse(
                _(
                    "The Boiler Room card is due at the END of the Killer phase: record his "
                    "Killer Action and the Terror card first."
                ),
                rule=due_rule(),
            )
        if state.phase == "killer" and dream.killer_card_resolved and not _extra_card(state):
            refuse(
                _(
                    "You have already resolved this Killer phase's Boiler Room card: exactly one "
                    "is resolved (unless a game effect changes this)."
                ),
                rule=_(BOILER_RULE),
            )
    if not dream.stack.visible_after(direction):
        raise impossible(
            _("Sliding {direction} would not show any of the next card.").format(
                direction=_(DIRECTION_NAMES[direction])
            ),
            rule=_(
                "The Boiler Room: you cannot slide it in a direction that would not reveal any "
                "of the card"
            ),
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
                _(
                    "The deck is played on screen: the app deals the cards, so there is nothing "
                    "to report. Switch to the real cards to report what a card showed."
                )
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
        seen = hidden if hidden in part else None
    else:
        seen = action.report if action.report in part else None
    reveal = Reveal(action.direction, part, seen)
    dream = replace(
        dream,
        finished=(),
        reveals=(*dream.reveals, reveal),
        attacks=dream.attacks + (seen is not None),
        # His attack is the phase's to resolve before it ends (round.duties).
        attack_open=dream.attack_open or seen is not None,
        killer_card_resolved=dream.killer_card_resolved or state.phase == "killer",
        extra_cards=dream.extra_cards - extra,
        killer_cards=dream.killer_cards + (state.phase == "killer"),
    )
    part_shown = describe_part(part)
    shown = _("Card {card} shows {part}").format(card=index + 1, part=part_shown)
    if seen is not None:
        state = emit(state, "slide", shown, count=index + 1, name=action.direction)
        state = say(
            state,
            "attack",
            # Translators: {control} is the attack panel's row that records her damage.
            _(
                "Card {card} shows {part}, and {killer} is in it: he attacks! He reaches you from "
                "anywhere in the Boiler Room. Resolve his attack with his current attack value; "
                "you may defend as normal (then record the damage you take: {control})."
            ).format(card=index + 1, part=part_shown, killer=fright(), control=_(HITS_YOU)),
            index + 1,
        )
        horror = pitchfork_horror(state)
        if horror:
            # Pitchfork Assault (rules notes §4): "each time he damages you", the Boiler
            # Room's attack included.
            state = say(
                state,
                "pitchfork-assault",
                _("{card}: if this attack damages you, Horror +{horror}.").format(
                    card=card_shown(PITCHFORK_ASSAULT), horror=horror
                ),
                horror,
                name=PITCHFORK_ASSAULT,
            )
    else:
        nothing = _("Card {card} shows {part}: no {killer}.").format(
            card=index + 1, part=part_shown, killer=fright()
        )
        state = say(state, "slide", nothing, index + 1, name=action.direction)
    if len(dream.reveals) == CARDS:
        state, dream = _all_revealed(state, dream)
    return replace(state, dream=dream)


def _all_revealed(state: GameState, dream: Dream) -> tuple[GameState, Dream]:
    """The fourth card revealed: she wakes up, or the deck starts again while a card (or Face
    Your Fright) keeps her Asleep."""
    keeping = next((x.card for x in state.lasting if x.effect == "asleep-while-in-play"), None)
    if keeping is not None and not dream.asleep_for_good:
        said = _(
            "All four cards are revealed. {card}: the Boiler Room starts again and you stay "
            "Asleep while it is in play."
        ).format(card=card_shown(keeping))
        return say(state, "deck-reset", said, name=keeping), fresh_deck(state, dream, awake=False)
    if dream.asleep_for_good:
        said = _(
            "All four cards are revealed. {card}: the Boiler Room resets and you stay Asleep."
        ).format(card=card_shown(FACE_YOUR_FRIGHT))
        return say(state, "deck-reset", said), fresh_deck(state, dream, awake=False)
    woke = _(
        "All four cards are revealed: you wake up. The deck is shuffled and the Awake side is up "
        "again."
    )
    return say(state, "woke", woke), fresh_deck(state, dream, awake=True)


def _check_report(
    dream: Dream, index: int, part: frozenset[Quadrant], report: Report | None
) -> None:
    """The physical deck's report, refused when it cannot be true."""
    if report is None:
        raise impossible(
            _(
                "Playing with the real cards: say what the card showed ({killer}'s quarter, or "
                "nothing)."
            ).format(killer=fright())
        )
    mask = dream.knowledge
    once = _("{killer} will appear in each of the four quadrants only once").format(killer=fright())
    if report == "nothing":
        for q in part:
            mask &= ~ORDERS_WITH[index][q]
        if not mask:
            refuse(
                _(
                    "{killer} must show here: the cards seen so far leave him only {part} of card "
                    "{card}. Check the cards."
                ).format(killer=fright(), part=describe_part(part), card=index + 1),
                rule=once,
            )
        return
    quarter = _(QUARTER_NAMES[report])
    if report not in part:
        raise impossible(
            _(
                "{killer} cannot show in {quarter}: this slide shows only {part} of card {card}."
            ).format(killer=fright(), quarter=quarter, part=describe_part(part), card=index + 1)
        )
    earlier = next((n for n, r in enumerate(dream.reveals, start=1) if r.fright == report), None)
    if earlier is not None:
        refuse(
            _(
                "{killer} already appeared in {quarter}, on card {card}: he appears in each "
                "quadrant only once. Check the cards."
            ).format(killer=fright(), quarter=quarter, card=earlier),
            rule=once,
        )
    if not mask & ORDERS_WITH[index][report]:
        refuse(
            _(
                "{killer} cannot be in {quarter} of card {card}: an earlier card already showed "
                "that quarter empty where he must be. Check the cards."
            ).format(killer=fright(), quarter=quarter, card=index + 1),
            rule=once,
        )


def check_slide_report(state: GameState, direction: Direction, report: Report) -> None:
    """Whether the real card can have shown ``report`` after a slide ``direction``."""
    stack = state.dream.stack
    _check_report(state.dream, stack.revealed, stack.visible_after(direction), report)


def check_reset_boiler_room(state: GameState, action: ResetBoilerRoom) -> None:
    """A reset can come at any moment of a dream (Bloodlust at its maximum, Face Your Fright,
    another card's effect). Bloodlust's is due from its top row (rules notes §4), but that row
    is one source's reading of his board: a reset for Bloodlust below it is never refused,
    only reminded (``reset_boiler_room`` says what the counter showed)."""
    if state.dream.awake:
        raise impossible(
            _(
                "You are Awake: there is no Boiler Room to reset. (At Bloodlust's maximum you "
                "fall Asleep instead.)"
            ),
            rule=_("rules notes §4: Bloodlust at its maximum"),
        )


def reset_boiler_room(state: GameState, action: ResetBoilerRoom) -> GameState:
    dream = fresh_deck(state, state.dream, awake=False)
    state = say(
        replace(state, dream=dream),
        "deck-reset",
        _("The Boiler Room deck is shuffled and starts again; you are still Asleep."),
    )
    c, box = state.counters, state.box
    if action.cause == "bloodlust" and c.bloodlust < box.bloodlust_max:
        # Below the top row of the app's track (one source): the line reminds what the counter
        # showed, so History stays true; the table's word stands.
        state = say(
            state,
            "deck-reset",
            _("Reset for Bloodlust at {bloodlust} of {most}, as your table played it.").format(
                bloodlust=c.bloodlust, most=box.bloodlust_max
            ),
            c.bloodlust,
            total=box.bloodlust_max,
        )
    return state


def check_boiler_effect_now(state: GameState) -> None:
    """Whether a card may change the Boiler Room's pace now, whichever effect it has."""
    if state.dream.awake:
        raise impossible(
            _("You are Awake: the Boiler Room deck is only played while you are Asleep.")
        )


def check_boiler_room_effect(state: GameState, action: BoilerRoomEffect) -> None:
    check_boiler_effect_now(state)


def boiler_room_effect(state: GameState, action: BoilerRoomEffect) -> GameState:
    """The card the player names changes the Boiler Room's pace (``sleep.change_pace``)."""
    return change_pace(state, action.effect, action.card)


def check_set_deck_mode(state: GameState, action: SetDeckMode) -> None:
    if state.dream.mode == action.mode:
        raise impossible(_("The Boiler Room deck is already played that way."))


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
