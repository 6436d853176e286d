"""The effects in force, shown on the board while they last (issue 31): a column of small
chips in the board's empty top-left corner, one per card, each chip's whole text in its
tooltip and accessible name. It takes no height from the side column.

What is in force is the model's to say (``query.in_force``); the strip only shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model.game.state import GameState
from frightmare.model.query.in_force import InForce, in_force
from frightmare.ui.theme import set_style_property

GAP = 4  # between the chips, and from the corner's edges (pixels)


class LastingChip(QLabel):
    """One card's effects in force: its name (elided to the corner's width), its whole text
    in the tooltip and the accessible name."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lastingChip")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.key = ""
        self.title = ""
        self.whole = ""

    def show_effects(self, effects: list[InForce]) -> None:
        first = effects[0]
        self.key = "|".join(x.key for x in effects)
        self.title = first.card_shown
        self.whole = "\n".join(x.text for x in effects)
        # Translators: the accessible name of a chip on the board: an effect in force.
        self.setAccessibleName(_("In force: {effect}").format(effect=self.whole))
        self.setToolTip(self.whole)
        # Its left edge says how the app takes it (the application's style sheet: green
        # applied, blue a default, amber a reminder of one source).
        set_style_property(self, "handling", first.handling)

    def fit(self, width: int) -> None:
        """Its name elided to ``width`` pixels, its text whole when it fits."""
        metrics = QFontMetrics(self.font())
        room = max(10, width - 14)
        self.setText(metrics.elidedText(self.title, Qt.TextElideMode.ElideRight, room))
        self.setFixedWidth(min(width, metrics.horizontalAdvance(self.title) + 16))


class LastingStrip(QWidget):
    """The chips of the effects in force, over the board's top-left corner cell (empty on
    Maple Lane) and the margin beside it; hidden when nothing is in force."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lastingStrip")
        self.setAccessibleName(_("Effects in force"))
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(GAP)
        self._layout.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.chips: list[LastingChip] = []
        self._corner = QRect()
        self.hide()

    def show_state(self, state: GameState) -> None:
        """The chips of what is in force in ``state``, one per card, in the order they came."""
        by_card: dict[str, list[InForce]] = {}
        for effect in in_force(state):
            by_card.setdefault(effect.card, []).append(effect)
        groups = list(by_card.values())
        while len(self.chips) < len(groups):
            chip = LastingChip(self)
            self._layout.addWidget(chip)
            self.chips.append(chip)
        for chip, effects in zip(self.chips, groups, strict=False):
            chip.show_effects(effects)
        for index, chip in enumerate(self.chips):
            chip.setVisible(index < len(groups))
        self.setVisible(bool(groups))
        self._fit()

    def place(self, corner: QRectF) -> None:
        """Into ``corner`` (viewport coordinates): the board's empty top-left corner and the
        margin beside it."""
        self._corner = corner.toAlignedRect()
        self._fit()

    def shown(self) -> list[LastingChip]:
        return [chip for chip in self.chips if not chip.isHidden()]

    def _fit(self) -> None:
        corner = self._corner.adjusted(GAP, GAP, -GAP, -GAP)
        if corner.width() <= 0 or corner.height() <= 0:
            return
        for chip in self.shown():
            chip.fit(corner.width())
        self._layout.activate()
        height = min(corner.height(), self.sizeHint().height())
        # As wide as its widest chip: the rest of the corner stays the board's (a click there
        # closes a space's plays, as anywhere beside the spaces).
        width = max((chip.width() for chip in self.shown()), default=corner.width())
        self.setGeometry(corner.left(), corner.top(), min(width, corner.width()), height)
        self.raise_()
