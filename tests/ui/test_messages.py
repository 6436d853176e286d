"""Messages show whole, and no empty banner.

At 1280x720 and 1920x1080, 100% and 150%: the banner's rules and a typical refusal (with its
"Record anyway" button) show without scrolling, and a message moves nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot
from screen_helpers import open_at, settle

from frightmare.model.actions.dream import FallAsleep
from frightmare.ui.game.dream.awake_banner import TYPICAL_REFUSAL
from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.messages import MARGIN, MessageArea

CASES = [(size, zoom) for size in ((1280, 720), (1920, 1080)) for zoom in (1.0, 1.5)]


IDS = [f"{w}x{h}@{round(z * 100)}%" for (w, h), z in CASES]


def whole(area: MessageArea) -> bool:
    """The text shows whole: nothing to scroll to, no line cut at the bottom."""
    return area.verticalScrollBar().maximum() == 0 and area.label.height() <= area.height()


@pytest.mark.parametrize(("size", "zoom"), CASES, ids=IDS)
def test_the_banner_is_one_line_and_a_refusal_shows_whole(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    zoom: float,
) -> None:
    """Issue 19 item 3: the Awake/Asleep banner is a compact line (the rules a hover or a
    click away), and the message of the moment shows whole, not cut in a small box."""
    window = open_at(open_game, themed, size, True, zoom)
    banner = window.game.banner
    line = banner.fontMetrics().lineSpacing()
    assert banner.height() <= 3 * line
    assert "Dr. Fright" in banner.toolTip() and banner.rules.text() in banner.toolTip()
    height = banner.height()
    # The refusal from the walkthrough (17), cut mid-line before.
    banner.show_refusal(TYPICAL_REFUSAL.removeprefix("⚠  "), record_anyway=lambda: None)
    settle(window)
    assert banner.record_anyway.isVisible()
    assert whole(banner.news), banner.news.text()
    assert banner.height() == height  # nothing moves when a message appears
    # Asleep: another line, the same height; what falling Asleep says shows whole.
    assert window.act(FallAsleep(cause="short rest"))
    settle(window)
    assert "ASLEEP" in banner.title.text()
    assert "Asleep" in banner.toolTip() or "ASLEEP" in banner.title.text()
    assert whole(banner.news), banner.news.text()
    assert banner.height() == height


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_the_banner_s_words_take_its_ink_as_it_turns_awake_or_asleep(
    open_game: Callable[..., MainWindow], themed: Callable[[bool, float], None], dark: bool
) -> None:
    """Issue 33: the banner's words took their ink from a rule by the frame around them
    (``QFrame[banner="asleep"] QLabel``), and only the frame was styled again as it turned:
    in the light theme, ASLEEP stayed in Awake's brown. The words carry their ink now."""
    from PySide6.QtGui import QColor, QPalette

    from frightmare.ui.theme import DARK, LIGHT

    colours = DARK if dark else LIGHT
    window = open_at(open_game, themed, (1280, 720), dark, 1.0)
    title = window.game.banner.title

    def ink() -> QColor:
        settle(window)
        return title.palette().color(QPalette.ColorRole.WindowText)

    assert "AWAKE" in title.text() and ink() == QColor(colours.awake_ink)
    assert window.act(FallAsleep(cause="short rest"))
    assert "ASLEEP" in title.text() and ink() == QColor(colours.asleep_ink)
    window.undo()
    assert "AWAKE" in title.text() and ink() == QColor(colours.awake_ink)


@pytest.mark.parametrize(("size", "zoom"), CASES, ids=IDS)
def test_the_boiler_rooms_expectation_shows_whole(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    zoom: float,
) -> None:
    window = open_at(open_game, themed, size, True, zoom)
    assert window.act(FallAsleep(cause="short rest"))
    window.game.show_boiler_button.click()
    settle(window)
    boiler = window.game.boiler
    assert boiler.expectation.text().startswith("With best play")
    assert whole(boiler.expectation), boiler.expectation.text()
    assert whole(boiler.status), boiler.status.text()


def test_against_another_killer_the_banner_is_never_an_empty_frame(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
) -> None:
    """Walkthrough 10 (78): a Hans game showed an empty banner frame."""
    window = open_at(open_game, themed, (1920, 1080), False, 1.0, killer="Hans")
    banner = window.game.banner
    assert not banner.isVisible()  # no Awake/Asleep against him: no line at all
    assert banner.moment.isVisible()
    assert "Hans" in banner.news.text()  # his rule, until something happens
    height = banner.moment.height()
    banner.show_refusal(TYPICAL_REFUSAL.removeprefix("⚠  "), record_anyway=lambda: None)
    settle(window)
    assert banner.record_anyway.isVisible()
    assert whole(banner.news), banner.news.text()
    assert banner.moment.height() == height


@pytest.mark.parametrize("zoom", [1.0, 1.5], ids=["100%", "150%"])
def test_a_message_too_long_for_its_area_shows_whole_lines_only(
    qtbot: QtBot,
    themed: Callable[[bool, float], None],
    zoom: float,
) -> None:
    """Walkthrough: the Asleep banner's attack message scrolled inside its area with its last
    line cut in half. The area is a whole number of lines tall, so a longer message shows
    whole lines and scrolls line by line."""
    themed(True, zoom)
    area = MessageArea(2, "What just happened")
    qtbot.addWidget(area)
    area.resize(300, 10)
    area.fit_texts(
        (
            "A usual message, long enough to wrap onto a second and a third line, "
            "and maybe a fourth one when the area is narrow.",
        )
    )
    area.show()
    qtbot.waitExposed(area)
    area.setText("Dr. Fright attacks! " * 20)
    step = area.line_height()
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0)  # it scrolls
    assert (area.height() - MARGIN) % step == 0
    assert area.verticalScrollBar().singleStep() == step


def test_a_tooltip_is_set_again_only_when_its_words_change(qtbot: QtBot) -> None:
    """Issue 33: an action set about 57 tooltips to the words they already had, each an event
    Qt sends (and the focus chain's filter reads). ``set_tip`` sets one only when it changes,
    and always when it does (another language, another refusal)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QLabel

    from frightmare.ui.widgets.messages import set_tip

    label = QLabel()
    qtbot.addWidget(label)
    told: list[str] = []

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.ToolTipChange:
                told.append(label.toolTip())
            return False

    counter = Counter()
    label.installEventFilter(counter)
    set_tip(label, "Health: lose one")
    set_tip(label, "Health: lose one")
    assert told == ["Health: lose one"]
    set_tip(label, "Gesundheit: eine verlieren")
    set_tip(label, "")
    assert told == ["Health: lose one", "Gesundheit: eine verlieren", ""]
    assert label.toolTip() == ""
