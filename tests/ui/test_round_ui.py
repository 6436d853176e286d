"""The round tracker from the keyboard: two full rounds, counters, the end and the play log."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameState
from frightmare.model.actions.round import DrawTerror
from frightmare.store import PlayLog
from frightmare.ui.game.steps.final_health import TokenDialog
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.widgets.dialogs import ChooseFile

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def game_window(open_game: Callable[..., MainWindow], qtbot: QtBot) -> Callable[[], MainWindow]:
    def make() -> MainWindow:
        window = open_game(seed=9, final_girl="Nancy", setup_card="A Quiet Place")
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
        return window

    return make


def key(qtbot: QtBot, window: MainWindow, k: Qt.Key, mods: Qt.KeyboardModifier) -> None:
    qtbot.keyClick(window.focusWidget() or window, k, mods)


def test_two_full_rounds_from_the_keyboard(
    game_window: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = game_window()
    assert window.session is not None
    drawn = DrawTerror(name="Terror A")
    monkeypatch.setattr(TerrorDialog, "ask", classmethod(lambda cls, parent, state=None: drawn))
    bar = window.game.round_bar
    phases = []
    for _round in range(2):
        key(qtbot, window, Qt.Key.Key_1, ALT)  # spend Time in the Action phase
        key(qtbot, window, Qt.Key.Key_Return, CTRL)  # -> Planning
        phases.append(window.session.state.phase)
        assert any("Time goes back to 6" in t for t in bar.reminder_texts())
        key(qtbot, window, Qt.Key.Key_Return, CTRL)  # -> Killer
        phases.append(window.session.state.phase)
        assert window.session.state.counters.time == 6
        key(qtbot, window, Qt.Key.Key_K, CTRL)  # his Killer Action first (rules notes §1)
        assert window.session.state.killer_action_done
        key(qtbot, window, Qt.Key.Key_T, CTRL)  # then draw a Terror card
        key(qtbot, window, Qt.Key.Key_4, CTRL)  # Bloodlust +1
        key(qtbot, window, Qt.Key.Key_Return, CTRL)  # -> Upkeep (nobody died: no Panic)
        phases.append(window.session.state.phase)
        key(qtbot, window, Qt.Key.Key_Return, CTRL)  # -> next round's Action phase
        phases.append(window.session.state.phase)
    state = window.session.state
    assert phases == ["planning", "killer", "upkeep", "action"] * 2
    assert state.round == 3
    assert state.counters.terror_left == 8 and state.counters.bloodlust == 2
    assert bar.round.text() == "Round 3"
    assert bar.counters["terror"].value.text() == "8"


def test_help_lists_the_shortcuts(
    game_window: Callable[[], MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    from frightmare.ui.help import HelpDialog

    window = game_window()
    dialog = HelpDialog(window.actions())
    text = dialog.text.toPlainText()
    for shortcut in ("Ctrl+Return", "Ctrl+1", "Alt+2", "Ctrl+Z", "F1", "Ctrl+T"):
        assert shortcut in text
    # A standard key is listed by its main binding only, not the platform's media keys
    # (walkthrough: Help read "Ctrl+N, New" and "Ctrl+Z, F14, Undo").
    assert [k.toString() for k in window.new_action.shortcuts()] == ["Ctrl+N"]
    assert [k.toString() for k in window.undo_action.shortcuts()] == ["Ctrl+Z"]
    assert "Ctrl+N, New" not in text and "Alt+Backspace" not in text


def test_a_finished_game_goes_to_the_play_log_and_exports(
    game_window: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    window = game_window()
    assert window.session is not None
    shown: list[str] = []
    exported = tmp_path / "plays.csv"
    monkeypatch.setattr(ChooseFile, "ask_save", classmethod(lambda cls, *a: exported))

    def summary(cls: type, parent: object, state: GameState, export: object) -> None:
        dialog = GameOverDialog(state, None)
        dialog.export_button.clicked.connect(export)
        shown.append(dialog.windowTitle())
        dialog.export_button.click()

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(summary))
    monkeypatch.setattr(TokenDialog, "ask", classmethod(lambda cls, parent, whose: (True, None)))
    for _ in range(4):
        key(qtbot, window, Qt.Key.Key_2, ALT)  # Nancy's 4 Health, one by one
    bar = window.game.round_bar
    assert bar.final_health.isVisibleTo(window)
    assert any("Final Health" in t for t in bar.reminder_texts())
    bar.final_health.click()  # blank
    assert window.session.state.result == "loss"
    assert shown == ["The Final Girl falls"]
    rows = list(csv.DictReader(exported.open()))
    assert rows[0]["result"] == "loss" and rows[0]["final_girl"] == "Nancy"
    assert rows[0]["setup"] == "A Quiet Place" and rows[0]["rounds"] == "1"
    assert len(PlayLog(private_data_dir).entries()) == 1
    assert not bar.next_phase.isEnabled()


def test_reminders_can_be_dismissed_but_blocking_ones_cannot(
    game_window: Callable[[], MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = game_window()
    bar = window.game.round_bar
    key(qtbot, window, Qt.Key.Key_Return, CTRL)  # Planning: the Time reset reminder
    assert any("Time goes back" in t for t in bar.reminder_texts())
    bar.dismiss("time-reset")
    assert not any("Time goes back" in t for t in bar.reminder_texts())


def test_the_checklist_shows_whole_through_the_round(
    open_game: Callable[..., MainWindow],
) -> None:
    # Walkthrough: the phase checklist was a small scroll box inside a larger frame. It is as
    # tall as the longest phase's list, so nothing moves between phases and nothing scrolls.
    from PySide6.QtWidgets import QApplication

    from frightmare.model.actions.round import NextPhase
    from frightmare.model.rules import record_anyway

    window = open_game(setup_card="Maple Lane")
    window.resize(1280, 720)
    # Issue 19 item 3: as tall as this phase's list (whole), not as the longest of them all.
    for _ in range(5):
        for _ in range(6):
            QApplication.processEvents()
        area = window.game.round_bar.checklist
        assert area.fits(), area.text()
        assert window.act(record_anyway(NextPhase()))


def test_the_phases_pills_kept_are_as_measured_after_a_zoom_a_theme_or_a_resize(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], qtbot: QtBot
) -> None:
    """A play measures the phases' pills again only when what they depend on changed
    (``round_pieces.pills_measured``): after another zoom, theme or window size (a short
    column), each play shows them as a fresh measure does."""
    themed(True, 1.0)
    window = open_game(seed=9, final_girl="Nancy", setup_card="A Quiet Place")
    bar = window.game.round_bar

    def shown() -> tuple[object, ...]:
        pills = bar.pills.values()
        return bar._pill_columns, [(p.text(), p.minimumWidth()) for p in pills]

    measured: list[object] = []
    for dark, zoom, size in [
        (True, 1.0, (1366, 768)),
        (True, 1.5, (1366, 768)),
        (False, 1.5, (1366, 768)),
        (False, 1.5, (960, 540)),
        (True, 2.0, (960, 540)),
        (True, 1.0, (1366, 768)),
    ]:
        themed(dark, zoom)
        window.resize(*size)
        for _ in range(3):
            QApplication.processEvents()
        assert window.session is not None
        bar.show_state(window.session.state)
        kept = shown()
        measured.append(bar._pills_measured)
        bar._pills_measured = None
        bar._wrap_pills(bar.counter_grid.minimumSize().width())
        assert shown() == kept, (dark, zoom, size)
    # Each change is in what they were measured for; the first look again is as it was.
    assert len(set(measured[:-1])) == len(measured) - 1
    assert measured[-1] == measured[0]
