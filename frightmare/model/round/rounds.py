"""The round: phases in order, the counters' automatic rules, Dr. Fright's Terror cards,
her Final Health, the end of the game.

Sources: docs/rules-notes.md §1 (the round, several public sources), §4 and §6 (numbers from
one source, kept in ``box.json``), §8 (unsourced rules: switches in ``box.json``, off unless
turned on, never a refusal).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.round import (
    KNOWN_TERROR,
    AdjustCounter,
    CounterName,
    DiscardActionCard,
    DrawTerror,
    EndActionPhase,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseUltimate,
)
from frightmare.model.actions.steps import HurtHerStep, KillStep
from frightmare.model.box.cards import (
    BOYFRIEND,
    FRANKYS_COMING,
    HIT_BY_A_CAR,
    INEVITABLE,
    TIME_TO_DIE,
    card_name,
)
from frightmare.model.box.numbers import BOX_FIELDS, BOX_LABELS, SWITCH_LABELS, SWITCHES
from frightmare.model.cards.card_steps import apply_steps
from frightmare.model.cards.consequences import AWAKE_CARD_RULE, check_steps, lasting_at_phase
from frightmare.model.counters import (
    board_row,
    change_health,
    change_horror,
    change_killer_health,
    change_time,
    counter_title,
    counter_value,
    end_game,
    fright_game,
    killer_name,
    raise_bloodlust,
    victims_died,
)
from frightmare.model.dream.dream import (
    DUE_RULE,
    boiler_card_due,
    extra_card_reminder,
    extra_cards_owed,
    killer_cards_total,
)
from frightmare.model.errors import RuleViolation, impossible, refuse
from frightmare.model.game.setup import MAPLE_LANE
from frightmare.model.game.state import (
    PHASE_NAMES,
    PHASES,
    Due,
    Event,
    EventKind,
    GameState,
    Phase,
    say,
)
from frightmare.model.lane.events import drive_cop_car
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.sleep import fall_asleep_now
from frightmare.model.wording import counted

ROUND_RULE = "The round (rules notes §1)"
DUE_MESSAGES: dict[Due, str] = {
    "final-health": "Turn over your Final Health token first.",
    "killer-final-health": "Turn over the Killer's Final Health first (Never Really Dead).",
    "finale": "The Terror deck is empty: reveal the Finale first.",
}


def check_next_phase(state: GameState, action: NextPhase) -> None:
    if boiler_card_due(state):
        refuse(
            "You are Asleep: resolve one Boiler Room card before the Killer phase ends.",
            rule=DUE_RULE,
        )
    for key in sorted(state.due):
        refuse(DUE_MESSAGES[key], rule=ROUND_RULE)


def next_phase(state: GameState, action: NextPhase) -> GameState:
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


def next_phase_note(state: GameState) -> str:
    """What the Next phase button does now, in the player's words."""
    if round_can_end(state):
        return (
            f"Upkeep, then round {state.round + 1}: Upkeep has nothing to record now (its "
            "ongoing effects and her items are the table's). Ctrl+Return stops at Upkeep."
        )
    to = next_phase_to(state)
    extra = extra_cards_owed(state)
    if extra and not boiler_card_due(state):
        return (
            f"{extra_card_reminder(extra)} Resolve it before this Killer phase ends, or go "
            f"on to the {PHASE_NAMES[to]} phase (Ctrl+Return)."
        )
    if to == "action":
        return f"On to round {state.round + 1} (Ctrl+Return)"
    return f"On to the {PHASE_NAMES[to]} phase (Ctrl+Return)"


def next_phase_label(state: GameState) -> str:
    """The Next phase button's text: where it leads."""
    if round_can_end(state) or next_phase_to(state) == "action":
        return f"Round {state.round + 1} ▸"
    return f"{PHASE_NAMES[next_phase_to(state)]} ▸"


def next_phase_to(state: GameState) -> Phase:
    """The phase that Next phase leads to: the next in order, and Upkeep instead of Panic when
    no Victim died this round (rules notes §1: Panic is "only when a Victim died this
    round")."""
    phase = PHASES[(PHASES.index(state.phase) + 1) % len(PHASES)]
    if phase == "panic" and state.counters.died_this_round == 0:
        return "upkeep"
    return phase


