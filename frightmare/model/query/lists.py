"""What the screen's lists offer: only what may still be drawn (issue 31: "lists offer what is
already out"). An Item card is out while every copy the box holds is in her hands, in the
discard pile, known in a deck, on the board (the Bicycle) or drawn in the same Search; a
Terror card is out once drawn this game. Out is marked, never removed: the rows keep their
places, and the table is the truth (a marked row still records, with a word).

Sources: the cards file's copies (``cards.json``: one of each Item unless it says more); rules
notes §1 (the Terror deck is never reshuffled).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from frightmare.i18n import _
from frightmare.model.box.cards import BICYCLE
from frightmare.model.game.state import GameState
from frightmare.model.round.killer_turn import drawn_terror


def items_out(state: GameState, drawn: Iterable[str | None] = ()) -> dict[str, str]:
    """The Item names no card still to draw can be, each with why (her hands, the discard
    pile, a deck where it is known, the board, this Search's card already named)."""
    table = state.table
    where: dict[str, list[str]] = {}
    seen: Counter[str] = Counter()

    def count(name: str | None, why: str) -> None:
        if name is None:
            return
        card = state.cards.find("item", str(name))
        key = card.name if card is not None else str(name)
        seen[key] += 1
        where.setdefault(key, []).append(why)

    for held in table.held:
        count(str(held.name), _("in your hands"))
    for name in table.discarded:
        count(str(name), _("discarded"))
    for deck in table.decks:
        for item in deck:
            count(str(item.name) if item.name else None, _("known in a deck"))
    if table.bicycle is not None and not any(str(h.name) == BICYCLE for h in table.held):
        count(BICYCLE, _("on the board"))
    for named in drawn:
        count(named, _("drawn in this Search"))
    out: dict[str, str] = {}
    for key, n in seen.items():
        data = state.cards.find("item", key)
        copies = data.copies if data is not None else 1
        if n >= copies:
            out[key] = ", ".join(dict.fromkeys(where[key]))
    return out


def terror_drawn_ids(state: GameState) -> frozenset[str]:
    """The Terror cards drawn this game (by card id): marked in the lists, never proposed."""
    return drawn_terror(state)
