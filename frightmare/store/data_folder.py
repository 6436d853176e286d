"""The data folder: every game kept in it (``SessionStore``), opened, made, copied, renamed,
deleted (to ``deleted/``, never erased), exported and imported.

Layout: ``sessions/<id>.json`` (+ ``.json.bak``, the previous good save), ``quarantine/``
for files that could not be read, ``deleted/`` for deleted games; beside them the player's
corrected board and cards (``overrides``) and the play log (``playlog``). The list of saved
games is ``listing``'s, the setting aside of damaged files ``upkeep``'s.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare.store.atomic import export_write
from frightmare.store.errors import (
    BrokenSessionFile,
    NewerSessionFile,
    SessionFileError,
    unexpected,
)
from frightmare.store.games.game_file import (
    BACKUP_SUFFIX,
    SUFFIX,
    Session,
    UnreadableSessionFile,
    backup_problem,
    read_document,
    read_stat,
    utc_now,
)
from frightmare.store.games.lock import (
    GameLock,
    HeldElsewhere,
    SessionLocked,
    lock_notice,
    lock_path,
)
from frightmare.store.listing import ScanResult, SessionSummary, list_games
from frightmare.store.logs import log
from frightmare.store.overrides import CorrectedBox
from frightmare.store.paths import PLAY_LOG_FILE, _
from frightmare.store.safe_io import Stamp, file_stamp, own_folder, readable
from frightmare.store.upkeep import Upkeep, deleting

if TYPE_CHECKING:
    from frightmare.model import GameSetup, History
    from frightmare.model.box.board import Board
    from frightmare.model.box.card_data import CardBook
    from frightmare.store.games.full_document import SessionDocument

# The rules (frightmare.model) are imported where a game is opened or made, not at import:
# listing the sessions needs only their headers, so the first window paints sooner.

COPY_SUFFIX = re.compile(r" \(copy(?: \d+)?\)$")


class UnusableFolder(SessionFileError, OSError):
    """The games' folder leads out of the data folder: nothing is read or written there."""


def _new_id() -> str:
    import uuid  # here, not at start-up

    return uuid.uuid4().hex


def gone_message(deleted: Path) -> str:
    """What the player is told of a game that left the saved games meanwhile."""
    return _(
        "This game is no longer among your saved games: another window may have deleted it "
        "(deleted games are kept in {deleted})."
    ).format(deleted=deleted)


@dataclass
class PendingImport:
    """An import read and replayed, not yet added: ``dropped`` steps did not replay."""

    session: Session
    source: Path
    dropped: int = 0
    reason: str | None = None


