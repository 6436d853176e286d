"""The data folder's upkeep: a damaged game file set aside (``quarantine/``, never deleted) or
put back from its backup, a delete cut short finished or undone, and the temporary files of
interrupted saves removed. Whatever it cannot move it leaves where it is, and says so.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from frightmare.store.atomic import (
    TEMP_GRACE_SECONDS,
    atomic_write,
    clear_staging,
    remove_stale_temps,
)
from frightmare.store.errors import NewerSessionFile, SessionFileError
from frightmare.store.games import game_file
from frightmare.store.games.game_file import (
    BACKUP_SUFFIX,
    SUFFIX,
    UnreadableSessionFile,
    utc_now,
)
from frightmare.store.games.lock import GameLock, SessionLocked
from frightmare.store.paths import (
    DAMAGED_LINES_FILE,
    ENTRIES_CACHE_FILE,
    PLAY_LOG_FILE,
    RECORD_DIGEST_FILE,
    SETTINGS_FILE,
    WAITING_PREFIX,
    WAITING_SUFFIX,
    _,
    shown,
)
from frightmare.store.safe_io import own_folder

if TYPE_CHECKING:
    from frightmare.store.games.document import SessionHeader

# The schema (pydantic) loads when a file must be parsed: the reader is given (a header for
# the listing, the whole document for opening a game).
HeaderT = TypeVar("HeaderT", bound="SessionHeader")

# Only a temporary file older than this is an orphan: another live window's save in progress
# is never touched.
ORPHAN_AGE_SECONDS = TEMP_GRACE_SECONDS
# The hidden name's ending a backup has while its game is being deleted.
DELETING = ".deleting"


def _written_in_root(name: str) -> bool:
    """Whether the app writes the file ``name`` in the data folder's root by a replace."""
    derived = (RECORD_DIGEST_FILE, ENTRIES_CACHE_FILE)  # the log's, kept beside it
    return name in (PLAY_LOG_FILE, SETTINGS_FILE, DAMAGED_LINES_FILE, *derived) or (
        name.startswith(WAITING_PREFIX) and name.endswith(WAITING_SUFFIX)
    )


def deleting(backup: Path) -> Path:
    """The hidden name a backup has while its game is being deleted."""
    return backup.with_name(f".{backup.name}{DELETING}")


