"""The Terror card you drew: pick it (or type its name), read what it does and how sure we
are, and resolve it in the same step.

The list is the game's cards file (``terror.terror_cards``), every card in view: one click picks
one (a name translated from another edition is marked); any other name may be typed below it,
and the model resolves it as printed. For a card the app knows, the model plans each of its
steps on the table (``plan.plan_card``): counters, falling Asleep, his moves and kills,
Victims placed; the dialog shows them beside the list, each with a tick (untick what your card
does not say), and the choices the card leaves open (which Victim, which Exit, a die) as
buttons, one click each; what the rules decide (where he stops on his way) is proposed in a
list, to correct. *OK* records the card with them; when the card leaves one choice only, its
click records it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QMouseEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _
from frightmare.model.actions.round import DrawTerror
from frightmare.model.box.card_data import CardData, Confidence
from frightmare.model.cards.card_steps import describe_step
from frightmare.model.cards.choices import Answer, CardPlan
from frightmare.model.cards.plan import plan_card
from frightmare.model.cards.terror import (
    TRANSLATED_LEGEND,
    TRANSLATED_NOTE,
    UNKNOWN_CARD_NOTE,
    card_note,
    find_terror,
    terror_cards,
)
from frightmare.model.game.state import GameState
from frightmare.model.query.lists import terror_drawn_ids
from frightmare.ui.game.steps.killer_steps import choice_buttons, choice_widget, question
from frightmare.ui.widgets.card_combo import MAX_CARD_NAME, named_card, wide_popup
from frightmare.ui.widgets.dialogs import ok_cancel
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import ComboBox

DOES_NOT_APPLY = " (does not apply now)"
RECORDS_ON_CLICK = " (a click records the card)"

TRANSLATED_MARK = " (translated name)"
DRAWN_NOTE = N_(
    "Drawn already this game: it is out of the deck. Pick it if the table says otherwise."
)

# Each step's source, in words beside it (rules notes §9: RB, PUB, ONE), with what it means
# for the player in its tooltip and in one line under the steps.
# Translators: the short marks beside each step of a Terror card, in a narrow column.
SOURCE_MARKS: dict[Confidence, str] = {
    "RB": N_("rulebook"),
    "PUB": N_("public"),
    "ONE": N_("1 source"),
}
SOURCE_TIPS: dict[Confidence, str] = {
    "RB": N_("Source: the rulebook prints this step."),
    "PUB": N_("Source: public sources agree on this step (two or more of them)."),
    "ONE": N_(
        "Source: one unofficial source (a fan transcription of the cards, often translated): "
        "check it against your card, and untick it if your card says otherwise."
    ),
}
SOURCE_LEGEND = N_(
    "Beside each step, its source. rulebook: printed in the rulebook; public: public sources "
    "agree; 1 source: one unofficial source, so check your card (untick a step it does not "
    "say)."
)


def card_label(card: CardData) -> str:
    """A card's name in a list, marked when it is translated from another edition."""
    return card.name + (TRANSLATED_MARK if card.translated else "")


class StepText(QLabel):
    """A step's words beside its tick, wrapped to the column; a click toggles the tick."""

    def __init__(self, text: str, tick: QCheckBox) -> None:
        super().__init__(text)
        self.tick = tick
        self.setWordWrap(True)
        self.setEnabled(tick.isEnabled())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.tick.isEnabled():
            self.tick.toggle()
        super().mousePressEvent(event)