class SessionStore:
    """All sessions in one data directory.

    Layout: ``sessions/<id>.json`` (+ ``.json.bak``, the previous good save),
    ``quarantine/`` for files that could not be read, ``deleted/`` for deleted sessions.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sessions_dir = root / "sessions"
        self.quarantine_dir = root / "quarantine"
        self.deleted_dir = root / "deleted"
        root.mkdir(parents=True, exist_ok=True)
        # A sessions folder that leads out of the data folder is not used (nothing is written
        # outside it); one linked to another folder inside it is the player's arrangement. A
        # file in its place is left as it is: the app starts, and says why no game is kept.
        self.folder_problem: str | None = None
        try:
            self.sessions_dir.mkdir(exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            what = (
                _("a link to {sessions_dir}, which is no folder").format(
                    sessions_dir=os.readlink(self.sessions_dir)
                )
                if os.path.islink(self.sessions_dir)
                else _("a file, not a folder")
            )
            self.folder_problem = _(
                "The games' folder {sessions_dir} is {what}, so no game can be listed or "
                "kept there; it was left as it is. Move it out of the data folder, or "
                "choose another data folder with --data-dir."
            ).format(sessions_dir=self.sessions_dir, what=what)
        if self.folder_problem is None and not _inside(self.sessions_dir, root):
            self.folder_problem = _(
                "The games' folder {sessions_dir} is a link to {target}, outside the data "
                "folder, so it is not used: the app writes nothing outside its folder. "
                "Move the games into {sessions_dir} itself (remove the link first), or "
                "choose that folder with --data-dir."
            ).format(sessions_dir=self.sessions_dir, target=self.sessions_dir.resolve())
        self.box = CorrectedBox(root)
        self.upkeep = Upkeep(self.sessions_dir, self.quarantine_dir, self.deleted_dir)
        # Every problem any listing reported (a file quarantined is reported once, by the
        # listing that moved it): what a smoke run prints.
        self.problems_seen: list[str] = []

    @property
    def board(self) -> Board:
        """The board new and reopened games use (the player's corrected copy, if any)."""
        return self.box.board

    @property
    def board_problem(self) -> str | None:
        return self.box.board_problem

    @property
    def cards(self) -> CardBook:
        """The cards new and reopened games use (the player's corrected copy, if any)."""
        return self.box.cards

    @property
    def cards_problem(self) -> str | None:
        return self.box.cards_problem

    def path_for(self, session_id: str) -> Path:
        if not session_id or "/" in session_id or "\\" in session_id or session_id[0] == ".":
            raise BrokenSessionFile(_("that is not the name of a session"))
        if self.folder_problem:
            raise UnusableFolder(self.folder_problem)
        return self.sessions_dir / (session_id + SUFFIX)

    def scan(self) -> ScanResult:
        """Every session, newest first. Damaged files are restored from their backup or moved
        to quarantine; files that cannot be read are reported and left alone (``listing``)."""
        result = ScanResult()
        if self.folder_problem:
            result.problems.append(self.folder_problem)
            self.problems_seen.extend(p for p in result.problems if p not in self.problems_seen)
            return result
        result.problems += self.box.problems()
        if not list_games(self.sessions_dir, self.upkeep, result):
            return result
        result.problems = [readable(p) for p in result.problems]
        self.problems_seen.extend(p for p in result.problems if p not in self.problems_seen)
        return result

    def find(self, name_or_id: str) -> SessionSummary | None:
        """The most recently played session with this name (or id)."""
        wanted = name_or_id.strip()
        for summary in self.scan().sessions:
            if summary.id == wanted or summary.name.casefold() == wanted.casefold():
                return summary
        return None

    def open(
        self,
        session_id: str,
        *,
        read_only: bool = False,
        early: bool = False,
        lock_later: bool = False,
    ) -> Session:
        """Open a session; raises ``SessionFileError`` with a message for the player.

        Unless ``read_only``, the game's lock is taken first: ``SessionLocked`` says another
        window has it open. ``early`` (launching into the game): from its snapshot if one
        matches the file, the history loaded when first asked for (store/games/snapshot.py).
        ``lock_later`` (the launch's first frame): a game opened from its snapshot is read
        without its lock, which ``take_lock`` takes once the frame is painted; nothing is
        written before it is.
        """
        path = self.path_for(session_id)
        backup = path.with_name(session_id + BACKUP_SUFFIX)
        problems: list[str] = []
        if not os.path.lexists(path) and not (
            os.path.lexists(backup) and self.upkeep.restore_lone_backup(session_id, problems)
        ):
            raise BrokenSessionFile(_("that session no longer exists"))
        later = early and lock_later and not read_only
        lock = None if read_only or later else GameLock(path).acquire()
        if early and not read_only:
            quick = self._from_snapshot(path, lock)
            if quick is not None:
                return quick
        if later:  # no snapshot to paint from: opened as always, its lock first
            lock = GameLock(path).acquire()
        # The stamp of the bytes actually read (not of the path after parsing and replaying:
        # another writer may have saved meanwhile, and that save must not be written over).
        read_stamps: list[Stamp] = []

        def reader(source: Path) -> SessionDocument:
            from frightmare.store.games import full_document

            data, stamp = read_stat(source)
            document = full_document.parse_document(data)
            read_stamps.append(stamp)
            return document

        try:
            try:
                document = self.upkeep.read_with_backup(path, session_id, problems, reader)
                session = self._from_document(path, document, "\n".join(problems) or None)
            except (NewerSessionFile, UnreadableSessionFile):
                raise
            except SessionFileError as error:
                # Say where the file went, not only why it could not be read.
                raise BrokenSessionFile(
                    readable(problems[-1] if problems else str(error))
                ) from None
            except Exception as error:
                log.exception("Opening %s failed", path)
                raise UnreadableSessionFile(
                    _("{reason}; it was left where it is").format(reason=unexpected(error))
                ) from None
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session.id = session_id
        session.read_only = read_only
        session.hold(lock)
        session.read_from(read_stamps[-1] if read_stamps else file_stamp(path))
        notice = lock_notice(self.sessions_dir, play_log=self.root / PLAY_LOG_FILE)
        for said in (notice, None if read_only else backup_problem(backup)):
            if said:
                session.warning = f"{session.warning}\n{said}" if session.warning else said
        return session

    def _from_snapshot(self, path: Path, lock: GameLock | None) -> Session | None:
        """The game from its snapshot (store/games/snapshot.py), if one matches its file exactly;
        the journal is validated and replayed when the history is first asked for."""
        from frightmare.store.games.snapshot import read_snapshot

        kept = read_snapshot(path, self.root, board=self.board, cards=self.cards)
        if kept is None:
            return None

        def load() -> History:
            from frightmare.store.games import full_document

            assert kept is not None
            loaded = self._from_document(path, full_document.parse_document(kept.data))
            # The file's own record of the game, not the snapshot's (a cache: nothing of it
            # may reach the file at the next save).
            session.created, session.updated, session.inner_id = (
                loaded.created,
                loaded.updated,
                loaded.inner_id,
            )
            if loaded.warning:  # a step that no longer replays, say
                session.warning = (
                    f"{session.warning}\n{loaded.warning}" if session.warning else loaded.warning
                )
            return loaded.history

        session = Session(
            path,
            path.name[: -len(SUFFIX)],
            kept.created,
            kept.updated,
            None,
            inner_id=kept.inner_id,
            early=(kept.state, kept.journal, kept.cursor, load),
        )
        session.read_from(kept.stamp)
        if lock is not None:
            self._hold(session, lock)
        return session

    def _hold(self, session: Session, lock: GameLock) -> None:
        session.hold(lock)
        said = [lock_notice(self.sessions_dir), backup_problem(session.backup_path)]
        session.warning = "\n".join(s for s in said if s) or None

    def take_lock(self, session: Session) -> bool:
        """Take the lock of a game opened without it (``open(lock_later=True)``). False, and
        nothing held, when its file changed after it was read: it must be opened again.
        Raises ``SessionLocked`` when another window has it."""
        if session.read_only or session.has_lock:
            return True
        lock = GameLock(session.path).acquire()
        if session.changed_on_disk:
            lock.release()
            return False
        self._hold(session, lock)
        return True

    def _replay(self, document: SessionDocument) -> tuple[History, int, str | None]:
        """The history of a document, up to the first step that no longer replays."""
        from frightmare.model import History, ReplayError, new_game

        start = new_game(document.setup, document.seed, document.start_name, self.board, self.cards)
        try:
            return History(start, document.journal, document.cursor), 0, None
        except ReplayError as error:
            history = History(
                start, document.journal[: error.index], min(document.cursor, error.index)
            )
            return history, len(document.journal) - error.index, str(error)

    def _from_document(
        self, path: Path, document: SessionDocument, warning: str | None = None
    ) -> Session:
        history, dropped, reason = self._replay(document)
        if reason:
            # Keep every step that still applies; the untouched original goes to quarantine.
            try:
                kept = self.upkeep.quarantine(path, copy=True) if path.exists() else None
            except OSError:
                kept = None
            warning = (warning + "\n" if warning else "") + (
                _(
                    "{reason} The game was opened up to the step before it ({dropped} later "
                    "steps left out)"
                ).format(reason=reason, dropped=dropped)
                + (_("; the original file was kept as {kept}.").format(kept=kept) if kept else ".")
            )
        return Session(
            path,
            path.name[: -len(SUFFIX)],
            document.created,
            document.updated,
            history,
            warning=warning,
            inner_id=document.id,
        )

    # Changing --------------------------------------------------------------------------

    def create(self, setup: GameSetup, name: str | None = None, seed: int | None = None) -> Session:
        from frightmare.model import History, new_game

        session_id = _new_id()
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(2**63)
        now = utc_now()
        path = self.path_for(session_id)
        session = Session(
            path,
            session_id,
            now,
            now,
            History(new_game(setup, seed, name, self.board, self.cards)),
            lock=GameLock(path).acquire(),
        )
        session.save()
        if session.save_error:
            session.close()
            raise OSError(session.save_error)
        session.warning = lock_notice(self.sessions_dir, play_log=self.root / PLAY_LOG_FILE)
        return session

    def rename(self, session_id: str, name: str) -> Session:
        """Rename a game that is not open here (one open here is renamed by an action)."""
        from frightmare.model import Rename

        session = self.open(session_id)
        try:
            session.do(Rename(name=name))
        finally:
            session.close()
        if session.save_error:
            raise OSError(session.save_error)
        return session

    def duplicate(self, session_id: str) -> Session:
        original = self.open(session_id, read_only=True)
        return self.copy_of(original)

    def copy_of(self, original: Session, name: str | None = None) -> Session:
        """A new game with the history of ``original`` as it is in memory (unsaved play too)."""
        from frightmare.model import History, Rename

        copy_id = _new_id()
        now = utc_now()
        path = self.path_for(copy_id)
        copy = Session(
            path,
            copy_id,
            now,
            now,
            History(original.history.start, original.history.actions, original.history.cursor),
            lock=GameLock(path).acquire(),
        )
        try:
            copy.do(Rename(name=name or self._copy_name(original.name)))
        finally:
            copy.close()
        if copy.save_error:
            raise OSError(copy.save_error)
        return copy

    def _copy_name(self, name: str) -> str:
        """The first free name of "<name> (copy)", "<name> (copy 2)"…: a copy of a copy is
        numbered, not "(copy) (copy)"."""
        from frightmare.model.game.state import MAX_NAME_LENGTH

        base = COPY_SUFFIX.sub("", name)
        taken = {summary.name for summary in self.scan().sessions}
        for n in range(1, len(taken) + 2):
            suffix = " (copy)" if n == 1 else f" (copy {n})"
            candidate = base[: MAX_NAME_LENGTH - len(suffix)] + suffix
            if candidate not in taken:
                return candidate
        raise AssertionError("unreachable: one of len(taken) + 1 names is free")

    def delete(self, session_id: str) -> None:
        """Move this file (and its backup) to ``deleted/``: recoverable by hand, never erased.

        Only the file named ``session_id`` is touched, whatever id it holds inside. Refused
        (``SessionLocked``) while another window has the game open, as renaming is.

        The game and its backup go as one step: the backup first takes a hidden name the
        listing neither lists nor restores from, then the game's own file leaves (the one move
        that deletes it), then the backup follows. A kill at any moment leaves the game as it
        was, or gone; the listing finishes or undoes a delete that was cut short
        (``Upkeep.finish_deletes``), so a kill never brings a deleted game back from its backup.
        """
        path = self.path_for(session_id)
        backup = path.with_name(session_id + BACKUP_SUFFIX)
        staged = deleting(backup)
        if not any(os.path.lexists(p) for p in (path, backup, staged)):
            raise BrokenSessionFile(gone_message(self.deleted_dir))
        own_folder(self.deleted_dir, "deleted games")
        try:
            lock = GameLock(path).acquire()
        except HeldElsewhere:
            raise HeldElsewhere(
                _(
                    "This game is open in another window of Frightmare Companion (or being "
                    "deleted there), so it cannot be deleted now. Close it there, then delete "
                    "it."
                )
            ) from None
        try:
            if os.path.lexists(path) and os.path.lexists(backup):
                os.replace(backup, staged)
            if os.path.lexists(path):
                os.replace(path, self.upkeep.in_deleted(path.name))
            elif os.path.lexists(backup):  # a lone backup is the game
                os.replace(backup, self.upkeep.in_deleted(backup.name))
            if os.path.lexists(staged):
                os.replace(staged, self.upkeep.in_deleted(backup.name))
        finally:
            lock.release()
        with contextlib.suppress(OSError):  # the lock of a game that is gone is litter
            if not os.path.lexists(path):
                os.unlink(lock_path(path))
        if not os.path.lexists(path):
            from frightmare.store.games.snapshot import forget

            forget(path)

    # Export and import ----------------------------------------------------------------

    def held_elsewhere(self, session_id: str) -> bool:
        """Whether another window has the game open (holds its lock) just now."""
        try:
            GameLock(self.path_for(session_id)).acquire().release()
        except SessionLocked:
            return True
        except SessionFileError:
            return False
        return False

    def export(self, session: Session, target: Path) -> None:
        """Write the game as it is in memory (unsaved play included); a kill leaves no
        temporary file in the player's folder (``export_write``, by the data folder)."""
        export_write(target, session.to_bytes(), staging=self.root)

    def prepare_import(self, source: Path) -> PendingImport:
        """Read and replay a file exactly as a stored one; nothing is added yet."""
        document = read_document(source, follow=True)
        session_id = _new_id()
        path = self.path_for(session_id)
        history, dropped, reason = self._replay(document)
        session = Session(path, session_id, document.created, utc_now(), history)
        return PendingImport(session, source, dropped, reason)

    def commit_import(self, pending: PendingImport) -> Session:
        session = pending.session
        session.hold(GameLock(session.path).acquire())
        try:
            session.save()
        finally:
            session.close()
        if session.save_error:
            raise OSError(session.save_error)
        return session

    def import_file(self, source: Path) -> Session:
        """Validate a file exactly as a stored one, then add it as a new session."""
        return self.commit_import(self.prepare_import(source))


def _inside(folder: Path, root: Path) -> bool:
    try:
        return folder.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a loop of links
        return False
