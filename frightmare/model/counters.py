"""Changes to the round's numbers that several rules share, with what follows from them.

Bloodlust (rules notes §1): every Victim death raises it by 1; the Dark Power is revealed when
it reaches its marked row. Against Dr. Fright (rules notes §4 and §9, one source): each row of
his board reached reminds what it shows (its Horror), and a rise while already at the maximum
resets the Boiler Room deck if you are Asleep, otherwise you fall Asleep -- while the box's
``bloodlust_max_sleep`` switch is on (the default); off, the app only reminds.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import _, ngettext
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import COUNTER_TITLES, CounterName, killer_health
from frightmare.model.box.cards import (
    BOYFRIEND,
    NEVER_REALLY_DEAD,
    SHOCK_FACTOR,
    THE_SMALLEYS,
    EventName,
)
from frightmare.model.box.names import shown
from frightmare.model.box.numbers import BOX_LABELS, SWITCH_LABELS
from frightmare.model.game.state import GameState, Result, emit, say
from frightmare.model.game.table import VictimKind
from frightmare.model.sleep import fall_asleep_now, fresh_deck

SHOCK_LIMIT = 3  # Epic Dark Power: Shock Factor, "(Max 3 per turn)"


def fright_game(state: GameState) -> bool:
    """Whether Dr. Fright is this game's Killer: his own rules apply only then."""
    return state.setup.has_dr_fright


def killer_name(state: GameState) -> str:
    """The game's Killer as the setup names him (English: what events carry and the rules
    compare)."""
    return state.setup.killer


def killer_shown(state: GameState) -> str:
    """The game's Killer as the player's edition names him, for a sentence."""
    return shown("killer", state.setup.killer)


def shown_card(state: GameState, name: str) -> str:
    """A card (or the Killer, whose Killer Action's steps name him) that a line names, as the
    player's edition names it."""
    return killer_shown(state) if name == state.setup.killer else card_shown(name)


def counter_title(state: GameState, counter: CounterName) -> str:
    """A counter's title in this game: "Hans's Health" when Hans is the Killer.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> counter_title(new_game(GameSetup(killer="Hans"), seed=1), "killer health")
    "Hans's Health"
    """
    if counter == "killer health":
        return killer_health(killer_shown(state))
    return _(COUNTER_TITLES[counter])


def counter_value(state: GameState, counter: CounterName) -> int:
    """A counter's value, by its name in the actions."""
    c = state.counters
    values: dict[CounterName, int] = {
        "time": c.time,
        "health": c.health,
        "horror": c.horror,
        "killer health": c.killer_health,
        "bloodlust": c.bloodlust,
        "terror": c.terror_left,
        "saved": c.victims_saved,
        "killed": c.victims_killed,
    }
    return values[counter]


def box_label(state: GameState, name: str) -> str:
    """A box value's label in this game (the Killer's own name on his Health)."""
    if name == "killer_health":
        return killer_health(killer_shown(state))
    return _(BOX_LABELS.get(name) or SWITCH_LABELS[name])


