"""The New game dialog asks only what the chosen halves need (issue 14, item 5).

Rulebook, "Special Setup": the Setup cards come "when playing with Maple Lane"; the Boiler
Room deck "when playing with Dr. Fright" (and the Epic Dark Power is one of his cards).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model.setup import GameSetup
from frightmare.ui.wizard import NewGameDialog


def dialog(qtbot: QtBot) -> NewGameDialog:
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    return d


def shown(widget: QWidget) -> bool:
    return widget.isVisibleTo(widget.window())


def accept(d: NewGameDialog) -> GameSetup:
    d._accept()
    assert d.result() == NewGameDialog.DialogCode.Accepted, d.error.text()
    assert d.result_setup is not None
    return d.result_setup


def test_dr_fright_on_maple_lane_asks_for_the_setup_card_deck_and_epic(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    assert shown(d.setup_card) and shown(d.deck) and shown(d.epic)
    assert not shown(d.killer_health) and not shown(d.halves_note)
    d.setup_card.setCurrentIndex(d.setup_card.findData("Playtime"))
    d.deck.setCurrentIndex(d.deck.findData("physical"))
    d.epic.setChecked(True)
    setup = accept(d)
    assert setup == GameSetup(
        final_girl="Nancy", setup_card="Playtime", epic=True, boiler_deck="physical"
    )


def test_another_killer_is_asked_for_his_health_and_not_for_the_boiler_room(
    qtbot: QtBot,
) -> None:
    d = dialog(qtbot)
    d.epic.setChecked(True)
    d.deck.setCurrentIndex(d.deck.findData("physical"))
    d.killer.setCurrentText("Hans")
    assert not shown(d.deck) and not shown(d.epic)
    assert shown(d.killer_health) and shown(d.setup_card)
    assert "Another Killer" in d.halves_note.text()
    assert d.killer_health.value() == 9  # a start from the box values; his board decides
    d.killer_health.setValue(12)
    setup = accept(d)
    assert (setup.killer, setup.killer_health) == ("Hans", 12)
    # Choices made before switching Killer do not leak into his game.
    assert not setup.epic and setup.boiler_deck == "screen"
    assert d.name.placeholderText() == "Nancy vs Hans"


def test_another_location_has_no_setup_card(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.setup_card.setCurrentIndex(d.setup_card.findData("Block Party"))
    d.location.setCurrentText("Camp Happy Trails")
    assert not shown(d.setup_card)
    assert shown(d.deck) and shown(d.epic) and not shown(d.killer_health)
    assert "Another Location" in d.halves_note.text()
    setup = accept(d)
    assert setup.location == "Camp Happy Trails" and setup.setup_card is None
    assert setup.has_dr_fright and not setup.on_maple_lane


def test_neither_half_asks_only_for_the_killers_health(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.final_girl.setCurrentText("Laurie")
    d.killer.setCurrentText("Hans")
    d.location.setCurrentText("Camp Happy Trails")
    for widget in (d.setup_card, d.deck, d.epic):
        assert not shown(widget)
    assert shown(d.killer_health)
    setup = accept(d)
    assert setup.summary() == "Laurie vs Hans, Camp Happy Trails"
    # Back to Dr. Fright on Maple Lane: his rows come back, the Health row goes.
    d.killer.setCurrentText("dr. fright")
    d.location.setCurrentText("Maple Lane")
    assert shown(d.deck) and shown(d.setup_card) and not shown(d.killer_health)


def test_a_name_left_empty_is_said_in_the_players_words(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.killer.setCurrentText("   ")
    d._accept()
    assert d.result() != NewGameDialog.DialogCode.Accepted
    assert d.error.text() == "The Killer needs a name."


def test_nothing_is_remembered_from_one_dialog_to_the_next(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.killer.setCurrentText("Hans")
    d.location.setCurrentText("Camp Happy Trails")
    accept(d)
    again = dialog(qtbot)
    assert again.setup() == GameSetup()


def test_every_control_has_an_accessible_name_and_a_tooltip(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.killer.setCurrentText("Hans")
    for widget in (d.final_girl, d.killer, d.killer_health, d.location, d.setup_card, d.deck):
        assert widget.accessibleName() and widget.toolTip()


def test_the_wheel_does_not_change_an_unfocused_value(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.killer.setCurrentText("Hans")
    d.name.setFocus()
    before = d.killer_health.value()
    center = QPointF(d.killer_health.rect().center())
    wheel = QWheelEvent(
        center,
        QPointF(d.killer_health.mapToGlobal(QPoint(5, 5))),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(d.killer_health, wheel)
    assert d.killer_health.value() == before
    # Once the player has put the focus on it, the wheel works as usual.
    d.activateWindow()
    d.killer_health.setFocus()
    qtbot.waitUntil(d.killer_health.hasFocus)
    QApplication.sendEvent(d.killer_health, wheel)
    assert d.killer_health.value() == before + 1


def test_rows_that_come_are_never_squeezed(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    d.killer.setCurrentText("Hans")
    d.location.setCurrentText("Camp Happy Trails")
    hint = d.sizeHint()
    assert d.width() >= hint.width() and d.height() >= hint.height()
