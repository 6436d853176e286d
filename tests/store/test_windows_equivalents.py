"""Issue 34 item 4: what in the store is POSIX-only has its Windows equivalent or a guard,
tested here with the platform faked where the code branches on it, and once for real where
the platform allows (skipped elsewhere, with the reason).

- ``os.open`` on Windows opens in text mode unless given ``O_BINARY``: a ``\\n`` written
  becomes ``\\r\\n``, a read stops at Ctrl-Z. Every file the store opens asks for binary.
- ``os.pread`` does not exist on Windows: a seek and a read instead.
- A folder cannot be opened to fsync it on Windows: the rename's sync is skipped there.
- ``os.link(..., follow_symlinks=False)`` is unavailable on Windows (NotImplementedError):
  the backup's hard link is made by a look, then a plain link, else a copy.
- A replace over a file another process holds open fails there for a moment
  (PermissionError): it is tried again a few times.
- No ``O_NOFOLLOW`` there: a link in the data folder is refused by a look before the open.
- ``os.kill(pid, 0)`` there terminates the process: liveness is asked by handle.
- Paths with spaces and non-ASCII names work everywhere.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from frightmare.model.record.log_entry import LogEntry
from frightmare.store import atomic, load_settings, safe_io, save_settings
from frightmare.store.atomic import atomic_write
from frightmare.store.playlog.log_file import append_entry, read_log
from frightmare.store.safe_io import NotARegularFile

FAKE_BINARY = 0x8000  # O_LARGEFILE on Linux x86-64: harmless where it is not O_BINARY

ONE = LogEntry.from_row(
    {
        "session": "a" * 32,
        "date": "2026-10-02",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "loss",
    }
)


def test_every_file_the_store_opens_asks_for_binary_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "O_BINARY", FAKE_BINARY, raising=False)
    opened: list[tuple[str, int]] = []
    real = os.open

    def spy(path: object, flags: int, *args: object, **kw: object) -> int:
        opened.append((str(path), flags))
        return real(path, flags, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spy)
    root = tmp_path / "data"
    root.mkdir()
    append_entry(root / "playlog.jsonl", ONE)
    read_log(root / "playlog.jsonl")
    save_settings(root, load_settings(root))
    atomic_write(root / "x.json", b"{}", backup=root / "x.json.bak")
    # The locks are filelock's (empty files, never read nor written): not the store's opens.
    files = [(p, f) for p, f in opened if not os.path.isdir(p) and not p.endswith(".lock")]
    assert files
    assert [p for p, f in files if not f & FAKE_BINARY] == []


def test_without_pread_the_append_reads_back_by_seek(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "pread")
    log = tmp_path / "playlog.jsonl"
    append_entry(log, ONE)
    append_entry(log, ONE.with_values(session="b" * 32))
    assert [e.session for e in read_log(log).entries] == ["a" * 32, "b" * 32]


def test_on_windows_no_folder_is_opened_to_sync_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    opened: list[str] = []
    real = os.open

    def spy(path: object, flags: int, *args: object, **kw: object) -> int:
        opened.append(str(path))
        return real(path, flags, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spy)
    atomic_write(tmp_path / "settings.json", b"{}")
    assert str(tmp_path) not in opened


def test_a_backup_is_made_where_links_cannot_refuse_to_follow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.link

    def windows_link(src: object, dst: object, *, follow_symlinks: bool = True) -> None:
        if not follow_symlinks:
            raise NotImplementedError("link: follow_symlinks unavailable on this platform")
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "link", windows_link)
    monkeypatch.setattr(os, "supports_follow_symlinks", set())
    game = tmp_path / "game.json"
    game.write_bytes(b"old")
    atomic_write(game, b"new", backup=tmp_path / "game.json.bak")
    assert game.read_bytes() == b"new" and (tmp_path / "game.json.bak").read_bytes() == b"old"


def test_on_windows_a_replace_held_for_a_moment_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(atomic, "_pause", lambda attempt: None)  # no waiting in a test
    real = os.replace
    failures = [PermissionError(13, "held by another process")] * 2

    def held(src: object, dst: object) -> None:
        if failures:
            raise failures.pop()
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", held)
    atomic_write(tmp_path / "settings.json", b"{}")
    assert (tmp_path / "settings.json").read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_elsewhere_a_refused_replace_is_said_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    calls: list[object] = []

    def refused(src: object, dst: object) -> None:
        calls.append(dst)
        raise PermissionError(13, "read-only")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(PermissionError):
        atomic_write(tmp_path / "settings.json", b"{}")
    assert len(calls) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_without_o_nofollow_a_link_is_refused_by_a_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(safe_io, "NOFOLLOW", 0)
    target = tmp_path / "elsewhere.jsonl"
    target.write_text(json.dumps(ONE.row()) + "\n")
    root = tmp_path / "data"
    root.mkdir()
    (root / "playlog.jsonl").symlink_to(target)
    with pytest.raises(NotARegularFile):
        read_log(root / "playlog.jsonl")
    with pytest.raises(OSError):
        append_entry(root / "playlog.jsonl", ONE)
    assert target.read_text().count("\n") == 1


def test_on_windows_liveness_is_never_asked_by_kill(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")

    def kill(pid: int, sig: int) -> None:
        raise AssertionError("os.kill terminates a process on Windows")

    monkeypatch.setattr(os, "kill", kill)
    assert atomic._alive(2**22 + 7) in (True, False)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot open a folder to fsync it")
def test_here_the_rename_is_made_durable_by_a_folder_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write(tmp_path / "settings.json", b"{}")
    assert len(synced) == 2  # the file, then its folder


@pytest.mark.skipif(sys.platform != "win32", reason="text-mode newlines exist only on Windows")
def test_on_windows_a_line_is_written_with_its_bare_newline(tmp_path: Path) -> None:
    log = tmp_path / "playlog.jsonl"
    append_entry(log, ONE)
    data = log.read_bytes()
    assert data.endswith(b"}\n") and b"\r" not in data


def test_paths_with_spaces_and_non_ascii_names(tmp_path: Path) -> None:
    from frightmare.model import GameSetup
    from frightmare.store import SessionStore
    from frightmare.store.playlog.playlog import PlayLog

    root = tmp_path / "Dätä földer with spaces" / "ゲーム Ñandú"
    store = SessionStore(root)
    session = store.create(GameSetup(), "Mörder im Maple Lane ✓")
    session.close()
    assert [s.name for s in store.scan().sessions] == ["Mörder im Maple Lane ✓"]
    PlayLog(root).add(ONE)
    assert [e.session for e in PlayLog(root).entries()] == ["a" * 32]
    settings = load_settings(root)
    settings.zoom = 1.5
    assert save_settings(root, settings) is None
    assert load_settings(root).zoom == 1.5
    out = tmp_path / "Éxports – spaced"
    out.mkdir()
    PlayLog(root).export_csv(out / "jeux été.csv", staging=root)
    assert "Nancy" in (out / "jeux été.csv").read_text("utf-8")


def test_a_long_file_name_still_gets_a_temporary_name_the_system_takes(tmp_path: Path) -> None:
    """Path limits: a name near the system's most (255 bytes) had no room for the temporary
    file's additions (``.<name>.<pid>-<hex>.tmp``); the temporary name is cut to fit."""
    target = tmp_path / ("é" * 120 + ".json")  # 245 bytes in UTF-8
    atomic_write(target, b"{}")
    assert target.read_bytes() == b"{}"
    out = tmp_path / "out"
    out.mkdir()
    from frightmare.store.atomic import export_write

    export_write(out / ("ü" * 120 + ".csv"), b"a,b\n")  # no staging: the hidden name beside it
    assert [p.name for p in out.iterdir()] == ["ü" * 120 + ".csv"]
