"""Issue 12 item 2: "The banner, animations, tab switches and tests use the kind, never the
wording." The Boiler Room's slide and attack flash, and the main region's switch between the
table and the Boiler Room, start from the typed events of what an action did
(``state.events``), never from a difference between two states; a state shown as it is (undo,
redo, a jump in History, a redraw) is drawn still."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractAnimation, QPointF
from pytestqt.qtbot import QtBot

from frightmare.model.actions.dream import BoilerRoomEffect, FallAsleep, Slide
from frightmare.model.game.boiler_room import DIRECTIONS, STEP, Direction
from frightmare.model.game.state import GameState
from frightmare.ui.game.dream.boiler_view import HALF_H, HALF_W, BoilerRoomView, attack_of, slide_of
from frightmare.ui.main_window import MainWindow

RUNNING = QAbstractAnimation.State.Running


def sliding(view: BoilerRoomView) -> bool:
    return view.slide_animation.state() == RUNNING


def flashing(view: BoilerRoomView) -> bool:
    return view.flash_animation.state() == RUNNING


def started_from(direction: Direction) -> QPointF:
    """Where the stack starts when it slides ``direction``: one step back."""
    dx, dy = STEP[direction]
    return QPointF(-dx * HALF_W, -dy * HALF_H)


def kinds(state: GameState) -> list[str]:
    return [event.kind for event in state.events]


@pytest.fixture
def window(open_game: Callable[..., MainWindow], private_data_dir: Path) -> MainWindow:
    window = open_game(seed=5, name="Animation test")
    window.game.boiler.view.animate = True
    return window


def asleep(window: MainWindow) -> GameState:
    assert window.act(FallAsleep(cause="effect"))
    assert window.session is not None
    return window.session.state


def slide_to(window: MainWindow, attack: bool) -> Direction:
    """Slide (on screen, where the app dealt the deck) until a slide with (or without) Dr.
    Fright in it can be made, and make it: its direction."""
    for _ in range(4):
        assert window.session is not None
        state = window.session.state
        dream = state.dream
        assert dream.order is not None and not dream.awake
        stack = dream.stack
        hidden = dream.order[stack.revealed]
        parts = {d: stack.visible_after(d) for d in DIRECTIONS}
        wanted = [d for d, part in parts.items() if part and (hidden in part) == attack]
        if wanted and (stack.revealed < 3 or attack):
            assert window.act(Slide(direction=wanted[0]))
            return wanted[0]
        other = next(d for d, part in parts.items() if part)
        assert window.act(Slide(direction=other))
    raise AssertionError("no such slide in this deal")


def test_a_slide_event_slides_the_stack_the_way_it_went(window: MainWindow, qtbot: QtBot) -> None:
    """An action that slid the deck says so (a "slide" event): the stack slides that way."""
    asleep(window)
    view = window.game.boiler.view
    direction = slide_to(window, attack=False)
    assert window.session is not None
    assert "slide" in kinds(window.session.state)
    assert "attack" not in kinds(window.session.state)
    assert sliding(view)
    assert view.slide_animation.startValue() == started_from(direction)
    assert not flashing(view)  # no "attack" event: no flash


def test_an_attack_event_flashes_dr_frights_quarter(window: MainWindow, qtbot: QtBot) -> None:
    asleep(window)
    view = window.game.boiler.view
    slide_to(window, attack=True)
    assert window.session is not None
    state = window.session.state
    attack = next(event for event in state.events if event.kind == "attack")
    assert flashing(view)
    assert view.item.flash is not None and view.item.flash[0] == attack.count - 1
    revealed = (state.dream.reveals or state.dream.finished)[attack.count - 1]
    assert revealed.fright is not None  # the card flashed is the one he showed on
    view.flash_animation.setCurrentTime(view.flash_animation.duration())
    assert view.item.flash is None  # the flash fades out and is gone


def test_an_action_without_a_slide_event_does_not_animate(window: MainWindow, qtbot: QtBot) -> None:
    """The state changes, no event says the deck slid: nothing slides."""
    asleep(window)
    view = window.game.boiler.view
    assert window.act(BoilerRoomEffect(effect="extra card", card="A card"))
    assert window.session is not None
    assert "slide" not in kinds(window.session.state)
    assert not sliding(view) and not flashing(view)


def test_the_animation_follows_the_event_not_the_state(window: MainWindow, qtbot: QtBot) -> None:
    """The same two states, shown as an action's news: with the slide's events the stack
    slides, with the events taken away (the state still one card further) it does not."""
    before = asleep(window)
    slide_to(window, attack=True)
    assert window.session is not None
    after = window.session.state
    game, view = window.game, window.game.boiler.view
    assert len(after.dream.reveals) == len(before.dream.reveals) + 1

    game.show_state(before, news=False)
    game.show_state(replace(after, events=()), news=True)
    assert not sliding(view) and not flashing(view)

    game.show_state(before, news=False)
    game.show_state(after, news=True)
    assert sliding(view) and flashing(view)


def test_the_slide_direction_comes_from_the_event(window: MainWindow) -> None:
    """The event names the card it revealed (``count``): its direction is that card's (and
    the event's own, once it carries one)."""
    asleep(window)
    direction = slide_to(window, attack=False)
    assert window.session is not None
    state = window.session.state
    assert slide_of(state, state.events) == direction
    assert slide_of(state, ()) is None
    other = next(d for d in DIRECTIONS if d != direction)
    carried = tuple(
        replace(event, name=other) if event.kind == "slide" else event for event in state.events
    )
    assert slide_of(state, carried) == other
    assert attack_of(state.events) is None


