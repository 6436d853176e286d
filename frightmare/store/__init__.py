"""Sessions on disk: paths, the file format and its migrations, atomic writes. No Qt.

Names load on first use (see ``frightmare.model``), keeping start-up light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frightmare.lazy import lazy_exports

if TYPE_CHECKING:
    from frightmare.store.document import SCHEMA_VERSION, SessionHeader, parse_header
    from frightmare.store.errors import BrokenSessionFile, NewerSessionFile, SessionFileError
    from frightmare.store.full_document import SessionDocument, parse_document
    from frightmare.store.lock import SessionLocked
    from frightmare.store.paths import ENV_DATA_DIR, data_dir
    from frightmare.store.playlog import PlayLog
    from frightmare.store.sessions import (
        PendingImport,
        ReadOnlySession,
        ScanResult,
        Session,
        SessionStore,
        SessionSummary,
        UnreadableSessionFile,
        read_document,
    )
    from frightmare.store.settings import Settings, load_settings, save_settings

_HOMES = {
    "SCHEMA_VERSION": "document",
    "BrokenSessionFile": "errors",
    "NewerSessionFile": "errors",
    "SessionFileError": "errors",
    "SessionHeader": "document",
    "parse_header": "document",
    "SessionDocument": "full_document",
    "parse_document": "full_document",
    "ENV_DATA_DIR": "paths",
    "data_dir": "paths",
    "SessionLocked": "lock",
    "PendingImport": "sessions",
    "ReadOnlySession": "sessions",
    "UnreadableSessionFile": "sessions",
    "PlayLog": "playlog",
    "ScanResult": "sessions",
    "Session": "sessions",
    "SessionStore": "sessions",
    "SessionSummary": "sessions",
    "read_document": "sessions",
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
