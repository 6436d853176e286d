"""The Terror card's ▾ menu on the round bar: every card of the game in its place (a drawn
one marked where it is, never moved), and the card picked recorded as the model plans it, or
asked in the Terror dialog when it leaves a choice."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QMenu, QWidget

from frightmare.i18n import _
from frightmare.model.actions.journal import Action
from frightmare.model.actions.round import DrawTerror
from frightmare.model.box import names
from frightmare.model.box.card_data import CardData
from frightmare.model.cards.plan import plan_card
from frightmare.model.cards.terror import terror_cards
from frightmare.model.game.state import GameState
from frightmare.model.query.lists import terror_drawn_ids
from frightmare.ui.game.steps.terror_steps import TerrorDialog, card_label


def fill_terror_menu(
    menu: QMenu,
    state: GameState | None,
    picked: Callable[[CardData], None],
    another: Callable[[], None],
) -> None:
    """``menu`` lists the game's Terror cards (``picked`` hears the one chosen), then
    "Another card…" (``another``)."""
    menu.clear()
    if state is None:
        return
    menu.setToolTipsVisible(True)
    box = None
    drawn = terror_drawn_ids(state)
    # Every card in its place, game after game (issue 31: a drawn card moved the rows
    # under a practised click); a card drawn this game is marked where it is, and still
    # there to pick (the table is the truth).
    for card in terror_cards(state):
        if card.box != box:
            box = card.box
            menu.addSection(box)
        if card.id in drawn:
            entry = menu.addAction(_("{card} (drawn)").format(card=names.shown("card", card.name)))
            entry.setToolTip(
                _(
                    "Drawn already this game: it is out of the deck. Pick it if the table "
                    "says otherwise."
                )
            )
        else:
            entry = menu.addAction(card.name)
            if card.translated:
                entry.setToolTip(card_label(card))
        entry.triggered.connect(lambda _=False, card=card: picked(card))
    menu.addSeparator()
    menu.addAction(_("Another card…")).triggered.connect(another)


def pick_terror(
    parent: QWidget, state: GameState, card: CardData, board_space: str | None
) -> Action | None:
    """The card drawn, picked by name: recorded with the model's plan when every choice it
    leaves has one answer; else the dialog asks, the card chosen (``None``: cancelled)."""
    # Only what the card leaves to the player opens the dialog (a die, which Victim, a tie,
    # her damage): where he stops on his way, what is done by hand, is said in History
    # (cards: terror.CardPlan.asking). A space chosen on the board just before answers
    # the card's choice of a space.
    try:
        plan = plan_card(state, card, at=board_space)
        quick = not plan.asking()
    except Exception:  # a pick is never lost without a word (issue 31): the dialog asks
        logging.getLogger(__name__).exception("planning %s", card.id)
        quick = False
    if quick:
        return DrawTerror(name=card.id, steps=plan.records())
    dialog = TerrorDialog(parent, state, board_space)
    dialog.name.setCurrentIndex(max(0, dialog.name.findData(card.id)))
    if dialog.exec() == QDialog.DialogCode.Accepted:
        return dialog.action()
    return None
