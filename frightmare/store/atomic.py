"""Crash-safe file writes."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable; not possible on every platform (Windows), so best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file.

    The data goes to a temporary file in the same folder, is flushed and fsynced, then renamed
    over ``path``. With ``backup``, the file being replaced is kept there first (as a hard link
    where the file system allows, so ``path`` is never missing).
    """
    # Named per process and per write: another window's save in progress is never touched,
    # and the listing removes only orphans older than a minute.
    token = f"{os.getpid()}-{os.urandom(4).hex()}"
    tmp = path.with_name(f".{path.name}.{token}.tmp")
    try:
        # A new name (O_EXCL), never through a link (O_NOFOLLOW): only this file is written.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(tmp, flags, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if backup is not None and os.path.lexists(path):
            staged = backup.with_name(f".{backup.name}.{token}.tmp")
            with contextlib.suppress(FileNotFoundError):
                staged.unlink()
            # The file itself, never what a link in its place points to.
            try:
                os.link(path, staged, follow_symlinks=False)
            except OSError:  # no hard links here: copy (rare, so shutil is loaded only now)
                import shutil

                shutil.copy2(path, staged, follow_symlinks=False)
            os.replace(staged, backup)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)
