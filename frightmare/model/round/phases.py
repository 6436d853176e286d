"""The round's phases in order: what Next phase leads to and what each phase change does
(Time back after Planning, no Panic phase without a death, the Cop Car's drive and the Finale
due at Upkeep, Time to Die), Upkeep passing when it has nothing to record, a card ending the
Action phase.

Sources: docs/rules-notes.md §1 (the round, several public sources).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import EndActionPhase, NextPhase, named_card
from frightmare.model.box.cards import BOYFRIEND, TIME_TO_DIE
from frightmare.model.cards.consequences import lasting_at_phase
from frightmare.model.counters import change_health, fright_game
from frightmare.model.dream.deck import (
    boiler_card_due,
    due_rule,
    extra_card_reminder,
    extra_cards_owed,
)
from frightmare.model.errors import RuleViolation, refuse
from frightmare.model.game.state import (
    PHASES,
    Due,
    Event,
    EventKind,
    GameState,
    Phase,
    phase_name,
    say,
)
from frightmare.model.lane.events import drive_cop_car
from frightmare.model.round.duties import DUTY_RULE, done_by_next, duties, duty_refusal, left_open
from frightmare.model.sleep import fall_asleep_now

# Shown with ``_``.
ROUND_RULE = N_("The round (rules notes §1)")
DUE_MESSAGES: dict[Due, str] = {
    "final-health": N_("Turn over your Final Health token first."),
    "killer-final-health": N_("Turn over the Killer's Final Health first (Never Really Dead)."),
    "finale": N_("The Terror deck is empty: reveal the Finale first."),
}


def check_next_phase(state: GameState, action: NextPhase) -> None:
    if boiler_card_due(state):
        refuse(
            _("You are Asleep: resolve one Boiler Room card before the Killer phase ends."),
            rule=due_rule(),
        )
    for key in sorted(state.due):
        refuse(_(DUE_MESSAGES[key]), rule=_(ROUND_RULE))
    reason = duty_refusal(state)
    if reason is not None:
        refuse(reason, rule=_(DUTY_RULE))


def next_phase(state: GameState, action: NextPhase) -> GameState:
    # What the phase owes is refused above, never done here: a saved journal replays to the
    # table it showed (the round bar's Next phase records what the app knows exactly first,
    # each its own step: ``duties.done_by_next``).
    return _advance(state)


# What entering Upkeep may say and still leave nothing for the player to record or read
# there: the phase itself, and that no Victim died (so no Panic phase).
QUIET_UPKEEP: frozenset[EventKind] = frozenset({"phase", "no-panic-phase"})


def upkeep_passes(state: GameState) -> bool:
    """Whether Upkeep, as it stands, leaves the app nothing to record: the next round may
    start at once. Rules notes §1: "Upkeep: when the Terror deck is empty the Finale is
    revealed; ongoing effects resolve; her items may be rearranged": the Finale due, or
    anything entering Upkeep did itself (the Cop Car's drive, Time to Die, a lasting effect
    ending), holds the round in Upkeep; so does the Boyfriend, whose card may have an Upkeep
    effect. Ongoing effects and her items are the table's, recorded as they happen."""
    return _quiet_upkeep(state, state.events)


def _quiet_upkeep(state: GameState, said: tuple[Event, ...]) -> bool:
    return (
        state.phase == "upkeep"
        and state.result is None
        and not state.due
        and BOYFRIEND not in state.table.events
        and all(event.kind in QUIET_UPKEEP for event in said)
    )


def round_can_end(state: GameState) -> bool:
    """Whether one click may go on from here through a quiet Upkeep into the next round: Next
    phase leads to Upkeep, is not refused, and Upkeep then passes (``upkeep_passes``). Each
    phase change is still its own Next phase in the journal."""
    if state.result is not None or state.phase == "upkeep" or next_phase_to(state) != "upkeep":
        return False
    if extra_cards_owed(state):
        return False  # a card's extra Boiler Room card is reminded before the round goes on
    try:
        check_next_phase(state, NextPhase())
    except RuleViolation:
        return False
    upkeep = _advance(state)
    return _quiet_upkeep(upkeep, upkeep.events[len(state.events) :])


