"""The actions' records (``actions.base``): plain frozen dataclasses whose bounds hold both when
an action is made and when the journal reads one, so that no action the app makes is one its
own file would refuse (a game that could not be opened again)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from pydantic import ValidationError
from strategies import actions

from frightmare.model.actions.base import Between, Length, bounds, field_types
from frightmare.model.actions.journal import ACTION_ADAPTER, Action
from frightmare.model.actions.lane import Move


def _past(limit: Between | Length, value: object) -> object | None:
    """A value one past ``limit``'s greatest, of ``value``'s kind (None: no such value here)."""
    if isinstance(limit, Between):
        return limit.high + 1
    if isinstance(value, str) or value is None:
        return "x" * (limit.high + 1)
    return None


@settings(max_examples=60)
@given(action=actions())
def test_a_value_past_a_field_s_bounds_is_refused_when_made_and_when_read(action: Action) -> None:
    data: dict[str, Any] = ACTION_ADAPTER.dump_python(action, mode="json")
    assert ACTION_ADAPTER.validate_python(data) == action
    for name, annotation in field_types(type(action)).items():
        limit = bounds(annotation)
        past: Any = None if limit is None else _past(limit, getattr(action, name))
        if past is None:
            continue
        with pytest.raises(ValueError, match=f"{type(action).__name__}: {name} cannot be"):
            dataclasses.replace(action, **{name: past})
        with pytest.raises(ValidationError):
            ACTION_ADAPTER.validate_python({**data, name: past})


def test_an_action_is_frozen_equal_by_its_fields_and_keyword_only() -> None:
    move = Move(to="street-n", steps=2)
    assert move == Move(to="street-n", steps=2) and hash(move) == hash(Move(to="street-n", steps=2))
    assert move != Move(to="street-n", steps=3)
    assert {move, Move(to="street-n", steps=2)} == {move}
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.steps = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="needs to"):
        Move(steps=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes no speed"):
        Move(to="street-n", speed=2)  # type: ignore[call-arg]
    assert dataclasses.replace(move, steps=5) == Move(to="street-n", steps=5)


def test_a_tag_a_type_or_a_member_the_field_does_not_allow_is_refused_when_made() -> None:
    with pytest.raises(ValueError, match="Move: kind"):
        Move(to="street-n", kind="place")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Move: steps"):
        Move(to="street-n", steps=True)  # a bool is an int to Python, not a count
    with pytest.raises(ValueError, match="Move: specials"):
        Move(to="street-n", specials=("nobody",))  # type: ignore[arg-type]


def test_the_unset_anyway_mark_is_left_out_of_the_file_and_a_set_one_kept() -> None:
    # Journals written before the mark existed read as before (no "anyway" key).
    assert "anyway" not in ACTION_ADAPTER.dump_python(Move(to="street-n"))
    marked = Move(to="street-n", anyway=True)
    assert ACTION_ADAPTER.dump_python(marked)["anyway"] is True
    assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(marked)) == marked
