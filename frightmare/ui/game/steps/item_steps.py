"""Her Items used, step by step: each way the chosen Item can be used (``items.item_uses``: the
Rifle's shot, a use of the Trash-Can Lid, the Crucifix, the Lucky Dice), one button each; and
where the Bicycle token goes when she takes it on a Street space.

What each use does is the model's (the cards file's, one source for Maple Lane's Items): the
dialog only shows it, and the model answers the play ("the table is the truth": a refusal
can be recorded anyway).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model.actions.lane import Place
from frightmare.model.actions.round import UseItem
from frightmare.model.box import names
from frightmare.model.box.card_data import CONFIDENCE_NAMES
from frightmare.model.game.state import GameState
from frightmare.model.lane.items import ItemUse, item_uses
from frightmare.model.lane.movement import BICYCLE_QUESTION, bicycle_spaces
from frightmare.ui.widgets.dialogs import ok_cancel
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import ComboBox


class ItemUseDialog(OnScreenDialog):
    """One button per way to use her Item: a click records that use."""

    def __init__(self, state: GameState, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.chosen: ItemUse | None = None
        name = (
            names.shown("card", state.table.held[index].name)
            if index < len(state.table.held)
            else _("Item")
        )
        self.setWindowTitle(_("Use {item}").format(item=name))
        layout = QVBoxLayout(self)
        self.uses = item_uses(state, index)
        layout.addWidget(QLabel(_("How do you use {item}?").format(item=name)))
        self.buttons: list[QPushButton] = []
        for use in self.uses:
            button = QPushButton(
                _("{use} (then discard it)").format(use=use.label) if use.discard else use.label
            )
            button.setAccessibleName(use.label)
            button.setToolTip(
                _("Source: {source}").format(source=_(CONFIDENCE_NAMES[use.confidence]))
            )
            button.clicked.connect(lambda _=False, u=use: self._choose(u))
            self.buttons.append(button)
            layout.addWidget(button)
        from PySide6.QtWidgets import QDialogButtonBox  # named once shown (``ok_cancel``)

        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def _choose(self, use: ItemUse) -> None:
        self.chosen = use
        self.accept()

    def action(self) -> UseItem | None:
        return None if self.chosen is None else self.chosen.action(self.index)

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState, index: int) -> UseItem | None:
        dialog = cls(state, index, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()


class BicycleDialog(OnScreenDialog):
    """Item: Bicycle: "place the Bicycle token on the Street space adjacent to you": which
    one, when she stands on a Street space with more than one next to it."""

    def __init__(self, state: GameState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("The Bicycle token"))
        self.space = ComboBox()
        self.space.setAccessibleName(_("Street space for the Bicycle"))
        for space in bicycle_spaces(state):
            self.space.addItem(state.board.label(space), space)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(BICYCLE_QUESTION))
        layout.addWidget(self.space)
        layout.addWidget(buttons)

    def action(self) -> Place | None:
        space = self.space.currentData()
        return Place(piece="bicycle", space=space) if isinstance(space, str) else None

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState) -> Place | None:
        dialog = cls(state, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()
