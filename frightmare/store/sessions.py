"""Sessions on disk: one JSON document per game, saved after every action."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from frightmare import __version__
from frightmare.store.atomic import atomic_write
from frightmare.store.document import (
    FORMAT,
    MAX_FILE_BYTES,
    SCHEMA_VERSION,
    BrokenSessionFile,
    NewerSessionFile,
    SessionFileError,
    SessionHeader,
    parse_header,
)

if TYPE_CHECKING:
    from frightmare.model import Action, GameSetup, GameState, History
    from frightmare.model.board import Board
    from frightmare.store.full_document import SessionDocument

# The rules (frightmare.model) are imported where a game is opened or made, not at import:
# listing the sessions needs only their headers, so the first window paints sooner.

HeaderT = TypeVar("HeaderT", bound=SessionHeader)

SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return uuid.uuid4().hex


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise BrokenSessionFile(
                f"it is {size / 1e6:.1f} MB, larger than any real session "
                f"({MAX_FILE_BYTES // 2**20} MiB at most)"
            )
        return path.read_bytes()
    except OSError as error:
        raise BrokenSessionFile(f"it cannot be read ({error.strerror or error})") from None


def read_document(path: Path) -> SessionDocument:
    """Read and fully validate one session file (size-capped before anything is parsed)."""
    from frightmare.store.full_document import parse_document

    return parse_document(_read_bytes(path))


def read_header(path: Path) -> SessionHeader:
    """Read and validate a session file's header (its journal's actions are not checked)."""
    return parse_header(_read_bytes(path))


class Session:
    """A game in play: its journal, kept on disk after every change.

    A save that fails (read-only or full disk) never loses the game: the error is kept in
    ``save_error`` for the window to show, play goes on in memory, and the next change
    tries again.
    """

    def __init__(
        self,
        path: Path,
        session_id: str,
        created: datetime,
        updated: datetime,
        history: History,
        *,
        warning: str | None = None,
        on_saved: Callable[[Session], None] | None = None,
    ) -> None:
        self.path = path
        self.id = session_id
        self.created = created
        self.updated = updated
        self.history = history
        self.warning = warning
        self.save_error: str | None = None
        self._on_saved = on_saved
        # Each action is encoded once; saving joins the cached bytes (fast with long journals).
        self._encoded: list[tuple[Action, bytes]] = []

    # The game -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.history.state

    @property
    def name(self) -> str:
        return self.state.name

    @property
    def setup(self) -> GameSetup:
        return self.state.setup

    def do(self, action: Action) -> GameState:
        """Apply ``action`` (raises ``RuleViolation``, changing nothing) and save."""
        state = self.history.do(action)
        self.save()
        return state

    def undo(self) -> GameState:
        state = self.history.undo()
        self.save()
        return state

    def redo(self) -> GameState:
        state = self.history.redo()
        self.save()
        return state

    def jump(self, cursor: int) -> GameState:
        state = self.history.jump(cursor)
        self.save()
        return state

    # The file -------------------------------------------------------------------------

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.id + BACKUP_SUFFIX)

    def to_bytes(self) -> bytes:
        start = self.history.start
        header = {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "app_version": __version__,
            "id": self.id,
            "name": self.name,
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "start_name": start.name,
            "setup": start.setup.model_dump(mode="json"),
            "seed": start.seed,
            "cursor": self.history.cursor,
        }
        head = json.dumps(header, indent=1, ensure_ascii=False).encode()
        # One action per line keeps the file readable and the write cheap (actions are
        # encoded once, when done).
        journal = b",\n  ".join(self._encoded_journal())
        body = (
            b'\n "journal": [\n  ' + journal + b"\n ]\n}\n" if journal else b'\n "journal": []\n}\n'
        )
        return head[:-2] + b"," + body

    def _encoded_journal(self) -> list[bytes]:
        from frightmare.model import ACTION_ADAPTER

        actions = self.history.actions
        cache = self._encoded
        same = 0
        for same, (cached, action) in enumerate(zip(cache, actions, strict=False)):  # noqa: B007
            if cached[0] is not action:
                break
        else:
            same = min(len(cache), len(actions))
        del cache[same:]
        cache.extend((a, ACTION_ADAPTER.dump_json(a)) for a in actions[same:])
        return [encoded for _, encoded in cache]

    def save(self) -> bool:
        """Write the session; on failure keep playing and remember why (see ``save_error``)."""
        self.updated = _now()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, self.to_bytes(), backup=self.backup_path)
        except OSError as error:
            reason = error.strerror or str(error)
            self.save_error = (
                f"The game could not be saved to {self.path.parent} ({reason}). "
                "It is safe in memory; the app tries again after your next change."
            )
            return False
        self.save_error = None
        if self._on_saved is not None:
            self._on_saved(self)
        return True


@dataclass(frozen=True)
class SessionSummary:
    """What the session picker lists."""

    id: str
    name: str
    setup: str
    updated: datetime
    steps: int
    problem: str | None = None

    @property
    def can_open(self) -> bool:
        return self.problem is None


@dataclass
class ScanResult:
    sessions: list[SessionSummary] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


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
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        self._board: Board | None = None
        self._board_problem: str | None = None

    @property
    def board(self) -> Board:
        """The board new and reopened games use (the player's corrected copy, if any)."""
        if self._board is None:
            self._board, self._board_problem = _board_for(self.root)
        return self._board

    @property
    def board_problem(self) -> str | None:
        _ = self.board
        return self._board_problem

    def path_for(self, session_id: str) -> Path:
        return self.sessions_dir / (session_id + SUFFIX)

    # Listing ---------------------------------------------------------------------------

    def scan(self) -> ScanResult:
        """Every session, newest first; broken files are moved to quarantine and reported."""
        result = ScanResult()
        if (self.root / BOARD_FILE).exists() and self.board_problem:
            result.problems.append(self.board_problem)
        for path in sorted(self.sessions_dir.glob("*" + SUFFIX)):
            session_id = path.name[: -len(SUFFIX)]
            try:
                document = self._read_with_backup(path, session_id, result.problems, read_header)
            except NewerSessionFile as error:
                result.sessions.append(
                    SessionSummary(session_id, path.stem, "", _mtime(path), 0, str(error))
                )
                continue
            except SessionFileError:
                continue  # reported by _read_with_backup
            result.sessions.append(
                SessionSummary(
                    document.id,
                    document.name,
                    document.setup.summary(),
                    document.updated,
                    document.cursor,
                )
            )
        for stale in self.sessions_dir.glob(".*.tmp"):
            # Left by a save that was interrupted; the real file is intact.
            with contextlib.suppress(OSError):
                stale.unlink()
        result.sessions.sort(key=lambda s: s.updated, reverse=True)
        return result

    def find(self, name_or_id: str) -> SessionSummary | None:
        """The most recently played session with this name (or id)."""
        wanted = name_or_id.strip()
        for summary in self.scan().sessions:
            if summary.id == wanted or summary.name.casefold() == wanted.casefold():
                return summary
        return None

    # Reading ---------------------------------------------------------------------------

    def quarantine(self, path: Path, *, copy: bool = False) -> Path:
        """Move (or copy) a file that cannot be read out of the way; never deletes it."""
        self.quarantine_dir.mkdir(parents=True, exist_ok=True)
        stamp = _now().strftime("%Y%m%d-%H%M%S")
        target = self.quarantine_dir / f"{path.name}.{stamp}"
        counter = 1
        while target.exists():
            counter += 1
            target = self.quarantine_dir / f"{path.name}.{stamp}-{counter}"
        if copy:
            shutil.copy2(path, target)
        else:
            os.replace(path, target)
        return target

    def _read_with_backup(
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
        except SessionFileError as error:
            backup = path.with_name(session_id + BACKUP_SUFFIX)
            moved = self.quarantine(path)
            try:
                document = reader(backup) if backup.exists() else None
            except SessionFileError:
                document = None
            if document is not None:
                os.replace(backup, path)
                problems.append(
                    f"The file of “{document.name}” was damaged ({error}). It was restored "
                    f"from its backup, which may lack the last change. The damaged file was "
                    f"kept as {moved}."
                )
                return document
            problems.append(
                f"A session file could not be opened because {error}. It was moved to "
                f"{moved}; every other session is fine."
            )
            raise

    def open(self, session_id: str) -> Session:
        """Open a session; raises ``SessionFileError`` with a message for the player."""
        path = self.path_for(session_id)
        if not path.exists():
            raise BrokenSessionFile("that session no longer exists")
        problems: list[str] = []
        try:
            document = self._read_with_backup(path, session_id, problems, read_document)
        except NewerSessionFile:
            raise
        except SessionFileError as error:
            # Say where the file went, not only why it could not be read.
            raise BrokenSessionFile(problems[-1] if problems else str(error)) from None
        return self._from_document(path, document, "\n".join(problems) or None)

    def _from_document(
        self, path: Path, document: SessionDocument, warning: str | None = None
    ) -> Session:
        from frightmare.model import History, ReplayError, new_game

        start = new_game(document.setup, document.seed, document.start_name, self.board)
        actions = document.journal
        cursor = document.cursor
        try:
            history = History(start, actions, cursor)
        except ReplayError as error:
            # Keep every step that still applies; the untouched original goes to quarantine.
            kept = self.quarantine(path, copy=True) if path.exists() else None
            history = History(start, actions[: error.index], min(cursor, error.index))
            warning = (warning + "\n" if warning else "") + (
                f"{error} The game was opened up to the step before it"
                + (f"; the original file was kept as {kept}." if kept else ".")
            )
        return Session(
            path, document.id, document.created, document.updated, history, warning=warning
        )

    # Changing --------------------------------------------------------------------------

    def create(self, setup: GameSetup, name: str | None = None, seed: int | None = None) -> Session:
        from frightmare.model import History, new_game

        session_id = _new_id()
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        now = _now()
        session = Session(
            self.path_for(session_id),
            session_id,
            now,
            now,
            History(new_game(setup, seed, name, self.board)),
        )
        session.save()
        if session.save_error:
            raise OSError(session.save_error)
        return session

    def rename(self, session_id: str, name: str) -> Session:
        from frightmare.model import Rename

        session = self.open(session_id)
        session.do(Rename(name=name))
        return session

    def duplicate(self, session_id: str) -> Session:
        from frightmare.model import History, Rename

        original = self.open(session_id)
        copy_id = _new_id()
        now = _now()
        copy = Session(
            self.path_for(copy_id),
            copy_id,
            now,
            now,
            History(original.history.start, original.history.actions, original.history.cursor),
        )
        copy.do(Rename(name=f"{original.name} (copy)"[:120]))
        return copy

    def delete(self, session_id: str) -> None:
        """Move a session (and its backup) to ``deleted/``: recoverable by hand, never erased."""
        self.deleted_dir.mkdir(parents=True, exist_ok=True)
        for path in (self.path_for(session_id), self.sessions_dir / (session_id + BACKUP_SUFFIX)):
            if path.exists():
                os.replace(path, self.deleted_dir / path.name)

    # Export and import ----------------------------------------------------------------

    def export(self, session: Session, target: Path) -> None:
        atomic_write(target, session.to_bytes())

    def import_file(self, source: Path) -> Session:
        """Validate a file exactly as a stored one, then add it as a new session."""
        document = read_document(source)
        session_id = _new_id()
        path = self.path_for(session_id)
        document = document.model_copy(update={"id": session_id})
        session = self._from_document(path, document)
        session.save()
        if session.save_error:
            raise OSError(session.save_error)
        return session


BOARD_FILE = "maple-lane.json"


def _board_for(root: Path) -> tuple[Board, str | None]:
    """The board: the player's corrected copy in the data directory if there is one."""
    from frightmare.model.board import BoardDataError, default_board, load_board

    override = root / BOARD_FILE
    if not override.exists():
        return default_board(), None
    try:
        return load_board(override.read_text("utf-8")), None
    except (OSError, UnicodeDecodeError, BoardDataError) as error:
        return default_board(), (
            f"Your corrected board ({override}) was not used: {error} The board that came "
            "with the app is used instead."
        )


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        return _now()
