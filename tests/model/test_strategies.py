"""The random-play strategies cover the model's whole ``Action`` union (issue 12 item 9): a new
action without a strategy fails here, and every strategy draws a valid action of its kind."""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import STRATEGIES, literal_values

from frightmare.model.actions.base import field_types
from frightmare.model.actions.dream import Slide
from frightmare.model.actions.journal import ACTION_ADAPTER, Action
from frightmare.model.actions.lane import Move, Piece, Place, Special
from frightmare.model.game.boiler_room import QUADRANTS

MEMBERS: tuple[type[Any], ...] = get_args(get_args(Action)[0])


def test_every_action_in_the_union_has_a_strategy_and_no_more() -> None:
    assert len(MEMBERS) == len(set(MEMBERS))
    missing = {kind.__name__ for kind in MEMBERS} - {kind.__name__ for kind in STRATEGIES}
    extra = {kind.__name__ for kind in STRATEGIES} - {kind.__name__ for kind in MEMBERS}
    assert not missing, f"actions with no strategy in tests/model/strategies.py: {missing}"
    assert not extra, f"strategies for what is not an action: {extra}"
    assert set(STRATEGIES) == set(MEMBERS)


def test_choices_come_from_the_model_literals() -> None:
    # The lists the strategies draw from are the model's own, not copies.
    assert literal_values(field_types(Place)["piece"]) == get_args(Piece)
    assert literal_values(field_types(Move)["specials"]) == get_args(Special)
    assert literal_values(field_types(Slide)["report"]) == (*QUADRANTS, "nothing")


@settings(max_examples=len(MEMBERS) * 3)
@given(data=st.data(), kind=st.sampled_from(MEMBERS))
def test_each_strategy_draws_a_valid_action_of_its_kind(
    data: st.DataObject, kind: type[Any]
) -> None:
    action = data.draw(STRATEGIES[kind])
    assert type(action) is kind
    assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(action)) == action
    assert action.describe()


def test_the_hypothesis_profile_has_no_deadline() -> None:
    # tests/conftest.py: a busy machine must not fail a property (issue 23 item 2).
    assert settings().deadline is None
    assert settings.get_profile("frightmare").deadline is None
