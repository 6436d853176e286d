"""Sessions on disk: one JSON document per game, saved after every action.

A game's identity is its file name (``sessions/<id>.json``); the id inside a file only tells
a hand-made copy from its original. Every read goes through ``safe_io.read_capped``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from frightmare import __version__
from frightmare.store.atomic import atomic_write, export_write
from frightmare.store.errors import (
    MAX_FILE_BYTES,
    MAX_JOURNAL_LENGTH,
    BrokenSessionFile,
    NewerSessionFile,
    SessionFileError,
)
from frightmare.store.games.lock import (
    GameLock,
    HeldElsewhere,
    SessionLocked,
    lock_notice,
    lock_path,
)
from frightmare.store.logs import log, log_problem
from frightmare.store.paths import shown
from frightmare.store.safe_io import (
    NotARegularFile,
    TooLarge,
    kind_of,
    own_folder,
    read_capped,
    read_capped_stat,
    readable,
)

if TYPE_CHECKING:
    from frightmare.model import Action, GameSetup, GameState, History
    from frightmare.model.box.board import Board
    from frightmare.model.box.card_data import CardBook
    from frightmare.store.games.document import SessionHeader
    from frightmare.store.games.full_document import SessionDocument

# The rules (frightmare.model) are imported where a game is opened or made, not at import:
# listing the sessions needs only their headers, so the first window paints sooner.

# The schema (pydantic) loads when a file must be parsed: a listing whose files did not change
# since the last one is read from its index, so the first window paints sooner.
HeaderT = TypeVar("HeaderT", bound="SessionHeader")
# A game opened from its snapshot: the state, the journal's length and cursor, and what loads
# the history (store/games/snapshot.py).
Early = tuple["GameState", int, int, Callable[[], "History"]]

SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"
ORPHAN_AGE_SECONDS = 60.0
# The play log's file in the data folder (``playlog.PlayLog``; named here for the locks' notice).
PLAY_LOG_NAME = "playlog.jsonl"
# A session this close to a limit of the loader gets a warning while there is still room.
NEAR_LIMIT = 0.8
_HEX_ID = re.compile(r"^[0-9a-f]{32}$")
COPY_SUFFIX = re.compile(r" \(copy(?: \d+)?\)$")


class UnreadableSessionFile(SessionFileError):
    """The file could not be read for a reason other than its content (permission, I/O, not a
    regular file): it is reported and left exactly where it is."""


class UnusableFolder(SessionFileError, OSError):
    """The games' folder leads out of the data folder: nothing is read or written there."""


class ReadOnlySession(SessionFileError):
    """The game is open read-only here (another window owns it): nothing is recorded."""


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    import uuid  # here, not at start-up

    return uuid.uuid4().hex


def _read_bytes(path: Path, *, follow: bool = False) -> bytes:
    return _read_stat(path, follow=follow)[0]


def _read_stat(path: Path, *, follow: bool = False) -> tuple[bytes, tuple[int, int, int]]:
    """The file's bytes and the stamp of the descriptor they were read from (a link is not
    followed unless ``follow``: a file the player chose to import)."""
    try:
        if follow:
            data, info = read_capped_stat(path, MAX_FILE_BYTES, follow=True)
        else:
            data, info = read_capped_stat(path, MAX_FILE_BYTES)
        return data, (info.st_ino, info.st_size, info.st_mtime_ns)
    except TooLarge:
        size = _size(path)
        raise BrokenSessionFile(
            f"it is {size / 1e6:.1f} MB, larger than any real session "
            f"({MAX_FILE_BYTES // 2**20} MiB at most)"
        ) from None
    except NotARegularFile:
        raise UnreadableSessionFile(
            f"it is {kind_of(path, follow=follow)}, not a regular file; it was left alone"
        ) from None
    except FileNotFoundError:
        raise BrokenSessionFile("that session no longer exists") from None
    except OSError as error:
        raise UnreadableSessionFile(
            f"it cannot be read ({error.strerror or error}); it was left where it is"
        ) from None


def _size(path: Path) -> float:
    try:
        return float(path.stat().st_size)
    except OSError:
        return float(MAX_FILE_BYTES + 1)


def read_document(path: Path, *, follow: bool = False) -> SessionDocument:
    """Read and fully validate one session file (size-capped before anything is parsed); a
    link is followed only with ``follow`` (a file from outside the data folder)."""
    from frightmare.store.games.full_document import parse_document

    return parse_document(_read_bytes(path, follow=follow))


