"""A counter's − and + (``AdjustCounter``) with the rules that follow from it, an Action card
discarded for Time, and one of the box's numbers corrected for this game.

Sources: docs/rules-notes.md §1, §4 and §6 (numbers from one source, kept in ``box.json``),
§8 (unsourced rules: switches in ``box.json``, off unless turned on, never a refusal).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import _
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.round import AdjustCounter, CounterName, DiscardActionCard
from frightmare.model.box.numbers import BOX_FIELDS, BOX_LABELS, SWITCHES
from frightmare.model.cards.consequences import awake_card_rule
from frightmare.model.counters import (
    box_label,
    change_health,
    change_horror,
    change_killer_health,
    change_time,
    counter_title,
    counter_value,
    fright_game,
    raise_bloodlust,
    victims_died,
)
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, say
from frightmare.model.lane.killer import attack_blocked


def check_counter(state: GameState, counter: CounterName, delta: int) -> None:
    """A counter at the end of its track (Health at its maximum, no Victim killed yet): a
    step that changes nothing is not recorded, so there is no step in History for it."""
    if not counter_changes(state, counter, delta):
        title = counter_title(state, counter)
        value = counter_value(state, counter)
        raise impossible(
            _("{counter} is already {value}: {delta} changes nothing.").format(
                counter=title, value=value, delta=f"{delta:+d}"
            )
        )


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
            _(
                "You are Awake: you may not attack or be attacked by Dr. Fright, so his Health "
                "does not go down (unless an effect allows it: name it with “An effect allows "
                "it…”, or record this anyway)."
            ),
            rule=awake_card_rule(),
        )


def adjust(state: GameState, action: AdjustCounter) -> GameState:
    if action.counter == "health" and action.delta < 0 and state.dream.attack_open:
        # Her Health lowered by hand: the Boiler Room attack's damage is recorded (duties).
        state = replace(state, dream=replace(state.dream, attack_open=False))
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


def discard_action_card(state: GameState, action: DiscardActionCard) -> GameState:
    # Rules notes §1: "Any Action card may be discarded at any time for +1 Time."
    return change_time(state, 1)


def check_set_box_value(state: GameState, action: SetBoxValue) -> None:
    if action.name in SWITCHES:
        if action.value not in (0, 1):
            raise impossible(_("A switch is 0 (off) or 1 (on)."))
        return
    if action.name not in BOX_FIELDS:
        raise impossible(_("There is no box value called “{name}”.").format(name=action.name))
    box = state.box.with_value(action.name, action.value)
    if box.horror_min > box.horror_max or not box.horror_min <= box.horror_start <= box.horror_max:
        raise impossible(_("The Horror track needs lowest ≤ start ≤ highest."))
    if not 0 < box.dark_power_at <= box.bloodlust_max:
        raise impossible(_("The Dark Power row must lie on the Bloodlust track."))
    if box.health < 1 or box.killer_health < 1 or box.time_per_round > box.time_max:
        raise impossible(_("That value does not fit the rest of the box."))


def set_box_value(state: GameState, action: SetBoxValue) -> GameState:
    if action.name in SWITCHES:
        box = state.box.with_value(action.name, action.value)
        state = replace(state, box=box)
        label = box_label(state, action.name)
        text = _("{switch}: on.") if action.value else _("{switch}: off.")
        return say(state, "box-value", text.format(switch=label), action.value, name=action.name)
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
    # Translators: one of the box's numbers corrected for this game, "Time each round: 5.".
    text = _("{label}: {value}.").format(label=_(BOX_LABELS[action.name]), value=action.value)
    return say(state, "box-value", text, action.value, name=action.name)
