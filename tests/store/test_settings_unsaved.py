"""Preferences that cannot be saved say why (issue 21: a strange file in the data folder gets a
clear message and nothing is lost)."""

from __future__ import annotations

from pathlib import Path

from frightmare.store import Settings, load_settings, save_settings


def test_a_folder_named_settings_json_is_left_and_the_reason_given(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "mine.txt").write_text("the player's")
    problem = save_settings(tmp_path, Settings(zoom=1.3))
    assert problem is not None and "settings.json" in problem and "not a plain file" in problem
    assert (tmp_path / "settings.json" / "mine.txt").read_text() == "the player's"
    assert load_settings(tmp_path) == Settings()


def test_saved_preferences_have_nothing_to_say(tmp_path: Path) -> None:
    assert save_settings(tmp_path, Settings(zoom=1.3)) is None
    assert load_settings(tmp_path).zoom == 1.3


def test_a_folder_that_cannot_be_written_gives_the_system_reason(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    problem = save_settings(blocker / "data", Settings())  # its parent is a file
    assert problem is not None and "cannot be written" in problem