def read_header(path: Path) -> SessionHeader:
    """Read and validate a session file's header (its journal's actions are not checked)."""
    from frightmare.store.games.document import parse_header

    return parse_header(_read_bytes(path))


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells a file changed under us: its inode, size and modification time (of the file
    itself: a link put in its place is a change)."""
    try:
        st = path.lstat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class Session:
    """A game in play: its journal, kept on disk after every change.

    A save that fails (read-only or full disk) never loses the game: the error is kept in
    ``save_error`` for the window to show, play goes on in memory, and the next change
    tries again. A file changed on disk by someone else is never written over: ``conflict``
    is set and the window offers to reload it or keep this copy under a new name.
    """

    def __init__(
        self,
        path: Path,
        session_id: str,
        created: datetime,
        updated: datetime,
        history: History | None,
        *,
        warning: str | None = None,
        inner_id: str | None = None,
        read_only: bool = False,
        lock: GameLock | None = None,
        early: Early | None = None,
    ) -> None:
        self.path = path
        self.id = session_id
        self.inner_id = inner_id or session_id
        self.created = created
        self.updated = updated
        # Opened from its snapshot (store/games/snapshot.py): the state, the journal's length and
        # cursor, and how to load the history, done when first asked for.
        self._early = early
        self._history = history
        if history is None and early is None:
            raise ValueError("a session needs its history, or a snapshot and a loader")
        self.warning = warning
        self.read_only = read_only
        self.save_error: str | None = None
        self.conflict = False
        self._lock = lock
        self._disk: tuple[int, int, int] | None = None
        # Whether the replayed journal gave another state than the snapshot (it wins).
        self.replay_differed = False
        # Each action is encoded once; saving joins the cached bytes (fast with long journals).
        self._encoded: list[tuple[Action, bytes]] = []
        # Told (the game's id, whether it is over now) when a change ends the game or undoes
        # its end, before that change is saved: the play log marks the game's line as waiting
        # first (``PlayLog.watch``), so a kill right after the save cannot lose it.
        self.result_hook: Callable[[str, bool], None] | None = None

    # The game -------------------------------------------------------------------------

    @property
    def history(self) -> History:
        """The journal, validated and replayed (when opened from a snapshot: now)."""
        if self._history is None:
            assert self._early is not None
            state, _, _, load = self._early
            self._history = load()
            self.replay_differed = self._history.state != state
            self._early = None
        return self._history

    @history.setter
    def history(self, history: History) -> None:
        self._history = history
        self._early = None

    @property
    def history_loaded(self) -> bool:
        return self._history is not None

    @property
    def steps(self) -> tuple[int, int]:
        """The journal's length and its cursor, without loading the history."""
        if self._history is None and self._early is not None:
            return self._early[1], self._early[2]
        return len(self.history), self.history.cursor

    @property
    def state(self) -> GameState:
        if self._history is None and self._early is not None:
            return self._early[0]
        return self.history.state

    @property
    def name(self) -> str:
        return self.state.name

    @property
    def setup(self) -> GameSetup:
        return self.state.setup

    def _writable(self) -> None:
        if self.read_only:
            raise ReadOnlySession(
                "This game is open read-only here, because another window has it open: "
                "nothing is recorded. Play it in that window."
            )

    def do(self, action: Action) -> GameState:
        """Apply ``action`` (raises ``RuleViolation``, changing nothing) and save.

        Consecutive notes edits make one step (typing is one step, not one per pause).
        """
        self._writable()
        history = self.history
        was_over = history.state.over
        if (
            action.kind == "notes"
            and history.can_undo
            and not history.can_redo
            and history.actions[history.cursor - 1].kind == "notes"
        ):
            history.undo()
            try:
                state = history.do(action)
            except BaseException:
                history.redo()
                raise
        else:
            state = history.do(action)
        self._result_changed(was_over)
        self.save()
        return state

    def undo(self) -> GameState:
        self._writable()
        was_over = self.state.over
        state = self.history.undo()
        self._result_changed(was_over)
        self.save()
        return state

    def redo(self) -> GameState:
        self._writable()
        was_over = self.state.over
        state = self.history.redo()
        self._result_changed(was_over)
        self.save()
        return state

    def jump(self, cursor: int) -> GameState:
        self._writable()
        was_over = self.state.over
        state = self.history.jump(cursor)
        self._result_changed(was_over)
        self.save()
        return state

    def _result_changed(self, was_over: bool) -> None:
        over = self.state.over
        if over != was_over and self.result_hook is not None:
            self.result_hook(self.id, over)

    def close(self) -> None:
        """Give the game back to other windows (its lock); the session stays readable. The
        game's snapshot is kept beside it first, for a quick start next time."""
        if self._lock is not None and self._lock.held:
            from frightmare.store.games.snapshot import write_snapshot

            write_snapshot(self, self.path.parent.parent)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def owns_lock(self) -> bool:
        return self._lock is not None and self._lock.held

    # The file -------------------------------------------------------------------------

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name[: -len(SUFFIX)] + BACKUP_SUFFIX)

    def header(self) -> SessionHeader:
        """The file's header, built and checked by the same schema that reads it."""
        from frightmare.store.games.document import FORMAT, SCHEMA_VERSION, SessionHeader

        start = self.history.start
        return SessionHeader(
            format=FORMAT,
            schema_version=SCHEMA_VERSION,
            app_version=__version__,
            id=self.id if _HEX_ID.match(self.id) else self.inner_id,
            name=self.name,
            start_name=start.name,
            created=self.created,
            updated=self.updated,
            setup=start.setup,
            seed=start.seed,
            cursor=self.history.cursor,
            round=self.state.ended_round or self.state.round,
            result=self.state.result,
            # Stand-ins: the header's checks (cursor within the journal, its length) run on
            # the real length; the actions themselves are written one by one below.
            journal=[0] * len(self.history),
        )

    def to_bytes(self) -> bytes:
        header = self.header().model_dump(mode="json", exclude={"journal"})
        head = json_dumps(header)
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

    @property
    def limit_warning(self) -> str | None:
        """Said while there is still room, when the game nears what the loader accepts."""
        steps = len(self.history)
        size = sum(len(encoded) for _, encoded in self._encoded)
        if steps >= NEAR_LIMIT * MAX_JOURNAL_LENGTH or size >= NEAR_LIMIT * MAX_FILE_BYTES:
            return (
                f"This game is nearing the most a session file can hold ({steps:,} steps, "
                f"{size / 2**20:.1f} MiB of {MAX_JOURNAL_LENGTH:,} steps and "
                f"{MAX_FILE_BYTES // 2**20} MiB). Export it now, and start a new game for the "
                "next one."
            )
        return None

    def save(self) -> bool:
        """Write the session; on failure keep playing and remember why (see ``save_error``)."""
        if self.read_only:
            return False
        self.updated = _now()
        if self._disk is not None and _stamp(self.path) != self._disk:
            self.conflict = True
        if self.conflict:
            return self._failed(
                "This game's file was changed on disk by another window or program since it "
                "was opened here, so nothing was saved over it. Reload it, or keep this copy "
                "under a new name."
            )
        try:
            data = self.to_bytes()
        except SessionFileError as error:
            return self._failed(f"The game could not be saved: {error}. It is safe in memory.")
        problem = _beyond_limits(len(self.history), len(data))
        if problem:
            return self._failed(
                f"The game was not saved: {problem}, more than the app can read back. It is "
                "safe in memory; export it, or undo the last steps."
            )
        # A folder in the backup's place cannot be replaced by a file: the game is saved
        # without a backup while it is there (``backup_problem`` tells the player), never not
        # at all.
        backup = None if backup_problem(self.backup_path) else self.backup_path
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, data, backup=backup)
        except OSError as error:
            reason = error.strerror or str(error)
            return self._failed(
                f"The game could not be saved to {self.path.parent} ({reason}). "
                "It is safe in memory; the app tries again after your next change."
            )
        if self.save_error is not None:
            log_problem("“%s” is saved again (%s)", self.name, self.path)
        self._disk = _stamp(self.path)
        self.save_error = None
        return True

    def _failed(self, message: str) -> bool:
        """Remember why the save failed; the log gets it once, not after every action."""
        if message != self.save_error:
            log_problem("Saving “%s” failed: %s", self.name, message)
        self.save_error = message
        return False


