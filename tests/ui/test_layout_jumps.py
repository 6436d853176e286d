"""No control jumps from under the pointer. A walkthrough misclicked three times on a moving
side column: at 150% a reminder ("Last Health") appeared over the attack rows after "He hits
you: 2" and a shorter message let the column scroll back, so the next click, meant for "You
hit him", landed on Reset; Accept in the Killer phase took its rows away and the click meant
for the Terror card opened her attack's damage menu; the column changed width when a wider
row came and went."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import below_the_fold, settle, state_of

from frightmare import i18n
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.round import AdjustCounter, NextPhase, RevealFinalHealth
from frightmare.model.rules import record_anyway
from frightmare.ui.main_window import MainWindow


@pytest.fixture(params=[i18n.ENGLISH, i18n.PSEUDO])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """English, then the pseudo-locale: 35% longer texts, as German and French run (issue 30)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


def on_screen(window: MainWindow, widget: QWidget) -> int:
    """Where ``widget`` is in the side column's view (what the player sees)."""
    return widget.mapTo(window.game.side.viewport(), QPoint(0, 0)).y()


def asleep_in_the_killer_phase(open_game: Callable[..., MainWindow]) -> MainWindow:
    """Block Party at 1366x768, Asleep after a Short Rest, in round 1's Killer phase."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    assert window.act(FallAsleep(cause="short rest"))
    for _ in range(2):
        assert window.act(record_anyway(NextPhase()))
    settle(window)
    return window


def asleep_under_attack(window: MainWindow) -> None:
    """Asleep on 3 Health, the Boiler Room slid until Dr. Fright attacks (a long message)."""
    assert window.act(record_anyway(AdjustCounter(counter="health", delta=-1)))
    assert window.act(FallAsleep(cause="short rest"))
    for direction in ("up", "left", "right", "down"):
        if any(e.kind == "attack" for e in state_of(window).events):
            break
        assert window.act(Slide(direction=direction))
    assert any(e.kind == "attack" for e in state_of(window).events)
    settle(window)


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_a_reminder_that_appears_moves_no_control(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    zoom: float,
) -> None:
    themed(False, zoom)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    asleep_under_attack(window)
    game = window.game
    bar = game.side.verticalScrollBar()
    bar.setValue(bar.maximum())  # scrolled down to the attack rows, as the player was
    settle(window)
    rows = (game.fright.her_row, game.fright.his_row, game.boiler.sleep_row)
    before = [on_screen(window, row) for row in rows]
    assert not game.round_bar.reminder_texts()
    game.fright.her_row.buttons[2].click()  # he hits her for 2: her last Health
    settle(window)
    assert state_of(window).counters.health == 1
    # The reminder in the player's language (under the pseudo-locale, its altered words).
    last = i18n._("Last Health: you roll adrenaline dice.")
    assert any(last in text for text in game.round_bar.reminder_texts())
    assert game.round_bar.reminder_box.isVisibleTo(window)
    assert [on_screen(window, row) for row in rows] == before


def test_accept_in_the_killer_phase_leaves_the_next_controls_where_they_were(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
) -> None:
    themed(False, 1.0)
    window = asleep_in_the_killer_phase(open_game)
    game = window.game
    assert state_of(window).phase == "killer"
    steps = game.killer_steps
    assert steps.isVisibleTo(window)
    terror = game.round_bar.terror_row
    below = game.fright
    before = on_screen(window, terror), on_screen(window, below)
    accept = steps.accept
    accept_at = on_screen(window, accept)
    accept.click()
    settle(window)
    assert state_of(window).killer_action_done
    assert steps.isHidden()
    # The Terror card, his step's next, is where it was; nothing moved up under the pointer
    # that clicked Accept.
    assert on_screen(window, terror) == before[0]
    assert on_screen(window, below) >= before[1]
    under = game.side.widget()
    assert under is not None
    hit = under.childAt(accept.mapTo(under, QPoint(accept.width() // 2, accept.height() // 2)))
    assert accept_at > 0 and hit is game.steps_room, hit  # its room, empty
    # The next phase gives the room back.
    assert window.act(record_anyway(NextPhase()))
    settle(window)
    assert on_screen(window, game.fright) < before[1]


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_the_side_column_keeps_its_width_when_a_wider_row_goes(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    zoom: float,
) -> None:
    themed(True, zoom)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    settle(window)
    game = window.game
    width = game.side.width()
    # A wide row comes: her Final Health is due beside the Terror card (Killer phase).
    assert window.act(FallAsleep(cause="short rest"))
    for _ in range(2):
        assert window.act(record_anyway(NextPhase()))
    assert window.act(record_anyway(AdjustCounter(counter="health", delta=-4)))
    settle(window)
    assert "final-health" in state_of(window).due
    assert game.round_bar.final_health.isVisibleTo(window)
    wide = game.side.width()
    assert wide >= width
    # It goes: the column keeps its width (the board and the docks stay where they were).
    assert window.act(RevealFinalHealth(value=2))
    settle(window)
    assert not game.round_bar.final_health.isVisibleTo(window)
    assert game.side.width() == wide


def test_the_held_room_goes_to_the_message_once_the_terror_card_is_drawn(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
) -> None:
    # A re-walk at 1366x768: his recorded step's empty room stayed after the Terror card was
    # drawn, and the Boiler Room attack's message under it was cut ("… (then record").
    from frightmare.model.actions.round import DrawTerror

    themed(False, 1.0)
    window = asleep_in_the_killer_phase(open_game)
    game = window.game
    game.killer_steps.accept.click()
    settle(window)
    assert game.steps_room.isVisibleTo(window) and game.steps_room.minimumHeight() > 0
    assert window.act(record_anyway(DrawTerror(name="Ewwww! That's disgusting!")))
    settle(window)
    assert state_of(window).terror_this_round
    assert not game.steps_room.isVisibleTo(window)
    # Her Boiler Room card at the end of the phase: when Dr. Fright attacks, his long message
    # is whole in view.
    for direction in ("up", "left", "right", "down"):
        assert window.act(Slide(direction=direction))
        if any(e.kind == "attack" for e in state_of(window).events):
            break
    settle(window)
    assert any(e.kind == "attack" for e in state_of(window).events)  # the seed's deck
    assert below_the_fold(window) == []
