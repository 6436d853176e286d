"""The Terror cards a game can draw, and what the app says of a card (its summary, how sure we
are of it, whether its name is a translation).

The cards come from the game's cards file (``state.cards``: the packaged one, or the player's
corrected copy): Dr. Fright's 16 when he is the Killer, Maple Lane's 8 when she plays there.
Any other name may be typed ("the table is the truth") and is resolved as printed.
"""

from __future__ import annotations

from frightmare.i18n import N_, _
from frightmare.model.box.card_data import CONFIDENCE_NAMES, KIND_TITLES, CardData
from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.box.names import names
from frightmare.model.game.state import GameState

# Shown with ``_``.
TRANSLATED_NOTE = N_(
    "Name translated from another edition: your English card may differ (correct it in your "
    "copy of cards.json)."
)
# Said of a name of the player's language that rests on one source or a fan translation.
DOUBTFUL_NOTE = N_(
    "This name rests on one source or a fan translation: your card may read otherwise "
    "(correct it in your copy of the names file)."
)

# The card lists' mark for a translated name (italics), said once under the list.
TRANSLATED_LEGEND = N_("In italics: a name translated from another edition (your card may differ).")

UNKNOWN_CARD_NOTE = N_(
    "A card the app does not know: resolve it as printed (the app tracks that it is out)."
)


def terror_cards(state: GameState) -> tuple[CardData, ...]:
    """The Terror cards of the halves of the box in this game, in the box's order."""
    cards = state.cards
    chosen: list[CardData] = []
    if state.setup.has_dr_fright:
        chosen += cards.of_kind("terror", box=DR_FRIGHT)
    if state.setup.on_maple_lane:
        chosen += cards.of_kind("terror", box=MAPLE_LANE)
    return tuple(chosen)


def find_terror(state: GameState, text: str) -> CardData | None:
    """The Terror card ``text`` names among this game's (by any of its names), or ``None``."""
    card = state.cards.find("terror", text)
    return card if card is not None and card in terror_cards(state) else None


def card_note(card: CardData) -> str:
    """What the app says of ``card``: what it does (in the app's words), how sure we are,
    and whether its name is a translation.

    >>> from frightmare.model.box.card_data import default_cards
    >>> print(card_note(default_cards().by_id["Ewwww! That's disgusting!"]).splitlines()[:2])
    ['Terror card. +2 Horror, and nothing else.', 'Source: one unofficial source.']
    """
    # Translators: a card's kind ("Terror card") and what it does.
    lines = [_("{kind}. {summary}").format(kind=_(KIND_TITLES[card.kind]), summary=_(card.summary))]
    if card.doubt:
        lines.append(_("Doubt: {doubt}").format(doubt=_(card.doubt)))
    lines.append(_("Source: {source}.").format(source=_(CONFIDENCE_NAMES[card.confidence])))
    name = names().get("card", card.id)
    if name is not None:
        if name.doubtful:
            lines.append(_(DOUBTFUL_NOTE))
    elif card.translated:
        lines.append(_(TRANSLATED_NOTE))
    return "\n".join(lines)
