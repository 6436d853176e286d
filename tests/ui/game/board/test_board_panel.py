"""The board's panel: the Items dock's content (Item decks, her items, Events) is made when its
dock is first shown, or a part of it first asked for, and then shows the game."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from frightmare.model.box.board import QUADRANT_NAMES
from frightmare.model.box.cards import MAPLE_LANE
from frightmare.ui.game.board.board_panel import deck_heading
from frightmare.ui.main_window import MainWindow


def test_the_items_dock_is_made_when_its_tab_is_first_shown(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Behind History at the opening, the Items dock makes its decks and Events only when its
    tab comes in front, and they show the game at once, every control shown."""
    window = open_game(final_girl="Nancy", setup_card=MAPLE_LANE)
    game = window.game
    panel = game.board_panel
    assert not panel.extras_built
    assert not panel.items_events.findChildren(type(panel.items_events))
    game.docks["items"].raise_()
    qtbot.waitUntil(lambda: panel.extras_built)
    state = game._shown
    assert state is not None
    for q in QUADRANT_NAMES:
        assert panel.deck_labels[q].text() == deck_heading(state, q)
        assert panel.deck_buttons[q].isVisible()
    assert panel.event_card.isVisible() and panel.reveal_event.isVisible()
    assert panel.events_shown.text()  # "In play: none"


def test_a_part_of_the_items_dock_asked_for_first_makes_it_showing_the_game(
    open_game: Callable[..., MainWindow],
) -> None:
    """A part asked for before the dock was shown (a shortcut, a test) is made with the rest
    of the dock, showing the game; a later state reaches it too."""
    window = open_game(final_girl="Nancy", setup_card=MAPLE_LANE)
    panel = window.game.board_panel
    assert not panel.extras_built
    held = panel.held
    assert panel.extras_built
    state = window.game._shown
    assert state is not None
    assert panel.events_shown.text()
    assert held.count() == len(state.table.held)
    first = QUADRANT_NAMES[0]
    assert panel.deck_labels[first].text() == deck_heading(state, first)
    panel.deck_labels[first].setText("")
    window.game.show_state(state)
    assert panel.deck_labels[first].text() == deck_heading(state, first)


def test_a_name_the_panel_lacks_is_still_an_attribute_error(
    open_game: Callable[..., MainWindow],
) -> None:
    window = open_game(final_girl="Nancy", setup_card=MAPLE_LANE)
    panel = window.game.board_panel
    assert not hasattr(panel, "no_such_part")
    assert not panel.extras_built
