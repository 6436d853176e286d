"""Issue 35: a combo box speaks its label as its name and its item as its value.

Found on Linux: the Event card's box said "The Smalleys" (its current item) as its name, where
a screen reader should say "Event card"; Qt's own interface gives the item as the name there."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.wheel_guard import ComboBox


def name_and_value(combo: QComboBox) -> tuple[str, str]:
    face = QAccessible.queryAccessibleInterface(combo)
    assert face is not None and face.role() == QAccessible.Role.ComboBox
    return face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Value)


def test_the_event_cards_box_is_named_event_card_and_valued_by_its_card(
    open_board: Callable[[], MainWindow],
) -> None:
    window = open_board()
    combo = window.game.board_panel.event_card
    assert combo.count() > 1
    combo.setCurrentIndex(1)
    name, value = name_and_value(combo)
    assert name == "Event card"
    assert value == combo.currentText() and value != name


def test_every_combo_box_of_the_game_screen_has_a_name_apart_from_its_value(
    open_board: Callable[[], MainWindow],
) -> None:
    window = open_board()
    for combo in window.findChildren(QComboBox):
        if combo.count() and combo.accessibleName():
            name, value = name_and_value(combo)
            assert name == combo.accessibleName(), (name, value)
            assert value == combo.currentText()


def test_a_box_without_its_own_name_takes_its_labels(qtbot: QtBot) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    label = QLabel("&Deck:")
    combo = ComboBox()
    combo.addItems(["North", "South"])
    label.setBuddy(combo)
    column = QVBoxLayout(page)
    column.addWidget(label)
    column.addWidget(combo)
    page.show()
    assert name_and_value(combo) == ("Deck", "North")
    face = QAccessible.queryAccessibleInterface(combo)
    assert face is not None and face.childCount() == 1
    child = face.child(0)
    assert child is not None and child.object() is combo.view()  # the list it opens
