"""The Terror card you drew: pick it (or type its name), read what it does and how sure we
are, and resolve it in the same step.

The list is the game's cards file (``terror.terror_cards``); a name translated from another
edition is marked. For a card the app knows, the model plans each of its steps on the table
(``terror.plan_card``): counters, falling Asleep, his moves and kills, Victims placed; the
dialog shows them, each with a tick (untick what your card does not say) and the choices the
card leaves open (which Victim, which Exit, a die), and *OK* records the card with them. Any
other name may be typed: the model resolves it as printed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions import DrawTerror
from frightmare.model.card_data import CONFIDENCE_NAMES, CardData
from frightmare.model.card_steps import describe_step
from frightmare.model.state import GameState
from frightmare.model.terror import (
    UNKNOWN_CARD_NOTE,
    Answer,
    CardPlan,
    card_note,
    find_terror,
    plan_card,
    terror_cards,
)
from frightmare.ui.dream_panels import MAX_CARD_NAME, named_card, wide_popup
from frightmare.ui.killer_steps import choice_widget, question
from frightmare.ui.wheel_guard import ComboBox

DOES_NOT_APPLY = " (does not apply now)"

TRANSLATED_MARK = " (translated name)"


def card_label(card: CardData) -> str:
    """A card's name in a list, marked when it is translated from another edition."""
    return card.name + (TRANSLATED_MARK if card.translated else "")


