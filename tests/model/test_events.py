"""Typed events (issue 12 item 2): what an action did, as kinds the window can react to."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import actions

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    Action,
    AddVictims,
    AdjustCounter,
    FallAsleep,
    KillVictim,
    Rename,
    SaveVictims,
    Slide,
)
from frightmare.model.rules import refusal
from frightmare.model.state import EVENT_KINDS


def kinds(history: History) -> list[str]:
    return [event.kind for event in history.state.events]


def test_falling_asleep_sliding_and_waking_are_events() -> None:
    # The rulebook's Boiler Room example: UP, UP, LEFT, DOWN wakes her.
    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    assert kinds(history) == ["fell-asleep"]
    seen: list[str] = []
    for direction in ("up", "up", "left", "down"):
        history.do(Slide(direction=direction))  # type: ignore[arg-type]
        seen += kinds(history)
        assert kinds(history)[0] == "slide"
    assert seen.count("slide") == 4 and seen[-1] == "woke"
    assert history.state.dream.awake
    history.do(Rename(name="Next"))
    assert kinds(history) == []  # an event is news once


def test_deaths_saves_and_the_end_are_events() -> None:
    history = History(new_game(GameSetup(), seed=1))
    history.do(AddVictims(space="exit-n", count=2))
    history.do(KillVictim(space="exit-n"))
    assert history.state.events[0].kind == "victim-died" and history.state.events[0].count == 1
    history.do(SaveVictims(space="exit-n"))
    assert kinds(history) == ["victim-saved"]
    history.do(AdjustCounter(counter="health", delta=-10))
    assert kinds(history) == ["final-health-due"]
    history.do(AdjustCounter(counter="killer health", delta=-10))
    assert kinds(history) == ["game-over"]


@settings(max_examples=80, deadline=None)
@given(steps=st.lists(actions(), max_size=30))
def test_an_attack_event_exactly_when_the_log_says_he_attacks(steps: list[Action]) -> None:
    # The window used to read "attacks!" in the log; the typed event says the same thing.
    history = History(new_game(GameSetup(), seed=6))
    for action in steps:
        if refusal(history.state, action) is None:
            history.do(action)
            state = history.state
            said = any("attacks!" in line for line in state.log)
            assert said == any(e.kind == "attack" for e in state.events)
            assert all(e.kind in EVENT_KINDS for e in state.events)