def _advance(state: GameState) -> GameState:
    phase = next_phase_to(state)
    said: list[tuple[EventKind, str, int]] = []
    counters = state.counters
    if state.phase == "planning":
        time = state.box.time_per_round
        counters = replace(counters, time=time)
        said.append(("time-reset", f"Planning is over: Time goes back to {time}.", time))
    if phase == "upkeep" and state.phase == "killer":
        said.append(("no-panic-phase", "No Victim died this round: no Panic phase.", 0))
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
                f"The Killer phase ends with {counted(owed, 'Boiler Room card')} still owed "
                "(added by a card's effect): resolve it at the table if your card says so.",
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
        state, "phase", f"Round {new_round}: {PHASE_NAMES[phase]} phase.", new_round, name=phase
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
                "The Terror deck is empty: the Finale is revealed now.",
            )
        if fright_game(state) and state.finale == TIME_TO_DIE and state.dream.awake:
            state = change_health(state, -2)
            state = fall_asleep_now(
                state, "Time to Die: you are Awake at Upkeep. You lose 2 Health and fall Asleep."
            )
    return state


def check_counter(state: GameState, counter: CounterName, delta: int) -> None:
    """A counter at the end of its track (Health at its maximum, no Victim killed yet): a
    step that changes nothing is not recorded, so there is no step in History for it."""
    if not counter_changes(state, counter, delta):
        title = counter_title(state, counter)
        value = counter_value(state, counter)
        raise impossible(f"{title} is already {value}: {delta:+d} changes nothing.")


def counter_changes(state: GameState, counter: CounterName, delta: int) -> bool:
    """Whether ``delta`` on ``counter`` changes the game (``adjust``'s effect): the counter
    moves, or a rule that follows from the step says something (Horror past its ends with the
    overflow switch, Bloodlust at its maximum against Dr. Fright, a Victim killed)."""
    c, box = state.counters, state.box
    if counter == "time":
        time = max(0, c.time + delta)
        if box.time_cap:
            time = min(box.time_max, time)
        ends = c.time + delta < 0 and state.phase == "action"
        return time != c.time or (ends and bool(box.time_below_zero_ends_action))
    if counter == "health":
        if delta > 0:
            return min(box.health, c.health + delta) != c.health
        return max(0, c.health + delta) != c.health
    if counter == "horror":
        if delta == 0 or box.horror_overflow:
            return delta != 0  # past its ends, the overflow switch says what happens instead
        return c.horror < box.horror_max if delta > 0 else c.horror > box.horror_min
    if counter == "killer health":
        if delta > 0:
            return min(box.killer_health, c.killer_health + delta) != c.killer_health
        return max(0, c.killer_health + delta) != c.killer_health
    if counter == "bloodlust":
        if delta > 0:
            # At its maximum against Dr. Fright, one more still resets the deck or puts her
            # to sleep (or reminds of it).
            wanted = c.bloodlust + delta
            at_max = fright_game(state) and wanted >= box.bloodlust_max
            return min(box.bloodlust_max, wanted) != c.bloodlust or at_max
        return max(0, c.bloodlust + delta) != c.bloodlust
    if counter == "terror":
        return max(0, min(box.terror_cards, c.terror_left + delta)) != c.terror_left
    if counter == "saved":
        return max(0, c.victims_saved + delta) != c.victims_saved
    return delta > 0 or max(0, c.victims_killed + delta) != c.victims_killed


def check_adjust(state: GameState, action: AdjustCounter) -> None:
    check_counter(state, action.counter, action.delta)
    if (
        action.counter == "killer health"
        and action.delta < 0
        and attack_blocked(state, by_her=True)
    ):
        # The Awake/Asleep card, Awake side: "You may not attack or be attacked by Dr. Fright"
        # (unless an effect allows it: the player names it, or records this anyway).
        refuse(
            "You are Awake: you may not attack or be attacked by Dr. Fright, so his Health does "
            "not go down (unless an effect allows it: name it with “An effect allows it…”, or "
            "record this anyway).",
            rule=AWAKE_CARD_RULE,
        )


def adjust(state: GameState, action: AdjustCounter) -> GameState:
    return _adjust(state, action)


def _adjust(state: GameState, action: AdjustCounter) -> GameState:
    c, box, delta = state.counters, state.box, action.delta
    if action.counter == "time":
        return change_time(state, delta)
    if action.counter == "health":
        return change_health(state, delta)
    if action.counter == "horror":
        return change_horror(state, delta)
    if action.counter == "killer health":
        return change_killer_health(state, delta)
    if action.counter == "bloodlust":
        if delta > 0:
            return raise_bloodlust(state, delta)
        return replace(state, counters=replace(c, bloodlust=max(0, c.bloodlust + delta)))
    if action.counter == "terror":
        left = max(0, min(box.terror_cards, c.terror_left + delta))
        return replace(state, counters=replace(c, terror_left=left))
    if action.counter == "saved":
        return replace(state, counters=replace(c, victims_saved=max(0, c.victims_saved + delta)))
    if delta > 0:
        return victims_died(state, delta)
    return replace(state, counters=replace(c, victims_killed=max(0, c.victims_killed + delta)))