def raise_bloodlust(state: GameState, amount: int) -> GameState:
    """Bloodlust up by ``amount``: the Dark Power is due on reaching its row; against Dr. Fright,
    each row of his board reached reminds what it shows (its Horror, ``cards.json``'s rows), and a
    rise while the marker is already on his last row resets the Boiler Room deck or puts her to
    sleep (rules notes §4, one source: "Bloodlust rising while already at maximum")."""
    box, c = state.box, state.counters
    before = c.bloodlust
    wanted = before + amount
    after = min(box.bloodlust_max, wanted)
    state = replace(state, counters=replace(c, bloodlust=after))
    if before < box.dark_power_at <= after and state.dark_power is None:
        if fright_game(state):
            # Translators: {row} is "row 6 of his board (the Dark Power row)".
            text = _("Bloodlust reached {count}, {row}: reveal {killer}'s Dark Power.")
        else:
            text = _("Bloodlust reached {count}: reveal {killer}'s Dark Power.")
        state = say(
            state,
            "dark-power-due",
            text.format(
                count=box.dark_power_at,
                row=on_his_board(state, box.dark_power_at),
                killer=killer_shown(state),
            ),
            box.dark_power_at,
        )
    if fright_game(state):
        state = _rows_reached(state, before, after)
    if fright_game(state) and wanted > box.bloodlust_max:
        if not box.bloodlust_max_sleep:
            reminder = (
                _(
                    "Bloodlust is at its maximum: if your cards say so, reset the Boiler Room "
                    "deck (rules notes §4, one source; the app's switch for it is off)."
                )
                if state.asleep
                else _(
                    "Bloodlust is at its maximum: if your cards say so, fall Asleep and enter "
                    "the Boiler Room (rules notes §4, one source; the app's switch for it is "
                    "off)."
                )
            )
            return say(state, "bloodlust-maximum", reminder, box.bloodlust_max)
        if state.asleep:
            dream = fresh_deck(state, state.dream, awake=False)
            state = say(
                replace(state, dream=dream),
                "deck-reset",
                _("Bloodlust is at its maximum and you are Asleep: the Boiler Room deck resets."),
            )
        else:
            state = fall_asleep_now(
                state,
                _("Bloodlust is at its maximum: you fall Asleep and enter the Boiler Room."),
            )
    return state


def board_row(bloodlust: int) -> int:
    """The row of Dr. Fright's board his marker is on at ``bloodlust``, as the board counts
    them: row 1 at the start (Bloodlust 0), up to row 10 (rules notes §4, one source). The
    counter and the data count Bloodlust; every message that names a row names this one."""
    return bloodlust + 1


def on_his_board(state: GameState, bloodlust: int) -> str:
    """ "row 5 of his board (the Dark Power row)": where ``bloodlust`` puts his marker, in a
    message."""
    if bloodlust == state.box.dark_power_at:
        text = _("row {row} of his board (the Dark Power row)")
    else:
        text = _("row {row} of his board")
    return text.format(row=board_row(bloodlust))


def _rows_reached(state: GameState, before: int, after: int) -> GameState:
    """A reminder of what each of his board's rows the marker reached shows (one source, rules
    notes §9): its Horror, from the game's cards file (the player's corrected copy wins). A
    reminder, not a change: a saved game's journal replays to the table it showed."""
    for row in state.cards.killer.bloodlust:
        if before < row.bloodlust <= after and row.horror:
            state = say(
                state,
                "bloodlust-row",
                _(
                    "Bloodlust {bloodlust}: row {row} of his board shows Horror {horror}; move "
                    "your Horror if your board shows it (one source; his rows are in cards.json)."
                ).format(
                    bloodlust=row.bloodlust, row=board_row(row.bloodlust), horror=f"{row.horror:+d}"
                ),
                row.horror,
                total=row.bloodlust,
            )
    return state


def victims_died(state: GameState, count: int, *, smalleys: int = 0) -> GameState:
    """Every Victim death raises Bloodlust by 1 (rules notes §1); a Smalley by 1 more.

    The Smalleys card: "Each time one of the Smalleys is killed, +1 [Bloodlust]."
    """
    c = state.counters
    state = replace(
        state,
        counters=replace(
            c,
            victims_killed=c.victims_killed + count,
            died_this_round=c.died_this_round + count,
        ),
    )
    died = ngettext("{count} Victim died.", "{count} Victims died.", count).format(count=count)
    state = emit(state, "victim-died", died, count=count)
    return raise_bloodlust(state, count + smalleys)


def change_time(state: GameState, delta: int) -> GameState:
    """Time never goes below 0. Two switches (rules notes §8, off unless box.json turns them
    on): a cap at the box's "most you can hold", and Time below 0 ending the Action phase."""
    c = state.counters
    wanted = c.time + delta
    time = max(0, wanted)
    if state.box.time_cap:
        time = min(state.box.time_max, time)
    state = replace(state, counters=replace(c, time=time))
    if wanted < 0 and state.phase == "action" and state.box.time_below_zero_ends_action:
        state = say(
            replace(state, phase="planning"),
            "action-phase-ends",
            _("Time would go below 0: your Action phase ends."),
        )
    return state


