"""The whole session file, the journal's actions included (what opening a session needs)."""

from __future__ import annotations

from pydantic import Field

from frightmare.model.actions.journal import Action
from frightmare.store.games.document import MAX_JOURNAL_LENGTH, SessionHeader, load_raw, validate


class SessionDocument(SessionHeader):
    """One saved session, exactly as it is on disk (current schema), fully validated."""

    journal: list[Action] = Field(max_length=MAX_JOURNAL_LENGTH)


def parse_document(data: bytes) -> SessionDocument:
    """Validate and migrate the bytes of a session file; raises ``SessionFileError``."""
    return validate(SessionDocument, load_raw(data))
