"""The controls beside the board: movement, the selected space, the Item decks, the Events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    EVENTS,
    Convince,
    DiscardItem,
    Move,
    MoveVictims,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    Search,
    ToggleHand,
)
from frightmare.model.box.board import QUADRANT_NAMES, QUADRANT_TITLES, QuadrantName, known_items
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.events import event_needs, event_question, event_targets
from frightmare.model.lane.houses import (
    CLOSEST_OPEN,
    TAKE_ITEM,
    closest_open_quadrants,
    convince_caption,
    convince_modifiers,
    search_progress,
)
from frightmare.model.lane.items import item_uses
from frightmare.model.lane.movement import follower_choices, reachable
from frightmare.model.query.notes import (
    MOVE_FOLLOWERS,
    MOVE_STEPS,
    SEARCH_DRAWN,
    SEARCH_KEEP_SECOND,
    SEARCH_OTHER_BOTTOM,
    SEARCH_OTHER_NOTE,
    search_choices_open,
    search_keep,
)
from frightmare.model.query.plays import plays
from frightmare.model.query.space_plays import Followers, MovePlay, space_plays
from frightmare.model.rules import record_anyway
from frightmare.model.wording import counted
from frightmare.ui.game.board.space_menu import SpaceMenu
from frightmare.ui.game.dream.dream_panels import named_card, show_start, wide_popup
from frightmare.ui.game.steps.item_steps import ItemUseDialog
from frightmare.ui.theme import compact_combo, current_zoom
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

UNKNOWN = "(unknown)"
KIND_NAMES: dict[VictimKind, str] = {
    "victim": "A Victim",
    "smalley": "A Smalley",
    "boyfriend": "The Boyfriend",
}


def followers_text(plain: int, specials: Sequence[str]) -> str:
    """``1 Victim + 1 Smalley``: who follows her, in the player's words."""
    parts = [f"{plain} Victim{'s' if plain > 1 else ''}"] if plain else []
    smalleys = sum(who == "smalley" for who in specials)
    if smalleys:
        parts.append(f"{smalleys} Smalley{'s' if smalleys > 1 else ''}")
    if "boyfriend" in specials:
        parts.append("the Boyfriend")
    return " + ".join(parts) or "nobody"


def _item_combo(current: str | None) -> QComboBox:
    combo = ComboBox()
    combo.setEditable(True)
    combo.addItem(UNKNOWN, None)  # a card not named: carried as None, never as its text
    for name in known_items():
        combo.addItem(name, name)
    listed = combo.findData(current) if current is not None else 0
    if listed >= 0:
        combo.setCurrentIndex(listed)
    else:  # a name the list lacks, as typed
        combo.setEditText(current or "")
    combo.setToolTip("Pick the card's name, or type one the list lacks")
    return combo


def _name_of(combo: QComboBox) -> str | None:
    """The chosen card's name (``None``: not named): a listed entry's id, or the typed text."""
    index = combo.currentIndex()
    if index >= 0 and combo.itemText(index) == combo.currentText():
        data = combo.itemData(index)
        return data if isinstance(data, str) else None
    text = " ".join(combo.currentText().split())
    return text[:60] or None


def _with_her(state: GameState) -> tuple[str | None, int, bool]:
    """Where she stands, how many Victims stand with her, and whether she is Asleep (then
    none follow her: the Followers default changes when she falls Asleep in place)."""
    here = state.table.final_girl
    return here, state.table.victims_at(here) if here is not None else 0, state.asleep


