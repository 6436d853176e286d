"""Issue 32, failure 6: *Send it everywhere* wrote through ``atomic_write`` in the player's
folder (a kill left hidden ``.tmp`` files there), and when the BG Stats file failed it said
"Nothing was sent" though the CSV had already replaced the file of that name. It stages in
the data folder now, as the game export does, and says what was written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.record.log_entry import LogEntry
from frightmare.store import atomic
from frightmare.ui.record.achievements import BG_STATS_SUFFIX, GameRecordBox, send_stem

ENTRY = LogEntry.from_row(
    {
        "session": "s" * 32,
        "date": "2026-11-01",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "win",
    }
)


def test_sending_writes_nothing_but_the_two_files_in_the_players_folder(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "player's folder"
    folder.mkdir()
    names: list[str] = []
    real_open = os.open

    def watch(path: object, *args: object, **kw: object) -> int:
        names.append(str(path))
        return real_open(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", watch)
    monkeypatch.setattr(atomic, "_fsync_dir", lambda folder: None)
    box = GameRecordBox(ENTRY, [])
    qtbot.addWidget(box)
    target = folder / f"{send_stem(ENTRY)}.csv"
    box.send_to(target, staging=tmp_path / "data")
    written_here = {Path(n).name for n in names if Path(n).parent == folder}
    assert written_here <= set()  # no file opened in the player's folder, not even a hidden one
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [target.name, f"{send_stem(ENTRY)}{BG_STATS_SUFFIX}"]
    )


def test_when_the_bg_stats_file_fails_the_message_says_the_csv_was_written(
    qtbot: QtBot, tmp_path: Path
) -> None:
    box = GameRecordBox(ENTRY, [])
    qtbot.addWidget(box)
    target = tmp_path / f"{send_stem(ENTRY)}.csv"
    (tmp_path / f"{send_stem(ENTRY)}{BG_STATS_SUFFIX}").mkdir()  # cannot be replaced
    box.send_to(target, staging=tmp_path / "data")
    assert target.exists()
    said = box.copied.text()
    assert "Nothing was sent" not in said
    assert target.name in said
