"""The New game dialog: who, against whom, where, with which Setup card."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.setup import (
    KNOWN_FINAL_GIRLS,
    KNOWN_KILLERS,
    KNOWN_LOCATIONS,
    MAPLE_LANE,
    GameSetup,
)
from frightmare.ui.dialogs import deck_mode_combo

NO_SETUP_CARD = "None: I will place the pieces myself"


def _editable_combo(values: tuple[str, ...], accessible: str) -> QComboBox:
    combo = QComboBox()
    combo.setEditable(True)
    combo.addItems(list(values))
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setAccessibleName(accessible)
    combo.setToolTip(f"{accessible}: pick one from the box, or type another name")
    return combo


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setMinimumWidth(520)
        intro = QLabel("Choose what is on your table. Names not in the lists can be typed in.")
        intro.setWordWrap(True)

        self.final_girl = _editable_combo(KNOWN_FINAL_GIRLS, "Final Girl")
        self.killer = _editable_combo(KNOWN_KILLERS, "Killer")
        self.location = _editable_combo(KNOWN_LOCATIONS, "Location")
        self.setup_card = QComboBox()
        self.setup_card.setAccessibleName("Setup card")
        self.setup_card.addItem(NO_SETUP_CARD, None)
        from frightmare.model.board import setup_card_names

        for name in setup_card_names():
            self.setup_card.addItem(name, name)
        self.setup_card.setToolTip("Maple Lane's Setup card: where everyone starts")
        self.deck = deck_mode_combo()
        self.epic = QCheckBox("Play with the Epic Dark Power (Shock Factor)")
        self.epic.setAccessibleName("Epic Dark Power")
        self.name = QLineEdit()
        self.name.setAccessibleName("Session name")
        self.name.setMaxLength(120)

        form = QFormLayout()
        form.addRow("&Final Girl:", self.final_girl)
        form.addRow("&Killer:", self.killer)
        form.addRow("&Location:", self.location)
        form.addRow("&Setup card:", self.setup_card)
        form.addRow("&Boiler Room deck:", self.deck)
        form.addRow("", self.epic)
        form.addRow("Session &name:", self.name)

        self.error = QLabel()
        self.error.setStyleSheet("color: #e0605a")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start the game")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

        for combo in (self.final_girl, self.killer, self.location):
            combo.currentTextChanged.connect(self._refresh)
        self._refresh()
        self.result_setup: GameSetup | None = None

    def _refresh(self) -> None:
        on_maple_lane = self.location.currentText().strip().casefold() == MAPLE_LANE.casefold()
        self.setup_card.setEnabled(on_maple_lane)
        if not on_maple_lane:
            self.setup_card.setCurrentIndex(0)
        self.name.setPlaceholderText(
            f"{self.final_girl.currentText().strip() or '…'} vs "
            f"{self.killer.currentText().strip() or '…'}"
        )

    def setup(self) -> GameSetup:
        return GameSetup(
            final_girl=self.final_girl.currentText(),
            killer=self.killer.currentText(),
            location=self.location.currentText(),
            setup_card=self.setup_card.currentData(),
            epic=self.epic.isChecked(),
            boiler_deck=self.deck.currentData(),
        )

    def _accept(self) -> None:
        try:
            self.result_setup = self.setup()
        except ValidationError as error:
            field = str(error.errors()[0]["loc"][0]).replace("_", " ")
            self.error.setText(f"The {field} needs a name.")
            return
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None = None) -> tuple[GameSetup, str | None] | None:
        dialog = cls(parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.result_setup is None:
            return None
        return dialog.result_setup, dialog.name.text().strip() or None