class Upkeep:
    """The upkeep of one data folder's games (``sessions/``), with its ``quarantine/`` for files
    that could not be read and its ``deleted/`` for deleted games."""

    def __init__(self, sessions_dir: Path, quarantine_dir: Path, deleted_dir: Path) -> None:
        self.sessions_dir = sessions_dir
        self.quarantine_dir = quarantine_dir
        self.deleted_dir = deleted_dir

    def quarantine(self, path: Path, *, copy: bool = False) -> Path:
        """Move (or copy) a file that cannot be read out of the way; never deletes it.

        Raises ``OSError`` when that is impossible (read-only folder, a file named
        ``quarantine``): the caller then leaves the file where it is.
        """
        own_folder(self.quarantine_dir, "damaged games")
        stamp = utc_now().strftime("%Y%m%d-%H%M%S")
        target = self.quarantine_dir / f"{path.name}.{stamp}"
        counter = 1
        while os.path.lexists(target):
            counter += 1
            target = self.quarantine_dir / f"{path.name}.{stamp}-{counter}"
        if copy:
            import shutil  # rare: loaded when a file is set aside, not at start-up

            shutil.copyfile(path, target, follow_symlinks=False)
        else:
            os.replace(path, target)
        return target

    def restore_lone_backup(self, session_id: str, problems: list[str]) -> bool:
        """A ``.bak`` without its file (a restore was interrupted): put a copy in place."""
        backup = self.sessions_dir / (session_id + BACKUP_SUFFIX)
        try:
            document = game_file.read_header(backup)
            data = game_file.read_bytes(backup)
        except SessionFileError as error:
            reason = str(error).rstrip(". ")
            # Each reason that already says the file was left alone is not told it twice.
            left = "" if error.says_left_alone else _(" It was left where it is.")
            problems.append(
                _(
                    "The backup {name} has no session file beside it and cannot be used: "
                    "{reason}.{left}"
                ).format(name=shown(backup.name), reason=reason, left=left)
            )
            return False
        try:
            atomic_write(self.sessions_dir / (session_id + SUFFIX), data)
        except OSError as error:
            problems.append(
                _(
                    "“{name}” survives only as its backup ({backup}), which could not be put "
                    "back in place ({reason}). Copy it to {file} by hand to open it."
                ).format(
                    name=shown(document.name),
                    backup=shown(backup),
                    reason=error.strerror or error,
                    file=session_id + SUFFIX,
                )
            )
            return False
        problems.append(
            _(
                "“{name}” was restored from its backup (an earlier restore was interrupted); "
                "it may lack the last change."
            ).format(name=shown(document.name))
        )
        return True

    def read_with_backup(
        self,
        path: Path,
        session_id: str,
        problems: list[str],
        reader: Callable[[Path], HeaderT],
    ) -> HeaderT:
        try:
            return reader(path)
        except NewerSessionFile:
            raise
        except UnreadableSessionFile as error:
            problems.append(
                _("The session file {name} was skipped: {reason}.").format(
                    name=shown(path.name), reason=error
                )
            )
            raise
        except SessionFileError as error:
            backup = path.with_name(session_id + BACKUP_SUFFIX)
            try:
                document = reader(backup) if os.path.lexists(backup) else None
            except SessionFileError:
                document = None
            if document is not None:
                return self._restore(path, backup, document, error, problems)
            try:
                moved = self.quarantine(path)
            except OSError as move_error:
                problems.append(
                    _(
                        "The session file {path} could not be opened because {reason}. It "
                        "could not be moved aside ({move_reason}), so it was left where it is; "
                        "every other session is fine."
                    ).format(
                        path=shown(path),
                        reason=error,
                        move_reason=move_error.strerror or move_error,
                    )
                )
                raise error from None
            problems.append(
                _(
                    "A session file could not be opened because {reason}. It was moved to "
                    "{moved}; every other session is fine."
                ).format(reason=error, moved=shown(moved))
            )
            raise

    def _restore(
        self,
        path: Path,
        backup: Path,
        document: HeaderT,
        error: SessionFileError,
        problems: list[str],
    ) -> HeaderT:
        """The backup replaces the damaged file, which is kept in quarantine first (a copy):
        a kill at any moment leaves the game listed, from one file or the other."""
        try:
            kept = self.quarantine(path, copy=True)
            os.replace(backup, path)
        except OSError as move_error:
            problems.append(
                _(
                    "The file of “{name}” is damaged ({reason}); its backup is used, but the "
                    "files could not be rearranged ({move_reason}) and were left as they are."
                ).format(
                    name=shown(document.name),
                    reason=error,
                    move_reason=move_error.strerror or move_error,
                )
            )
            return document
        problems.append(
            _(
                "The file of “{name}” was damaged ({reason}). It was restored from its backup, "
                "which may lack the last change. The damaged file was kept as {kept}."
            ).format(name=shown(document.name), reason=error, kept=kept)
        )
        return document

    def remove_orphans(self) -> None:
        """Temporary files of writes that were interrupted (issue 32): the games' and the
        data folder's own (play log, settings, damaged and waiting lines), and the exports'
        staging. Only the app's own temp names, older than a minute, so another live
        window's write in progress, and another program's file, are never touched."""
        remove_stale_temps(self.sessions_dir, lambda name: True)
        root = self.sessions_dir.parent
        remove_stale_temps(root, _written_in_root)
        clear_staging(root)

    def in_deleted(self, name: str) -> Path:
        target = self.deleted_dir / name
        if os.path.lexists(target):
            target = target.with_name(f"{name}.{utc_now():%Y%m%d-%H%M%S-%f}")
        return target

    def finish_deletes(self, names: list[str]) -> bool:
        """A delete cut short leaves a backup under its hidden name: put it back if its game is
        still there (the delete had not happened), else move it on to ``deleted/`` (it had).
        Only while no window holds the game's lock: a delete in progress holds it. Whether
        anything moved."""
        moved = False
        for name in names:
            if not (name.startswith(".") and name.endswith(BACKUP_SUFFIX + DELETING)):
                continue
            session_id = name[1 : -len(BACKUP_SUFFIX + DELETING)]
            path = self.sessions_dir / (session_id + SUFFIX)
            backup = path.with_name(session_id + BACKUP_SUFFIX)
            try:
                lock = GameLock(path).acquire()
            except SessionLocked:
                continue
            try:
                staged = self.sessions_dir / name
                if os.path.lexists(path) and not os.path.lexists(backup):
                    os.replace(staged, backup)
                else:
                    own_folder(self.deleted_dir, "deleted games")
                    os.replace(staged, self.in_deleted(backup.name))
                moved = True
            except OSError:
                pass  # left as it is: neither listed nor restored from
            finally:
                lock.release()
        return moved
