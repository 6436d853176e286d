"""The window's preferences, kept in the data directory beside the sessions."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frightmare.store.atomic import atomic_write
from frightmare.store.safe_io import NotARegularFile, TooLarge, read_capped

MAX_SETTINGS_BYTES = 256 * 1024
SETTINGS_FILE = "settings.json"


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    zoom: float = Field(default=1.0, ge=0.5, le=3.0)
    dark: bool = True
    geometry: str = Field(default="", max_length=4096)
    window_state: str = Field(default="", max_length=16384)
    animations: bool = True
    hints: bool = True
    keep_awake: bool = True


def load_settings(root: Path) -> Settings:
    """The saved preferences; a missing or damaged file gives the defaults (and is set aside).

    Anything but a regular file (a FIFO, a device) is never read nor moved.
    """
    path = root / SETTINGS_FILE
    try:
        return Settings.model_validate(json.loads(read_capped(path, MAX_SETTINGS_BYTES)))
    except (FileNotFoundError, NotARegularFile):
        return Settings()
    except OSError:
        return Settings()  # unreadable (permission, I/O): left as it is
    except (TooLarge, ValueError, ValidationError, RecursionError):
        with contextlib.suppress(OSError):
            os.replace(path, path.with_suffix(".json.damaged"))
        return Settings()


def save_settings(root: Path, settings: Settings) -> None:
    """Best effort: preferences are never worth an error dialog."""
    path = root / SETTINGS_FILE
    try:
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return  # not ours to replace
        root.mkdir(parents=True, exist_ok=True)
        atomic_write(path, settings.model_dump_json(indent=1).encode())
    except OSError:
        pass
