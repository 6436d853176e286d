"""Issue 31: Convince is played from where she stands. The rulebook, "Convince Action cards and
entering occupied houses": "To enter an occupied House from the adjacent Street space, you must
successfully convince your neighbor to let you in using a Convince Action card." Her own space's
plays offer the Convince into each adjacent occupied House, the same plays (actions and
verdicts) that House's own menu offers: one rule, asked once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from frightmare.model import GameSetup, GameState, new_game
from frightmare.model.actions.lane import Convince
from frightmare.model.lane.houses import convince_targets
from frightmare.model.query.legal import legal_actions
from frightmare.model.query.space_plays import space_plays

HOUSE = "house-sw-exit-w"  # occupied at the start of Block Party, beside West Exit
EMPTY = "house-nw-exit-w"  # beside West Exit too, nobody in it


def block_party(**table: Any) -> GameState:
    state = new_game(GameSetup(setup_card="Block Party"), seed=1)
    return replace(state, table=replace(state.table, **table)) if table else state


def test_her_space_offers_the_convince_into_each_adjacent_occupied_house() -> None:
    # "To enter an occupied House from the adjacent Street space, you must successfully
    # convince your neighbor to let you in using a Convince Action card."
    state = block_party(final_girl="exit-w")
    assert state.table.occupied(HOUSE) and not state.table.occupied(EMPTY)
    into = space_plays(state, "exit-w").convince_into
    assert [house for house, _play in into] == [HOUSE]
    _house, play = into[0]
    # The very plays of the House's own menu: the same lines, actions and verdicts.
    assert play == space_plays(state, HOUSE).convince
    assert play.offered and play.verdict.allowed
    assert [option.action for option in play.lines] == [
        Convince(house=HOUSE, result=line.id) for line in state.board.data.convince
    ]


def test_an_unoccupied_house_is_entered_by_moving_not_convinced() -> None:
    # "If a House is unoccupied, normal movement rules apply."
    start = block_party()
    state = block_party(final_girl="exit-w", victims=start.table.victims.add(HOUSE, -1))
    assert space_plays(state, "exit-w").convince_into == ()


def test_only_her_own_space_offers_it() -> None:
    # The card is played from her space: another space beside the House offers no Convince.
    state = block_party(final_girl="exit-w")
    assert space_plays(state, "street-w").convince_into == ()
    # From inside a House there is no Street space to convince from.
    inside = block_party(final_girl=EMPTY)
    assert space_plays(state=inside, space=EMPTY).convince_into == ()


def test_a_refused_convince_is_offered_with_the_houses_own_refusal() -> None:
    # Outside the Action phase the House's menu refuses it with its rule; her space says the
    # same (the verdict is one, asked of the same query).
    state = replace(block_party(final_girl="exit-w"), phase="killer")
    (house, play), *_ = space_plays(state, "exit-w").convince_into
    assert play.verdict == space_plays(state, house).convince.verdict


def test_the_legal_convinces_are_those_of_her_space() -> None:
    state = block_party(final_girl="exit-w")
    legal = {action for action in legal_actions(state) if isinstance(action, Convince)}
    houses = {action.house for action in legal}
    assert houses == set(convince_targets(state)) == {HOUSE}
    offered = {
        option.action
        for _house, play in space_plays(state, "exit-w").convince_into
        for option in play.lines
    }
    assert offered <= legal
    assert {action for action in legal if not action.take_item} == offered


def test_each_line_reads_short_for_a_row_of_small_buttons() -> None:
    state = block_party(final_girl="exit-w")
    (_house, play), *_ = space_plays(state, "exit-w").convince_into
    assert [option.short for option in play.lines] == ["3+", "2", "1", "Fail"]
