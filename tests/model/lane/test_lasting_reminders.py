"""Lasting effects reminded where their card rests on one source (rules notes §9, §10: "a
card's lasting part holds until the moment its step names"; whatever rests on one source
"reminds or prefills, and never refuses a play")."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.lane import AddVictims, Convince, Place
from frightmare.model.box.cards import BETTER_CLOSE_THE_DOOR
from frightmare.model.game.lasting import Lasting
from frightmare.model.query.verdict import refusal

DOOR_CARD = BETTER_CLOSE_THE_DOOR  # one source


def test_convince_into_an_occupied_house_under_better_close_the_door_is_reminded() -> None:
    # "Better Close the Door" (one source): "through your next Action phase you cannot enter
    # any House that holds a Victim, not even with Convince".
    state = new_game(GameSetup(setup_card="Maple Lane"), seed=1)
    door = Lasting("no-occupied-house", DOOR_CARD, "after-next-action-phase", 1)
    history = History(replace(state, lasting=(door,)))
    history.do(Place(piece="final girl", space="street-s"))
    history.do(AddVictims(space="house-se-street", count=1))
    play = Convince(house="house-se-street", result="2")
    assert refusal(history.state, play) is None  # one source: never a refusal
    after = history.do(play)
    assert after.table.final_girl == "house-se-street"
    reminded = [e for e in after.events if e.kind == "lasting-effect"]
    assert reminded and reminded[0].name == DOOR_CARD


def test_without_the_card_convince_says_nothing_of_it() -> None:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(Place(piece="final girl", space="street-s"))
    history.do(AddVictims(space="house-se-street", count=1))
    after = history.do(Convince(house="house-se-street", result="2"))
    assert all(e.kind != "lasting-effect" for e in after.events)
