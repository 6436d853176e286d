"""Rule branches no other test ran (issue 12 item 9): Shock Factor off and at its limit at
another Location, more Victims panicking than the Location has, and Victims moved into a House
that burnt down. Each test quotes the rule it checks."""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    Action,
    AddVictims,
    Convince,
    EditTable,
    MoveVictims,
    Place,
    RevealDarkPower,
    RevealEvent,
    Search,
    SetVictims,
    VictimsPanic,
)
from frightmare.model.counters import SHOCK_LIMIT, shock_factor_location
from frightmare.model.errors import RuleViolation
from frightmare.model.location import AddLocationVictims
from frightmare.model.rules import record_anyway

CAMP = "Camp Happy Trails"
# Epic Dark Power "Shock Factor" (rulebook): "If a Victim would panic, it is killed instead.
# (Max 3 per turn)"


def camp(*, shock: bool, victims: int) -> History:
    history = History(new_game(GameSetup(location=CAMP, epic=True), seed=3))
    if shock:
        history.do(RevealDarkPower(name="Shock Factor"))
    history.do(AddLocationVictims(count=victims))
    return history


def test_without_shock_factor_the_location_victims_panic_as_normal() -> None:
    # Shock Factor not revealed: no Victim "is killed instead"; all of them still panic.
    history = camp(shock=False, victims=4)
    state, left = shock_factor_location(history.state, 2)
    assert (state, left) == (history.state, 2)
    state = history.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 4
    assert state.counters.victims_killed == 0 and state.shock_kills_this_round == 0
    assert not [e for e in state.events if e.kind == "victim-died"]


def test_on_maple_lane_the_location_rule_leaves_the_victims_to_the_board() -> None:
    # The Location's count is for games away from Maple Lane; on it the board's rule applies.
    history = History(new_game(GameSetup(epic=True), seed=3))
    history.do(RevealDarkPower(name="Shock Factor"))
    assert shock_factor_location(history.state, 2) == (history.state, 2)


def test_past_its_limit_at_another_location_shock_factor_kills_no_more() -> None:
    # "(Max 3 per turn)": once 3 have died this round, the next Victims panic as normal.
    history = camp(shock=True, victims=6)
    state = history.do(VictimsPanic(count=SHOCK_LIMIT))
    assert state.shock_kills_this_round == SHOCK_LIMIT
    assert [e.count for e in state.events if e.kind == "victim-died"] == [SHOCK_LIMIT]
    killed, bloodlust = state.counters.victims_killed, state.counters.bloodlust
    state, left = shock_factor_location(history.state, 2)
    assert (state, left) == (history.state, 2)
    state = history.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 6 - SHOCK_LIMIT
    assert state.counters.victims_killed == killed and state.counters.bloodlust == bloodlust
    assert state.shock_kills_this_round == SHOCK_LIMIT
    assert not [e for e in state.events if e.kind == "victim-died"]


def test_more_victims_cannot_panic_than_the_location_has() -> None:
    # Shock Factor kills Victims that "would panic": Victims the table does not show cannot;
    # the player corrects the Location's count first, so this refusal cannot be overridden.
    history = camp(shock=True, victims=2)
    before = history.state
    with pytest.raises(RuleViolation, match="Only 2 Victim") as refused:
        history.do(VictimsPanic(count=3))
    assert not refused.value.overridable
    with pytest.raises(RuleViolation):
        history.do(record_anyway(VictimsPanic(count=3)))
    assert history.state is before


def test_victims_cannot_be_moved_into_a_burnt_house_unless_recorded_anyway() -> None:
    # Rules notes §5, Fire!: "the Victims in it die, anyone else there takes 1 damage ..., and
    # the House is closed for good." Rulebook: "Panicking Victims and Enemies are not
    # restricted, so they may move into an occupied House freely": a closed House is not
    # occupied but gone, so the app refuses; the table is the truth, so it can be recorded.
    history = History(new_game(GameSetup(), seed=3))
    history.do(Place(piece="final girl", space="exit-n"))
    history.do(SetVictims(space="street-w", count=2))
    history.do(RevealEvent(name="Fire!", die=5))  # 4-6: the Smalleys' House burns
    assert "smalleys-house" in history.state.table.closed
    move = MoveVictims(source="street-w", target="smalleys-house", count=1, panic=True)
    with pytest.raises(RuleViolation, match="closed for good") as refused:
        history.do(move)
    assert refused.value.overridable and refused.value.rule == "Event: Fire!"
    state = history.do(record_anyway(move))
    assert state.table.victims["smalleys-house"] == 1
    assert state.table.victims["street-w"] == 1


HOUSE = "smalleys-house"


@pytest.mark.parametrize(
    ("where", "action"),
    [
        ("street", AddVictims(space=HOUSE)),
        ("street", Convince(house=HOUSE, result="3+")),
        ("house", Search(house=HOUSE)),
    ],
)
def test_a_burnt_house_takes_no_victims_convince_or_search(where: str, action: Action) -> None:
    # Rules notes §5, Fire!: "the House is closed for good." A House burnt on the table (an
    # edit) is refused to every play that uses it; recorded anyway, the play stands.
    history = History(new_game(GameSetup(), seed=3))
    history.do(SetVictims(space=HOUSE, count=1))
    history.do(EditTable(piece="burnt house", target=HOUSE))
    street = history.state.board.adjacent_street(HOUSE)
    history.do(Place(piece="final girl", space=street if where == "street" else HOUSE))
    with pytest.raises(RuleViolation, match="closed for good") as refused:
        history.do(action)
    assert refused.value.overridable and refused.value.rule == "Event: Fire!"
    history.do(record_anyway(action))
    assert history.actions[-1] == record_anyway(action)
