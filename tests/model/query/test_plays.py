"""The can-be-played query (issue 19 item 1): "The model says what can be played [...] Each
answer is allowed, refused (with its rule and whether it can be recorded anyway) or impossible,
and cheap predicates compute it, not apply on made-up actions."

The agreement property: for every play the legal-play generator offers (``candidates``, with
its verdict), and for random actions of every kind, the verdict agrees with ``apply``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import actions, game_setups, note_reach, play_legal

from frightmare.model import GameSetup, GameState, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import AddVictims, Convince, Move
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.board import load_board, packaged_board_text
from frightmare.model.errors import RuleViolation
from frightmare.model.query.legal import candidates, legal_actions
from frightmare.model.query.plays import plays
from frightmare.model.query.space_plays import moves, space_plays
from frightmare.model.query.verdict import Verdict, refusal, verdict
from frightmare.model.rules import apply, record_anyway

RENAMED = (
    packaged_board_text()
    .replace('"id": "3+"', '"id": "three"')
    .replace('"id": "2"', '"id": "two"')
    .replace('"id": "1"', '"id": "one"')
)


def block_party(**table: Any) -> GameState:
    state = new_game(GameSetup(setup_card="Block Party"), seed=1)
    return replace(state, table=replace(state.table, **table)) if table else state


def agrees(state: GameState, action: Action, answer: Verdict) -> str:
    """Check ``answer`` against what ``apply`` does with ``action``; the status, for the
    statistics."""
    try:
        apply(state, action)
    except RuleViolation as error:
        assert not answer.allowed, (action, error)
        # Recorded anyway, the play goes through exactly when the verdict says it can.
        try:
            apply(state, record_anyway(action))
        except RuleViolation as stands:
            assert answer.status == "impossible", (action, answer, stands)
            assert not stands.overridable
            assert (stands.message, stands.rule) == (answer.message, answer.rule)
            if not error.overridable:
                assert (error.message, error.rule) == (answer.message, answer.rule)
        else:
            assert answer.recordable, (action, answer)
            assert error.overridable
            assert (error.message, error.rule) == (answer.message, answer.rule)
            assert str(error) == str(answer)
    else:
        assert answer.allowed, (action, answer)
    return answer.status


# Convince reads the board file's own lines --------------------------------------------------


def test_a_corrected_board_with_renamed_convince_lines_still_offers_convince() -> None:
    # The packaged file: "Add or drop lines freely; ids must be unique."
    board = load_board(RENAMED)
    state = new_game(GameSetup(setup_card="Block Party"), seed=1, board=board)
    state = replace(state, table=replace(state.table, final_girl="exit-w"))
    convince = space_plays(state, "house-sw-exit-w").convince
    assert convince.verdict.allowed and convince.offered
    assert [option.line.id for option in convince.lines] == ["three", "two", "one", "fail-return"]
    # Success comes from each line's data: "enter", "item" (the first line lets her take it).
    assert [option.line.enter for option in convince.lines] == [True, True, True, False]
    taking = [option.take_item for option in convince.lines]
    assert taking[0] is not None and taking[0].allowed
    assert taking[1:] == [None, None, None]
    for option in convince.lines:
        assert verdict(state, option.action).allowed
        assert apply(state, option.action).table.final_girl == (
            "house-sw-exit-w" if option.line.enter else "exit-w"
        )


def test_convince_is_refused_with_its_rule_whatever_line() -> None:
    # "Convince cards can only be used to enter an occupied House."
    state = block_party(final_girl="exit-n")
    convince = space_plays(state, "house-nw-exit-n").convince
    assert convince.verdict.recordable
    assert convince.verdict.rule == "Convince Action cards and entering occupied houses"
    assert not convince.offered
    # Not a House at all: impossible, and it has no lines to offer.
    street = space_plays(state, "street-n").convince
    assert street.verdict.status == "impossible" and street.lines == ()


# Moving and its followers ------------------------------------------------------------------


def test_move_here_takes_the_most_victims_that_may_follow() -> None:
    # Rules notes §1: "Up to 2 Victims in her space may follow her."
    state = block_party(final_girl="intersection")
    move = space_plays(state, "street-w").move
    assert move.most == 2 and move.followers == (2, ()) and not move.choose
    assert move.action == Move(to="street-w", steps=1, followers=2)
    assert move.verdict.allowed
    # Into his space none follow ("Victims never follow you into his space").
    state = block_party(final_girl="intersection", killer="street-w")
    assert space_plays(state, "street-w").move.most == 0


def test_who_follows_is_asked_only_when_there_is_a_real_choice() -> None:
    state = block_party(final_girl="intersection", smalleys=("intersection",))
    move = space_plays(state, "street-n").move
    assert move.choose and move.choices == ((2, ()), (1, ("smalley",)))
    alone = block_party(final_girl="street-n", smalleys=("street-n",))
    assert not space_plays(alone, "street-s").move.choose  # only the Smalley: no question
    chosen = space_plays(state, "street-n", followers=(1, ("smalley",))).move
    assert chosen.action is not None and chosen.action.specials == ("smalley",)


def test_asleep_no_victim_follows_by_default() -> None:
    # "When you are Asleep": "Victims will NOT follow you during movement."
    state = apply(block_party(final_girl="intersection"), FallAsleep())
    move = space_plays(state, "street-w").move
    assert move.most == 0 and move.verdict.allowed


def test_the_highlights_are_the_spaces_she_may_move_to() -> None:
    state = block_party(final_girl="intersection")
    reach = moves(state, 2)
    assert set(reach) == {"street-n", "street-s", "street-w", "street-e", "exit-n", "exit-s"} | {
        "exit-w",
        "exit-e",
        "house-nw-street",
        "house-ne-street",
        "house-se-street",
        "smalleys-house",
    } - {"house-se-street"}  # occupied
    assert all(play.verdict.allowed for play in reach.values())
    assert reach["exit-w"].distance == 2


# The space's other plays ----------------------------------------------------------------------


def test_saving_at_an_exit_and_asking_who() -> None:
    # "Victims are saved at Exit spaces"; several kinds there: the player says which.
    state = block_party(final_girl="exit-w")
    state = apply(state, AddVictims(space="exit-w"))
    save = space_plays(state, "exit-w").save
    assert save.verdict.allowed and save.action is not None and not save.choose
    state = replace(state, table=replace(state.table, smalleys=("exit-w",)))
    save = space_plays(state, "exit-w").save
    assert save.verdict.allowed and save.action is None and save.kinds == ("victim", "smalley")
    street = space_plays(state, "intersection").save
    assert street.verdict.recordable and street.verdict.rule == "Street spaces; rules notes §1"


def test_a_refusal_that_no_override_lifts_is_impossible() -> None:
    # Saving where no Victim stands is refused by the Exit rule, and recorded anyway there is
    # still no Victim to save: the verdict says what stands in the way.
    state = block_party()
    save = space_plays(state, "street-n").save
    assert save.verdict.status == "impossible"
    assert save.verdict.message == "North Street has no Victim."
    # A Save's action is typed ``Action | None`` (none when there is nothing to save): here one.
    assert refusal(state, save.action) is not None  # type: ignore[arg-type]


def test_put_him_and_her() -> None:
    state = block_party(final_girl=None)
    here = space_plays(state, "exit-n")
    assert here.put_her.offered and here.put_her.verdict.allowed
    assert here.put_him.verdict.allowed and here.put_him.offered
    assert not space_plays(block_party(), "exit-n").put_her.offered
    assert not space_plays(state, "house-ne-street").put_him.offered  # he is there


def test_search_says_what_the_dialog_asks() -> None:
    state = block_party()  # she starts in the Smalleys' House
    search = space_plays(state, "smalleys-house").search
    assert search.verdict.allowed and search.quadrant == "SW" and len(search.cards) == 2
    assert search.other_decks == ("SW",)
    away = space_plays(state, "house-sw-exit-w").search
    assert away.verdict.recordable and not away.offered


# The whole screen -------------------------------------------------------------------------


def test_the_terror_card_is_asked_whichever_it_is() -> None:
    # Rules notes §1: one Terror card in the Killer phase.
    state = new_game(GameSetup(), seed=1)
    screen = plays(state)
    assert screen.terror.recordable and "Killer phase" in screen.terror.message
    for _ in range(2):
        state = apply(state, NextPhase())
    # His Killer Action first, "then one Terror card is drawn": before it, the card is asked
    # about (recordable anyway).
    assert plays(state).terror.recordable and not plays(state).terror.allowed
    state = apply(state, KillerAction(move_icon=False))
    assert plays(state).terror.allowed
    assert plays(apply(state, DrawTerror(name="A card"))).terror.recordable


def test_the_screen_answers_each_control() -> None:
    state = new_game(GameSetup(), seed=1)
    screen = plays(state)
    assert screen.next_phase.allowed
    assert screen.counters[("health", 1)].status == "impossible"
    assert screen.counters[("health", -1)].allowed
    assert screen.fall_asleep["short rest"].allowed
    assert all(v.status == "impossible" for v in screen.slides.values())  # Awake
    assert screen.boiler_effect.status == "impossible"
    assert screen.attack_fright.recordable and screen.fright_attacks["victim"].allowed
    assert screen.dark_power.allowed and screen.finale.allowed
    assert screen.final_health.recordable
    assert screen.events.allowed and screen.event("Fire!").need == "die"
    assert screen.location is None
    asleep = plays(apply(state, FallAsleep()))
    assert asleep.slides["up"].allowed and asleep.boiler_effect.allowed
    away = plays(new_game(GameSetup(location="Camp Happy Trails"), seed=1))
    assert away.location is not None and away.location.take_item.status == "impossible"
    assert away.events.status == "impossible"


def test_each_verdict_of_the_screen_is_its_actions_verdict() -> None:
    # The name-blind answers (the Terror card, a slide, a Dark Power) are the verdict of every
    # card or report the player could then name.
    awake = new_game(GameSetup(), seed=1)
    for state in (awake, apply(awake, FallAsleep())):
        screen = plays(state)
        for name in ("A card", "They just got hit by a car!"):
            assert verdict(state, DrawTerror(name=name)) == screen.terror
        for direction, answer in screen.slides.items():
            assert verdict(state, Slide(direction=direction)) == answer


def test_legal_actions_are_all_allowed_and_apply() -> None:
    state = block_party()
    legal = list(legal_actions(state))
    assert legal and all(verdict(state, a).allowed for a in legal)
    assert {a.kind for a in legal} >= {"move", "search", "next-phase", "fall-asleep", "adjust"}
    for action in legal:
        apply(state, action)


def test_a_play_recorded_anyway_is_judged_as_it_is() -> None:
    state = block_party()
    refused = Convince(house="house-sw-exit-w", result="2")  # she is not on a Street space
    assert verdict(state, refused).recordable
    assert verdict(state, record_anyway(refused)).allowed


# The agreement property ---------------------------------------------------------------------


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(setup=game_setups, data=st.data(), others=st.lists(actions(), max_size=6))
def test_the_query_agrees_with_apply(
    setup: GameSetup, data: st.DataObject, others: list[Action]
) -> None:
    history = History(new_game(setup, seed=13))
    checked = 0
    for _ in range(3):
        play_legal(data, history, data.draw(st.integers(0, 12)))
        state = history.state
        for action, answer in candidates(state):
            event(f"candidate {agrees(state, action, answer)}")
            checked += 1
        for action in others:
            event(f"any action {agrees(state, action, verdict(state, action))}")
    note_reach(history)
    assert checked


@pytest.mark.parametrize("board_text", [packaged_board_text(), RENAMED])
def test_every_candidate_of_a_new_game_agrees(board_text: str) -> None:
    board = load_board(board_text)
    for card in (None, "Block Party", "Maple Lane"):
        state = new_game(GameSetup(setup_card=card), seed=2, board=board)
        for action, answer in candidates(state):
            agrees(state, action, answer)


def test_the_moves_offered_are_the_moves_the_journal_reads_back() -> None:
    """The query makes its Move plays as plain records (no pydantic before a launch is ready
    for play, issue 33): each, with one Victim or none following, is written to the journal
    and read back as itself, of the same hash."""
    from frightmare.model.actions.journal import ACTION_ADAPTER

    state = block_party(final_girl="street-w")
    for victims in (0, 1):
        here = state if not victims else apply(state, AddVictims(space="street-w"))
        for space in here.board.spaces:
            move = space_plays(here, space).move.action
            validated = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(move))
            assert move == validated and hash(move) == hash(validated), space
