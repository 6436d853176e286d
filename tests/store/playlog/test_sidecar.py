"""Files derived from the play log (issue 33): stamped with the log they were made of, read back
only when whole and of this app's version and kind, written atomically, and their killed
writes' temporary files removed by the data folder's upkeep like the log's own."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from frightmare.store import upkeep
from frightmare.store.atomic import remove_stale_temps, temp_name
from frightmare.store.paths import ENTRIES_CACHE_FILE, RECORD_DIGEST_FILE
from frightmare.store.playlog import sidecar
from frightmare.store.playlog.sidecar import grown_from, read_sidecar, stamp_of, write_sidecar


def stamp(path: Path) -> sidecar.LogStamp:
    fd = os.open(path, os.O_RDONLY)
    try:
        return stamp_of(fd)
    finally:
        os.close(fd)


def test_a_derived_file_reads_back_with_the_stamp_it_was_made_of(tmp_path: Path) -> None:
    log = tmp_path / "playlog.jsonl"
    log.write_bytes(b"one\n")
    made = stamp(log)
    write_sidecar(tmp_path / "kept", "record", made, {"games": [1, 2]})
    assert read_sidecar(tmp_path / "kept", "record") == (made, {"games": [1, 2]})
    assert read_sidecar(tmp_path / "kept", "entries") is None  # another kind
    assert read_sidecar(tmp_path / "missing", "record") is None


def test_another_versions_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "playlog.jsonl"
    log.write_bytes(b"one\n")
    monkeypatch.setattr(sidecar, "__version__", "0.0.1")
    write_sidecar(tmp_path / "kept", "record", stamp(log), [])
    monkeypatch.undo()
    assert read_sidecar(tmp_path / "kept", "record") is None


def test_a_log_grown_is_told_from_a_log_changed(tmp_path: Path) -> None:
    log = tmp_path / "playlog.jsonl"
    log.write_bytes(b"one\ntwo\n")
    before = stamp(log)
    with open(log, "ab") as out:
        out.write(b"three\n")
    fd = os.open(log, os.O_RDONLY)
    try:
        assert grown_from(fd, before)
    finally:
        os.close(fd)
    log.write_bytes(b"One\ntwo\nthree\n")  # the same length, another beginning
    fd = os.open(log, os.O_RDONLY)
    try:
        assert not grown_from(fd, before)
    finally:
        os.close(fd)


def test_it_is_written_by_an_atomic_replace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[Path] = []
    monkeypatch.setattr(sidecar, "atomic_write", lambda path, data: written.append(path))
    log = tmp_path / "playlog.jsonl"
    log.write_bytes(b"")
    write_sidecar(tmp_path / RECORD_DIGEST_FILE, "record", stamp(log), [])
    assert written == [tmp_path / RECORD_DIGEST_FILE]


@pytest.mark.parametrize("name", [RECORD_DIGEST_FILE, ENTRIES_CACHE_FILE])
def test_a_killed_writes_temporary_file_is_the_upkeeps_to_remove(tmp_path: Path, name: str) -> None:
    orphan = temp_name(tmp_path / name, "999999-00000000")
    orphan.write_bytes(b"half")
    old = time.time() - 2 * 3600
    os.utime(orphan, (old, old))
    stranger = tmp_path / ".someone-else.999999-00000000.tmp"
    stranger.write_bytes(b"theirs")
    os.utime(stranger, (old, old))
    assert remove_stale_temps(tmp_path, upkeep._written_in_root) == 1
    assert not orphan.exists() and stranger.exists()
