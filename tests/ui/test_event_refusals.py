"""A refused Event says its refusal before it asks anything (a walkthrough's report: Officer
Kopp, already in play, asked for the Exit and only then said it was refused).

"The table is the truth" (README, house rules): the refusal comes first, with Record anyway;
the Exit (or the die) is asked only when the player records it anyway, or when the Event is
legal. The refusal is the model's (``refusal`` of ``event_sample``): a second Officer Kopp
"is already in play" (rule "Event: Officer Kopp"; rules notes §5: "Officer Kopp: a Cop Car
starts at an Exit").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, new_game
from frightmare.model.actions.lane import RevealEvent
from frightmare.model.box.cards import EventName
from frightmare.model.lane.events import event_sample, event_targets
from frightmare.model.query.verdict import refusal
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.questions import Choose
from frightmare.ui.main_window import MainWindow

KOPP = "Officer Kopp"  # "The Cop Car starts on an Exit" (rules notes §5): it asks for an Exit


FIRE: Final[EventName] = "Fire!"  # "a die picks the Boyfriend's House (1-3) or the Smalleys' (4-6)"


def asked_questions(
    monkeypatch: pytest.MonkeyPatch, answer: str | None = "last"
) -> list[list[str]]:
    """Replace ``Choose.pick``: record the ids offered, answer the last (or cancel)."""
    asked: list[list[str]] = []

    def pick(
        cls: object, parent: object, title: str, label: str, options: Sequence[tuple[str, str]]
    ) -> str | None:
        asked.append([key for key, _text in options])
        return options[-1][0] if answer == "last" else None

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    return asked


def with_event_in_play(open_game: Callable[..., MainWindow], name: str) -> MainWindow:
    window = open_game(setup_card="Maple Lane")
    assert window.session is not None
    assert window.act(event_sample(window.session.state, name))
    panel = window.game.board_panel
    panel.event_card.setCurrentIndex(panel.event_card.findData(name))
    QApplication.processEvents()
    return window


def test_a_refused_event_says_the_refusal_before_asking_for_the_exit(
    open_game: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = asked_questions(monkeypatch)
    window = with_event_in_play(open_game, KOPP)
    assert window.session is not None
    state = window.session.state
    refused = refusal(state, event_sample(state, KOPP))
    assert refused is not None and refused.overridable
    before = len(window.session.history.actions)

    window.game.board_panel.reveal_event.click()

    assert asked == [], "the Exit was asked before the refusal was said"
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    assert str(refused) in banner.news.label.toolTip()
    assert len(window.session.history.actions) == before  # nothing recorded yet

    banner.record_anyway.click()

    exits = list(event_targets(state, KOPP))
    assert asked == [exits]  # asked now, once
    last = window.session.history.actions[-1]
    assert last == RevealEvent(name=KOPP, space=exits[-1], anyway=True)


def test_recording_a_refused_event_anyway_can_still_be_cancelled_at_the_exit(
    open_game: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = asked_questions(monkeypatch, answer=None)
    window = with_event_in_play(open_game, KOPP)
    assert window.session is not None
    before = len(window.session.history.actions)
    window.game.board_panel.reveal_event.click()
    window.game.banner.record_anyway.click()
    assert len(asked) == 1
    assert len(window.session.history.actions) == before


def test_a_refused_event_asks_for_its_die_only_when_recorded_anyway(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fire! asks for a die; refused (here: a table that has it in play already, "is already
    in play"), the refusal comes first there too, and the die is asked on Record anyway."""
    dice: list[str] = []

    def number(cls: object, parent: object, title: str, label: str, low: int, high: int) -> int:
        dice.append(title)
        return 5

    monkeypatch.setattr(Choose, "number", classmethod(number))
    state = new_game(GameSetup(setup_card="Maple Lane"), seed=1)
    state = replace(state, table=replace(state.table, events=(FIRE,)))
    refused = refusal(state, event_sample(state, FIRE))
    assert refused is not None and refused.overridable
    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.show_state(state, None)
    said: list[tuple[str, Callable[[], None] | None]] = []
    panel.event_refused.connect(lambda message, record: said.append((message, record)))
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    panel.event_card.setCurrentIndex(panel.event_card.findData(FIRE))
    panel.reveal_event.click()
    assert dice == [] and emitted == []
    assert [message for message, _record in said] == [str(refused)]
    record = said[0][1]
    assert record is not None
    record()
    assert dice == [FIRE]
    assert emitted == [RevealEvent(name=FIRE, die=5, anyway=True)]


def test_a_legal_event_asks_for_its_exit_at_once(
    open_game: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = asked_questions(monkeypatch)
    window = open_game(setup_card="Maple Lane")
    assert window.session is not None
    state = window.session.state
    assert refusal(state, event_sample(state, KOPP)) is None
    panel = window.game.board_panel
    panel.event_card.setCurrentIndex(panel.event_card.findData(KOPP))
    panel.reveal_event.click()
    exits = list(event_targets(state, KOPP))
    assert asked == [exits]
    assert window.session.history.actions[-1] == RevealEvent(name=KOPP, space=exits[-1])
    assert not window.game.banner.record_anyway.isVisibleTo(window)
