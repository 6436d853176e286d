"""After the game (issue 22 item 7): from the summary, the game goes everywhere at once: its
play-log line as CSV and its BG Stats link's data saved side by side, the community form's answers
copied, and the BG Stats link offered."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from pytestqt.qtbot import QtBot

from frightmare.model.record.bg_stats import bg_stats_play
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.achievements import GameRecordBox, send_stem
from frightmare.ui.widgets.dialogs import ChooseFile

ENTRY = LogEntry.from_row(
    {
        "session": "s" * 32,
        "date": "2026-11-01",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "setup": "Revenge",
        "result": "win",
        "started": "2026-11-01T20:00:00+00:00",
        "ended": "2026-11-01T20:40:00+00:00",
    }
)


def test_one_click_sends_the_csv_line_the_form_answers_and_the_bg_stats_play(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = GameRecordBox(ENTRY, [], notes="A close one.")
    qtbot.addWidget(box)
    target = tmp_path / f"{send_stem(ENTRY)}.csv"
    monkeypatch.setattr(ChooseFile, "ask_save", classmethod(lambda cls, *a: target))
    box.send_button.click()
    rows = list(csv.DictReader(io.StringIO(target.read_text("utf-8"))))
    assert [(r["final_girl"], r["result"], r["session"]) for r in rows] == [
        ("Nancy", "win", "s" * 32)
    ]
    play = json.loads((tmp_path / f"{send_stem(ENTRY)}.bgstats-link.json").read_text("utf-8"))
    assert play == bg_stats_play(ENTRY, "A close one.")
    assert play["durationMin"] == 40 and play["game"]["bggId"] == 277659
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None
    assert clipboard.text().split("\t")[:3] == ["Nancy", "Dr. Fright", "Maple Lane"]
    assert "Sent:" in box.copied.text()
    assert send_stem(ENTRY) == "2026-11-01-Nancy-vs-Dr--Fright"


def test_the_bg_stats_link_opens_and_copies(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    box = GameRecordBox(ENTRY, [])
    qtbot.addWidget(box)
    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(QUrl(url).toString())
    )
    box.bg_stats_button.click()
    assert opened and opened[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    box.copy_link_button.click()
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None and clipboard.text() == box.bg_stats_link()


def test_a_folder_that_cannot_be_written_sends_nothing_and_says_so(
    qtbot: QtBot, tmp_path: Path
) -> None:
    box = GameRecordBox(ENTRY, [])
    qtbot.addWidget(box)
    box.send_to(tmp_path / "missing" / "game.csv")
    assert box.copied.text().startswith("Nothing was sent") and box.sent == []
