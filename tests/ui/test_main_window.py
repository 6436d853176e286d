"""The window end to end: wizard, act, undo, redo, jump, restart over the same data."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.setup.wizard import NewGameDialog
from frightmare.ui.widgets.dialogs import AskText, ChooseFile, Confirm


def make_window(qtbot: QtBot, root: Path) -> MainWindow:
    store = SessionStore(root)
    window = MainWindow(store, load_settings(root))
    qtbot.addWidget(window)
    window.show()
    return window


def fill_wizard(monkeypatch: pytest.MonkeyPatch, **choices: object) -> None:
    """Replace ``NewGameDialog.ask`` by one that fills the real dialog and presses OK."""

    def ask(cls: type[NewGameDialog], parent: object = None, remembered: str = "") -> object:
        dialog = NewGameDialog()
        dialog.final_girl.setCurrentText(str(choices.get("final_girl", "Nancy")))
        dialog.location.setCurrentText(str(choices.get("location", "Maple Lane")))
        card = choices.get("setup_card")
        if card:
            dialog.setup_card.setCurrentIndex(dialog.setup_card.findData(card))
        dialog.epic.setChecked(bool(choices.get("epic", False)))
        deck = choices.get("boiler_deck")
        if deck:
            dialog.deck.setCurrentIndex(dialog.deck.findData(deck))
        dialog.name.setText(str(choices.get("name", "")))
        dialog._accept()
        assert dialog.result() == NewGameDialog.DialogCode.Accepted
        return dialog.result_setup, dialog.name.text() or None

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))


def click_history_row(qtbot: QtBot, window: MainWindow, row: int) -> None:
    view = window.game.history.list
    rect = view.visualItemRect(view.item(row))
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center()
    )


def type_notes(qtbot: QtBot, window: MainWindow, text: str) -> None:
    editor = window.game.notes.edit
    editor.selectAll()
    QTest.keyClicks(editor, text)
    window.game.notes.flush()


def test_wizard_act_undo_redo_jump_and_restart(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    window = make_window(qtbot, private_data_dir)
    assert window.pages.currentWidget() is window.picker
    fill_wizard(
        monkeypatch,
        final_girl="Sheila",
        setup_card="Block Party",
        epic=True,
        boiler_deck="physical",
    )
    window.new_action.trigger()

    assert window.session is not None
    assert window.session.state.dream.mode == "physical"
    # Issue 13 item 2: default names are distinct, with the date.
    today = date.today()
    assert window.windowTitle().startswith(
        f"Sheila vs Dr. Fright, {today.day} {today:%b} — "
        "Sheila vs Dr. Fright, Maple Lane (Block Party), Epic"
    )
    type_notes(qtbot, window, "first")
    type_notes(qtbot, window, "first, then more")  # typing again: still one step
    monkeypatch.setattr(AskText, "ask", classmethod(lambda cls, *a, **k: "Night of terror"))
    window.rename_action.trigger()
    assert window.session.state.name == "Night of terror"
    type_notes(qtbot, window, "second")
    assert window.game.history.rows() == [
        "New game: Sheila vs Dr. Fright, Maple Lane (Block Party), Epic",
        "1. Notes: first, then more",
        "2. Renamed the game to “Night of terror”",
        "3. Notes: second",
    ]

    window.undo_action.trigger()
    assert window.game.notes.edit.toPlainText() == "first, then more"
    assert window.statusBar().currentMessage() == "Undid: Notes: second"
    window.undo_action.trigger()
    assert window.session.state.name == f"Sheila vs Dr. Fright, {today.day} {today:%b}"
    window.redo_action.trigger()
    assert window.session.state.name == "Night of terror"
    assert window.statusBar().currentMessage() == "Redid: Renamed the game to “Night of terror”"
    click_history_row(qtbot, window, 0)
    assert window.session.history.cursor == 0
    assert window.game.notes.edit.toPlainText() == ""
    assert not window.undo_action.isEnabled()
    click_history_row(qtbot, window, 2)
    assert window.session.history.cursor == 2
    session_id = window.session.id
    window.close()

    again = make_window(qtbot, private_data_dir)
    listed = again.picker.list.topLevelItem(0)
    assert listed is not None
    assert listed.text(0) == "Night of terror"
    assert listed.text(3) == "Sheila vs Dr. Fright, Maple Lane (Block Party), Epic"
    again.picker.list.setCurrentItem(listed)
    again.picker.open_button.click()
    assert again.session is not None and again.session.id == session_id
    assert again.session.history.cursor == 2
    assert again.game.notes.edit.toPlainText() == "first, then more"
    assert len(again.game.history.rows()) == 4  # the redo tail survived the restart
    again.redo_action.trigger()
    assert again.game.notes.edit.toPlainText() == "second"
    while again.undo_action.isEnabled():
        again.undo_action.trigger()
    assert again.session.state == again.session.history.start


def test_undo_redo_shortcuts(qtbot: QtBot, private_data_dir: Path) -> None:
    window = make_window(qtbot, private_data_dir)
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert {s.toString() for s in window.redo_action.shortcuts()} == {"Ctrl+Shift+Z", "Ctrl+Y"}


def test_picker_rename_duplicate_delete_with_confirmation(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    store = SessionStore(private_data_dir)
    first = store.create(GameSetup(final_girl="Nancy"), "First")
    window = make_window(qtbot, private_data_dir)
    picker = window.picker

    monkeypatch.setattr(AskText, "ask", classmethod(lambda cls, *a, **k: "Renamed"))
    picker.rename_button.click()
    assert [s.name for s in store.scan().sessions] == ["Renamed"]

    picker.duplicate_button.click()
    assert sorted(s.name for s in store.scan().sessions) == ["Renamed", "Renamed (copy)"]

    monkeypatch.setattr(Confirm, "ask", classmethod(lambda cls, *a, **k: False))
    second = picker.list.topLevelItem(1)
    assert second is not None
    picker.list.setCurrentItem(second)
    picker.delete_button.click()
    assert len(store.scan().sessions) == 2  # refused: nothing deleted

    monkeypatch.setattr(Confirm, "ask", classmethod(lambda cls, *a, **k: True))
    target = next(s for s in store.scan().sessions if s.id == first.id)
    for row in range(picker.list.topLevelItemCount()):
        item = picker.list.topLevelItem(row)
        if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == target.id:
            picker.list.setCurrentItem(item)
    picker.delete_button.click()
    assert [s.name for s in store.scan().sessions] == ["Renamed (copy)"]


def test_export_then_import(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, tmp_path: Path
) -> None:
    store = SessionStore(private_data_dir)
    store.create(GameSetup(final_girl="Sheila"), "To share")
    window = make_window(qtbot, private_data_dir)
    exported = tmp_path / "shared.json"
    monkeypatch.setattr(ChooseFile, "ask_save", classmethod(lambda cls, *a: exported))
    monkeypatch.setattr(ChooseFile, "ask_open", classmethod(lambda cls, *a: exported))
    window.picker.export_button.click()
    assert exported.exists()
    window.picker.import_button.click()
    assert [s.name for s in store.scan().sessions] == ["To share", "To share"]


def test_a_broken_file_is_reported_in_the_picker(qtbot: QtBot, private_data_dir: Path) -> None:
    store = SessionStore(private_data_dir)
    store.create(GameSetup(), "Fine")
    (store.sessions_dir / ("a" * 32 + ".json")).write_text("garbage")
    window = make_window(qtbot, private_data_dir)
    assert window.picker.problems.isVisibleTo(window)
    assert "could not be opened" in window.picker.problems.text()
    assert window.picker.list.topLevelItemCount() == 1


def test_save_error_is_shown_and_play_goes_on(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    store = SessionStore(private_data_dir)
    session = store.create(GameSetup(), "Fragile")
    window = make_window(qtbot, private_data_dir)
    window.open_session(session.id)
    import frightmare.store.games.game_file as sessions

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    from frightmare.store.atomic import atomic_write as real

    monkeypatch.setattr(sessions, "atomic_write", full)
    type_notes(qtbot, window, "kept in memory")
    assert window.save_label.text() == "⚠ Not saved"
    assert window.retry_button.isVisibleTo(window)
    monkeypatch.setattr(sessions, "atomic_write", real)
    window.retry_button.click()
    assert window.save_label.text().startswith("Saved")
    assert store.open(session.id).state.notes == "kept in memory"


def test_zoom_dark_theme_and_geometry_are_remembered(qtbot: QtBot, private_data_dir: Path) -> None:
    window = make_window(qtbot, private_data_dir)
    font_before = window.font().pointSizeF()
    window.zoom_in_action.trigger()
    window.zoom_in_action.trigger()
    assert window.font().pointSizeF() > font_before
    window.dark_action.trigger()
    window.resize(760, 520)
    window.close()
    saved = load_settings(private_data_dir)
    assert saved.zoom == 1.3
    assert saved.dark is False
    again = make_window(qtbot, private_data_dir)
    assert (again.width(), again.height()) == (760, 520)
    again.zoom_reset_action.trigger()
    again.dark_action.trigger()
    again.close()


def test_a_frame_added_after_the_show_still_fits_the_screen(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Final walkthrough under Xvfb with a window manager: on a 1280x720 screen the window
    opened 1200x720 and the title bar, added a moment after the show, pushed the status bar
    off the bottom. The window is fitted again when the frame first appears."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtGui import QMoveEvent
    from PySide6.QtWidgets import QApplication

    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    QApplication.processEvents()
    area = window.screen().availableGeometry()
    assert window.height() <= area.height()
    title = 25  # the window manager's title bar, added late

    def framed() -> QRect:
        inner = window.geometry()
        return QRect(inner.left(), inner.top() - title, inner.width(), inner.height() + title)

    monkeypatch.setattr(window, "frameGeometry", framed)
    QApplication.sendEvent(window, QMoveEvent(QPoint(0, title), QPoint(0, 0)))
    assert window.height() + title <= area.height()
