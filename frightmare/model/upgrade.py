"""Bring a journal saved in file format 4 to today's vocabulary, so it replays to the same table.

Pure functions on the raw JSON (no store import): the store's 4 -> 5 migration calls them.

What changed since format 4, and the steps that replay the old effect:

- The Convince card's "fail-enter" line is gone (the rulebook's fail line only returns the
  card): an old "fail-enter" becomes the failed Convince, then edit steps recorded as they
  happened: she is put in the House, loses 1 Health, and her Action phase ends.
- The fail line no longer costs 1 Time: an old "fail-return" becomes the failed Convince and a
  Time -1.
- Revealing a Final Health number no longer ends the phase: the old step is followed by a
  Next phase recorded anyway.
- Three rules with no source are now switches, off by default (rules notes §8); an old game was
  played with them on, so its journal starts by switching them on.

A step the rules now refuse for other reasons (such as a Boiler Room card resolved before the
Killer Action) is replayed as recorded anyway by ``History`` itself.

>>> old = [{"kind": "convince", "house": "h", "result": "fail-return"}]
>>> [step["kind"] for step in upgrade_journal_v4(old)][-2:]
['convince', 'adjust']
"""

from __future__ import annotations

from typing import Any

from frightmare.model.box.numbers import UNSOURCED_SWITCHES

_SWITCHES_ON: list[dict[str, Any]] = [
    {"kind": "box-value", "name": name, "value": 1} for name in UNSOURCED_SWITCHES
]


def _step(raw: Any) -> list[Any]:
    if not isinstance(raw, dict):
        return [raw]  # left for validation to report
    kind = raw.get("kind")
    if kind == "convince" and raw.get("result") == "fail-enter":
        house = raw.get("house")
        failed = {k: v for k, v in raw.items() if k != "take_item"} | {"result": "fail-return"}
        return [
            failed,
            {"kind": "edit-piece", "piece": "final girl", "source": None, "target": house},
            {"kind": "adjust", "counter": "health", "delta": -1},
            {"kind": "end-action-phase", "card": "Convince (old fail line)"},
        ]
    if kind == "convince" and raw.get("result") == "fail-return":
        return [raw, {"kind": "adjust", "counter": "time", "delta": -1}]
    if kind == "final-health" and raw.get("value") is not None:
        return [raw, {"kind": "next-phase", "anyway": True}]
    return [raw]


def upgrade_journal_v4(journal: list[Any]) -> list[Any]:
    """The journal in today's vocabulary (each old step becomes one or more new ones)."""
    upgraded: list[Any] = [dict(step) for step in _SWITCHES_ON]
    for raw in journal:
        upgraded.extend(_step(raw))
    return upgraded


def upgrade_cursor_v4(journal: list[Any], cursor: int) -> int:
    """Where the undo cursor of the old journal falls in the upgraded one."""
    return len(upgrade_journal_v4(journal[:cursor]))
