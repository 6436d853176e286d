"""The Edit the table dialog: each edit is one recorded, undoable action; controls are named
and wheel-safe."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QListWidget,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.journal import Action
from frightmare.model.errors import RuleViolation
from frightmare.ui.game.edit_table import EditTableDialog


def open_dialog(qtbot: QtBot) -> tuple[EditTableDialog, History]:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))

    def act(action: Action) -> bool:
        try:
            history.do(action)
        except RuleViolation:
            return False
        return True

    dialog = EditTableDialog.show_for(None, history.state, act)
    qtbot.addWidget(dialog)
    return dialog, history


def choose(combo: QComboBox, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))


def test_each_edit_is_one_undoable_step(qtbot: QtBot) -> None:
    dialog, history = open_dialog(qtbot)
    choose(dialog.piece, "final girl")
    assert dialog.source.currentData() == "street-s"  # where she is now
    choose(dialog.target, "house-nw-street")  # an occupied House: edits ignore the rules
    dialog.apply_piece.click()
    assert history.state.table.final_girl == "house-nw-street"
    choose(dialog.piece, "smalley")
    choose(dialog.source, None)
    choose(dialog.target, "exit-w")
    dialog.apply_piece.click()
    assert history.state.table.smalleys == ("exit-w",)
    choose(dialog.counter, "bloodlust")
    dialog.counter_value.setValue(7)
    dialog.apply_counter.click()
    assert history.state.counters.bloodlust == 7
    choose(dialog.quadrant, "SE")
    dialog.deck_cards.setValue(1)
    dialog.deck_top.setCurrentText("Bow")
    dialog.apply_deck.click()
    assert [c.name for c in history.state.table.deck("SE")] == ["Bow"]
    dialog.new_item.setCurrentText("Rifle")
    dialog.add_item.click()
    dialog.items.item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog.apply_items.click()
    assert [(i.name, i.in_hand) for i in history.state.table.held] == [("Rifle", False)]
    assert len(history) == 5
    assert history.actions[-1].describe() == "Edit: her items are Rifle"
    history.undo()
    assert history.state.table.held == ()


def test_what_the_table_cannot_show_is_explained_not_recorded(qtbot: QtBot) -> None:
    dialog, history = open_dialog(qtbot)
    choose(dialog.piece, "victim")
    choose(dialog.source, "exit-n")  # no Victim there
    choose(dialog.target, "exit-s")
    dialog.apply_piece.click()
    assert len(history) == 0
    assert "no victim" in dialog.message.text().lower()


def test_every_control_has_a_name_and_the_wheel_needs_focus(qtbot: QtBot, tmp_path: Path) -> None:
    dialog, _ = open_dialog(qtbot)
    controls: list[QWidget] = [*dialog.findChildren(QComboBox), *dialog.findChildren(QSpinBox)]
    controls += dialog.findChildren(QAbstractButton) + dialog.findChildren(QListWidget)
    for control in controls:
        assert control.accessibleName(), control
    spin = dialog.counter_value
    before = spin.value()
    dialog.piece.setFocus()
    QApplication.processEvents()
    event = QWheelEvent(
        QPointF(5, 5),
        QPointF(spin.mapToGlobal(QPoint(5, 5))),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(spin, event)
    assert spin.value() == before
    dialog.grab().save(str(tmp_path / "edit-table.png"))


def test_another_location_has_no_maple_lane_pieces_or_decks_to_edit(qtbot: QtBot) -> None:
    # Issue 14: "On any other Location there is no Maple Lane board"; the model refuses its
    # piece and deck edits there, so the dialog does not offer them.
    history = History(new_game(GameSetup(killer="Hans", location="Camp Happy Trails"), seed=2))
    dialog = EditTableDialog.show_for(None, history.state, lambda action: True)
    qtbot.addWidget(dialog)
    assert not dialog.pieces_box.isVisibleTo(dialog)
    assert not dialog.deck_box.isVisibleTo(dialog)
    titles = [dialog.counter.itemText(i) for i in range(dialog.counter.count())]
    assert any("Hans" in t for t in titles)
    assert not any("Fright" in t for t in titles)


def test_done_names_the_space_as_the_games_own_board_does(qtbot: QtBot) -> None:
    """The audit of issue 12 item 4: the dialog's "Done:" line used the packaged board's
    names where a corrected board was in play (History already used the game's own)."""
    import json

    from frightmare.model.box.board import load_board, packaged_board_text

    data = json.loads(packaged_board_text())
    next(s for s in data["spaces"] if s["id"] == "exit-w")["name"] = "Maple Gate"
    history = History(new_game(GameSetup(), seed=2, board=load_board(json.dumps(data))))

    def act(action: Action) -> bool:
        history.do(action)
        return True

    dialog = EditTableDialog.show_for(None, history.state, act)
    qtbot.addWidget(dialog)
    choose(dialog.piece, "final girl")
    choose(dialog.target, "exit-w")
    dialog.apply_piece.click()
    assert "Maple Gate" in dialog.message.text()
    assert history.describe_step(len(history) - 1) in dialog.message.text()


def test_setting_a_counter_to_its_own_value_adds_no_step(qtbot: QtBot) -> None:
    """Walkthrough under Xvfb: "Set the counter" at the value it already had added a second
    "Edit: Time set to 9" step to History. There is nothing to put right, so no step, and the
    dialog says why."""
    dialog, history = open_dialog(qtbot)
    choose(dialog.counter, "time")
    dialog.counter_value.setValue(history.state.counters.time)
    before = len(history)
    dialog.apply_counter.click()
    assert len(history) == before
    assert "already" in dialog.message.text()
    dialog.counter_value.setValue(history.state.counters.time - 1)
    dialog.apply_counter.click()
    assert len(history) == before + 1


def edit_dialog(qtbot: QtBot) -> EditTableDialog:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))

    def act(action: Action) -> bool:
        try:
            history.do(action)
        except RuleViolation:
            return False
        return True

    dialog = EditTableDialog.show_for(None, history.state, act)
    qtbot.addWidget(dialog)
    QApplication.processEvents()
    return dialog


def whole_text(button: QWidget) -> bool:
    return button.width() >= button.sizeHint().width() and (
        button.height() >= button.sizeHint().height()
    )


def test_the_edit_dialog_keeps_its_size_and_whole_buttons_after_an_edit(qtbot: QtBot) -> None:
    """Walkthrough 6: "after 'Move the piece' the Edit-the-table dialog squeezes and clips
    button text"."""
    dialog = edit_dialog(qtbot)
    size = dialog.size()
    dialog.target.setCurrentIndex(dialog.target.findData("street-n"))
    dialog.apply_piece.click()
    QApplication.processEvents()
    assert dialog.message.text().startswith("Done:")
    assert dialog.size() == size
    for button in (dialog.apply_piece, dialog.apply_counter, dialog.apply_deck):
        assert whole_text(button), button.text()
    # A long refusal does not squeeze it either.
    dialog.message.setText("A long message. " * 20)
    QApplication.processEvents()
    assert dialog.size() == size
    assert whole_text(dialog.apply_piece)
