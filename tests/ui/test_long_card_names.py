"""Long card names readable on the game screen, in its docks and its dialogs.

"Readable and never clipped" (README: "Messages sit in areas of fixed height (the whole text
in the tooltip)" is for messages; a choice's name is read in place). A walkthrough found the
chosen name cut, whole only in the tooltip: the Events choice (Items dock) at 150% zoom, and
the Dark Power, Finale and Boiler Room deck choices at 100%. Here every combo box is tried
with every name it lists, at the small window sizes, both zooms and both themes: the name's
width in the combo's font must fit the room the style gives its text, or (the Events choice,
in a dock too narrow for its longest name) read whole in the label under it; and its open
list must be as wide as its longest name (a narrow combo's list was cut in the middle:
"Wha…re?").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)
from pytestqt.qtbot import QtBot
from screen_helpers import settle

from frightmare.model.box.cards import DR_FRIGHT
from frightmare.ui.game.board.questions import Choose, ConvinceDialog, SearchDialog
from frightmare.ui.game.dream.boiler_dialogs import BoilerEffectDialog
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow

SIZES = [(1280, 720), (1366, 768)]

# The themes: the light theme's cases are ``long_layout`` (``make test-long`` runs them): its
# geometry is the dark theme's, the two differing only in colours and same-sized pictures
# (tests/ui/test_layout.py checks it).
THEMES = [
    pytest.param(True, id="dark"),
    pytest.param(False, id="light", marks=pytest.mark.long_layout),
]


LINE_EDIT_MARGIN = 2  # QLineEdit's own space at each side of its text


def text_room(combo: QComboBox) -> int:
    """The width the combo's style leaves its chosen text."""
    line = combo.lineEdit()
    if line is not None:
        margins = line.textMargins()
        return line.contentsRect().width() - 2 * LINE_EDIT_MARGIN - margins.left() - margins.right()
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    return field.width() - 2  # the label is drawn 1 px inside the field at each side


def cut_names(combo: QComboBox, whole_under: QLabel | None = None) -> list[str]:
    """Each name the combo lists that shows cut when chosen (none cut: ``[]``)."""
    cut = []
    chosen = combo.currentIndex()
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        QApplication.processEvents()
        text = combo.currentText()
        needs, room = combo.fontMetrics().horizontalAdvance(text), text_room(combo)
        if needs <= room:
            continue
        if whole_under is not None and whole_under.isVisible() and whole_under.text() == text:
            continue  # read whole in the label under the box
        cut.append(f"{combo.accessibleName()}: {text!r} needs {needs} px, has {room}")
    combo.setCurrentIndex(chosen)
    return cut


def cut_in_list(combo: QComboBox) -> list[str]:
    """The combo's open list, when its longest name would be cut there (else ``[]``)."""
    combo.showPopup()
    QApplication.processEvents()
    view = combo.view()
    needs, room = view.sizeHintForColumn(0), view.viewport().width()
    combo.hidePopup()
    QApplication.processEvents()
    if needs <= room:
        return []
    return [f"{combo.accessibleName()}'s list: needs {needs} px, has {room}"]


def visible_combos(root: QWidget) -> list[QComboBox]:
    return [c for c in root.findChildren(QComboBox) if c.isVisible()]


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("dark", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_chosen_name_is_cut_on_the_game_screen(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    size: tuple[int, int],
    dark: bool,
    zoom: float,
) -> None:
    """Dr. Fright on Maple Lane, Epic (so Shock Factor is listed too): the side column's
    Dark Power and Finale, the Items dock's Events, Who follows, then the Boiler Room's deck."""
    themed(dark, zoom)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane", killer=DR_FRIGHT, epic=True)
    window.resize(*size)
    window.refresh()
    settle(window)
    game = window.game
    game.docks["items"].raise_()
    game.fright.setChecked(True)  # his cards' rows (shown when due, revealed or asked for)
    settle(window)
    panel = game.board_panel
    assert window.session is not None
    # Move here lists its longest mixes when the Smalleys and the Boyfriend stand with her:
    # each entry of the space's plays reads whole.
    state = window.session.state
    table = state.table
    here = table.final_girl
    assert here is not None
    crowded = replace(
        state,
        table=replace(
            table, smalleys=(here, here), boyfriend=here, victims=table.victims.add(here, 2)
        ),
    )
    cut: list[str] = []
    checked: set[str] = set()
    target = state.board.neighbours(here)[0]
    game._shown = crowded
    for followers in (1, 2):
        panel.followers.setValue(followers)
        game.open_plays(target)
        settle(window)
        entries = panel.buttons
        assert sum(key.startswith("move") for key in entries) > 1
        for key, button in entries.items():
            needs = button.fontMetrics().horizontalAdvance(button.text())
            if needs > button.contentsRect().width():
                cut.append(f"{key}: {button.text()!r} needs {needs} px")
    checked.add("Who follows")
    whole_under: QLabel | None
    for combo in visible_combos(window):
        whole_under = panel.event_name if combo is panel.event_card else None
        cut += cut_names(combo, whole_under) + cut_in_list(combo)
        checked.add(combo.accessibleName())
    game.show_boiler_button.click()
    game.docks["game"].raise_()  # the Boiler Room deck's choice is a setting of the game
    settle(window)
    for combo in visible_combos(window):
        whole_under = panel.event_name if combo is panel.event_card else None
        if combo is game.boiler.mode:
            whole_under = game.boiler.mode_name
        cut += cut_names(combo, whole_under) + cut_in_list(combo)
        checked.add(combo.accessibleName())
    assert {"Dark Power", "Finale", "Event card", "Who follows", "Boiler Room deck"} <= checked
    assert cut == [], "\n".join(cut)


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("dark", THEMES)
def test_no_chosen_name_is_cut_in_the_game_screens_dialogs(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    dark: bool,
    zoom: float,
) -> None:
    """Terror card, Convince, Search, a card changing the Boiler Room, and the small
    questions (``Choose.pick``: a space's name, a kind of Victim)."""
    themed(dark, zoom)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    assert window.session is not None
    state = window.session.state
    board = state.board
    house = board.houses[0]
    cut: list[str] = []

    def check(dialog: QDialog) -> None:
        dialog.show()
        QApplication.processEvents()
        combos = [c for c in dialog.findChildren(QComboBox) if c.isVisibleTo(dialog)]
        assert combos, type(dialog).__name__
        for combo in combos:
            combo.setEnabled(True)
            cut.extend(cut_names(combo) + cut_in_list(combo))
        dialog.close()

    convince = ConvinceDialog(state, house, window)
    convince.take.setChecked(True)
    for dialog in (
        TerrorDialog(window),
        convince,
        SearchDialog(state, house, window),
        BoilerEffectDialog(window),
    ):
        check(dialog)

    def exec_checked(dialog: QDialog) -> int:
        check(dialog)
        return int(QDialog.DialogCode.Rejected.value)

    monkeypatch.setattr(QDialog, "exec", exec_checked)
    spaces = [(space, board.name(space)) for space in board.spaces]
    assert Choose.pick(window, "Move Victims", "Move to:", spaces) is None
    assert cut == [], "\n".join(cut)
