"""Issue 12, done when: "A newcomer can add a Finale by touching the model and the data only,
and the GUI follows." The model's list is extended here as a newcomer would extend it; the
screens, History and the record follow with no change to the GUI."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions import dream as dream_actions
from frightmare.model.actions.dream import RevealFinale
from frightmare.model.dream import powers
from frightmare.model.query.verdict import refusal
from frightmare.model.record import own_achievements
from frightmare.ui.main_window import MainWindow

NEW = "Lights Out"


def test_a_finale_added_to_the_model_reaches_the_screen_history_and_the_record(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    extended = (*dream_actions.FINALES, NEW)
    monkeypatch.setattr(dream_actions, "FINALES", extended)
    monkeypatch.setattr(powers, "FINALES", extended)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    panel = window.game.fright
    listed = [panel.cards.finale.itemData(i) for i in range(panel.cards.finale.count())]
    assert listed[-1] == NEW
    panel.cards.finale.setCurrentIndex(panel.cards.finale.findData(NEW))
    assert window.session is not None
    assert refusal(window.session.state, RevealFinale(name=NEW)) is None  # the model allows it
    panel.cards.reveal_finale.click()
    assert window.session.state.finale == NEW
    history = window.session.history
    assert NEW in history.describe_step(history.cursor - 1)
    assert panel.cards.finale_shown.isVisible() and NEW in panel.cards.finale_shown.text()
    # "Seen Every Ending" now needs it too.
    assert own_achievements.progress([])["every-finale"] == (0, len(extended))
