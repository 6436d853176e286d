"""The Terror card you drew: pick it (or type its name), read what it does and how sure we are.

The list is the game's cards file (``terror.terror_cards``); a name translated from another
edition is marked. Any other name may be typed: the model resolves it as printed.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import DrawTerror
from frightmare.model.card_data import CardData
from frightmare.model.state import GameState
from frightmare.model.terror import UNKNOWN_CARD_NOTE, card_note, find_terror, terror_cards
from frightmare.ui.dream_panels import MAX_CARD_NAME, named_card, wide_popup
from frightmare.ui.wheel_guard import ComboBox

TRANSLATED_MARK = " (translated name)"


def card_label(card: CardData) -> str:
    """A card's name in a list, marked when it is translated from another edition."""
    return card.name + (TRANSLATED_MARK if card.translated else "")


class TerrorDialog(QDialog):
    """Which Terror card was drawn; what it does shows below the name."""

    def __init__(self, parent: QWidget | None = None, state: GameState | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terror card")
        self.state = state
        self.name = ComboBox()
        self.name.setEditable(True)
        self.name.setInsertPolicy(ComboBox.InsertPolicy.NoInsert)
        line = self.name.lineEdit()
        if line is not None:
            line.setMaxLength(MAX_CARD_NAME)
        self.name.setAccessibleName("Terror card")
        self.name.setToolTip("Pick the card, or type its name")
        self.cards = terror_cards(state) if state is not None else ()
        if state is None:
            from frightmare.model.card_data import default_cards

            self.cards = default_cards().of_kind("terror")
        for card in self.cards:
            self.name.addItem(card_label(card), card.id)
        # As wide as its longest name: every name reads whole, chosen and in the open list.
        labels = [card_label(card) for card in self.cards]
        longest = max((self.name.fontMetrics().horizontalAdvance(t) for t in labels), default=0)
        self.name.view().setMinimumWidth(longest + 4 * self.name.fontMetrics().averageCharWidth())
        self.name.setMinimumWidth(longest + 6 * self.name.fontMetrics().averageCharWidth())
        wide_popup(self.name)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setAccessibleName("What the card does")
        self.about.setMinimumWidth(self.fontMetrics().averageCharWidth() * 48)
        self.name.currentTextChanged.connect(lambda _text: self._describe())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Which Terror card did you draw?"))
        layout.addWidget(self.name)
        layout.addWidget(self.about)
        layout.addWidget(buttons)
        self._describe()

    def chosen_name(self) -> str | None:
        """The card's id when a listed card is chosen, else the name typed."""
        return named_card(self.name)

    def card(self) -> CardData | None:
        name = self.chosen_name()
        if name is None:
            return None
        if self.state is not None:
            return find_terror(self.state, name)
        return next((c for c in self.cards if c.id == name), None)

    def _describe(self) -> None:
        card = self.card()
        if card is not None:
            self.about.setText(card_note(card))
        else:
            self.about.setText(UNKNOWN_CARD_NOTE if self.chosen_name() else "")

    def action(self) -> DrawTerror | None:
        name = self.chosen_name()
        return DrawTerror(name=name) if name else None

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState | None = None) -> DrawTerror | None:
        dialog = cls(parent, state)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()
