"""The main window wired to the newer pieces: record anyway, Edit the table, the View menu's
docks and Keep awake, History's sentences on Undo/Redo, menus naming the real halves of the
box (issues 9, 10, 13 and 14)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from frightmare.model import GameState
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.lane import Move
from frightmare.model.actions.round import AdjustCounter, NextPhase
from frightmare.model.record.log_entry import LogEntry
from frightmare.store import SessionStore, load_settings
from frightmare.ui.game.box_values import BoxValuesDialog
from frightmare.ui.game.round_bar import result_line
from frightmare.ui.help import HelpDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.saved_games import default_name

OpenGame = Callable[..., MainWindow]


def menu_texts(window: MainWindow) -> list[str]:
    """Every visible menu entry's text, menus included."""
    texts: list[str] = []
    for top in window.menuBar().actions():
        menu = top.menu()
        texts.append(top.text())
        if not isinstance(menu, QMenu):
            continue
        texts += [a.text() for a in menu.actions() if a.isVisible() and not a.isSeparator()]
    return [t.replace("&", "") for t in texts]


def test_an_overridable_refusal_offers_record_anyway_and_records_it(open_game: OpenGame) -> None:
    """Issue 9 item 13, "Record it anyway": "Every refusal in the GUI offers, beside the rule,
    a way to record the play anyway ... the journal marks it as overridden"."""
    window = open_game(setup_card="A Quiet Place")
    assert window.session is not None
    banner = window.game.banner
    # Rulebook, "House spaces and quadrants": "you cannot enter an occupied House ... using
    # Walk, Sprint, or any other cards that allow movement". The Boyfriend's House holds one.
    assert not window.act(Move(to="boyfriends-house", steps=1))
    assert "occupied House" in window.statusBar().currentMessage()
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    state = window.session.state
    assert state.table.final_girl == "boyfriends-house"
    assert window.session.history.actions[-1].anyway
    assert window.game.history.rows()[-1].startswith("1. ⚑")
    # On success the status bar's message about the refused action is gone.
    assert window.statusBar().currentMessage() == ""
    assert not banner.record_anyway.isVisibleTo(window)


def test_a_refusal_that_is_not_a_rule_offers_no_record_anyway(open_game: OpenGame) -> None:
    """A refusal that is not ``overridable`` (the model could not follow it) stands."""
    window = open_game()  # no Setup card: she is not on the board yet
    assert not window.act(Move(to="exit-n", steps=1))
    assert "Place the Final Girl" in window.statusBar().currentMessage()
    assert not window.game.banner.record_anyway.isVisibleTo(window)


def test_undo_and_redo_say_historys_sentences(open_game: OpenGame) -> None:
    """Issue 10 item 7: "undo and redo say what they undid or redid", in History's words."""
    window = open_game()
    assert window.session is not None
    window.act(NextPhase())
    assert window.undo_action.text() == "&Undo “Next phase: Planning”"
    window.undo_action.trigger()
    assert window.statusBar().currentMessage() == "Undid: Next phase: Planning"
    assert window.redo_action.text() == "&Redo “Next phase: Planning”"
    window.redo_action.trigger()
    assert window.statusBar().currentMessage() == "Redid: Next phase: Planning"


def test_edit_the_table_stays_in_step_with_the_game_undo_included(
    open_game: OpenGame, qtbot: QtBot
) -> None:
    """Issue 9 item 14: "Each edit is one recorded, undoable step"; the dialog shows the
    table as it is after every change, undo included."""
    window = open_game()
    assert window.session is not None
    window.edit_table_action.trigger()
    dialog = window._edit_dialog
    assert dialog is not None and dialog.isVisible()
    window.edit_table_action.trigger()  # a second time: the same dialog
    assert window._edit_dialog is dialog
    dialog.counter.setCurrentIndex(dialog.counter.findData("time"))
    before = window.session.state.counters.time
    dialog.counter_value.setValue(before + 2)
    dialog._set_counter()
    assert window.session.state.counters.time == before + 2
    window.undo_action.trigger()
    assert window.session.state.counters.time == before
    assert dialog.counter_value.value() == before
    window.act(AdjustCounter(counter="time", delta=-1))
    assert dialog.counter_value.value() == before - 1
    window.sessions_action.trigger()  # leaving the game closes it
    qtbot.waitUntil(lambda: window._edit_dialog is None)


