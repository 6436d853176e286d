"""The window's preferences, kept in the data directory beside the sessions."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frightmare.store.atomic import atomic_write

MAX_SETTINGS_BYTES = 256 * 1024


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    zoom: float = Field(default=1.0, ge=0.5, le=3.0)
    dark: bool = True
    geometry: str = Field(default="", max_length=4096)
    window_state: str = Field(default="", max_length=16384)
    animations: bool = True
    hints: bool = True
    last_session: str = ""


def load_settings(root: Path) -> Settings:
    """The saved preferences; a missing or damaged file gives the defaults (and is set aside)."""
    path = root / "settings.json"
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise ValueError("too large")
        return Settings.model_validate(json.loads(path.read_bytes()))
    except FileNotFoundError:
        return Settings()
    except (OSError, ValueError, ValidationError, RecursionError):
        with contextlib.suppress(OSError):
            os.replace(path, path.with_suffix(".json.damaged"))
        return Settings()


def save_settings(root: Path, settings: Settings) -> None:
    """Best effort: preferences are never worth an error dialog."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        atomic_write(root / "settings.json", settings.model_dump_json(indent=1).encode())
    except OSError:
        pass
