"""What a phase still owes (issue 31): a phase may not be left while something it owes is
open (a panic proposed, an attack revealed, a card drawn but not resolved). Next does it when
the app knows it exactly, else it is refused with the reason (Record anyway goes on)."""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import DrFrightAttacks, FallAsleep, SetDeckMode, Slide
from frightmare.model.actions.lane import SetVictims
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.cards import HIT_BY_A_CAR
from frightmare.model.errors import RuleViolation
from frightmare.model.rules import record_anyway


def _history() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane", final_girl="Nancy"), seed=1))


def _panic_phase() -> History:
    """Round 1's Panic phase: a Victim died this round and one is left in his space."""
    history = _history()
    him = history.state.table.killer
    assert him is not None
    for space in list(history.state.table.victims):
        history.do(SetVictims(space=space, count=0))
    history.do(SetVictims(space="house-se-street", count=1))
    history.do(NextPhase())
    history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    history.do(SetVictims(space="house-se-street", count=0))  # a Victim dies...
    from frightmare.model.actions.round import AdjustCounter

    history.do(AdjustCounter(counter="killed", delta=1))
    history.do(SetVictims(space=him, count=1))  # ...and one stands in his space
    history.do(DrawTerror(name="Ewwww! That's disgusting!"))
    history.do(NextPhase())
    assert history.state.phase == "panic"
    return history


def test_next_refuses_to_drop_a_panic() -> None:
    # Rules notes §1, Panic: "the Victims in the Killer's space panic and move".
    history = _panic_phase()
    with pytest.raises(RuleViolation) as refused:
        history.do(NextPhase())
    assert refused.value.overridable
    assert "panic" in str(refused.value).lower()
    assert history.state.phase == "panic"


def test_record_anyway_leaves_the_panic_unrecorded_and_says_so() -> None:
    history = _panic_phase()
    history.do(record_anyway(NextPhase()))
    assert history.state.phase == "upkeep"
    assert any(e.kind == "duty-left" for e in history.state.events)


def _asleep_killer_phase() -> History:
    history = _history()
    history.do(SetDeckMode(mode="physical"))
    history.do(FallAsleep(cause="short rest"))
    history.do(NextPhase())
    history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="Ewwww! That's disgusting!"))
    return history


def _slide_to_attack(history: History) -> None:
    """The real cards: the card slid shows him (the player reports it)."""
    stack = history.state.dream.stack
    direction = stack.legal_directions()[0]
    quarter = sorted(stack.visible_after(direction))[0]
    history.do(Slide(direction=direction, report=quarter))
    assert history.state.dream.attacks == 1


def test_next_refuses_to_drop_a_boiler_room_attack() -> None:
    # The Boiler Room: when a card shows him, he attacks; his attack is resolved, not skipped.
    history = _asleep_killer_phase()
    _slide_to_attack(history)
    assert history.state.dream.attack_open
    with pytest.raises(RuleViolation) as refused:
        history.do(NextPhase())
    assert refused.value.overridable
    history.do(DrFrightAttacks(target="final girl", damage=1))
    assert not history.state.dream.attack_open


def _car_drawn(street_victims: dict[str, int]) -> History:
    history = _history()
    for space in list(history.state.table.victims):
        history.do(SetVictims(space=space, count=0))
    for space, count in street_victims.items():
        history.do(SetVictims(space=space, count=count))
    history.do(NextPhase())
    history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name=HIT_BY_A_CAR))  # named only: its kill is still to record
    return history


def test_next_records_the_cars_kill_when_only_one_victim_can_die() -> None:
    # Terror: "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed": with one Street Victim there is no choice, so Next records it.
    from frightmare.model.round.duties import duties

    history = _car_drawn({"street-s": 1})
    owed = duties(history.state)
    assert [d.kind for d in owed] == ["card"]
    assert owed[0].action is not None
    history.do(owed[0].action)
    assert history.state.table.victims_at("street-s") == 0
    assert duties(history.state) == ()
    history.do(NextPhase())


def test_next_refuses_while_the_car_has_a_victim_to_choose() -> None:
    from frightmare.model.round.duties import duties

    history = _car_drawn({"street-s": 1, "street-n": 1})
    owed = duties(history.state)
    assert [d.kind for d in owed] == ["card"] and owed[0].action is None
    with pytest.raises(RuleViolation) as refused:
        history.do(NextPhase())
    assert refused.value.overridable


