"""An Exit with nobody on it offers no Save (a re-walk saw a greyed "Save 1 Victim" on the
empty West Exit, whose refusal, "West Exit has no Victim.", has no way through). The user
guide: "Only the plays offered there show"."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.lane import AddVictims, Place, SaveVictims
from frightmare.model.query.space_plays import space_plays


def test_save_is_offered_on_an_exit_only_while_a_victim_stands_there() -> None:
    # Rules notes §1: "Victims are saved at the Exit spaces": with none there, nothing to save.
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    history.do(Place(piece="final girl", space="exit-w"))
    assert not space_plays(history.state, "exit-w").save.offered
    history.do(AddVictims(space="exit-w"))
    save = space_plays(history.state, "exit-w").save
    assert save.offered and save.verdict.allowed
    history.do(SaveVictims(space="exit-w"))
    assert not space_plays(history.state, "exit-w").save.offered
