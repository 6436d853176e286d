"""What can go wrong with a session file, and the loader's limits (no pydantic: listing known
sessions at start-up needs neither)."""

from __future__ import annotations

from typing import ClassVar

from frightmare.store.paths import _

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_JOURNAL_LENGTH = 200_000


class SessionFileError(Exception):
    """A session file that cannot be opened; ``str()`` is a message for the player.
    ``says_left_alone``: the message itself says the file was left where it is (a caller adds
    no sentence saying it again; read from the type, never from the message's words)."""

    says_left_alone: ClassVar[bool] = False


class BrokenSessionFile(SessionFileError):
    """Damaged or not a session file at all."""


class NewerSessionFile(SessionFileError):
    """Written by a newer version of the app: left untouched, never rewritten."""

    says_left_alone = True


def unexpected(error: Exception) -> str:
    """What the player is told of an error of the app's own while a file was read (no file
    should be able to cause it): the file is left where it is, every other game is fine."""
    return _(
        "something unexpected went wrong while reading it ({kind}: {reason}; the details "
        "are in the app's log)"
    ).format(kind=type(error).__name__, reason=error)
