"""Walkthrough findings on the board: each test failed before its fix."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model.actions import Convince, NextPhase, Place
from frightmare.ui.board_panel import Choose, ConvinceDialog
from frightmare.ui.board_view import NARROWEST
from frightmare.ui.main_window import MainWindow
from frightmare.ui.theme import apply_theme


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[Callable[[float], None]]:
    """``themed(zoom)`` applies the light theme; the application's look is restored after."""
    font, palette, sheet = QFont(qapp.font()), QPalette(qapp.palette()), qapp.styleSheet()
    yield lambda zoom: apply_theme(qapp, dark=False, zoom=zoom)
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)
    qapp.setFont(font)


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


def test_a_smalley_follows_her_to_an_exit_and_is_saved_there(
    open_board: Callable[[], MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules notes §1: up to 2 Victims in her space may follow her; "the Smalleys and the
    # Boyfriend are Victims, so they follow like any other". Rulebook, "Event: The Smalleys":
    # "Place 2 Special Victims in the Smalley's House."
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    assert window.session.state.table.smalleys == ("smalleys-house", "smalleys-house")
    assert window.act(Place(piece="final girl", space="street-w"))

    # Convince her way in with 3+ (the first line), taking no Item: one entry of the House's
    # plays.
    game.open_plays("smalleys-house")
    panel.buttons["convince:3+"].click()
    assert window.session.state.table.final_girl == "smalleys-house"

    # Her space shows both Smalleys; Move Victims… is offered for them.
    assert "Victims: 2" in panel.space_menu.info.text()
    assert panel.buttons["panic"].isEnabled()

    # Followers 2, then 1: a Smalley is the one who follows (the only kind here, so there is
    # no choice to ask).
    panel.steps.setValue(2)
    panel.followers.setValue(2)
    game.open_plays("exit-w")
    assert panel.buttons["move"].text() == "Move here · 2 Smalleys follow"
    panel.followers.setValue(1)
    assert panel.buttons["move"].text() == "Move here · 1 Smalley follow"
    assert not any(key.startswith("move:") for key in panel.buttons)
    game.board_view.move_requested.emit("exit-w")
    state = window.session.state
    assert state.table.final_girl == "exit-w"
    assert state.table.smalleys == ("exit-w", "smalleys-house")

    # Saved at the West Exit, with the Save entry.
    game.open_plays("exit-w")
    save = panel.buttons["save:smalley"]
    assert save.text() == "Save 1 Smalley"
    assert save.isEnabled() and not save.property("refused")
    save.click()
    state = window.session.state
    assert state.table.smalleys == ("smalleys-house",)
    assert state.counters.victims_saved == 1


def test_move_victims_asks_which_kind_and_moves_a_smalley(
    open_board: Callable[[], MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Panicking Victims and Enemies are not restricted": Smalleys move like any Victim.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    asked: list[object] = []

    def pick(cls: type[Choose], parent: object, title: str, label: str, options: object) -> str:
        asked.append(label)
        return {"Move to:": "street-w", "Why do they move?": "effect"}[label]

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    monkeypatch.setattr(Choose, "number", classmethod(lambda cls, *a: 1))
    game.select_space("smalleys-house")
    panel.buttons["panic"].click()
    assert window.session.state.table.smalleys == ("smalleys-house", "street-w")


def test_convince_lines_never_repeat_and_taking_the_item_is_her_choice(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, "Convince Action cards and entering occupied houses": "Enter an adjacent House.
    # You may take the top Item." The fail line returns the card, said once.
    window = open_board()
    assert window.session is not None
    dialog = ConvinceDialog(window.session.state, "house-nw-street")
    qtbot.addWidget(dialog)
    texts = [button.text() for button in dialog.group.buttons()]
    fail = texts[-1]
    assert fail.count("return the card") == 1, fail
    assert "Tableau" in fail
    dialog.show()
    dialog.group.buttons()[0].setChecked(True)  # 3+ successes
    assert dialog.take.isVisible() and not dialog.take.isChecked()
    assert dialog.take_note.isVisible() and "may take" in dialog.take_note.text().lower()
    dialog.group.buttons()[-1].setChecked(True)
    assert not dialog.take.isVisible() and not dialog.take_note.isVisible()


def settle() -> None:
    # Message areas take their height one pass after their width: let the layout settle.
    for _ in range(6):
        QApplication.processEvents()


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_spaces_plays_say_what_is_there_whole(
    open_board: Callable[[], MainWindow], qtbot: QtBot, themed: Callable[[float], None], zoom: float
) -> None:
    themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    # A long description: a House with Victims, the Final Girl and the Killer in it.
    assert window.act(Place(piece="final girl", space="house-nw-street"))
    assert window.act(Place(piece="dr fright", space="house-nw-street"))
    game.open_plays("house-nw-street")
    settle()
    shown = panel.space_menu.info
    assert shown.text().startswith("NW House") and "Dr. Fright is here" in shown.text()
    assert shown.heightForWidth(shown.width()) <= shown.height()
    # The plays beside the space lie whole inside the board's view.
    popover = game.popover
    assert popover.isVisible()
    assert game.board_view.viewport().rect().contains(popover.geometry())


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_houses_plays_stay_open_after_a_convince(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    themed: Callable[[float], None],
    zoom: float,
) -> None:
    """A Convince with 2 successes is one click once the House's plays are open, and they
    stay open where they were, now with the House's Search: the next play is one click too."""
    themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    assert window.act(Place(piece="final girl", space="street-n"))
    game.open_plays("house-nw-street")
    settle()
    before = game.popover.pos()
    panel.buttons["convince:2"].click()
    assert window.session.state.table.final_girl == "house-nw-street"
    settle()
    assert game.popover.isVisible() and game.popover.space == "house-nw-street"
    if zoom == 1.0:  # room enough: it stays where it was (taller, it may move up)
        assert game.popover.pos() == before
    assert "search:1" in panel.buttons


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_phase_pills_keep_their_widths_whatever_the_phase(
    open_board: Callable[[], MainWindow], qtbot: QtBot, themed: Callable[[float], None], zoom: float
) -> None:
    themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    assert window.session is not None
    pills = window.game.round_bar.pills
    seen = set()
    for _ in range(len(pills)):
        settle()
        seen.add(tuple((pill.x(), pill.width()) for pill in pills.values()))
        assert window.act(NextPhase())
    assert len(seen) == 1, seen


def test_your_items_never_scroll_sideways_at_200_percent(
    open_board: Callable[[], MainWindow], qtbot: QtBot, themed: Callable[[float], None]
) -> None:
    themed(2.0)
    window = open_board()
    window.resize(1280, 720)
    assert window.session is not None
    # Two Items taken by a Convince on 3+, left unnamed ("Unknown item (…)").
    for house, street in (("house-nw-street", "street-n"), ("house-se-street", "street-s")):
        assert window.act(Place(piece="final girl", space=street))
        assert window.act(Convince(house=house, result="3+", take_item=True))
    window.game.docks["items"].raise_()
    held = window.game.board_panel.held
    assert held.count() == 2
    held.window().show()
    settle()
    for row in range(held.count()):
        entry = held.item(row)
        assert entry is not None
        assert held.visualItemRect(entry).right() <= held.viewport().width()
        assert entry.text() in entry.toolTip()
    assert not held.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_every_space_name_is_drawn_at_one_size_and_never_clipped(
    open_board: Callable[[], MainWindow], qtbot: QtBot, themed: Callable[[float], None], zoom: float
) -> None:
    themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    settle()
    item = window.game.board_view.item
    font = item.name_font()
    # At 100% every name has the size names aim for; at every zoom one size, readable.
    if zoom == 1.0:
        assert font.pixelSize() == round(item.name_px())
    assert font.pixelSize() * window.game.board_view.transform().m11() >= 12
    metrics = QFontMetricsF(font)
    smalleys = item.label("smalleys-house")
    assert "Smalleys'" in smalleys
    for space in item.board.spaces:
        band = item.name_band(space).adjusted(3, 0, -3, 0)
        text = item.label(space)
        # A word wider than the space is drawn condensed (never below NARROWEST), never cut.
        stretch = item.name_stretch(space)
        assert NARROWEST <= stretch <= 1.0
        wide = band.width() / stretch
        assert all(metrics.horizontalAdvance(word) <= wide for word in text.split()), text
        box = metrics.boundingRect(QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text)
        assert box.height() <= band.height(), text
        assert box.height() <= 2 * metrics.lineSpacing() + 1, text