class TerrorDialog(OnScreenDialog):
    """Which Terror card was drawn (every card listed, one click), and what it does beside."""

    def __init__(
        self,
        parent: QWidget | None = None,
        state: GameState | None = None,
        at: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Terror card"))
        self.state = state
        # A space chosen on the board just before: the card's open choice of a space (where the
        # car hit) takes it (``plan.plan_card``).
        self.at = at
        self.cards = terror_cards(state) if state is not None else ()
        if state is None:
            from frightmare.model.box.card_data import default_cards

            self.cards = default_cards().of_kind("terror")
        # Drawn this game: marked in the list, never the card proposed (issue 31).
        self.drawn = terror_drawn_ids(state) if state is not None else frozenset()
        legend = self._build_list()
        longest = self._build_name()
        fresh = next((n for n, c in enumerate(self.cards) if c.id not in self.drawn), 0)
        self.name.blockSignals(True)
        self.name.setCurrentIndex(fresh)
        self.name.blockSignals(False)
        self._build_steps()
        buttons = ok_cancel(self)
        # The cards on the left, every one in view if the screen allows; what the chosen one
        # does on the right.
        bar = self.cards_list.verticalScrollBar().sizeHint().width()
        italic = QFont(self.cards_list.font())
        italic.setItalic(True)
        widest = max(
            (QFontMetrics(italic).horizontalAdvance(c.name) for c in self.cards), default=0
        )
        self.cards_list.setMinimumWidth(max(widest, longest) + bar + 24)
        picker = QVBoxLayout()
        picker.addWidget(QLabel(_("Which Terror card did you draw?")))
        picker.addWidget(self.cards_list, 1)
        picker.addWidget(legend)
        picker.addWidget(QLabel(_("Or type its name:")))
        picker.addWidget(self.name)
        sides = QHBoxLayout()
        sides.addLayout(picker)
        sides.addWidget(self.steps_scroll, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(sides, 1)
        layout.addWidget(buttons)
        self.chosen: dict[tuple[int, str], Answer] = {}
        self.skipped: set[int] = set()
        self.plan: CardPlan | None = None
        self._clicked = False  # the last answer came from a button (then it may record)
        self._held: int | None = None  # the height once shown
        self._card_changed()

    def _build_list(self) -> QLabel:
        """Every card in view, one click each, a translated name in italics; returns the
        legend saying what the italics mean."""
        self.cards_list = QListWidget()
        self.cards_list.setAccessibleName(_("The game's Terror cards"))
        self.cards_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.cards_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for card in self.cards:
            drawn = card.id in self.drawn
            shown = _("{card} (drawn)").format(card=card.name) if drawn else card.name
            item = QListWidgetItem(shown)
            item.setData(Qt.ItemDataRole.UserRole, card.id)
            item.setToolTip(
                card.summary
                + ("\n" + _(TRANSLATED_NOTE) if card.translated else "")
                + ("\n" + _(DRAWN_NOTE) if drawn else "")
            )
            if card.translated:
                font = item.font()
                font.setItalic(True)
                item.setFont(font)
            self.cards_list.addItem(item)
        self.cards_list.itemClicked.connect(self._listed)
        self.cards_list.currentItemChanged.connect(
            lambda item, _before: self._listed(item) if item is not None else None
        )
        legend = QLabel(_(TRANSLATED_LEGEND))
        legend.setObjectName("muted")
        legend.setWordWrap(True)
        return legend

    def _build_name(self) -> int:
        """Or typed: any name, and the list shows the cards it may be. As wide as its longest
        name (returned), so every name reads whole, chosen and in the open list."""
        self.name = ComboBox()
        self.name.setEditable(True)
        self.name.setInsertPolicy(ComboBox.InsertPolicy.NoInsert)
        line = self.name.lineEdit()
        if line is not None:
            line.setMaxLength(MAX_CARD_NAME)
        self.name.setAccessibleName(_("Terror card"))
        self.name.setToolTip(_("Pick the card, or type its name"))
        for card in self.cards:
            self.name.addItem(card.name, card.id)
        metrics = self.name.fontMetrics()
        longest = max((metrics.horizontalAdvance(c.name) for c in self.cards), default=0)
        self.name.view().setMinimumWidth(longest + 4 * metrics.averageCharWidth())
        self.name.setMinimumWidth(longest + 6 * metrics.averageCharWidth())
        wide_popup(self.name)
        self.name.currentTextChanged.connect(lambda _text: self._card_changed())
        self.name.editTextChanged.connect(self._filter)
        return longest

    def _build_steps(self) -> None:
        """What the card does, then its steps: one area that scrolls when the screen is
        short."""
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setAccessibleName(_("What the card does"))
        self.steps_box = QWidget()
        box = QVBoxLayout(self.steps_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.about)
        # What the marks beside the steps mean, above them (a long card's steps scroll).
        self.source_legend = QLabel(_(SOURCE_LEGEND))
        self.source_legend.setWordWrap(True)
        self.source_legend.setObjectName("muted")
        self.source_legend.setAccessibleName(_("What the source marks mean"))
        self.source_legend.setVisible(False)
        box.addWidget(self.source_legend)
        self.steps_grid = QGridLayout()
        self.steps_grid.setContentsMargins(0, 0, 0, 0)
        self.steps_grid.setColumnStretch(1, 1)
        box.addLayout(self.steps_grid)
        box.addStretch(1)
        self.steps_scroll = QScrollArea()
        self.steps_scroll.setWidget(self.steps_box)
        self.steps_scroll.setWidgetResizable(True)
        self.steps_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.steps_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps_scroll.setAccessibleName(_("What the card does, step by step"))
        self._steps_width = self.fontMetrics().averageCharWidth() * 44
        self.steps_scroll.setMinimumWidth(self._steps_width)

    def _filter(self, text: str) -> None:
        """Typing narrows the list to the cards whose name holds what was typed."""
        typed = " ".join(text.split()).casefold()
        for row in range(self.cards_list.count()):
            item = self.cards_list.item(row)
            if item is not None:
                item.setHidden(bool(typed) and typed not in item.text().casefold())
        if typed and any(
            (i := self.cards_list.item(r)) is not None and i.text().casefold() == typed
            for r in range(self.cards_list.count())
        ):
            for row in range(self.cards_list.count()):
                item = self.cards_list.item(row)
                if item is not None:
                    item.setHidden(False)

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

    def _listed(self, item: QListWidgetItem) -> None:
        """A card clicked in the list: it is the name chosen."""
        index = self.name.findData(item.data(Qt.ItemDataRole.UserRole))
        if index >= 0 and index != self.name.currentIndex():
            self.name.setCurrentIndex(index)

    def _card_changed(self) -> None:
        self.chosen = {}
        self.skipped = set()
        # The list follows the name (picked in either, or typed).
        name = self.chosen_name()
        for row in range(self.cards_list.count()):
            item = self.cards_list.item(row)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == name:
                if self.cards_list.currentRow() != row:
                    self.cards_list.blockSignals(True)
                    self.cards_list.setCurrentRow(row)
                    self.cards_list.blockSignals(False)
                break
        else:
            self.cards_list.clearSelection()
        self._describe()

    def _describe(self) -> None:
        card = self.card()
        if card is not None:
            self.about.setText(card_note(card))
        else:
            self.about.setText(_(UNKNOWN_CARD_NOTE) if self.chosen_name() else "")
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
            self.source_legend.setVisible(False)
            self._fit()
            return
        plan = plan_card(state, card, self.chosen, frozenset(self.skipped), at=self.at)
        self.plan = plan
        asking = plan.asking(frozenset(self.skipped))
        row = 0
        for step in plan.steps:
            # The tick, the step's words wrapped beside it, its source's mark.
            tick = QCheckBox()
            tick.setAccessibleName(
                _("Step {number}: {step}").format(number=step.index + 1, step=step.text)
            )
            tick.setToolTip(_(SOURCE_TIPS[step.confidence]))
            tick.setChecked(step.applies and step.index not in self.skipped)
            tick.setEnabled(step.applies)
            tick.toggled.connect(lambda on, i=step.index: self._tick(i, on))
            self.steps_grid.addWidget(tick, row, 0, Qt.AlignmentFlag.AlignTop)
            words = StepText(step.text + ("" if step.applies else DOES_NOT_APPLY), tick)
            words.setToolTip(tick.toolTip())
            self.steps_grid.addWidget(words, row, 1)
            mark = QLabel(_(SOURCE_MARKS[step.confidence]))
            mark.setObjectName("muted")
            mark.setToolTip(_(SOURCE_TIPS[step.confidence]))
            mark.setAccessibleName(_("Source of step {number}").format(number=step.index + 1))
            self.steps_grid.addWidget(mark, row, 2, Qt.AlignmentFlag.AlignTop)
            row += 1
            if not step.applies or step.index in self.skipped:
                continue
            if step.records and not step.guided:
                done = QLabel("→ " + "; ".join(describe_step(state, r) for r in step.records))
                done.setWordWrap(True)
                done.setObjectName("muted")
                done.setAccessibleName(
                    _("What step {number} does here").format(number=step.index + 1)
                )
                self.steps_grid.addWidget(done, row, 1, 1, 2)
                row += 1
            for choice in step.choices:
                if not choice.shown:
                    continue  # one option: nothing to choose
                key = (step.index, choice.key)
                # The card's only open choice: its click records the card.
                last = asking == ((step.index, choice),)
                value = self.chosen.get(key, choice.default)
                buttons = (
                    choice_buttons(state, choice, value, self._chooser(key, last, clicked=True))
                    if choice.asks
                    else None
                )
                widget = buttons or choice_widget(
                    state, choice, value, self._chooser(key), chars=24
                )
                clicks = last and buttons is not None
                label = QLabel(question(choice) + (RECORDS_ON_CLICK if clicks else ""))
                label.setWordWrap(True)
                self.steps_grid.addWidget(label, row, 1, 1, 2)
                row += 1
                self.steps_grid.addWidget(widget, row, 1, 1, 2)
                row += 1
        self.source_legend.setVisible(bool(plan.steps))
        self._fit()

    def _fit(self) -> None:
        """As tall as the list and what the card does, up to most of the screen (then they
        scroll), and as wide as they need, up to most of the screen (the words wrap)."""
        self.steps_box.adjustSize()
        # The scroll area does not pass on what it holds: a die's six buttons would be cut.
        bar = self.steps_scroll.verticalScrollBar().sizeHint().width()
        holds = self.steps_box.minimumSizeHint().width() + bar
        self.steps_scroll.setMinimumWidth(max(self._steps_width, holds))
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        tall = int(screen.height() * 0.85) if screen is not None else 700
        wide = int(screen.width() * 0.9) if screen is not None else 1000
        rows = self.cards_list.sizeHintForRow(0) * self.cards_list.count() + 8
        rest = self.sizeHint().height() - self.steps_scroll.sizeHint().height()
        height = max(rows + rest // 2, self.steps_box.sizeHint().height() + rest)
        width = min(wide, self.sizeHint().width())
        if self._held is not None:
            # Shown: its height holds (what a card does scrolls beside the list), its width
            # only grows (issue 31: a click made the dialog shorter and moved the name box).
            self.resize(max(width, self.width()), self._held)
        else:
            self.resize(width, min(tall, height + 8))
        current = self.cards_list.currentItem()
        if current is not None:
            self.cards_list.scrollToItem(current)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Wrapped text knows its height once shown: fitted again then, its rows laid out at
        # the size the window's style gives them (issue 31: laid out before it, they were 18
        # px apart until the first click spaced them 26), and then its height held.
        QTimer.singleShot(0, self._fit_shown)

    def _fit_shown(self) -> None:
        self.cards_list.doItemsLayout()
        self._held = None
        self._fit()
        self._held = self.height()

    def _tick(self, index: int, on: bool) -> None:
        if on:
            self.skipped.discard(index)
        else:
            self.skipped.add(index)
        QTimer.singleShot(0, lambda: self._show_steps(self.card()))

    def _chooser(
        self, key: tuple[int, str], records: bool = False, clicked: bool = False
    ) -> Callable[[Answer], None]:
        def choose(answer: Answer) -> None:
            self.chosen[key] = answer
            self._clicked = clicked
            # Re-planned after the control's own signal has returned (it is rebuilt).
            QTimer.singleShot(0, lambda: self._chosen(records))

        return choose

    def _chosen(self, records: bool) -> None:
        self._show_steps(self.card())
        plan = self.plan
        # The last open choice answered by a click records the card (issue 31: an Event drawn
        # and its die, no OK): every choice the card asks now has the player's answer.
        answered = plan is not None and all(
            (index, choice.key) in self.chosen
            for index, choice in plan.asking(frozenset(self.skipped))
        )
        # An answer that opened another question (an Event that asks a die) waits for it.
        if (records or self._clicked) and answered:
            self.accept()

    def action(self) -> DrawTerror | None:
        name = self.chosen_name()
        if not name:
            return None
        if self.plan is None:
            return DrawTerror(name=name)
        return DrawTerror(name=name, steps=self.plan.records(frozenset(self.skipped)))

    @classmethod
    def ask(
        cls, parent: QWidget | None, state: GameState | None = None, at: str | None = None
    ) -> DrawTerror | None:
        dialog = cls(parent, state, at)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()
