"""Roll the film: a random game from the boxes owned, each part lockable, preferring what the
player has not played or not won; the roll can be repeated, and one click starts the game.

The dice are the model's (``model.film_roll``); this module only shows and asks."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _, pgettext
from frightmare.model.box import names
from frightmare.model.game.setup import GameSetup
from frightmare.model.record.collection import Collection
from frightmare.model.record.coverage import Coverage
from frightmare.model.record.film_roll import PART_NAMES, PARTS, Film, NothingToRoll, Part, roll
from frightmare.ui.widgets.focus_chain import OnScreenDialog

NONE = "—"


def part_text(film: Film, part: Part) -> str:
    if part == "setup_card":
        # not on Maple Lane: no Setup card
        return names.shown("setup", film.setup_card) if film.setup_card else NONE
    if part == "epic":
        if film.killer != "Dr. Fright":
            return NONE
        # Translators: whether the Epic Dark Power is played.
        return pgettext("epic", "On") if film.epic else pgettext("epic", "Off")
    value: str = getattr(film, part)
    return names.shown(part, value)


class RollDialog(OnScreenDialog):
    def __init__(
        self,
        owned: Collection,
        grid: Coverage,
        parent: QWidget | None = None,
        *,
        rng: random.Random | None = None,
        line_for: Callable[[GameSetup], str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Roll the film"))
        self.owned, self.grid = owned, grid
        self.rng = rng or random.Random()
        self.line_for = line_for
        intro = QLabel(
            _("A game from the boxes you own. Lock what you want to keep, and roll again.")
        )
        intro.setWordWrap(True)
        form = QGridLayout()
        self.values: dict[Part, QLabel] = {}
        self.locks: dict[Part, QCheckBox] = {}
        for row, part in enumerate(PARTS):
            part_name = _(PART_NAMES[part])
            # Translators: a label before its value, e.g. "Killer:".
            name = QLabel(_("{part}:").format(part=part_name))
            value = QLabel()
            font = value.font()
            font.setBold(True)
            value.setFont(font)
            value.setAccessibleName(part_name)
            lock = QCheckBox(_("Lock"))
            lock.setAccessibleName(_("Lock the {part}").format(part=part_name))
            lock.setToolTip(_("Keep this {part} when you roll again").format(part=part_name))
            form.addWidget(name, row, 0)
            form.addWidget(value, row, 1)
            form.addWidget(lock, row, 2)
            form.setColumnStretch(1, 1)
            self.values[part] = value
            self.locks[part] = lock
        self.unplayed = QCheckBox(_("Prefer what I have not played"))
        self.unplayed.setChecked(True)
        self.unplayed.setToolTip(_("A Killer on a Location (and a Final Girl) you have not played"))
        self.unwon = QCheckBox(_("Prefer what I have not won"))
        self.unwon.setToolTip(_("Then one you have not won yet"))
        self.record = QLabel()
        self.record.setWordWrap(True)
        self.record.setObjectName("muted")
        self.record.setAccessibleName(_("Your record and the community's for this setup"))
        self.error = QLabel()
        self.error.setProperty("danger", True)
        self.error.setWordWrap(True)
        self.again = QPushButton(_("&Roll again"))
        self.again.setToolTip(_("Roll every part not locked"))
        self.again.clicked.connect(self.reroll)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start = self.buttons.addButton(
            _("&Start this game"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.addButton(self.again, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.unplayed)
        layout.addWidget(self.unwon)
        layout.addWidget(self.record)
        layout.addWidget(self.error)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(48 * self.fontMetrics().averageCharWidth())
        self.film: Film | None = None
        self.unplayed.toggled.connect(self.reroll)
        self.unwon.toggled.connect(self.reroll)
        self.reroll()

    def reroll(self) -> None:
        locks = frozenset(p for p, box in self.locks.items() if box.isChecked())
        try:
            self.film = roll(
                self.owned,
                self.grid,
                self.rng,
                locked=self.film,
                locks=locks,
                prefer_unplayed=self.unplayed.isChecked(),
                prefer_unwon=self.unwon.isChecked(),
            )
        except NothingToRoll as error:
            self.film = None
            self.error.setText(str(error))
            self.start.setEnabled(False)
            self.again.setEnabled(False)
            return
        self.error.clear()
        for part, label in self.values.items():
            label.setText(part_text(self.film, part))
        fright, maple = self.film.killer == "Dr. Fright", self.film.location == "Maple Lane"
        self.locks["epic"].setEnabled(fright)
        self.locks["setup_card"].setEnabled(maple)
        if self.line_for is not None:
            self.record.setText(self.line_for(self.film.setup()))

    def setup(self) -> GameSetup | None:
        return self.film.setup() if self.film is not None else None

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        owned: Collection,
        grid: Coverage,
        line_for: Callable[[GameSetup], str] | None = None,
    ) -> GameSetup | None:
        """The game rolled and started, or ``None``; tests replace this classmethod."""
        dialog = cls(owned, grid, parent, line_for=line_for)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.setup() if dialog.exec() == QDialog.DialogCode.Accepted else None