class FitWidthDelegate(QStyledItemDelegate):
    """List rows as wide as the list, never wider: long names are elided (whole in the
    tooltip), so the list never scrolls sideways."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(1, hint.height())


class LinesLabel(QLabel):
    """A wrapped label always ``lines`` lines high, so what is under it never moves.

    Text that needs more lines loses its last " · " parts (then characters) to an ellipsis;
    the whole text is in the tooltip and the accessible description.
    """

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.full_text = ""
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._fit_height()

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self._fit_text()

    def _fit_height(self) -> None:
        margins = self.contentsMargins()
        lines = self.fontMetrics().lineSpacing() * self.lines
        # As tall as the label itself lays out that many lines (a little more than the
        # font's line spacing says with some fonts).
        shown = self.text()
        # QLabel.heightForWidth is never less than the minimum height: the height fixed at a
        # bigger zoom would stay after a zoom out, and grow at each zoom in.
        self.setMinimumHeight(0)
        self.setText("\n".join(["X"] * self.lines))
        laid_out = self.heightForWidth(10_000)
        self.setText(shown)
        self.setFixedHeight(max(lines + margins.top() + margins.bottom(), laid_out) + 2)

    def _fits(self, text: str) -> bool:
        self.setText(text)
        return self.heightForWidth(max(self.width(), 1)) <= self.height()

    def _fit_text(self) -> None:
        text = self.full_text
        if self._fits(text):
            return
        parts = text.split(" · ")
        while len(parts) > 1:
            parts.pop()
            if self._fits(" · ".join(parts) + " …"):
                return
        words = text.split()
        while len(words) > 1:
            words.pop()
            if self._fits(" ".join(words) + "…"):
                return

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
            self._fit_text()


class ConvinceDialog(QDialog):
    """Resolve a Convince card: the player rolled; the app applies the line.

    The extra dice in force are the model's (``convince_modifiers``). On the line that lets
    her take the top Item she may take it whatever the House shows (an X only stops a
    search): the model says whether it can be taken, and she may name the card here or
    leave it unnamed.
    """

    def __init__(self, state: GameState, house: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        board = state.board
        self.state = state
        self.setWindowTitle(f"Convince: {board.name(house)}")
        self.house = house
        layout = QVBoxLayout(self)
        modifiers = convince_modifiers(state)
        extra = ", ".join(f"{source} {dice:+d}" for source, dice in modifiers)
        intro = QLabel(
            "Roll the Horror dice for Convince and choose the result."
            + (f"\nExtra dice: {extra}." if extra else "")
        )
        intro.setWordWrap(True)
        self.intro = intro
        layout.addWidget(intro)
        self.group = QButtonGroup(self)
        self.item_lines: set[str] = set()
        for n, line in enumerate(board.data.convince):
            button = QRadioButton(f"&{n + 1} — {convince_caption(line)}")
            button.setProperty("result", line.id)
            if line.item:
                self.item_lines.add(line.id)
            self.group.addButton(button)
            layout.addWidget(button)
            if n == 0:
                button.setChecked(True)
        quadrant = board.quadrant(house)
        deck = state.table.deck(quadrant)
        self.take = QCheckBox(TAKE_ITEM)
        self.take.setAccessibleName("Take the top Item")
        self.item_name = _item_combo(deck[0].name if deck else None)
        self.item_name.setAccessibleName("The Item's name")
        self.item_name.setToolTip("The card you take: pick or type its name, or leave it unknown")
        item_row = QHBoxLayout()
        item_row.setContentsMargins(24, 0, 0, 0)
        item_label = QLabel("&Item:")
        item_label.setBuddy(self.item_name)
        item_row.addWidget(item_label)
        item_row.addWidget(self.item_name, 1)
        self.item_row = QWidget()
        self.item_row.setLayout(item_row)
        # Convince Action cards and entering occupied houses: "You may take the top Item", so
        # it starts unticked: taking it is her choice.
        self.take_note = QLabel("Your choice: the card says you MAY take it, so it starts unticked")
        self.take_note.setAccessibleName("Taking the Item is your choice")
        self.take_note.setWordWrap(True)
        self.take_note.setContentsMargins(24, 0, 0, 0)
        take_row = QVBoxLayout()
        take_row.setContentsMargins(0, 0, 0, 0)
        take_row.setSpacing(0)
        take_row.addWidget(self.take)
        take_row.addWidget(self.take_note)
        self.take_line = QWidget()
        self.take_line.setLayout(take_row)
        layout.addWidget(self.take_line)
        layout.addWidget(self.item_row)
        # Hidden on the lines without an Item, they keep their room: the result lines above
        # never move under the pointer, nor does the dialog change size.
        for row in (self.take_line, self.item_row):
            policy = row.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            row.setSizePolicy(policy)
        self.group.buttonToggled.connect(self._toggled)
        self.take.toggled.connect(lambda _on: self._toggled())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._toggled()

    def _result(self) -> str:
        checked = self.group.checkedButton()
        result = checked.property("result") if checked is not None else None
        return result if isinstance(result, str) else "fail"

    def _toggled(self) -> None:
        result = self._result()
        allows = result in self.item_lines
        if not allows:
            self.take.setChecked(False)
        self.take_line.setVisible(allows)
        if allows:
            # Whether the Item can be taken is the model's to say (an empty deck cannot).
            lines = space_plays(self.state, self.house).convince.lines
            take = next((o.take_item for o in lines if o.line.id == result), None)
            offer(self.take, take.error if take else None, "Take the top Item")
        self.item_row.setVisible(allows)
        self.item_name.setEnabled(self.take.isChecked())

    def action(self) -> Convince:
        take = self._result() in self.item_lines and self.take.isChecked()
        return Convince(
            house=self.house,
            result=self._result(),
            take_item=take,
            item_name=_name_of(self.item_name) if take else None,
        )

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState, house: str) -> Convince | None:
        dialog = cls(state, house, parent)
        return dialog.action() if dialog.exec() == QDialog.DialogCode.Accepted else None


class SearchDialog(QDialog):
    """A successful search: which cards were drawn, which one is kept, where the other goes."""

    def __init__(self, state: GameState, house: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        board = state.board
        self.setWindowTitle(f"Search: {board.name(house)}")
        self.house = house
        quadrant = board.quadrant(house)
        deck = state.table.deck(quadrant)
        form = QFormLayout(self)
        form.addRow(
            QLabel(f"The {QUADRANT_TITLES[quadrant]} deck has {counted(len(deck), 'card')}.")
        )
        self.count = SpinBox()
        self.count.setRange(*SEARCH_DRAWN)
        self.count.setAccessibleName("Cards drawn")
        form.addRow("Cards &drawn:", self.count)
        self.first = _item_combo(deck[0].name if deck else None)
        self.first.setAccessibleName("First card")
        self.second = _item_combo(deck[1].name if len(deck) > 1 else None)
        self.second.setAccessibleName("Second card")
        form.addRow("&First card:", self.first)
        form.addRow("&Second card:", self.second)
        self.keep_second = QCheckBox(SEARCH_KEEP_SECOND)
        form.addRow("", self.keep_second)
        self.to_bottom = QCheckBox(SEARCH_OTHER_BOTTOM)
        form.addRow("", self.to_bottom)
        for box in (self.keep_second, self.to_bottom):
            box.setToolTip(SEARCH_OTHER_NOTE)
        self.quadrant = ComboBox()
        self.quadrant.setAccessibleName("Deck for the other card")
        self.quadrant.addItem("Let the rule decide", None)
        for q in QUADRANT_NAMES:
            self.quadrant.addItem(QUADRANT_TITLES[q], q)
        self.quadrant.setToolTip(CLOSEST_OPEN)
        form.addRow("Other card's &deck:", self.quadrant)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.count.valueChanged.connect(self._count_changed)
        self._count_changed(self.count.value())

    def _count_changed(self, value: int) -> None:
        for widget in (self.second, self.keep_second, self.to_bottom, self.quadrant):
            widget.setEnabled(search_choices_open(value))

    def action(self) -> Search:
        drawn = self.count.value()
        names: tuple[str | None, ...] = (_name_of(self.first),)
        if search_choices_open(drawn):
            names = (*names, _name_of(self.second))
        return Search(
            house=self.house,
            names=names,
            keep=search_keep(drawn, self.keep_second.isChecked()),
            other_to="bottom" if self.to_bottom.isChecked() else "top",
            other_quadrant=self.quadrant.currentData(),
        )

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState, house: str) -> Search | None:
        dialog = cls(state, house, parent)
        return dialog.action() if dialog.exec() == QDialog.DialogCode.Accepted else None


def _combo_dialog(parent: QWidget | None, title: str, label: str, combo: QComboBox) -> QDialog:
    """A question of one labelled combo box, with OK and Cancel (the caller runs it)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    combo.setAccessibleName(label)
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel(label))
    layout.addWidget(combo)
    layout.addWidget(buttons)
    return dialog


