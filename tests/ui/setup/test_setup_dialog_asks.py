"""The New game dialog asks only what the table needs (issue 19 item 6, issue 22 item 2):
Extreme Horror for every game, her Health for a Final Girl the box values do not know, and,
on Maple Lane, the four face-up Items if the player wishes."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import rows, typed

from frightmare.model.game.setup import GameSetup
from frightmare.ui.record.stats.stats_view import StatsView
from frightmare.ui.setup.face_up_items import FaceUpItemsDialog
from frightmare.ui.setup.wizard import NewGameDialog


def dialog(qtbot: QtBot) -> NewGameDialog:
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    return d


def shown(widget: QWidget) -> bool:
    return widget.isVisibleTo(widget.window())


def accept(d: NewGameDialog) -> GameSetup:
    d._accept()
    assert d.result_setup is not None, d.error.text()
    return d.result_setup


def test_extreme_horror_is_asked_for_every_game(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    assert shown(d.extreme)
    d.extreme.setChecked(True)
    assert accept(d).extreme_horror is True
    d = dialog(qtbot)
    d.killer.setCurrentText("Hans")
    d.location.setCurrentText("Camp Happy Trails")
    assert shown(d.extreme) and not d.extreme.isChecked()
    assert accept(d).extreme_horror is False


def test_a_typed_final_girl_is_asked_her_health(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    assert not shown(d.final_girl_health)  # Nancy: the box values know her
    d.final_girl.setCurrentText("Laurie")
    assert shown(d.final_girl_health)
    assert d.final_girl_health.value() == 5  # the starting guess; her card decides
    d.final_girl_health.setValue(3)
    assert accept(d).final_girl_health == 3
    d.final_girl.setCurrentText("Sheila")
    assert not shown(d.final_girl_health)
    assert accept(d).final_girl_health is None


def test_the_face_up_items_are_optional_and_named_on_maple_lane(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = dialog(qtbot)
    assert shown(d.items_button) and accept(d).face_up_items == ()  # skipped: nothing asked
    monkeypatch.setattr(
        FaceUpItemsDialog, "ask", classmethod(lambda cls, p, n: ("Bible", None, "Knife", None))
    )
    d.items_button.click()
    assert "NW Bible" in d.items_text.text() and "SW Knife" in d.items_text.text()
    assert accept(d).face_up_items == ("Bible", None, "Knife", None)
    d.location.setCurrentText("Camp Happy Trails")
    assert not shown(d.items_button)
    assert accept(d).face_up_items == ()


def test_the_items_dialog_names_each_quadrants_top_card(qtbot: QtBot) -> None:
    items = FaceUpItemsDialog(("Bible", None, None, None))
    qtbot.addWidget(items)
    assert [c.currentText() for c in items.combos] == ["Bible", "", "", ""]
    items.combos[3].setCurrentText("crucifix")
    assert items.names() == ("Bible", None, None, "crucifix")  # the setup spells it
    assert GameSetup(face_up_items=items.names()).face_up_items[3] == "Crucifix"
    for combo in items.combos:
        combo.setCurrentText("")
    assert items.names() == ()


def test_the_dialog_remembers_extreme_horror_and_her_health(qtbot: QtBot) -> None:
    setup = GameSetup(final_girl="Laurie", extreme_horror=True, final_girl_health=7)
    d = NewGameDialog(remembered=NewGameDialog.remember(setup))
    qtbot.addWidget(d)
    assert d.extreme.isChecked() and d.final_girl_health.value() == 7
    assert "face_up_items" not in NewGameDialog.remember(setup)


def test_statistics_filter_by_difficulty(qtbot: QtBot) -> None:
    lines = rows(20)
    for n, line in enumerate(lines):
        line["extreme_horror"] = "yes" if n % 4 == 0 else "no"
    view = StatsView(typed(lines))
    qtbot.addWidget(view)
    view.difficulty.setCurrentIndex(view.difficulty.findData(True))
    assert view.stats is not None and view.stats.overall.games == 5
    assert view.filters().extreme_horror is True
    view.difficulty.setCurrentIndex(view.difficulty.findData(False))
    assert view.stats.overall.games == 15
