"""Where the app keeps its files."""

from __future__ import annotations

import os
from pathlib import Path

ENV_DATA_DIR = "FRIGHTMARE_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The user data directory: ``override``, else ``$FRIGHTMARE_DATA_DIR``, else the platform's.

    The platform's is ``platformdirs.user_data_path("frightmare")``, the same for a source
    install and the packaged app, so a session made by one opens in the other.
    """
    if override:
        return Path(override).expanduser().resolve()
    from_env = os.environ.get(ENV_DATA_DIR, "").strip()
    if from_env:
        return Path(from_env).expanduser().resolve()
    import platformdirs  # only when no folder is given: it is most of this module's start-up

    return platformdirs.user_data_path("frightmare", appauthor=False)


ENV_LOG_DIR = "FRIGHTMARE_LOG_DIR"


def log_dir(override: str | os.PathLike[str] | None = None, data: Path | None = None) -> Path:
    """Where the log goes: ``override``, else ``$FRIGHTMARE_LOG_DIR``, else ``logs/`` in a data
    directory chosen by flag or variable (tests and portable setups stay self-contained), else
    ``platformdirs.user_log_path("frightmare")``."""
    if override:
        return Path(override).expanduser().resolve()
    from_env = os.environ.get(ENV_LOG_DIR, "").strip()
    if from_env:
        return Path(from_env).expanduser().resolve()
    if data is not None:
        return data / "logs"
    import platformdirs

    return platformdirs.user_log_path("frightmare", appauthor=False)
