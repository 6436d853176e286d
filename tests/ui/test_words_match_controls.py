"""Words match the controls: what a control says is what the messages name, and a
mark on screen says what it means where it shows."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.dream.deck import HITS_YOU
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.game.steps.terror_steps import TerrorDialog


def test_the_boiler_rooms_attack_message_names_the_row_that_records_it(qtbot: QtBot) -> None:
    # The Boiler Room: "he attacks you! ... You may defend as normal": its message sends the
    # player to the row that records the damage, by that row's own label.
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))
    history.do(FallAsleep())
    said = ""
    for direction in ("up", "up", "left", "down"):
        state = history.do(Slide(direction=direction))
        said = next((e.text for e in state.events if e.kind == "attack"), said)
    panel = FrightPanel()
    qtbot.addWidget(panel)
    label = panel.her_row.label.text()
    assert label == f"{HITS_YOU}:"
    assert f"record the damage you take: {label[:-1]})" in said


def test_each_steps_source_mark_is_words_with_its_meaning(qtbot: QtBot) -> None:
    # Rules notes §9: a card's confidence, "one source (ONE): the Spanish fan engine ...
    # Whatever rests on one source reminds or prefills, and never refuses a play". The bare
    # "ONE" beside each step meant nothing to a new player.
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))
    history.do(NextPhase())
    history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    dialog = TerrorDialog(None, history.state)
    qtbot.addWidget(dialog)
    dialog.name.setCurrentText("Stab Her")
    marks = [
        label
        for label in dialog.steps_box.findChildren(QLabel)
        if label.accessibleName().startswith("Source of step")
    ]
    assert marks
    for mark in marks:
        assert mark.text() == "1 source"
        assert "one unofficial source" in mark.toolTip()
        assert "untick" in mark.toolTip()
    legends = [
        label.text()
        for label in dialog.steps_box.findChildren(QLabel)
        if label.accessibleName() == "What the source marks mean"
    ]
    assert len(legends) == 1 and "1 source: one unofficial source" in legends[0]
    legend = dialog.source_legend
    assert not legend.isHidden()
    # Above the steps, so a long card's scrolled steps never hide it.
    assert legend.y() < min(mark.y() for mark in marks)
