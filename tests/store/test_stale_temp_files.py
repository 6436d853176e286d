"""Issue 32, failure 5: temp files of killed writes (play log, settings, sessions, exports'
staging) were never removed outside ``sessions/``. At start every stale temp file the app can
have made is removed, and only those: the app's own temp-name pattern, older than the grace
period, a regular file; never another program's file, nor a live window's write."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from frightmare.store import SessionStore
from frightmare.store.atomic import STAGING_DIR, atomic_write
from frightmare.store.upkeep import ORPHAN_AGE_SECONDS

DEAD = 2**22 + 12345  # past Linux's pid_max default: no such process


def old(path: Path, *, data: bytes = b"x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    then = time.time() - ORPHAN_AGE_SECONDS - 5
    os.utime(path, (then, then))
    return path


def test_stale_temp_files_of_the_app_are_removed_at_start(tmp_path: Path) -> None:
    root = tmp_path / "data"
    stale = [
        old(root / f".playlog.jsonl.{DEAD}-0a1b2c3d.tmp", data=b"x" * 4096),
        old(root / f".settings.json.{DEAD}-deadbeef.tmp"),
        old(root / f".playlog-damaged.txt.{DEAD}-00000000.tmp"),
        old(root / f".playlog-waiting-{'a' * 32}.jsonl.{DEAD}-12345678.tmp"),
        old(root / "sessions" / f".{'b' * 32}.json.{DEAD}-abcdef01.tmp"),
        old(root / STAGING_DIR / f"{DEAD}-abcdef01.tmp"),
    ]
    SessionStore(root).scan()
    assert [p.name for p in stale if os.path.lexists(p)] == []


def test_only_the_apps_own_stale_temp_files_go(tmp_path: Path) -> None:
    root = tmp_path / "data"
    kept = [
        old(root / ".playlog.jsonl.swp"),  # an editor's
        old(root / "notes.tmp"),
        old(root / ".settings.json.tmp"),
        old(root / f".something-else.{DEAD}-0a1b2c3d.tmp"),  # not a file the app writes
        old(root / "sessions" / ".sync-tool.tmp"),
        old(root / "sessions" / f".x.{DEAD}-nothex!.tmp"),
        old(root / "photos" / f".playlog.jsonl.{DEAD}-0a1b2c3d.tmp"),  # not the app's folder
    ]
    young = root / f".playlog.jsonl.{DEAD}-0a1b2c3e.tmp"
    young.write_bytes(b"a write in progress")  # within the grace period
    kept.append(young)
    SessionStore(root).scan()
    assert [p.name for p in kept if not p.exists()] == []


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_a_link_with_a_temp_name_is_left(tmp_path: Path) -> None:
    root = tmp_path / "data"
    target = old(tmp_path / "elsewhere.txt")
    root.mkdir()
    link = root / f".settings.json.{DEAD}-deadbeef.tmp"
    link.symlink_to(target)
    then = time.time() - ORPHAN_AGE_SECONDS - 5
    os.utime(link, (then, then), follow_symlinks=False)
    SessionStore(root).scan()
    assert os.path.lexists(link) and target.exists()


def test_every_atomic_write_names_its_temp_by_the_pattern(tmp_path: Path) -> None:
    """The pattern cleaned is the one ``atomic_write`` makes (seen by a write interrupted)."""
    from frightmare.store.atomic import is_temp_name

    seen: list[str] = []
    real = os.replace

    def spy(src: object, dst: object, *args: object, **kw: object) -> None:
        seen.append(Path(str(src)).name)
        real(src, dst, *args, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "replace", spy)
        atomic_write(tmp_path / "settings.json", b"{}")
    assert seen and all(is_temp_name(name, "settings.json") for name in seen)
