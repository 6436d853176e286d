"""Crash-safe file writes."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path

from frightmare.store.safe_io import binary, open_own


def _fsync_dir(folder: Path) -> None:
    """Makes the rename itself durable. Windows cannot open a folder to sync it (its renames
    are journalled by NTFS): skipped there; elsewhere best effort."""
    if sys.platform == "win32":
        return
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


# The one name ``atomic_write`` gives its temporary file: ``.<name>.<pid>-<8 hex>.tmp``.
_TEMP_NAME = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]{1,10})-[0-9a-f]{8}\.tmp")


# The most bytes a name may have on the usual file systems (ext4, NTFS in UTF-16 units, APFS).
NAME_MAX = 255


def short_name(name: str, room: int) -> str:
    """``name`` cut (at a character) so that ``room`` more bytes fit in ``NAME_MAX``."""
    most = NAME_MAX - room
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) <= most:
        return name
    return encoded[:most].decode("utf-8", "ignore")


def temp_name(path: Path, token: str) -> Path:
    """The temporary file ``atomic_write`` writes ``path``'s new data to: ``path``'s name cut
    where it would not leave room for the additions."""
    name = short_name(path.name, len(f"..{token}.tmp"))
    return path.with_name(f".{name}.{token}.tmp")


def is_temp_name(name: str, of: str | None = None) -> bool:
    """Whether ``name`` is one ``atomic_write`` gives its temporary file (of ``of``)."""
    found = _TEMP_NAME.fullmatch(name)
    return found is not None and (of is None or found["name"] == of)


# A temporary file younger than this is another live window's write in progress; one whose
# process is still alive is left for an hour (a machine put to sleep mid-write).
TEMP_GRACE_SECONDS = 60.0
LIVE_GRACE_SECONDS = 3600.0


def remove_stale_temps(folder: Path, ours: Callable[[str], bool]) -> int:
    """Remove from ``folder`` the temporary files ``atomic_write`` left when it was killed:
    a name of its pattern for a file ``ours`` accepts, a regular file (never a link), older
    than the grace period. Another program's file (any other name) is never touched. How
    many were removed."""
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now = time.time()
    removed = 0
    for name in names:
        found = _TEMP_NAME.fullmatch(name)
        if found is None or not ours(found["name"]):
            continue
        path = folder / name
        with contextlib.suppress(OSError):
            info = os.lstat(path)
            age = now - info.st_mtime
            if not stat.S_ISREG(info.st_mode) or age < TEMP_GRACE_SECONDS:
                continue
            if age < LIVE_GRACE_SECONDS and _alive(int(found["pid"])):
                continue
            os.unlink(path)
            removed += 1
    return removed


def clear_staging(root: Path) -> None:
    """What killed exports left in the data folder's staging folder (if it is one of its
    own: never through a link)."""
    folder = root / STAGING_DIR
    with contextlib.suppress(OSError):
        if stat.S_ISDIR(os.lstat(folder).st_mode):
            _clear_staging(folder)


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file.

    The data goes to a temporary file in the same folder, is flushed and fsynced, then renamed
    over ``path``. With ``backup``, the file being replaced is kept there first (as a hard link
    where the file system allows, so ``path`` is never missing).
    """
    # Named per process and per write: another window's save in progress is never touched,
    # and the listing removes only orphans older than a minute.
    token = f"{os.getpid()}-{os.urandom(4).hex()}"
    tmp = temp_name(path, token)
    try:
        # A new name (O_EXCL), never through a link (O_NOFOLLOW): only this file is written.
        fd = open_own(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if backup is not None and os.path.lexists(path):
            staged = temp_name(backup, token)
            with contextlib.suppress(FileNotFoundError):
                staged.unlink()
            # The file itself, never what a link in its place points to.
            try:
                _link_itself(path, staged)
            except OSError:  # no hard links here: copy (rare, so shutil is loaded only now)
                import shutil

                shutil.copy2(path, staged, follow_symlinks=False)
            replace(staged, backup)
        replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _link_itself(path: Path, link: Path) -> None:
    """A hard link to the file ``path`` itself, never to what a link in its place points to.
    Where ``os.link`` cannot be told not to follow (Windows: NotImplementedError), a link is
    refused by a look first."""
    if os.link in os.supports_follow_symlinks:
        os.link(path, link, follow_symlinks=False)
        return
    if os.path.islink(path):
        raise OSError(errno.ELOOP, "a link, never followed", str(path))
    os.link(path, link)


# How often a replace refused for a moment on Windows is tried again.
REPLACE_TRIES = 5


def replace(source: Path, target: Path) -> None:
    """``os.replace``. On Windows a replace over a file another process holds open (a window
    reading the log, a virus scanner, a sync tool) is refused for a moment (PermissionError):
    tried again a few times, a little later each, before it is said."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == REPLACE_TRIES - 1:
                raise
            _pause(attempt)


def _pause(attempt: int) -> None:
    time.sleep(0.02 * (attempt + 1))


# In the data folder: exports being written, moved into the player's folder once whole.
STAGING_DIR = ".exporting"


class ExportRefused(OSError):
    """An export aimed inside the data folder (over the play log, another game's file): it
    would replace the app's own file, so it is not written."""


def refuse_inside(target: Path, root: Path) -> None:
    """``ExportRefused`` when ``target``'s folder is the data folder ``root`` or inside it
    (links in the folders' paths followed; a link at ``target`` itself is replaced, never
    written through)."""
    try:
        folder = target.parent.resolve()
        data = root.resolve()
    except (OSError, RuntimeError):
        return  # cannot be told: the export goes on (its own checks still hold)
    if folder == data or data in folder.parents:
        from frightmare.store.paths import _

        raise ExportRefused(
            _(
                "{target} is inside the app's data folder ({folder}), where it could replace "
                "your play log or a saved game, so it was not written. Choose another folder."
            ).format(target=target.name, folder=root)
        )


def export_write(target: Path, data: bytes, staging: Path | None = None) -> None:
    """Write ``data`` as ``target``, in a folder of the player's (an export), so that a kill at
    any moment leaves the old file or the new one, whole, and no temporary file behind.

    With ``staging`` (the data folder) on the same drive as ``target``, the data is written
    in the data folder's ``.exporting/`` and moved over ``target`` in one rename: a kill
    leaves nothing in the player's folder, ever, only a file of the app's own, which the next
    export removes.

    Across drives no rename can move it in (EXDEV), so the file is made in the player's
    folder. Where the system offers it (Linux's ``O_TMPFILE``) the data is written to a file
    with no name at all, which a kill simply frees, then given its name in one step: a new
    file leaves nothing, ever. Over an existing file it cannot take that name directly (a
    link never replaces a name, and a rename needs a named source on the same drive), so the
    finished file takes one hidden name beside it for the moment of the rename. Elsewhere (or
    on a file system without unnamed files) the data goes to that one hidden name first.
    Either way a kill leaves at most that one file, whose name is fixed per target: the next
    export of it replaces it, and then removes it.
    """
    if staging is not None:
        refuse_inside(target, staging)
    suffix = ".frightmare-export.tmp"
    staged = target.with_name(f".{short_name(target.name, len(suffix) + 1)}{suffix}")
    if staging is not None and _export_from(staging, target, data):
        with contextlib.suppress(OSError):
            os.unlink(staged)  # what an export across drives left when it was killed
        return
    unnamed = getattr(os, "O_TMPFILE", 0)
    fd = -1
    if unnamed:
        try:
            fd = os.open(target.parent, binary(unnamed | os.O_WRONLY), 0o644)
        except OSError:
            fd = -1  # not on this file system: the hidden name below
    if fd >= 0:
        folder = -1
        try:
            _write_all(fd, data)
            os.fsync(fd)
            # linkat(AT_SYMLINK_FOLLOW) on /proc/self/fd names the unnamed file (open(2)).
            # Python calls plain link(2), which never follows, unless given a folder's fd.
            folder = os.open(target.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            source = f"/proc/self/fd/{fd}"
            try:
                os.link(source, target.name, dst_dir_fd=folder, follow_symlinks=True)
            except FileExistsError:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(staged)
                os.link(source, staged.name, dst_dir_fd=folder, follow_symlinks=True)
                os.replace(staged, target)
        finally:
            os.close(fd)
            if folder >= 0:
                os.close(folder)
    else:
        fd = open_own(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        replace(staged, target)
    # What an earlier export of this file left when it was killed at its very end.
    with contextlib.suppress(OSError):
        os.unlink(staged)
    _fsync_dir(target.parent)


class ExportCut(OSError):
    """Some files of an export were written, then one failed: which were (``written``), and
    the one that was not (``failed``), with the error's reason."""

    def __init__(self, written: list[Path], failed: Path, error: OSError) -> None:
        super().__init__(error.errno, error.strerror or str(error))
        self.written = written
        self.failed = failed
        self.error = error


def export_files(files: list[tuple[Path, bytes]], staging: Path | None = None) -> list[Path]:
    """Each file written as ``export_write`` writes one (staged in the data folder, so a kill
    leaves nothing in the player's folder), in order; the paths written. ``ExportCut`` when
    one fails after others were written, ``OSError`` when the first fails."""
    written: list[Path] = []
    for target, data in files:
        try:
            export_write(target, data, staging)
        except OSError as error:
            if written:
                raise ExportCut(written, target, error) from error
            raise
        written.append(target)
    return written


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _export_from(root: Path, target: Path, data: bytes) -> bool:
    """Write ``data`` in ``root``'s staging folder and move it over ``target`` in one rename;
    ``False`` (nothing done) where that folder cannot be used or is on another drive."""
    from frightmare.store.safe_io import own_folder

    try:
        folder = own_folder(root / STAGING_DIR, "exports being written")
        if os.stat(folder).st_dev != os.stat(target.parent).st_dev:
            return False
    except OSError:
        return False  # a link or a file in its place, a read-only data folder: the other way
    _clear_staging(folder)
    tmp = folder / f"{os.getpid()}-{os.urandom(4).hex()}.tmp"
    try:
        fd = open_own(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except OSError:
        return False
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        replace(tmp, target)  # os.rename on Windows refuses an existing target
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if error.errno == errno.EXDEV:  # one drive mounted twice (a bind mount)
            return False
        raise
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(target.parent)
    return True


def _clear_staging(folder: Path) -> None:
    """Remove what killed exports left: files of a process that is gone, or older than a
    minute (never another live window's export in progress)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    cutoff = time.time() - 60
    for name in names:
        path = folder / name
        pid = name.split("-", 1)[0]
        with contextlib.suppress(OSError):
            if not (pid.isdigit() and _alive(int(pid))) or os.lstat(path).st_mtime < cutoff:
                os.unlink(path)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        # os.kill(pid, 0) on Windows is TerminateProcess, never a check: a process is asked
        # for by its handle instead.
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's process (or no answer): taken as alive
    return True


def _alive_on_windows(pid: int) -> bool:
    import ctypes

    query_limited_information = 0x1000
    still_active = 259
    kernel = getattr(ctypes, "windll", None)
    if kernel is None:
        return True  # no way to ask: taken as alive
    handle = kernel.kernel32.OpenProcess(query_limited_information, False, pid)
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel.kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return bool(code.value == still_active)
    finally:
        kernel.kernel32.CloseHandle(handle)
