"""Roll the film (issue 22 items 4 and 6): the dialog rolls from the boxes owned, each part
lockable, the roll repeatable; one click starts the game; the line before the game gives the
player's record and the community's for the setup."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.game.setup import GameSetup
from frightmare.model.record.collection import DEFAULT_OWNED, Collection
from frightmare.model.record.coverage import coverage
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import setup_line
from frightmare.store import SessionStore, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.film_roll import RollDialog

OWNED = Collection.of({*DEFAULT_OWNED, "the-happy-trails-horror"})


def played(n: int, result: str, setup: str = "Playtime") -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"g{n}",
            "date": "2026-11-01",
            "final_girl": "Nancy",
            "killer": "Dr. Fright",
            "location": "Maple Lane",
            "setup": setup,
            "result": result,
        }
    )


def test_locked_parts_stay_through_a_new_roll(qtbot: QtBot) -> None:
    dialog = RollDialog(OWNED, coverage([], OWNED), rng=random.Random(7))
    qtbot.addWidget(dialog)
    assert dialog.film is not None
    girl = dialog.values["final_girl"].text()
    dialog.locks["final_girl"].setChecked(True)
    killers = set()
    for _ in range(30):
        dialog.again.click()
        assert dialog.values["final_girl"].text() == girl
        killers.add(dialog.values["killer"].text())
    assert killers == {"Dr. Fright", "Hans"}


def test_start_this_game_is_one_click(qtbot: QtBot) -> None:
    dialog = RollDialog(OWNED, coverage([], OWNED), rng=random.Random(1))
    qtbot.addWidget(dialog)
    dialog.start.click()
    assert dialog.result() == RollDialog.DialogCode.Accepted
    setup = dialog.setup()
    assert setup is not None and setup.killer == dialog.values["killer"].text()


def test_the_line_before_the_game_gives_both_records() -> None:
    """ "Setup card Playtime: the community 62.6% of 166 games; you won 3 of 5"."""
    log = [played(n, "win" if n < 3 else "loss") for n in range(5)]
    log.append(played(9, "win", setup="Revenge"))
    line = setup_line(GameSetup(setup_card="Playtime"), log)
    assert "Dr. Fright on Maple Lane: the community 75.6% of 172 games; you won 4 of 6." in line
    assert "Setup card Playtime: the community 62.6% of 166 games; you won 3 of 5." in line
    other = setup_line(GameSetup(killer="Jason", location="Crystal Lake"), log)
    assert other == "Jason on Crystal Lake: no community figure; not played by you yet."
    hans = setup_line(GameSetup(killer="Hans", location="Maple Lane"), log)
    assert "the community 63.7% of 1439 games (games against Hans)" in hans


def test_the_new_game_dialog_shows_the_line_and_follows_the_choices(qtbot: QtBot) -> None:
    from frightmare.ui.setup.wizard import NewGameDialog

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert "Dr. Fright on Maple Lane: the community 75.6%" in dialog.record_line.text()
    dialog.setup_card.setCurrentIndex(dialog.setup_card.findData("Block Party"))
    assert "Setup card Block Party: the community 75.3% of 170 games" in dialog.record_line.text()


def test_the_window_rolls_and_starts_the_game(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    rolled = GameSetup(final_girl="Sheila", setup_card="Revenge", epic=True)
    asked: list[str] = []

    def ask(
        cls: object, parent: object, owned: Collection, grid: object, line: object
    ) -> GameSetup:
        assert callable(line)
        asked.append(line(rolled))
        return rolled

    monkeypatch.setattr(RollDialog, "ask", classmethod(ask))
    window.picker.roll_button.click()
    assert window.session is not None and window.session.setup == rolled
    assert asked and asked[0].startswith("Dr. Fright on Maple Lane")
    assert window.roll_action.text().startswith("Roll the")
