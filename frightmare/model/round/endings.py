"""How the game ends or goes on: her Final Health token and his (Never Really Dead's three, or
his own once his Health is gone, rules notes §11), her Ultimate once every save slot is
filled, and the game ended by hand.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.round import RevealFinalHealth, RevealKillerFinalHealth, UseUltimate
from frightmare.model.counters import end_game, killer_name, killer_shown, killer_token_offered
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.round.phases import ROUND_RULE


def check_final_health_now(state: GameState) -> None:
    """Whether her Final Health token can be turned over now, whatever it shows."""
    if "final-health" not in state.due:
        refuse(
            _("Your Final Health token is turned over only when your Health is gone."),
            rule=_(ROUND_RULE),
        )


def check_reveal_final_health(state: GameState, action: RevealFinalHealth) -> None:
    check_final_health_now(state)


def reveal_final_health(state: GameState, action: RevealFinalHealth) -> GameState:
    c = state.counters
    state = replace(state, due=state.due - {"final-health"})
    if action.value is None:
        state = replace(state, counters=replace(c, final_health="blank"))
        return end_game(state, "loss", _("Your Final Health token is blank: the Final Girl dies."))
    # She fights on; the phase goes on too (nothing in the rules ends it here), so a Boiler
    # Room card still owed this Killer phase stays owed.
    state = replace(state, counters=replace(c, health=action.value, final_health="used"))
    fight_on = _("Final Health {value}: you fight on.").format(value=action.value)
    return say(state, "fight-on", fight_on, action.value)


# Shown with ``_``.
KILLER_TOKEN_RULE = N_("His Final Health token (rules notes §11)")


def check_killer_final_health_now(state: GameState) -> None:
    """Whether his Final Health can be turned over now, whatever it shows: Never Really Dead's
    three tokens when it saves him, or his own token once his Health is gone (rules notes §11:
    the win stands until it is drawn). Once the game is over nothing else lifts the end."""
    if "killer-final-health" in state.due or killer_token_offered(state):
        return
    if state.result is not None:
        raise impossible(_("The game is over: his Final Health token is no longer drawn."))
    refuse(
        _("His Final Health token is drawn only when his Health is gone."),
        rule=_(KILLER_TOKEN_RULE),
    )


def check_reveal_killer_final_health(state: GameState, action: RevealKillerFinalHealth) -> None:
    check_killer_final_health_now(state)


def reveal_killer_final_health(state: GameState, action: RevealKillerFinalHealth) -> GameState:
    c = state.counters
    name = killer_name(state)
    if "killer-final-health" not in state.due and state.result == "win":
        # His own token, drawn after the win (rules notes §11).
        if action.value is None:
            return say(
                replace(state, counters=replace(c, killer_final_health="blank")),
                "killer-token-blank",
                _("His Final Health token is blank: {killer} is beaten.").format(
                    killer=killer_shown(state)
                ),
                name=name,
            )
        state = replace(state, result=None, ended_round=None)
    elif "killer-final-health" not in state.due and action.value is None:
        return state  # recorded anyway before his Health was gone: a blank changes nothing
    state = replace(state, due=state.due - {"killer-final-health"})
    if action.value is None:
        return end_game(
            state, "win", _("{killer} stays dead. You win!").format(killer=killer_shown(state))
        )
    return say(
        replace(state, counters=replace(c, killer_health=action.value, killer_final_health="used")),
        "killer-rises",
        _("{killer} rises again with {health} Health.").format(
            killer=killer_shown(state), health=action.value
        ),
        action.value,
        name=name,
    )


# Shown with ``_``.
ULTIMATE_NOTE = N_("Every save slot is filled: resolve her Ultimate as printed on her card.")


def ultimate_offered(state: GameState) -> bool:
    """Whether to offer her Ultimate now: every save slot filled and not used yet. An offer,
    not a rule: *Use Ultimate* is never refused (rules notes §8)."""
    c = state.counters
    return c.victims_saved >= state.box.save_slots and not c.ultimate_used


def use_ultimate(state: GameState, action: UseUltimate) -> GameState:
    """Her Ultimate is printed on her card (rulebook: "use the printed cards"): the app records
    it and reminds, and refuses nothing (rules notes §8)."""
    c, slots = state.counters, state.box.save_slots
    girl = state.setup.final_girl
    state = replace(state, counters=replace(c, ultimate_used=True))
    state = say(state, "ultimate", _("Resolve her Ultimate as printed on her card."), name=girl)
    if c.ultimate_used:
        state = say(
            state,
            "ultimate-again",
            _("The app had her Ultimate as used already: check her card."),
            name=girl,
        )
    elif c.victims_saved < slots:
        state = say(
            state,
            "save-slots-open",
            ngettext(
                "Reminder: {count} of {slots} save slots are filled; check what her card asks.",
                "Reminder: {count} of {slots} save slots are filled; check what her card asks.",
                slots,
            ).format(count=c.victims_saved, slots=slots),
            c.victims_saved,
            total=slots,
            name=girl,
        )
    return state


def end_game_action(state: GameState, action: EndGame) -> GameState:
    why = (
        _("You win: {killer} is dead.").format(killer=killer_shown(state))
        if action.result == "win"
        else _("The Final Girl dies.")
    )
    return end_game(state, action.result, why)
