"""No refusal rests on one unofficial source (rules notes, "How sure we are": a fact from one
source "may remind or prefill but never refuse"; CONTRIBUTING.md, "Adding or correcting a
rule").

Every ``refuse(...)`` of the model is found in the source (an AST walk, so a new one cannot
hide), and the rule it cites must be one this table knows, with how sure its source is: the
rulebook (RB) or two public sources (PUB). A new refusal fails here until its rule is placed;
a rule of one source (ONE) must become a reminder instead.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Literal

MODEL = Path(__file__).resolve().parents[2] / "frightmare" / "model"

Sure = Literal["RB", "PUB", "ONE"]

# The rule each refusal cites, as written at the call, and the source it stands on.
CITED: dict[str, tuple[Sure, str]] = {
    "event_rule(FIRE)": ("PUB", "Event: Fire!, rules notes §5"),
    "awake_card_rule()": ("RB", "the Awake/Asleep card, Awake side"),
    "once": ("RB", "The Boiler Room: he appears in each quadrant once"),
    "_(BOILER_RULE)": ("RB", "The Boiler Room"),
    "due_rule()": ("RB", "When you are Asleep: one card at the end of the Killer phase"),
    "_(SLEEP_RULE)": ("RB", "Awake and Asleep: a Short or Long Rest"),
    "_(AWAKE_RULE)": ("RB", "When you are Awake"),
    "_('One Dark Power a game (rules notes §1)')": ("PUB", "rules notes §1"),
    "_('Epic Dark Power: {card}').format(card=shock)": ("RB", "Shock Factor"),
    "_('One Finale a game (rules notes §1)')": ("PUB", "rules notes §1"),
    "event_rule(name)": ("PUB", "the Events' cards, rules notes §5 (one card each)"),
    "event_rule(OFFICER_KOPP)": ("PUB", "Event: Officer Kopp, rules notes §5"),
    "event_rule(UNDER_CONSTRUCTION)": ("PUB", "Event: Under Construction, rules notes §5"),
    "_(ROUTE_RULE)": ("RB", "House spaces and quadrants"),
    "_(HOUSE_RULE)": ("RB", "House spaces and quadrants"),
    "_(CONVINCE_RULE)": ("RB", "Convince Action cards and entering occupied houses"),
    "bicycle_rule()": ("RB", "Item: Bicycle"),
    "rule": ("RB", "Item: Bicycle (movement.py), the round (killer_turn.py, rules notes §1)"),
    "_(MOVE_RULE)": ("PUB", "Movement, rules notes §1"),
    "_('When you are Asleep')": ("RB", "When you are Asleep"),
    "_('Street spaces; rules notes §1')": ("RB", "Street spaces"),
    "hit_rule()": ("RB", 'Terror: "They just got hit by a car!"'),
    "_(ASLEEP_RULE)": ("RB", "When you are Asleep"),
    "_(ROUND_RULE)": ("PUB", "The round, rules notes §1"),
    "_(DUTY_RULE)": ("PUB", "The round, rules notes §1"),
    "_(KILLER_TOKEN_RULE)": ("PUB", "his own Final Health token, rules notes §11"),
}


def _cited() -> dict[str, list[str]]:
    """Each rule cited by a ``refuse(...)`` of the model, with where."""
    found: dict[str, list[str]] = {}
    for path in sorted(MODEL.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refuse"):
                continue
            rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
            key = "<no rule>" if rule is None else ast.unparse(rule)
            found.setdefault(key, []).append(f"{path.relative_to(MODEL)}:{node.lineno}")
    return found


def test_every_refusal_cites_a_rule_whose_source_is_known() -> None:
    found = _cited()
    assert found, "no refusal found: the walk is broken"
    unknown = {rule: where for rule, where in found.items() if rule not in CITED}
    assert not unknown, f"place these rules in CITED, with their source: {unknown}"


def test_no_refusal_cites_a_rule_of_one_source() -> None:
    found = _cited()
    one = {rule: found[rule] for rule in found if CITED.get(rule, ("ONE", ""))[0] == "ONE"}
    assert not one, f"a rule of one source reminds, never refuses: {one}"


def test_a_bloodlust_reset_below_the_top_row_is_no_refusal() -> None:
    # Rules notes §4: the top row of his Bloodlust track is one source's (the fan engine's
    # picture of his board): below it, a reset "for Bloodlust" is reminded, not refused.
    from frightmare.model import GameSetup, new_game
    from frightmare.model.actions.dream import FallAsleep, ResetBoilerRoom
    from frightmare.model.query.verdict import refusal
    from frightmare.model.rules import apply

    state = apply(new_game(GameSetup(), seed=1), FallAsleep())
    assert state.counters.bloodlust < state.box.bloodlust_max
    assert refusal(state, ResetBoilerRoom(cause="bloodlust")) is None
