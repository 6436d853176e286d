"""The box's printed numbers (Health, save slots, Time), from ``resources/box.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class FinalGirlStats:
    health: int
    save_slots: int


@dataclass(frozen=True)
class KillerStats:
    health: int
    horror_start: int


@cache
def _box() -> dict[str, Any]:
    text = resources.files("frightmare.resources").joinpath("box.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def final_girl_stats(name: str) -> FinalGirlStats:
    entry = _box()["final_girls"].get(name, _box()["other_final_girl"])
    return FinalGirlStats(int(entry["health"]), int(entry["save_slots"]))


def killer_stats(name: str) -> KillerStats:
    entry = _box()["killers"].get(name, _box()["other_killer"])
    return KillerStats(int(entry["health"]), int(entry["horror_start"]))


def time_per_round() -> int:
    return int(_box()["time_per_round"])


def terror_cards() -> int:
    return int(_box()["terror_cards"])
