"""The window's preferences, kept in the data directory beside the sessions."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from frightmare.store.atomic import atomic_write
from frightmare.store.safe_io import NotARegularFile, TooLarge, read_capped

log = logging.getLogger("frightmare")

MAX_SETTINGS_BYTES = 256 * 1024
SETTINGS_FILE = "settings.json"

# Plain data, checked by hand: start-up reads the settings before anything needs pydantic.
WINDOW_STATE_LIMIT = 16384
_TEXT_LIMITS = {
    "geometry": 4096,
    "window_state": WINDOW_STATE_LIMIT,
    "new_game": 4096,
    "language": 32,
}


@dataclass
class Settings:
    zoom: float = 1.0
    dark: bool = True
    geometry: str = ""
    window_state: str = ""
    animations: bool = True
    hints: bool = True
    keep_awake: bool = True
    # The New game dialog's last choices (JSON text of the setup's fields), offered next time.
    new_game: str = ""
    # Where the player left off: the game open when the window closed (its id, "" for
    # none), and the window maximized or full screen then (a first launch opens maximized).
    game_in_progress: str = ""
    maximized: bool = True
    full_screen: bool = False
    # Your collection: the ids of the boxes you own, a JSON list ("" until you first tick
    # them: the core box and Frightmare on Maple Lane).
    collection: str = ""
    # Where the game screen last drew its board (ui/first_frame.py's ``board_place``): the
    # next launch's first frame draws it there, when the window has the same size and zoom.
    board_place: str = ""
    # The language chosen in View -> Language ("" for the system's); --lang and
    # FRIGHTMARE_LANG win over it for one launch.
    language: str = ""

    @classmethod
    def from_json(cls, raw: object) -> Settings:
        """The settings in ``raw`` (unknown keys ignored); raises ``ValueError`` on a wrong
        value, so a damaged file gives the defaults."""
        if not isinstance(raw, dict):
            raise ValueError("the settings are not a record")
        settings = cls()
        for item in fields(cls):
            if item.name not in raw:
                continue
            value = raw[item.name]
            default = getattr(settings, item.name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"{item.name} is not true or false")
            elif isinstance(default, float):
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise ValueError(f"{item.name} is not a number")
                value = float(value)
                if not 0.5 <= value <= 3.0:
                    raise ValueError(f"{item.name} is out of range")
            elif item.name == "language" and (not isinstance(value, str) or len(value) > 32):
                # Only a preference: the rest of the file holds; start-up picks another.
                log.warning("The language kept in the settings is not a short text: ignored")
                continue
            elif not isinstance(value, str) or len(value) > _TEXT_LIMITS.get(item.name, 4096):
                raise ValueError(f"{item.name} is not a short text")
            setattr(settings, item.name, value)
        return settings

    def to_json(self) -> bytes:
        return json.dumps(asdict(self), indent=1).encode()


def load_settings(root: Path) -> Settings:
    """The saved preferences; a missing or damaged file gives the defaults (and is set aside).

    Anything but a regular file (a FIFO, a device) is never read nor moved.
    """
    path = root / SETTINGS_FILE
    try:
        return Settings.from_json(json.loads(read_capped(path, MAX_SETTINGS_BYTES)))
    except (FileNotFoundError, NotARegularFile):
        return Settings()
    except OSError:
        return Settings()  # unreadable (permission, I/O): left as it is
    except (TooLarge, ValueError, RecursionError):
        with contextlib.suppress(OSError):
            os.replace(path, path.with_suffix(".json.damaged"))
        return Settings()


def save_settings(root: Path, settings: Settings) -> str | None:
    """Best effort: preferences are never worth an error dialog. ``None`` when they are
    saved; else why not, in the player's words (the window says so once)."""
    path = root / SETTINGS_FILE
    try:
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(path).st_mode):
                # Not ours to replace: a folder, a link or a device of that name stays.
                return f"{path} is not a plain file, and is left as it is"
        root.mkdir(parents=True, exist_ok=True)
        atomic_write(path, settings.to_json())
    except OSError as error:
        return f"{path} cannot be written ({error.strerror or error})"
    return None
