"""The window's preferences, kept in the data directory beside the sessions.

Two windows share one file (issue 32): a window writes only the settings it changed since it
read or last wrote them, merged under a lock with the file as it is then; the collection is
merged box by box (what this window ticked and unticked), so two windows' ticks add up. A
value of the file that is wrong (a type, a range) is ignored on its own, with one line in the
app's log: the other settings hold.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path

from frightmare.model.values import frozen
from frightmare.store.atomic import atomic_write
from frightmare.store.paths import SETTINGS_FILE, _
from frightmare.store.safe_io import NotARegularFile, TooLarge, read_capped

MAX_SETTINGS_BYTES = 256 * 1024

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
    # What this window last read or wrote of the file: a setting that still has that value
    # was not changed here, so a save takes the file's (another window's) instead.
    base: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def from_json(cls, raw: object) -> Settings:
        """The settings in ``raw`` (unknown keys ignored); a wrong value is ignored (its
        default kept) with one line in the log. Raises ``ValueError`` when ``raw`` is not a
        record at all, so a damaged file gives the defaults."""
        if not isinstance(raw, dict):
            raise ValueError("the settings are not a record")
        settings = cls()
        for item in _SAVED:
            if item not in raw:
                continue
            try:
                setattr(settings, item, _checked(item, raw[item], getattr(settings, item)))
            except ValueError as error:
                from frightmare.store.logs import log_problem

                log_problem("settings.json: %s, so it is ignored (its default is used)", error)
        return settings

    def values(self) -> dict[str, object]:
        """The settings kept in the file, by name."""
        return {name: getattr(self, name) for name in _SAVED}

    def to_json(self) -> bytes:
        return json.dumps(self.values(), indent=1).encode()


_SAVED = tuple(item.name for item in fields(Settings) if item.name != "base")


def _checked(name: str, value: object, default: object) -> object:
    """``value`` as the setting ``name`` takes it; ``ValueError`` (in English: it goes to the
    log, never to the player) when it is of the wrong type or out of range."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} is not true or false")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{name} is not a number")
        try:
            number = float(value)
        except OverflowError:  # an integer past a float's range
            raise ValueError(f"{name} is out of range") from None
        if not 0.5 <= number <= 3.0:  # NaN fails this too
            raise ValueError(f"{name} is out of range")
        return number
    if not isinstance(value, str) or len(value) > _TEXT_LIMITS.get(name, 4096):
        raise ValueError(f"{name} is not a short text")
    return value


def load_settings(root: Path) -> Settings:
    """The saved preferences; a missing or damaged file gives the defaults (and is set aside).

    Anything but a regular file (a FIFO, a device) is never read nor moved.
    """
    settings = _read(root / SETTINGS_FILE, set_aside=True)
    settings.base = settings.values()
    return settings


def _read(path: Path, *, set_aside: bool) -> Settings:
    try:
        return Settings.from_json(json.loads(read_capped(path, MAX_SETTINGS_BYTES)))
    except (FileNotFoundError, NotARegularFile):
        return Settings()
    except OSError:
        return Settings()  # unreadable (permission, I/O): left as it is
    except (TooLarge, ValueError, RecursionError):
        if set_aside:
            with contextlib.suppress(OSError):
                os.replace(path, path.with_suffix(".json.damaged"))
        return Settings()


def merged(mine: Settings, theirs: Settings) -> dict[str, object]:
    """The file's settings (``theirs``) with what this window (``mine``) changed since its
    ``base``: the collection box by box, every other setting whole."""
    values = theirs.values()
    base = mine.base
    for name, value in mine.values().items():
        if name not in base or base[name] != value:
            values[name] = value
    if "collection" in base and base["collection"] != mine.collection:
        was, now, there = (
            _owned(t) for t in (base["collection"], mine.collection, theirs.collection)
        )
        if was is not None and now is not None and there is not None:
            values["collection"] = json.dumps(sorted((there | (now - was)) - (was - now)))
    return values


def _owned(text: object) -> set[str] | None:
    """The box ids a collection's text lists (``None``: no list of ids; "": the default's)."""
    if text == "":
        from frightmare.model.record.collection import DEFAULT_OWNED

        return set(DEFAULT_OWNED)
    if not isinstance(text, str):
        return None
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(raw, list) or not all(isinstance(i, str) for i in raw):
        return None
    return set(raw)


SETTINGS_WAIT = 5.0


@contextlib.contextmanager
def _settings_lock(root: Path) -> Iterator[None]:
    """The settings file's writer lock (filelock, as the play log's): held from the read of
    the file to its replace. Where the folder cannot lock files the save goes on unlocked."""
    from filelock import FileLock

    from frightmare.store.games.lock import NO_LOCKING

    lock = FileLock(root / f".{SETTINGS_FILE}.lock", timeout=SETTINGS_WAIT, thread_local=False)
    try:
        lock.acquire()
    except OSError as error:
        if error.errno not in NO_LOCKING:
            raise
        yield
        return
    try:
        yield
    finally:
        lock.release()


def save_settings(root: Path, settings: Settings) -> str | None:
    """Best effort: preferences are never worth an error dialog. ``None`` when they are
    saved; else why not, in the player's words (the window says so once)."""
    path = root / SETTINGS_FILE
    try:
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(path).st_mode):
                # Not ours to replace: a folder, a link or a device of that name stays.
                return _("{path} is not a plain file, and is left as it is").format(path=path)
        root.mkdir(parents=True, exist_ok=True)
        with _settings_lock(root):
            values = merged(settings, _read(path, set_aside=False))
            for name, value in values.items():
                setattr(settings, name, value)
            atomic_write(path, settings.to_json())
            settings.base = values
    except OSError as error:
        return _("{path} cannot be written ({reason})").format(
            path=path, reason=error.strerror or error
        )
    return None


# A coordinate Qt takes (a C int) and a zoom the app offers.
_COORDINATE = range(-(2**31), 2**31)


@frozen(slots=False)
class BoardPlace:
    """``board_place`` read: the page's size, the zoom, and where the board was drawn."""

    width: int
    height: int
    zoom: float
    x: int
    y: int
    w: int
    h: int


def read_board_place(text: str) -> BoardPlace | None:
    """The ``board_place`` setting (``"WxH@zoom:x,y,w,h"``); ``None`` for none, and for a
    damaged or out-of-range text, which is said once in the log."""
    if not text:
        return None
    try:
        size, rest = text.split("@", 1)
        at, place = rest.split(":", 1)
        width, height = (int(n) for n in size.split("x"))
        x, y, w, h = (int(n) for n in place.split(","))
        zoom = float(at)
    except ValueError:
        problem = "is not a place"
    else:
        if all(n in _COORDINATE for n in (width, height, x, y, w, h)) and 0.5 <= zoom <= 3.0:
            return BoardPlace(width, height, zoom, x, y, w, h)
        problem = "is out of range"
    from frightmare.store.logs import log_problem

    log_problem("settings.json: board_place %r %s, so it is ignored", text[:80], problem)
    return None
