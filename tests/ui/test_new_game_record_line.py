"""The line before the game is never cut: seen in a walkthrough at 1366x768, the New game
dialog showed "…75.3% of 170 games; you 0 of" with the rest of the line out of its room."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from frightmare.ui.setup.wizard import NewGameDialog


def test_the_record_line_fits_its_room_with_a_setup_card(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.setup_card.setCurrentText("Block Party")
    line = dialog.record_line
    qtbot.waitUntil(lambda: "Block Party" in line.text())
    assert "not played by you yet" in line.text()
    needed = line.heightForWidth(line.width())
    assert 0 < needed <= dialog._line_slot.height(), (needed, dialog._line_slot.height())
