"""What the current phase asks of the player, as a checklist (each item with whether it is
done, as far as the app can tell), and the reminders of the mistakes players most often make,
where they happen.
"""

from __future__ import annotations

from frightmare.i18n import _, ngettext
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.box.cards import BOYFRIEND, MAPLE_LANE
from frightmare.model.counters import board_row, fright_game, killer_shown
from frightmare.model.dream.deck import (
    boiler_card_due,
    extra_card_reminder,
    extra_cards_owed,
    killer_cards_total,
)
from frightmare.model.game.state import GameState
from frightmare.model.round.phases import DUE_MESSAGES


def checklist(state: GameState) -> tuple[tuple[str, bool], ...]:
    """What happens in the current phase, each with whether it is done (as far as the app
    can tell). What the phase still owes (``duties``) is said where it happens and by Next
    phase's note and refusal: a line here would come and go, and move the controls under it
    (issue 31: controls stay where the hand learnt them)."""
    phase = state.phase
    if phase == "action":
        items = []
        if state.round == 1 and state.setup.location == MAPLE_LANE:
            # Rulebook, Special Setup, Maple Lane 2: "Include both Convince Action cards in the
            # Action Tableau."
            items.append((_("Setup: both Convince Action cards are in the Action Tableau"), False))
        items.append((_("Play Action cards; each resolves with a Horror Roll"), False))
        if state.asleep:
            # Rulebook, When you are Asleep: "Victims will NOT follow you, nor are you able to
            # save them": the item would list a play she cannot make.
            items.append((_("Resolve any Boiler Room cards you wish"), False))
        else:
            save = (
                _("Save Victims at the Exits (not while Asleep)")
                if fright_game(state)
                else _("Save Victims at the Exits")
            )
            items.append((save, False))
        return tuple(items)
    if phase == "planning":
        return (
            (
                # Time goes back at the end of Planning: what is bought need not be counted down
                # here (a new player clicked Time − five times).
                _(
                    "Buy Action cards from the Tableau with the Time left ({time}): no need to "
                    "count it down here"
                ).format(time=state.counters.time),
                False,
            ),
            (_("Cards played this round go back to the Tableau"), False),
            (
                _("Time goes back to {time} when Planning ends").format(
                    time=state.box.time_per_round
                ),
                False,
            ),
        )
    if phase == "killer":
        # "No move icon, no move" reminds before his Killer Action; once it is recorded the
        # table is the truth (he may have moved), so the item no longer says he stays.
        items = [
            (
                _("His Killer Action: recorded")
                if state.killer_action_done
                else _("His Killer Action (no move icon, no move)"),
                state.killer_action_done,
            ),
        ]
        if state.finale is None:
            items.append((_("Draw and resolve one Terror card"), state.terror_this_round))
        else:
            items.append((_("No Terror card after the Finale"), True))
        if state.asleep and fright_game(state):
            items.append(_boiler_item(state))
        return tuple(items)
    if phase == "panic":
        return ((_("Victims in his space panic and move away"), _panic_done(state)),)
    items = []
    if state.counters.terror_left == 0 and state.finale is None:
        items.append((_("Reveal the Finale (the Terror deck is empty)"), False))
    if state.table.cop_car is not None:
        items.append((_("The Cop Car drove one space"), True))
    if BOYFRIEND in state.table.events:
        items.append((_("Resolve the Boyfriend's Upkeep effect, if his card has one"), False))
    items.append((_("Resolve ongoing effects; rearrange items if you wish"), False))
    return tuple(items)