def planning_passes(state: GameState) -> bool:
    """Whether Planning, as it stands, leaves the app nothing to record: the Killer phase may
    start at once. Rules notes §1: "Planning: the Time left buys Action cards from the Action
    Tableau; then Time goes back to 6": the cards are bought at the table, and Time goes back
    by itself when Planning ends; nothing the phase owes is open, nothing is due."""
    return (
        state.phase == "planning"
        and state.result is None
        and not state.due
        and not duties(state)
        and not boiler_card_due(state)
    )


def planning_can_pass(state: GameState) -> bool:
    """Whether one click may go on from the Action phase through a quiet Planning into the
    Killer phase (each phase change still its own Next phase in the journal)."""
    if state.result is not None or state.phase != "action":
        return False
    try:
        check_next_phase(state, NextPhase())
    except RuleViolation:
        return False
    planning = _advance(state)
    # Whatever entering Planning said beyond the phase itself (a lasting effect ending) holds
    # the click there, to be read.
    said = planning.events[len(state.events) :]
    return planning_passes(planning) and all(event.kind == "phase" for event in said)


def passes_through(state: GameState) -> bool:
    """Whether Next phase, clicked in ``state``, goes on through the quiet phase it led to
    (Planning, or Upkeep into the next round)."""
    return round_can_end(state) or planning_can_pass(state)


def quiet_stop(state: GameState) -> bool:
    """Whether ``state`` is a quiet phase a Next phase click goes on through."""
    return upkeep_passes(state) or planning_passes(state)


def next_phase_note(state: GameState) -> str:
    """What the Next phase button does now, in the player's words."""
    keys = "Ctrl+Return"
    if planning_can_pass(state):
        # Translators: {keys} is the shortcut, "Ctrl+Return".
        return _(
            "Planning, then the Killer phase: Planning has nothing to record now (cards are "
            "bought at the table; Time goes back to {time} by itself). {keys} stops at Planning."
        ).format(time=state.box.time_per_round, keys=keys)
    if round_can_end(state):
        # Translators: {keys} is the shortcut, "Ctrl+Return".
        return _(
            "Upkeep, then round {round}: Upkeep has nothing to record now (its ongoing effects "
            "and her items are the table's). {keys} stops at Upkeep."
        ).format(round=state.round + 1, keys=keys)
    to = next_phase_to(state)
    done = [d.text for d in duties(state) if d.action is not None] if done_by_next(state) else []
    reason = duty_refusal(state)
    if reason is not None and not done:
        return reason
    if done:
        # Translators: {done} is what Next phase records itself (the app knows it exactly).
        return _("Records first: {done} Then on to the {phase} phase ({keys}).").format(
            done=" ".join(done), phase=phase_name(to), keys=keys
        )
    extra = extra_cards_owed(state)
    if extra and not boiler_card_due(state):
        return _(
            "{reminder} Resolve it before this Killer phase ends, or go on to the {phase} phase "
            "({keys})."
        ).format(reminder=extra_card_reminder(extra), phase=phase_name(to), keys=keys)
    if to == "action":
        return _("On to round {round} ({keys})").format(round=state.round + 1, keys=keys)
    return _("On to the {phase} phase ({keys})").format(phase=phase_name(to), keys=keys)


def next_phase_label(state: GameState) -> str:
    """The Next phase button's text: where it leads."""
    if round_can_end(state) or next_phase_to(state) == "action":
        return _("Round {round} ▸").format(round=state.round + 1)
    if planning_can_pass(state):
        return _("{phase} ▸").format(phase=phase_name("killer"))
    return _("{phase} ▸").format(phase=phase_name(next_phase_to(state)))


