"""The New game dialog asks only what the chosen halves need (issue 14, item 5).

Rulebook, "Special Setup": the Setup cards come "when playing with Maple Lane"; the Boiler
Room deck "when playing with Dr. Fright" (and the Epic Dark Power is one of his cards).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import CAMP

from frightmare.model.game.setup import GameSetup
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


def field_tops(d: NewGameDialog) -> list[int]:
    return [w.mapTo(d, w.rect().topLeft()).y() for w in (d.final_girl, d.killer, d.name)]


def top(d: NewGameDialog, widget: QWidget) -> int:
    return widget.mapTo(d, widget.rect().topLeft()).y()


def test_the_new_game_fields_do_not_jump_when_the_setup_card_changes(qtbot: QtBot) -> None:
    """Walkthrough 6: "New game dialog fields jump when Setup card or Killer changes"."""
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    before, size = field_tops(d), d.size()
    for index in range(d.setup_card.count()):
        d.setup_card.setCurrentIndex(index)
        QApplication.processEvents()
        assert field_tops(d) == before, d.setup_card.currentText()
        assert d.size() == size


def test_the_new_game_fields_do_not_jump_when_the_killer_changes(qtbot: QtBot) -> None:
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    before, size = field_tops(d), d.size()
    for killer in ("Hans", "Dr. Fright", "Hans"):
        d.killer.setCurrentText(killer)
        QApplication.processEvents()
        assert field_tops(d) == before, killer
        assert d.size() == size
    d.location.setCurrentText(CAMP)
    QApplication.processEvents()
    assert field_tops(d) == before


def test_the_new_game_labels_are_whole_at_200_percent(
    qtbot: QtBot, dark_themed: Callable[[float], None]
) -> None:
    """At 200% the dialog's fixed 520-pixel minimum let Qt squeeze the labels to a letter;
    it is now as wide as its rows need."""
    dark_themed(2.0)
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    for field in (d.setup_card, d.deck, d.final_girl, d.name):
        label = d.form.labelForField(field) or d.final_girl.parentWidget()
        assert field.width() >= field.minimumSizeHint().width(), field.accessibleName()
        if isinstance(label, QLabel) and label.isVisible():
            assert label.width() >= label.sizeHint().width(), label.text()


def test_the_optional_rows_keep_their_places(qtbot: QtBot) -> None:
    """Left over from walkthrough 6: the Setup card row moved down a row when the Killer
    changed from Dr. Fright to another. Now the Setup card keeps its row whatever the Killer,
    and the Killer's own rows (the Boiler Room deck, or his Health) keep theirs whatever the
    Location."""
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    d.location.setCurrentText("Maple Lane")
    QApplication.processEvents()
    setup_row = top(d, d.setup_card)
    for killer in ("Hans", "Dr. Fright", "Hans"):
        d.killer.setCurrentText(killer)
        QApplication.processEvents()
        assert top(d, d.setup_card) == setup_row, killer
    for killer, field in (("Dr. Fright", d.deck), ("Hans", d.killer_health)):
        d.killer.setCurrentText(killer)
        rows = set()
        for location in ("Maple Lane", CAMP, "Maple Lane"):
            d.location.setCurrentText(location)
            QApplication.processEvents()
            rows.add(top(d, field))
        assert len(rows) == 1, (killer, rows)
    assert top(d, d.deck) == top(d, d.killer_health) > setup_row  # one place, either Killer