def _owing(kind: str, phase: str) -> History:
    """A game in ``phase`` with one duty of ``kind`` open, as a play leaves it: an attack
    revealed, the car's kill left open (one Street Victim: exact; two: a choice), Victims in
    his space at Panic."""
    from dataclasses import replace

    history = _history()
    him = history.state.table.killer
    assert him is not None
    for space in list(history.state.table.victims):
        history.do(SetVictims(space=space, count=0))
    history.do(SetVictims(space="street-s", count=1))
    if kind != "card-exact":
        history.do(SetVictims(space=him, count=2))  # his space is a Street one too
    state = history.state
    if kind == "attack":
        state = replace(state, dream=replace(state.dream, attack_open=True))
    elif kind.startswith("card"):
        state = replace(state, card_open=HIT_BY_A_CAR)
    # The parameter is a phase's name as a str: mypy cannot narrow it to the Literal. His
    # Killer Action and the Terror card are recorded: the round's order owes nothing.
    state = replace(
        state,
        phase=phase,  # type: ignore[arg-type]
        killer_action_done=True,
        terror_this_round=True,
    )
    return History(state)


PHASES_AND_DUTIES = [
    (phase, kind)
    for phase in ("action", "planning", "killer", "panic", "upkeep")
    for kind in ("attack", "card", "card-exact", "panic")
]


@pytest.mark.parametrize(("phase", "kind"), PHASES_AND_DUTIES)
def test_every_phase_with_each_open_duty_is_never_left_silently(phase: str, kind: str) -> None:
    # Issue 31: "a phase may not be left while something it owes is open": Next phase
    # records it (the app knows it exactly), or is refused with the reason; recorded anyway,
    # what was left is said.
    from frightmare.model.round.duties import duties

    history = _owing(kind, phase)
    owed = duties(history.state)
    if kind == "panic" and phase != "panic":
        assert all(d.kind != "panic" for d in owed)  # only the Panic phase owes a panic
        return
    if not owed:
        pytest.skip("this table leaves nothing of this kind open")
    exact = all(d.action is not None for d in owed)
    if exact:
        # Next phase alone never records it (a saved journal replays to its table): it says
        # what it owes; the round bar records it first (done_by_next), then goes on.
        from frightmare.model.round.duties import done_by_next

        with pytest.raises(RuleViolation, match="records it first"):
            history.do(NextPhase())
        for action in done_by_next(history.state):
            history.do(action)
        state = history.do(NextPhase())
        assert kind == "card-exact" and state.table.victims_at("street-s") == 0
        assert state.phase != phase and duties(state) == ()
        return
    with pytest.raises(RuleViolation) as refused:
        history.do(NextPhase())
    assert refused.value.overridable
    assert str(refused.value).startswith(next(d.text for d in owed if d.action is None))
    state = history.do(record_anyway(NextPhase()))
    assert state.phase != phase
    assert any(e.kind == "duty-left" for e in state.events)
    assert duties(state) == ()


# The round's order (rules notes §1: "the Killer performs his Killer Action [...], then one
# Terror card is drawn and resolved (none after the Finale)") ------------------------------


def _killer_phase() -> History:
    history = _history()
    history.do(NextPhase())
    history.do(NextPhase())
    assert history.state.phase == "killer"
    return history


def test_a_killer_phase_left_with_neither_his_action_nor_a_card_is_asked_about() -> None:
    from frightmare.model.round.duties import duties

    history = _killer_phase()
    assert [d.kind for d in duties(history.state)] == ["order"]
    with pytest.raises(RuleViolation, match=r"Neither .* Killer Action nor a Terror card") as why:
        history.do(NextPhase())
    assert why.value.overridable
    state = history.do(record_anyway(NextPhase()))
    assert state.phase == "upkeep"
    assert [e.name for e in state.events if e.kind == "duty-left"] == ["order"]


@pytest.mark.parametrize("first", ["his action", "the card anyway"])
def test_either_step_recorded_lets_the_killer_phase_end(first: str) -> None:
    from frightmare.model.round.duties import duties

    history = _killer_phase()
    if first == "his action":
        history.do(KillerAction(move_icon=False))
    else:
        history.do(record_anyway(DrawTerror(name="Ewwww! That's disgusting!")))
    assert duties(history.state) == ()
    assert history.do(NextPhase()).phase == "upkeep"


def test_after_the_finale_only_his_killer_action_is_asked_for() -> None:
    from frightmare.model.actions.dream import RevealFinale

    history = _killer_phase()
    history.do(RevealFinale(name="Time to Die"))
    with pytest.raises(RuleViolation, match="Killer Action is not recorded") as why:
        history.do(NextPhase())
    assert "Terror card" not in str(why.value).split("(Rule")[0]
    history.do(KillerAction(move_icon=False))
    assert history.do(NextPhase()).phase == "upkeep"


def test_a_terror_card_before_his_killer_action_is_asked_about() -> None:
    from frightmare.model.query.verdict import refusal

    history = _killer_phase()
    card = DrawTerror(name="Ewwww! That's disgusting!")
    early = refusal(history.state, card)
    assert early is not None and early.overridable
    assert "Killer Action" in early.message and "Record anyway" in early.message
    state = history.do(record_anyway(card))
    assert state.terror_this_round and state.counters.terror_left == 9
    # In the table's order there is nothing to ask.
    history = _killer_phase()
    history.do(KillerAction(move_icon=False))
    assert refusal(history.state, card) is None
