"""Themes switch whole, and the small controls stay visible in both (issue 10 item 6)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from frightmare.model.errors import RuleViolation
from frightmare.ui.main_window import MainWindow
from frightmare.ui.theme import (
    DARK,
    LIGHT,
    Colours,
    apply_theme,
    contrast,
    set_style_property,
    style_sheet,
)
from frightmare.ui.widgets.refusals import offer

# WCAG 2.1, 1.4.11 Non-text Contrast: user interface components need 3:1 against what is
# next to them.
NON_TEXT = 3.0


@pytest.fixture
def restore_look(qapp: QApplication) -> Iterator[None]:
    font, palette, sheet = QFont(qapp.font()), QPalette(qapp.palette()), qapp.styleSheet()
    yield
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)
    qapp.setFont(font)


@pytest.mark.parametrize("colours", [DARK, LIGHT], ids=["dark", "light"])
def test_radio_buttons_checkboxes_and_focus_rings_stand_out(colours: Colours) -> None:
    for name in ("indicator", "indicator_fill", "focus", "refused", "refused_mark"):
        ratio = contrast(getattr(colours, name), colours.window)
        assert ratio >= NON_TEXT, f"{name}: {ratio:.2f}:1"
    # Text in the banner, the reminder strips and the phase pill reads well (4.5:1, WCAG AA).
    for ink, background in (
        (colours.awake_ink, colours.awake_bg),
        (colours.asleep_ink, colours.asleep_bg),
        (colours.reminder_ink, colours.reminder_bg),
        (colours.blocking_ink, colours.blocking_bg),
        (colours.phase_ink, colours.phase_bg),
        (colours.ink, colours.window),
        (colours.muted, colours.window),
    ):
        assert contrast(ink, background) >= 4.5, (ink, background)


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_the_stylesheet_draws_indicators_and_focus_in_those_colours(dark: bool) -> None:
    sheet = style_sheet(dark, 1.0)
    colours = DARK if dark else LIGHT
    indicator_rule = sheet.split("QCheckBox::indicator, QRadioButton::indicator")[1].split("}")[0]
    assert f"border: 2px solid {colours.indicator}" in indicator_rule
    assert f"border: 2px solid {colours.focus}" in sheet


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


def test_a_theme_switch_restyles_existing_history_rows_and_reminders(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication, restore_look: None
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.settings.dark = True
    window.dark_action.setChecked(True)
    window.toggle_dark()
    from frightmare.model.actions.round import NextPhase

    window.act(NextPhase())  # Planning: a reminder strip (Time back to 6)
    assert window.game.round_bar.reminder_texts()
    history = window.game.history
    first = history.model.index(1)
    dark_ink = history.model.data(first, Qt.ItemDataRole.ForegroundRole)
    assert dark_ink == qapp.palette().color(QPalette.ColorRole.Text)
    chip = window.game.round_bar.reminder_box.findChild(QFrame, "chip")
    assert chip is not None
    qtbot.waitExposed(window)

    def chip_colour() -> QColor:
        QApplication.processEvents()
        return chip.grab().toImage().pixelColor(QPoint(3, chip.height() // 2))

    assert chip_colour() == QColor(
        DARK.reminder_bg if chip.property("chip") == "reminder" else DARK.blocking_bg
    )

    window.dark_action.setChecked(False)
    window.toggle_dark()  # Ctrl+Shift+D
    light_ink = history.model.data(first, Qt.ItemDataRole.ForegroundRole)
    assert light_ink == qapp.palette().color(QPalette.ColorRole.Text) != dark_ink
    # The same strip (not a new one) now has the light theme's colours.
    assert window.game.round_bar.reminder_box.findChild(QFrame, "chip") is chip
    expected = LIGHT.reminder_bg if chip.property("chip") == "reminder" else LIGHT.blocking_bg
    assert chip_colour() == QColor(expected)


def test_apply_theme_can_be_called_again(qapp: QApplication, restore_look: None) -> None:
    apply_theme(qapp, dark=True, zoom=1.5)
    apply_theme(qapp, dark=False, zoom=1.0)
    assert qapp.palette().color(QPalette.ColorRole.Window) == QColor(LIGHT.window)


def title_ink_height(dock: QDockWidget) -> int:
    """How tall the drawn title text is, in pixels (rows with ink in the title bar)."""
    image = dock.grab().toImage()
    top = dock.widget().geometry().top()
    back = QColor(image.pixel(1, 1)).lightness()
    rows = [
        y
        for y in range(top)
        if any(
            abs(QColor(image.pixel(x, y)).lightness() - back) > 60
            for x in range(2, dock.width() // 2)
        )
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def test_dock_titles_follow_the_zoom_both_ways(
    open_game: Callable[..., MainWindow], qtbot: QtBot, qapp: QApplication, restore_look: None
) -> None:
    """Walkthrough 8: dock titles kept the size they were made at ("Historv", cut)."""
    apply_theme(qapp, dark=True, zoom=1.0)
    window = open_game(final_girl="Nancy", setup_card="Maple Lane")
    window.resize(1920, 1080)
    dock = window.game.docks["history"]
    dock.raise_()
    QApplication.processEvents()
    start = title_ink_height(dock)
    assert start > 0
    for _ in range(5):
        window.zoom(+1)
    QApplication.processEvents()
    big = title_ink_height(dock)
    assert big >= start * 1.6
    assert big < dock.widget().geometry().top()  # the whole title, descenders too
    window.zoom(0)
    QApplication.processEvents()
    assert title_ink_height(dock) == start


def test_every_style_is_in_the_application_stylesheet() -> None:
    """Issue 12, item 8: widgets choose a style by a property, never by a stylesheet of their
    own (which a theme switch would not reach, and which Qt parses for each widget)."""
    from pathlib import Path

    import frightmare.ui

    ui = Path(frightmare.ui.__file__).parent
    own = sorted(
        f"{path.name}:{n}"
        for path in ui.rglob("*.py")
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if ".setStyleSheet(" in line and not line.lstrip().startswith("app.setStyleSheet(")
    )
    assert own == []


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_the_picker_problems_and_a_failed_save_read_in_both_themes(dark: bool) -> None:
    """The styles that replaced the last per-widget stylesheets meet the text contrast."""
    c = DARK if dark else LIGHT
    assert contrast(c.blocking_ink, c.blocking_bg) >= 4.5
    assert contrast(c.refused, c.window) >= 4.5
    sheet = style_sheet(dark, 1.0)
    assert 'QLabel[notice="problem"]' in sheet and "QLabel#gameResult" in sheet


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_a_focused_spin_box_still_draws_its_arrows(
    qtbot: QtBot, qapp: QApplication, restore_look: None, dark: bool
) -> None:
    """Walkthrough under Xvfb: a focused spin box drew two empty boxes instead of its arrows
    (its focus ring is a stylesheet border, and the stylesheet had no arrows). The arrows are
    images in the resources, in each theme's ink: the buttons differ from empty ones."""
    import re
    from pathlib import Path

    from PySide6.QtGui import QImage

    from frightmare.ui.widgets.wheel_guard import SpinBox

    sheet = style_sheet(dark, 1.5)
    # The four arrows (up and down, on and off), which the vertical scroll bars draw too.
    urls = set(re.findall(r'url\("([^"]+)"\)', sheet))
    assert len(urls) == 4 and all(Path(url).is_file() for url in urls)
    apply_theme(qapp, dark=dark, zoom=1.5)
    spin = SpinBox()
    qtbot.addWidget(spin)
    spin.resize(160, spin.sizeHint().height())
    spin.show()
    spin.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=1000)

    def buttons() -> QImage:
        QApplication.processEvents()
        image = spin.grab().toImage()
        return image.copy(spin.width() - 24, 0, 24, spin.height())

    drawn = buttons()
    qapp.setStyleSheet(re.sub(r"QAbstractSpinBox::(up|down)-arrow[^}]*}", "", sheet))
    assert buttons() != drawn, "the buttons look the same with no arrows"


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_a_vertical_scroll_bar_keeps_fusions_measures_and_draws_its_arrows(
    qtbot: QtBot, qapp: QApplication, restore_look: None, dark: bool, zoom: float
) -> None:
    """The vertical scroll bars are drawn flat by the stylesheet (Fusion's gradients were a
    sixth of a step played with History scrolled, issue 33), in Fusion's own measures, so
    no layout moves: as wide, its arrow buttons as tall, its handle as long at least; and
    its two arrows are drawn."""
    import re

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QScrollBar, QStyle

    def bar() -> QScrollBar:
        made = QScrollBar(Qt.Orientation.Vertical)
        qtbot.addWidget(made)
        made.setRange(0, 100)
        made.resize(made.sizeHint().width(), 200)
        return made

    qapp.setStyleSheet("")
    fusion = bar()
    measures = fusion.sizeHint()
    slider = QStyle.SubControl.SC_ScrollBarSlider
    least = fusion.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarSliderMin)
    apply_theme(qapp, dark=dark, zoom=zoom)
    flat = bar()
    assert flat.sizeHint() == measures
    flat.setPageStep(1)  # the handle as short as it may be
    flat.show()
    qtbot.waitExposed(flat)
    from PySide6.QtWidgets import QStyleOptionSlider

    option = QStyleOptionSlider()
    flat.initStyleOption(option)
    handle = flat.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option, slider, flat)
    assert handle.height() >= least

    def ends() -> QImage:
        QApplication.processEvents()
        image = flat.grab().toImage()
        width = image.width()
        return image.copy(0, 0, width, 14).copy() if image.height() else image

    drawn = ends()
    qapp.setStyleSheet(re.sub(r"QScrollBar::up-arrow:vertical \{[^}]*}", "", qapp.styleSheet()))
    assert ends() != drawn, "the scroll bar's top looks the same with no arrow"


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_a_combo_box_measured_while_focused_still_fits_its_name_once_the_focus_leaves(
    qtbot: QtBot, qapp: QApplication, restore_look: None, dark: bool
) -> None:
    """Walkthrough: the theme switched while the saved games' result filter had the focus;
    once the focus left, it read "Every gam". Qt keeps the size it measured, and the focus
    ring's style measures smaller: the combo box is measured again when the focus leaves."""
    from frightmare.ui.setup.picker import SessionPicker

    apply_theme(qapp, dark=dark, zoom=1.0)
    picker = SessionPicker()
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    combo = picker.filter_result
    unfocused = combo.sizeHint()
    picker.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    apply_theme(qapp, dark=not dark, zoom=1.0)  # measured again, focused
    apply_theme(qapp, dark=dark, zoom=1.0)
    QApplication.processEvents()
    picker.list.setFocus()
    qtbot.waitUntil(lambda: not combo.hasFocus())
    assert combo.sizeHint() == unfocused


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


def test_a_style_chosen_before_a_widget_is_first_shown_is_drawn_once_shown(
    qapp: QApplication, qtbot: QtBot, restore_look: None
) -> None:
    """``set_style_property`` on a widget being built (not styled yet) leaves it to its first
    polish, which reads the property; one already styled is styled again at once."""
    apply_theme(qapp, dark=True, zoom=1.0)
    page = QWidget()
    qtbot.addWidget(page)
    row = QHBoxLayout(page)
    plain, big, later = QLabel("7"), QLabel("7"), QLabel("7")
    set_style_property(big, "scale", "big")
    assert not big.testAttribute(Qt.WidgetAttribute.WA_WState_Polished)
    for label in (plain, big, later):
        row.addWidget(label)
    page.show()
    qtbot.waitExposed(page)
    assert big.font().pointSizeF() > plain.font().pointSizeF()
    assert big.font().bold() and not plain.font().bold()
    assert later.testAttribute(Qt.WidgetAttribute.WA_WState_Polished)
    set_style_property(later, "scale", "big")
    assert later.font() == big.font()
