"""What an action changed, by part (``changes.between``): every field that differs is named by
its part, every space whose pieces or tokens differ is named, and what did not change is not."""

from __future__ import annotations

from dataclasses import fields, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import game_setups, legal_play

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.lane import Move, Place
from frightmare.model.actions.round import AdjustCounter, NextPhase
from frightmare.model.game import changes
from frightmare.model.game.changes import EVERYTHING, PARTS, Changes, between
from frightmare.model.game.state import GameState
from frightmare.model.game.table import Table
from frightmare.model.rules import apply


def _game() -> GameState:
    return new_game(GameSetup(final_girl="Nancy", setup_card="Block Party"), seed=1)


def _space_content(table: Table, space: str) -> tuple[object, ...]:
    """Everything the board draws on one space, from the table (the brute-force reference)."""
    car = table.cop_car
    return (
        table.final_girl == space,
        table.killer == space,
        table.victims[space],
        table.smalleys.count(space),
        table.boyfriend == space,
        space in table.x_tokens,
        space in table.closed,
        space in table.roadblocks,
        (car.heading, car.carried) if car is not None and car.space == space else None,
        table.bicycle == space and table.bicycle_ridden_round,
        table.bicycle == space,
        space in table.booby_traps,
        table.fireworks == space,
    )


def test_the_same_state_changed_nothing() -> None:
    state = _game()
    assert between(state, state).nothing


def test_a_move_changes_the_two_spaces_and_what_it_said() -> None:
    state = _game()
    start = state.table.final_girl
    assert start is not None
    target = next(iter(state.board.neighbours(start)))
    after = apply(state, Move(to=target, steps=1))
    found = between(state, after)
    assert found.spaces == {start, target}
    assert "spaces" in found
    assert not found.any("counters", "round", "dream", "powers", "decks", "game", "record")


def test_a_counter_changes_the_counters_only() -> None:
    state = _game()
    after = apply(state, AdjustCounter(counter="time", delta=-1))
    found = between(state, after)
    assert "counters" in found
    assert not found.spaces
    assert not found.any("spaces", "round", "dream", "game")


def test_the_next_phase_changes_the_round() -> None:
    state = _game()
    assert "round" in between(state, apply(state, NextPhase()))


def test_placing_him_names_where_he_was_and_where_he_is() -> None:
    state = _game()
    before = state.table.killer
    target = next(s for s in state.board.spaces if s not in (before, state.table.final_girl))
    after = apply(state, Place(piece="dr fright", space=target))
    assert between(state, after).spaces == {s for s in (before, target) if s is not None}


def test_another_game_is_everything() -> None:
    state = _game()
    renamed = replace(state, name="Another")
    assert between(state, renamed) is EVERYTHING
    assert all(part in EVERYTHING for part in PARTS)
    assert EVERYTHING.space_changed("anywhere")


def test_changes_combine() -> None:
    one = Changes(frozenset({"counters"}), frozenset({"street-w"}))
    two = Changes(frozenset({"history"}))
    both = one | two
    assert both.parts == {"counters", "history"} and both.spaces == {"street-w"}
    assert (one | EVERYTHING).everything


def _reference(before: GameState, after: GameState, found: Changes) -> None:
    """Every field that differs is named by its part; every space that differs is named."""
    for f in fields(GameState):
        if f.name == "table":
            continue
        if getattr(before, f.name) != getattr(after, f.name):
            assert found.everything or changes._FIELDS[f.name] in found, f.name
    if before.result != after.result:
        assert "record" in found
    for space in after.board.spaces:
        if _space_content(before.table, space) != _space_content(after.table, space):
            assert found.space_changed(space), space
    for name in changes._DECKS:
        if getattr(before.table, name) != getattr(after.table, name):
            assert "decks" in found, name


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup=game_setups)
def test_between_names_whatever_changed(data: st.DataObject, setup: GameSetup) -> None:
    """Over legal plays of random games, ``between`` misses nothing (checked field by field
    and space by space against the states themselves), and names no space that did not
    change."""
    history = History(new_game(setup, seed=data.draw(st.integers(0, 99))))
    for _ in range(data.draw(st.integers(1, 30))):
        action = legal_play(data, history.state)
        if action is None:
            break
        before = history.state
        history.do(action)
        after = history.state
        found = between(before, after)
        _reference(before, after, found)
        if not found.everything:
            for space in found.spaces:
                assert _space_content(before.table, space) != _space_content(after.table, space)
