"""The rules table pairs each action with its own rule (issue 12 item 3: "Action dispatch is
checked exhaustive"); the type checker sees each pair, these tests see the whole table."""

from __future__ import annotations

from typing import get_args

import pytest

from frightmare.model import GameSetup, new_game
from frightmare.model.actions.game import EditNotes, Rename
from frightmare.model.actions.journal import Action
from frightmare.model.errors import RuleViolation
from frightmare.model.rules import _ROWS, _RULES


def test_each_action_kind_has_one_row() -> None:
    kinds = [kind for kind, _rule in _ROWS]
    union = get_args(get_args(Action)[0])
    assert len(kinds) == len(set(kinds)) == len(union)
    assert set(kinds) == set(union) == set(_RULES)


def test_a_rule_refuses_an_action_of_another_kind() -> None:
    state = new_game(GameSetup(), seed=1)
    rule = _RULES[Rename]
    rule.check(state, Rename(name="Friday"))
    assert rule.effect(state, Rename(name="Friday")).name == "Friday"
    other = EditNotes(notes="the Cop Car is at the North Exit")
    for part in (rule.check, rule.effect):
        with pytest.raises(RuleViolation, match="does not know the action"):
            part(state, other)
