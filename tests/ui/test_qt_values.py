"""The Qt values the first window sets without PySide's ``Qt`` namespace (``qt_values``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from frightmare.ui.qt_values import USER_ROLE, StandardKey, key_sequence, set_by_name
from frightmare.ui.setup.picker import ID_ROLE, SORT_ROLE, SessionPicker
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox


def test_the_roles_by_number_are_qts_own() -> None:
    assert Qt.ItemDataRole.UserRole.value == USER_ROLE
    assert {ID_ROLE, SORT_ROLE} == {USER_ROLE, USER_ROLE + 1}


def test_a_value_set_by_name_is_the_value_qt_names(qtbot: QtBot) -> None:
    label = QLabel("x")
    qtbot.addWidget(label)
    set_by_name(label, "alignment", "AlignCenter")
    assert label.alignment() == Qt.AlignmentFlag.AlignCenter
    set_by_name(label, "textInteractionFlags", "TextSelectableByMouse|TextSelectableByKeyboard")
    assert label.textInteractionFlags() == (
        Qt.TextInteractionFlag.TextSelectableByMouse
        | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )


@pytest.mark.parametrize(
    ("name", "value"), [("alignment", "AlignCentre"), ("alinement", "AlignCenter")]
)
def test_a_name_qt_does_not_know_raises(qtbot: QtBot, name: str, value: str) -> None:
    label = QLabel("x")
    qtbot.addWidget(label)
    with pytest.raises(ValueError, match=name):
        set_by_name(label, name, value)


def test_the_first_windows_controls_have_the_values_they_were_given(qtbot: QtBot) -> None:
    picker = SessionPicker()
    qtbot.addWidget(picker)
    assert picker.empty.alignment() == Qt.AlignmentFlag.AlignCenter
    assert picker.problems.textInteractionFlags() == Qt.TextInteractionFlag.TextSelectableByMouse
    assert picker.list.textElideMode() == Qt.TextElideMode.ElideRight  # Qt's default, kept
    for control in (ComboBox(), SpinBox()):
        qtbot.addWidget(control)
        assert control.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_a_shortcut_by_name_is_the_key_sequence_qt_makes() -> None:
    """Start-up names shortcuts as text and standard keys by name (``key_sequence``): each is
    the sequence Qt makes of it, a standard key its platform's main binding."""
    from PySide6.QtGui import QKeySequence

    undo = key_sequence(StandardKey("Undo"))
    assert undo == QKeySequence(QKeySequence.StandardKey.Undo)
    assert key_sequence("Ctrl+Shift+E") == QKeySequence("Ctrl+Shift+E")
    with pytest.raises(AttributeError):
        key_sequence(StandardKey("Undoo"))