def gone_message(deleted: Path) -> str:
    """What the player is told of a game that left the saved games meanwhile."""
    return (
        "This game is no longer among your saved games: another window may have deleted it "
        f"(deleted games are kept in {deleted})."
    )


def backup_problem(backup: Path) -> str | None:
    """Why a game's backup cannot be kept: a folder has its name (a file is never written
    over a folder). ``None`` when it can."""
    try:
        if not stat.S_ISDIR(os.lstat(backup).st_mode):
            return None
    except OSError:
        return None
    return (
        f"The backup of this game ({shown(backup.name)}) is a folder, so no backup of the game is "
        "kept while that folder is there; the game itself is saved as always. Move that folder out "
        "of the sessions folder to have a backup again."
    )


def json_dumps(value: object) -> bytes:
    return json.dumps(value, indent=1, ensure_ascii=False).encode()


def _beyond_limits(steps: int, size: int) -> str | None:
    if steps > MAX_JOURNAL_LENGTH:
        return f"its history has {steps:,} steps (at most {MAX_JOURNAL_LENGTH:,})"
    if size > MAX_FILE_BYTES:
        return f"its file would be {size / 2**20:.1f} MiB (at most {MAX_FILE_BYTES // 2**20} MiB)"
    return None


@dataclass(frozen=True)
class SessionSummary:
    """What the session picker lists. ``id`` is the file's name; ``copy_of`` is set for a file
    whose inner id is another file's (a copy made by hand)."""

    id: str
    name: str
    setup: str
    # In UTC; ``None`` for a date the calendar cannot show (shown as unknown).
    updated: datetime | None
    steps: int
    problem: str | None = None
    copy_of: str | None = None
    round: int = 0
    result: str | None = None

    @property
    def can_open(self) -> bool:
        return self.problem is None

    @property
    def is_copy(self) -> bool:
        return self.copy_of is not None


