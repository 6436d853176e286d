"""The GUI asks the can-be-played query, never the rules about a made-up action (issue 19 item
1: "Nothing in frightmare/ui builds a sample action"). Every control's answer is one of
``frightmare.model.query.plays``' (``plays``, ``space_plays``, ``moves``): no module of the GUI
imports the one-action questions (``verdict.refusal``, ``verdict.verdict``, ``rules.check``) or
the sample helpers, nor calls them by their module."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "frightmare" / "ui"
# The questions about one action, and the helpers that made one up to ask them.
ONE_ACTION = {"refusal", "verdict", "check", "judge", "event_sample"}
MODEL = "frightmare.model"


def one_action_questions(source: str) -> list[str]:
    """Where ``source`` imports or calls a question about one action of the model's."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(MODEL):
            found += [f"{node.lineno}: {a.name}" for a in node.names if a.name in ONE_ACTION]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ONE_ACTION
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in {"rules", "plays", "verdict", "maple_lane", "events"}
        ):
            found.append(f"{node.lineno}: {node.func.value.id}.{node.func.attr}")
        elif isinstance(node, ast.Name) and node.id.startswith("SAMPLE_"):
            found.append(f"{node.lineno}: {node.id}")
    return found


def test_no_gui_module_asks_the_rules_about_a_made_up_action() -> None:
    asked = {
        path.name: where
        for path in sorted(UI.rglob("*.py"))
        if (where := one_action_questions(path.read_text("utf-8")))
    }
    assert asked == {}


def test_the_scan_finds_what_the_gui_used_to_do() -> None:
    # The check itself can fail: the round bar's and the board's old questions.
    old = (
        "from frightmare.model.rules import refusal\n"
        "from frightmare.model.lane.maple_lane import event_sample\n"
        'SAMPLE_TERROR = "A Terror card"\n'
        "offer(button, refusal(state, DrawTerror(name=SAMPLE_TERROR)), tip)\n"
        "rules.refusal(state, Convince(house=space, result='2'))\n"
    )
    assert len(one_action_questions(old)) == 5
    assert one_action_questions("screen = plays(state)\noffer(b, screen.terror.error, t)\n") == []
