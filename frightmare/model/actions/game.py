"""The game's own records: its name and notes, its end, and a play written into History
in the player's words."""

from __future__ import annotations

from typing import Annotated, Literal

from frightmare.i18n import _
from frightmare.model.actions.base import BaseAction, Length
from frightmare.model.game.state import MAX_NAME_LENGTH, MAX_NOTES_LENGTH, Result

MAX_NOTED = 300
MAX_WAS = 8000


class Rename(BaseAction):
    kind: Literal["rename"] = "rename"
    name: Annotated[str, Length(1, MAX_NAME_LENGTH)]

    def describe(self) -> str:
        return _("Renamed the game to “{name}”").format(name=self.name)


class EditNotes(BaseAction):
    kind: Literal["notes"] = "notes"
    notes: Annotated[str, Length(0, MAX_NOTES_LENGTH)]

    def describe(self) -> str:
        lines = self.notes.strip().splitlines()
        if not lines:
            return _("Cleared the notes")
        more = "…" if len(lines[0]) > 40 or len(lines) > 1 else ""
        return _("Notes: {notes}").format(notes=f"{lines[0][:40]}{more}")


class EndGame(BaseAction):
    kind: Literal["end-game"] = "end-game"
    result: Result

    def describe(self) -> str:
        return _("Game won: the Killer is dead") if self.result == "win" else _("Game lost")


class NotedPlay(BaseAction):
    """A play written into History in the player's words; the rules leave the table as it is.

    It records what the app would refuse, and it is what a saved step of a half no longer in
    play becomes (``was`` keeps that step as it was saved, so nothing is lost).
    """

    kind: Literal["noted"] = "noted"
    text: Annotated[str, Length(1, MAX_NOTED)]
    was: Annotated[str, Length(0, MAX_WAS)] | None = None

    def describe(self) -> str:
        # The text is the player's (or a History line kept in English when its half of the
        # box left the game): shown as written.
        return _("Noted: {text}").format(text=self.text)
