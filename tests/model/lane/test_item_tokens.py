"""Her Items' tokens on the board (cards, one source, rules notes §9): Odds and Ends' booby
traps and the Fireworks token are put down by their use, drawn, edited like any piece, and do
what their cards say when he comes: the Fireworks draw his target and go when he enters their
space; a booby trap deals him its damage and goes."""

from __future__ import annotations

from game_helpers import killer_phase

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.edit import EditTable, HeldItemData, SetItems
from frightmare.model.actions.lane import Place, SetVictims
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.actions.steps import HurtHimStep, KillerToStep, NoteStep, TokenStep
from frightmare.model.box.card_data import KillerActionData
from frightmare.model.cards.killer_records import TRAP_AWAKE_NOTE
from frightmare.model.game.state import GameState
from frightmare.model.lane.items import item_uses
from frightmare.model.query.killer_phase import plan_killer_step

ONE_MOVE = KillerActionData(target="closest", moves=1, attacks=1)


def _clear_board(history: History) -> GameState:
    state = history.state
    for space in list(state.table.victims):
        history.do(SetVictims(space=space, count=0))
    for piece in ("smalley", "boyfriend"):
        table = history.state.table
        while True:
            spaces = table.smalleys if piece == "smalley" else (table.boyfriend,)
            there = next((s for s in spaces if s is not None), None)
            if there is None:
                break
            history.do(EditTable(piece=piece, source=there))
            table = history.state.table
    return history.state


def _asleep_killer_phase() -> History:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(FallAsleep(cause="short rest"))
    history.do(NextPhase())
    history.do(NextPhase())
    return history


def _trapped_house_ahead_of_him(history: History) -> GameState:
    """A booby trap put in the NW House by the street with Odds and Ends, a Victim there,
    and him on its street: his next move goes into it."""
    _clear_board(history)
    history.do(Place(piece="final girl", space="house-nw-street"))
    history.do(SetItems(items=(HeldItemData(name="Odds and Ends"),)))
    (use,) = item_uses(history.state, 0)
    history.do(use.action(0))
    assert history.state.table.booby_traps == {"house-nw-street"}
    street = history.state.board.adjacent_street("house-nw-street")
    history.do(Place(piece="final girl", space="exit-e"))
    history.do(SetVictims(space="house-nw-street", count=1))
    history.do(Place(piece="dr fright", space=street))
    return history.state


def test_a_booby_trap_springs_on_him_when_he_moves_into_its_house() -> None:
    # Item: Odds and Ends (one source): "An Enemy that moves into that House sets it off: it
    # takes 2 damage and the token goes." Asleep, she and he may hurt each other.
    history = _asleep_killer_phase()
    state = _trapped_house_ahead_of_him(history)
    plan = plan_killer_step(state, ONE_MOVE)
    assert KillerToStep(space="house-nw-street") in plan.records
    assert HurtHimStep(damage=2) in plan.records
    assert TokenStep(token="booby trap", space="house-nw-street", gone=True) in plan.records
    assert "booby trap" in plan.text
    after = history.do(KillerAction(move_icon=True, steps=plan.records))
    assert after.counters.killer_health == state.counters.killer_health - 2
    assert after.table.booby_traps == frozenset()
    assert after.table.killer == "house-nw-street"


def test_awake_the_booby_trap_goes_off_without_hurting_dr_fright() -> None:
    # Rulebook, the Awake side: "You may not attack or be attacked by Dr. Fright": her trap
    # goes off and its token goes, his Health stays (the player records it anyway if not).
    history = killer_phase()
    state = _trapped_house_ahead_of_him(history)
    plan = plan_killer_step(state, ONE_MOVE)
    assert not any(isinstance(r, HurtHimStep) for r in plan.records)
    assert NoteStep(text=TRAP_AWAKE_NOTE) in plan.records
    assert plan.verdict.allowed
    after = history.do(KillerAction(move_icon=True, steps=plan.records))
    assert after.counters.killer_health == state.counters.killer_health
    assert after.table.booby_traps == frozenset()


def test_the_fireworks_draw_his_target_and_go_when_he_enters_their_space() -> None:
    # Item: Fireworks (one source): "Whenever the Killer picks a target he picks the Fireworks
    # instead; the token goes when he enters its space."
    history = killer_phase()
    _clear_board(history)
    history.do(Place(piece="dr fright", space="intersection"))
    history.do(Place(piece="final girl", space="street-s"))
    history.do(SetVictims(space="street-w", count=3))  # the closest target without them
    history.do(SetItems(items=(HeldItemData(name="Fireworks"),)))
    use = next(u for u in item_uses(history.state, 0) if "South Street" in u.label)
    history.do(use.action(0))
    assert history.state.table.fireworks == "street-s"
    history.do(Place(piece="final girl", space="exit-s"))
    plan = plan_killer_step(history.state, ONE_MOVE)
    assert KillerToStep(space="street-s") in plan.records
    assert TokenStep(token="fireworks", space="street-s", gone=True) in plan.records
    after = history.do(KillerAction(move_icon=True, steps=plan.records))
    assert after.table.fireworks is None and after.table.killer == "street-s"


def test_the_tokens_are_edited_like_any_piece_and_undone_like_any_step() -> None:
    # "The table is the truth": a token the table has and the app lacks is put down by hand.
    history = killer_phase()
    history.do(EditTable(piece="booby trap", target="house-ne-street"))
    history.do(EditTable(piece="fireworks", target="street-n"))
    assert history.state.table.booby_traps == {"house-ne-street"}
    assert history.state.table.fireworks == "street-n"
    history.do(EditTable(piece="fireworks", source="street-n", target="street-e"))
    assert history.state.table.fireworks == "street-e"
    history.undo()
    history.undo()
    assert history.state.table.fireworks is None
    history.do(EditTable(piece="booby trap", source="house-ne-street"))
    assert history.state.table.booby_traps == frozenset()
