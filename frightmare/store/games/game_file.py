"""One game's file: read under the loader's cap (with the stamp that tells it changed since),
and the game in play kept in it (``Session``), saved after every action.

A game's identity is its file name (``sessions/<id>.json``); the id inside a file only tells
a hand-made copy from its original. Every read goes through ``safe_io.read_capped``.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare import __version__
from frightmare.store.atomic import atomic_write
from frightmare.store.errors import (
    MAX_FILE_BYTES,
    MAX_JOURNAL_LENGTH,
    BrokenSessionFile,
    SessionFileError,
)
from frightmare.store.logs import log_problem
from frightmare.store.paths import _, shown
from frightmare.store.safe_io import (
    NotARegularFile,
    Stamp,
    TooLarge,
    file_stamp,
    kind_of,
    read_capped_stat,
)

if TYPE_CHECKING:
    from frightmare.model import Action, GameSetup, GameState, History
    from frightmare.store.games.document import SessionHeader
    from frightmare.store.games.full_document import SessionDocument
    from frightmare.store.games.lock import GameLock

# The rules (frightmare.model) and the schema (pydantic) are imported where a game is played or
# its file parsed, not at import: listing the sessions needs neither, so the first window paints
# sooner.

# A game opened from its snapshot: the state, the journal's length and cursor, and what loads
# the history (store/games/snapshot.py).
Early = tuple["GameState", int, int, Callable[[], "History"]]

SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"
# A session this close to a limit of the loader gets a warning while there is still room.
NEAR_LIMIT = 0.8
_HEX_ID = re.compile(r"^[0-9a-f]{32}$")


class UnreadableSessionFile(SessionFileError):
    """The file could not be read for a reason other than its content (permission, I/O, not a
    regular file): it is reported and left exactly where it is."""

    says_left_alone = True


class ReadOnlySession(SessionFileError):
    """The game is open read-only here (another window owns it): nothing is recorded."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def read_bytes(path: Path, *, follow: bool = False) -> bytes:
    return read_stat(path, follow=follow)[0]


