"""The saved games' list: every game of the data folder summed up from its file's header,
newest first, the files that did not change since the last listing summed up from its index
(``sessions/.index.json``) without being parsed again.

A file that cannot be read costs only itself: a damaged one is restored from its backup or
set aside (``upkeep``), one that cannot be read just now stays listed, greyed out.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from frightmare.model.values import frozen
from frightmare.store.atomic import atomic_write
from frightmare.store.errors import NewerSessionFile, SessionFileError, unexpected
from frightmare.store.games import game_file
from frightmare.store.games.game_file import (
    BACKUP_SUFFIX,
    SUFFIX,
    UnreadableSessionFile,
    utc_now,
)
from frightmare.store.logs import log
from frightmare.store.paths import _, shown
from frightmare.store.safe_io import Stamp, file_stamp, read_capped
from frightmare.store.upkeep import DELETING, Upkeep


@frozen(slots=False)
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


def list_games(sessions_dir: Path, upkeep: Upkeep, result: ScanResult) -> bool:
    """Every game of ``sessions_dir`` into ``result``, newest first, with the problems met:
    damaged files restored from their backup or moved to quarantine, files that cannot be read
    reported and left alone; a delete cut short and the orphans of interrupted saves seen to.
    False when the folder cannot be listed at all (said in ``result``)."""
    try:
        names = sorted(os.listdir(sessions_dir))
    except OSError as error:
        result.problems.append(
            _("The saved games in {sessions_dir} cannot be listed ({reason}).").format(
                sessions_dir=sessions_dir, reason=error.strerror or error
            )
        )
        return False
    if any(name.endswith(DELETING) for name in names) and upkeep.finish_deletes(names):
        with contextlib.suppress(OSError):
            names = sorted(os.listdir(sessions_dir))
    index = _read_index(sessions_dir / INDEX_FILE)
    fresh: dict[str, _Listed] = {}
    for session_id in _game_files(names, upkeep, result.problems):
        path = sessions_dir / (session_id + SUFFIX)
        stamp = file_stamp(path)
        cached = index.get(session_id)
        if stamp is not None and cached is not None and cached.stamp == stamp:
            fresh[session_id] = cached
            continue
        listed = _read_one(path, session_id, stamp, upkeep, result)
        if listed is not None:
            fresh[session_id] = listed
    result.sessions += _summaries(fresh)
    if fresh != index:
        _write_index(sessions_dir / INDEX_FILE, fresh)
    upkeep.remove_orphans()
    result.sessions.sort(key=_newest_first, reverse=True)
    return True


def _game_files(names: list[str], upkeep: Upkeep, problems: list[str]) -> list[str]:
    """The games among the folder's ``names``, by id: each file, and each lone backup (an
    earlier restore was interrupted) once it is put back in its file's place."""
    present = set(names)
    games = []
    for name in names:
        if name.startswith("."):
            continue
        if name.endswith(BACKUP_SUFFIX):
            session_id = name[: -len(BACKUP_SUFFIX)]
            if session_id + SUFFIX in present:
                continue
            if not upkeep.restore_lone_backup(session_id, problems):
                continue
        elif name.endswith(SUFFIX):
            session_id = name[: -len(SUFFIX)]
        else:
            continue
        games.append(session_id)
    return games


def _read_one(
    path: Path, session_id: str, stamp: Stamp | None, upkeep: Upkeep, result: ScanResult
) -> _Listed | None:
    """The game of ``path`` as listed, from its header (or its backup's); ``None`` for a file
    that cannot be listed as a game, which is listed greyed out or only reported."""
    try:
        # Through its module, where the tests replace the reader.
        document = upkeep.read_with_backup(path, session_id, result.problems, game_file.read_header)
        summary = document.setup.summary()
    except NewerSessionFile as error:
        result.sessions.append(_greyed(path, session_id, str(error)))
        return None
    except UnreadableSessionFile as error:
        # A game that cannot be read just now (permission, I/O) stays in the list, greyed
        # out; a pipe or a device is only reported.
        if os.path.isfile(path):
            result.sessions.append(_greyed(path, session_id, str(error)))
        return None
    except SessionFileError:
        return None  # reported by read_with_backup
    except Exception as error:
        # An error of the app's own (no file should be able to cause it): this file is
        # reported and left where it is, listed greyed out; every other game lists.
        problem = unexpected(error)
        log.exception("Listing %s failed", path)
        result.problems.append(
            _("The session file {name} was skipped: {problem}.").format(
                name=shown(path.name), problem=problem
            )
        )
        result.sessions.append(_greyed(path, session_id, problem))
        return None
    return _Listed(
        stamp or (0, 0, 0),
        document.id,
        document.name,
        summary,
        shown_date(document.updated),
        document.cursor,
        document.round,
        document.result,
    )


def _greyed(path: Path, session_id: str, problem: str) -> SessionSummary:
    """A game listed but not openable, with why."""
    return SessionSummary(session_id, shown(session_id), "", _mtime(path), 0, problem)


def _summaries(listed: dict[str, _Listed]) -> list[SessionSummary]:
    """The games listed, each copy made by hand naming its original.

    The file named after the id is the original; with none (renamed by hand, or its original
    deleted), the oldest file (then the first by name) is a game of its own and any other is
    its copy: a copy always names a file that is listed."""
    inner: dict[str, list[tuple[str, _Listed]]] = {}
    for session_id, entry in listed.items():
        inner.setdefault(entry.inner_id, []).append((session_id, entry))
    summaries = []
    for inner_id, files in inner.items():
        first = min(files, key=lambda f: (f[1].stamp[2], f[0]))[0]
        original = next((s for s, _ in files if s == inner_id), first)
        for session_id, entry in files:
            summaries.append(
                SessionSummary(
                    session_id,
                    entry.name,
                    entry.setup,
                    entry.updated,
                    entry.steps,
                    copy_of=None if session_id == original else original,
                    round=entry.round,
                    result=entry.result,
                )
            )
    return summaries


INDEX_FILE = ".index.json"
MAX_INDEX_BYTES = 4 * 1024 * 1024
# Version 3: dates in UTC, or null when unknown.
_INDEX_VERSION = 3


@frozen(slots=False)
class _Listed:
    """One game as the listing shows it, with the stamp of the file it was read from."""

    stamp: Stamp
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
        raise ValueError(_("a date without a time zone"))  # not written by this version
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


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, UTC)
    except OSError:
        return utc_now()
