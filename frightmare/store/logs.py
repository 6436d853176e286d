"""The app's log: a rotating file, so an error in the windowed build is seen and kept."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import logging.handlers

LOG_NAME = "frightmare.log"
MAX_LOG_BYTES = 1024 * 1024
KEPT_LOGS = 3

log = logging.getLogger("frightmare")


class RotatingOnFirstRecord(logging.Handler):
    """The standard library's ``RotatingFileHandler``, made when the first record arrives.

    Most runs log nothing, and ``logging.handlers`` brings socket, pickle and queue with it:
    loading it at start-up cost about 7 ms of a 150 ms start.
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.file: logging.Handler | None = None
        # Why the file cannot be opened (a link in its place, a folder): said once, on the
        # terminal, and nothing is logged to the file from then on.
        self.refused: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.refused is not None:
            return
        if self.file is None:
            try:
                # Opened once here, so a log that cannot be is one line, not a traceback for
                # every record (the handler opens it again when it is closed by a rotation).
                os.close(_open_log(str(self.path)))
            except OSError as error:
                self.refused = f"{self.path}: {error.strerror or error}"
                import sys

                from frightmare.store.paths import _

                said = _("frightmare: the log {problem}; nothing is logged to it")
                print(said.format(problem=self.refused), file=sys.stderr, flush=True)
                return
            self.file = _rotating_file()(
                self.path,
                maxBytes=MAX_LOG_BYTES,
                backupCount=KEPT_LOGS,
                encoding="utf-8",
                # A file name that is not text (surrogate escapes) is written, not an error.
                errors="backslashreplace",
                delay=True,
            )
            self.file.setFormatter(self.formatter)
        self.file.emit(record)

    def flush(self) -> None:
        if self.file is not None:
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
        super().close()


def _rotating_file() -> type[logging.handlers.RotatingFileHandler]:
    """The standard library's rotating handler, opening the log without following a link in
    its place (the app writes nothing outside its folders; rotation renames files, which
    never follows a link). A log that cannot be opened is the handler's usual error: said on
    the terminal, and the app goes on."""
    import logging.handlers

    class NoFollow(logging.handlers.RotatingFileHandler):
        def _open(self) -> Any:
            fd = _open_log(self.baseFilename)
            return open(fd, "a", encoding=self.encoding, errors=self.errors)

    return NoFollow


def _open_log(name: str) -> int:
    """The log file opened to append, never through a link in its place."""
    from frightmare.store.safe_io import open_own

    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    fd = open_own(Path(name), flags)
    if os.fstat(fd).st_nlink > 1:
        # A hard link (perhaps to a file elsewhere): never appended through; the log starts
        # again as a file of its own.
        os.close(fd)
        os.unlink(name)
        fd = open_own(Path(name), flags | os.O_EXCL)
    return fd


def log_problem(message: str, *args: Any) -> None:
    """A problem the player was told about (a failed save, the play log unwritable), kept in
    the log too."""
    log.warning(message, *args)


def setup_logging(folder: Path) -> Path | None:
    """Log to ``folder/frightmare.log`` (1 MiB, three old files kept); the file's path, or None
    when the folder cannot be written (the app runs on, logging to stderr only)."""
    path = folder / LOG_NAME
    for old in list(log.handlers):
        if isinstance(old, RotatingOnFirstRecord):
            log.removeHandler(old)
            old.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    handler = RotatingOnFirstRecord(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return path
