"""The box values editor: the box's numbers and the unsourced rules' switches for this game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box.numbers import (
    BOX_FIELDS,
    BOX_LABELS,
    SWITCH_LABELS,
    BoxValueName,
    BoxValues,
    switches_for,
)
from frightmare.model.counters import box_label
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import SpinBox

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState


class BoxValuesDialog(OnScreenDialog):
    """Correct the box's numbers for this game, and switch the unsourced rules on or off;
    each change is an undoable action (``SetBoxValue``, a switch 0 or 1). The labels are the
    model's (``box_label``: the Killer's own name on his Health)."""

    def __init__(self, game: GameState | BoxValues, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Box values for this game"))
        box = game if isinstance(game, BoxValues) else game.box
        has_dr_fright = isinstance(game, BoxValues) or game.setup.has_dr_fright

        def label(name: str) -> str:
            if isinstance(game, BoxValues):  # no game to name the Killer: the box's words
                return BOX_LABELS.get(name) or SWITCH_LABELS[name]
            return box_label(game, name)

        self.spins: dict[BoxValueName, QSpinBox] = {}
        self.switches: dict[BoxValueName, QCheckBox] = {}
        # The rows scroll when the screen is too short for them (150% zoom on a 720-pixel
        # screen); the buttons stay in view below them.
        self.content = QWidget()
        form = self._form = QFormLayout(self.content)
        form.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(
            _(
                "These numbers come from unofficial sources or are the app's guesses (the Horror "
                "and Bloodlust tracks). Set them from your box."
            )
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        for name in BOX_FIELDS:
            spin = SpinBox()
            spin.setRange(0, 99)
            spin.setValue(getattr(box, name))
            spin.setAccessibleName(label(name))
            self.spins[name] = spin
            form.addRow(label(name) + ":", spin)
        switches = QLabel(
            _(
                "Rules from a single unofficial source or from none (rules notes §8): each applies "
                "only while it is ticked."
            )
        )
        switches.setWordWrap(True)
        switches.setObjectName("muted")
        form.addRow(switches)
        for name in switches_for(has_dr_fright):
            check = QCheckBox(label(name))
            check.setAccessibleName(label(name))
            check.setChecked(bool(getattr(box, name)))
            self.switches[name] = check
            form.addRow(check)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.rows_area = QScrollArea()
        self.rows_area.setWidget(self.content)
        self.rows_area.setWidgetResizable(True)
        self.rows_area.setFrameShape(QFrame.Shape.NoFrame)
        layout = self._outer = QVBoxLayout(self)
        layout.addWidget(self.rows_area, 1)
        layout.addWidget(self.buttons)
        self.box = box
        self._sized = False

    def showEvent(self, event: QShowEvent) -> None:
        # Tall enough for every row with its wrapped words whole (a dialog is otherwise
        # first shown at its minimum height, cutting them), and no taller than the screen.
        if not self._sized:
            self._sized = True
            width = max(self.width(), self.content.sizeHint().width() + 24)
            margins = self._outer.contentsMargins()
            inner = width - margins.left() - margins.right()
            wanted = (
                self._form.totalHeightForWidth(inner)
                + self.buttons.sizeHint().height()
                + self._outer.spacing()
                + margins.top()
                + margins.bottom()
            )
            screen = self.screen().availableGeometry()
            frame = self.frameGeometry().size() - self.geometry().size()
            height = min(wanted, screen.height() - frame.height())
            if height < wanted:  # the rows scroll: room for the scroll bar beside them
                width += self.rows_area.verticalScrollBar().sizeHint().width()
            self.resize(min(width, screen.width() - frame.width()), height)
            # Wholly on the screen, buttons included (it was placed before it grew).
            placed = self.frameGeometry()
            left = min(max(placed.left(), screen.left()), screen.right() + 1 - placed.width())
            top = min(max(placed.top(), screen.top()), screen.bottom() + 1 - placed.height())
            self.move(left, top)
        super().showEvent(event)

    def changes(self) -> list[tuple[BoxValueName, int]]:
        values = [(name, spin.value()) for name, spin in self.spins.items()]
        values += [(name, int(check.isChecked())) for name, check in self.switches.items()]
        return [(name, value) for name, value in values if value != getattr(self.box, name)]

    @classmethod
    def ask(
        cls, parent: QWidget | None, game: GameState | BoxValues
    ) -> list[tuple[BoxValueName, int]]:
        """The changed values, each to be sent as ``SetBoxValue(name=..., value=...)``."""
        dialog = cls(game, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.changes() if dialog.exec() == QDialog.DialogCode.Accepted else []
