"""Actions: one small typed record for each thing a player does.

Actions are what the journal stores and the session file saves, so each is a pydantic model
with a ``kind`` tag; ``Action`` is their discriminated union.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from frightmare.model.state import MAX_NAME_LENGTH, MAX_NOTES_LENGTH


class BaseAction(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def describe(self) -> str:
        """One line for the history list."""
        raise NotImplementedError


class Rename(BaseAction):
    kind: Literal["rename"] = "rename"
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)

    def describe(self) -> str:
        return f"Renamed the game to “{self.name}”"


class EditNotes(BaseAction):
    kind: Literal["notes"] = "notes"
    notes: str = Field(max_length=MAX_NOTES_LENGTH)

    def describe(self) -> str:
        lines = self.notes.strip().splitlines()
        if not lines:
            return "Cleared the notes"
        more = "…" if len(lines[0]) > 40 or len(lines) > 1 else ""
        return f"Notes: {lines[0][:40]}{more}"


Action = Annotated[Rename | EditNotes, Field(discriminator="kind")]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
JOURNAL_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])