def check_final_health_now(state: GameState) -> None:
    """Whether her Final Health token can be turned over now, whatever it shows."""
    if "final-health" not in state.due:
        refuse(
            "Your Final Health token is turned over only when your Health is gone.",
            rule=ROUND_RULE,
        )


def check_reveal_final_health(state: GameState, action: RevealFinalHealth) -> None:
    check_final_health_now(state)


def reveal_final_health(state: GameState, action: RevealFinalHealth) -> GameState:
    c = state.counters
    state = replace(state, due=state.due - {"final-health"})
    if action.value is None:
        state = replace(state, counters=replace(c, final_health="blank"))
        return end_game(state, "loss", "Your Final Health token is blank: the Final Girl dies.")
    # She fights on; the phase goes on too (nothing in the rules ends it here), so a Boiler
    # Room card still owed this Killer phase stays owed.
    state = replace(state, counters=replace(c, health=action.value, final_health="used"))
    return say(state, "fight-on", f"Final Health {action.value}: you fight on.", action.value)


def check_killer_final_health_now(state: GameState) -> None:
    """Whether his Final Health can be turned over now, whatever it shows."""
    if "killer-final-health" not in state.due:
        refuse(
            "His Final Health is turned over only when Never Really Dead saves him.",
            rule="Dark Power: Never Really Dead (rules notes §4)",
        )


def check_reveal_killer_final_health(state: GameState, action: RevealKillerFinalHealth) -> None:
    check_killer_final_health_now(state)


def reveal_killer_final_health(state: GameState, action: RevealKillerFinalHealth) -> GameState:
    c = state.counters
    state = replace(state, due=state.due - {"killer-final-health"})
    if action.value is None:
        return end_game(state, "win", f"{killer_name(state)} stays dead. You win!")
    name = killer_name(state)
    return say(
        replace(state, counters=replace(c, killer_health=action.value, killer_final_health="used")),
        "killer-rises",
        f"{name} rises again with {action.value} Health.",
        action.value,
        name=name,
    )


def end_action_phase(state: GameState, action: EndActionPhase) -> GameState:
    if state.phase != "action":
        return say(
            state,
            "not-action-phase",
            f"{action.card}: this is not the Action phase; nothing ends.",
            name=action.card,
        )
    state = replace(state, phase="planning")
    return say(
        state, "action-phase-ends", f"{action.card}: your Action phase ends.", name=action.card
    )


def discard_action_card(state: GameState, action: DiscardActionCard) -> GameState:
    # Rules notes §1: "Any Action card may be discarded at any time for +1 Time."
    return change_time(state, 1)


def check_terror_now(state: GameState) -> None:
    """Whether a Terror card can be drawn now, whichever it is."""
    c = state.counters
    # The empty deck first: what no override can lift is said before what one can (a refusal
    # offering Record anyway would only lead to this one).
    if c.terror_left == 0:
        raise impossible("The Terror deck is empty.", rule=ROUND_RULE)
    if state.finale is not None:
        refuse("After the Finale no more Terror cards are drawn.", rule=ROUND_RULE)
    if state.phase != "killer":
        refuse(
            "A Terror card is drawn in the Killer phase, after his Killer Action.",
            rule=ROUND_RULE,
        )
    if state.terror_this_round:
        refuse(
            "One Terror card is drawn each Killer phase, and this one's is resolved already.",
            rule=ROUND_RULE,
        )


def check_draw_terror(state: GameState, action: DrawTerror) -> None:
    check_terror_now(state)
    if action.steps is not None:
        name = card_name(action.name, KNOWN_TERROR, state.cards)
        if name == HIT_BY_A_CAR:
            for step in action.steps:
                if isinstance(step, KillStep) and not state.board.is_street(step.space):
                    refuse(
                        "The car hits a Victim on a Street space.",
                        rule="Terror: They just got hit by a car!",
                    )
        # A card that damages him itself ("OMG… he's cutting off his own fingers!") is no
        # attack: it may lower his Health while she is Awake (one source, rules notes §9).
        data = state.cards.find("terror", name)
        hurts_him = data is not None and any(s.do == "killer-damage" for s in data.steps)
        check_steps(state, action.steps, state.cards.name_of(name), hurts_him=hurts_him)


