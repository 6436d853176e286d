"""A journal saved in file format 4 replays to the same table after ``upgrade_journal_v4``."""

from __future__ import annotations

from typing import Any

from frightmare.model import JOURNAL_ADAPTER, GameSetup, History, new_game
from frightmare.model.upgrade import upgrade_cursor_v4, upgrade_journal_v4

# Steps as a version-4 file holds them, with what the app of that version did to the table.
V4_JOURNAL: list[dict[str, Any]] = [
    {"kind": "move", "to": "intersection", "steps": 1, "followers": 0},
    {"kind": "move", "to": "street-n", "steps": 1, "followers": 0},
    # The old fail line: "go in anyway": enter, -1 Health, the Action phase ends.
    {"kind": "convince", "house": "house-nw-street", "result": "fail-enter", "take_item": False},
    {"kind": "next-phase"},  # planning -> killer
    {"kind": "next-phase"},  # killer -> upkeep (no Victim died)
    {"kind": "next-phase"},  # round 2, Action
    {"kind": "adjust", "counter": "time", "delta": 10},  # capped at 12 then
    {"kind": "move", "to": "street-n", "steps": 1, "followers": 0},
    # The old fail line that returned the card cost 1 Time.
    {"kind": "convince", "house": "house-nw-street", "result": "fail-return", "take_item": False},
    {"kind": "adjust", "counter": "horror", "delta": 5},  # 4 -> 6, then +3 Bloodlust then
    {"kind": "adjust", "counter": "health", "delta": -10},
    {"kind": "final-health", "value": 2},  # ended the phase then
    {"kind": "notes", "notes": "undone"},
]


def replay(journal: list[Any], cursor: int | None = None) -> History:
    start = new_game(GameSetup(setup_card="Maple Lane"), seed=4)
    return History(start, JOURNAL_ADAPTER.validate_python(journal), cursor)


def test_a_version_4_journal_replays_to_the_table_it_showed() -> None:
    history = replay(upgrade_journal_v4(V4_JOURNAL))
    assert not any(action.anyway for action in history.actions[:3])  # the switches
    state = history.state
    c = state.counters
    assert state.table.final_girl == "street-n"  # went in anyway, came out, failed again
    assert state.round == 2 and state.phase == "planning"  # Final Health ended the phase
    assert c.time == 11  # capped at 12, then -1 for the returned card
    assert c.horror == 6 and c.bloodlust == 3  # Horror past the top raised Bloodlust
    assert c.health == 2 and c.final_health == "used"
    assert state.notes == "undone"


def test_the_first_fail_enter_puts_her_in_the_house_and_ends_the_action_phase() -> None:
    upgraded = upgrade_journal_v4(V4_JOURNAL[:3])
    state = replay(upgraded).state
    assert state.table.final_girl == "house-nw-street"
    assert state.counters.health == state.box.health - 1
    assert state.phase == "planning"


def test_the_undo_cursor_follows_the_upgrade() -> None:
    cursor = upgrade_cursor_v4(V4_JOURNAL, len(V4_JOURNAL) - 1)
    history = replay(upgrade_journal_v4(V4_JOURNAL), cursor)
    assert history.state.notes == ""  # the last old step stays undone
    assert history.state.counters.final_health == "used"
    assert history.state.phase == "planning"
