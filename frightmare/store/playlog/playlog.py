"""The play log: one line per finished game, exportable as CSV for the community sheets.

The log is ``<data dir>/playlog.jsonl``. Recording a game appends one line (``log_file
.append_lines``: no rewrite of the whole log, under the log's writer lock, checked after it is
synced); reading keeps the latest line of each game and sets damaged lines aside
(``log_file.load_log``), after merging a sync tool's copies (``sync_copies``). Each line is a
validated ``LogEntry`` (``frightmare.model.record.log_entry``, its line ``lines``); the CSV
export is ``csv_format``'s. This module imports them only when a game is recorded or the log
read, so start-up never pays.

A game whose line cannot be written (a full disk, the log busy) is never dropped: its line
waits in a file of its own beside the log (``playlog-waiting-<game>.jsonl``), is shown with
the others, and is written before anything else at the next change to the log, the next read
or the next start (``PlayLogPending`` tells the player where it waits). That file is written
before the log is touched and removed once the line is in the log, so a kill at any moment
leaves the line in one or the other; a game the window watches (``PlayLog.watch``) is marked
even before its end is saved. Where the disk cannot hold even that line, the file is left
empty (an empty file needs no room) and the line is made again from the saved game, which
holds the result; where no file can be made at all, the line waits in memory.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from frightmare.store.logs import log_problem
from frightmare.store.paths import N_, PLAY_LOG_FILE, WAITING_PREFIX, WAITING_SUFFIX, _
from frightmare.store.safe_io import open_own, pread

if TYPE_CHECKING:
    from frightmare.model import GameState
    from frightmare.model.history import History
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.model.record.record_digest import RecordDigest
    from frightmare.store.games.game_file import Session


class PlayLogPending(OSError):
    """A finished game's line could not be written now; it waits in memory (``str()`` tells
    the player so) and is written at the next change to the log or the next read."""


# The lines waiting in memory only (no file beside the log could hold them), per log, in the
# order the games finished (shared by every PlayLog of the process: each window has its own,
# and a line waiting must be seen by all of them).
_PENDING: dict[str, list[LogEntry]] = {}
_PENDING_GUARD = threading.Lock()
# What the player has still to be told about each log (a sync tool's copies merged, a drive
# that cannot lock), whichever read or write found it: kept until the window takes it.
_NOTICES: dict[str, list[str]] = {}


def waiting_path(log_path: Path, session_id: str | None) -> Path | None:
    """The file beside the log where the line of the game ``session_id`` waits; ``None`` for
    an id no file can be named after."""
    if not session_id or any(c in session_id for c in "/\\\0") or session_id[0] == ".":
        return None
    name = f"{WAITING_PREFIX}{session_id}{WAITING_SUFFIX}"
    if len(os.fsencode(name)) > 255:
        return None
    return log_path.with_name(name)


@dataclass(slots=True)
class _Waiting:
    """One finished game whose line is not in the log yet: its line (``None`` while it has to
    be made from the saved game), and the file it waits in, if any."""

    session: str | None
    entry: LogEntry | None
    marker: Path | None
    held: bytes = b""  # what that file held


class PlayLog:
    """``<data dir>/playlog.jsonl``; a game finished again (after an undo) replaces its line."""

    def __init__(self, root: Path) -> None:
        self.path = root / PLAY_LOG_FILE
        # Messages naming the lines the last ``entries()`` skipped (kept aside beside the log).
        self.damaged: list[str] = []
        # What else the last ``entries()`` has to tell (a sync tool's copies merged).
        self.notices: list[str] = []
        # How many waiting lines the last ``flush_pending`` wrote to the log.
        self.written = 0

    # Games waiting to be recorded -------------------------------------------------------------

    @property
    def pending(self) -> int:
        """How many finished games wait to be written to this log (in their files or in
        memory)."""
        return len(self._waiting(make=False))

    @property
    def in_memory(self) -> int:
        """How many of them wait in this process's memory only (lost if it quits)."""
        with _PENDING_GUARD:
            return len(_PENDING.get(str(self.path), []))

    def waiting_files(self) -> list[Path]:
        """The files beside the log where lines wait, oldest first."""
        try:
            names = os.listdir(self.path.parent)
        except OSError:
            return []
        found = []
        for name in names:
            if name.startswith(WAITING_PREFIX) and name.endswith(WAITING_SUFFIX):
                path = self.path.with_name(name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):  # a link or a pipe planted there: never read
                    found.append((info.st_mtime_ns, name, path))
        return [path for _, _, path in sorted(found)]

    def watch(self, session: Session) -> None:
        """Mark the game's line as waiting as soon as a change ends it, before that change is
        saved (and unmark it when undo reopens the game): whatever kills the app after the
        save, the next run records the game from its saved file."""
        session.result_hook = self.mark_result

    def mark_result(self, session_id: str, over: bool) -> None:
        """The game ``session_id`` has just ended (``over``), or undo reopened it, and that
        change is about to be saved: its line is marked as waiting (or waits no more)."""
        marker = waiting_path(self.path, session_id)
        if not over:
            self._unwait(session_id)
        elif marker is not None:
            # Empty, so it needs no room on the disk: its line is made from the saved game
            # unless ``record`` writes it first.
            try:
                fd = open_own(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            except OSError:
                return  # one already (the same game), or none can be made: record says so
            os.close(fd)

    def _unwait(self, session_id: str) -> bool:
        """The game waits no more (undo reopened it); whether it was waiting."""
        with _PENDING_GUARD:
            waiting = _PENDING.get(str(self.path), [])
            before = len(waiting)
            waiting[:] = [e for e in waiting if e.session != session_id]
            was_waiting = len(waiting) != before
        marker = waiting_path(self.path, session_id)
        if marker is not None and _is_file(marker):
            try:
                os.unlink(marker)
                was_waiting = True
            except FileNotFoundError:
                pass
            except OSError as error:
                log_problem("%s could not be removed: %s", marker, error)
        return was_waiting

    def _waiting(self, *, make: bool) -> list[_Waiting]:
        """Every game waiting, in the order they finished: the files beside the log, then the
        lines held in memory (a line in memory is newer than its file). With ``make``, a file
        that does not hold its whole line has it made from the saved game; one whose game is
        no longer finished (or gone) is removed, its bytes kept aside if it held any."""
        from frightmare.store.playlog.lines import MAX_LINE_BYTES, parse_json_line

        waiting: list[_Waiting] = []
        by_session: dict[str, _Waiting] = {}
        for marker in self.waiting_files():
            try:
                fd = open_own(marker, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
                try:
                    held = os.read(fd, MAX_LINE_BYTES + 2) if _regular(fd) else None
                finally:
                    os.close(fd)
            except OSError:
                continue
            if held is None:
                continue
            entry: LogEntry | None = None
            if held.strip():
                try:
                    entry = parse_json_line(held.rstrip(b"\r\n"))
                except ValueError:
                    entry = None  # cut short by a full disk: made from the saved game
            name = marker.name[len(WAITING_PREFIX) : -len(WAITING_SUFFIX)]
            session = entry.session if entry is not None and entry.session else name
            item = _Waiting(session, entry, marker, held)
            by_session[session] = item
            waiting.append(item)
        with _PENDING_GUARD:
            memory = list(_PENDING.get(str(self.path), []))
        for entry in memory:
            known = by_session.get(entry.session or "")
            if known is not None:
                known.entry = entry
            else:
                waiting.append(_Waiting(entry.session, entry, None))
        if not make:
            return waiting
        made: list[_Waiting] = []
        for item in waiting:
            if item.entry is None:
                verdict = self._from_saved_game(item)
                if verdict is None:
                    continue  # its game cannot be read just now: it stays waiting
                if verdict is False:
                    self._drop(item)
                    continue
                item.entry = verdict
            made.append(item)
        return made

    def _from_saved_game(self, item: _Waiting) -> LogEntry | Literal[False] | None:
        """The line of a waiting game made from its saved file; ``False`` when the saved game
        is not finished (undo reopened it, or its end was never saved) or gone; ``None`` when
        it cannot be told now (another window has the game, the file cannot be read)."""
        from frightmare.store.data_folder import SessionStore
        from frightmare.store.errors import SessionFileError

        session = item.session
        if not session:
            return False
        try:
            store = SessionStore(self.path.parent)
            path = store.path_for(session)
            if not os.path.lexists(path):
                return False
            if store.held_elsewhere(session):
                return None  # that window records it
            game = store.open(session, read_only=True)
        except (SessionFileError, OSError, ValueError):
            return None
        try:
            if not game.state.over:
                return False
            return self.entry(
                session,
                game.state,
                history=game.history,
                started=game.created,
                ended=game.updated,
            )
        finally:
            game.close()

    def _drop(self, item: _Waiting) -> None:
        if item.marker is None:
            return
        if item.held.strip():  # what it held, kept aside as the log's damaged lines are
            from frightmare.store.playlog.lines import DamagedLine
            from frightmare.store.playlog.log_file import keep_aside

            reason = "its game is no longer finished (or was deleted), so it was not recorded"
            text = item.held.decode("utf-8", "replace").rstrip("\r\n")
            try:
                keep_aside(self.path, [DamagedLine(item.marker.name, 1, text, reason)])
            except OSError:
                return  # kept where it is until it can be kept aside
        with contextlib.suppress(OSError):
            os.unlink(item.marker)

    def flush_pending(self, *, wait: float | None = None) -> bool:
        """Write the games waiting, in order; whether none waits any more. A failure leaves
        them waiting (nothing is raised). ``wait``: how long another window's hold on the log
        is waited for (at start-up, not at all)."""
        return self._flush(wait) is None

    def _flush(self, wait: float | None = None) -> OSError | None:
        from frightmare.store.games.lock import PLAY_LOG_WAIT
        from frightmare.store.playlog.lines import line_of
        from frightmare.store.playlog.log_file import append_lines

        self.written = 0
        waiting = self._waiting(make=True)
        if not waiting:
            return None
        lines = [line_of(item.entry) for item in waiting if item.entry is not None]
        try:
            append_lines(self.path, lines, wait=PLAY_LOG_WAIT if wait is None else wait)
        except OSError as error:
            return error
        self.written = len(lines)
        with _PENDING_GUARD:
            key = str(self.path)
            written = {id(item.entry) for item in waiting}
            left = [e for e in _PENDING.get(key, []) if id(e) not in written]
            if left:
                _PENDING[key] = left
            else:
                _PENDING.pop(key, None)
        for item in waiting:
            if item.marker is not None:
                try:
                    os.unlink(item.marker)
                except FileNotFoundError:
                    pass
                except OSError as error:  # written again next time: the log keeps the latest
                    log_problem("%s could not be removed: %s", item.marker, error)
        return None

    # What the player is told ------------------------------------------------------------

    def _tell(self, notice: str) -> None:
        self.notices.append(notice)
        with _PENDING_GUARD:
            _NOTICES.setdefault(str(self.path), []).append(notice)

    def take_notices(self) -> list[str]:
        """What the player has still to be told about this log, once: a sync tool's copies
        merged (by whichever read merged them), a drive where the log cannot be locked."""
        from frightmare.store.games.lock import play_log_notice

        with _PENDING_GUARD:
            told = _NOTICES.pop(str(self.path), [])
        notice = play_log_notice(self.path)
        return [*told, notice] if notice else told

    def entries(self) -> list[LogEntry]:
        """The recorded games, one line each (its latest), every line validated, with the
        games still waiting to be written; raises ``OSError`` when the log is not a readable
        file (a FIFO, a device, a link), so it is never written over.

        The games waiting are written first, and a sync tool's copies of the log merged into
        it (``notices`` and ``take_notices`` say so)."""
        from frightmare.store.playlog.log_file import latest, load_log

        self.flush_pending()
        self._merge_copies()
        result = load_log(self.path)
        self.damaged = [d.message for d in result.damaged]
        waiting = [item.entry for item in self._waiting(make=True) if item.entry is not None]
        return latest([*result.entries, *waiting]) if waiting else result.entries

    def _merge_copies(self) -> None:
        """A sync tool's copies of the log merged into it (``notices`` says so)."""
        from frightmare.store.playlog.sync_copies import merge_conflict_copies

        self.notices = []
        try:
            merged = merge_conflict_copies(self.path)
        except OSError as error:
            self._tell(
                _(
                    "Your sync tool's copies of the play log could not be merged now "
                    "({reason}); they are left where they are."
                ).format(reason=error)
            )
        else:
            if merged is not None:
                self._tell(merged.message)

    def summary_record(self, session_id: str) -> tuple[LogEntry | None, RecordDigest]:
        """What a game's summary needs of the log, without reading it whole: the game's
        latest line (``None`` if not logged) and the record in brief of every game
        (``record_file``, kept beside the log), the games still waiting included, a sync tool's
        copies merged first (as ``entries`` merges them). Raises
        ``OSError`` when the log is not a readable file."""
        from frightmare.store.playlog.record_file import load_digest, logged_line

        self.flush_pending()
        self._merge_copies()
        digest = load_digest(self.path)
        waiting = [item.entry for item in self._waiting(make=True) if item.entry is not None]
        line = next((e for e in reversed(waiting) if e.session == session_id), None)
        if line is None:
            line = logged_line(self.path, digest, session_id)
        if waiting:
            digest = digest.copy()
            for entry in waiting:
                digest.add(entry)
        return line, digest

    def entry(
        self,
        session_id: str,
        state: GameState,
        *,
        history: History | None = None,
        started: datetime | None = None,
        ended: datetime | None = None,
    ) -> LogEntry:
        """The game's line: today's columns, then the record's figures read from its journal
        (``record.game_figures``) when the history is given."""
        from frightmare.model.record.figures import entry_for, game_figures, with_figures

        ended = ended or datetime.now(UTC)
        entry = entry_for(session_id, state, ended)
        if history is not None:
            entry = with_figures(entry, game_figures(history, started, ended.astimezone()))
        return entry

    def record(
        self,
        session_id: str,
        state: GameState,
        *,
        history: History | None = None,
        started: datetime | None = None,
        saved: bool = True,
    ) -> LogEntry:
        """Append the finished game's line (one appended line, synced and checked), after the
        games waiting. Raises ``PlayLogPending`` when it cannot be written now: it waits, and
        the message says where. ``saved``: whether the game's end is in its saved file."""
        entry = self.entry(session_id, state, history=history, started=started)
        self.add(entry, saved=saved)
        return entry

    def add(self, entry: LogEntry, *, saved: bool = True) -> None:
        """Append ``entry`` (a game's line again, with the player's answers, say) as
        ``record`` does: its line waits in its file first, then goes to the log."""
        from frightmare.store.playlog.lines import line_of, parse_json_line

        line = line_of(entry)
        parse_json_line(line[:-1])  # the reader's own check, before anything is written
        key = str(self.path)
        with _PENDING_GUARD:
            _PENDING.setdefault(key, []).append(entry)
        marker = waiting_path(self.path, entry.session)
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        whole = marker is not None and _write_marker(marker, line, sync=False)
        error = self._flush()
        if error is None:
            return
        # It waits. On disk, if its file holds the whole line once synced and read back.
        durable = whole and marker is not None and _write_marker(marker, line, sync=True)
        if durable:
            with _PENDING_GUARD:
                left = [e for e in _PENDING.get(key, []) if e is not entry]
                if left:
                    _PENDING[key] = left
                else:
                    _PENDING.pop(key, None)
        raise PlayLogPending(_waits(error, marker if durable else None, marker, saved)) from None

    def withdraw(self, session_id: str) -> bool:
        """Take a game out of the log (undo reopened it); ``True`` if it was there."""
        from functools import partial

        from frightmare.store.playlog.log_file import take_out
        from frightmare.store.playlog.record_file import load_digest, taken_out

        was_waiting = self._unwait(session_id)
        with contextlib.suppress(OSError):  # kept up to date now, it follows the rewrite
            load_digest(self.path, keep=True)
        follow = partial(taken_out, self.path, session_id)  # the record in brief follows
        return take_out(self.path, session_id, then=follow) or was_waiting

    def to_csv(self) -> str:
        """Every column (today's first, then the record's, the session id last)."""
        from frightmare.store.playlog.csv_format import to_csv

        return to_csv(self.entries())

    def export_csv(self, target: Path, *, staging: Path | None = None) -> int:
        """Write the CSV export to ``target``; the number of games written. ``staging``: the
        data folder, where the file is written before it is moved in (``export_write``)."""
        from frightmare.store.atomic import export_write
        from frightmare.store.playlog.csv_format import to_csv

        entries = self.entries()
        export_write(target, to_csv(entries).encode(), staging=staging)
        return len(entries)


def _said(error: OSError) -> str:
    """The reason in words ("No space left on device"), without the errno's number."""
    return str(error.strerror or error)


WHEN = N_("at the next game finished, when the Statistics open, or when the app starts again")


def _waits(error: OSError, durable: Path | None, marker: Path | None, saved: bool) -> str:
    """Where a game's line waits, in the player's words."""
    if durable is not None:
        return _(
            "{reason}. This game is kept: its line waits in {durable} and is written to "
            "the play log as soon as that works ({when})."
        ).format(reason=_said(error), durable=durable, when=_(WHEN))
    if marker is not None and saved and _is_file(marker) and _is_file(saved_game(marker)):
        return _(
            "{reason}. This game is kept: its saved game holds the result, and {marker} "
            "says its line waits: it is made from the saved game and written to the play "
            "log as soon as that works ({when})."
        ).format(reason=_said(error), marker=marker, when=_(WHEN))
    return _(
        "{reason}. This game is kept: it waits in memory and is written to the play log as "
        "soon as that works (at the next game finished, or when the Statistics open). Keep "
        "the app open until then."
    ).format(reason=_said(error))


def saved_game(marker: Path) -> Path:
    """The saved game a waiting line's file names (``sessions/<game>.json`` beside the log)."""
    from frightmare.store.games.game_file import SUFFIX

    session = marker.name[len(WAITING_PREFIX) : -len(WAITING_SUFFIX)]
    return marker.parent / "sessions" / f"{session}{SUFFIX}"


def _regular(fd: int) -> bool:
    return stat.S_ISREG(os.fstat(fd).st_mode)


def _is_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _write_marker(marker: Path, line: bytes, *, sync: bool) -> bool:
    """Write ``line`` as the whole of ``marker`` (never through a link, never into a pipe);
    whether it holds it. With ``sync``, it is synced and read back first."""
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | (0 if sync else os.O_CREAT)
    try:
        fd = open_own(marker, flags)
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return False
        if not sync and info.st_nlink > 1:
            # A hard link (perhaps to a file elsewhere): never written through. A file of the
            # folder's own takes its name, in one atomic replace.
            from frightmare.store.atomic import atomic_write

            atomic_write(marker, line)
            return True
        if sync:
            os.fsync(fd)
            return os.fstat(fd).st_size == len(line) and pread(fd, len(line) + 1, 0) == line
        if info.st_size:
            # Only a file that holds something is cut to nothing first. On ext4, cutting a
            # file to nothing, even an empty one, has its next bytes flushed to the disk as
            # it is closed (auto_da_alloc), and then the log's fsync waits for them too: the
            # append took 8 ms instead of 4. The file just made (or left empty by ``watch``)
            # is written as it is, in the page cache, which a kill does not lose.
            os.ftruncate(fd, 0)
        view = memoryview(line)
        while view:
            written = os.write(fd, view)
            if written <= 0:
                return False
            view = view[written:]
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
