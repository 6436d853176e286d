"""What the actions name, as the player reads them: a board space (in the describing
board's words), an Item card, a card typed by name."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated

from frightmare.model.actions.base import Length
from frightmare.model.box.board import Board, default_board
from frightmare.model.box.cards import DR_FRIGHT, ItemCardName, TypedName
from frightmare.model.box.names import shown

# The names the card actions carry: a known card's, or any other the player typed ("the
# table is the truth"). A plain string in the journal, as in every older save file. A card
# action takes the player's text (``str``) and holds it as a known card's name or a
# ``TypedName`` (the validation sorts it): its ``__init__`` says so to the type checker, one
# keyword per field (a test checks them against the fields).
TypedCardName = Annotated[TypedName, Length(1, 60)]

# The board whose names descriptions use: the packaged one, or a game's own (``on_board``).
_BOARD: ContextVar[Board | None] = ContextVar("describing_board", default=None)


@contextmanager
def on_board(board: Board) -> Iterator[None]:
    """Within this block, actions describe spaces with ``board``'s names."""
    token = _BOARD.set(board)
    try:
        yield
    finally:
        _BOARD.reset(token)


def space_name(space_id: str | None) -> str:
    """A space as the describing board names it (``on_board``, else the packaged one)."""
    return (_BOARD.get() or default_board()).label(space_id)


def fright() -> str:
    """Dr. Fright as the player's edition names him, in the lines that name him (History puts
    the game's own Killer in his place)."""
    return shown("killer", DR_FRIGHT)


def card_shown(name: str) -> str:
    """A card an action names, as the player's edition names it (any other name as typed)."""
    return shown("card", name)


SpaceId = Annotated[str, Length(1, 40)]
# An Item card as the player reads it: one of the box's, or any other name typed.
ItemName = ItemCardName | Annotated[TypedName, Length(1, 60)]
