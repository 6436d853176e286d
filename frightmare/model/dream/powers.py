"""Dr. Fright's cards: his Dark Power and his Finale, which may be revealed and when, and
what each card the app applies does (rulebook, card notes; docs/rules-notes.md §1 and §4).
Against another Killer they are named by the player and have no effect in the app.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.model.actions.dream import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    RevealDarkPower,
    RevealFinale,
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
from frightmare.model.cards.card_steps import apply_steps
from frightmare.model.cards.consequences import check_steps
from frightmare.model.counters import fright_game
from frightmare.model.errors import refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.sleep import fall_asleep_now

# Pitchfork Assault (rules notes §4): each time he damages her, +1 Horror.
EVERYONE_MUST_DIE_KILLS = 2  # Finale: "Everyone must die": "Kill 2 Victims automatically"


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
