"""The Boiler Room deck: geometry, the rulebook's example, exhaustive checks of the odds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, SetDeckMode, Slide
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.errors import RuleViolation
from frightmare.model.game.boiler_room import (
    ALL_ORDERS,
    DIRECTIONS,
    QUADRANTS,
    Direction,
    Quadrant,
    Stack,
    expected_attacks,
    odds,
)
from frightmare.model.game.setup import DeckMode
from frightmare.model.game.state import GameState


def asleep_with(order: tuple[Quadrant, ...], *, mode: DeckMode = "screen") -> History:
    state = new_game(GameSetup(boiler_deck=mode), seed=3)
    if mode == "screen":
        state = replace(state, dream=replace(state.dream, order=order))
    history = History(state)
    history.do(FallAsleep())
    return history


def chances(state: GameState) -> dict[str, float]:
    return {o.direction: o.attack_chance for o in odds(state.dream.stack, state.dream.knowledge)}


# Rulebook, "Boiler Room Example". Nancy's cards: 1 and 2 have Dr. Fright in the top half,
# 3 shows him when she slides LEFT (right half), 4 has him in the lower left corner.
EXAMPLE: tuple[Quadrant, ...] = ("top-left", "top-right", "bottom-right", "bottom-left")


def test_rulebook_example_step_by_step() -> None:
    history = asleep_with(EXAMPLE)

    # 2. "Nancy first slides the Awake/Asleep card UP, revealing the lower half of the BR card
    # below ... There is no Dr. Fright, so she is not attacked!"
    assert chances(history.state)["up"] == 0.5
    state = history.do(Slide(direction="up"))
    assert state.dream.reveals[-1].part == {"bottom-left", "bottom-right"}
    assert not state.dream.reveals[-1].attack

    # 3. "Despite odds being 66% that sliding the top cards up again will cause an attack ...
    # She carefully slides the cards UP a second time ... Dr. Fright is not visible."
    assert chances(state)["up"] == pytest.approx(2 / 3)
    state = history.do(Slide(direction="up"))
    assert state.dream.reveals[-1].part == {"bottom-left", "bottom-right"}
    assert not state.dream.reveals[-1].attack

    # 4. "She knows that sliding up AGAIN would cause an attack. If she slides left or right,
    # she has a 50% chance of avoiding an attack. She decides to slide LEFT, revealing the
    # right half of the next card. Dr. Fright attacks!"
    odds_now = chances(state)
    assert odds_now["up"] == 1.0
    assert odds_now["left"] == odds_now["right"] == 0.5
    assert not state.dream.stack.legal("down")
    state = history.do(Slide(direction="left"))
    assert state.dream.reveals[-1].part == {"top-right", "bottom-right"}
    assert state.dream.reveals[-1].attack
    assert [e.kind for e in state.events] == ["slide", "attack"]

    # 5. "Knowing that the fourth and final BR card ... has Dr. Fright in the lower left corner,
    # Nancy simply slides the cards DOWN. This reveals only the top right quadrant of the last
    # card, which is empty. Nancy wakes up."
    assert chances(state)["down"] == 0.0
    state = history.do(Slide(direction="down"))
    assert history.state_at(history.cursor - 1).dream.stack.visible_after("down") == {"top-right"}
    # 6. "Nancy shuffles the BR cards facedown and places the Awake/Asleep card on top with the
    # Awake side showing."
    assert state.dream.awake
    assert state.dream.reveals == ()
    assert state.dream.shuffles == 1
    assert [e.kind for e in state.events][-1] == "woke"


def test_the_first_card_is_fully_covered_at_the_start() -> None:
    # Rulebook, example step 1: "The Awake/Asleep card should COMPLETELY cover the BR cards."
    start = Stack.start()
    assert all(len(start.visible_after(d)) == 2 for d in DIRECTIONS)


def _legal_sequences(stack: Stack) -> list[tuple[Direction, ...]]:
    if stack.revealed == 4:
        return [()]
    return [
        (d, *rest) for d in stack.legal_directions() for rest in _legal_sequences(stack.slide(d))
    ]


SEQUENCES = _legal_sequences(Stack.start())


def test_every_legal_sequence_reveals_exactly_four_cards() -> None:
    assert SEQUENCES, "there are legal sequences"
    for sequence in SEQUENCES:
        assert len(sequence) == 4
        stack = Stack.start()
        for direction in sequence:
            assert stack.visible_after(direction)  # "half (or sometimes a quarter)"
            assert len(stack.visible_after(direction)) in (1, 2)
            stack = stack.slide(direction)
        assert stack.legal_directions() == ()


@pytest.mark.parametrize("order", list(permutations(QUADRANTS)), ids="-".join)
def test_exhaustive_attacks_and_odds(order: tuple[Quadrant, ...]) -> None:
    """For one ordering, every legal sequence: attacks match, odds match brute-force counts."""
    all_orders = list(permutations(QUADRANTS))
    for sequence in SEQUENCES:
        history = asleep_with(order)
        for direction in sequence:
            state = history.state
            reveals = state.dream.reveals
            index = len(reveals)
            # Brute force: the orders that agree with what was seen, equally likely.
            agree = [
                o
                for o in all_orders
                if all(
                    (o[i] in r.part) == r.attack and (not r.attack or o[i] == r.fright)
                    for i, r in enumerate(reveals)
                )
            ]
            assert order in agree
            part = state.dream.stack.visible_after(direction)
            frequency = Fraction(sum(o[index] in part for o in agree), len(agree))
            assert chances(state)[direction] == pytest.approx(float(frequency))
            history.do(Slide(direction=direction))
        # An attack event, one per slide whose newly shown part holds Dr. Fright.
        logged = sum(
            [e.kind for e in history.state_at(step).events].count("attack")
            for step in range(2, history.cursor + 1)
        )
        showing = sum(
            order[i] in Stack.after(sequence[:i]).visible_after(d) for i, d in enumerate(sequence)
        )
        assert logged == showing
        assert history.state.dream.awake  # four cards revealed: she wakes


def test_expected_attacks_is_the_best_play_value() -> None:
    # Before any slide every direction is alike; the value is the same whichever is chosen.
    rows = odds(Stack.start(), ALL_ORDERS)
    assert all(r.best for r in rows)
    value = expected_attacks(Stack.start(), ALL_ORDERS)
    assert rows[0].expected_attacks == pytest.approx(value)
    assert 1 <= value <= 2  # "most times you will get attacked once or twice"


def test_best_direction_after_the_example_third_step() -> None:
    history = asleep_with(EXAMPLE)
    for direction in ("up", "up"):
        history.do(Slide(direction=direction))
    rows = {r.direction: r for r in odds(history.state.dream.stack, history.state.dream.knowledge)}
    assert not rows["up"].best  # a sure attack
    assert rows["left"].best and rows["right"].best


def test_physical_reports_that_cannot_be_true_are_refused() -> None:
    history = asleep_with(EXAMPLE, mode="physical")
    with pytest.raises(RuleViolation, match="say what the card showed"):
        history.do(Slide(direction="up"))
    with pytest.raises(RuleViolation, match="only the lower half"):
        history.do(Slide(direction="up", report="top-left"))
    history.do(Slide(direction="up", report="bottom-left"))
    # "Dr. Fright will appear in each of the four quadrants only once"
    with pytest.raises(RuleViolation, match="already appeared in the bottom-left quarter"):
        history.do(Slide(direction="up", report="bottom-left"))
    history.do(Slide(direction="up", report="bottom-right"))
    # Both bottom quadrants are used: the next lower half must be empty, and a report of him
    # there is impossible; the right half must show him in the top-right, if anywhere.
    with pytest.raises(RuleViolation, match="already appeared"):
        history.do(Slide(direction="up", report="bottom-right"))
    history.do(Slide(direction="up", report="nothing"))  # card 3
    # Card 4 holds the last top quadrant; its lower half cannot show him.
    with pytest.raises(RuleViolation, match="already appeared"):
        history.do(Slide(direction="up", report="bottom-left"))
    history.do(Slide(direction="up", report="nothing"))
    assert history.state.dream.awake


def test_physical_nothing_is_refused_when_he_must_show() -> None:
    history = asleep_with(EXAMPLE, mode="physical")
    history.do(Slide(direction="up", report="nothing"))
    history.do(Slide(direction="up", report="nothing"))
    # Cards 1 and 2 hold the top quadrants, so card 3 has him in the lower half.
    with pytest.raises(RuleViolation, match="must show here"):
        history.do(Slide(direction="up", report="nothing"))
    with pytest.raises(RuleViolation, match="empty where he must be"):
        # A quarter he cannot be in: both top quadrants are taken by cards 1 and 2.
        history.do(Slide(direction="left", report="top-right"))


def test_switching_deck_mode_keeps_what_was_seen() -> None:
    history = asleep_with(EXAMPLE, mode="physical")
    history.do(Slide(direction="up", report="nothing"))
    history.do(SetDeckMode(mode="screen"))
    order = history.state.dream.order
    assert order is not None and order[0] in ("top-left", "top-right")
    with pytest.raises(RuleViolation, match="on screen"):
        history.do(Slide(direction="up", report="nothing"))
    history.do(SetDeckMode(mode="physical"))
    assert history.state.dream.order is None


def test_the_killer_phase_needs_exactly_one_card() -> None:
    history = asleep_with(EXAMPLE)
    history.do(NextPhase())  # planning
    with pytest.raises(RuleViolation, match="Action phase"):
        history.do(Slide(direction="up"))
    history.do(NextPhase())  # killer
    # "You MUST resolve one Boiler Room card at the end of the Killer Phase."
    with pytest.raises(RuleViolation, match="resolve one Boiler Room card"):
        history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="Some Terror card"))
    history.do(Slide(direction="up"))
    # "you must ALWAYS resolve one, and exactly one BR card"
    with pytest.raises(RuleViolation, match="exactly one"):
        history.do(Slide(direction="up"))
    assert history.do(NextPhase()).phase == "upkeep"  # no Victim died: no Panic phase