def test_fell_asleep_and_woke_events_switch_the_main_region(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Falling Asleep ("fell-asleep") brings the Boiler Room forward with the keyboard focus;
    waking ("woke") brings Maple Lane back."""
    game = window.game
    assert game.tabs.currentWidget() is game.board_tab
    state = asleep(window)
    assert "fell-asleep" in kinds(state)
    assert game.tabs.currentWidget() is game.dream_tab
    qtbot.waitUntil(game.boiler.view.hasFocus, timeout=1000)
    assert window.session is not None
    for _ in range(4):
        direction = next(d for d, b in game.boiler.arrows.items() if b.isEnabled())
        assert window.act(Slide(direction=direction))
    assert "woke" in kinds(window.session.state)
    assert game.tabs.currentWidget() is game.board_tab


def test_no_sleep_event_no_switch(window: MainWindow) -> None:
    """An action's news without "fell-asleep" does not switch, even when the state it shows
    is Asleep; the same state with its events does."""
    awake = window.session.state if window.session is not None else None
    assert awake is not None
    asleep_now = asleep(window)
    game = window.game
    game.show_state(awake, news=False)
    assert game.tabs.currentWidget() is game.board_tab
    game.show_state(replace(asleep_now, events=()), news=True)
    assert game.tabs.currentWidget() is game.board_tab
    game.show_state(awake, news=False)
    game.show_state(asleep_now, news=True)
    assert game.tabs.currentWidget() is game.dream_tab


def test_a_state_shown_as_it_is_is_drawn_still(window: MainWindow, qtbot: QtBot) -> None:
    """Undo, redo and a jump in History show a state, not an action: no slide, no flash, even
    where the state shown carries the events of the step that made it; the main region shows
    the half she is in when that changed."""
    asleep(window)
    slide_to(window, attack=True)
    slide_to(window, attack=False)
    assert window.session is not None
    history = window.session.history
    game, view = window.game, window.game.boiler.view
    last = history.cursor
    for cursor in (last - 1, last, last - 1, 0, last, 1):  # undo, redo, jumps
        state = history.state_at(cursor)
        game.show_state(state, news=False)
        assert not sliding(view) and not flashing(view), cursor
        assert game.tabs.currentWidget() is (
            game.board_tab if state.dream.awake else game.dream_tab
        ), cursor
    assert "slide" in kinds(history.state_at(last))  # the events were there, not news


def test_the_same_state_shown_again_is_not_news(window: MainWindow, qtbot: QtBot) -> None:
    """A redraw (the hints switched off here) shows the same state: the stack does not slide
    again, and the board the player chose while Asleep stays in front."""
    asleep(window)
    slide_to(window, attack=True)
    game, view = window.game, window.game.boiler.view
    view.slide_animation.stop()
    view.flash_animation.stop()
    game.show_board_button.click()
    window.hint_action.trigger()
    assert not sliding(view) and not flashing(view)
    assert game.tabs.currentWidget() is game.board_tab


def test_the_real_cards_animate_from_the_reported_slide(
    open_game: Callable[..., MainWindow], private_data_dir: Path
) -> None:
    """With the real cards the player reports what the slide showed: the events of that
    report slide the stack and flash the quarter she reported him in."""
    window = open_game(seed=5, name="Real cards", boiler_deck="physical")
    view = window.game.boiler.view
    view.animate = True
    state = asleep(window)
    part = sorted(state.dream.stack.visible_after("up"))
    assert part
    assert window.act(Slide(direction="up", report=part[0]))
    assert window.session is not None
    assert {"slide", "attack"} <= set(kinds(window.session.state))
    assert sliding(view) and view.slide_animation.startValue() == started_from("up")
    assert flashing(view) and view.item.flash is not None and view.item.flash[0] == 0
    direction = next(d for d in DIRECTIONS if window.session.state.dream.stack.visible_after(d))
    assert window.act(Slide(direction=direction, report="nothing"))
    assert "attack" not in kinds(window.session.state)
    assert sliding(view) and view.slide_animation.startValue() == started_from(direction)
    assert not flashing(view) and view.item.flash is None


def test_animations_off_nothing_moves(window: MainWindow) -> None:
    """View → Animate slides off: the events are news all the same, the stack is drawn still."""
    if window.animate_action.isChecked():
        window.animate_action.trigger()
    view = window.game.boiler.view
    assert not view.animate
    asleep(window)
    slide_to(window, attack=True)
    assert not sliding(view) and not flashing(view)
    assert view.item.flash is None


def test_undo_redo_and_a_jump_through_the_window_are_drawn_still(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Through the window as the player does it: Edit → Undo, Redo and a click in History show
    a state, not an action, so the stack does not slide or flash (the state undone to carries
    the events of the step that made it); the main region shows the half she is in."""
    asleep(window)
    slide_to(window, attack=True)
    slide_to(window, attack=True)
    game, view = window.game, window.game.boiler.view
    assert sliding(view) and flashing(view)  # the action's own news
    assert window.session is not None
    window.undo_action.trigger()
    assert "slide" in kinds(window.session.state)
    assert not sliding(view) and not flashing(view)
    window.redo_action.trigger()
    assert not sliding(view) and not flashing(view)
    game.history.jump_requested.emit(0)  # back before she fell Asleep
    assert not sliding(view) and not flashing(view)
    assert game.tabs.currentWidget() is game.board_tab
    game.history.jump_requested.emit(window.session.history.cursor + 2)
    assert not sliding(view) and not flashing(view)
    assert game.tabs.currentWidget() is game.dream_tab