def draw_terror(state: GameState, action: DrawTerror) -> GameState:
    c = state.counters
    name = card_name(action.name, KNOWN_TERROR, state.cards)
    state = replace(
        state,
        counters=replace(c, terror_left=c.terror_left - 1),
        terror_drawn=(*state.terror_drawn, name),
        terror_this_round=True,
    )
    if action.steps is not None:
        # The card as the player resolved it, step by step (terror.plan_card proposed them).
        shown = state.cards.name_of(name)
        state = say(
            state,
            "terror-steps",
            f"Terror card {shown}: resolved on the table.",
            len(action.steps),
            name=name,
        )
        state = apply_steps(state, action.steps, shown)
        return _last_terror(state)
    table, board = state.table, state.board
    kind: EventKind
    spaces: tuple[str, ...] = ()
    if name == HIT_BY_A_CAR:
        # Terror: "They just got hit by a car!": "If there are no Victims in any Street spaces,
        # discard and draw another Terror card. Otherwise: 1 Victim in a Street space of your
        # choice is killed."
        spaces = tuple(s for s in board.streets if table.occupied(s))
        if not spaces:
            kind = "terror-redraw"
            text = "No Victim is on a Street space: discard it and draw another Terror card."
        else:
            kind, text = (
                "terror-choose-victim",
                "Choose a Street Victim to die (board: Hit by a car).",
            )
    elif name == FRANKYS_COMING:
        # Terror: "Franky's coming for you": "If there are no Victims on the board, discard
        # and draw the next Terror card. Otherwise: [...] If Dr. Fright is in a space with at
        # least one Victim: [icon] Otherwise: [icon]"
        if _victims_on_board(state) == 0:
            kind = "terror-redraw"
            text = "No Victims on the board: discard it and draw the next Terror card."
        elif state.location is not None:
            kind = "terror-either-line"
            text = (
                "Franky's coming for you: if he shares a space with a Victim, resolve the "
                "card's attack line; otherwise its other line."
            )
        elif table.killer is not None and table.occupied(table.killer):
            kind, spaces = "terror-attack-line", (table.killer,)
            text = (
                "Franky's coming for you: he shares a space with a Victim, so resolve the "
                "card's attack line."
            )
        else:
            kind = "terror-other-line"
            spaces = (table.killer,) if table.killer is not None else ()
            text = (
                "Franky's coming for you: no Victim in his space, so resolve the card's other line."
            )
    else:
        kind, text = "terror-as-printed", "Resolve the Terror card as printed."
    state = say(state, kind, text, name=name, spaces=spaces)
    if kind == "terror-redraw":  # discarded unresolved: the phase's card is still to draw
        state = replace(state, terror_this_round=False)
    return _last_terror(state)


def drawn_terror(state: GameState) -> frozenset[str]:
    """The Terror cards drawn this game, by card id (a name the data lacks as typed): out of
    the deck, which is never reshuffled (rules notes §1: when it is empty the Finale is
    revealed)."""
    drawn: set[str] = set()
    for name in state.terror_drawn:
        card = state.cards.find("terror", str(name))
        drawn.add(card.id if card is not None else str(name))
    return frozenset(drawn)


def _last_terror(state: GameState) -> GameState:
    if state.counters.terror_left == 0:
        state = say(
            state, "last-terror", "That was the last Terror card: the Finale comes at Upkeep."
        )
    return state


def _victims_on_board(state: GameState) -> int:
    """The Victims on the board: Maple Lane's pieces, or another Location's count."""
    if state.location is not None:
        return state.location.victims
    return state.table.total_victims()


def check_killer_action(state: GameState, action: KillerAction) -> None:
    """His Killer Action's steps on the table (the player's accepted proposal); his attack on
    her while she is Awake is refused (rulebook, When you are Awake), recordable anyway."""
    check_steps(state, action.steps, killer_name(state))


