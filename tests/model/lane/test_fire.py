"""Event: Fire! and the Victims who come to the burnt House afterwards.

The card, as rules notes §5 and `cards.json` sum it up from two public sources: a die sets the
Fire on the Boyfriend's House (1-3) or the Smalleys' (4-6); the Victims there, and the Victims
who later panic into it, die; the House can never again be entered or searched.

So the app neither proposes a panic into the burnt House while another way out exists, nor
refuses one the player records (the card says what happens: they die), nor keeps a Victim
alive there when a move into it is recorded anyway.
"""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import VictimsPanic
from frightmare.model.actions.lane import AddVictims, Move, MoveVictims, Place, RevealEvent
from frightmare.model.actions.steps import PanicStep
from frightmare.model.box.cards import FIRE
from frightmare.model.cards.killer_records import panic_records
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import record_anyway

BURNT = "boyfriends-house"  # the die's 1-3
ITS_STREET = "exit-n"  # the North Exit, onto which the Boyfriend's House opens


def burnt() -> History:
    """Maple Lane with the Boyfriend's House burnt, 2 Victims and Dr. Fright on its street."""
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))
    history.do(RevealEvent(name=FIRE, die=2))
    history.do(AddVictims(space=ITS_STREET, count=2))
    history.do(Place(piece="dr fright", space=ITS_STREET))
    assert BURNT in history.state.table.closed
    return history


def died(history: History) -> int:
    """The Victims the last play killed."""
    return (
        history.state.counters.victims_killed
        - history.state_at(history.cursor - 1).counters.victims_killed
    )


def test_the_panic_proposed_is_never_into_the_burnt_house() -> None:
    # Its three neighbours are equally far from him: before, the English names' order
    # proposed the burnt House first, a panic the app's own check then refused.
    state = burnt().state
    records, choices = panic_records(state, (ITS_STREET,), 0, {})
    assert records and all(isinstance(r, PanicStep) and r.target != BURNT for r in records)
    # Still offered, last: the card says what a panic into it does.
    assert all(c.options[-1] == BURNT and c.default != BURNT for c in choices)


def test_victims_who_panic_into_the_burnt_house_die() -> None:
    # "Victims there, or Victims who later panic into it, die."
    history = burnt()
    before = history.state.counters
    panic = VictimsPanic(
        count=2, space=ITS_STREET, moves=(PanicStep(source=ITS_STREET, target=BURNT, count=2),)
    )
    assert refusal(history.state, panic) is None
    state = history.do(panic)
    assert state.table.victims_at(BURNT) == 0 and state.table.victims_at(ITS_STREET) == 0
    assert state.counters.victims_killed == before.victims_killed + 2
    assert state.counters.bloodlust == before.bloodlust + 2
    assert "fire-deaths" in {e.kind for e in state.events}


def test_a_panic_moved_by_hand_into_it_kills_too() -> None:
    history = burnt()
    panic = MoveVictims(source=ITS_STREET, target=BURNT, count=1, panic=True)
    assert refusal(history.state, panic) is None
    state = history.do(panic)
    assert state.table.victims_at(BURNT) == 0 and died(history) == 1


def test_a_move_into_it_is_refused_and_recorded_anyway_kills() -> None:
    # "The House can never again be entered": a plain move is refused; recorded anyway, the
    # table put them in the fire, and no Victim stays alive there.
    history = burnt()
    move = MoveVictims(source=ITS_STREET, target=BURNT, count=2)
    refused = refusal(history.state, move)
    assert refused is not None and refused.overridable
    state = history.do(record_anyway(move))
    assert state.table.victims_at(BURNT) == 0 and died(history) == 2


def test_victims_put_in_it_anyway_die() -> None:
    history = burnt()
    add = AddVictims(space=BURNT, count=1)
    assert refusal(history.state, add) is not None
    state = history.do(record_anyway(add))
    assert state.table.victims_at(BURNT) == 0 and died(history) == 1


def test_her_followers_into_it_anyway_die() -> None:
    history = burnt()
    history.do(Place(piece="dr fright", space="intersection"))
    history.do(Place(piece="final girl", space=ITS_STREET))
    move = Move(to=BURNT, steps=1, followers=2)
    assert refusal(history.state, move) is not None
    state = history.do(record_anyway(move))
    assert state.table.final_girl == BURNT
    assert state.table.victims_at(BURNT) == 0 and died(history) == 2