class Choose:
    """Small questions (a die, a space, a number): replaceable in tests."""

    @classmethod
    def item(
        cls, parent: QWidget | None, title: str, label: str, current: str | None
    ) -> str | None:
        """An Item card's name, picked or typed: "" for the card not named, ``None`` if
        cancelled. The "(unknown)" entry is carried as ``None`` data, never read back."""
        combo = _item_combo(current)
        dialog = _combo_dialog(parent, title, label, combo)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return _name_of(combo) or ""

    @classmethod
    def pick(
        cls,
        parent: QWidget | None,
        title: str,
        label: str,
        options: Sequence[tuple[str, str]],
    ) -> str | None:
        """One of ``options`` (id, text shown): the id comes back, never the text."""
        combo = ComboBox()
        for key, text in options:
            combo.addItem(text, key)
        dialog = _combo_dialog(parent, title, label, combo)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        key = combo.currentData()
        return key if isinstance(key, str) else None

    @classmethod
    def number(
        cls, parent: QWidget | None, title: str, label: str, low: int, high: int
    ) -> int | None:
        value, ok = QInputDialog.getInt(parent, title, label, low, low, high)
        return value if ok else None


class BoardPanel(QWidget):
    """Everything that can be done on the board, for the selected space and in general."""

    act_requested = Signal(object)
    steps_changed = Signal()
    # A drag asked her to move where several mixes of Victims could follow: the space's
    # plays open there to ask which.
    followers_asked = Signal(str)
    # A refusal said before anything is asked: the message, and what Record anyway does
    # (None: the rule cannot be overridden).
    event_refused = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.selected: str | None = None

        # One row, no title: "Spaces" and "Followers" say what they are.
        move_box = QWidget()
        move_box.setAccessibleName("Walk / Sprint")
        move_box.setToolTip("Walk / Sprint: how far she moves and who follows her")
        self.move_box = move_box
        self.steps = SpinBox()
        self.steps.setRange(*MOVE_STEPS)
        self.steps.setAccessibleName("Spaces of movement")
        self.steps.setToolTip(
            "Spaces the resolved line of your Walk or Sprint allows (a drag or a double-click "
            "takes the spaces she moved, unless you set this)"
        )
        self.steps.valueChanged.connect(lambda _v: self._steps_chosen())
        self.steps_set = False
        self.followers = SpinBox()
        self.followers.setRange(*MOVE_FOLLOWERS)
        self.followers.setAccessibleName("Victims following")
        self.followers.setToolTip(
            "Victims that follow you on this move: the most that may, unless you set it (it "
            "goes back to that after each move)"
        )
        self.followers.valueChanged.connect(lambda _v: self._followers_chosen())
        # Whether the player chose the count for this move (else each move takes the most
        # that may follow her there).
        self.followers_set = False
        self.move_grid = QGridLayout(move_box)
        self.move_grid.setContentsMargins(2, 0, 2, 0)
        self.move_grid.setVerticalSpacing(2)
        self.move_cells: list[tuple[QLabel, SpinBox]] = []
        for text, spin in (("&Spaces:", self.steps), ("&Followers:", self.followers)):
            label = QLabel(text)
            label.setBuddy(spin)
            self.move_cells.append((label, spin))
        self._move_rows = 0
        self.lay_out_move()

        # The selected space's plays: shown beside the space, on the board (the game page
        # puts this menu in the board's popover). Only the plays offered there show.
        self.space_menu = SpaceMenu()
        self.space_box = self.space_menu
        self.space_menu.act_requested.connect(self.act_requested)
        self.space_menu.asks = {
            "panic": lambda anyway: self._ask_and_act(self._move_victims, anyway),
        }

        items_box = QGroupBox("Items")
        self.deck_labels: dict[QuadrantName, QLabel] = {}
        self.deck_buttons: dict[QuadrantName, QPushButton] = {}
        items_grid = QGridLayout(items_box)
        for row, q in enumerate(QUADRANT_NAMES):
            label = QLabel()
            label.setWordWrap(True)
            label.setAccessibleName(f"{QUADRANT_TITLES[q]} Item deck")
            button = QPushButton("Top card…")
            button.setAccessibleName(f"Name the {QUADRANT_TITLES[q]} top card")
            button.clicked.connect(lambda _=False, q=q: self._name_top(q))
            self.deck_labels[q] = label
            self.deck_buttons[q] = button
            # One column, so the dock can be narrow: the deck, its button under it.
            items_grid.addWidget(label, 2 * row, 0)
            items_grid.addWidget(button, 2 * row + 1, 0)
        self.held = QListWidget()
        self.held.setAccessibleName("Your items")
        self.held.setMaximumHeight(110)
        self.held.setItemDelegate(FitWidthDelegate(self.held))
        self.held.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.held.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        items_grid.addWidget(QLabel("Yours:"), 8, 0)
        items_grid.addWidget(self.held, 9, 0)
        held_row = QVBoxLayout()
        self.hand_button = QPushButton("Hand")
        self.hand_button.setAccessibleName("In hand / not")
        self.hand_button.setToolTip("The chosen item: into your hands, or out of them")
        self.discard_button = QPushButton("Discard")
        self.discard_button.setToolTip("Discard the chosen item")
        self.return_button = QPushButton("To a deck…")
        self.return_button.setAccessibleName("Back to a deck")
        self.return_button.setToolTip("Put the chosen item back into a quadrant's Item deck")
        # Issue 20 (cards): an Item's own uses (the Rifle's shot, the Lid, the Crucifix...).
        self.use_button = QPushButton("Use…")
        self.use_button.setAccessibleName("Use the chosen item")
        self.use_button.setToolTip("Use the chosen item as its card says")
        self.use_button.clicked.connect(lambda: self._held_action("use"))
        self.held_tips = {
            self.hand_button: self.hand_button.toolTip(),
            self.discard_button: self.discard_button.toolTip(),
            self.return_button: self.return_button.toolTip(),
        }
        self.held.currentRowChanged.connect(lambda _row: self._offer_held())
        self.hand_button.clicked.connect(lambda: self._held_action("hand"))
        self.discard_button.clicked.connect(lambda: self._held_action("discard"))
        self.return_button.clicked.connect(lambda: self._held_action("return"))
        for button in (self.use_button, self.hand_button, self.discard_button, self.return_button):
            held_row.addWidget(button)
        items_grid.addLayout(held_row, 10, 0)

        events_box = QGroupBox("Events")
        self.event_card = ComboBox()
        self.event_card.setEditable(True)
        self.event_card.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.event_card.setAccessibleName("Event card")
        self.event_card.setToolTip("Pick the Event, or type the name of one the list lacks")
        for name in EVENTS:
            self.event_card.addItem(name, name)
        compact_combo(self.event_card, 6)
        wide_popup(self.event_card)
        self.event_card.currentTextChanged.connect(lambda _text: self._offer_event())
        self.reveal_event = QPushButton("Reveal")
        self.reveal_event.setAccessibleName("Reveal the Event")
        self.reveal_event.clicked.connect(self._event)
        # The dock is narrow: the box shows the start of a long name, and the name reads
        # whole under it (three lines are room enough for the ten Events at every zoom the
        # layout tests take), not only in a tooltip.
        self.event_name = LinesLabel(3)
        self.event_name.setAccessibleName("Chosen Event")
        self.events_shown = QLabel()
        self.events_shown.setWordWrap(True)
        events_layout = QGridLayout(events_box)
        events_layout.addWidget(self.event_card, 0, 0)
        events_layout.addWidget(self.event_name, 1, 0)
        events_layout.addWidget(self.reveal_event, 2, 0)
        events_layout.addWidget(self.events_shown, 3, 0)

        # The side column holds the movement and the selected space's actions; the Item decks
        # and the Events go in a panel of their own (a dock of the game page).
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(move_box)
        self.items_events = QWidget()
        self.items_events.setAccessibleName("Items and Events")
        extras = QVBoxLayout(self.items_events)
        extras.addWidget(items_box)
        extras.addWidget(events_box)
        extras.addStretch(1)

    def lay_out_move(self) -> None:
        """Spaces and Followers on one row; on two from 125% zoom up, so the side column
        gives up width before the board does."""
        rows = 1 if current_zoom() < 1.25 else 2
        if rows == self._move_rows:
            return
        self._move_rows = rows
        grid = self.move_grid
        for label, spin in self.move_cells:
            grid.removeWidget(label)
            grid.removeWidget(spin)
        for n, (label, spin) in enumerate(self.move_cells):
            row, column = (0, 2 * n) if rows == 1 else (n, 0)
            grid.addWidget(label, row, column)
            grid.addWidget(spin, row, column + 1)
        for column in range(5):
            grid.setColumnStretch(column, 1 if column == 4 else 0)

    def new_session(self) -> None:
        """Another game: its movement values, followers and chosen item start afresh."""
        self.state, self.selected = None, None
        for spin, value in ((self.steps, 1), (self.followers, 0)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.held.clear()
        self.event_card.setCurrentIndex(0)

    # Showing -----------------------------------------------------------------------------

    def show_state(self, state: GameState, selected: str | None) -> None:
        self.lay_out_move()
        previous = self.state
        self.state, self.selected = state, selected
        table, board = state.table, state.board
        screen = plays(state)
        if previous is None or _with_her(previous) != _with_her(state):
            # A move, or the Victims with her changed (or another game): Followers starts
            # again from the most that may follow her now (it stuck at a count chosen for
            # one move, and a later plain move was refused).
            self.reset_followers(state, show=False)  # shown once, below
        for q in QUADRANT_NAMES:
            deck = table.deck(q)
            top = deck[0].label if deck else "empty"
            searched, houses = search_progress(state, q)
            self.deck_labels[q].setText(
                f"<b>{q}</b>  {len(deck)} left · top: {top} · searched {searched}/{houses}"
            )
            # Whether the top card can be named is the model's to say (an empty deck cannot).
            offer(
                self.deck_buttons[q],
                screen.top_cards[q].error,
                f"Name the {QUADRANT_TITLES[q]} deck's face-up top card",
            )
        row = self.held.currentRow()
        self.held.blockSignals(True)
        self.held.clear()
        for item in table.held:
            entry = QListWidgetItem(f"{item.name}{'  (in hand)' if item.in_hand else ''}")
            entry.setToolTip(
                f"{entry.text()}: " + ("in your hands" if item.in_hand else "not in your hands")
            )
            self.held.addItem(entry)
        if 0 <= row < self.held.count():  # the chosen item stays chosen
            self.held.setCurrentRow(row)
        self.held.blockSignals(False)
        self._offer_held()
        events = ", ".join(table.events) or "none"
        extra = []
        if table.roadblocks:
            extra.append(
                "Roadblocks: " + ", ".join(board.name(s) for s in sorted(table.roadblocks))
            )
        if table.closed:
            extra.append("Burnt: " + ", ".join(board.name(s) for s in sorted(table.closed)))
        if table.booby_traps:
            extra.append(
                "Booby traps: " + ", ".join(board.name(s) for s in sorted(table.booby_traps))
            )
        if table.fireworks is not None and table.fireworks in board.spaces:
            extra.append(f"Fireworks: {board.name(table.fireworks)}")
        self.events_shown.setText("In play: " + events + ("\n" + "\n".join(extra) if extra else ""))
        show_start(self.event_card)
        self._offer_event()
        self._offer_followers()

    def _offer_held(self) -> None:
        """The held-item buttons ask the model about the chosen item (the first when none is
        chosen): with no item held, the model says why nothing can be done."""
        state = self.state
        if state is None:
            return
        row = max(self.held.currentRow(), 0)
        held = plays(state).held(row)
        for button, answer in (
            (self.hand_button, held.toggle),
            (self.discard_button, held.discard),
            (self.return_button, held.put_back),
        ):
            offer(button, answer.error, self.held_tips[button])
        # Shown for an Item with uses of its own (the model's list, items.item_uses).
        self.use_button.setVisible(bool(item_uses(state, row)))

    def reset_followers(self, state: GameState, *, show: bool = True) -> None:
        """Followers at its default: the most Victims that may follow her (the model lists
        the mixes that can; up to ``MOVE_FOLLOWERS``' highest)."""
        most = next((n for n in range(MOVE_FOLLOWERS[1], 0, -1) if follower_choices(state, n)), 0)
        for spin, value in ((self.followers, most), (self.steps, MOVE_STEPS[0])):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.followers_set = self.steps_set = False
        if show:
            self._offer_followers()

    def _followers_chosen(self) -> None:
        self.followers_set = True
        self._offer_followers()

    def _steps_chosen(self) -> None:
        self.steps_set = True
        self.steps_changed.emit()

    def _offer_followers(self) -> None:
        """The Followers count changed, or the state: the space's plays follow."""
        self._show_space()

    def _move(self, space: str) -> Move:
        """Move there with the chosen followers (a count she lacks goes to the model to refuse);
        unless the player chose a count, the most that may follow her there (none into his
        space), as the model answers (``space_plays``)."""
        return self._move_play(space).action

    def _move_play(self, space: str, followers: Followers | None = None) -> MovePlay:
        state = self.state
        assert state is not None
        steps = self.steps.value()
        if not self.steps_set:
            # The spaces she moved, by the model's board (a drag says where she went).
            steps = max(steps, reachable(state, MOVE_STEPS[1]).get(space, steps))
        if followers is None and self.followers_set:
            count = self.followers.value()
            mixes = follower_choices(state, count)
            followers = mixes[0] if mixes else (count, ())
        return space_plays(state, space, steps=steps, followers=followers).move

    def move_plays(self, space: str) -> list[MovePlay]:
        """Move here, once per mix of Victims that may follow her when there is a real choice
        (several kinds of Victim with her), else once with the default followers."""
        state = self.state
        assert state is not None
        first = self._move_play(space)
        if self.followers_set:
            mixes = follower_choices(state, self.followers.value())
        else:
            mixes = first.choices if first.choose else ()
        if len(mixes) <= 1:
            return [first]
        return [self._move_play(space, followers=mix) for mix in mixes]

    def _show_space(self) -> None:
        state, space = self.state, self.selected
        if state is None or space is None:
            return
        self.space_menu.show_plays(state, space, self.move_plays(space))

    @property
    def buttons(self) -> dict[str, QPushButton]:
        """The selected space's plays shown now, by key (``SpaceMenu.buttons``)."""
        return self.space_menu.buttons

    # Doing -------------------------------------------------------------------------------

    def move_to(self, space: str) -> None:
        """Move her there (a drag, a double-click): with the default followers, or, when
        several mixes of Victims could follow her, the space's plays ask which."""
        if self.state is None:
            return
        plays = self.move_plays(space)
        if len(plays) > 1:
            self.followers_asked.emit(space)
            return
        self.act_requested.emit(plays[0].action)

    def _ask_and_act(self, ask: Callable[[GameState, str], Action | None], anyway: bool) -> None:
        state, space = self.state, self.selected
        if state is None or space is None:
            return
        action = ask(state, space)
        if action is not None:
            self.act_requested.emit(record_anyway(action) if anyway else action)

    def _which(self, state: GameState, space: str, title: str, question: str) -> VictimKind | None:
        """The kind of Victim meant on ``space``: asked only when several kinds stand there."""
        kinds = state.table.kinds_at(space)
        if len(kinds) <= 1:
            return kinds[0] if kinds else "victim"
        chosen = Choose.pick(
            self,
            title,
            f"{question} {state.board.name(space)}?",
            [(kind, KIND_NAMES[kind]) for kind in kinds],
        )
        return next((kind for kind in kinds if kind == chosen), None)

    def _move_victims(self, state: GameState, space: str) -> MoveVictims | None:
        board = state.board
        who = self._which(state, space, "Move Victims", "Who moves from")
        if who is None:
            return None
        targets = [(n, board.name(n)) for n in board.neighbours(space)]
        target = Choose.pick(self, "Move Victims", "Move to:", targets)
        if target is None:
            return None
        here = state.table.count_of(space, who)
        count = 1 if here <= 1 else Choose.number(self, "Move Victims", "How many?", 1, here)
        if count is None:
            return None
        why = Choose.pick(
            self,
            "Move Victims",
            "Why do they move?",
            [("panic", "They panic"), ("effect", "Other effect")],
        )
        if why is None:
            return None
        return MoveVictims(source=space, target=target, count=count, panic=why == "panic", who=who)

    def _name_top(self, quadrant: QuadrantName) -> None:
        state = self.state
        if state is None:
            return
        deck = state.table.deck(quadrant)
        value = Choose.item(
            self,
            "Top card",
            f"The {QUADRANT_TITLES[quadrant]} deck's face-up card:",
            deck[0].name if deck else None,
        )
        if value is not None:  # "" is the card not named
            self.act_requested.emit(RecordTopCard(quadrant=quadrant, name=value or None))

    def _held_action(self, which: str) -> None:
        row = self.held.currentRow()
        if row < 0 or self.state is None:
            return
        if which == "use":
            used = ItemUseDialog.ask(self, self.state, row)
            if used is not None:
                self.act_requested.emit(used)
        elif which == "hand":
            self.act_requested.emit(ToggleHand(index=row))
        elif which == "discard":
            self.act_requested.emit(DiscardItem(index=row))
        else:
            chosen = Choose.pick(
                self,
                "Back to a deck",
                "Which quadrant's deck?",
                [(q, QUADRANT_TITLES[q]) for q in QUADRANT_NAMES],
            )
            quadrant = next((q for q in QUADRANT_NAMES if q == chosen), None)
            if quadrant is None:
                return
            options = closest_open_quadrants(self.state, quadrant)
            other: QuadrantName | None = None
            if len(options) > 1:
                picked = Choose.pick(
                    self,
                    "Equally close",
                    "Which deck takes it?",
                    [(q, QUADRANT_TITLES[q]) for q in options],
                )
                other = next((q for q in options if q == picked), None)
                if other is None:
                    return
            self.act_requested.emit(ReturnItem(index=row, quadrant=quadrant, other_quadrant=other))

    def _offer_event(self) -> None:
        name = named_card(self.event_card)
        self.event_name.set_full_text(name or "")
        show_start(self.event_card)
        state = self.state
        if state is None:
            return
        if name is None:
            self.reveal_event.setEnabled(False)
            self.reveal_event.setToolTip("Pick or type the Event's name first")
            return
        # An Event that needs a die, an Exit or a House is asked for it on the click; the model
        # answers for the Event whatever is then chosen.
        offer(self.reveal_event, plays(state).event(name).verdict.error, f"Reveal {name}")

    def _event(self) -> None:
        """Reveal the chosen Event. A refused one says its refusal first (with Record anyway,
        when the rule allows it): its die or space is asked only when the player records it
        anyway, or at once when the model allows it (its verdict holds whatever is chosen)."""
        state = self.state
        if state is None:
            return
        name = named_card(self.event_card)
        if name is None:
            return
        refused = plays(state).event(name).verdict.error
        if refused is None or event_needs(name) is None:
            self._ask_event(name)  # nothing to ask first: the window says any refusal
            return
        overridable = bool(getattr(refused, "overridable", True))
        self.event_refused.emit(
            str(refused), (lambda: self._ask_event(name, anyway=True)) if overridable else None
        )

    def _ask_event(self, name: str, anyway: bool = False) -> None:
        """Ask what the Event needs (a die, an Exit, a House) and request it."""
        state = self.state
        if state is None:
            return
        board = state.board
        space: str | None = None
        die: int | None = None
        # What the Event asks, and the spaces it may go to, are the model's.
        need, question = event_needs(name), event_question(name)
        if need == "die":
            die = Choose.number(self, name, question, 1, 6)
            if die is None:
                return
        elif need == "exit" or need == "house":
            targets = [(t, board.name(t)) for t in event_targets(state, name)]
            if targets:
                space = Choose.pick(self, name, question, targets)
                if space is None:
                    return
        elif need is not None:
            assert_never(need)  # a new EventNeed needs its question here
        action = RevealEvent(name=name, space=space, die=die)
        self.act_requested.emit(record_anyway(action) if anyway else action)