def read_stat(path: Path, *, follow: bool = False) -> tuple[bytes, Stamp]:
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
            _("it is {megabytes:.1f} MB, larger than any real session ({most} MiB at most)").format(
                megabytes=size / 1e6, most=MAX_FILE_BYTES // 2**20
            )
        ) from None
    except NotARegularFile:
        raise UnreadableSessionFile(
            _("it is {kind}, not a regular file; it was left alone").format(
                kind=kind_of(path, follow=follow)
            )
        ) from None
    except FileNotFoundError:
        raise BrokenSessionFile(_("that session no longer exists")) from None
    except OSError as error:
        raise UnreadableSessionFile(
            _("it cannot be read ({reason}); it was left where it is").format(
                reason=error.strerror or error
            )
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

    return parse_document(read_bytes(path, follow=follow))


def read_header(path: Path) -> SessionHeader:
    """Read and validate a session file's header (its journal's actions are not checked)."""
    from frightmare.store.games.document import parse_header

    return parse_header(read_bytes(path))


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
        self._disk: Stamp | None = None
        # Whether the replayed journal gave another state than the snapshot (it wins).
        self.replay_differed = False
        # Each action is encoded once; saving joins the cached bytes (fast with long journals):
        # each step's bytes, the step's number (``History.serials``: what of the journal the
        # cache still holds is found by a binary search) and the bytes' total length.
        self._encoded: list[bytes] = []
        self._encoded_serials: list[int] = []
        self._encoded_size = 0
        # Told (the game's id, whether it is over now) when a change ends the game or undoes
        # its end, before that change is saved: whoever watches the game (the window's record
        # desk, ``PlayLog.watch``) marks its line as waiting first, so a kill right after the
        # save cannot lose it.
        self.result_hook: Callable[[str, bool], None] | None = None

    # The game -------------------------------------------------------------------------

    @property
    def history(self) -> History:
        """The journal, validated and replayed (when opened from a snapshot: now)."""
        if self._history is None:
            assert self._early is not None
            state, _, _, load = self._early
            self._history = load()
            from frightmare.model.game.state import same_game  # the picker never needs it

            # Its words aside: a game left in another language is not a mismatch.
            self.replay_differed = not same_game(self._history.state, state)
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
            and history.action(history.cursor - 1).kind == "notes"
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
            self._keep_snapshot()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _keep_snapshot(self) -> bool:
        """Keep the snapshot of the game beside its file, if its file on disk is exactly what
        this window saved (nothing to keep otherwise). A failure only means a slower next start."""
        from frightmare.store.games.snapshot import write_snapshot

        history = self.history  # loaded first: a step that no longer replays warns
        if self.read_only or self.save_error or self.conflict or self.warning:
            return False
        return write_snapshot(
            self.path,
            self.path.parent.parent,
            saved=self._disk,
            history=history,
            inner_id=self.inner_id,
            created=self.created,
            updated=self.updated,
        )

    @property
    def owns_lock(self) -> bool:
        return self._lock is not None and self._lock.held

    @property
    def has_lock(self) -> bool:
        """Whether the game was given its lock (``hold``) and has not given it back."""
        return self._lock is not None

    def hold(self, lock: GameLock | None) -> None:
        """The game's lock, taken by whoever opened it (``close`` gives it back)."""
        self._lock = lock

    def read_from(self, stamp: Stamp | None) -> None:
        """The stamp of the bytes the game was read from: a file that has another since is never
        written over (``conflict``)."""
        self._disk = stamp

    @property
    def changed_on_disk(self) -> bool:
        """Whether the file is no longer the one the game was read from or last saved to."""
        return file_stamp(self.path) != self._disk

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
        """Each action's JSON, encoded once: a step costs the same in a long game as in a short
        one (what changed since the last save is found by ``History.kept``, not a walk)."""
        from frightmare.model import ACTION_ADAPTER

        history = self.history
        cache, serials = self._encoded, self._encoded_serials
        same = history.kept(serials)
        if same < len(cache):
            self._encoded_size -= sum(map(len, cache[same:]))
            del cache[same:]
            del serials[same:]
        for index in range(same, len(history)):
            encoded = ACTION_ADAPTER.dump_json(history.action(index))
            cache.append(encoded)
            self._encoded_size += len(encoded)
        serials.extend(history.serials[same:])
        return cache

    @property
    def limit_warning(self) -> str | None:
        """Said while there is still room, when the game nears what the loader accepts."""
        steps = len(self.history)
        size = self._encoded_size
        if steps >= NEAR_LIMIT * MAX_JOURNAL_LENGTH or size >= NEAR_LIMIT * MAX_FILE_BYTES:
            return _(
                "This game is nearing the most a session file can hold ({steps:,} steps, "
                "{size:.1f} MiB of {most_steps:,} steps and {most_mib} MiB). "
                "Export it now, and start a new game for the next one."
            ).format(
                steps=steps,
                size=size / 2**20,
                most_steps=MAX_JOURNAL_LENGTH,
                most_mib=MAX_FILE_BYTES // 2**20,
            )
        return None

    def save(self) -> bool:
        """Write the session; on failure keep playing and remember why (see ``save_error``)."""
        if self.read_only:
            return False
        self.updated = utc_now()
        if self._disk is not None and file_stamp(self.path) != self._disk:
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
            return self._failed(
                _("The game could not be saved: {reason}. It is safe in memory.").format(
                    reason=error
                )
            )
        problem = _beyond_limits(len(self.history), len(data))
        if problem:
            return self._failed(
                _(
                    "The game was not saved: {problem}, more than the app can read back. It is "
                    "safe in memory; export it, or undo the last steps."
                ).format(problem=problem)
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
                _(
                    "The game could not be saved to {parent} ({reason}). It is safe in memory; "
                    "the app tries again after your next change."
                ).format(parent=self.path.parent, reason=reason)
            )
        if self.save_error is not None:
            log_problem("“%s” is saved again (%s)", self.name, self.path)
        self._disk = file_stamp(self.path)
        self.save_error = None
        return True

    def _failed(self, message: str) -> bool:
        """Remember why the save failed; the log gets it once, not after every action."""
        if message != self.save_error:
            log_problem("Saving “%s” failed: %s", self.name, message)
        self.save_error = message
        return False


def backup_problem(backup: Path) -> str | None:
    """Why a game's backup cannot be kept: a folder has its name (a file is never written
    over a folder). ``None`` when it can."""
    try:
        if not stat.S_ISDIR(os.lstat(backup).st_mode):
            return None
    except OSError:
        return None
    return _(
        "The backup of this game ({name}) is a folder, so no backup of the game is kept "
        "while that folder is there; the game itself is saved as always. Move that folder "
        "out of the sessions folder to have a backup again."
    ).format(name=shown(backup.name))


def json_dumps(value: object) -> bytes:
    return json.dumps(value, indent=1, ensure_ascii=False).encode()


def _beyond_limits(steps: int, size: int) -> str | None:
    if steps > MAX_JOURNAL_LENGTH:
        return _("its history has {steps:,} steps (at most {most:,})").format(
            steps=steps, most=MAX_JOURNAL_LENGTH
        )
    if size > MAX_FILE_BYTES:
        return _("its file would be {size:.1f} MiB (at most {most} MiB)").format(
            size=size / 2**20, most=MAX_FILE_BYTES // 2**20
        )
    return None
