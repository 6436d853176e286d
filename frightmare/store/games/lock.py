"""One owner per game: an advisory lock beside the session file.

Each is a kernel lock, which the system releases when the owning process dies, so a crashed
window never leaves a stale lock behind: ``flock`` on Linux and macOS (taken directly: it is
what ``filelock`` takes there, and importing that library delayed the launch into a game),
``msvcrt.locking`` through ``filelock`` on Windows. The play log's lock is ``filelock``'s
everywhere.

One process shares its lock among the sessions it opens on the same file (a count), so a
window that reopens its own game is not told the game is open elsewhere; two windows in two
processes are.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare.store.errors import SessionFileError
from frightmare.store.paths import _

if TYPE_CHECKING:
    from typing import Protocol

    class _Releasable(Protocol):  # a lock held (a Protocol class costs the picker's paint)
        def release(self) -> None: ...


# filelock is imported when the play log is first written (and, on Windows, when a game is
# first opened), not at start-up (the picker needs none).


class SessionLocked(SessionFileError):
    """The game is open in another window (another process holds its lock)."""


class HeldElsewhere(SessionLocked):
    """Another process holds the game's lock just now (not a lock that cannot be made)."""


_HELD: dict[Path, tuple[_Releasable, int]] = {}

# What a folder that cannot lock files answers (some network and synced mounts: NFS without
# its lock daemon, FUSE file systems): no lock can be had there, by this window or any other.
NO_LOCKING = frozenset(
    code
    for code in (
        errno.ENOLCK,
        errno.ENOSYS,
        getattr(errno, "EOPNOTSUPP", None),
        getattr(errno, "ENOTSUP", None),
    )
    if code is not None
)
# Folders found unable to lock, and those the player was told about (once each).
_UNLOCKABLE: set[Path] = set()
_TOLD: set[Path] = set()


def cannot_lock(folder: Path) -> bool:
    """Whether a lock was found impossible in ``folder`` during this run."""
    return folder in _UNLOCKABLE


def lock_notice(folder: Path, *, play_log: Path | None = None) -> str | None:
    """What the player is told, once, when ``folder`` cannot lock files; ``None`` afterwards
    (or when it can). With ``play_log``, the notice covers that log too (on the same drive),
    which is then not said again by ``play_log_notice``."""
    if folder not in _UNLOCKABLE or folder in _TOLD:
        return None
    _TOLD.add(folder)
    if play_log is None:
        return _(
            "Files in {folder} cannot be locked (as on some network and synced drives), so "
            "the app cannot tell whether another window has a game open: two windows "
            "playing one game could overwrite each other. Your games stay writable here; "
            "before each save the app checks that nobody else changed the file, and says "
            "so if someone did."
        ).format(folder=folder)
    _TOLD.add(play_log.parent)
    return _(
        "Files in {folder} cannot be locked (as on some network and synced drives), so the "
        "app cannot tell whether another window has a game open or is writing the play "
        "log: two windows playing one game could overwrite each other, and a game finished "
        "in one window while another imports a play log could be left out of the log. Your "
        "games and the play log stay writable here; before each save the app checks that "
        "nobody else changed the game's file, and says so if someone did. Play in one "
        "window at a time on this drive."
    ).format(folder=folder)


def play_log_notice(log: Path) -> str | None:
    """What the player is told, once, when the play log's folder cannot lock files (unless
    the games' notice said it already); ``None`` otherwise."""
    folder = log.parent
    if folder not in _UNLOCKABLE or folder in _TOLD:
        return None
    _TOLD.add(folder)
    return _(
        "The play log {log} cannot be locked (as on some network and synced drives), so "
        "the app cannot tell whether another window is writing it: a game finished in one "
        "window while another imports a play log could be left out of the log. The log "
        "stays writable, each game as one whole line; import in one window at a time on "
        "this drive."
    ).format(log=log)


def lock_path(game: Path) -> Path:
    return game.with_name(f".{game.name}.lock")