def change_horror(state: GameState, delta: int) -> GameState:
    """Horror moves along its track and stops at its ends. With the "horror_overflow" switch
    (rules notes §8, off unless box.json turns it on), past the top it raises Bloodlust and
    past the bottom gives +1 Time."""
    box = state.box
    step = 1 if delta > 0 else -1
    for _step in range(abs(delta)):
        horror = state.counters.horror
        if step > 0 and horror >= box.horror_max:
            if box.horror_overflow:
                state = say(
                    state, "horror-at-top", _("Horror is at the top: Bloodlust +1 instead."), 1
                )
                state = raise_bloodlust(state, 1)
        elif step < 0 and horror <= box.horror_min:
            if box.horror_overflow:
                state = change_time(state, 1)
                state = say(
                    state, "horror-at-bottom", _("Horror is at the bottom: +1 Time instead."), 1
                )
        else:
            state = replace(state, counters=replace(state.counters, horror=horror + step))
    return state


def change_health(state: GameState, delta: int) -> GameState:
    """Her Health; when it is gone her Final Health token must be turned over (or she dies)."""
    c = state.counters
    health = (
        max(0, min(state.box.health, c.health + delta)) if delta > 0 else max(0, c.health + delta)
    )
    state = replace(state, counters=replace(c, health=health))
    if health == 0 and c.health > 0:
        if c.final_health == "hidden":
            state = say(
                replace(state, due=state.due | {"final-health"}),
                "final-health-due",
                _("Your Health is gone: turn over your Final Health token."),
            )
        else:
            state = end_game(state, "loss", _("You have no Health left: the Final Girl dies."))
    return state


def victims_saved(state: GameState, count: int) -> GameState:
    c = state.counters
    state = replace(state, counters=replace(c, victims_saved=c.victims_saved + count))
    saved = ngettext("{count} Victim saved.", "{count} Victims saved.", count).format(count=count)
    return emit(state, "victim-saved", saved, count=count)


def end_game(state: GameState, result: Result, why: str) -> GameState:
    """Win or loss, recorded with the round. Win if he dies at the same moment she does."""
    if (
        result == "loss"
        and state.counters.killer_health == 0
        and "killer-final-health" not in state.due
    ):
        result = "win"
        # Translators: {reason} is how the Final Girl died.
        why = _("{reason} {killer} dies at the same moment: you win.").format(
            reason=why, killer=killer_shown(state)
        )
    state = replace(state, result=result, ended_round=state.round, due=frozenset())
    return say(state, "game-over", why, name=result)


def change_killer_health(state: GameState, delta: int) -> GameState:
    """The Killer's Health, within 0 and the box's value; at 0 he dies (or, against Dr. Fright
    with Never Really Dead, his Final Health is due)."""
    c = state.counters
    if delta > 0:
        return replace(
            state,
            counters=replace(
                c, killer_health=min(state.box.killer_health, c.killer_health + delta)
            ),
        )
    health = max(0, c.killer_health + delta)
    state = replace(state, counters=replace(c, killer_health=health))
    if health == 0 and c.killer_health > 0:
        if (
            fright_game(state)
            and state.dark_power == NEVER_REALLY_DEAD
            and c.killer_final_health == "hidden"
        ):
            back = _(
                "{card}: he comes back once. Draw 3 Final Health tokens: their total is his Health."
            ).format(card=card_shown(NEVER_REALLY_DEAD))
            state = replace(state, due=state.due | {"killer-final-health"})
            return say(state, "killer-final-health-due", back)
        state = end_game(
            state, "win", _("{killer} dies. You win!").format(killer=killer_shown(state))
        )
        if killer_token_offered(state):
            # His own Final Health token (rules notes §11): the sources imply it, this box's
            # rulebook does not print it. The win stands; one click draws it.
            state = say(
                state,
                "killer-token-offer",
                _(
                    "If {killer} has a Final Health token at your table, draw it: a number "
                    "brings him back with that Health, a blank beats him."
                ).format(killer=killer_shown(state)),
            )
    return state


