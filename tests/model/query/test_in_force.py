"""The effects in force now (issue 31: shown while they last). Rules notes §9, §10: "a
card's lasting part holds until the moment its step names"; whatever rests on one source
"reminds or prefills, and never refuses a play"."""

from __future__ import annotations

from dataclasses import replace

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealFinale
from frightmare.model.actions.lane import AddVictims, Move, Place
from frightmare.model.box.cards import (
    BETTER_CLOSE_THE_DOOR,
    BLURRED_REALITY,
    FACE_YOUR_FRIGHT,
    IF_THIS_IS_A_DREAM,
    MACHETE,
    MARKED_FOR_DEATH,
    MEGAPHONE,
    NANCYS_MACHETES,
)
from frightmare.model.game.lasting import Lasting
from frightmare.model.game.state import GameState
from frightmare.model.game.table import HeldItem
from frightmare.model.query.in_force import in_force
from frightmare.model.query.space_plays import space_plays


def _game() -> GameState:
    return new_game(GameSetup(), seed=1)


def _holding(state: GameState, *items: str) -> GameState:
    # arg-type: an Item's name as the player types it (a bonus Item is no deck's card).
    held = tuple(HeldItem(name=item) for item in items)  # type: ignore[arg-type]
    return replace(state, table=replace(state.table, held=held))


def test_nothing_is_in_force_at_the_start() -> None:
    assert in_force(_game()) == ()


def test_each_cards_lasting_part_is_listed_with_its_card_and_until_when() -> None:
    # Better Close the Door (one source): "through your next Action phase you cannot enter
    # any House that holds a Victim, not even with Convince": reminded, never applied.
    door = Lasting("no-occupied-house", BETTER_CLOSE_THE_DOOR, "after-next-action-phase", 1)
    blurred = Lasting("awake-attacks", BLURRED_REALITY, "next-killer-phase", 1)
    shown = in_force(replace(_game(), lasting=(door, blurred)))
    assert [x.card for x in shown] == [BETTER_CLOSE_THE_DOOR, BLURRED_REALITY]
    assert [x.handling for x in shown] == ["reminded", "applied"]
    assert "Convince" in shown[0].text and "next Action phase" in shown[0].text
    assert shown[0].confidence == "ONE"
    assert len({x.key for x in shown}) == 2


def test_marked_for_death_is_reminded_while_it_lasts() -> None:
    # Marked for Death (one source): "until the next Terror phase, Victims panic whenever you
    # enter a space that holds them".
    marked = Lasting("panic-when-she-enters", MARKED_FOR_DEATH, "next-killer-phase", 1)
    (shown,) = in_force(replace(_game(), lasting=(marked,)))
    assert shown.card == MARKED_FOR_DEATH and shown.handling == "reminded"
    assert "panic" in shown.effect


def test_the_machete_and_the_megaphone_are_in_force_while_she_holds_them() -> None:
    # Machete (one source): "Victims do not follow you while you hold it"; Megaphone (one
    # source): "once per Action phase, move any one Victim on the board 1 space".
    shown = in_force(_holding(_game(), MACHETE, MEGAPHONE))
    assert [x.card for x in shown] == [MACHETE, MEGAPHONE]
    assert shown[0].handling == "default" and "follow" in shown[0].effect
    assert shown[1].handling == "reminded" and "Victim" in shown[1].effect
    assert all("hold" in x.until for x in shown)


def test_nancys_machetes_say_both_their_effects() -> None:
    # Nancy's Machetes (one source): "Victims do not follow you. +1 Bloodlust each time you
    # enter the Killer's space."
    shown = in_force(_holding(_game(), NANCYS_MACHETES))
    assert [x.card for x in shown] == [NANCYS_MACHETES, NANCYS_MACHETES]
    assert "Bloodlust" in shown[1].effect


def test_face_your_fright_is_in_force_for_the_rest_of_the_game() -> None:
    # Face Your Fright (public): "while it is in play you are Asleep for the rest of the game,
    # and the Boiler Room resets each time you finish it".
    history = History(new_game(GameSetup(), seed=1))
    state = history.do(RevealFinale(name=FACE_YOUR_FRIGHT))
    (shown,) = [x for x in in_force(state) if x.card == FACE_YOUR_FRIGHT]
    assert shown.handling == "applied" and shown.confidence == "PUB"


def test_face_your_fright_revealed_asleep_reminds_the_reset() -> None:
    # Face Your Fright: one source adds "if you are already Asleep, the Boiler Room resets".
    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    state = history.do(RevealFinale(name=FACE_YOUR_FRIGHT))
    reminded = [e for e in state.events if e.kind == "lasting-effect"]
    assert reminded and reminded[0].name == FACE_YOUR_FRIGHT


def test_if_this_is_a_dream_is_open_while_asleep_in_its_killer_phase() -> None:
    # "If this is a dream, then I can…" (one source): Asleep, "you may take +1 Bloodlust to
    # get one of three things"; the choice is the player's, reminded for the phase.
    state = replace(
        _game(),
        phase="killer",
        terror_this_round=True,
        terror_drawn=(IF_THIS_IS_A_DREAM,),
        dream=replace(_game().dream, awake=False),
    )
    (shown,) = in_force(state)
    assert shown.card == IF_THIS_IS_A_DREAM and "Bloodlust" in shown.effect
    assert in_force(replace(state, phase="panic")) == ()
    assert in_force(replace(state, dream=replace(state.dream, awake=True))) == ()


def test_with_the_machete_no_victim_follows_by_default() -> None:
    # Machete (one source): "Victims do not follow you while you hold it": the default, which
    # the player may change (never a refusal).
    history = History(_holding(_game(), MACHETE))
    history.do(Place(piece="final girl", space="street-s"))
    state = history.do(AddVictims(space="street-s", count=2))
    play = space_plays(state, "intersection").move
    assert play.action.followers == 0 and play.verdict.allowed
    assert space_plays(_holding(state), "intersection").move.action.followers == 2
    with_two = Move(to="intersection", steps=1, followers=2)
    assert history.do(with_two).table.victims_at("intersection") >= 2
