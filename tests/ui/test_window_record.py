"""Issue 14 item 4, "The record follows too": the play log records the real Killer and
Location, Dr. Fright's figures only with him, Maple Lane's only there; statistics can be
filtered by Killer and by Location."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions.game import EndGame
from frightmare.model.record.figures import FRIGHT_COLUMNS, MAPLE_LANE_COLUMNS
from frightmare.model.record.log_entry import LogEntry
from frightmare.store import PlayLog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.stats.stats_view import StatsView
from frightmare.ui.record.summary import GameOverDialog

HALVES = [
    ("Dr. Fright", "Maple Lane"),
    ("Dr. Fright", "Camp Happy Trails"),
    ("Hans", "Maple Lane"),
    ("Hans", "Camp Happy Trails"),
]


def test_each_finished_game_is_logged_with_its_own_halves(
    open_game: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    for killer, location in HALVES:
        window = open_game(killer=killer, location=location)
        window.act(EndGame(result="win"))
        window.close()
    entries = PlayLog(private_data_dir).entries()
    assert [(e.killer, e.location) for e in entries] == HALVES
    for entry in entries:
        fright, maple = entry.killer == "Dr. Fright", entry.location == "Maple Lane"
        row = entry.row()
        assert all((row[c] != "") == fright for c in FRIGHT_COLUMNS if c != "convince_results")
        assert all((row[c] != "") == maple for c in MAPLE_LANE_COLUMNS if c != "convince_results")


def test_statistics_filter_by_killer_and_location(qtbot: QtBot) -> None:
    entries = [
        LogEntry.from_row(
            {
                "date": "2026-11-01",
                "final_girl": "Nancy",
                "killer": k,
                "location": loc,
                "result": result,
                "session": f"g{n}",
            }
        )
        for n, (k, loc, result) in enumerate(
            [
                ("Dr. Fright", "Maple Lane", "win"),
                ("Dr. Fright", "Camp Happy Trails", "loss"),
                ("Hans", "Maple Lane", "win"),
                ("Hans", "Maple Lane", "loss"),
            ]
        )
    ]
    view = StatsView(entries)
    qtbot.addWidget(view)
    assert view.stats is not None and view.stats.overall.games == 4
    view.killer.setCurrentText("Hans")
    assert view.stats.overall.games == 2 and view.stats.overall.wins == 1
    view.location.setCurrentText("Maple Lane")
    assert view.stats.overall.games == 2
    view.killer.setCurrentIndex(0)
    assert view.stats.overall.games == 3
    view.location.setCurrentText("Camp Happy Trails")
    assert view.stats.overall.games == 1 and view.stats.overall.wins == 0
    assert view.killer.accessibleName() == "Killer filter"
