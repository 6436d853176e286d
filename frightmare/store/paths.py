"""Where the app keeps its files."""

from __future__ import annotations

import os
from pathlib import Path


# The store's messages go through ``frightmare.i18n`` (its catalogue, its language), which is
# imported when a message is first made: listing the games at start-up makes none, and the
# first paint loads nothing it does not need (``test_startup``). The same names, so the
# extraction finds every string.
def _(message: str) -> str:
    from frightmare.i18n import _ as translated

    return translated(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    from frightmare.i18n import ngettext as translated

    return translated(singular, plural, count)


def N_(message: str) -> str:
    """Marks a module-level string for the catalogue; translated where it is shown."""
    return message


ENV_DATA_DIR = "FRIGHTMARE_DATA_DIR"

# The data folder's own files, beside its folders of games (``sessions/`` and the rest).
PLAY_LOG_FILE = "playlog.jsonl"
# Beside it: its damaged lines kept aside, and each game waiting to be written to it.
DAMAGED_LINES_FILE = "playlog-damaged.txt"
WAITING_PREFIX = "playlog-waiting-"
WAITING_SUFFIX = ".jsonl"
# Derived from it and kept beside it, hidden (made again from the log when missing, stale or
# damaged): the record in brief for a game's summary, and its lines for the Statistics.
RECORD_DIGEST_FILE = ".playlog.record"
ENTRIES_CACHE_FILE = ".playlog.entries"
SETTINGS_FILE = "settings.json"
# The player's corrected copies of the box's data, used instead of the packaged ones.
BOARD_FILE = "maple-lane.json"
CARDS_FILE = "cards.json"


class NoDataFolder(Exception):
    """Where to keep the games cannot be told (no home folder, say); ``str()`` tells the player
    the two ways to choose one."""


def shown(value: str | os.PathLike[str]) -> str:
    """A file's name or path, or a game's name read from a file, as a message shows it: a byte
    the system's encoding cannot read as ``\\xNN``, and a character that does not print (a line
    break, a terminal's escape) as its escape, so that a strange name can neither break a
    message nor colour the terminal it is printed on."""
    text = os.fspath(value)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # a byte kept by the file system's surrogate escapes
            out.append(f"\\x{code - 0xDC00:02x}")
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def _chosen(text: str | os.PathLike[str]) -> Path:
    try:
        return Path(text).expanduser().resolve()
    except (RuntimeError, OSError) as error:  # "~" with no home folder to expand it to
        raise NoDataFolder(_no_folder(str(text), error)) from None


def _no_folder(what: str, error: BaseException) -> str:
    return _(
        "Frightmare Companion cannot tell where to keep your games: {what} cannot be found "
        "({reason}). Choose a folder with --data-dir DIR, or set the {env_data_dir} "
        "environment variable to one."
    ).format(what=what, reason=error, env_data_dir=ENV_DATA_DIR)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The user data directory: ``override``, else ``$FRIGHTMARE_DATA_DIR``, else the platform's.

    The platform's is ``platformdirs.user_data_path("frightmare")``, the same for a source
    install and the packaged app, so a session made by one opens in the other. Raises
    ``NoDataFolder`` when none can be told (no home folder and no folder given).
    """
    if override:
        return _chosen(override)
    from_env = os.environ.get(ENV_DATA_DIR, "").strip()
    if from_env:
        return _chosen(from_env)
    import platformdirs  # only when no folder is given: it is most of this module's start-up

    try:
        found = platformdirs.user_data_path("frightmare", appauthor=False)
    except Exception as error:  # platformdirs' own (a RuntimeError without a home folder)
        raise NoDataFolder(_no_folder("your home folder", error)) from None
    if not found.is_absolute():
        raise NoDataFolder(_no_folder("your home folder", ValueError(f"{found} is relative")))
    return found


ENV_LOG_DIR = "FRIGHTMARE_LOG_DIR"


def log_dir(
    override: str | os.PathLike[str] | None = None, data: Path | None = None
) -> Path | None:
    """Where the log goes: ``override``, else ``$FRIGHTMARE_LOG_DIR``, else ``logs/`` in a data
    directory chosen by flag or variable (tests and portable setups stay self-contained), else
    ``platformdirs.user_log_path("frightmare")``; ``None`` when none can be told (the log then
    goes to the terminal only)."""
    try:
        if override:
            return _chosen(override)
        from_env = os.environ.get(ENV_LOG_DIR, "").strip()
        if from_env:
            return _chosen(from_env)
    except NoDataFolder:
        return None
    if data is not None:
        return None if data_logs_problem(data) else data / "logs"
    import platformdirs

    try:
        found = platformdirs.user_log_path("frightmare", appauthor=False)
    except Exception:  # platformdirs' own, as in data_dir
        return None
    return found if found.is_absolute() else None


def data_logs_problem(data: Path) -> str | None:
    """Why the data folder's ``logs/`` cannot hold the log: a link that leads out of the data
    folder (the app writes nothing outside it; one to a folder inside it is the player's
    arrangement), or something else than a folder in its place. ``None`` when it can."""
    import stat

    folder = data / "logs"
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return None  # made when first needed
    except OSError as error:
        return _("the log folder {folder} cannot be used ({reason})").format(
            folder=folder, reason=error.strerror or error
        )
    if stat.S_ISLNK(mode):
        try:
            inside = folder.resolve().is_relative_to(data.resolve())
        except (OSError, RuntimeError):  # a loop of links
            inside = False
        if inside and folder.is_dir():
            return None
        return _(
            "the log folder {folder} is a link to {target}, outside the data folder, so "
            "no log file is kept there: the app writes nothing outside its folder"
        ).format(folder=folder, target=os.readlink(folder))
    if not stat.S_ISDIR(mode):
        return _("{folder} is a file, not a folder, so no log file is kept there").format(
            folder=folder
        )
    return None
