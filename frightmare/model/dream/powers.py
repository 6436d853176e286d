"""Dr. Fright's cards: his Dark Power and his Finale, which may be revealed and when, and
what each card the app applies does (rulebook, card notes; docs/rules-notes.md §1 and §4).
Against another Killer they are named by the player and have no effect in the app.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    RevealDarkPower,
    RevealFinale,
)
from frightmare.model.actions.names import card_shown
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
            _("The Dark Power is already revealed: {card}.").format(
                card=card_shown(state.dark_power)
            ),
            rule=_("One Dark Power a game (rules notes §1)"),
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
        shock = card_shown(EPIC_DARK_POWER)
        refuse(
            _("{card} is the Epic Dark Power: this game was set up without it.").format(card=shock),
            rule=_("Epic Dark Power: {card}").format(card=shock),
        )


def reveal_dark_power(state: GameState, action: RevealDarkPower) -> GameState:
    name, card = _dark_power(state, action.name)
    if card is None:
        # Any card, by name: tracked as out; the player resolves it as printed.
        state = replace(state, dark_power=name)
        as_printed = _("Dark Power {card}: resolve it as printed.").format(card=card_shown(name))
        return say(state, "dark-power", as_printed, name=name)
    log = _(DARK_POWER_EFFECTS[card])
    return say(replace(state, dark_power=card), "dark-power", log, name=card)


# What each Dark Power the app applies does, in the player's words (shown with ``_``).
DARK_POWER_EFFECTS: dict[DarkPowerName | EpicDarkPowerName, str] = {
    INEVITABLE: N_("Dr. Fright may now attack you even while you are Awake."),
    PITCHFORK_ASSAULT: N_("Each time he damages you, raise the Horror by 1."),
    NEVER_REALLY_DEAD: N_(
        "When he dies, he comes back once, with the total of 3 Final Health tokens."
    ),
    EPIC_DARK_POWER: N_("A Victim that would panic is killed instead (at most 3 a round)."),
}


def check_finale_now(state: GameState) -> None:
    """Whether a Finale can be revealed now, whichever it is."""
    if state.finale is not None:
        refuse(
            _("The Finale is already revealed: {card}.").format(card=card_shown(state.finale)),
            rule=_("One Finale a game (rules notes §1)"),
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
            state,
            "dark-power-due",
            _("No Dark Power is out yet: reveal it now too, with the Finale."),
        )
    state = _finale_effect(state, name)
    if action.steps:
        state = apply_steps(state, action.steps, state.cards.name_of(name))
    return state


def _finale_effect(state: GameState, name: AnyFinale) -> GameState:
    shown = card_shown(name)
    as_printed = _("Finale {card}: resolve it as printed.").format(card=shown)
    if not fright_game(state) or name not in FINALES:
        return say(state, "finale", as_printed, name=name)
    if name == FACE_YOUR_FRIGHT:
        dream = replace(state.dream, asleep_for_good=True)
        state = replace(state, dream=dream)
        if dream.awake:
            return fall_asleep_now(
                state,
                _("{card}: you fall Asleep, and stay Asleep for the rest of the game.").format(
                    card=shown
                ),
            )
        state = say(
            state,
            "asleep-for-good",
            _(
                "{card}: you stay Asleep for the rest of the game; the Boiler Room resets each "
                "time you finish it."
            ).format(card=shown),
            name=name,
        )
        # Revealed while she is Asleep already: one source resets the Boiler Room now too
        # (rules notes §9, one source: reminded, the player resets the deck if the card does).
        return say(
            state,
            "lasting-effect",
            _(
                "Reminder: one source adds that, as you were Asleep already, the Boiler Room "
                "resets now: reset it when your card says so."
            ),
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
            # The English keeps "Victims ... die" whatever the card's value.
            ngettext(
                "Its Killer Action: {count} Victims of your choice die; if none remain, you lose "
                "what its icon shows (one source: {health} Health; the card's value, in "
                "cards.json).",
                "Its Killer Action: {count} Victims of your choice die; if none remain, you lose "
                "what its icon shows (one source: {health} Health; the card's value, in "
                "cards.json).",
                kills,
            ).format(count=kills, health=lose),
            kills,
            name=name,
        )
        return say(
            replace(state, table=replace(state.table, killer=None)),
            "killer-leaves-board",
            _(
                "Dr. Fright leaves the board for this card: from now on, while you are Asleep, "
                "you may attack him from any space."
            ),
            name=name,
        )
    if name == TIME_TO_DIE:
        return say(
            state,
            "finale",
            _(
                "{card}: his Killer Action targets you. If you are Awake at Upkeep, you lose 2 "
                "Health and fall Asleep."
            ).format(card=shown),
            name=name,
        )
    # A Finale added to the list with no effect here yet: the player resolves it as printed.
    return say(state, "finale", as_printed, name=name)
