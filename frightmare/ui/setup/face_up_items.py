"""The face-up Items named at setup: the top card of each quadrant's Item deck, any left unnamed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box.board import QUADRANT_NAMES, QUADRANT_TITLES
from frightmare.model.box.cards import ITEM_CARD_NAMES
from frightmare.ui.widgets.wheel_guard import ComboBox


def _editable_combo(values: tuple[str, ...], accessible: str) -> QComboBox:
    combo = ComboBox()
    combo.setEditable(True)
    combo.addItems(list(values))
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setAccessibleName(accessible)
    combo.setToolTip(f"{accessible}: pick one from the box, or type another name")
    return combo


ITEMS_NOT_NAMED = "Not named (optional)"


def items_line(names: tuple[str | None, ...]) -> str:
    """The face-up Items named at setup, in a line (quadrant: name)."""
    named = [f"{q} {n}" for q, n in zip(QUADRANT_NAMES, names, strict=False) if n]
    return ", ".join(named) if named else ITEMS_NOT_NAMED


class FaceUpItemsDialog(QDialog):
    """Name the four face-up Item cards, one per quadrant's deck (rulebook, Special Setup 1:
    "The top Item card of each deck is revealed"); any may stay unnamed."""

    def __init__(self, names: tuple[str | None, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Face-up Items"))
        intro = QLabel(
            _(
                "The top card of each quadrant's Item deck is face up. Name the ones you see, or "
                "leave them blank: you can name them during the game too."
            )
        )
        intro.setWordWrap(True)
        form = QFormLayout()
        self.combos: list[QComboBox] = []
        for n, quadrant in enumerate(QUADRANT_NAMES):
            combo = _editable_combo(("", *ITEM_CARD_NAMES), f"{QUADRANT_TITLES[quadrant]} Item")
            combo.setToolTip(_("Pick the card's name, type another, or leave it blank"))
            combo.setCurrentText((names[n] if n < len(names) else None) or "")
            self.combos.append(combo)
            form.addRow(f"&{QUADRANT_TITLES[quadrant]}:", combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def names(self) -> tuple[str | None, ...]:
        named = tuple(" ".join(c.currentText().split()) or None for c in self.combos)
        return named if any(named) else ()

    @classmethod
    def ask(
        cls, parent: QWidget | None, names: tuple[str | None, ...]
    ) -> tuple[str | None, ...] | None:
        """The names chosen (``()`` for none), or ``None`` if cancelled."""
        dialog = cls(names, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.names() if dialog.exec() == QDialog.DialogCode.Accepted else None
