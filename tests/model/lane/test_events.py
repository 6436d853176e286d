"""Typed events (issue 12 item 2): what an action did, as kinds the window can react to.

"Typed events, not sentences. What an action did is a tuple of typed events (a kind [...], plus
its data and the player's text). The banner, animations, tab switches and tests use the kind,
never the wording." Every line the player reads comes with its event: the checks below fail
when a happening is added only as a sentence.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from game_helpers import said_with_kinds
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import actions, game_setups, note_reach, plays_for

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import Rename
from frightmare.model.actions.lane import AddVictims, KillVictim, SaveVictims
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.game.state import EVENT_KINDS
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import record_anyway

MODEL = Path(__file__).resolve().parents[3] / "frightmare" / "model"


def kinds(history: History) -> list[str]:
    return [event.kind for event in history.state.events]


setups = st.builds(
    GameSetup,
    killer=st.sampled_from(("Dr. Fright", "Hans")),
    location=st.sampled_from(("Maple Lane", "Camp Happy Trails")),
    setup_card=st.sampled_from((None, "Maple Lane", "Block Party")),
    epic=st.booleans(),
    boiler_deck=st.sampled_from(("screen", "physical")),
)


def test_falling_asleep_sliding_and_waking_are_events() -> None:
    # The rulebook's Boiler Room example: UP, UP, LEFT, DOWN wakes her.
    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    assert kinds(history) == ["fell-asleep"]
    seen: list[str] = []
    for direction in ("up", "up", "left", "down"):
        history.do(Slide(direction=direction))
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
    history.do(FallAsleep())  # Awake, his Health is not for changing (issue 20)
    history.do(AdjustCounter(counter="killer health", delta=-10))
    assert kinds(history) == ["game-over"]


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(setup=game_setups, data=st.data(), steps=st.integers(20, 60))
def test_an_attack_event_exactly_when_the_log_says_he_attacks(
    setup: GameSetup, data: st.DataObject, steps: int
) -> None:
    # The window used to read "attacks!" in the log; the typed event says the same thing.
    # The plays are legal ones (legal.legal_actions), so the game reaches the Boiler Room.
    history = History(new_game(setup, seed=6))
    attacked = False
    for action in plays_for(data, history, steps):
        state = history.do(action)
        said = any("attacks!" in line for line in state.log)
        attack = any(e.kind == "attack" for e in state.events)
        assert said == attack
        attacked |= attack
        assert all(e.kind in EVENT_KINDS for e in state.events)
    event("a Boiler Room card showed him: checked" if attacked else "no Boiler Room attack")
    note_reach(history)


def test_a_line_without_its_event_is_caught() -> None:
    # The check itself can fail: a sentence added with no event.
    state = new_game(GameSetup(), seed=1)
    assert said_with_kinds(state)
    assert not said_with_kinds(replace(state, log=("A happening told only in words.",)))


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, data=st.data(), steps=st.integers(10, 50))
def test_every_line_the_player_reads_has_an_event_kind(
    setup: GameSetup, data: st.DataObject, steps: int
) -> None:
    # Legal plays, mixed with actions of every kind the strategies can make (refused ones
    # recorded anyway, so the deeper branches are played too): each sentence comes with its
    # typed event, of a known kind.
    history = History(new_game(setup, seed=3))
    for action in plays_for(data, history, steps, mix=actions()):
        refused = refusal(history.state, action)
        if refused is not None:
            if not refused.overridable:
                continue
            action = record_anyway(action)
        state = history.do(action)
        assert all(e.kind in EVENT_KINDS for e in state.events)
        assert said_with_kinds(state), (action, state.log, state.events)
    note_reach(history)


def test_the_model_writes_the_log_only_through_say() -> None:
    # The log is written in one place, ``say``, which makes the event with the line; ``apply``
    # only clears both before each action. A rule that set ``log=`` itself would make a
    # sentence without a kind.
    writers = []
    for path in sorted(MODEL.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "log":
                writers.append(f"{path.name}:{node.value.lineno}")
    assert sorted(w.split(":")[0] for w in writers) == ["rules.py", "state.py"], writers
