"""Re-walkthrough findings (second tester pass): each test failed before its fix."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QHBoxLayout, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model.actions import AddVictims, Place
from frightmare.model.errors import RuleViolation
from frightmare.ui.main_window import MainWindow
from frightmare.ui.refusals import offer
from frightmare.ui.theme import DARK, LIGHT, apply_theme, contrast, style_sheet


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


def smalleys_with_a_victim(window: MainWindow) -> None:
    """Both Smalleys and one plain Victim on the Smalleys' House, the Final Girl with them."""
    panel = window.game.board_panel
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    assert window.act(AddVictims(space="smalleys-house"))
    assert window.act(Place(piece="final girl", space="smalleys-house"))


def test_picking_the_destination_keeps_who_follows(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: up to 2 Victims in her space may follow her; the Smalleys are Victims
    # ("Event: The Smalleys"). Who follows is chosen where she stands, so selecting the
    # destination must not change it.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    smalleys_with_a_victim(window)
    game.select_space("smalleys-house")
    panel.followers.setValue(1)
    # Several kinds of Victim with her: the destination's plays ask who follows, one entry
    # each (a real choice).
    game.open_plays("street-w")
    entries = {
        button.text(): button for key, button in panel.buttons.items() if key.startswith("move")
    }
    assert set(entries) == {"Move here · 1 Victim follow", "Move here · 1 Smalley follow"}
    entries["Move here · 1 Smalley follow"].click()
    assert window.session is not None
    table = window.session.state.table
    assert table.final_girl == "street-w"
    assert "street-w" in table.smalleys


def active(window: MainWindow, qtbot: QtBot) -> None:
    """The window active at 1280x720, the board holding the keyboard focus."""
    window.resize(1280, 720)
    for _ in range(5):
        QApplication.processEvents()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.game.board_view.setFocus()
    qtbot.waitUntil(window.game.board_view.hasFocus, timeout=1000)


def action_buttons(window: MainWindow) -> list[QPushButton]:
    return list(window.game.board_panel.buttons.values())


@pytest.mark.parametrize(
    ("key", "space"), [("move", "street-w"), ("save:victim", "exit-w")], ids=["move", "save"]
)
def test_a_click_never_leaves_the_focus_on_another_action_button(
    open_board: Callable[[], MainWindow], qtbot: QtBot, key: str, space: str
) -> None:
    # Finding D: after Move here the focus went to "+ Victim", after Save Victim to "Hit by a
    # car": a stray Space or Enter would have recorded that. A mouse click leaves the focus
    # on the board when the clicked button is gone.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.act(Place(piece="final girl", space="street-w" if key != "move" else "exit-w"))
    if key != "move":
        assert window.act(AddVictims(space="exit-w"))
        assert window.act(Place(piece="final girl", space="exit-w"))
    game.open_plays(space)
    active(window, qtbot)
    button = panel.buttons[key]
    assert button.isEnabled() and not button.property("refused")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session is not None
    state = window.session.state
    assert state.table.final_girl == "street-w" if key == "move" else state.counters.victims_saved
    focus = QApplication.focusWidget()
    assert focus is not None
    assert focus not in action_buttons(window), focus.text() if focus else None
    # The clicked button is gone (she stands there / nobody is left to save): the board.
    assert focus is game.board_view


def test_focus_on_a_button_that_goes_away_returns_to_the_board(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Finding D, from the keyboard: Space on Move here disables it (she is there now); the
    # focus must not slide on to the next action button.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.act(Place(piece="final girl", space="exit-w"))
    game.open_plays("street-w")
    active(window, qtbot)
    move = panel.buttons["move"]
    move.setFocus()
    qtbot.waitUntil(move.hasFocus, timeout=1000)
    qtbot.keyClick(move, Qt.Key.Key_Space)
    assert window.session is not None
    assert window.session.state.table.final_girl == "street-w"
    assert QApplication.focusWidget() is game.board_view


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_another_location_has_one_clean_correct_row_each(
    open_game: Callable[..., MainWindow], qtbot: QtBot, size: tuple[int, int]
) -> None:
    # Finding I: two "Correct to:" rows, one with a stretched box. Each row is the same
    # compact "Correct to: [n] [Correct]", the boxes in one column and of one width.
    window = open_game(final_girl="Nancy", killer="Hans", location="Camp Happy Trails")
    window.resize(*size)
    for _ in range(5):
        QApplication.processEvents()
    panel = window.game.location_panel
    boxes = (panel.victims_count, panel.deck_count)
    lefts = [box.mapTo(panel, box.rect().topLeft()).x() for box in boxes]
    assert lefts[0] == lefts[1]
    assert boxes[0].width() == boxes[1].width()
    digits = boxes[0].fontMetrics().horizontalAdvance("0000")
    assert boxes[0].width() < 4 * digits, "the box is stretched"
    buttons = (panel.set_victims, panel.set_deck)
    assert buttons[0].x() - boxes[0].x() == buttons[1].x() - boxes[1].x()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_refused_button_looks_calm_not_like_an_error(qapp: QApplication, dark: bool) -> None:
    # Finding G: refused buttons had red dotted outlines and looked like errors. The mark is
    # a calm, non-red outline (>= 3:1 against the window and the button, WCAG 1.4.11),
    # still unlike an enabled button's; a disabled button keeps the disabled look.
    colours = DARK if dark else LIGHT
    mark = QColor(colours.refused_mark)
    assert not (mark.hsvHue() < 30 or mark.hsvHue() > 330) or mark.hsvSaturation() < 60
    assert mark != QColor(colours.button_border)
    assert contrast(mark, colours.window) >= 3 and contrast(mark, colours.button_bg) >= 3
    sheet = style_sheet(dark, 1.0)
    refused = sheet.index('QPushButton[refused="true"], QToolButton[refused="true"]')
    disabled_refused = sheet.index('QPushButton[refused="true"]:disabled')
    assert f"1px dashed {colours.refused_mark}" in sheet[refused:disabled_refused]
    assert f"border-color: {colours.button_bg}" in sheet[disabled_refused:].split("}")[0]
    assert colours.refused not in sheet[refused:disabled_refused]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_refused_enabled_and_disabled_buttons_draw_apart(
    qapp: QApplication, qtbot: QtBot, dark: bool
) -> None:
    font, palette, sheet = QFont(qapp.font()), QPalette(qapp.palette()), qapp.styleSheet()
    try:
        apply_theme(qapp, dark=dark, zoom=1.0)
        host = QWidget()
        qtbot.addWidget(host)
        row = QHBoxLayout(host)
        buttons = [QPushButton(text) for text in ("Refused", "Refused", "Enabled", "Disabled")]
        for button in buttons:
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no focus ring over the outline
            row.addWidget(button)
        offer(buttons[0], RuleViolation("No.", rule="Test", overridable=True), "")
        offer(buttons[1], RuleViolation("No.", rule="Test", overridable=False), "")
        buttons[3].setEnabled(False)
        host.show()
        QApplication.processEvents()

        def edge(button: QPushButton) -> set[str]:
            """The colours of the button's left edge (its outline where it is drawn)."""
            image = button.grab().toImage()
            rows = range(image.height() // 4, 3 * image.height() // 4)
            return {image.pixelColor(x, y).name() for x in (0, 1) for y in rows}

        def reddish(name: str) -> bool:
            colour = QColor(name)
            return colour.red() > colour.green() + 40 and colour.red() > colour.blue() + 40

        edges = [edge(button) for button in buttons]
        assert edges[0] != edges[2], "a refused button must look unlike an enabled one"
        assert not any(reddish(name) for name in edges[0]), edges[0]
        # The refused but disabled one looks like any disabled button.
        assert edges[1] == edges[3], (edges[1], edges[3])
    finally:
        qapp.setStyleSheet(sheet)
        qapp.setPalette(palette)
        qapp.setFont(font)