def test_the_view_menu_has_the_docks_and_keep_awake_kept_in_the_settings(
    qtbot: QtBot, private_data_dir: Path, open_game: OpenGame
) -> None:
    """Issue 10 items 1 and 10: docks the player can hide, "the arrangement remembered";
    Keep the screen awake, a View toggle, on by default."""
    window = open_game()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QMenu)
    texts = [a.text() for a in view.actions()]
    assert "Show History" in texts and "Keep the screen &awake" in texts
    keep = next(a for a in view.actions() if a.text() == "Keep the screen &awake")
    assert keep.isChecked()
    keep.setChecked(False)
    assert not load_settings(private_data_dir).keep_awake
    history_toggle = next(a for a in view.actions() if a.text() == "Show History")
    history_toggle.trigger()  # hidden
    assert not window.game.docks["history"].isVisibleTo(window)
    window.close()
    saved = load_settings(private_data_dir)
    assert saved.window_state

    again = MainWindow(SessionStore(private_data_dir), saved)
    qtbot.addWidget(again)
    again.show()
    scan = again.store.scan()
    again.open_session(scan.sessions[0].id)
    assert not again.game.keep_awake_action.isChecked()
    assert not again.game.docks["history"].isVisibleTo(again)


@pytest.mark.parametrize(
    ("killer", "location"),
    [
        ("Dr. Fright", "Maple Lane"),
        ("Dr. Fright", "Camp Happy Trails"),
        ("Hans", "Maple Lane"),
        ("Hans", "Camp Happy Trails"),
    ],
)
def test_menus_name_only_the_halves_in_the_game(
    open_game: OpenGame, killer: str, location: str
) -> None:
    """Issue 14 item 3: "No Dr. Fright text or control appears against another Killer, and
    no Maple Lane board ... on another Location"; the Killer's Health by his own name."""
    window = open_game(killer=killer, location=location)
    texts = " | ".join(menu_texts(window))
    assert f"{killer}'s Health +1" in texts
    fright, maple = killer == "Dr. Fright", location == "Maple Lane"
    assert ("Dr. Fright" in texts) == fright
    assert ("Boiler Room" in texts) == fright
    assert ("Maple Lane" in texts) == maple
    window.sessions_action.trigger()
    assert "The Killer's Health +1" in " | ".join(menu_texts(window))


def test_box_values_and_help_are_given_the_game(
    open_game: OpenGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The box values are labelled by the model for this game (his Health by his name), and
    Help lists only the halves in the game: both dialogs get the state."""
    window = open_game(killer="Hans")
    seen: list[object] = []

    def ask(cls: type, parent: object, game: object) -> list[tuple[str, int]]:
        seen.append(game)
        return []

    monkeypatch.setattr(BoxValuesDialog, "ask", classmethod(ask))
    monkeypatch.setattr(
        HelpDialog, "show_for", classmethod(lambda cls, p, actions, state=None: seen.append(state))
    )
    window.box_action.trigger()
    window.help_action.trigger()
    assert window.session is not None
    assert seen == [window.session.state, window.session.state]


def test_game_over_is_a_state_until_undone(
    open_game: OpenGame, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """Issue 13 item 1: "the game screen says so ("Won in round 6" / "Lost in round 4") until
    undone ... undoing past the end reopens the game), and the summary can be reopened"."""
    shown: list[GameOverDialog] = []

    def summary(cls: type, parent: MainWindow, state: GameState, export: object) -> None:
        shown.append(GameOverDialog(state, parent))

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(summary))
    window = open_game(final_girl="Sheila", setup_card="Revenge")
    assert window.session is not None
    assert not window.summary_action.isEnabled()
    window.act(EndGame(result="loss"))
    assert window.windowTitle().startswith("Lost in round 1 — ")
    assert window.result_label.text().startswith("Lost in round 1")
    assert window.result_label.isVisibleTo(window)
    assert len(shown) == 1 and shown[0].record_box is not None  # achievements, form answers
    from frightmare.store import PlayLog

    entries = PlayLog(private_data_dir).entries()
    assert [e.result for e in entries] == ["loss"]
    assert entries[0].started and entries[0].fell_asleep == 0  # the record's columns
    # Controls that would change the game are off, and refused by the model.
    assert not window.next_phase_action.isEnabled() and not window.edit_table_action.isEnabled()
    assert not any(a.isEnabled() for a in window.counter_actions)
    assert window.undo_action.isEnabled()
    assert not window.act(NextPhase())
    window.summary_action.trigger()
    assert len(shown) == 2
    window.undo_action.trigger()  # reopens the game: no longer a result
    assert window.next_phase_action.isEnabled()
    assert not window.result_label.isVisibleTo(window)
    assert not window.windowTitle().startswith("Lost")
    assert not window.summary_action.isEnabled()
    assert PlayLog(private_data_dir).entries() == []
    window.redo_action.trigger()  # over again: recorded again, without a box popping up
    assert len(shown) == 2
    assert [e.result for e in PlayLog(private_data_dir).entries()] == ["loss"]