class GameLock:
    """Held while a window plays the game at ``game``; ``release()`` gives it back."""

    def __init__(self, game: Path) -> None:
        self.path = lock_path(game)
        self._held = False
        # Set where the folder cannot lock files: played without a lock (see ``lock_notice``).
        self.unlocked = False

    def acquire(self) -> GameLock:
        """Take the lock at once or raise ``SessionLocked``. A read-only folder that cannot hold
        a lock file is no reason to refuse the game (it cannot be saved there anyway); a
        writable one where the lock still cannot be taken is: the game opens read-only only."""
        held = _HELD.get(self.path)
        if held is not None:
            _HELD[self.path] = (held[0], held[1] + 1)
            self._held = True
            return self
        try:
            lock = _game_lock(self.path)
        except _Contended:
            raise HeldElsewhere(
                _(
                    "This game is open in another window of Frightmare Companion. Open it "
                    "there, or open it here read-only (nothing you do is recorded) or try "
                    "again once the other window has closed it."
                )
            ) from None
        except OSError as error:
            if not os.access(self.path.parent, os.W_OK):
                return self  # a read-only folder: nothing can be saved there anyway
            if error.errno in NO_LOCKING:
                # No lock can be had here at all, by any window: refusing would make every
                # game read-only. Played unlocked; the stamp check before each save guards
                # against writing over another window's change, and the player is told.
                _UNLOCKABLE.add(self.path.parent)
                self.unlocked = True
                return self
            # A writable folder where the lock cannot be made (a folder in its place, a file
            # the player may not open): another window may be playing, so never write unlocked.
            raise SessionLocked(
                _(
                    "This game's lock ({name}) cannot be taken ({reason}), so another window "
                    "may have the game open. Open it here read-only (nothing you do is "
                    "recorded), or remove that lock once no window has the game open, and try "
                    "again."
                ).format(name=self.path.name, reason=_why(error))
            ) from None
        _HELD[self.path] = (lock, 1)
        self._held = True
        return self

    def release(self) -> None:
        if not self._held:
            return
        self._held = False
        lock, count = _HELD[self.path]
        if count > 1:
            _HELD[self.path] = (lock, count - 1)
            return
        del _HELD[self.path]
        lock.release()

    @property
    def held(self) -> bool:
        return self._held


class _Contended(Exception):
    """Another process holds the lock."""


class _Flock:
    """A game's lock where the system has ``flock`` (Linux, macOS): the kernel lock filelock
    takes there, on the same file, so windows of any version exclude each other; taken here
    directly because importing filelock cost the launch into a game about 25 ms of processor
    time before it is ready for play (issue 33). The file stays in place, as filelock's."""

    def __init__(self, path: Path) -> None:
        import fcntl

        flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
        self._fd = os.open(path, flags, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(self._fd)
            if error.errno in (errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK):
                raise _Contended from None
            raise

    def release(self) -> None:
        import fcntl

        try:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            os.close(self._fd)


def _game_lock(path: Path) -> _Releasable:
    """The game's lock, taken at once (``_Contended`` when another process has it)."""
    if sys.platform != "win32":
        return _Flock(path)
    from filelock import FileLock, Timeout

    lock = FileLock(path, timeout=0, thread_local=False, preserve_lock_file=True)
    try:
        lock.acquire()
    except Timeout:
        raise _Contended from None
    return lock


# How long a change to the play log waits for another window's (an import takes seconds).
PLAY_LOG_WAIT = 30.0


class PlayLogBusy(OSError):
    """Another window kept the play log's lock longer than a change waits for it."""


_PLAY_LOG_HELD = threading.local()


@contextmanager
def play_log_lock(log: Path, wait: float = PLAY_LOG_WAIT) -> Iterator[None]:
    """The play log's one writer lock (``.playlog.jsonl.lock``), from filelock like the games':
    held by every change to the log, so no window writes between another's read and write.

    Taken again by the thread that holds it, it is simply held on. Where the folder cannot
    lock files (``NO_LOCKING``) the change goes on unlocked, as a game does there. A lock that
    cannot be made for another reason (a link or a folder in its place) is ``OSError``: the
    log is not written.
    """
    path = log.with_name(f".{log.name}.lock")
    held: dict[Path, int] = _PLAY_LOG_HELD.__dict__.setdefault("counts", {})
    if held.get(path):
        held[path] += 1
        try:
            yield
        finally:
            held[path] -= 1
        return
    from filelock import FileLock, Timeout

    lock = FileLock(path, timeout=wait, thread_local=False, preserve_lock_file=True)
    try:
        lock.acquire()
        locked = True
    except Timeout:
        raise PlayLogBusy(
            _("another window of Frightmare Companion kept the play log busy (an import, perhaps)")
        ) from None
    except OSError as error:
        if error.errno not in NO_LOCKING:
            raise OSError(
                _("the play log's lock ({name}) cannot be taken ({reason})").format(
                    name=path.name, reason=_why(error)
                )
            ) from None
        _UNLOCKABLE.add(path.parent)
        locked = False
    held[path] = 1
    try:
        yield
    finally:
        held[path] = 0
        if locked:
            lock.release()


def _why(error: OSError) -> str:
    if isinstance(error, IsADirectoryError):
        return _("a folder has its name")
    if error.errno == errno.ELOOP:
        return _("a link is in its place, and links are not followed in the app's folder")
    return (error.strerror or str(error)).lower()