def killer_action(state: GameState, action: KillerAction) -> GameState:
    state = replace(
        state,
        killer_action_done=True,
        finale_actions=state.finale_actions + (state.finale is not None),
    )
    name = killer_name(state)
    if action.steps:
        # In one step: where he went, whom he killed, what she took (killer_phase proposed it).
        # Each step says its own line as it is made: the heading names the action once (its
        # summary, History's, would say every step twice in the message of the moment).
        state = say(state, "killer-path", "Killer Action:", name=name)
        state = apply_steps(state, action.steps, name)
        table = state.table
        hurt_her = any(isinstance(step, HurtHerStep) for step in action.steps)
        if hurt_her and table.final_girl is not None and table.killer != table.final_girl:
            # He attacks in the space he ends in (rulebook, When you are Asleep: "He will
            # resolve all Killer Actions as normal"); the board may be behind the table, so
            # the player's word stands, with a reminder.
            state = say(
                state,
                "attack-reach",
                "Reminder: on the board he is not in your space; check that his attack "
                "reaches you (drag him to where he stands).",
                spaces=tuple(s for s in (table.final_girl, table.killer) if s is not None),
            )
        return state
    if action.move_icon:
        state = say(state, "killer-moves", "He moves toward his target.", name=name)
    else:
        state = say(
            state, "no-move-icon", f"No move icon, no move: {name} stays where he is.", name=name
        )
    if fright_game(state) and state.dream.awake and state.dark_power != INEVITABLE:
        # "When you are Awake": "treat it as a [icon]": an attack on a Victim.
        state = say(
            state,
            "attack-becomes-victim",
            "You are Awake: an attack on you becomes an attack on a Victim in his space.",
            name=name,
        )
    return state


ULTIMATE_NOTE = "Every save slot is filled: resolve her Ultimate as printed on her card."


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
    state = say(state, "ultimate", "Resolve her Ultimate as printed on her card.", name=girl)
    if c.ultimate_used:
        state = say(
            state,
            "ultimate-again",
            "The app had her Ultimate as used already: check her card.",
            name=girl,
        )
    elif c.victims_saved < slots:
        state = say(
            state,
            "save-slots-open",
            f"Reminder: {c.victims_saved} of {slots} save slots are filled; check what her card "
            "asks.",
            c.victims_saved,
            total=slots,
            name=girl,
        )
    return state


def end_game_action(state: GameState, action: EndGame) -> GameState:
    why = (
        f"You win: {killer_name(state)} is dead."
        if action.result == "win"
        else "The Final Girl dies."
    )
    return end_game(state, action.result, why)


def check_set_box_value(state: GameState, action: SetBoxValue) -> None:
    if action.name in SWITCHES:
        if action.value not in (0, 1):
            raise impossible("A switch is 0 (off) or 1 (on).")
        return
    if action.name not in BOX_FIELDS:
        raise impossible(f"There is no box value called “{action.name}”.")
    box = state.box.with_value(action.name, action.value)
    if box.horror_min > box.horror_max or not box.horror_min <= box.horror_start <= box.horror_max:
        raise impossible("The Horror track needs lowest ≤ start ≤ highest.")
    if not 0 < box.dark_power_at <= box.bloodlust_max:
        raise impossible("The Dark Power row must lie on the Bloodlust track.")
    if box.health < 1 or box.killer_health < 1 or box.time_per_round > box.time_max:
        raise impossible("That value does not fit the rest of the box.")


def set_box_value(state: GameState, action: SetBoxValue) -> GameState:
    if action.name in SWITCHES:
        box = state.box.with_value(action.name, action.value)
        state_text = "on" if action.value else "off"
        state = replace(state, box=box)
        text = f"{SWITCH_LABELS[action.name]}: {state_text}."
        return say(state, "box-value", text, action.value, name=action.name)
    box = state.box.with_value(action.name, action.value)
    c = state.counters
    counters = replace(
        c,
        health=min(c.health, box.health),
        horror=max(box.horror_min, min(box.horror_max, c.horror)),
        killer_health=min(c.killer_health, box.killer_health),
        bloodlust=min(c.bloodlust, box.bloodlust_max),
        terror_left=min(c.terror_left, box.terror_cards),
        time=min(c.time, box.time_max) if box.time_cap else c.time,
    )
    state = replace(state, box=box, counters=counters)
    text = f"{BOX_LABELS[action.name]}: {action.value}."
    return say(state, "box-value", text, action.value, name=action.name)


