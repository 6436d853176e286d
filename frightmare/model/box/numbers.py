"""The box's printed numbers, from ``resources/box.json`` (editable; per-game overrides too).

Health values and save slots come from one unofficial source (docs/rules-notes.md §6), and so
does Dr. Fright's Bloodlust track (§4); the Horror track and any other Killer's Bloodlust
track are given by no source and are marked UNVERIFIED in the file. A
game keeps its own copy (``BoxValues``) which the player can correct with ``SetBoxValue``.

The file's ``switches`` turn on rules that no rulebook sentence gives (docs/rules-notes.md
§8), off unless the file says otherwise, and one rule from a single source on an unverified
number (Bloodlust at its maximum, rules notes §4), on unless the file turns it off, and his own
Final Health token (offered when his Health is gone, rules notes §11), on unless the file turns
it off. None of them ever refuses a play.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

from frightmare.i18n import N_
from frightmare.model.values import frozen

# The names of the box's numbers and switches: ``BoxValues``' fields, ``SetBoxValue``'s names
# and the keys of box.json's ``switches`` (a test checks the three agree).
BoxField = Literal[
    "health",
    "save_slots",
    "killer_health",
    "horror_start",
    "horror_min",
    "horror_max",
    "bloodlust_max",
    "dark_power_at",
    "time_per_round",
    "time_max",
    "terror_cards",
]
UnsourcedSwitch = Literal["time_cap", "horror_overflow", "time_below_zero_ends_action"]
SwitchName = UnsourcedSwitch | Literal["bloodlust_max_sleep", "killer_token"]
BoxValueName = BoxField | SwitchName


@cache
def _box() -> dict[str, Any]:
    text = resources.files("frightmare.resources").joinpath("box.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@frozen
class BoxValues:
    """The numbers one game is played with."""

    health: int = 4
    save_slots: int = 5
    killer_health: int = 9
    horror_start: int = 4
    horror_min: int = 1
    horror_max: int = 6
    bloodlust_max: int = 10
    dark_power_at: int = 6
    time_per_round: int = 6
    time_max: int = 12
    terror_cards: int = 10
    # Switches (0 off, 1 on): unsourced rules, rules notes §8.
    time_cap: int = 0
    horror_overflow: int = 0
    time_below_zero_ends_action: int = 0
    # On unless box.json turns it off: a one-source rule on an unverified number, rules notes §4.
    bloodlust_max_sleep: int = 1
    # On unless box.json turns it off: his own Final Health token offered (rules notes §11).
    killer_token: int = 1

    def with_value(self, name: BoxValueName, value: int) -> BoxValues:
        return replace(self, **{name: value})


# Rules no source gives (rules notes §8, off by default), then one-source rules (on by default).
UNSOURCED_SWITCHES: tuple[UnsourcedSwitch, ...] = get_args(UnsourcedSwitch)
SWITCHES: tuple[SwitchName, ...] = (*UNSOURCED_SWITCHES, "bloodlust_max_sleep", "killer_token")
ON_BY_DEFAULT: dict[SwitchName, bool] = {"bloodlust_max_sleep": True, "killer_token": True}
SWITCH_DEFAULTS: dict[SwitchName, bool] = {
    name: False for name in UNSOURCED_SWITCHES
} | ON_BY_DEFAULT
# Typed as any box value name (it holds only ``BoxField``s) so that ui/record/summary.py, which
# walks these and then the switches with one loop variable, still type-checks.
BOX_FIELDS: tuple[BoxValueName, ...] = get_args(BoxField)
# Switches that belong to Dr. Fright's half of the box (they do nothing against another Killer).
FRIGHT_SWITCHES: tuple[SwitchName, ...] = ("bloodlust_max_sleep",)


def switches_for(has_dr_fright: bool) -> tuple[SwitchName, ...]:
    """The switches that can change a game with (or without) Dr. Fright."""
    return tuple(s for s in SWITCHES if has_dr_fright or s not in FRIGHT_SWITCHES)


# The switches' and the numbers' labels, shown with ``_`` (``counters.box_label``).
SWITCH_LABELS = {
    "time_cap": N_("Time never goes above its most (Time: most you can hold)"),
    "horror_overflow": N_("Horror past the top raises Bloodlust; past the bottom gives +1 Time"),
    "time_below_zero_ends_action": N_("Time going below 0 ends the Action phase"),
    "bloodlust_max_sleep": N_(
        "Bloodlust at its maximum: Dr. Fright's Boiler Room resets, or you fall Asleep"
    ),
    "killer_token": N_("His Health gone: offer to draw his own Final Health token"),
}
BOX_LABELS = {
    "health": N_("Final Girl Health"),
    "save_slots": N_("Final Girl save slots"),
    "killer_health": N_("Dr. Fright's Health"),
    "horror_start": N_("Horror at the start"),
    "horror_min": N_("Horror track: lowest"),
    "horror_max": N_("Horror track: highest"),
    # Bloodlust values, as the counter shows them (0 at the start): a row is the board's own
    # number, one more (rules notes §4), so these labels name no row.
    "bloodlust_max": N_("Bloodlust at the top of its track"),
    "dark_power_at": N_("Bloodlust that reveals the Dark Power"),
    "time_per_round": N_("Time each round"),
    "time_max": N_("Time: most you can hold"),
    "terror_cards": N_("Terror cards before the Finale"),
}


def known_final_girl(final_girl: str) -> bool:
    """Whether the box values file has her own numbers (else she gets its "other" ones)."""
    return final_girl in _box()["final_girls"]


def box_values(final_girl: str, killer: str) -> BoxValues:
    box = _box()
    girl = box["final_girls"].get(final_girl, box["other_final_girl"])
    him = box["killers"].get(killer, box["other_killer"])
    return BoxValues(
        health=int(girl["health"]),
        save_slots=int(girl["save_slots"]),
        killer_health=int(him["health"]),
        horror_start=int(him["horror_start"]),
        horror_min=int(box["horror_track"]["min"]),
        horror_max=int(box["horror_track"]["max"]),
        # His own track when the file gives it (Dr. Fright's board: one source, rules notes §4),
        # else the unverified one any other Killer gets.
        bloodlust_max=int(him.get("bloodlust_max", box["bloodlust_track"]["max"])),
        dark_power_at=int(him.get("dark_power_at", box["bloodlust_track"]["dark_power_at"])),
        time_per_round=int(box["time_per_round"]),
        time_max=int(box["time_max"]),
        terror_cards=int(box["terror_cards"]),
        **{
            name: int(bool(box.get("switches", {}).get(name, SWITCH_DEFAULTS[name])))
            for name in SWITCHES
        },
    )
