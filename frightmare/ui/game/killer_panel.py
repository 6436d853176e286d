"""Another Killer's panel: his name, his Health, Bloodlust, his Dark Power and Finale.

Against a Killer from another box the app knows none of his cards: the player names his Dark
Power and Finale when they are revealed, and the panel keeps the numbers. What may be done is
asked of the model (``frightmare.model.query.plays``), never decided here.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import RevealDarkPower, RevealFinale
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import MAX_NOTED, NotedPlay
from frightmare.model.actions.journal import Action
from frightmare.model.actions.round import AdjustCounter, CounterName
from frightmare.model.box import names
from frightmare.model.game.setup import MAX_KILLER_HEALTH
from frightmare.model.game.state import GameState
from frightmare.model.halves import ANY_KILLER_REMINDERS
from frightmare.model.query.notes import bloodlust_note
from frightmare.model.query.plays import plays
from frightmare.model.query.verdict import Verdict
from frightmare.ui.theme import current_zoom
from frightmare.ui.widgets.damage_row import DamageRow
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import SpinBox

MAX_CARD_NAME = 60
# Reminders that hold whoever the Killer is (the round's rules, not his cards).


def big_font(widget: QWidget, factor: float = 1.4, bold: bool = True) -> None:
    """Readable from across the table."""
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * factor)
    font.setBold(bold)
    widget.setFont(font)


def _button(text: str, accessible: str, tooltip: str) -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(accessible)
    button.setToolTip(tooltip)
    return button


def _typed(edit: QLineEdit) -> str:
    return " ".join(edit.text().split())


class NoteLine(QWidget):
    """Write a play into History in your own words (the table is the truth)."""

    act_requested = Signal(object)

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit()
        self.edit.setMaxLength(MAX_NOTED)
        self.edit.setPlaceholderText(placeholder)
        self.edit.setAccessibleName(_("A play to note in History"))
        self.edit.setToolTip(
            _(
                "Anything the app cannot record another way: it goes into History as you wrote it "
                "and changes nothing else."
            )
        )
        self.button = _button(_("Note it"), "Note the play in History", self.edit.toolTip())
        self.button.clicked.connect(self._note)
        self.edit.returnPressed.connect(self._note)
        self.edit.textChanged.connect(lambda _text: self._enable())
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.button)
        self._state: GameState | None = None
        self._enable()

    def _action(self) -> NotedPlay | None:
        text = _typed(self.edit)
        return NotedPlay(text=text) if text else None

    def _enable(self) -> None:
        text = _typed(self.edit)
        allowed = bool(text) and self._state is not None
        if text and self._state is not None:
            allowed = plays(self._state).note(text).status != "impossible"
        self.button.setEnabled(allowed)

    def _note(self) -> None:
        action = self._action()
        if action is not None and self.button.isEnabled():
            self.act_requested.emit(action)
            self.edit.clear()

    def show_state(self, state: GameState) -> None:
        self._state = state
        self._enable()


class KillerPanel(QGroupBox):
    """His name, his Health (− and +, correctable), Bloodlust, the Dark Power and the Finale
    as the player names them, and the reminders that hold for any Killer."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("The Killer", parent)
        self.setAccessibleName(_("Killer"))
        self.name = QLabel()
        self.name.setAccessibleName(_("Killer's name"))
        big_font(self.name, 1.8)
        self._build_health()
        self._build_cards()
        self.reminders = QLabel("\n".join(f"•  {_(line)}" for line in ANY_KILLER_REMINDERS))
        self.reminders.setWordWrap(True)
        self.reminders.setAccessibleName(_("Reminders for any Killer"))
        # Issue 31, his panel above the fold at 1280x720: his name is the panel's title (not a
        # row of its own), and the reminders are shown whole by a click on Rules (and in its
        # tooltip), as the Awake/Asleep banner's rules are.
        self.reminders.hide()
        self.name.hide()
        self.rules = QToolButton()
        self.rules.setText(_("Rules"))
        self.rules.setAccessibleName(_("Reminders for any Killer"))
        self.rules.setToolTip(self.reminders.text())
        self.rules.clicked.connect(
            lambda: QToolTip.showText(
                self.rules.mapToGlobal(self.rules.rect().bottomLeft()),
                self.reminders.text(),
                self.rules,
            )
        )
        self.note = NoteLine("A play of his the app cannot record…")
        self.note.act_requested.connect(self.act_requested)

        for button in (
            self.health_down,
            self.health_up,
            self.bloodlust_down,
            self.bloodlust_up,
        ):
            button.setMinimumWidth(44)
            big_font(button, 1.3)
        # His attack and hers, the damage one click each (issue 31: killing Geppetto took 9
        # clicks on "−" and 9 History lines): the click records the counter's change at once.
        # Both on one row: the side column keeps its room for the message of the moment.
        self.his_row = DamageRow(_("You hit him:"), _("He takes {n} damage"))
        self.his_row.setAccessibleName(_("You attack him: the damage you deal"))
        self.his_row.set_values((1, 2, 3), tuple(range(4, 11)))
        self.his_row.picked.connect(lambda n: self._adjust("killer health", -n))
        self.her_row = DamageRow(_("He hits you:"), _("You take {n} damage"))
        self.her_row.setAccessibleName(_("He attacks you: the damage you take"))
        self.her_row.set_values((1, 2, 3), tuple(range(4, 11)))
        self.her_row.picked.connect(lambda n: self._adjust("health", -n))
        self.attacks = QGridLayout()
        self.attacks.setContentsMargins(0, 0, 0, 0)
        self._attack_columns = 0
        self._lay_out_attacks()
        grid = self._lay_out_grid()
        layout = QVBoxLayout(self)
        layout.addWidget(self.name)
        layout.addLayout(grid)
        layout.addLayout(self.attacks)
        layout.addWidget(self.reminders)
        layout.addWidget(self.note)
        self._state: GameState | None = None

    def _build_health(self) -> None:
        """His Health (− and +, his full Health correctable) and his Bloodlust (− and +)."""
        self.health = QLabel()
        self.health.setAccessibleName(_("Killer's Health"))
        big_font(self.health, 1.6)
        self.health_down = _button("−", "Killer's Health −1", "He takes 1 damage")
        self.health_up = _button("+", "Killer's Health +1", "He heals 1 Health")
        self.health_down.clicked.connect(lambda: self._adjust("killer health", -1))
        self.health_up.clicked.connect(lambda: self._adjust("killer health", 1))
        self.full_health = SpinBox()
        self.full_health.setRange(1, MAX_KILLER_HEALTH)
        self.full_health.setAccessibleName(_("Killer's full Health"))
        self.full_health.setToolTip(
            _(
                "His Health as printed on his Killer board. Correct it if it was entered wrong "
                "at setup."
            )
        )
        self.full_health.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.correct_health = _button(
            _("Correct"), "Correct the Killer's full Health", "Set his full Health to this number"
        )
        self.correct_health.clicked.connect(self._correct)
        self.full_health.valueChanged.connect(lambda _value: self._enable_correct())

        self.bloodlust = QLabel()
        self.bloodlust.setAccessibleName(_("Bloodlust"))
        big_font(self.bloodlust, 1.3)
        self.bloodlust_down = _button("−", "Bloodlust −1", "Bloodlust down one row")
        self.bloodlust_up = _button("+", "Bloodlust +1", "Bloodlust up one row")
        self.bloodlust_down.clicked.connect(lambda: self._adjust("bloodlust", -1))
        self.bloodlust_up.clicked.connect(lambda: self._adjust("bloodlust", 1))

    def _build_cards(self) -> None:
        """His Dark Power and Finale: typed as printed, each recorded by its Reveal button."""
        self.dark_power = QLineEdit()
        self.dark_power.setMaxLength(MAX_CARD_NAME)
        self.dark_power.setAccessibleName(_("Dark Power"))
        self.dark_power.setPlaceholderText(_("Its name, as printed"))
        self.dark_power.setToolTip(_("Type the Dark Power's name when it is revealed"))
        self.reveal_power = _button(
            _("Reveal"), "Reveal the Dark Power", "Record the Dark Power you revealed"
        )
        self.power_shown = QLabel()
        self.power_shown.setAccessibleName(_("Dark Power revealed"))
        big_font(self.power_shown, 1.2)
        self.reveal_power.clicked.connect(self._reveal_power)
        self.dark_power.returnPressed.connect(self._reveal_power)
        self.dark_power.textChanged.connect(lambda _text: self._enable_reveals())

        self.finale = QLineEdit()
        self.finale.setMaxLength(MAX_CARD_NAME)
        self.finale.setAccessibleName(_("Finale"))
        self.finale.setPlaceholderText(_("Its name, as printed"))
        self.finale.setToolTip(_("Type the Finale's name when it is revealed"))
        self.reveal_finale = _button(
            _("Reveal"), "Reveal the Finale", "Record the Finale you revealed"
        )
        self.finale_shown = QLabel()
        self.finale_shown.setAccessibleName(_("Finale revealed"))
        big_font(self.finale_shown, 1.2)
        self.reveal_finale.clicked.connect(self._reveal_finale)
        self.finale.returnPressed.connect(self._reveal_finale)
        self.finale.textChanged.connect(lambda _text: self._enable_reveals())

    def _lay_out_attacks(self) -> None:
        """The two damage rows side by side, one above the other from 125% zoom up (the side
        column gives its width back to the board as the zoom grows)."""
        columns = 2 if current_zoom() < 1.25 else 1
        if columns == self._attack_columns:
            return
        self._attack_columns = columns
        for row in (self.his_row, self.her_row):
            self.attacks.removeWidget(row)
        self.attacks.addWidget(self.his_row, 0, 0)
        self.attacks.addWidget(self.her_row, 0 if columns == 2 else 1, 1 if columns == 2 else 0)

    def _lay_out_grid(self) -> QGridLayout:
        """A row each: Health, full Health, Bloodlust, Dark Power, Finale (a revealed card's
        name over its box and button)."""
        grid = QGridLayout()
        grid.addWidget(QLabel(_("Health:")), 0, 0)
        grid.addWidget(self.health, 0, 1)
        grid.addWidget(self.health_down, 0, 2)
        grid.addWidget(self.health_up, 0, 3)
        grid.addWidget(QLabel(_("Full Health:")), 1, 0)
        grid.addWidget(self.full_health, 1, 1)
        grid.addWidget(self.correct_health, 1, 2)
        grid.addWidget(self.rules, 1, 3)
        # His Bloodlust is the round bar's counter too (its − and + a glance up): its row here
        # stays out of the column, which keeps its room for his panel (issue 31: above the
        # fold at 1280x720, on Maple Lane's Killer phase too).
        label = QLabel(_("Bloodlust:"))
        grid.addWidget(label, 2, 0)
        grid.addWidget(self.bloodlust, 2, 1)
        grid.addWidget(self.bloodlust_down, 2, 2)
        grid.addWidget(self.bloodlust_up, 2, 3)
        for widget in (label, self.bloodlust, self.bloodlust_down, self.bloodlust_up):
            widget.hide()
        grid.addWidget(QLabel(_("Dark Power:")), 3, 0)
        grid.addWidget(self.dark_power, 3, 1, 1, 2)
        grid.addWidget(self.reveal_power, 3, 3)
        grid.addWidget(self.power_shown, 3, 1, 1, 3)
        grid.addWidget(QLabel(_("Finale:")), 4, 0)
        grid.addWidget(self.finale, 4, 1, 1, 2)
        grid.addWidget(self.reveal_finale, 4, 3)
        grid.addWidget(self.finale_shown, 4, 1, 1, 3)
        grid.setColumnStretch(1, 1)
        return grid

    # Acting -----------------------------------------------------------------------------

    def _emit(self, action: Action) -> None:
        self.act_requested.emit(action)

    def _adjust(self, counter: CounterName, delta: int) -> None:
        self._emit(AdjustCounter(counter=counter, delta=delta))

    def _correct(self) -> None:
        self._emit(SetBoxValue(name="killer_health", value=self.full_health.value()))

    def _reveal_power(self) -> None:
        name = _typed(self.dark_power)
        if name and self.reveal_power.isEnabled():
            self._emit(RevealDarkPower(name=name))

    def _reveal_finale(self) -> None:
        name = _typed(self.finale)
        if name and self.reveal_finale.isEnabled():
            self._emit(RevealFinale(name=name))

    # Showing ----------------------------------------------------------------------------

    def _allow(self, button: QPushButton, answer: Verdict | None, allowed: str) -> None:
        """Offer ``button`` as the model answers for its play; the tooltip says why not."""
        if answer is None or self._state is None:
            button.setEnabled(False)
            return
        # Refused by a rule: marked, still clickable, so the click reaches the model and the
        # play can be recorded anyway; only an impossible action is disabled.
        offer(button, answer.error, allowed)

    def _enable_correct(self) -> None:
        state = self._state
        if state is None:
            return
        if self.full_health.value() == state.box.killer_health:
            self.correct_health.setEnabled(False)
            self.correct_health.setToolTip(_("His full Health is already this number"))
            return
        self._allow(
            self.correct_health,
            plays(state).box_value("killer_health", self.full_health.value()),
            "Set his full Health to this number",
        )

    def _enable_reveals(self) -> None:
        power, finale = _typed(self.dark_power), _typed(self.finale)
        screen = plays(self._state) if self._state is not None else None
        self._allow(
            self.reveal_power,
            screen.reveal_dark_power(power) if screen is not None and power else None,
            "Record the Dark Power you revealed",
        )
        self._allow(
            self.reveal_finale,
            screen.reveal_finale(finale) if screen is not None and finale else None,
            "Record the Finale you revealed",
        )

    def show_state(self, state: GameState) -> None:
        self._state = state
        self._lay_out_attacks()
        c, box = state.counters, state.box
        killer = names.shown("killer", state.setup.killer)
        self.name.setText(killer)
        self.setTitle(killer)
        self.health.setText(f"{c.killer_health} / {box.killer_health}")
        self.health.setToolTip(
            _("{killer}'s Health: {health} of {full}").format(
                killer=killer, health=c.killer_health, full=box.killer_health
            )
        )
        self.bloodlust.setText(f"{c.bloodlust} / {box.bloodlust_max}")
        self.bloodlust.setToolTip(bloodlust_note(state))
        steps: tuple[tuple[QPushButton, CounterName, int, str], ...] = (
            (
                self.health_down,
                "killer health",
                -1,
                _("{killer} takes 1 damage").format(killer=killer),
            ),
            (
                self.health_up,
                "killer health",
                1,
                _("{killer} heals 1 Health").format(killer=killer),
            ),
            (self.bloodlust_down, "bloodlust", -1, _("Bloodlust down one row")),
            (self.bloodlust_up, "bloodlust", 1, _("Bloodlust up one row")),
        )
        screen = plays(state)
        for button, counter, delta, text in steps:
            self._allow(button, screen.counters[(counter, delta)], text)
        # Each damage button asks the model as one (a − of the counter).
        self.his_row.offer(screen.counters[("killer health", -1)].error, _("He takes {n} damage"))
        self.her_row.offer(screen.counters[("health", -1)].error, _("You take {n} damage"))
        if not self.full_health.hasFocus():
            self.full_health.blockSignals(True)
            self.full_health.setValue(box.killer_health)
            self.full_health.blockSignals(False)
        self._enable_correct()
        hidden_power = state.dark_power is None
        for widget in (self.dark_power, self.reveal_power):
            widget.setVisible(hidden_power)
        self.power_shown.setVisible(not hidden_power)
        self.power_shown.setText(state.dark_power or "")
        hidden_finale = state.finale is None
        for widget in (self.finale, self.reveal_finale):
            widget.setVisible(hidden_finale)
        self.finale_shown.setVisible(not hidden_finale)
        self.finale_shown.setText(state.finale or "")
        self._enable_reveals()
        self.note.show_state(state)
