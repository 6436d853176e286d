"""Sessions on disk: paths, the file format and its migrations, atomic writes. No Qt.

Names load on first use (see ``frightmare.model``), keeping start-up light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frightmare.lazy import lazy_exports

if TYPE_CHECKING:
    from frightmare.store.data_folder import PendingImport, SessionStore
    from frightmare.store.errors import BrokenSessionFile, NewerSessionFile, SessionFileError
    from frightmare.store.games.document import SCHEMA_VERSION, SessionHeader, parse_header
    from frightmare.store.games.full_document import SessionDocument, parse_document
    from frightmare.store.games.game_file import (
        ReadOnlySession,
        Session,
        UnreadableSessionFile,
        read_document,
    )
    from frightmare.store.games.lock import SessionLocked
    from frightmare.store.listing import ScanResult, SessionSummary
    from frightmare.store.paths import ENV_DATA_DIR, data_dir
    from frightmare.store.playlog.playlog import PlayLog
    from frightmare.store.settings import Settings, load_settings, save_settings

_HOMES = {
    "SCHEMA_VERSION": "games.document",
    "BrokenSessionFile": "errors",
    "NewerSessionFile": "errors",
    "SessionFileError": "errors",
    "SessionHeader": "games.document",
    "parse_header": "games.document",
    "SessionDocument": "games.full_document",
    "parse_document": "games.full_document",
    "ENV_DATA_DIR": "paths",
    "data_dir": "paths",
    "SessionLocked": "games.lock",
    "PendingImport": "data_folder",
    "ReadOnlySession": "games.game_file",
    "UnreadableSessionFile": "games.game_file",
    "PlayLog": "playlog.playlog",
    "ScanResult": "listing",
    "Session": "games.game_file",
    "SessionStore": "data_folder",
    "SessionSummary": "listing",
    "read_document": "games.game_file",
    "Settings": "settings",
    "load_settings": "settings",
    "save_settings": "settings",
}

__all__ = [
    "ENV_DATA_DIR",
    "SCHEMA_VERSION",
    "BrokenSessionFile",
    "NewerSessionFile",
    "PendingImport",
    "PlayLog",
    "ReadOnlySession",
    "ScanResult",
    "Session",
    "SessionDocument",
    "SessionFileError",
    "SessionHeader",
    "SessionLocked",
    "SessionStore",
    "SessionSummary",
    "Settings",
    "UnreadableSessionFile",
    "data_dir",
    "load_settings",
    "parse_document",
    "parse_header",
    "read_document",
    "save_settings",
]


__getattr__ = lazy_exports(__name__, _HOMES)