def killer_token_offered(state: GameState) -> bool:
    """Whether his own Final Health token may be drawn now (rules notes §11): he was beaten
    by his Health going to 0 while she still stands, his token is still hidden (Never Really
    Dead, which replaces it, is not in play, or the game would not have ended), and the box's
    switch ``killer_token`` is on. An offer: nothing is refused or applied until it is drawn."""
    c = state.counters
    return (
        bool(state.box.killer_token)
        and state.result == "win"
        and c.killer_health == 0
        and c.health > 0
        and c.killer_final_health == "hidden"
    )


def shock_factor_on(state: GameState) -> bool:
    """Epic Dark Power: Shock Factor is Dr. Fright's card: it acts only when he is the Killer
    (against another Killer a Dark Power of that name is tracked as out, with no effect)."""
    return fright_game(state) and state.dark_power == SHOCK_FACTOR


def _shock_kills(state: GameState, killed: int, *, smalleys: int = 0) -> GameState:
    """Counts ``killed`` Shock Factor deaths (Bloodlust too) and the turn's allowance."""
    state = victims_died(state, killed, smalleys=smalleys)
    state = replace(state, shock_kills_this_round=state.shock_kills_this_round + killed)
    return say(
        state,
        "shock-factor",
        ngettext(
            "{card}: {count} Victim is killed instead of panicking.",
            "{card}: {count} Victims are killed instead of panicking.",
            killed,
        ).format(card=card_shown(SHOCK_FACTOR), count=killed),
        killed,
        total=SHOCK_LIMIT,
    )


def shock_factor(
    state: GameState, space: str, who: VictimKind, count: int
) -> tuple[GameState, int]:
    """Epic Dark Power: Shock Factor, "If a Victim would panic, it is killed instead. (Max 3
    per turn)". The one place the rule lives: removes the Victims that die, counts their
    deaths (Bloodlust too) and the turn's allowance. Returns the state and how many still
    panic."""
    if not shock_factor_on(state):
        return state, count
    killed = min(
        count, SHOCK_LIMIT - state.shock_kills_this_round, state.table.count_of(space, who)
    )
    if killed <= 0:
        return state, count
    table = state.table.without_victims(space, who, killed)
    state = _shock_kills(
        replace(state, table=table), killed, smalleys=killed if who == "smalley" else 0
    )
    return state, count - killed


def shock_factor_location(state: GameState, count: int) -> tuple[GameState, int]:
    """Shock Factor at another Location: the Victims that die come off its table's count."""
    table = state.location
    if not shock_factor_on(state) or table is None:
        return state, count
    killed = min(count, SHOCK_LIMIT - state.shock_kills_this_round, table.victims)
    if killed <= 0:
        return state, count
    state = replace(state, location=replace(table, victims=table.victims - killed))
    return _shock_kills(state, killed), count - killed


SPECIAL_CARDS: dict[EventName, VictimKind] = {THE_SMALLEYS: "smalley", BOYFRIEND: "boyfriend"}


def discard_gone_specials(state: GameState) -> GameState:
    """Event: The Smalleys, "Discard this card when the Smalleys are no longer on the board"
    (by any cause: death, fire, saved); the Boyfriend's card likewise."""
    table = state.table
    gone = [
        card
        for card, who in SPECIAL_CARDS.items()
        if card in table.events
        and not (table.smalleys if who == "smalley" else table.boyfriend is not None)
    ]
    if not gone:
        return state
    events = tuple(e for e in table.events if e not in gone)
    state = replace(state, table=replace(table, events=events))
    for card in gone:
        state = say(
            state,
            "event-discarded",
            _("{card} is no longer on the board: discard its Event card.").format(
                card=card_shown(card)
            ),
            name=card,
        )
    return state
