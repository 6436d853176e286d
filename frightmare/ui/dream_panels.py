"""Always in view: the Awake/Asleep banner with the rules in force, and Dr. Fright's cards."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    AttackDrFright,
    DrFrightAttacks,
    RevealDarkPower,
    RevealFinale,
    VictimsPanic,
)
from frightmare.model.dream import rules_in_force
from frightmare.model.rules import refusal
from frightmare.model.state import GameState

AWAKE_STYLE = (
    "QFrame#banner { background: #3b2f17; border: 2px solid #f2c14e; border-radius: 10px; }"
    " QLabel { color: #fbecc5; }"
)
ASLEEP_STYLE = (
    "QFrame#banner { background: #231a3d; border: 2px solid #7c5cbf; border-radius: 10px; }"
    " QLabel { color: #e8e3ff; }"
)


class AwakeBanner(QFrame):
    """AWAKE or ASLEEP in large letters, the rules that follow from it, and what just happened."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.title = QLabel()
        self.title.setAccessibleName("Awake or Asleep")
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.title.setFont(font)
        self.rules = QLabel()
        self.rules.setWordWrap(True)
        self.rules.setAccessibleName("Rules in force")
        self.news = QLabel()
        self.news.setWordWrap(True)
        self.news.setAccessibleName("What just happened")
        self.news.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.rules)
        layout.addWidget(self.news)

    def show_state(self, state: GameState) -> None:
        awake = state.dream.awake
        self.setStyleSheet(AWAKE_STYLE if awake else ASLEEP_STYLE)
        self.title.setText("☀  AWAKE" if awake else "☾  ASLEEP — in the Boiler Room")
        self.rules.setText("\n".join(f"•  {line}" for line in rules_in_force(state)))
        self.news.setText("\n".join(state.log))
        self.news.setVisible(bool(state.log))
        attack = any("attacks!" in line for line in state.log)
        self.news.setStyleSheet("QLabel { color: #ffb3ad; font-weight: bold; }" if attack else "")

    def show_refusal(self, message: str) -> None:
        self.news.setText(f"⚠  {message}")
        self.news.setStyleSheet("QLabel { color: #ff8a80; font-weight: bold; }")
        self.news.setVisible(True)


class FrightPanel(QGroupBox):
    """Dr. Fright's Dark Power and Finale, and the attacks the rules allow right now."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dr. Fright", parent)
        self.dark_power = QComboBox()
        self.dark_power.setAccessibleName("Dark Power")
        self.reveal_power = QPushButton("Reveal")
        self.reveal_power.setAccessibleName("Reveal the Dark Power")
        self.reveal_power.clicked.connect(
            lambda: self.act_requested.emit(RevealDarkPower(name=self.dark_power.currentText()))
        )
        self.power_shown = QLabel()
        self.finale = QComboBox()
        self.finale.setAccessibleName("Finale")
        self.finale.addItems(list(FINALES))
        self.reveal_finale = QPushButton("Reveal")
        self.reveal_finale.setAccessibleName("Reveal the Finale")
        self.reveal_finale.clicked.connect(
            lambda: self.act_requested.emit(RevealFinale(name=self.finale.currentText()))
        )
        self.finale_shown = QLabel()

        self.attacks_you = self._button("He attacks you", DrFrightAttacks(target="final girl"))
        self.attacks_victim = self._button("He attacks a Victim", DrFrightAttacks(target="victim"))
        self.you_attack = self._button("You attack him", AttackDrFright())
        self.panic_count = QSpinBox()
        self.panic_count.setRange(1, 30)
        self.panic_count.setAccessibleName("Victims that would panic")
        self.panic = QPushButton("Victims panic")
        self.panic.setAccessibleName("Victims panic")
        self.panic.clicked.connect(
            lambda: self.act_requested.emit(VictimsPanic(count=self.panic_count.value()))
        )

        grid = QGridLayout(self)
        grid.addWidget(QLabel("Dark Power:"), 0, 0)
        grid.addWidget(self.dark_power, 0, 1)
        grid.addWidget(self.reveal_power, 0, 2)
        grid.addWidget(self.power_shown, 0, 1, 1, 2)
        grid.addWidget(QLabel("Finale:"), 1, 0)
        grid.addWidget(self.finale, 1, 1)
        grid.addWidget(self.reveal_finale, 1, 2)
        grid.addWidget(self.finale_shown, 1, 1, 1, 2)
        attacks = QHBoxLayout()
        for button in (self.attacks_you, self.attacks_victim, self.you_attack):
            attacks.addWidget(button)
        grid.addLayout(attacks, 2, 0, 1, 3)
        panic = QHBoxLayout()
        panic.addWidget(self.panic_count)
        panic.addWidget(self.panic)
        panic.addStretch(1)
        grid.addLayout(panic, 3, 0, 1, 3)
        self._epic: bool | None = None

    def _button(self, text: str, action: object) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(text)
        button.clicked.connect(lambda: self.act_requested.emit(action))
        return button

    def show_state(self, state: GameState) -> None:
        if self._epic != state.setup.epic:
            self._epic = state.setup.epic
            self.dark_power.clear()
            names = [*DARK_POWERS, EPIC_DARK_POWER] if state.setup.epic else list(DARK_POWERS)
            self.dark_power.addItems(names)
        hidden_power = state.dark_power is None
        self.dark_power.setVisible(hidden_power)
        self.reveal_power.setVisible(hidden_power)
        self.power_shown.setVisible(not hidden_power)
        self.power_shown.setText(f"<b>{state.dark_power}</b>" if state.dark_power else "")
        hidden_finale = state.finale is None
        self.finale.setVisible(hidden_finale)
        self.reveal_finale.setVisible(hidden_finale)
        self.finale_shown.setVisible(not hidden_finale)
        self.finale_shown.setText(f"<b>{state.finale}</b>" if state.finale else "")
        for button, action, allowed in (
            (self.attacks_you, DrFrightAttacks(target="final girl"), "He may attack you"),
            (self.you_attack, AttackDrFright(), "You may attack him"),
        ):
            refused = refusal(state, action)
            button.setEnabled(refused is None)
            button.setToolTip(refused.message if refused else allowed)
