"""Lists open whole, and a label of fixed lines keeps its height through zooms."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.ui.widgets.wheel_guard import ComboBox


def test_the_longest_lists_open_whole(qtbot: QtBot) -> None:
    """Third walkthrough: Qt opens a list 10 rows high, so the Items (15) and Edit the table's
    spaces (22) scrolled inside their lists. Every list of Edit the table opens whole."""
    from frightmare.model import GameSetup, new_game
    from frightmare.ui.game.edit_table import EditTableDialog

    dialog = EditTableDialog(new_game(GameSetup(setup_card="Maple Lane"), seed=1), lambda a: True)
    qtbot.addWidget(dialog)
    combos = dialog.findChildren(ComboBox)
    assert max(combo.count() for combo in combos) >= 22
    for combo in combos:
        assert combo.maxVisibleItems() >= combo.count(), combo.accessibleName()


def test_a_lines_label_keeps_its_height_through_a_zoom_in_and_out(
    qtbot: QtBot, qapp: QApplication
) -> None:
    """Third walkthrough: the space's description kept its zoomed height after a zoom out
    (and grew at each zoom in), so the buttons under it moved down."""
    from PySide6.QtGui import QFont, QPalette

    from frightmare.ui.theme import apply_theme
    from frightmare.ui.widgets.fitting import LinesLabel

    font, palette, sheet = QFont(qapp.font()), QPalette(qapp.palette()), qapp.styleSheet()
    try:
        apply_theme(qapp, dark=True, zoom=1.0)
        label = LinesLabel(3)
        qtbot.addWidget(label)
        label.resize(300, 10)
        label.set_full_text("Street space · Victims: 2")
        label.show()
        QApplication.processEvents()
        at_100 = label.height()
        for zoom in (1.5, 1.0, 2.0, 1.0):
            apply_theme(qapp, dark=True, zoom=zoom)
            QApplication.processEvents()
        assert label.height() == at_100
    finally:
        qapp.setStyleSheet(sheet)
        qapp.setPalette(palette)
        qapp.setFont(font)


def test_an_eliding_button_shortens_its_text_when_narrow_and_is_whole_again_with_room(
    qtbot: QtBot,
) -> None:
    """Issue 30: the side column gives up width before the board, so a long button's text
    ends in "…" when its panel is narrow (never cut: its size hint is what it shows), and
    reads whole again with room; its tooltip keeps the whole text."""
    from frightmare.ui.widgets.fitting import ElidingButton

    whole = "Discard a card: +1 Time"
    button = ElidingButton(whole)
    button.setToolTip(whole)
    qtbot.addWidget(button)
    wide = button.sizeHint().width()
    # It may be as narrow as its first half, at a word's end.
    assert button.minimumSizeHint().width() < wide
    button.resize(button.minimumSizeHint().width(), button.sizeHint().height())
    button.show()
    QApplication.processEvents()
    assert button.text().endswith("…") and button.text() != whole
    assert button.sizeHint().width() <= button.width() + 1  # shortened, not cut
    assert button.toolTip() == whole
    button.resize(wide + 20, button.height())
    QApplication.processEvents()
    assert button.text() == whole


def test_an_eliding_button_ends_at_a_words_end_and_leaves_a_short_text_whole(
    qtbot: QtBot, themed: Callable[[bool, float], None]
) -> None:
    """Issue 30: the Items dock's buttons set its width at 150% (Polish "Wierzchnia karta…",
    227 px: the board 30 px short of its square). Narrow, a button ends at a word's end (never
    "Wierzchnia ka…"), a two-word text down to its first word; a text of a dozen characters
    or fewer ("To a deck…") is never shortened: "To a…" would save little and lose its sense.
    Under the light theme's stylesheet, as the window always has one (a button measured in
    the bare style, only while a launch builds the game screen, is measured again as the
    stylesheet comes)."""
    from frightmare.ui.widgets.fitting import ElidingButton

    themed(False, 1.0)
    for whole, shortest in (("Wierzchnia karta…", "Wierzchnia…"), ("Carta superior…", "Carta…")):
        button = ElidingButton(whole)
        qtbot.addWidget(button)
        button.show()  # measured polished, as in its panel
        QApplication.processEvents()
        assert button.minimumSizeHint().width() < button.sizeHint().width()
        button.resize(button.minimumSizeHint().width(), button.sizeHint().height())
        QApplication.processEvents()
        assert button.text() == shortest
        assert button.sizeHint().width() <= button.width() + 1


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_an_eliding_button_under_the_style_sheet_still_ends_at_a_words_end(
    qtbot: QtBot, themed: Callable[[bool, float], None], zoom: float
) -> None:
    """Issue 30: the window always has the theme's style sheet, whose least button width made
    the text's room look smaller than it is (at its least width "Wierzchnia karta…" showed
    "Wierzchni…", "Carta superior…" "Cart…"): the button measures each shorter text as it
    would be drawn, padding and least width alike."""
    from frightmare.ui.widgets.fitting import ElidingButton

    themed(True, zoom)
    for whole, shortest in (("Wierzchnia karta…", "Wierzchnia…"), ("Carta superior…", "Carta…")):
        button = ElidingButton(whole)
        qtbot.addWidget(button)
        button.show()
        QApplication.processEvents()
        button.resize(button.minimumSizeHint().width(), button.sizeHint().height())
        QApplication.processEvents()
        assert button.text() == shortest
        assert button.sizeHint().width() <= button.width() + 1
        button.resize(button.minimumSizeHint().width() * 3, button.sizeHint().height())
        QApplication.processEvents()
        assert button.text() == whole
    short = ElidingButton("To a deck…")
    qtbot.addWidget(short)
    assert short.minimumSizeHint().width() >= short.sizeHint().width()


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_an_eliding_button_measures_a_text_as_its_style_does(
    qtbot: QtBot, themed: Callable[[bool, float], None], zoom: float
) -> None:
    """Issue 33: a button measured each shorter text by asking its style, and naming QStyle
    made PySide build its 566 enums before the game screen was ready for play (about 50
    million instructions). It measures from its own size hint now, to the pixel of what its
    style says under the stylesheet (padding and borders around the text), a menu's too."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QStyle, QStyleOptionButton

    from frightmare.ui.theme import set_style_property
    from frightmare.ui.widgets.fitting import ElidingButton

    themed(True, zoom)
    for whole, menu in (("Discard a card: +1 Time", False), ("Wierzchnia karta…", True)):
        button = ElidingButton(whole)
        set_style_property(button, "menu", menu)
        qtbot.addWidget(button)
        button.show()
        QApplication.processEvents()
        for text in (whole, "X", "Carta superior…", "Oberste Karte des Stapels"):
            option = QStyleOptionButton()
            button.initStyleOption(option)
            option.text = text
            metrics = button.fontMetrics()
            contents = QSize(metrics.horizontalAdvance(text), metrics.height())
            style = button.style().sizeFromContents(
                QStyle.ContentsType.CT_PushButton, option, contents, button
            )
            assert button._width_for(text) == style.width(), (whole, text)
