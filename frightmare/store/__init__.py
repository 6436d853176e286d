"""Sessions on disk: paths, the file format and its migrations, atomic writes. No Qt."""

from frightmare.store.document import (
    SCHEMA_VERSION,
    BrokenSessionFile,
    NewerSessionFile,
    SessionDocument,
    SessionFileError,
    parse_document,
)
from frightmare.store.paths import ENV_DATA_DIR, data_dir
from frightmare.store.playlog import PlayLog
from frightmare.store.sessions import (
    ScanResult,
    Session,
    SessionStore,
    SessionSummary,
    read_document,
)
from frightmare.store.settings import Settings, load_settings, save_settings

__all__ = [
    "ENV_DATA_DIR",
    "SCHEMA_VERSION",
    "BrokenSessionFile",
    "NewerSessionFile",
    "PlayLog",
    "ScanResult",
    "Session",
    "SessionDocument",
    "SessionFileError",
    "SessionStore",
    "SessionSummary",
    "Settings",
    "data_dir",
    "load_settings",
    "parse_document",
    "read_document",
    "save_settings",
]
