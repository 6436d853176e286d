"""The player's corrected board and cards: their files in the data folder, used instead of the
packaged data by every game made or reopened (``maple-lane.json``, ``cards.json``).

Whatever is wrong with a corrected file (not a file, too large, too deeply nested, not a board
or cards file), the packaged data is used and the problem is said in the player's words.
The model's loaders are imported when first asked for: listing the games needs neither.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare.store.paths import BOARD_FILE, CARDS_FILE, _
from frightmare.store.safe_io import NotARegularFile, TooLarge, kind_of, read_capped

if TYPE_CHECKING:
    from frightmare.model.box.board import Board
    from frightmare.model.box.card_data import CardBook

MAX_BOARD_BYTES = 4 * 1024 * 1024


def board_for(root: Path) -> tuple[Board, str | None]:
    """The board: the player's corrected copy in the data directory if there is one.

    Whatever is wrong with that copy (not a file, too large, too deeply nested, not a board),
    the packaged board is used and the problem is said.
    """
    from frightmare.model.box.board import BoardDataError, default_board, load_board

    override = root / BOARD_FILE
    if not os.path.lexists(override):
        return default_board(), None
    from frightmare.store.games.document import FORMAT, not_json

    try:
        text = read_capped(override, MAX_BOARD_BYTES).decode("utf-8")
        raw = json.loads(text)
        if isinstance(raw, dict) and raw.get("format") == FORMAT:
            problem = _(
                "it is a saved game, not a board (saved games belong in the sessions folder; "
                "Import game… adds one)."
            )
        elif not isinstance(raw, dict) or "spaces" not in raw:
            problem = _("it is not a board file (it has no list of spaces).")
        else:
            return load_board(text), None
    except NotARegularFile:
        problem = _("it is {kind}, not a regular file (left alone).").format(kind=kind_of(override))
    except TooLarge:
        problem = _("it is larger than any board ({size} MiB at most).").format(
            size=MAX_BOARD_BYTES // 2**20
        )
    except RecursionError:
        problem = _("it is nested too deeply to be a board.")
    except UnicodeDecodeError:
        problem = _(
            "it is not a text file the app can read (it holds bytes no board has: it may be "
            "damaged, or another kind of file)."
        )
    except json.JSONDecodeError as error:
        problem = not_json(error) + "."
    except BoardDataError as error:
        # The model's entry and problem, said here as a sentence of this message.
        problem = _entry_wrong(error.where, error.problem, error)
    except (OSError, ValueError) as error:
        problem = _("it cannot be read ({reason}).").format(
            reason=getattr(error, "strerror", None) or error
        )
    return default_board(), _(
        "Your corrected board ({file}) was not used: {problem} The board that came with the "
        "app is used instead."
    ).format(file=override, problem=problem)


def _entry_wrong(where: str | None, problem: str | None, error: Exception) -> str:
    """The model's error as a clause: the entry and what is wrong with it, when it gives
    them; else its own sentence."""
    if where is None or problem is None:
        return str(error)
    # Translators: {where} names the entry of the corrected file, {problem} what is wrong.
    return _("an entry is wrong at {where}: {problem}.").format(where=where, problem=problem)


def cards_for(root: Path) -> tuple[CardBook, str | None]:
    """The cards: the player's corrected copy in the data directory if there is one (like the
    board's); whatever is wrong with it, the packaged cards are used and the problem is said."""
    from frightmare.model.box.card_data import CardDataError, default_cards, load_cards

    override = root / CARDS_FILE
    if not os.path.lexists(override):
        return default_cards(), None
    from frightmare.store.games.document import not_json

    try:
        text = read_capped(override, MAX_BOARD_BYTES).decode("utf-8")
        raw = json.loads(text)
        if not isinstance(raw, dict) or "cards" not in raw:
            problem = _("it is not a cards file (it has no list of cards).")
        else:
            return load_cards(text), None
    except NotARegularFile:
        problem = _("it is {kind}, not a regular file (left alone).").format(kind=kind_of(override))
    except TooLarge:
        problem = _("it is larger than any cards file ({size} MiB at most).").format(
            size=MAX_BOARD_BYTES // 2**20
        )
    except RecursionError:
        problem = _("it is nested too deeply to be a cards file.")
    except UnicodeDecodeError:
        problem = _(
            "it is not a text file the app can read (it holds bytes no cards file has: it may "
            "be damaged, or another kind of file)."
        )
    except json.JSONDecodeError as error:
        problem = not_json(error) + "."
    except CardDataError as error:
        problem = _entry_wrong(error.where, error.problem, error)
    except (OSError, ValueError) as error:
        problem = _("it cannot be read ({reason}).").format(
            reason=getattr(error, "strerror", None) or error
        )
    return default_cards(), _(
        "Your corrected cards ({file}) were not used: {problem} The cards that came with the "
        "app are used instead."
    ).format(file=override, problem=problem)


class CorrectedBox:
    """The board and the cards the data folder's games use, each read when first asked for
    (the player's corrected copy, if any)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._board: Board | None = None
        self._board_problem: str | None = None
        self._cards: CardBook | None = None
        self._cards_problem: str | None = None

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board, self._board_problem = board_for(self.root)
        return self._board

    @property
    def board_problem(self) -> str | None:
        _ = self.board
        return self._board_problem

    @property
    def cards(self) -> CardBook:
        if self._cards is None:
            self._cards, self._cards_problem = cards_for(self.root)
        return self._cards

    @property
    def cards_problem(self) -> str | None:
        _ = self.cards
        return self._cards_problem

    def problems(self) -> list[str]:
        """What the saved games' list says: why a corrected file there is not used (only a
        file present is read for it)."""
        said = []
        if os.path.lexists(self.root / BOARD_FILE) and self.board_problem:
            said.append(self.board_problem)
        if os.path.lexists(self.root / CARDS_FILE) and self.cards_problem:
            said.append(self.cards_problem)
        return said