def checklist(state: GameState) -> tuple[tuple[str, bool], ...]:
    """What happens in the current phase, each with whether it is done (as far as the app
    can tell)."""
    phase = state.phase
    if phase == "action":
        items = []
        if state.round == 1 and state.setup.location == MAPLE_LANE:
            # Rulebook, Special Setup, Maple Lane 2: "Include both Convince Action cards in the
            # Action Tableau."
            items.append(("Setup: both Convince Action cards are in the Action Tableau", False))
        items.append(("Play Action cards; each resolves with a Horror Roll", False))
        if state.asleep:
            # Rulebook, When you are Asleep: "Victims will NOT follow you, nor are you able to
            # save them": the item would list a play she cannot make.
            items.append(("Resolve any Boiler Room cards you wish", False))
        else:
            items.append(
                (
                    "Save Victims at the Exits"
                    + (" (not while Asleep)" if fright_game(state) else ""),
                    False,
                )
            )
        return tuple(items)
    if phase == "planning":
        return (
            (
                # Time goes back at the end of Planning: what is bought need not be counted down
                # here (a new player clicked Time − five times).
                f"Buy Action cards from the Tableau with the Time left ({state.counters.time}): "
                "no need to count it down here",
                False,
            ),
            ("Cards played this round go back to the Tableau", False),
            (f"Time goes back to {state.box.time_per_round} when Planning ends", False),
        )
    if phase == "killer":
        # "No move icon, no move" reminds before his Killer Action; once it is recorded the
        # table is the truth (he may have moved), so the item no longer says he stays.
        items = [
            (
                "His Killer Action"
                + (": recorded" if state.killer_action_done else " (no move icon, no move)"),
                state.killer_action_done,
            ),
        ]
        if state.finale is None:
            items.append(("Draw and resolve one Terror card", state.terror_this_round))
        else:
            items.append(("No Terror card after the Finale", True))
        if state.asleep and fright_game(state):
            items.append(_boiler_item(state))
        return tuple(items)
    if phase == "panic":
        return (("Victims in his space panic and move away", _panic_done(state)),)
    items = []
    if state.counters.terror_left == 0 and state.finale is None:
        items.append(("Reveal the Finale (the Terror deck is empty)", False))
    if state.table.cop_car is not None:
        items.append(("The Cop Car drove one space", True))
    if BOYFRIEND in state.table.events:
        items.append(("Resolve the Boyfriend's Upkeep effect, if his card has one", False))
    items.append(("Resolve ongoing effects; rearrange items if you wish", False))
    return tuple(items)


def _boiler_item(state: GameState) -> tuple[str, bool]:
    """The Killer phase's Boiler Room cards: "exactly one BR card (unless a game effect
    changes this)" (The Boiler Room), counted when an effect adds some or skips it."""
    dream = state.dream
    if dream.rest_at_once:
        return ("Resolve the rest of the Boiler Room deck (a card's effect)", False)
    total = killer_cards_total(state)
    done = dream.killer_card_resolved and not extra_cards_owed(state)
    if total == 0:
        return ("No Boiler Room card this Killer phase (a card's effect)", True)
    if total == 1:
        return ("Last: resolve exactly one Boiler Room card (after the Terror card)", done)
    return (
        f"Last: resolve {total} Boiler Room cards ({total - 1} by a card's effect): "
        f"{dream.killer_cards} of {total}",
        done,
    )


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
        out.append(("boiler", "A Boiler Room card is due before the Killer phase ends.", True))
    elif extra_cards_owed(state):
        out.append(("boiler-extra", extra_card_reminder(extra_cards_owed(state)), False))
    for key in sorted(state.due):
        out.append((key, DUE_MESSAGES[key], True))
    if c.health == 1:
        out.append(("adrenaline-her", "Last Health: you roll adrenaline dice.", False))
    if c.killer_health == 1:
        out.append(
            (
                "adrenaline-him",
                f"{killer_name(state)} is on his last Health: adrenaline dice.",
                False,
            )
        )
    if state.phase == "killer" and not state.killer_action_done:
        out.append(
            (
                "move-icon",
                "No move icon, no move: he moves only if his Killer Action shows one.",
                False,
            )
        )
    if c.bloodlust >= box.dark_power_at and state.dark_power is None:
        where = f" (row {board_row(c.bloodlust)} of his board)" if fright_game(state) else ""
        text = f"Bloodlust {c.bloodlust}{where}: reveal the Dark Power."
        out.append(("dark-power", text, False))
    elif state.finale is not None and state.dark_power is None:
        out.append(("dark-power", "The Finale is out: reveal the Dark Power too.", False))
    if state.phase == "planning":
        out.append(
            ("time-reset", f"Time goes back to {box.time_per_round} at the end of Planning.", False)
        )
    if state.phase == "killer" and state.finale is None and not state.terror_this_round:
        out.append(("terror", "Draw one Terror card this Killer phase.", False))
    return tuple(out)
