"""Controls stay where the hand learnt them (issue 31): the Generic Killer's Terror row holds
after "Killer moves", the Terror dialog's rows and its name box hold after the first click and
as a name is typed, and a typed Item name does not grow its box."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from screen_helpers import CAMP, SIZES, settle, state_of

from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.round import NextPhase
from frightmare.model.box.cards import DR_FRIGHT
from frightmare.model.rules import record_anyway
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.main_window import MainWindow


def on_screen(window: MainWindow, widget: QWidget) -> int:
    """Where ``widget`` is in the side column's view (what the player sees)."""
    return widget.mapTo(window.game.side.viewport(), QPoint(0, 0)).y()


@pytest.mark.parametrize(
    ("killer", "asleep"), [("Hans", False), (DR_FRIGHT, False), (DR_FRIGHT, True)]
)
@pytest.mark.parametrize("size", SIZES)
def test_the_other_killers_terror_row_holds_after_his_killer_action(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    killer: str,
    asleep: bool,
) -> None:
    """Another Location's table: his Killer Action is the round bar's two buttons."""
    # Rules notes §1: "Killer: the Killer performs his Killer Action ..., then one Terror card
    # is drawn and resolved": the Terror card is the next click after his Killer Action.
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", killer=killer, location=CAMP)
    window.resize(*size)
    settle(window)
    if asleep:
        assert window.act(record_anyway(FallAsleep(cause="short rest")))
    for _ in range(2):
        assert window.act(record_anyway(NextPhase()))
    settle(window)
    bar = window.game.round_bar
    assert state_of(window).phase == "killer" and bar.killer_moves.isVisible()
    before = on_screen(window, bar.terror_row), on_screen(window, bar.terror_pick)
    bar.killer_moves.click()
    settle(window)
    assert state_of(window).killer_action_done and bar.killer_moves.isHidden()
    assert (on_screen(window, bar.terror_row), on_screen(window, bar.terror_pick)) == before
    # The next phase gives the room back.
    assert window.act(record_anyway(NextPhase()))
    settle(window)
    assert not bar.killer_moves.sizePolicy().retainSizeWhenHidden()


def killer_phase(open_game: Callable[..., MainWindow]) -> MainWindow:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    for _ in range(2):
        assert window.act(NextPhase())
    settle(window)
    return window


def test_the_terror_dialogs_rows_and_name_box_hold_after_the_first_click(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
) -> None:
    themed(True, 1.0)
    window = killer_phase(open_game)
    dialog = TerrorDialog(window, state_of(window))
    dialog.show()
    settle(window)
    cards = dialog.cards_list

    def where() -> tuple[list[tuple[int, int]], int, int]:
        rows = [cards.visualItemRect(cards.item(n)) for n in range(cards.count())]
        return (
            [(r.top(), r.height()) for r in rows],
            dialog.name.mapTo(dialog, QPoint(0, 0)).y(),
            cards.height(),
        )

    before = where()
    for row in (5, 2):  # a card of another kind, then another
        rect = cards.visualItemRect(cards.item(row))
        QTest.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        settle(window)
        assert where() == before
    dialog.reject()


def test_the_terror_dialogs_name_box_does_not_grow_as_a_name_is_typed(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
) -> None:
    themed(True, 1.0)
    window = killer_phase(open_game)
    dialog = TerrorDialog(window, state_of(window))
    dialog.show()
    settle(window)
    line = dialog.name.lineEdit()
    assert line is not None
    before = dialog.name.geometry(), dialog.size()
    line.selectAll()
    QTest.keyClicks(line, "Another card, with a name far longer than any the box prints")
    settle(window)
    assert (dialog.name.geometry(), dialog.size()) == before
    dialog.reject()


def test_another_items_name_typed_in_a_search_does_not_grow_its_box(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
) -> None:
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    picker = window.game.board_panel.space_menu.search_step.picker
    picker.show()
    settle(window)
    before = picker.typed.width(), picker.typed.height(), picker.sizeHint()
    picker.typed.setFocus()
    QTest.keyClicks(picker.typed, "Another card, with a name far longer than any the box prints")
    settle(window)
    assert (picker.typed.width(), picker.typed.height(), picker.sizeHint()) == before


@pytest.mark.parametrize("size", SIZES)
def test_the_asleep_attack_rows_sit_where_you_attack_sits_awake(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
) -> None:
    # The rulebook, Asleep: "You may move around the board, attack Dr. Fright"; Awake her
    # attack is refused (and still recordable), on the same row.
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(*size)
    settle(window)
    fright = window.game.fright
    assert fright.you_attack.isVisible()
    awake = on_screen(window, fright.you_attack)
    assert window.act(FallAsleep(cause="short rest"))
    settle(window)
    assert state_of(window).asleep and fright.her_row.isVisible()
    assert on_screen(window, fright.her_row) == awake