def test_statistics_and_play_log_import_are_in_the_game_menu(
    open_game: OpenGame, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """Issue 13 items 3 and 4: the statistics view over the play log, and a play log
    imported back."""
    from frightmare.ui.record import achievements
    from frightmare.ui.record.stats.stats_dialog import StatsDialog

    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    window = open_game()
    window.act(EndGame(result="win"))
    opened: list[list[LogEntry]] = []
    monkeypatch.setattr(StatsDialog, "show_for", classmethod(lambda cls, p, e: opened.append(e)))
    window.stats_action.trigger()
    assert [e.result for e in opened[0]] == ["win"]
    asked: list[Path] = []
    monkeypatch.setattr(achievements, "ask_import", lambda parent, path: asked.append(path))
    window.import_log_action.trigger()
    assert asked == [private_data_dir / "playlog.jsonl"]


def test_default_names_are_distinct_and_dated() -> None:
    """Issue 13 item 2: "default names are distinct (e.g. with the date)"."""
    from datetime import date

    from frightmare.model import GameSetup

    day = date(2026, 11, 30)
    name = default_name(GameSetup(final_girl="Nancy"), set(), day)
    assert name == "Nancy vs Dr. Fright, 30 Nov"
    assert default_name(GameSetup(final_girl="Nancy"), {name}, day) == f"{name} (2)"


def test_the_result_line_names_the_round() -> None:
    from frightmare.model import GameSetup, History, new_game

    history = History(new_game(GameSetup(), seed=1))
    assert result_line(history.state) is None
    history.do(NextPhase())
    history.do(EndGame(result="win"))
    assert result_line(history.state) == "Won in round 1"


def test_the_game_screen_says_how_the_game_ended_until_undone(
    open_game: OpenGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 item 1: "the game screen says so ("Won in round 6" / "Lost in round 4") until
    undone"."""
    from frightmare.model.actions.game import EndGame
    from frightmare.ui.record.summary import GameOverDialog

    window = open_game()
    shown: list[object] = []
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: shown.append(a)))
    window.act(EndGame(result="loss"))
    assert shown  # the summary was offered
    assert window.game.round_bar.round.text() == "Lost in round 1"
    assert window.game.round_bar.round.property("over") == "loss"
    window.undo_action.trigger()
    assert window.game.round_bar.round.text() == "Round 1"
    assert window.game.round_bar.round.property("over") == ""


def test_another_game_starts_with_a_fresh_screen(open_game: OpenGame) -> None:
    """Walkthrough: the previous game's selected space, Spaces and Followers carried over."""
    window = open_game(setup_card="A Quiet Place")
    first = window.session
    assert first is not None
    window.game.select_space("exit-w")
    window.game.board_panel.steps.setValue(3)
    window.game.board_panel.followers.setValue(1)
    from frightmare.model import GameSetup

    other = window.store.create(GameSetup(killer="Hans", setup_card="Playtime"), "Other", seed=2)
    other.close()
    window.open_session(other.id)
    assert window.game.selected_space is None
    assert window.game.board_panel.steps.value() == 1
    assert window.game.board_panel.followers.value() == 0


@pytest.mark.parametrize("zoom", [1.0, 1.5, 1.75, 2.5])
def test_the_box_values_dialog_shows_its_words_whole_and_fits_the_screen(
    qtbot: QtBot, qapp: QApplication, zoom: float
) -> None:
    """Walkthrough under Xvfb at 1280x720: the Box values dialog came up at its minimum
    height, cutting the top and bottom of its two explanations; taller than the screen at
    150%, its buttons would be off it."""
    from PySide6.QtWidgets import QLabel

    from frightmare.model.box.numbers import BoxValues
    from frightmare.ui.theme import apply_theme

    font, sheet = qapp.font(), qapp.styleSheet()
    try:
        apply_theme(qapp, dark=False, zoom=zoom)
        dialog = BoxValuesDialog(BoxValues())
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        screen = dialog.screen().availableGeometry()
        assert screen.contains(dialog.frameGeometry())
        # Nothing hidden under the scroll bar when the rows scroll (final walkthrough, 175%);
        # wider than the screen (this one is 800 px wide), they scroll sideways, never cut.
        sideways = dialog.rows_area.horizontalScrollBar()
        fits = dialog.content.width() <= dialog.rows_area.viewport().width()
        assert fits or (sideways.isVisible() and sideways.maximum() > 0)
        for label in dialog.findChildren(QLabel):
            if label.wordWrap() and label.isVisible():
                assert label.height() >= label.heightForWidth(label.width()), label.text()
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        assert (holder := ok.parentWidget()) is not None
        assert dialog.rect().contains(ok.geometry().translated(holder.pos()))
    finally:
        qapp.setStyleSheet(sheet)
        qapp.setFont(font)