def next_phase_to(state: GameState) -> Phase:
    """The phase that Next phase leads to: the next in order, and Upkeep instead of Panic when
    no Victim died this round (rules notes §1: Panic is "only when a Victim died this
    round")."""
    phase = PHASES[(PHASES.index(state.phase) + 1) % len(PHASES)]
    if phase == "panic" and state.counters.died_this_round == 0:
        return "upkeep"
    return phase


def _advance(state: GameState) -> GameState:
    if duties(state):
        state = left_open(state)  # recorded anyway: what was left is said
    phase = next_phase_to(state)
    said: list[tuple[EventKind, str, int]] = []
    counters = state.counters
    if state.phase == "planning":
        time = state.box.time_per_round
        counters = replace(counters, time=time)
        said.append(
            ("time-reset", _("Planning is over: Time goes back to {time}.").format(time=time), time)
        )
    if phase == "upkeep" and state.phase == "killer":
        said.append(("no-panic-phase", _("No Victim died this round: no Panic phase."), 0))
    starts = phase == "action"
    new_round = state.round + starts
    # A card that changes the Boiler Room's pace ("unless a game effect changes this") holds
    # until the Killer phase's card is settled, even when recorded earlier in the round.
    dream = state.dream
    owed = extra_cards_owed(state)
    if owed and not boiler_card_due(state):
        # The rulebook's "exactly one BR card (unless a game effect changes this)": a card's
        # extra card left unresolved is said, not refused (the card is one source's).
        said.append(
            (
                "extra-boiler-card",
                ngettext(
                    "The Killer phase ends with {count} Boiler Room card still owed (added by a "
                    "card's effect): resolve it at the table if your card says so.",
                    "The Killer phase ends with {count} Boiler Room cards still owed (added by a "
                    "card's effect): resolve it at the table if your card says so.",
                    owed,
                ).format(count=owed),
                owed,
            )
        )
    if state.phase == "killer":
        dream = replace(dream, killer_card_resolved=False, extra_cards=0, killer_cards=0)
    state = replace(
        state,
        phase=phase,
        round=new_round,
        dream=dream,
        shock_kills_this_round=0 if starts else state.shock_kills_this_round,
        counters=replace(counters, died_this_round=0) if starts else counters,
        terror_this_round=False if starts else state.terror_this_round,
        killer_action_done=False if starts else state.killer_action_done,
        panic_recorded=False if starts else state.panic_recorded,
    )
    state = say(
        state,
        "phase",
        _("Round {round}: {phase} phase.").format(round=new_round, phase=phase_name(phase)),
        new_round,
        name=phase,
    )
    for kind, text, count in said:
        state = say(state, kind, text, count)
    state = lasting_at_phase(state)
    if phase == "upkeep":
        if state.setup.on_maple_lane:
            # Event: Officer Kopp is Maple Lane's (rules notes §5); no car drives elsewhere.
            state = drive_cop_car(state)
        if state.counters.terror_left == 0 and state.finale is None:
            state = say(
                replace(state, due=state.due | {"finale"}),
                "finale-due",
                _("The Terror deck is empty: the Finale is revealed now."),
            )
        if fright_game(state) and state.finale == TIME_TO_DIE and state.dream.awake:
            state = change_health(state, -2)
            state = fall_asleep_now(
                state,
                _("{card}: you are Awake at Upkeep. You lose 2 Health and fall Asleep.").format(
                    card=card_shown(TIME_TO_DIE)
                ),
            )
    return state


def end_action_phase(state: GameState, action: EndActionPhase) -> GameState:
    if state.phase != "action":
        return say(
            state,
            "not-action-phase",
            _("{card}: this is not the Action phase; nothing ends.").format(
                card=named_card(action.card)
            ),
            name=action.card,
        )
    state = replace(state, phase="planning")
    return say(
        state,
        "action-phase-ends",
        _("{card}: your Action phase ends.").format(card=named_card(action.card)),
        name=action.card,
    )
