"""Maple Lane's board data, read from the editable ``resources/maple-lane.json``."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _raw_board() -> dict[str, Any]:
    text = resources.files("frightmare.resources").joinpath("maple-lane.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def setup_card_names() -> tuple[str, ...]:
    """The names of Maple Lane's Setup cards, in the box's order."""
    return tuple(str(card["name"]) for card in _raw_board()["setups"])
