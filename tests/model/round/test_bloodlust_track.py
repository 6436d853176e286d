"""Dr. Fright's Bloodlust track (cards audit of issue 20): the counter's defaults are his
board's rows as the one source reads them, and what each row does happens when the marker
gets there.

Source: rules notes §4 and §9 (one source, the fan engine's reading of his Killer board: rows 1
to 10 from the start, the Dark Power on row 5, +1 Horror on reaching rows 2, 4 and 7, +2 on
row 9; "Bloodlust rising while already at maximum: if you are Asleep, the Boiler Room deck
resets; if you are Awake, you fall Asleep"). The app counts the start row as 0, so the track
runs 0 to 9 and the Dark Power row is 4. All of it is editable (``cards.json``, ``box.json``,
Game > Box values), never a refusal. Another Killer keeps ``box.json``'s own track.
"""

from __future__ import annotations

from frightmare.model import GameSetup, GameState, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.round import AdjustCounter, NextPhase
from frightmare.model.box.card_data import default_cards
from frightmare.model.box.numbers import box_values
from frightmare.model.round.checklist import reminders


def fright() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))


def test_his_counter_runs_over_his_boards_rows_with_the_dark_power_on_row_five() -> None:
    # Rules notes §9: "the Bloodlust rows ... the Dark Power row" (one source): rows 1 to 10,
    # the Dark Power on row 5; the app's counter starts at 0.
    rows = default_cards().killer.bloodlust
    box = fright().state.box
    assert box.bloodlust_max == rows[-1].bloodlust == 9
    assert box.dark_power_at == next(r.bloodlust for r in rows if r.dark_power) == 4
    assert box_values("Nancy", "Dr. Fright").bloodlust_max == 9


def test_another_killer_keeps_the_box_files_own_track() -> None:
    # box.json's bloodlust_track (unverified) is any other Killer's: his board is not ours.
    box = box_values("Nancy", "Hans")
    assert (box.bloodlust_max, box.dark_power_at) == (10, 6)


def test_the_dark_power_is_due_on_reaching_its_row() -> None:
    # Rules notes §1: "The Dark Power is revealed when Bloodlust reaches the marked row".
    history = fright()
    state = history.do(AdjustCounter(counter="bloodlust", delta=3))
    assert "dark-power" not in {key for key, _, _ in reminders(state)}
    state = history.do(AdjustCounter(counter="bloodlust", delta=1))
    assert "dark-power" in {key for key, _, _ in reminders(state)}


def test_reaching_the_top_row_is_not_yet_rising_past_it() -> None:
    # Rules notes §4 (one source): "Bloodlust rising while already at maximum: ... if you are
    # Awake, you fall Asleep" -- reaching the last row does nothing more than reach it.
    history = fright()
    state = history.do(AdjustCounter(counter="bloodlust", delta=9))
    assert state.counters.bloodlust == 9 and state.dream.awake
    state = history.do(AdjustCounter(counter="bloodlust", delta=1))
    assert state.counters.bloodlust == 9 and state.asleep
    history.do(Slide(direction="up"))
    state = history.do(AdjustCounter(counter="bloodlust", delta=1))
    assert state.asleep and state.dream.reveals == ()  # Asleep: the deck resets


def test_a_rise_that_goes_past_the_top_in_one_step_puts_her_to_sleep() -> None:
    history = fright()
    history.do(AdjustCounter(counter="bloodlust", delta=8))
    state = history.do(AdjustCounter(counter="bloodlust", delta=2))  # row 10, then past it
    assert state.counters.bloodlust == 9 and state.asleep


def test_each_row_reached_reminds_its_horror() -> None:
    # Rules notes §9 (one source): +1 Horror on reaching rows 2, 4 and 7, +2 on row 9 (the app's
    # Bloodlust 1, 3, 6 and 8). One source: a reminder with the row's value, never a change the
    # journal of an older game would not replay to.
    history = fright()
    horror = history.state.counters.horror

    def rows_said(state: GameState) -> list[tuple[int, int]]:
        return [(e.total, e.count) for e in state.events if e.kind == "bloodlust-row"]

    state = history.do(AdjustCounter(counter="bloodlust", delta=1))
    assert rows_said(state) == [(1, 1)] and state.counters.horror == horror
    assert rows_said(history.do(AdjustCounter(counter="bloodlust", delta=1))) == []
    state = history.do(AdjustCounter(counter="bloodlust", delta=5))  # rows 4 and 7
    assert rows_said(state) == [(3, 1), (6, 1)]
    assert rows_said(history.do(AdjustCounter(counter="bloodlust", delta=1))) == [(8, 2)]


def test_the_rows_are_his_only() -> None:
    # Another Killer's board is not Dr. Fright's: no row of his is reminded.
    history = History(new_game(GameSetup(killer="Hans", setup_card="Maple Lane"), seed=2))
    state = history.do(AdjustCounter(counter="bloodlust", delta=3))
    assert not [e for e in state.events if e.kind == "bloodlust-row"]


def test_the_track_stays_the_players_to_correct() -> None:
    # "The table is the truth": the box values are editable; a corrected top row holds.
    history = fright()
    history.do(SetBoxValue(name="bloodlust_max", value=10))
    state = history.do(AdjustCounter(counter="bloodlust", delta=10))
    assert state.counters.bloodlust == 10 and state.dream.awake
    history.do(FallAsleep())
    history.do(NextPhase())
    assert history.state.counters.bloodlust == 10
