"""The window's preferences: plain data checked by hand (start-up needs no pydantic)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frightmare.store import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path: Path) -> None:
    settings = Settings(zoom=1.3, dark=False, window_state="abc", keep_awake=False)
    save_settings(tmp_path, settings)
    assert load_settings(tmp_path) == settings


@pytest.mark.parametrize(
    "bad",
    [
        {"zoom": 9},
        {"zoom": "big"},
        {"zoom": True},
        {"dark": "yes"},
        {"geometry": "x" * 5000},
        {"window_state": 3},
        [1, 2],
    ],
)
def test_a_wrong_value_gives_the_defaults_and_the_file_is_set_aside(
    bad: object, tmp_path: Path
) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(bad))
    assert load_settings(tmp_path) == Settings()
    assert (tmp_path / "settings.json.damaged").exists()


def test_unknown_keys_are_ignored_and_old_files_still_load(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"zoom": 2, "last_session": "abc", "x": 1}')
    assert load_settings(tmp_path) == Settings(zoom=2.0)
