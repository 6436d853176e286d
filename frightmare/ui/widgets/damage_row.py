"""A row of one-click numbers for an attack's damage, any other number one list away."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QToolButton, QWidget

from frightmare.i18n import _
from frightmare.model.errors import RuleViolation
from frightmare.ui.widgets.refusals import offer


class DamageRow(QWidget):
    """An attack's damage, one click each ("You hit him: 1 2 3 4"), any other number one list
    away (…): the click records the attack. Every button asks the model as one (the rules
    answer alike whatever the damage), and a refused one stays clickable."""

    picked = Signal(int)

    def __init__(self, label: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name  # "{n}" in it is the damage: "You attack him for {n} damage"
        self.label = QLabel(label)
        self.buttons: dict[int, QPushButton] = {}
        self.more = QToolButton()
        self.more.setText("…")
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # Translators: the button that offers other damages; {label} is the row's, e.g.
        # "You hit him:".
        self.more.setAccessibleName(_("{label} another number").format(label=label))
        self.more_menu = QMenu(self.more)
        self.more.setMenu(self.more_menu)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(2)
        self.row.addWidget(self.label)
        self.row.addStretch(1)
        self.row.addWidget(self.more)
        self._values: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    def set_values(self, shown: tuple[int, ...], more: tuple[int, ...]) -> None:
        if (shown, more) == self._values:
            return
        self._values = (shown, more)
        for button in self.buttons.values():
            self.row.removeWidget(button)
            # Hidden at once: deleted only when the event loop next runs, it would otherwise
            # stay drawn over the new row until then (and keep a focus that is gone).
            button.hide()
            button.deleteLater()
        self.buttons = {}
        for n, value in enumerate(shown):
            button = QPushButton(str(value))
            button.setAccessibleName(self.name.format(n=value))
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance("00") + 12)
            button.clicked.connect(lambda _=False, v=value: self.picked.emit(v))
            self.row.insertWidget(1 + n, button)
            self.buttons[value] = button
        self.more_menu.clear()
        for value in more:
            entry = self.more_menu.addAction(self.name.format(n=value))
            entry.triggered.connect(lambda _=False, v=value: self.picked.emit(v))
        self.more.setVisible(bool(more))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A digit typed on the row (its buttons hand it on) clicks its number (issue 35:
        "1" on *He hits you* records 1 damage, one key)."""
        button = self.buttons.get(int(event.text())) if event.text().isdigit() else None
        if (
            button is not None
            and button.isEnabled()
            and not event.modifiers() & ~(Qt.KeyboardModifier.KeypadModifier)
        ):
            button.click()
            return
        super().keyPressEvent(event)

    def first_button(self) -> QPushButton | None:
        """Where the keyboard lands on the row: its first number."""
        return next(iter(self.buttons.values()), None)

    def offer(self, refused: RuleViolation | None, tip: str) -> None:
        """``tip``: "{n}" in it is each button's damage."""
        for value, button in self.buttons.items():
            offer(button, refused, tip.format(n=value))
        # Translators: fills "{n}" of a damage's message ("You hit him for {n} damage") for the
        # button that offers other numbers.
        offer(self.more, refused, tip.format(n=_("another number of")))
