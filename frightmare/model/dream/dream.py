"""Dr. Fright's rules: Awake and Asleep, the Boiler Room deck, his cards, the phases.

Every rule quotes the rulebook ("Awake and Asleep", "When you are Awake", "When you are
Asleep", "The Boiler Room", card notes) or cites docs/rules-notes.md §4. Dr. Fright's own rules
apply only when he is the game's Killer; against another Killer the Dark Power and the Finale
are named by the player and have no effect in the app.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import assert_never

from frightmare.model.actions.dream import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    AttackDrFright,
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    Report,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SetDeckMode,
    SleepCause,
    Slide,
    VictimsPanic,
)
from frightmare.model.box.cards import (
    EVERYONE_MUST_DIE,
    FACE_YOUR_FRIGHT,
    INEVITABLE,
    NEVER_REALLY_DEAD,
    PITCHFORK_ASSAULT,
    TIME_TO_DIE,
    AnyDarkPower,
    AnyFinale,
    DarkPowerName,
    EpicDarkPowerName,
    FinaleName,
    card_name,
    known_card,
)
from frightmare.model.cards.card_steps import apply_steps, hurt_her, hurt_him, pitchfork_horror
from frightmare.model.cards.consequences import check_steps
from frightmare.model.counters import (
    SHOCK_LIMIT,
    fright_game,
    killer_name,
    shock_factor,
    shock_factor_location,
    shock_factor_on,
)
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
from frightmare.model.game.state import (
    PHASE_NAMES,
    Dream,
    GameState,
    emit,
    say,
    shuffled_order,
)
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.sleep import change_pace, fall_asleep_now, fresh_deck
from frightmare.model.wording import counted

AWAKE_RULE = "When you are Awake"
ASLEEP_RULE = "When you are Asleep"
BOILER_RULE = "The Boiler Room"
# Pitchfork Assault (rules notes §4): each time he damages her, +1 Horror.
EVERYONE_MUST_DIE_KILLS = 2  # Finale: "Everyone must die": "Kill 2 Victims automatically"
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


REST_REMINDER = (
    "Regardless of the result, apply the card's normal effects (rulebook, Awake and Asleep)."
)
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


def fall_asleep_note(cause: SleepCause) -> str:
    """What falling Asleep by ``cause`` means at the table ("Awake and Asleep": "resolving a
    Short Rest or Long Rest Action card. Regardless of the result, apply the normal effects and
    you fall Asleep")."""
    if cause == "effect":
        return "A card says you fall Asleep: you enter the Boiler Room."
    return f"Resolve a {cause.title()} and you fall Asleep. {REST_REMINDER}"


def check_fall_asleep(state: GameState, action: FallAsleep) -> None:
    if state.asleep:
        raise impossible("You are already Asleep, in the Boiler Room.", rule="Awake and Asleep")
    if action.cause != "effect" and state.phase != "action":
        refuse(
            f"A {action.cause.title()} is an Action card: it is resolved in the Action phase, "
            f"and this is the {PHASE_NAMES[state.phase]} phase.",
            rule="Awake and Asleep",
        )


def fall_asleep(state: GameState, action: FallAsleep) -> GameState:
    if action.cause == "effect":
        return fall_asleep_now(state, "You fall Asleep and enter the Boiler Room.")
    # "resolving a Short Rest or Long Rest Action card. Regardless of the result, apply the
    # normal effects and you fall Asleep."
    return fall_asleep_now(
        state, f"{action.cause.title()}: {REST_REMINDER} You fall Asleep and enter the Boiler Room."
    )


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


def dark_power_choices(state: GameState) -> tuple[DarkPowerName | EpicDarkPowerName, ...]:
    """The Dark Powers this game can reveal, for a list to pick from (any other name may be
    typed): Dr. Fright's, with Shock Factor only in an Epic game; none known for another
    Killer."""
    if not fright_game(state):
        return ()
    return (*DARK_POWERS, EPIC_DARK_POWER) if state.setup.epic else DARK_POWERS


def finale_choices(state: GameState) -> tuple[FinaleName, ...]:
    """The Finales to pick from (any other name may be typed)."""
    return FINALES if fright_game(state) else ()


def check_dark_power_now(state: GameState) -> None:
    """Whether a Dark Power can be revealed now, whichever it is."""
    if state.dark_power is not None:
        refuse(
            f"The Dark Power is already revealed: {state.dark_power}.",
            rule="One Dark Power a game (rules notes §1)",
        )


def _dark_power(
    state: GameState, typed: str
) -> tuple[AnyDarkPower, DarkPowerName | EpicDarkPowerName | None]:
    """The Dark Power named ``typed``, and the card the app knows by that name (if any)."""
    # Against another Killer no Dark Power is known: any name is his card, as printed.
    known: tuple[DarkPowerName | EpicDarkPowerName, ...] = (
        (*DARK_POWERS, EPIC_DARK_POWER) if fright_game(state) else ()
    )
    name: AnyDarkPower = card_name(typed, known, state.cards)
    return name, known_card(name, known)


def check_reveal_dark_power(state: GameState, action: RevealDarkPower) -> None:
    check_dark_power_now(state)
    _name, card = _dark_power(state, action.name)
    if card == EPIC_DARK_POWER and not state.setup.epic:
        refuse(
            "Shock Factor is the Epic Dark Power: this game was set up without it.",
            rule="Epic Dark Power: Shock Factor",
        )


def reveal_dark_power(state: GameState, action: RevealDarkPower) -> GameState:
    name, card = _dark_power(state, action.name)
    if card is None:
        # Any card, by name: tracked as out; the player resolves it as printed.
        state = replace(state, dark_power=name)
        return say(state, "dark-power", f"Dark Power {name}: resolve it as printed.", name=name)
    log = DARK_POWER_EFFECTS[card]
    return say(replace(state, dark_power=card), "dark-power", log, name=card)


# What each Dark Power the app applies does, in the player's words.
DARK_POWER_EFFECTS: dict[DarkPowerName | EpicDarkPowerName, str] = {
    INEVITABLE: "Dr. Fright may now attack you even while you are Awake.",
    PITCHFORK_ASSAULT: "Each time he damages you, raise the Horror by 1.",
    NEVER_REALLY_DEAD: "When he dies, he comes back once, with health from his Final "
    "Health tokens.",
    EPIC_DARK_POWER: "A Victim that would panic is killed instead (at most 3 a round).",
}


def check_finale_now(state: GameState) -> None:
    """Whether a Finale can be revealed now, whichever it is."""
    if state.finale is not None:
        refuse(
            f"The Finale is already revealed: {state.finale}.",
            rule="One Finale a game (rules notes §1)",
        )


def check_reveal_finale(state: GameState, action: RevealFinale) -> None:
    check_finale_now(state)
    if action.steps:
        check_steps(state, action.steps, str(action.name))


def reveal_finale(state: GameState, action: RevealFinale) -> GameState:
    name = card_name(action.name, finale_choices(state), state.cards)
    state = replace(state, finale=name, due=state.due - {"finale"})
    if state.dark_power is None:
        # Rules notes §1: the Dark Power is revealed when Bloodlust reaches its row, "or with
        # the Finale".
        state = say(
            state, "dark-power-due", "No Dark Power is out yet: reveal it now too, with the Finale."
        )
    state = _finale_effect(state, name)
    if action.steps:
        state = apply_steps(state, action.steps, state.cards.name_of(name))
    return state


def _finale_effect(state: GameState, name: AnyFinale) -> GameState:
    if not fright_game(state) or name not in FINALES:
        return say(state, "finale", f"Finale {name}: resolve it as printed.", name=name)
    if name == FACE_YOUR_FRIGHT:
        dream = replace(state.dream, asleep_for_good=True)
        state = replace(state, dream=dream)
        if dream.awake:
            return fall_asleep_now(
                state,
                "Face Your Fright: you fall Asleep, and stay Asleep for the rest of the game.",
            )
        return say(
            state,
            "asleep-for-good",
            "Face Your Fright: you stay Asleep for the rest of the game; the Boiler Room "
            "resets each time you finish it.",
            name=name,
        )
    if name == EVERYONE_MUST_DIE:
        # Finale: "Everyone must die": "Kill 2 Victims automatically (you may choose which).
        # If none remain, you lose [icon]" and "remove Dr. Fright from the board". The icon is
        # something she loses, not the game: what it is, the rulebook does not print (one
        # source reads it as 4 Health, the card's editable value), so the game never ends on it.
        card = state.cards.find("finale", EVERYONE_MUST_DIE)
        kills = card.value("kills", EVERYONE_MUST_DIE_KILLS) if card else EVERYONE_MUST_DIE_KILLS
        lose = card.value("lose_health", 4) if card else 4
        state = say(
            state,
            "kill-victims",
            f"Its Killer Action: {kills} Victims of your choice die; if none remain, you lose "
            f"what its icon shows (one source: {lose} Health; the card's value, in cards.json).",
            kills,
            name=name,
        )
        return say(
            replace(state, table=replace(state.table, killer=None)),
            "killer-leaves-board",
            "Dr. Fright leaves the board for this card: from now on, while you are Asleep, "
            "you may attack him from any space.",
            name=name,
        )
    if name == TIME_TO_DIE:
        return say(
            state,
            "finale",
            "Time to Die: his Killer Action targets you. If you are Awake at Upkeep, you lose "
            "2 Health and fall Asleep.",
            name=name,
        )
    # A Finale added to the list with no effect here yet: the player resolves it as printed.
    return say(state, "finale", f"Finale {name}: resolve it as printed.", name=name)


def check_fright_attacks(state: GameState, action: DrFrightAttacks) -> None:
    if action.target == "final girl" and attack_blocked(state, by_her=False):
        refuse(
            "You are Awake: Dr. Fright is not able to attack you. A Killer Action that would "
            "attack you is treated as one that attacks a Victim: he still moves toward you, and "
            "attacks a Victim in the space where he stops.",
            rule=AWAKE_RULE,
        )


def fright_attacks(state: GameState, action: DrFrightAttacks) -> GameState:
    if action.target == "victim":
        return say(state, "killer-attacks-victim", "Resolve his attack on the Victim.")
    if action.damage is not None:
        # The damage she takes after her defence, with what follows: Pitchfork Assault, her
        # Final Health (card_steps.hurt_her).
        state = say(state, "killer-attacks-you", f"{killer_name(state)} attacks you.")
        return hurt_her(state, action.damage)
    state = say(state, "killer-attacks-you", "Resolve his attack; you may defend as normal.")
    if fright_game(state) and state.dark_power == PITCHFORK_ASSAULT:
        state = say(
            state,
            "pitchfork-assault",
            "Pitchfork Assault: if he damages you, raise the Horror by 1.",
            1,
            name=PITCHFORK_ASSAULT,
        )
    return state


def check_attack_fright(state: GameState, action: AttackDrFright) -> None:
    # A Minor Dark Power is not Dr. Fright: whether it may be damaged while she is Awake no
    # source says (rules notes §10), so her attack on one is hers to record.
    if action.on is None and attack_blocked(state, by_her=True):
        refuse(
            "You are Awake: you are not able to attack Dr. Fright. He can only be hurt in the "
            "Boiler Room, while you are Asleep.",
            rule=AWAKE_RULE,
        )
    if action.on is not None and all(p.card != action.on for p in state.minor_powers):
        raise impossible(f"{action.on} is not in play.")


def attack_fright(state: GameState, action: AttackDrFright) -> GameState:
    if action.damage is not None:
        state = _attack_said(state)
        return hurt_him(state, action.damage, action.on)
    if not fright_game(state):
        name = killer_name(state)
        return say(state, "your-attack", f"Resolve your attack on {name}.", name=name)
    return _attack_said(state, resolve=True)


def _attack_said(state: GameState, *, resolve: bool = False) -> GameState:
    """What her attack on him says beside its damage: from any space after Everyone Must Die,
    else a reminder when she is not in his space."""
    if not fright_game(state):
        name = killer_name(state)
        return say(state, "your-attack", f"You attack {name}.", name=name)
    if state.finale == EVERYONE_MUST_DIE:
        return say(
            state,
            "attack-from-any-space",
            "Everyone Must Die: you may attack him from any space.",
            name=state.finale,
        )
    state = say(
        state,
        "your-attack",
        "Resolve your attack; he is hurt only in the Boiler Room."
        if resolve
        else f"You attack {killer_name(state)}.",
        name=killer_name(state),
    )
    table = state.table
    if table.final_girl is not None and table.killer not in (None, table.final_girl):
        # No rulebook sentence makes this a refusal (an item may reach further): a reminder,
        # with her space and his.
        state = say(
            state,
            "attack-reach",
            "Reminder: you are not in his space; check that your attack reaches him.",
            spaces=(table.final_girl, table.killer),
        )
    return state


def check_victims_panic(state: GameState, action: VictimsPanic) -> None:
    if action.moves:
        check_steps(state, action.moves, "Panic")
        return
    if not shock_factor_on(state):
        return
    if state.location is not None:
        if action.count > state.location.victims:
            raise impossible(
                f"Only {counted(state.location.victims, 'Victim')} on the board: correct the "
                "number of Victims on the board first if the table shows more."
            )
        return
    space = action.space or state.table.killer
    if space is None or space not in state.board.spaces:
        raise impossible("Choose the space whose Victims panic.")


def victims_panic(state: GameState, action: VictimsPanic) -> GameState:
    """Victims about to panic in ``action.space`` (Dr. Fright's space by default). Epic Dark
    Power: Shock Factor kills them instead, through the same rule as the board's panic move;
    at another Location they come off its table's count of Victims. With ``moves``, each
    panicking Victim goes where the player sent it, in the same step (Shock Factor applies
    to each move, card_steps)."""
    if state.phase == "panic" and (action.moves or state.location is not None):
        # The Panic phase's own panic, its Victims moved (or off the board the app draws): its
        # checklist item is done (rules notes §1). A count alone on Maple Lane ("would
        # panic") waits for the moves; an emptied space ticks it then.
        state = replace(state, panic_recorded=True)
    if action.moves:
        state = apply_steps(state, action.moves, "Panic")
        return _shock_limit_said(state, 0)
    if not shock_factor_on(state):
        where = action.space or state.table.killer
        return say(
            state,
            "victims-panic",
            f"Move the {counted(action.count, 'panicking Victim')}.",
            action.count,
            spaces=(where,) if where else (),
        )
    if state.location is not None:
        state, left = shock_factor_location(state, action.count)
    else:
        space = action.space or state.table.killer
        assert space is not None  # check_victims_panic
        left = action.count  # those still to panic
        for who in state.table.kinds_at(space):
            take = min(left, state.table.count_of(space, who))
            state, rest = shock_factor(state, space, who, take)
            left -= take - rest
            if rest or not left:
                break
    return _shock_limit_said(state, left)


def _shock_limit_said(state: GameState, left: int) -> GameState:
    if state.shock_kills_this_round >= SHOCK_LIMIT and left:
        state = say(
            state,
            "shock-factor-limit",
            f"Shock Factor has killed {SHOCK_LIMIT} this round: the others panic as normal.",
            left,
            total=SHOCK_LIMIT,
        )
    return state


def rules_in_force(state: GameState) -> tuple[str, ...]:
    """What Awake or Asleep means right now, in short lines for the banner."""
    lines: list[str] = []
    if not fright_game(state):
        lines.append(f"{killer_name(state)}: no move icon, no move.")
    elif state.dream.awake:
        if state.dark_power == INEVITABLE:
            lines.append(
                "The Frightmare is Inevitable: he may attack you even though you are Awake."
            )
        else:
            lines.append("Dr. Fright cannot attack you; his attacks on you hit a Victim instead.")
        lines.append("You cannot attack him.")
        lines.append("Move, search and save Victims as normal.")
    else:
        lines.append("Dr. Fright may attack you, and you may attack him.")
        if state.finale == EVERYONE_MUST_DIE:
            lines.append("Everyone Must Die: attack him from any space.")
        lines.append("Victims do not follow you and cannot be saved.")
        if boiler_card_due(state):
            lines.append("A Boiler Room card is due now, at the end of the Killer phase.")
        elif extra_cards_owed(state):
            lines.append(extra_card_reminder(extra_cards_owed(state)))
        else:
            lines.append("One Boiler Room card is due at the end of each Killer phase.")
        if state.dream.asleep_for_good:
            lines.append("Face Your Fright: you stay Asleep for the rest of the game.")
    if shock_factor_on(state):
        left = SHOCK_LIMIT - state.shock_kills_this_round
        lines.append(f"Shock Factor: panicking Victims die instead ({left} more this round).")
    return tuple(lines)
