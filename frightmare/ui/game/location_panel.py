"""Another Location's panel: Victims on the board, saved and killed, the one Item deck, and
free notes of where things are.

The app has no board for a Location from another box; this panel keeps what a player would
keep on paper. Each control asks the model (``frightmare.model.query.plays``) whether its
action is allowed, and says why not in its tooltip.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _, ngettext
from frightmare.model.actions.journal import Action
from frightmare.model.actions.location import (
    MAX_DECK,
    MAX_VICTIMS,
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.box import names
from frightmare.model.game.state import MAX_NOTES_LENGTH, GameState
from frightmare.model.query.notes import VICTIM_DIES_NOTE
from frightmare.model.query.plays import LocationPlays, plays
from frightmare.model.query.verdict import Verdict
from frightmare.ui.game.killer_panel import NoteLine, big_font
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import SpinBox

NOTES_PAUSE_MS = 800
# Where an item goes back into the deck (``PutBackLocationItem.position``).
DeckEnd = Literal["top", "bottom"]


def _button(text: str, accessible: str) -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(accessible)
    return button


def _spin(maximum: int, accessible: str, tooltip: str) -> QSpinBox:
    spin = SpinBox()
    spin.setRange(0, maximum)
    spin.setAccessibleName(accessible)
    spin.setToolTip(tooltip)
    spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
    return spin


def _row(*buttons: QPushButton) -> QHBoxLayout:
    """Buttons side by side, left-aligned, each as wide as its text."""
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    return row


def _correct_row(count: QSpinBox, button: QPushButton) -> QHBoxLayout:
    """``[n] [Correct]`` (after its "Correct to:" name), left-aligned, the box as wide as its
    number."""
    row = QHBoxLayout()
    count.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    row.addWidget(count)
    row.addWidget(button)
    row.addStretch(1)
    return row


class LocationPanel(QGroupBox):
    """The plain table of a Location the app has no board for."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("The Location", parent)
        self.setAccessibleName(_("Location"))
        self.name = QLabel()
        self.name.setAccessibleName(_("Location's name"))
        big_font(self.name, 1.8)
        self._build_victims()
        self._build_deck()
        notes_label = self._build_notes()
        for button in (self.add_victim, self.save_victim, self.kill_victim, self.take):
            big_font(button, 1.15)
        table = self._lay_out_table()
        layout = QVBoxLayout(self)
        layout.addWidget(self.name)
        layout.addLayout(table)
        layout.addWidget(notes_label)
        layout.addWidget(self.notes, 1)  # the notes take the room the table leaves
        layout.addWidget(self.note)
        self._state: GameState | None = None

    def _build_victims(self) -> None:
        """The Victims on the board, saved and killed: a button each, and the count
        corrected."""
        self.victims = QLabel()
        self.victims.setAccessibleName(_("Victims on the board"))
        big_font(self.victims, 1.6)
        self.saved = QLabel()
        self.saved.setAccessibleName(_("Victims saved"))
        self.killed = QLabel()
        self.killed.setAccessibleName(_("Victims killed"))
        for label in (self.saved, self.killed):
            big_font(label, 1.2)
        self.add_victim = _button(_("+ Victim"), "Place a Victim on the board")
        self.save_victim = _button(_("Saved"), "A Victim is saved")
        self.kill_victim = _button(_("Killed"), "A Victim is killed")
        self.add_victim.clicked.connect(lambda: self._emit(AddLocationVictims(count=1)))
        self.save_victim.clicked.connect(lambda: self._emit(LocationVictimsSaved(count=1)))
        self.kill_victim.clicked.connect(lambda: self._emit(LocationVictimsKilled(count=1)))
        self.victims_count = _spin(
            MAX_VICTIMS, "Victims on the board, corrected", "Correct the number of Victims on it"
        )
        self.set_victims = _button(_("Correct"), "Correct the Victims on the board")
        self.set_victims.clicked.connect(
            lambda: self._emit(SetLocationVictims(count=self.victims_count.value()))
        )
        self.victims_count.valueChanged.connect(lambda _value: self._enable_corrections())

    def _build_deck(self) -> None:
        """The one Item deck (its count corrected, its face-up top card named, Take the top
        Item) and her items, each put back on top or at the bottom."""
        self.deck = QLabel()
        self.deck.setAccessibleName(_("Item deck"))
        big_font(self.deck, 1.3)
        self.deck_count = _spin(MAX_DECK, "Item deck cards, corrected", "Cards in the Item deck")
        self.set_deck = _button(_("Correct"), "Correct the cards in the Item deck")
        self.set_deck.clicked.connect(
            lambda: self._emit(SetLocationDeck(cards=self.deck_count.value()))
        )
        self.deck_count.valueChanged.connect(lambda _value: self._enable_corrections())
        self.top_card = QLineEdit()
        self.top_card.setMaxLength(60)
        self.top_card.setAccessibleName(_("Item deck's top card"))
        self.top_card.setPlaceholderText(_("The face-up top card's name"))
        self.top_card.setToolTip(_("Name the top card when it is face up; empty if it is not"))
        self.name_top = _button(_("Name it"), "Name the Item deck's top card")
        self.name_top.clicked.connect(self._name_top)
        self.top_card.returnPressed.connect(self._name_top)
        self.top_card.textChanged.connect(lambda _text: self._enable_top())
        self.take = _button(_("Take the top Item"), "Take the top Item into her hand")
        self.take.clicked.connect(lambda: self._emit(TakeLocationItem()))

        self.held = QListWidget()
        self.held.setAccessibleName(_("Her items"))
        self.held.setToolTip(_("Her items; pick one to put it back into the Item deck"))
        self.held.setMaximumHeight(110)
        self.held.currentRowChanged.connect(lambda _row: self._enable_put_back())
        self.put_top = _button(_("Back on top"), "Put the item back on top of the Item deck")
        self.put_bottom = _button(_("Back at the bottom"), "Put the item at the bottom of the deck")
        self.put_top.clicked.connect(lambda: self._put_back("top"))
        self.put_bottom.clicked.connect(lambda: self._put_back("bottom"))

    def _build_notes(self) -> QLabel:
        """Free notes of where things are (saved after a pause in typing), and a line for a
        play the app cannot record; returns the notes' label."""
        notes_label = QLabel(_("&Where things are:"))
        self.notes = QPlainTextEdit()
        self.notes.setAccessibleName(_("Where things are"))
        self.notes.setPlaceholderText(_("The Killer, her, tokens, closed doors… as on the table"))
        self.notes.setToolTip(_("Free notes of where things are on this Location"))
        self.notes.setMinimumHeight(80)
        notes_label.setBuddy(self.notes)
        self._notes_shown = ""
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(NOTES_PAUSE_MS)
        self._notes_timer.timeout.connect(self.flush)
        self.notes.textChanged.connect(self._typed)
        self.note = NoteLine("A play on this Location the app cannot record…")
        self.note.act_requested.connect(self.act_requested)
        return notes_label

    def _lay_out_table(self) -> QGridLayout:
        """One grid of two columns, names on the left: each "Correct to:" sits under the count
        it corrects, in the names' column, so both rows line up; the wide rows (the Victim
        buttons, the counts, Take) span both columns. Nothing sits in a third column, so the
        panel stays narrow enough beside the side column at 1280x720 and 150% zoom."""
        self.deck.setWordWrap(True)  # a long top card's name wraps, never widens the panel
        table = QGridLayout()
        table.addWidget(QLabel(_("Victims on the board:")), 0, 0)
        table.addWidget(self.victims, 0, 1)
        table.addLayout(_row(self.add_victim, self.save_victim, self.kill_victim), 1, 0, 1, 2)
        # The two counts side by side, an em-wide gap between them ("Saved: 0 / 5  Killed: 0",
        # never "Saved: 0 / 5Killed: 0").
        counts = QHBoxLayout()
        counts.setSpacing(2 * self.saved.fontMetrics().horizontalAdvance("M"))
        counts.addWidget(self.saved)
        counts.addWidget(self.killed)
        counts.addStretch(1)
        table.addLayout(counts, 2, 0, 1, 2)
        table.addWidget(QLabel(_("Correct to:")), 3, 0)
        table.addLayout(_correct_row(self.victims_count, self.set_victims), 3, 1)
        table.addWidget(QLabel(_("Item deck:")), 4, 0)
        table.addWidget(self.deck, 4, 1)
        table.addWidget(QLabel(_("Correct to:")), 5, 0)
        table.addLayout(_correct_row(self.deck_count, self.set_deck), 5, 1)
        table.addWidget(QLabel(_("Top card:")), 6, 0)
        top = QHBoxLayout()
        top.addWidget(self.top_card, 1)
        top.addWidget(self.name_top)
        table.addLayout(top, 6, 1)
        table.addLayout(_row(self.take), 7, 0, 1, 2)
        table.addWidget(QLabel(_("Her items:")), 8, 0, Qt.AlignmentFlag.AlignTop)
        held = QHBoxLayout()
        held.addWidget(self.held, 1)
        put = QVBoxLayout()
        put.addWidget(self.put_top)
        put.addWidget(self.put_bottom)
        put.addStretch(1)
        held.addLayout(put)
        table.addLayout(held, 8, 1)
        table.setColumnStretch(1, 1)
        return table

    # Acting -----------------------------------------------------------------------------

    def _emit(self, action: Action) -> None:
        self.flush()
        self.act_requested.emit(action)

    def _typed_top(self) -> str | None:
        return " ".join(self.top_card.text().split()) or None

    def _name_top(self) -> None:
        if self.name_top.isEnabled():
            self._emit(NameLocationTopCard(name=self._typed_top()))

    def _put_back(self, position: DeckEnd) -> None:
        row = self.held.currentRow()
        if row >= 0:
            self._emit(PutBackLocationItem(index=row, position=position))

    def _typed(self) -> None:
        if self.notes.toPlainText() != self._notes_shown:
            self._notes_timer.start()

    def flush(self) -> None:
        """Commit the typed notes now (called before any other action: nothing is lost)."""
        self._notes_timer.stop()
        text = self.notes.toPlainText()[:MAX_NOTES_LENGTH]
        if text != self._notes_shown:
            self._notes_shown = text
            self.act_requested.emit(LocationNotes(notes=text))

    # Showing ----------------------------------------------------------------------------

    def _allow(self, button: QPushButton, answer: Verdict | None, allowed: str) -> None:
        if answer is None or self._state is None:
            button.setEnabled(False)
            return
        # Refused by a rule: marked, still clickable, so the click reaches the model and the
        # play can be recorded anyway; only an impossible action is disabled.
        offer(button, answer.error, allowed)

    def _plays(self) -> LocationPlays | None:
        """The model's answers for this Location's plays (``None`` on Maple Lane)."""
        return plays(self._state).location if self._state is not None else None

    def _show_notes(self, notes: str) -> None:
        """The game's notes, unless the player is typing: what is typed but not yet committed
        is kept (another panel's action must not wipe it); undo and redo do show theirs."""
        if notes != self._notes_shown:
            self._notes_timer.stop()
            self._notes_shown = notes
        elif self._notes_timer.isActive():
            return
        if self.notes.toPlainText() != notes:
            self.notes.blockSignals(True)
            self.notes.setPlainText(notes)
            self.notes.blockSignals(False)

    def _enable_corrections(self) -> None:
        table = self._state.location if self._state is not None else None
        same_victims = table is not None and self.victims_count.value() == table.victims
        same_deck = table is not None and self.deck_count.value() == table.deck_left
        where = self._plays()
        self._allow(
            self.set_victims,
            None
            if same_victims or where is None
            else where.set_victims(self.victims_count.value()),
            _("Set the Victims on the board to this number"),
        )
        self._allow(
            self.set_deck,
            None if same_deck or where is None else where.set_deck(self.deck_count.value()),
            _("Set the cards in the Item deck to this number"),
        )

    def _enable_top(self) -> None:
        table = self._state.location if self._state is not None else None
        name = self._typed_top()
        unchanged = table is not None and name == table.top_card
        where = self._plays()
        self._allow(
            self.name_top,
            None if unchanged or where is None else where.name_top(name),
            _("Record the top card's name (empty: face down or unknown)"),
        )

    def _enable_put_back(self) -> None:
        row = self.held.currentRow()
        ends: tuple[tuple[QPushButton, DeckEnd], ...] = (
            (self.put_top, "top"),
            (self.put_bottom, "bottom"),
        )
        where = self._plays()
        for button, position in ends:
            answer = where.put_back(row, position) if row >= 0 and where is not None else None
            self._allow(
                button,
                answer,
                _("Put the item at the top of the Item deck")
                if position == "top"
                else _("Put the item at the bottom of the Item deck"),
            )

    def show_state(self, state: GameState) -> None:
        self._state = state
        self.name.setText(names.shown("location", state.setup.location))
        table = state.location
        c = state.counters
        victims = table.victims if table is not None else 0
        self.victims.setText(str(victims))
        self.saved.setText(
            _("Saved: {saved} / {slots}").format(saved=c.victims_saved, slots=state.box.save_slots)
        )
        self.killed.setText(_("Killed: {killed}").format(killed=c.victims_killed))
        where = self._plays()
        for button, answer, allowed in (
            (
                self.add_victim,
                where.add_victim if where else None,
                _("Place one more Victim on the board"),
            ),
            (self.save_victim, where.save_victim if where else None, _("A Victim escapes: saved")),
            (self.kill_victim, where.victim_dies if where else None, _(VICTIM_DIES_NOTE)),
            (self.take, where.take_item if where else None, _("Draw the top Item into her hand")),
        ):
            self._allow(button, answer, allowed)
        if table is not None:
            left = table.deck_left
            if table.top_card:
                shown = ngettext(
                    "{count} card left, top card: {card}",
                    "{count} cards left, top card: {card}",
                    left,
                ).format(count=left, card=names.shown("card", table.top_card))
            else:
                shown = ngettext("{count} card left", "{count} cards left", left).format(count=left)
            self.deck.setText(shown)
            for spin, value in ((self.victims_count, victims), (self.deck_count, table.deck_left)):
                if not spin.hasFocus():
                    spin.blockSignals(True)
                    spin.setValue(value)
                    spin.blockSignals(False)
            if not self.top_card.hasFocus():
                self.top_card.blockSignals(True)
                self.top_card.setText(table.top_card or "")
                self.top_card.blockSignals(False)
            self._show_notes(table.notes)
        row = self.held.currentRow()
        self.held.clear()
        for item in state.table.held:
            entry = QListWidgetItem(item.name + ("" if item.in_hand else " (not in hand)"))
            self.held.addItem(entry)
        if 0 <= row < self.held.count():
            self.held.setCurrentRow(row)
        self._enable_corrections()
        self._enable_top()
        self._enable_put_back()
        self.note.show_state(state)
