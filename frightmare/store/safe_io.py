"""Reading files the player's folder may hold, whatever they turn out to be.

A FIFO would block ``open`` or ``read`` forever and a symlink to ``/dev/zero`` never ends, so
every file the app reads goes through ``read_capped``: opened without blocking, checked to be
a regular file on the open descriptor (no race with a swap), and read up to a cap whatever
``st_size`` claims.

A file of the data folder is opened without following a symbolic link (``O_NOFOLLOW``, on the
open itself, so a link swapped in meanwhile is refused too): a link planted there could aim
the app's reads and writes at any file of the player's. Only a file the player chose (an
import) is followed wherever it points.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from frightmare.store.paths import _, shown


class NotARegularFile(OSError):
    """A FIFO, device, socket or folder where a file was expected: never read, never moved."""


class TooLarge(ValueError):
    """More bytes than the cap allows."""


# Windows has no O_NOFOLLOW: there a link is refused by a look before the open.
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def binary(flags: int) -> int:
    """``flags`` with ``O_BINARY`` where the platform has it (Windows): ``os.open`` opens in
    text mode there otherwise, a ``\n`` written becomes ``\r\n`` and a read stops at Ctrl-Z."""
    return flags | getattr(os, "O_BINARY", 0)


def open_own(path: Path, flags: int, mode: int = 0o644) -> int:
    """A file of the data folder opened in binary mode, never through a symbolic link in its
    place: ``O_NOFOLLOW`` on the open itself where the platform has it, else (Windows) a look
    before the open, which refuses a link (``ELOOP``, as the flag would)."""
    if not NOFOLLOW and os.path.islink(path):
        raise OSError(errno.ELOOP, _("a link, never followed"), str(path))
    return os.open(path, binary(flags | NOFOLLOW), mode)


def pread(fd: int, size: int, offset: int) -> bytes:
    """``os.pread`` where it exists; elsewhere (Windows) a seek and reads, which move the
    descriptor's offset (every caller holds the file's lock, and appends with ``O_APPEND``)."""
    native = getattr(os, "pread", None)
    if native is not None:
        return bytes(native(fd, size, offset))
    os.lseek(fd, offset, os.SEEK_SET)
    chunks: list[bytes] = []
    while size > 0:
        chunk = os.read(fd, size)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_capped(path: Path, cap: int, *, follow: bool = False) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``cap`` bytes.

    Raises ``FileNotFoundError`` (and other ``OSError``) as ``open`` does, ``NotARegularFile``
    for anything but a regular file (a symbolic link included, unless ``follow``), ``TooLarge``
    beyond the cap.
    """
    return read_capped_stat(path, cap, follow=follow)[0]


def read_capped_stat(path: Path, cap: int, *, follow: bool = False) -> tuple[bytes, os.stat_result]:
    """``read_capped``, with the status of the very descriptor the bytes were read from (so a
    stamp taken from it describes those bytes, whatever happens to the path afterwards)."""
    flags = binary(os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    if not follow:
        flags |= NOFOLLOW
        if not NOFOLLOW and os.path.islink(path):
            raise NotARegularFile(f"{shown(path)} is a link")
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError:
        # A socket cannot be opened at all (ENXIO), a link not without following it (ELOOP):
        # say what it is rather than the errno.
        try:
            mode = (os.stat if follow else os.lstat)(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise NotARegularFile(
                _("{path} is not a regular file").format(path=shown(path))
            ) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(_("{path} is not a regular file").format(path=shown(path)))
        chunks: list[bytes] = []
        remaining = cap + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise TooLarge(_("{path} is larger than {cap} bytes").format(path=shown(path), cap=cap))
    return data, info


# What tells a file changed under the app: its inode, size and modification time.
Stamp = tuple[int, int, int]


def file_stamp(path: Path) -> Stamp | None:
    """The stamp of the file at ``path`` itself (a link put in its place is a change); ``None``
    when there is none."""
    try:
        st = path.lstat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def kind_of(path: Path, *, follow: bool = False) -> str:
    """What a non-regular file is, in the player's words (for messages)."""
    try:
        if not follow and os.path.islink(path):
            return _("a link to {path} (links are not followed in the app's folder)").format(
                path=os.readlink(path)
            )
        mode = os.stat(path).st_mode
    except OSError:
        # Translators: what a file is instead of a regular file, filled into a sentence ("it is
        # {kind}, not a regular file").
        return _("a broken link")
    if stat.S_ISFIFO(mode):
        return _("a pipe (FIFO)")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def readable(text: str) -> str:
    """``text`` with any file-name bytes that are not text in the file system's encoding
    (held as surrogate escapes, PEP 383) shown as UTF-8 where they are, else as "�": fit for a
    message, a label or the log."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a lone surrogate of another kind (from a JSON escape)
        return text.encode("utf-8", "replace").decode("utf-8")


def own_folder(folder: Path, purpose: str) -> Path:
    """``folder`` (made if missing) if it is a folder of the data folder's own, not a link
    elsewhere nor a plain file; else ``OSError`` saying so, with what it is for."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        pass
    except OSError as error:
        raise OSError(
            _("the folder {folder} for {purpose} cannot be made ({reason})").format(
                folder=folder, purpose=purpose, reason=error.strerror or error
            )
        ) from None
    try:
        mode = os.lstat(folder).st_mode
    except OSError as error:
        raise OSError(
            _("the folder {folder} cannot be used ({reason})").format(
                folder=folder, reason=error.strerror or error
            )
        ) from None
    if stat.S_ISLNK(mode):
        raise OSError(
            _(
                "{name} is a link to {folder}, not a folder of the app's own, so it is not "
                "used for {purpose}: the app writes nothing outside its folder"
            ).format(name=shown(folder.name), folder=shown(os.readlink(folder)), purpose=purpose)
        )
    if not stat.S_ISDIR(mode):
        raise OSError(
            _("{folder} is a file, not a folder, so it is not used for {purpose}").format(
                folder=folder, purpose=purpose
            )
        )
    return folder
