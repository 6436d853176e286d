"""All four combinations of the box's halves from the New game dialog through a round, a save
and a reopen (issue 14, "Tests that must exist"; the window-level checks come with the new
game screen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.lane import AddVictims, KillVictim
from frightmare.model.actions.location import (
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    SetLocationDeck,
    TakeLocationItem,
)
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.store import PlayLog, SessionStore
from frightmare.ui.setup.wizard import NewGameDialog

CAMP = "Camp Happy Trails"
COMBINATIONS = {
    "dr-fright-on-maple-lane": {"killer": "Dr. Fright", "location": "Maple Lane"},
    "dr-fright-elsewhere": {"killer": "Dr. Fright", "location": CAMP},
    "other-killer-on-maple-lane": {"killer": "Hans", "location": "Maple Lane"},
    "neither": {"killer": "Hans", "location": CAMP},
}


def chosen(qtbot: QtBot, killer: str, location: str) -> Any:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.final_girl.setCurrentText("Sheila")
    dialog.killer.setCurrentText(killer)
    dialog.location.setCurrentText(location)
    if dialog.setup_card.isVisibleTo(dialog):
        dialog.setup_card.setCurrentIndex(dialog.setup_card.findData("Revenge"))
    if dialog.killer_health.isVisibleTo(dialog):
        dialog.killer_health.setValue(11)
    dialog._accept()
    assert dialog.result_setup is not None, dialog.error.text()
    return dialog.result_setup


@pytest.mark.parametrize("combination", sorted(COMBINATIONS))
def test_a_game_of_each_combination_is_played_saved_reopened_and_logged(
    qtbot: QtBot, tmp_path: Path, combination: str
) -> None:
    setup = chosen(qtbot, **COMBINATIONS[combination])
    store = SessionStore(tmp_path)
    session = store.create(setup, seed=77)
    if setup.on_maple_lane:
        assert setup.setup_card == "Revenge"
        session.do(AddVictims(space="intersection", count=2))
    else:
        assert setup.setup_card is None
        session.do(AddLocationVictims(count=3))
        session.do(SetLocationDeck(cards=4))
        session.do(TakeLocationItem(name="Flare gun"))
        session.do(LocationNotes(notes="He is at the boathouse"))
    if setup.has_dr_fright:
        session.do(FallAsleep())
    else:
        assert setup.killer_health == 11
        session.do(AdjustCounter(counter="killer health", delta=-2))
    session.do(NextPhase())
    session.do(NextPhase())
    session.do(KillerAction(move_icon=True))
    session.do(DrawTerror(name="A Terror card"))
    session.do(KillVictim(space="intersection") if setup.on_maple_lane else LocationVictimsKilled())
    if setup.has_dr_fright:
        session.do(Slide(direction="left"))
    while session.state.phase != "action":
        session.do(NextPhase())
    assert session.save()
    played = session.state

    reopened = SessionStore(tmp_path).open(session.id)
    assert reopened.state == played
    assert reopened.state.round == 2
    summary = SessionStore(tmp_path).scan().sessions[0]
    assert summary.setup == setup.summary()
    assert COMBINATIONS[combination]["killer"] in summary.setup
    assert COMBINATIONS[combination]["location"] in summary.setup
    if not setup.has_dr_fright:
        assert reopened.state.counters.killer_health == 9
    if not setup.on_maple_lane:
        assert reopened.state.location is not None
        assert reopened.state.location.notes == "He is at the boathouse"

    reopened.do(EndGame(result="loss"))
    entry = PlayLog(tmp_path).record(reopened.id, reopened.state)
    assert (entry.killer, entry.location) == (
        COMBINATIONS[combination]["killer"],
        COMBINATIONS[combination]["location"],
    )
    assert entry.setup == ("Revenge" if setup.on_maple_lane else None)
    assert entry.victims_killed == 1
