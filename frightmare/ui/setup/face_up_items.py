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

from frightmare.i18n import N_, _
from frightmare.model.box.board import QUADRANT_NAMES, quadrant_label, quadrant_title
from frightmare.model.box.cards import ITEM_CARD_NAMES
from frightmare.model.box.names import shown
from frightmare.ui.setup.box_names import english_name
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import ComboBox


def _editable_combo(values: tuple[str, ...], accessible: str) -> QComboBox:
    combo = ComboBox()
    combo.setEditable(True)
    for value in values:  # each card as the player's edition names it, its English kept
        combo.addItem(shown("card", value) if value else "", value)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setAccessibleName(accessible)
    combo.setToolTip(
        # Translators: {field} is the list's name, e.g. "Northwest Item".
        _("{field}: pick one from the box, or type another name").format(field=accessible)
    )
    return combo


ITEMS_NOT_NAMED = N_("Not named (optional)")


def items_line(names: tuple[str | None, ...]) -> str:
    """The face-up Items named at setup, in a line (quadrant: name)."""
    named = [
        # Translators: a face-up Item, e.g. "NW Knife"; {quadrant} is the quadrant's short name.
        _("{quadrant} {card}").format(quadrant=quadrant_label(q), card=shown("card", n))
        for q, n in zip(QUADRANT_NAMES, names, strict=False)
        if n
    ]
    return ", ".join(named) if named else _(ITEMS_NOT_NAMED)


class FaceUpItemsDialog(OnScreenDialog):
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
            title = quadrant_title(quadrant)
            # Translators: a face-up Item's list, e.g. "Northwest Item".
            accessible = _("{quadrant} Item").format(quadrant=title)
            combo = _editable_combo(("", *ITEM_CARD_NAMES), accessible)
            combo.setToolTip(_("Pick the card's name, type another, or leave it blank"))
            named = names[n] if n < len(names) else None
            combo.setCurrentText(shown("card", named) if named else "")
            self.combos.append(combo)
            # Translators: a form's label, {quadrant} e.g. "Northwest"; & marks the shortcut key.
            form.addRow(_("&{quadrant}:").format(quadrant=title), combo)
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
        named = tuple(english_name(c) or None for c in self.combos)
        return named if any(named) else ()

    @classmethod
    def ask(
        cls, parent: QWidget | None, names: tuple[str | None, ...]
    ) -> tuple[str | None, ...] | None:
        """The names chosen (``()`` for none), or ``None`` if cancelled."""
        dialog = cls(names, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.names() if dialog.exec() == QDialog.DialogCode.Accepted else None
