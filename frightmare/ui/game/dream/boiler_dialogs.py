"""The Boiler Room's questions: what a real card showed after a slide, and a card that changes the
Boiler Room."""

from __future__ import annotations

from typing import get_args

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import (
    BOILER_EFFECT_NAMES,
    BoilerEffect,
    BoilerRoomEffect,
    Report,
)
from frightmare.model.game.boiler_room import QUADRANTS, QUARTER_NAMES, Direction, describe_part
from frightmare.model.game.state import GameState
from frightmare.model.query.plays import plays
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox


class ReportDialog(OnScreenDialog):
    """Playing with the real cards: what did the slide show?

    Each answer carries the model's verdict: one the rules refuse is marked, with the model's
    reason in its tooltip, and stays clickable (the real cards are the truth: the play can be
    recorded anyway); only an impossible one is disabled.
    """

    def __init__(self, state: GameState, direction: Direction, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("What does the card show?"))
        self.choice: Report | None = None
        screen = plays(state)
        stack = state.dream.stack
        part = sorted(stack.visible_after(direction))
        layout = QVBoxLayout(self)
        label = QLabel(
            _("Card {number} now shows {part}. Is Dr. Fright in it?").format(
                number=stack.revealed + 1, part=describe_part(part)
            )
        )
        label.setWordWrap(True)
        layout.addWidget(label)
        answers: list[tuple[Report, str]] = [("nothing", _("&No Dr. Fright"))]
        answers += [
            (
                q,
                # Translators: a button; {number} is its mnemonic digit, {quarter} a part of
                # the Boiler Room card ("the top-left quarter").
                _("&{number}  Dr. Fright in {quarter}").format(
                    number=n + 1, quarter=_(QUARTER_NAMES[q])
                ),
            )
            for n, q in enumerate(q for q in QUADRANTS if q in part)
        ]
        self.buttons: dict[Report, QPushButton] = {}
        for report, text in answers:
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, r=report: self._choose(r))
            # Refused by a rule, still clickable: the real cards are the truth, and the
            # play can be recorded anyway; only an answer the slide cannot show is disabled.
            offer(button, screen.slide_report(direction, report).error, "")
            self.buttons[report] = button
            layout.addWidget(button)
        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def _choose(self, report: Report) -> None:
        self.choice = report
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState, direction: Direction) -> Report | None:
        dialog = cls(state, direction, parent)
        dialog.exec()
        return dialog.choice


class BoilerEffectDialog(OnScreenDialog):
    """A card that changes the Boiler Room's pace ("unless a game effect changes this"):
    which card, and what it does."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("A card changes the Boiler Room"))
        self.effect = ComboBox()
        self.effect.setAccessibleName(_("What the card does"))
        for key, text in BOILER_EFFECT_NAMES.items():
            self.effect.addItem(text[:1].upper() + text[1:], key)
        self.card = QLineEdit()
        self.card.setMaxLength(60)
        self.card.setAccessibleName(_("The card's name"))
        self.card.setPlaceholderText(_("The card's name, as printed"))
        form = QFormLayout(self)
        form.addRow(_("&Card:"), self.card)
        form.addRow(_("&It gives:"), self.effect)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.card.textChanged.connect(lambda _text: self._enable())
        self._enable()

    def _enable(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(self.action() is not None)

    def action(self) -> BoilerRoomEffect | None:
        card = " ".join(self.card.text().split())
        effect: BoilerEffect | None = next(
            (e for e in get_args(BoilerEffect) if e == self.effect.currentData()), None
        )
        if not card or effect is None:
            return None
        return BoilerRoomEffect(effect=effect, card=card)

    @classmethod
    def ask(cls, parent: QWidget | None) -> BoilerRoomEffect | None:
        dialog = cls(parent)
        return dialog.action() if dialog.exec() == QDialog.DialogCode.Accepted else None
