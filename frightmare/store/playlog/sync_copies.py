"""The sync tools' copies of the play log (Dropbox's, Nextcloud's, Syncthing's...), found beside
it: the games only they hold are added to the log, and the copies moved to
``playlog-merged/`` (kept, never deleted).
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from frightmare.model.record.log_entry import LogEntry
from frightmare.model.values import frozen
from frightmare.store.games.lock import play_log_lock
from frightmare.store.paths import _, ngettext
from frightmare.store.playlog.importing import merge
from frightmare.store.playlog.lines import (
    DamagedLine,
    check_written,
    json_lines,
    line_of,
    raw_lines,
)
from frightmare.store.playlog.log_file import append_lines, keep_aside, open_log, read_log
from frightmare.store.safe_io import own_folder

MERGED_DIR = "playlog-merged"


# Dropbox: "playlog (conflicted copy 2026-11-30).jsonl", "playlog (Sheila's conflicted copy
# …).jsonl"; Nextcloud and ownCloud: "playlog (conflict 2026-11-30 101010).jsonl",
# "playlog_conflict-20261130-101010.jsonl"; Syncthing: "playlog.sync-conflict-<date>-<time>-
# <device>.jsonl".
CONFLICT_COPY = re.compile(
    r"^playlog(?:"
    r" \([^()]*\bconflict(?:ed copy)?\b[^()]*\)"
    r"|_conflict-[0-9-]+"
    r"|\.sync-conflict-[0-9A-Za-z-]+"
    r")\.jsonl$",
    re.IGNORECASE,
)


@frozen
class CopiesMerged:
    copies: list[str]
    added: int
    folder: Path

    @property
    def message(self) -> str:
        names = ", ".join(f"“{name}”" for name in self.copies)
        copies = ngettext(
            "Your sync tool had made {count} copy of the play log ({names}).",
            "Your sync tool had made {count} copies of the play log ({names}).",
            len(self.copies),
        ).format(count=len(self.copies), names=names)
        games = ngettext(
            "{count:,} game held only there was added to your play log;",
            "{count:,} games held only there were added to your play log;",
            self.added,
        ).format(count=self.added)
        kept = ngettext(
            "the copy is kept in {folder}.",
            "the copies are kept in {folder}.",
            len(self.copies),
        ).format(folder=self.folder)
        # Translators: the three sentences above, in this order.
        return _("{copies} {games} {kept}").format(copies=copies, games=games, kept=kept)


def conflict_copies(log_path: Path) -> list[Path]:
    """The sync tools' copies of the log beside it (regular files only)."""
    try:
        names = os.listdir(log_path.parent)
    except OSError:
        return []
    return [
        log_path.with_name(name)
        for name in sorted(names)
        if CONFLICT_COPY.match(name) and not os.path.islink(log_path.with_name(name))
    ]


def merge_conflict_copies(log_path: Path) -> CopiesMerged | None:
    """Merge the sync tools' copies of the log into it (the games it lacks, by game id or by
    their columns), then move the copies to ``playlog-merged/`` (kept, never deleted).
    ``None`` when there are none. Raises ``OSError`` when they cannot be merged now (they
    stay where they are, merged next time)."""
    copies = conflict_copies(log_path)
    if not copies:
        return None
    folder = own_folder(log_path.with_name(MERGED_DIR), "the sync tools' copies of the log")
    added = 0
    with play_log_lock(log_path):
        current = read_log(log_path)
        known = current.entries
        new: list[LogEntry] = []
        damaged: list[DamagedLine] = []
        for copy in copies:
            try:
                fd = open_log(copy, os.O_RDONLY)
            except OSError:
                continue
            with os.fdopen(fd, "rb", buffering=0) as stream:
                theirs = json_lines(raw_lines(stream), copy.name)
            merged = merge([*known, *new], theirs.entries)
            new += merged.new
            damaged += theirs.damaged
        keep_aside(log_path, damaged)
        if new:
            append_lines(log_path, [line_of(e) for e in new if _writable(e)])
            added = len(new)
        for copy in copies:
            target = folder / copy.name
            if os.path.lexists(target):
                target = folder / f"{copy.name}.{datetime.now():%Y%m%d-%H%M%S-%f}"
            os.replace(copy, target)
    return CopiesMerged([c.name for c in copies], added, folder)


def _writable(entry: LogEntry) -> bool:
    try:
        check_written(entry)
    except ValueError:
        return False
    return True
