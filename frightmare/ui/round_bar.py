"""The round across the top: phases, counters, the phase's checklist and the reminders."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import (
    KNOWN_TERROR,
    AdjustCounter,
    CounterName,
    DrawTerror,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseUltimate,
)
from frightmare.model.rounds import checklist, reminders
from frightmare.model.state import PHASE_NAMES, PHASES, GameState

COUNTERS: tuple[tuple[CounterName, str, str], ...] = (
    ("time", "Time", "T"),
    ("health", "Health", "H"),
    ("horror", "Horror", "R"),
    ("bloodlust", "Bloodlust", "B"),
    ("killer health", "Dr. Fright", "K"),
    ("terror", "Terror left", ""),
    ("saved", "Saved", ""),
    ("killed", "Killed", ""),
)


class CounterBox(QFrame):
    """A counter, readable across the table, with − and + buttons."""

    def __init__(self, key: CounterName, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName("counter")
        self.setStyleSheet("QFrame#counter { border: 1px solid palette(mid); border-radius: 8px; }")
        self.title = QLabel(title)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setObjectName("muted")
        self.value = QLabel("0")
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.value.setAccessibleName(title)
        font = QFont(self.value.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.value.setFont(font)
        self.minus = QToolButton()
        self.minus.setText("−")
        self.minus.setAccessibleName(f"{title} minus one")
        self.plus = QToolButton()
        self.plus.setText("+")
        self.plus.setAccessibleName(f"{title} plus one")
        for button in (self.minus, self.plus):
            button.setStyleSheet("QToolButton { padding: 1px 6px; }")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.minus)
        row.addWidget(self.value, 1)
        row.addWidget(self.plus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addLayout(row)


class TerrorDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terror card")
        self.name = QComboBox()
        self.name.setEditable(True)
        self.name.addItems([*KNOWN_TERROR])
        self.name.setAccessibleName("Terror card")
        self.name.setToolTip("Pick the card, or type its name")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Which Terror card did you draw?"))
        layout.addWidget(self.name)
        layout.addWidget(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None) -> str | None:
        dialog = cls(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        name = " ".join(dialog.name.currentText().split())[:60]
        return name or None


class TokenDialog(QDialog):
    """A Final Health token: blank, or the Health it shows."""

    def __init__(self, whose: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{whose} Final Health")
        self.choice: int | bool | None = False
        self.value = QSpinBox()
        self.value.setRange(1, 9)
        self.value.setAccessibleName("Health on the token")
        blank = QPushButton("&Blank")
        blank.clicked.connect(lambda: self._choose(None))
        health = QPushButton("&Shows Health:")
        health.clicked.connect(lambda: self._choose(self.value.value()))
        row = QHBoxLayout()
        row.addWidget(health)
        row.addWidget(self.value)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(f"Turn over {whose.lower()} Final Health token. What does it show?")
        )
        layout.addWidget(blank)
        layout.addLayout(row)

    def _choose(self, value: int | None) -> None:
        self.choice = value
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, whose: str) -> tuple[bool, int | None]:
        dialog = cls(whose, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is False:
            return False, None
        return True, dialog.choice  # type: ignore[return-value]


class RoundBar(QWidget):
    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.dismissed: set[str] = set()
        self._dismiss_scope: tuple[int, str] | None = None

        self.round = QLabel()
        self.round.setAccessibleName("Round")
        font = QFont(self.round.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.round.setFont(font)
        self.pills: dict[str, QLabel] = {}
        top = QHBoxLayout()
        top.addWidget(self.round)
        for phase in PHASES:
            pill = QLabel(PHASE_NAMES[phase])
            pill.setAlignment(Qt.AlignmentFlag.AlignCenter)
            pill.setMinimumWidth(80)
            self.pills[phase] = pill
            top.addWidget(pill)
        top.addStretch(1)
        self.next_phase = QPushButton("Next phase ▸")
        self.next_phase.setAccessibleName("Next phase")
        self.next_phase.setToolTip("Advance to the next phase (Ctrl+Return)")
        self.next_phase.clicked.connect(lambda: self.act_requested.emit(NextPhase()))
        top.addWidget(self.next_phase)

        self.counters: dict[str, CounterBox] = {}
        grid = QHBoxLayout()
        for key, title, _ in COUNTERS:
            box = CounterBox(key, title)
            box.minus.clicked.connect(lambda _=False, k=key: self.adjust(k, -1))
            box.plus.clicked.connect(lambda _=False, k=key: self.adjust(k, +1))
            self.counters[key] = box
            grid.addWidget(box)

        self.checklist = QLabel()
        self.checklist.setWordWrap(True)
        self.checklist.setAccessibleName("This phase")
        self.reminder_row = QVBoxLayout()
        self.reminder_row.setSpacing(4)
        self.killer_moves = QPushButton("Killer Action: moves")
        self.killer_moves.clicked.connect(
            lambda: self.act_requested.emit(KillerAction(move_icon=True))
        )
        self.killer_stays = QPushButton("Killer Action: no move icon")
        self.killer_stays.clicked.connect(
            lambda: self.act_requested.emit(KillerAction(move_icon=False))
        )
        self.terror = QPushButton("Terror card…")
        self.terror.setAccessibleName("Draw a Terror card")
        self.terror.clicked.connect(self.draw_terror)
        self.final_health = QPushButton("Turn over your Final Health…")
        self.final_health.clicked.connect(self.reveal_final_health)
        self.killer_final = QPushButton("His Final Health…")
        self.killer_final.clicked.connect(self.reveal_killer_final_health)
        self.ultimate = QPushButton("Use Ultimate")
        self.ultimate.clicked.connect(lambda: self.act_requested.emit(UseUltimate()))
        actions = QHBoxLayout()
        for button in (
            self.killer_moves,
            self.killer_stays,
            self.terror,
            self.final_health,
            self.killer_final,
            self.ultimate,
        ):
            button.setAccessibleName(button.accessibleName() or button.text().rstrip("…"))
            actions.addWidget(button)
        actions.addStretch(1)

        # The phase's checklist and the reminders sit beside the Awake/Asleep banner.
        self.phase_panel = QFrame()
        self.phase_panel.setObjectName("phasePanel")
        self.phase_panel.setStyleSheet(
            "QFrame#phasePanel { border: 1px solid palette(mid); border-radius: 10px; }"
        )
        lower = QVBoxLayout(self.phase_panel)
        lower.addWidget(self.checklist)
        lower.addLayout(actions)
        lower.addLayout(self.reminder_row)
        lower.addStretch(1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(grid)

    def adjust(self, key: str, delta: int) -> None:
        self.act_requested.emit(AdjustCounter(counter=key, delta=delta))  # type: ignore[arg-type]

    def draw_terror(self) -> None:
        name = TerrorDialog.ask(self)
        if name:
            self.act_requested.emit(DrawTerror(name=name))

    def reveal_final_health(self) -> None:
        chosen, value = TokenDialog.ask(self, "Your")
        if chosen:
            self.act_requested.emit(RevealFinalHealth(value=value))

    def reveal_killer_final_health(self) -> None:
        chosen, value = TokenDialog.ask(self, "His")
        if chosen:
            self.act_requested.emit(RevealKillerFinalHealth(value=value))

    def show_state(self, state: GameState) -> None:
        self.state = state
        scope = (state.round, state.phase)
        if scope != self._dismiss_scope:
            self._dismiss_scope = scope
            self.dismissed.clear()
        c, box = state.counters, state.box
        self.round.setText(f"Round {state.round}")
        for phase, pill in self.pills.items():
            current = phase == state.phase
            pill.setStyleSheet(
                "QLabel { background: #d6453d; color: white; border-radius: 8px; padding: 3px;"
                " font-weight: bold; }"
                if current
                else "QLabel { border: 1px solid palette(mid); border-radius: 8px; padding: 3px; }"
            )
            pill.setAccessibleName(f"{PHASE_NAMES[phase]} phase" + (" (now)" if current else ""))
        values = {
            "time": (
                f"{c.time}",
                f"Time left this round (resets to {box.time_per_round} after "
                "Planning; +1 for each Action card discarded)",
            ),
            "health": (
                f"{c.health}/{box.health}" + ("" if c.final_health == "hidden" else " ✚"),
                "Her Health; when it is gone, turn over the Final Health token"
                + (" (already used)" if c.final_health == "used" else ""),
            ),
            "horror": (
                f"{c.horror}",
                f"Horror track {box.horror_min}–{box.horror_max}: past the "
                "top raises Bloodlust, below the bottom gives +1 Time",
            ),
            "bloodlust": (
                f"{c.bloodlust}/{box.bloodlust_max}",
                f"+1 for each Victim death (a Smalley +1 more); Dark Power at {box.dark_power_at}",
            ),
            "killer health": (f"{c.killer_health}/{box.killer_health}", "Dr. Fright's Health"),
            "terror": (
                f"{c.terror_left}",
                "Terror cards left; the Finale comes at the Upkeep after the last",
            ),
            "saved": (
                f"{c.victims_saved}/{box.save_slots}",
                "Victims saved / her save slots (all filled: her Ultimate)",
            ),
            "killed": (f"{c.victims_killed}", "Victims killed"),
        }
        for key, (text, tip) in values.items():
            counter = self.counters[key]
            counter.value.setText(text)
            counter.setToolTip(tip)
            counter.minus.setEnabled(not state.over)
            counter.plus.setEnabled(not state.over)
        danger = c.health <= 1
        self.counters["health"].value.setStyleSheet("color: #ff8a80;" if danger else "")
        self.next_phase.setEnabled(not state.over)
        items = checklist(state)
        self.checklist.setText(
            f"<b>{PHASE_NAMES[state.phase]} phase</b><br>"
            + "<br>".join(("✓ " if done else "○ ") + text for text, done in items)
        )
        killer = state.phase == "killer" and not state.over
        self.killer_moves.setVisible(killer)
        self.killer_stays.setVisible(killer)
        self.terror.setVisible(killer and state.finale is None)
        self.final_health.setVisible("final-health" in state.due)
        self.killer_final.setVisible("killer-final-health" in state.due)
        self.ultimate.setVisible(c.victims_saved >= box.save_slots and not c.ultimate_used)
        self._show_reminders(state)

    def _show_reminders(self, state: GameState) -> None:
        while self.reminder_row.count():
            item = self.reminder_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        for key, text, blocking in reminders(state):
            if key in self.dismissed and not blocking:
                continue
            chip = QFrame()
            chip.setObjectName("chip")
            colour = "#5a1f1f" if blocking else "#3b3317"
            chip.setStyleSheet(f"QFrame#chip {{ background: {colour}; border-radius: 6px; }}")
            row = QHBoxLayout(chip)
            row.setContentsMargins(8, 2, 4, 2)
            label = QLabel(("⚠ " if blocking else "• ") + text)
            label.setWordWrap(True)
            label.setAccessibleName("Reminder")
            row.addWidget(label, 1)
            if not blocking:
                close = QToolButton()
                close.setText("×")
                close.setAccessibleName(f"Dismiss: {text}")
                close.clicked.connect(lambda _=False, k=key: self.dismiss(k))
                row.addWidget(close)
            self.reminder_row.addWidget(chip)

    def dismiss(self, key: str) -> None:
        self.dismissed.add(key)
        if self.state is not None:
            self._show_reminders(self.state)

    def reminder_texts(self) -> list[str]:
        texts = []
        for i in range(self.reminder_row.count()):
            item = self.reminder_row.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                label = widget.findChild(QLabel)
                if label is not None:
                    texts.append(label.text())
        return texts
