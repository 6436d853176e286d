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
        {"zoom": 10**400},  # past a float (OverflowError)
        {"dark": "yes"},
        {"geometry": "x" * 5000},
        {"window_state": 3},
    ],
)
def test_a_wrong_value_is_ignored_with_one_log_line_and_the_rest_holds(
    bad: dict[str, object], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 32, failure 4: every value read is checked; a bad one is ignored on its own
    (the collection is not lost for a bad zoom), said once in the log."""
    (tmp_path / "settings.json").write_text(json.dumps({**bad, "collection": '["core"]'}))
    with caplog.at_level("WARNING", logger="frightmare"):
        assert load_settings(tmp_path) == Settings(collection='["core"]')
    (name,) = bad
    assert [r.getMessage() for r in caplog.records if name in r.getMessage()] != []
    assert len(caplog.records) == 1
    assert not (tmp_path / "settings.json.damaged").exists()


@pytest.mark.parametrize("bad", ["[1, 2]", "{not json", '"text"'])
def test_a_file_that_is_no_record_gives_the_defaults_and_is_set_aside(
    bad: str, tmp_path: Path
) -> None:
    (tmp_path / "settings.json").write_text(bad)
    assert load_settings(tmp_path) == Settings()
    assert (tmp_path / "settings.json.damaged").exists()


def test_unknown_keys_are_ignored_and_old_files_still_load(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"zoom": 2, "last_session": "abc", "x": 1}')
    assert load_settings(tmp_path) == Settings(zoom=2.0)