@dataclass
class ScanResult:
    sessions: list[SessionSummary] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


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
                f"a link to {os.readlink(self.sessions_dir)}, which is no folder"
                if os.path.islink(self.sessions_dir)
                else "a file, not a folder"
            )
            self.folder_problem = (
                f"The games' folder {self.sessions_dir} is {what}, so no game can be listed or "
                "kept there; it was left as it is. Move it out of the data folder, or choose "
                "another data folder with --data-dir."
            )
        if self.folder_problem is None and not _inside(self.sessions_dir, root):
            self.folder_problem = (
                f"The games' folder {self.sessions_dir} is a link to "
                f"{self.sessions_dir.resolve()}, outside the data folder, so it is not used: "
                "the app writes nothing outside its folder. Move the games into "
                f"{self.sessions_dir} itself (remove the link first), or choose that folder "
                "with --data-dir."
            )
        self._board: Board | None = None
        self._board_problem: str | None = None
        self._cards: CardBook | None = None
        self._cards_problem: str | None = None
        # Every problem any listing reported (a file quarantined is reported once, by the
        # listing that moved it): what a smoke run prints.
        self.problems_seen: list[str] = []

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

    @property
    def cards(self) -> CardBook:
        """The cards new and reopened games use (the player's corrected copy, if any)."""
        if self._cards is None:
            self._cards, self._cards_problem = _cards_for(self.root)
        return self._cards

    @property
    def cards_problem(self) -> str | None:
        _ = self.cards
        return self._cards_problem

    def path_for(self, session_id: str) -> Path:
        if not session_id or "/" in session_id or "\\" in session_id or session_id[0] == ".":
            raise BrokenSessionFile("that is not the name of a session")
        if self.folder_problem:
            raise UnusableFolder(self.folder_problem)
        return self.sessions_dir / (session_id + SUFFIX)

    # Listing ---------------------------------------------------------------------------

    def scan(self) -> ScanResult:
        """Every session, newest first. Damaged files are restored from their backup or moved
        to quarantine; files that cannot be read are reported and left alone."""
        result = ScanResult()
        if self.folder_problem:
            result.problems.append(self.folder_problem)
            self.problems_seen.extend(p for p in result.problems if p not in self.problems_seen)
            return result
        if os.path.lexists(self.root / BOARD_FILE) and self.board_problem:
            result.problems.append(self.board_problem)
        if os.path.lexists(self.root / CARDS_FILE) and self.cards_problem:
            result.problems.append(self.cards_problem)
        try:
            names = sorted(os.listdir(self.sessions_dir))
        except OSError as error:
            result.problems.append(
                f"The saved games in {self.sessions_dir} cannot be listed "
                f"({error.strerror or error})."
            )
            return result
        if any(name.endswith(_DELETING) for name in names) and self._finish_deletes(names):
            with contextlib.suppress(OSError):
                names = sorted(os.listdir(self.sessions_dir))
        present = set(names)
        index = _read_index(self.sessions_dir / INDEX_FILE)
        fresh: dict[str, _Listed] = {}
        inner: dict[str, list[tuple[str, _Listed]]] = {}
        for name in names:
            if name.startswith("."):
                continue
            if name.endswith(BACKUP_SUFFIX):
                session_id = name[: -len(BACKUP_SUFFIX)]
                if session_id + SUFFIX in present:
                    continue
                if not self._restore_lone_backup(session_id, result.problems):
                    continue
            elif name.endswith(SUFFIX):
                session_id = name[: -len(SUFFIX)]
            else:
                continue
            path = self.sessions_dir / (session_id + SUFFIX)
            stamp = _stamp(path)
            cached = index.get(session_id)
            if stamp is not None and cached is not None and cached.stamp == stamp:
                fresh[session_id] = cached
                inner.setdefault(cached.inner_id, []).append((session_id, cached))
                continue
            try:
                document = self._read_with_backup(path, session_id, result.problems, read_header)
                summary = document.setup.summary()
            except NewerSessionFile as error:
                result.sessions.append(
                    SessionSummary(session_id, shown(session_id), "", _mtime(path), 0, str(error))
                )
                continue
            except UnreadableSessionFile as error:
                # A game that cannot be read just now (permission, I/O) stays in the list,
                # greyed out; a pipe or a device is only reported.
                if os.path.isfile(path):
                    result.sessions.append(
                        SessionSummary(
                            session_id, shown(session_id), "", _mtime(path), 0, str(error)
                        )
                    )
                continue
            except SessionFileError:
                continue  # reported by _read_with_backup
            except Exception as error:
                # An error of the app's own (no file should be able to cause it): this file
                # is reported and left where it is, listed greyed out; every other game lists.
                problem = _unexpected(error)
                log.exception("Listing %s failed", path)
                result.problems.append(
                    f"The session file {shown(path.name)} was skipped: {problem}."
                )
                result.sessions.append(
                    SessionSummary(session_id, shown(session_id), "", _mtime(path), 0, problem)
                )
                continue
            listed = _Listed(
                stamp or (0, 0, 0),
                document.id,
                document.name,
                summary,
                shown_date(document.updated),
                document.cursor,
                document.round,
                document.result,
            )
            fresh[session_id] = listed
            inner.setdefault(listed.inner_id, []).append((session_id, listed))
        for inner_id, files in inner.items():
            # The file named after the id is the original; with none (renamed by hand, or
            # its original deleted), the oldest file (then the first by name) is a game of
            # its own and any other is its copy: a copy always names a file that is listed.
            first = min(files, key=lambda f: (f[1].stamp[2], f[0]))[0]
            original = next((s for s, _ in files if s == inner_id), first)
            for session_id, listed in files:
                copy_of = None if session_id == original else original
                result.sessions.append(
                    SessionSummary(
                        session_id,
                        listed.name,
                        listed.setup,
                        listed.updated,
                        listed.steps,
                        copy_of=copy_of,
                        round=listed.round,
                        result=listed.result,
                    )
                )
        if fresh != index:
            _write_index(self.sessions_dir / INDEX_FILE, fresh)
        self._remove_orphans()
        result.problems = [readable(p) for p in result.problems]
        self.problems_seen.extend(p for p in result.problems if p not in self.problems_seen)
        result.sessions.sort(key=_newest_first, reverse=True)
        return result

    def _remove_orphans(self) -> None:
        """Temporary files of saves that were interrupted: only those older than a minute, so
        another live window's save in progress is never touched."""
        cutoff = time.time() - ORPHAN_AGE_SECONDS
        for stale in self.sessions_dir.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if stale.lstat().st_mtime < cutoff:
                    stale.unlink()

    def find(self, name_or_id: str) -> SessionSummary | None:
        """The most recently played session with this name (or id)."""
        wanted = name_or_id.strip()
        for summary in self.scan().sessions:
            if summary.id == wanted or summary.name.casefold() == wanted.casefold():
                return summary
        return None

    # Reading ---------------------------------------------------------------------------

    def quarantine(self, path: Path, *, copy: bool = False) -> Path:
        """Move (or copy) a file that cannot be read out of the way; never deletes it.

        Raises ``OSError`` when that is impossible (read-only folder, a file named
        ``quarantine``): the caller then leaves the file where it is.
        """
        own_folder(self.quarantine_dir, "damaged games")
        stamp = _now().strftime("%Y%m%d-%H%M%S")
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

    def _restore_lone_backup(self, session_id: str, problems: list[str]) -> bool:
        """A ``.bak`` without its file (a restore was interrupted): put a copy in place."""
        backup = self.sessions_dir / (session_id + BACKUP_SUFFIX)
        try:
            document = read_header(backup)
            data = _read_bytes(backup)
        except SessionFileError as error:
            reason = str(error).rstrip(". ")
            # Each reason that already says the file was left alone is not told it twice.
            left = "" if "left" in reason else " It was left where it is."
            problems.append(
                f"The backup {shown(backup.name)} has no session file beside it and cannot be "
                f"used: {reason}.{left}"
            )
            return False
        try:
            atomic_write(self.sessions_dir / (session_id + SUFFIX), data)
        except OSError as error:
            problems.append(
                f"“{shown(document.name)}” survives only as its backup ({shown(backup)}), which "
                f"could not be put back in place ({error.strerror or error}). Copy it to "
                f"{session_id + SUFFIX} by hand to open it."
            )
            return False
        problems.append(
            f"“{shown(document.name)}” was restored from its backup (an earlier restore was "
            "interrupted); it may lack the last change."
        )
        return True

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
        except UnreadableSessionFile as error:
            problems.append(f"The session file {shown(path.name)} was skipped: {error}.")
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
                    f"The session file {shown(path)} could not be opened because {error}. It could "
                    f"not be moved aside ({move_error.strerror or move_error}), so it was left "
                    "where it is; every other session is fine."
                )
                raise error from None
            problems.append(
                f"A session file could not be opened because {error}. It was moved to "
                f"{shown(moved)}; every other session is fine."
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
                f"The file of “{shown(document.name)}” is damaged ({error}); its backup is used, "
                f"but the files could not be rearranged ({move_error.strerror or move_error}) "
                "and were left as they are."
            )
            return document
        problems.append(
            f"The file of “{shown(document.name)}” was damaged ({error}). It was restored "
            f"from its backup, which may lack the last change. The damaged file was "
            f"kept as {kept}."
        )
        return document

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
            os.path.lexists(backup) and self._restore_lone_backup(session_id, problems)
        ):
            raise BrokenSessionFile("that session no longer exists")
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
        read_stamps: list[tuple[int, int, int]] = []

        def reader(source: Path) -> SessionDocument:
            from frightmare.store.games import full_document

            data, stamp = _read_stat(source)
            document = full_document.parse_document(data)
            read_stamps.append(stamp)
            return document

        try:
            try:
                document = self._read_with_backup(path, session_id, problems, reader)
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
                    f"{_unexpected(error)}; it was left where it is"
                ) from None
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session.id = session_id
        session.read_only = read_only
        session._lock = lock
        session._disk = read_stamps[-1] if read_stamps else _stamp(path)
        notice = lock_notice(self.sessions_dir, play_log=self.root / PLAY_LOG_NAME)
        for said in (notice, None if read_only else backup_problem(backup)):
            if said:
                session.warning = f"{session.warning}\n{said}" if session.warning else said
        return session

    def _from_snapshot(self, path: Path, lock: GameLock | None) -> Session | None:
        """The game from its snapshot (store/games/snapshot.py), if one matches its file exactly;
        the journal is validated and replayed when the history is first asked for."""
        from frightmare.store.games import snapshot

        opened: list[Session] = []

        def load(data: bytes) -> History:
            from frightmare.store.games import full_document

            loaded = self._from_document(path, full_document.parse_document(data))
            # The file's own record of the game, not the snapshot's (a cache: nothing of it
            # may reach the file at the next save).
            early = opened[0]
            early.created, early.updated, early.inner_id = (
                loaded.created,
                loaded.updated,
                loaded.inner_id,
            )
            if loaded.warning:  # a step that no longer replays, say
                early.warning = (
                    f"{early.warning}\n{loaded.warning}" if early.warning else loaded.warning
                )
            return loaded.history

        session = snapshot.early_session(self, path, load)
        if session is None:
            return None
        opened.append(session)
        if lock is not None:
            self._hold(session, lock)
        return session

    def _hold(self, session: Session, lock: GameLock) -> None:
        session._lock = lock
        said = [lock_notice(self.sessions_dir), backup_problem(session.backup_path)]
        session.warning = "\n".join(s for s in said if s) or None

    def take_lock(self, session: Session) -> bool:
        """Take the lock of a game opened without it (``open(lock_later=True)``). False, and
        nothing held, when its file changed after it was read: it must be opened again.
        Raises ``SessionLocked`` when another window has it."""
        if session.read_only or session._lock is not None:
            return True
        lock = GameLock(session.path).acquire()
        if _stamp(session.path) != session._disk:
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
                kept: Path | None = self.quarantine(path, copy=True) if path.exists() else None
            except OSError:
                kept = None
            warning = (warning + "\n" if warning else "") + (
                f"{reason} The game was opened up to the step before it ({dropped} later "
                "steps left out)" + (f"; the original file was kept as {kept}." if kept else ".")
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
        now = _now()
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
        session.warning = lock_notice(self.sessions_dir, play_log=self.root / PLAY_LOG_NAME)
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
        now = _now()
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
        (``_finish_deletes``), so a kill never brings a deleted game back from its backup.
        """
        path = self.path_for(session_id)
        backup = path.with_name(session_id + BACKUP_SUFFIX)
        staged = _deleting(backup)
        if not any(os.path.lexists(p) for p in (path, backup, staged)):
            raise BrokenSessionFile(gone_message(self.deleted_dir))
        own_folder(self.deleted_dir, "deleted games")
        try:
            lock = GameLock(path).acquire()
        except HeldElsewhere:
            raise HeldElsewhere(
                "This game is open in another window of Frightmare Companion (or being "
                "deleted there), so it cannot be deleted now. Close it there, then delete it."
            ) from None
        try:
            if os.path.lexists(path) and os.path.lexists(backup):
                os.replace(backup, staged)
            if os.path.lexists(path):
                os.replace(path, self._in_deleted(path.name))
            elif os.path.lexists(backup):  # a lone backup is the game
                os.replace(backup, self._in_deleted(backup.name))
            if os.path.lexists(staged):
                os.replace(staged, self._in_deleted(backup.name))
        finally:
            lock.release()
        with contextlib.suppress(OSError):  # the lock of a game that is gone is litter
            if not os.path.lexists(path):
                os.unlink(lock_path(path))
        if not os.path.lexists(path):
            from frightmare.store.games.snapshot import forget

            forget(path)

    def _in_deleted(self, name: str) -> Path:
        target = self.deleted_dir / name
        if os.path.lexists(target):
            target = target.with_name(f"{name}.{_now():%Y%m%d-%H%M%S-%f}")
        return target

    def _finish_deletes(self, names: list[str]) -> bool:
        """A delete cut short leaves a backup under its hidden name: put it back if its game is
        still there (the delete had not happened), else move it on to ``deleted/`` (it had).
        Only while no window holds the game's lock: a delete in progress holds it. Whether
        anything moved."""
        moved = False
        for name in names:
            if not (name.startswith(".") and name.endswith(BACKUP_SUFFIX + _DELETING)):
                continue
            session_id = name[1 : -len(BACKUP_SUFFIX + _DELETING)]
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
                    os.replace(staged, self._in_deleted(backup.name))
                moved = True
            except OSError:
                pass  # left as it is: neither listed nor restored from
            finally:
                lock.release()
        return moved

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
        session = Session(path, session_id, document.created, _now(), history)
        return PendingImport(session, source, dropped, reason)

    def commit_import(self, pending: PendingImport) -> Session:
        session = pending.session
        session._lock = GameLock(session.path).acquire()
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


INDEX_FILE = ".index.json"
MAX_INDEX_BYTES = 4 * 1024 * 1024
# Version 3: dates in UTC, or null when unknown.
_INDEX_VERSION = 3


@dataclass(frozen=True)
class _Listed:
    """One game as the listing shows it, with the stamp of the file it was read from."""

    stamp: tuple[int, int, int]
    inner_id: str
    name: str
    setup: str
    updated: datetime | None
    steps: int
    round: int
    result: str | None


def _index_date(text: object) -> datetime | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError("not a date")
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError("a date without a time zone")  # not written by this version
    return moment


def _read_index(path: Path) -> dict[str, _Listed]:
    """The last listing, keyed by file: a file whose stamp (inode, size, modification time)
    is unchanged is listed from here without being parsed again. Anything doubtful about the
    index discards it whole (the files are then read, as without one)."""
    try:
        raw = json.loads(read_capped(path, MAX_INDEX_BYTES))
        if raw.get("version") != _INDEX_VERSION:
            return {}
        out = {}
        for session_id, entry in raw["files"].items():
            stamp = entry["stamp"]
            if not (
                isinstance(session_id, str)
                and isinstance(stamp, list)
                and len(stamp) == 3
                and all(type(n) is int for n in stamp)
                and all(isinstance(entry[k], str) for k in ("id", "name", "setup"))
                and type(entry["steps"]) is int
                and type(entry["round"]) is int
                and entry["result"] in ("win", "loss", None)
            ):
                return {}
            out[session_id] = _Listed(
                (stamp[0], stamp[1], stamp[2]),
                entry["id"],
                entry["name"],
                entry["setup"],
                _index_date(entry["updated"]),
                entry["steps"],
                entry["round"],
                entry["result"],
            )
        return out
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _write_index(path: Path, listed: dict[str, _Listed]) -> None:
    files = {
        session_id: {
            "stamp": list(entry.stamp),
            "id": entry.inner_id,
            "name": entry.name,
            "setup": entry.setup,
            "updated": entry.updated.isoformat() if entry.updated else None,
            "steps": entry.steps,
            "round": entry.round,
            "result": entry.result,
        }
        for session_id, entry in listed.items()
    }
    # ASCII, so a file name that is not UTF-8 (held as surrogate escapes, PEP 383) round
    # trips as its escapes instead of failing to encode.
    data = json.dumps({"version": _INDEX_VERSION, "files": files}, ensure_ascii=True)
    with contextlib.suppress(OSError):  # a speed-up only: a read-only folder lists as before
        atomic_write(path, data.encode())


BOARD_FILE = "maple-lane.json"
MAX_BOARD_BYTES = 4 * 1024 * 1024


def _board_for(root: Path) -> tuple[Board, str | None]:
    """The board: the player's corrected copy in the data directory if there is one.

    Whatever is wrong with that copy (not a file, too large, too deeply nested, not a board),
    the packaged board is used and the problem is said.
    """
    from frightmare.model.box.board import BoardDataError, default_board, load_board

    override = root / BOARD_FILE
    if not os.path.lexists(override):
        return default_board(), None
    from frightmare.store.games.document import FORMAT, NOT_TEXT, not_json

    try:
        text = read_capped(override, MAX_BOARD_BYTES).decode("utf-8")
        raw = json.loads(text)
        if isinstance(raw, dict) and raw.get("format") == FORMAT:
            problem = (
                "it is a saved game, not a board (saved games belong in the sessions folder; "
                "Import game… adds one)."
            )
        elif not isinstance(raw, dict) or "spaces" not in raw:
            problem = "it is not a board file (it has no list of spaces)."
        else:
            return load_board(text), None
    except NotARegularFile:
        problem = f"it is {kind_of(override)}, not a regular file (left alone)."
    except TooLarge:
        problem = f"it is larger than any board ({MAX_BOARD_BYTES // 2**20} MiB at most)."
    except RecursionError:
        problem = "it is nested too deeply to be a board."
    except UnicodeDecodeError:
        problem = NOT_TEXT.replace("saved game", "board") + "."
    except json.JSONDecodeError as error:
        problem = not_json(error) + "."
    except BoardDataError as error:
        # The model's message names the entry; said here as a sentence of this one.
        problem = (
            str(error)
            .replace("The board file is wrong at ", "an entry is wrong at ")
            .replace(": Field required", ": it is missing")
        )
    except (OSError, ValueError) as error:
        problem = f"it cannot be read ({getattr(error, 'strerror', None) or error})."
    return default_board(), (
        f"Your corrected board ({override}) was not used: {problem} The board that came "
        "with the app is used instead."
    )


_DELETING = ".deleting"


def _deleting(backup: Path) -> Path:
    """The hidden name a backup has while its game is being deleted."""
    return backup.with_name(f".{backup.name}{_DELETING}")


def _inside(folder: Path, root: Path) -> bool:
    try:
        return folder.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a loop of links
        return False


def _unexpected(error: Exception) -> str:
    return (
        f"something unexpected went wrong while reading it ({type(error).__name__}: {error}; "
        "the details are in the app's log)"
    )


_UNKNOWN_DATE = datetime.min.replace(tzinfo=UTC)


def shown_date(moment: datetime) -> datetime | None:
    """``moment`` in UTC (a date without a time zone is UTC), or ``None`` when it is out of the
    calendar's range there (year 1 at +14:00 is the year 0 in UTC): shown as unknown."""
    try:
        return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (OverflowError, ValueError):
        return None


def _newest_first(summary: SessionSummary) -> tuple[bool, datetime]:
    """The sort key of the listing: by date, games of an unknown date last."""
    return summary.updated is not None, summary.updated or _UNKNOWN_DATE


CARDS_FILE = "cards.json"


def _cards_for(root: Path) -> tuple[CardBook, str | None]:
    """The cards: the player's corrected copy in the data directory if there is one (like the
    board's); whatever is wrong with it, the packaged cards are used and the problem is said."""
    from frightmare.model.box.card_data import CardDataError, default_cards, load_cards

    override = root / CARDS_FILE
    if not os.path.lexists(override):
        return default_cards(), None
    from frightmare.store.games.document import NOT_TEXT, not_json

    try:
        text = read_capped(override, MAX_BOARD_BYTES).decode("utf-8")
        raw = json.loads(text)
        if not isinstance(raw, dict) or "cards" not in raw:
            problem = "it is not a cards file (it has no list of cards)."
        else:
            return load_cards(text), None
    except NotARegularFile:
        problem = f"it is {kind_of(override)}, not a regular file (left alone)."
    except TooLarge:
        problem = f"it is larger than any cards file ({MAX_BOARD_BYTES // 2**20} MiB at most)."
    except RecursionError:
        problem = "it is nested too deeply to be a cards file."
    except UnicodeDecodeError:
        problem = NOT_TEXT.replace("saved game", "cards file") + "."
    except json.JSONDecodeError as error:
        problem = not_json(error) + "."
    except CardDataError as error:
        problem = str(error).replace("The cards file is wrong at ", "an entry is wrong at ")
    except (OSError, ValueError) as error:
        problem = f"it cannot be read ({getattr(error, 'strerror', None) or error})."
    return default_cards(), (
        f"Your corrected cards ({override}) were not used: {problem} The cards that came "
        "with the app are used instead."
    )


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, UTC)
    except OSError:
        return _now()