class TerrorDialog(QDialog):
    """Which Terror card was drawn; what it does shows below the name."""

    def __init__(self, parent: QWidget | None = None, state: GameState | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terror card")
        self.state = state
        self.name = ComboBox()
        self.name.setEditable(True)
        self.name.setInsertPolicy(ComboBox.InsertPolicy.NoInsert)
        line = self.name.lineEdit()
        if line is not None:
            line.setMaxLength(MAX_CARD_NAME)
        self.name.setAccessibleName("Terror card")
        self.name.setToolTip("Pick the card, or type its name")
        self.cards = terror_cards(state) if state is not None else ()
        if state is None:
            from frightmare.model.card_data import default_cards

            self.cards = default_cards().of_kind("terror")
        for card in self.cards:
            self.name.addItem(card_label(card), card.id)
        # As wide as its longest name: every name reads whole, chosen and in the open list.
        labels = [card_label(card) for card in self.cards]
        longest = max((self.name.fontMetrics().horizontalAdvance(t) for t in labels), default=0)
        self.name.view().setMinimumWidth(longest + 4 * self.name.fontMetrics().averageCharWidth())
        self.name.setMinimumWidth(longest + 6 * self.name.fontMetrics().averageCharWidth())
        wide_popup(self.name)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setAccessibleName("What the card does")
        self.about.setMinimumWidth(self.fontMetrics().averageCharWidth() * 48)
        self.name.currentTextChanged.connect(lambda _text: self._card_changed())
        # What the card does, then its steps: one area that scrolls when the screen is short.
        self.steps_box = QWidget()
        box = QVBoxLayout(self.steps_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.about)
        self.steps_grid = QGridLayout()
        self.steps_grid.setContentsMargins(0, 0, 0, 0)
        box.addLayout(self.steps_grid)
        box.addStretch(1)
        self.steps_scroll = QScrollArea()
        self.steps_scroll.setWidget(self.steps_box)
        self.steps_scroll.setWidgetResizable(True)
        self.steps_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.steps_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps_scroll.setAccessibleName("What the card does, step by step")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Which Terror card did you draw?"))
        layout.addWidget(self.name)
        layout.addWidget(self.steps_scroll, 1)
        layout.addWidget(buttons)
        self.chosen: dict[tuple[int, str], Answer] = {}
        self.skipped: set[int] = set()
        self.plan: CardPlan | None = None
        self._card_changed()

    def chosen_name(self) -> str | None:
        """The card's id when a listed card is chosen, else the name typed."""
        return named_card(self.name)

    def card(self) -> CardData | None:
        name = self.chosen_name()
        if name is None:
            return None
        if self.state is not None:
            return find_terror(self.state, name)
        return next((c for c in self.cards if c.id == name), None)

    def _card_changed(self) -> None:
        self.chosen = {}
        self.skipped = set()
        self._describe()

    def _describe(self) -> None:
        card = self.card()
        if card is not None:
            self.about.setText(card_note(card))
        else:
            self.about.setText(UNKNOWN_CARD_NOTE if self.chosen_name() else "")
        self._show_steps(card)

    def _show_steps(self, card: CardData | None) -> None:
        while self.steps_grid.count():
            item = self.steps_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        state = self.state
        self.plan = None
        if card is None or state is None:
            self._fit()
            return
        plan = plan_card(state, card, self.chosen, frozenset(self.skipped))
        self.plan = plan
        row = 0
        for step in plan.steps:
            tick = QCheckBox(step.text + ("" if step.applies else DOES_NOT_APPLY))
            tick.setAccessibleName(f"Step {step.index + 1}: {step.text}")
            tick.setToolTip(f"Source: {CONFIDENCE_NAMES[step.confidence]}")
            tick.setChecked(step.applies and step.index not in self.skipped)
            tick.setEnabled(step.applies)
            tick.toggled.connect(lambda on, i=step.index: self._tick(i, on))
            self.steps_grid.addWidget(tick, row, 0, 1, 2)
            mark = QLabel(step.confidence)
            mark.setToolTip(f"Source: {CONFIDENCE_NAMES[step.confidence]}")
            mark.setAccessibleName(f"Source of step {step.index + 1}")
            self.steps_grid.addWidget(mark, row, 2)
            row += 1
            if not step.applies or step.index in self.skipped:
                continue
            if step.records and not step.guided:
                done = QLabel("→ " + "; ".join(describe_step(state, r) for r in step.records))
                done.setWordWrap(True)
                done.setObjectName("muted")
                done.setAccessibleName(f"What step {step.index + 1} does here")
                self.steps_grid.addWidget(done, row, 0, 1, 3)
                row += 1
            for choice in step.choices:
                label = QLabel(question(choice))
                label.setWordWrap(True)
                value = self.chosen.get((step.index, choice.key), choice.default)
                widget = choice_widget(
                    state, choice, value, self._chooser((step.index, choice.key)), chars=24
                )
                widget.setMinimumWidth(widget.sizeHint().width())  # a space's name reads whole
                self.steps_grid.addWidget(label, row, 0)
                self.steps_grid.addWidget(widget, row, 1, 1, 2)
                row += 1
        self.steps_grid.setColumnStretch(0, 1)
        self._fit()

    def _fit(self) -> None:
        """As tall as what the card does and its steps, up to most of the screen (then they
        scroll), and as wide as they need."""
        self.steps_box.adjustSize()
        hint = self.steps_box.sizeHint()
        bar = self.steps_scroll.verticalScrollBar().sizeHint().width()
        self.steps_scroll.setMinimumWidth(hint.width() + bar + 4)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        most = int(screen.height() * 0.85) if screen is not None else 700
        rest = self.sizeHint().height() - self.steps_scroll.sizeHint().height()
        self.resize(self.sizeHint().width(), min(most, rest + hint.height() + 8))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Wrapped text knows its height once shown: fitted again then.
        QTimer.singleShot(0, self._fit)

    def _tick(self, index: int, on: bool) -> None:
        if on:
            self.skipped.discard(index)
        else:
            self.skipped.add(index)
        QTimer.singleShot(0, lambda: self._show_steps(self.card()))

    def _chooser(self, key: tuple[int, str]) -> Callable[[Answer], None]:
        def choose(answer: Answer) -> None:
            self.chosen[key] = answer
            # Re-planned after the control's own signal has returned (it is rebuilt).
            QTimer.singleShot(0, lambda: self._show_steps(self.card()))

        return choose

    def action(self) -> DrawTerror | None:
        name = self.chosen_name()
        if not name:
            return None
        if self.plan is None:
            return DrawTerror(name=name)
        return DrawTerror(name=name, steps=self.plan.records(frozenset(self.skipped)))

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState | None = None) -> DrawTerror | None:
        dialog = cls(parent, state)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()
