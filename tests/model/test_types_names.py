"""Closed sets of names are Literal types shared by the actions, the model and the data files
(issue 12 item 3): the box's value and switch names, and the Convince card's line ids."""

from __future__ import annotations

import json
from dataclasses import fields
from importlib import resources
from typing import Any, get_args

import pytest
from pydantic import ValidationError

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.base import field_types
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.journal import ACTION_ADAPTER
from frightmare.model.actions.lane import Convince
from frightmare.model.box.board import default_board
from frightmare.model.box.numbers import (
    BOX_FIELDS,
    SWITCHES,
    BoxField,
    BoxValueName,
    BoxValues,
    SwitchName,
)
from frightmare.model.game.state import Result
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.games.document import SessionHeader


def _values(literal: Any) -> tuple[object, ...]:
    """The strings of a Literal, or of a union of Literals."""
    args = get_args(literal)
    return tuple(v for arg in args for v in (_values(arg) if get_args(arg) else (arg,)))


def test_the_box_names_are_the_box_values_fields() -> None:
    names = tuple(f.name for f in fields(BoxValues))
    assert names == (*_values(BoxField), *SWITCHES)
    assert _values(BoxField) == BOX_FIELDS and _values(SwitchName) == SWITCHES
    assert _values(BoxValueName) == names


def test_box_json_switches_are_named_as_the_model_names_them() -> None:
    # A misspelt switch in box.json would be ignored without a word (its default applies).
    text = resources.files("frightmare.resources").joinpath("box.json").read_text("utf-8")
    assert set(json.loads(text).get("switches", {})) <= set(SWITCHES)


def test_every_box_name_can_be_set_and_no_other() -> None:
    history = History(new_game(GameSetup(), seed=3))
    for name in (*BOX_FIELDS, *SWITCHES):
        value = int(getattr(history.state.box, name))
        assert getattr(history.do(SetBoxValue(name=name, value=value)).box, name) == value
    with pytest.raises(ValidationError):
        ACTION_ADAPTER.validate_python({"kind": "box-value", "name": "healt", "value": 3})


def test_every_packaged_convince_line_fits_the_action() -> None:
    # "Add or drop lines freely" (the board file's note): the ids stay open, but each id the
    # packaged board has must be one a Convince action can carry.
    for line_id in default_board().convince_lines:
        assert Convince(house="house-nw-exit-w", result=line_id).result == line_id


def test_a_result_is_spelt_alike_in_the_action_the_session_file_and_the_play_log() -> None:
    header = SessionHeader.model_fields["result"].annotation
    log = LogEntry.model_fields["result"].annotation
    assert _values(Result) == ("win", "loss")
    assert _values(field_types(EndGame)["result"]) == _values(Result)
    assert tuple(v for v in _values(header) if v is not type(None)) == _values(Result)
    assert _values(log) == _values(Result)
