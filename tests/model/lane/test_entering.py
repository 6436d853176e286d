"""What the effects in force remind as she enters a space (issue 31). Each rests on one
source (rules notes §9, §10: whatever rests on one source "reminds or prefills, and never
refuses a play")."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.lane import AddVictims, Move, Place
from frightmare.model.box.cards import MACHETE, MARKED_FOR_DEATH, NANCYS_MACHETES
from frightmare.model.game.lasting import Lasting
from frightmare.model.game.state import GameState
from frightmare.model.game.table import HeldItem
from frightmare.model.query.verdict import refusal


def _history(*items: str, lasting: tuple[Lasting, ...] = ()) -> History:
    state = new_game(GameSetup(), seed=1)
    # arg-type: an Item's name as the player types it (a bonus Item is no deck's card).
    held = tuple(HeldItem(name=item) for item in items)  # type: ignore[arg-type]
    history = History(replace(state, table=replace(state.table, held=held), lasting=lasting))
    history.do(Place(piece="dr fright", space="exit-n"))
    history.do(Place(piece="final girl", space="street-s"))
    return history


def _reminded(state: GameState) -> list[str]:
    return [e.name or "" for e in state.events if e.kind == "lasting-effect"]


def test_marked_for_death_reminds_the_panic_of_the_victims_she_meets() -> None:
    # Marked for Death (one source): "until the next Terror phase, Victims panic whenever you
    # enter a space that holds them".
    marked = Lasting("panic-when-she-enters", MARKED_FOR_DEATH, "next-killer-phase", 1)
    history = _history(lasting=(marked,))
    history.do(AddVictims(space="intersection", count=1))
    play = Move(to="intersection", steps=1)
    assert refusal(history.state, play) is None
    assert _reminded(history.do(play)) == [MARKED_FOR_DEATH]


def test_marked_for_death_says_nothing_on_an_empty_space() -> None:
    marked = Lasting("panic-when-she-enters", MARKED_FOR_DEATH, "next-killer-phase", 1)
    history = _history(lasting=(marked,))
    assert _reminded(history.do(Move(to="intersection", steps=1))) == []


def test_victims_following_her_with_the_machete_are_reminded_not_refused() -> None:
    # Machete (one source): "Victims do not follow you while you hold it".
    history = _history(MACHETE)
    history.do(AddVictims(space="street-s", count=1))
    play = Move(to="intersection", steps=1, followers=1)
    assert refusal(history.state, play) is None
    after = history.do(play)
    assert _reminded(after) == [MACHETE] and after.table.victims_at("intersection") == 1


def test_nancys_machetes_remind_the_bloodlust_of_his_space() -> None:
    # Nancy's Machetes (one source): "+1 Bloodlust each time you enter the Killer's space".
    history = _history(NANCYS_MACHETES)
    history.do(Place(piece="dr fright", space="intersection"))
    bloodlust = history.state.counters.bloodlust
    after = history.do(Move(to="intersection", steps=1))
    assert _reminded(after) == [NANCYS_MACHETES]
    assert after.counters.bloodlust == bloodlust  # one source: reminded, not applied


def test_without_an_effect_in_force_a_move_reminds_nothing() -> None:
    history = _history()
    history.do(AddVictims(space="intersection", count=1))
    assert _reminded(history.do(Move(to="intersection", steps=1))) == []
