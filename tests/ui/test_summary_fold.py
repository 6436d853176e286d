"""Issue 22's summary at a laptop's size: at 1280x720 and 1366x768, 100% zoom, a game that
earned every achievement it can and asks both questions still has every control of the
summary in view without scrolling (the questions, copy, "Send it everywhere", BG Stats,
export, close); only the list of what it earned scrolls."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.achievements import default_achievements, parse_marks
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.summary import GameOverDialog

SIZES = [(1280, 720), (1366, 768)]
FRAME = (16, 48)  # a window manager's title bar and a panel


def every_achievement() -> tuple[History, LogEntry]:
    """A won game against Dr. Fright on Maple Lane whose line earns every achievement the
    journal can tell, and leaves both that only the player can tell to ask."""
    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    for direction in ("up", "up", "left", "down"):
        history.do(Slide(direction=direction))
    history.do(EndGame(result="win"))
    marks = [f"{a.id}={a.need}" for a in default_achievements() if a.needs == "log"]
    marks += ["fright-boiler-room-hit-back=?", "maple-booby-trap-kill=?"]
    entry = with_figures(entry_for("g1", history.state), game_figures(history)).with_values(
        achievements=" ".join(marks),
        extreme_horror=True,
        never_really_dead=True,
        clean_escapes=1,
        most_cards_in_a_round=4,
        quadrants_searched=4,
        victims_saved=3,
        victims_killed=0,
        victims_left=0,
    )
    return history, entry


def out_of_view(dialog: GameOverDialog) -> list[str]:
    """The summary's buttons not wholly in view: outside the dialog, or in its scrolled
    part below (or above) what the scroll area shows."""
    port = dialog.area.viewport()
    shown = QRect(port.mapTo(dialog, QPoint(0, 0)), port.size())
    found = []
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisible():
            continue
        place = QRect(button.mapTo(dialog, QPoint(0, 0)), button.size())
        scrolled = dialog.content.isAncestorOf(button)
        if not dialog.rect().contains(place) or (scrolled and not shown.contains(place)):
            found.append(button.accessibleName() or button.text())
    return found


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_control_of_the_summary_is_in_view_at_a_laptops_size(
    qtbot: QtBot, themed: Callable[[bool, float], None], size: tuple[int, int], dark: bool
) -> None:
    themed(dark, 1.0)
    history, entry = every_achievement()
    dialog = GameOverDialog(history.state, None, record=(entry, []))
    qtbot.addWidget(dialog)
    dialog.show()
    # As tall as the screen lets it be: the list it earned is longer than that.
    dialog.resize(min(dialog.width(), size[0] - FRAME[0]), size[1] - FRAME[1])
    for _ in range(3):
        QApplication.processEvents()
    box = dialog.record_box
    assert box is not None and len(box.published) >= 15 and len(box.question_buttons) == 2
    assert dialog.area.verticalScrollBar().maximum() > 0  # the list does scroll
    assert box.send_button.isVisible()
    assert out_of_view(dialog) == []
    # An answer shows what it earned in the list, and its buttons go.
    yes, _no = box.question_buttons["maple-booby-trap-kill"]
    yes.click()
    QApplication.processEvents()
    assert parse_marks(box.entry.achievements)["maple-booby-trap-kill"] == 1
    names = [
        label.accessibleName()
        for label in dialog.content.findChildren(QLabel)
        if label.accessibleName().startswith("Achievement: ")
    ]
    assert "Achievement: Home defence" in names
    assert out_of_view(dialog) == []
