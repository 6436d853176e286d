"""Issue 32, failure 3: closing one window reverted another's collection. A window writes
only what it changed, merged (under a lock) with the settings file as it is now: every other
setting stays as the other window saved it, and two windows' ticks in the collection add up.
"""

from __future__ import annotations

import json
from pathlib import Path

from frightmare.store import load_settings, save_settings


def owned(root: Path) -> set[str]:
    return set(json.loads(load_settings(root).collection))


def test_closing_a_window_keeps_the_collection_another_window_ticked(tmp_path: Path) -> None:
    save_settings(tmp_path, load_settings(tmp_path))
    a, b = load_settings(tmp_path), load_settings(tmp_path)  # two windows start
    a.collection = json.dumps(["core", "maple-lane", "shriek"])  # A ticks a box, saved
    assert save_settings(tmp_path, a) is None
    b.geometry = "AAAA"  # B never touched the collection; it closes
    b.maximized = False
    assert save_settings(tmp_path, b) is None
    after = load_settings(tmp_path)
    assert owned(tmp_path) == {"core", "maple-lane", "shriek"}
    assert (after.geometry, after.maximized) == ("AAAA", False)


def test_two_windows_ticking_boxes_both_count(tmp_path: Path) -> None:
    a, b = load_settings(tmp_path), load_settings(tmp_path)
    a.collection = json.dumps(["core", "shriek"])
    b.collection = json.dumps(["core", "hellfire"])
    save_settings(tmp_path, a)
    save_settings(tmp_path, b)
    assert owned(tmp_path) == {"core", "shriek", "hellfire"}
    # And an untick counts too, without undoing the other window's tick.
    a.collection = json.dumps(["core"])
    save_settings(tmp_path, a)
    assert owned(tmp_path) == {"core", "hellfire"}


def test_every_shared_setting_is_merged(tmp_path: Path) -> None:
    a, b = load_settings(tmp_path), load_settings(tmp_path)
    a.zoom, a.dark = 1.5, False
    save_settings(tmp_path, a)
    b.hints = False
    save_settings(tmp_path, b)
    after = load_settings(tmp_path)
    assert (after.zoom, after.dark, after.hints) == (1.5, False, False)
    # What B writes next starts from the merged file: A's zoom is not undone by B.
    b.animations = False
    save_settings(tmp_path, b)
    assert load_settings(tmp_path).zoom == 1.5