def _boiler_item(state: GameState) -> tuple[str, bool]:
    """The Killer phase's Boiler Room cards: "exactly one BR card (unless a game effect
    changes this)" (The Boiler Room), counted when an effect adds some or skips it."""
    dream = state.dream
    if dream.rest_at_once:
        return (_("Resolve the rest of the Boiler Room deck (a card's effect)"), False)
    total = killer_cards_total(state)
    done = dream.killer_card_resolved and not extra_cards_owed(state)
    if total == 0:
        return (_("No Boiler Room card this Killer phase (a card's effect)"), True)
    if total == 1:
        return (_("Last: resolve exactly one Boiler Room card (after the Terror card)"), done)
    # Translators: {extra} cards added by a card's effect, {done} of them resolved so far.
    text = ngettext(
        "Last: resolve {count} Boiler Room cards ({extra} by a card's effect): {done} of {count}",
        "Last: resolve {count} Boiler Room cards ({extra} by a card's effect): {done} of {count}",
        total,
    )
    return (text.format(count=total, extra=total - 1, done=dream.killer_cards), done)


def _panic_done(state: GameState) -> bool:
    """The Panic is recorded this phase, or no Victim is left in his space on the board."""
    table = state.table
    on_board = state.location is None and table.killer is not None
    return state.panic_recorded or (on_board and table.victims_at(table.killer or "") == 0)


def reminders(state: GameState) -> tuple[tuple[str, str, bool], ...]:
    """(key, text, blocking): the mistakes players most often make, where they happen."""
    out: list[tuple[str, str, bool]] = []
    c, box = state.counters, state.box
    if boiler_card_due(state):
        out.append(("boiler", _("A Boiler Room card is due before the Killer phase ends."), True))
    elif extra_cards_owed(state):
        out.append(("boiler-extra", extra_card_reminder(extra_cards_owed(state)), False))
    for key in sorted(state.due):
        out.append((key, _(DUE_MESSAGES[key]), True))
    if c.health == 1:
        out.append(("adrenaline-her", _("Last Health: you roll adrenaline dice."), False))
    if c.killer_health == 1:
        out.append(
            (
                "adrenaline-him",
                _("{killer} is on his last Health: adrenaline dice.").format(
                    killer=killer_shown(state)
                ),
                False,
            )
        )
    if state.phase == "killer" and not state.killer_action_done:
        out.append(
            (
                "move-icon",
                _("No move icon, no move: he moves only if his Killer Action shows one."),
                False,
            )
        )
    if c.bloodlust >= box.dark_power_at and state.dark_power is None:
        text = (
            _("Bloodlust {bloodlust} (row {row} of his board): reveal the Dark Power.")
            if fright_game(state)
            else _("Bloodlust {bloodlust}: reveal the Dark Power.")
        )
        out.append(
            ("dark-power", text.format(bloodlust=c.bloodlust, row=board_row(c.bloodlust)), False)
        )
    elif state.finale is not None and state.dark_power is None:
        out.append(("dark-power", _("The Finale is out: reveal the Dark Power too."), False))
    if state.phase == "planning":
        time_reset = _("Time goes back to {time} at the end of Planning.")
        out.append(("time-reset", time_reset.format(time=box.time_per_round), False))
    if state.phase == "killer" and state.finale is None and not state.terror_this_round:
        out.append(("terror", _("Draw one Terror card this Killer phase."), False))
    # Cards with a lasting effect are shown while they last on the board's own strip
    # (``query.in_force``), not here: the side column keeps its height (issue 31).
    return tuple(out)


def row_horror_offer(state: GameState) -> tuple[AdjustCounter, str] | None:
    """The Horror the Bloodlust rows just reached show (his board, one source: the rows'
    values are the cards file's, editable), offered as one confirming click: the counter's
    change and its button's words. ``None`` when the last play reached no such row, or the
    Horror is already at its top."""
    horror = sum(e.count for e in state.events if e.kind == "bloodlust-row")
    if horror <= 0 or state.result is not None:
        return None
    room = state.box.horror_max - state.counters.horror
    if room <= 0:
        return None
    delta = min(horror, room)
    # Translators: the button that moves the Horror as his board's row shows.
    return AdjustCounter(counter="horror", delta=delta), _("Horror {delta} (his row)").format(
        delta=f"{delta:+d}"
    )
