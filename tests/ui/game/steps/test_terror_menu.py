"""The Terror card's ▾ menu: every card of the game in its place, a drawn one marked where it
is (issue 31: rows that shifted as cards were drawn sent a practised click to the wrong card),
and a card that leaves nothing to choose recorded as the model plans it, in one click."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

from frightmare.model import GameState
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.card_data import CardData
from frightmare.model.cards.terror import terror_cards
from frightmare.model.rules import record_anyway
from frightmare.ui.game.steps.terror_menu import fill_terror_menu, pick_terror
from frightmare.ui.main_window import MainWindow

EWWWW = "Ewwww! That's disgusting!"


def killer_phase(open_game: Callable[..., MainWindow]) -> MainWindow:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    for _ in range(2):
        assert window.act(record_anyway(NextPhase()))
    # His Killer Action, then the Terror card (rules notes §1: the round's order).
    assert window.act(KillerAction(move_icon=False))
    return window


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def entries(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator() and a.text()]


def test_a_drawn_card_keeps_its_row_and_is_marked(
    open_game: Callable[..., MainWindow],
) -> None:
    # Rules notes §1: one Terror card a Killer phase, from a deck that is not reshuffled.
    window = killer_phase(open_game)
    menu = QMenu()
    picked: list[CardData] = []
    fill_terror_menu(menu, state_of(window), picked.append, lambda: None)
    before = entries(menu)
    assert window.act(DrawTerror(name=EWWWW))
    fill_terror_menu(menu, state_of(window), picked.append, lambda: None)
    after = entries(menu)
    assert len(after) == len(before)
    row = before.index(EWWWW)
    assert after[row].startswith(EWWWW) and after[row].endswith("(drawn)")
    assert [t for n, t in enumerate(after) if n != row] == [
        t for n, t in enumerate(before) if n != row
    ]
    next(a for a in menu.actions() if a.text() == after[row]).trigger()
    assert [c.id for c in picked] == [EWWWW]  # still there to pick: the table is the truth
    menu.deleteLater()


def test_a_card_with_nothing_to_choose_is_planned_in_one_pick(
    open_game: Callable[..., MainWindow],
) -> None:
    window = killer_phase(open_game)
    state = state_of(window)
    card = next(c for c in terror_cards(state) if c.id == EWWWW)
    action = pick_terror(window, state, card, None)
    assert isinstance(action, DrawTerror) and action.name == EWWWW
