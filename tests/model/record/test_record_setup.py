"""Setup asks only what the table needs (issue 19 item 6, issue 22 item 2): Extreme Horror is
asked, recorded and filterable; a Final Girl the box values do not know gets the Health read
from her card; the four face-up Item cards may be named at setup."""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.game import EndGame
from frightmare.model.game.setup import SetupError
from frightmare.model.record.community import community_form
from frightmare.model.record.digest import statistics
from frightmare.model.record.figures import entry_for, game_figures
from frightmare.model.record.figures import with_figures as figures_in
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import Filters


def logged(setup: GameSetup, result: str = "win", session: str = "s") -> LogEntry:
    history = History(new_game(setup, seed=1))
    history.do(EndGame(result="win" if result == "win" else "loss"))
    return figures_in(entry_for(session, history.state), game_figures(history))


def test_extreme_horror_is_recorded_and_answered_on_the_community_form() -> None:
    """The community form asks "difficulty (normal / Extreme Horror)" of every game."""
    hard = logged(GameSetup(extreme_horror=True))
    assert hard.extreme_horror is True
    assert dict(community_form(hard))["Difficulty"] == "Extreme Horror"
    assert dict(community_form(logged(GameSetup())))["Difficulty"] == "Normal"
    assert hard.row()["extreme_horror"] == "yes"


def test_extreme_horror_filters_and_breaks_down_the_statistics() -> None:
    games = [
        logged(GameSetup(extreme_horror=True), "win", "a"),
        logged(GameSetup(extreme_horror=True), "loss", "b"),
        logged(GameSetup(), "win", "c"),
        # an older line, written before setup asked: no difficulty, read as Normal
        LogEntry.from_row(
            {
                "date": "2026-10-01",
                "final_girl": "Nancy",
                "killer": "Dr. Fright",
                "location": "Maple Lane",
                "result": "win",
            }
        ),
    ]
    hard = statistics(games, Filters(extreme_horror=True))
    assert (hard.overall.wins, hard.overall.games) == (1, 2)
    assert statistics(games, Filters(extreme_horror=False)).overall.games == 2
    rows = {r.label: r.games for r in statistics(games).breakdowns["Difficulty"]}
    assert rows == {"Extreme Horror": 2, "Normal": 2}
    # the community's figures are not split by difficulty: no rate of theirs for these games
    assert hard.overall.community is None and "difficulty" in hard.community_gaps


def test_a_typed_final_girl_gets_the_health_read_from_her_card() -> None:
    """She silently got 5 (the box values' guess for any other Final Girl)."""
    state = new_game(GameSetup(final_girl="Laurie", final_girl_health=3), seed=1)
    assert state.counters.health == 3 and state.box.health == 3
    guessed = new_game(GameSetup(final_girl="Laurie"), seed=1)
    assert guessed.counters.health == 5  # not asked (an old save): the box values' guess


def test_a_known_final_girl_keeps_her_box_values() -> None:
    setup = GameSetup(final_girl="Sheila", final_girl_health=2)
    assert setup.final_girl_health is None
    assert new_game(setup, seed=1).counters.health == 6


def test_her_health_out_of_range_is_refused() -> None:
    with pytest.raises(SetupError, match="final girl health"):
        GameSetup(final_girl="Laurie", final_girl_health=0)


def test_face_up_items_named_at_setup_are_the_decks_top_cards() -> None:
    """Rulebook, Special Setup 1: "The top Item card of each deck is revealed as normal.
    There is one deck for each quadrant of houses"."""
    setup = GameSetup(face_up_items=("bible", None, "Knife", "Lucky Charm"))
    state = new_game(setup, seed=1)
    tops = [state.table.deck(q)[0] for q in ("NW", "NE", "SW", "SE")]
    assert [t.name for t in tops] == ["Bible", None, "Knife", "Lucky Charm"]
    assert all(t.face_up for t in tops)
    assert all(card.name is None for q in ("NW", "NE") for card in state.table.deck(q)[1:])


def test_face_up_items_are_optional_and_only_on_maple_lane() -> None:
    assert GameSetup().face_up_items == ()
    assert GameSetup(face_up_items=(None, "", None, " ")).face_up_items == ()
    elsewhere = GameSetup(location="Camp Happy Trails", face_up_items=("Bible", None, None, None))
    assert elsewhere.face_up_items == ()
    with pytest.raises(SetupError, match="4 Item decks"):
        GameSetup(face_up_items=("Bible", "Knife"))


def test_an_old_setup_without_the_new_questions_still_reads() -> None:
    old = {"final_girl": "Nancy", "killer": "Dr. Fright", "location": "Maple Lane"}
    setup = GameSetup.from_json(old)
    assert (setup.extreme_horror, setup.final_girl_health, setup.face_up_items) == (
        False,
        None,
        (),
    )
