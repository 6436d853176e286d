"""The app's log: a rotating file, so an error in the windowed build is seen and kept."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

LOG_NAME = "frightmare.log"
MAX_LOG_BYTES = 1024 * 1024
KEPT_LOGS = 3

log = logging.getLogger("frightmare")


def setup_logging(folder: Path) -> Path | None:
    """Log to ``folder/frightmare.log`` (1 MiB, three old files kept); the file's path, or None
    when the folder cannot be written (the app runs on, logging to stderr only)."""
    path = folder / LOG_NAME
    for old in list(log.handlers):
        if getattr(old, "frightmare", False):
            log.removeHandler(old)
            old.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_LOG_BYTES, backupCount=KEPT_LOGS, encoding="utf-8", delay=True
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.frightmare = True  # type: ignore[attr-defined]
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return path
