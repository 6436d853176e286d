"""The game-over summary's part of the record: achievements earned and the community form's
answers copied in the form's order (issue 13, items 3 and 5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import RevealFinale
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.csv_format import to_csv
from frightmare.store.playlog.log_file import read_log
from frightmare.ui.record.achievements import GameRecordBox, ask_import


def won_game(saved: int = 2) -> LogEntry:
    history = History(new_game(GameSetup(setup_card="Revenge"), seed=1))
    history.do(RevealFinale(name="Time to Die"))
    history.do(AdjustCounter(counter="saved", delta=saved))
    history.do(EndGame(result="win"))
    return with_figures(entry_for("s", history.state), game_figures(history))


def test_summary_lists_achievements_and_copies_the_form_answers(qtbot: QtBot) -> None:
    entry = won_game().with_values(victims_left=0)  # every Victim saved
    box = GameRecordBox(entry)
    qtbot.addWidget(box)
    assert [a.key for a in box.earned] == ["all-saved"]
    box.copy_button.click()
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None
    assert clipboard.text().split("\t")[:4] == ["Nancy", "Dr. Fright", "Maple Lane", "Final Girl"]
    assert "Copied" in box.copied.text()


def test_no_achievement_no_heading(qtbot: QtBot) -> None:
    box = GameRecordBox(won_game())  # Revenge leaves Victims on the board: a near miss
    qtbot.addWidget(box)
    assert box.earned == []


def test_import_reports_added_and_damaged_lines(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "games.csv"
    source.write_text(to_csv([won_game()]) + "bad,line\n", "utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(source), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    log = tmp_path / "data" / "playlog.jsonl"
    report = ask_import(None, log)
    assert report is not None and report.added == 1
    assert "games.csv, line 3: skipped" in shown[0]
    assert len(read_log(log).entries) == 1
