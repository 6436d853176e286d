"""Edit the table: put the app right when it and the table disagree.

"The table is the truth": every piece, counter, quadrant deck and item can be set here. Each
edit is one action (``EditTable``, ``SetCounter``, ``SetDeck``, ``SetItems``) handed to
``act``, so it is recorded in History and undone like any other step. The dialog holds no rule:
the model applies the edits (and refuses only what the table cannot show).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _
from frightmare.model.actions.edit import (
    EDIT_PIECES,
    EditPiece,
    EditTable,
    HeldItemData,
    SetCounter,
    SetDeck,
    SetItems,
    piece_name,
)
from frightmare.model.actions.journal import Action
from frightmare.model.actions.names import on_board
from frightmare.model.actions.round import CounterName
from frightmare.model.box.board import QUADRANT_NAMES, QUADRANT_TITLES, QuadrantName, known_items
from frightmare.model.counters import counter_title
from frightmare.model.errors import RuleViolation
from frightmare.model.game.state import GameState
from frightmare.model.rules import apply
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

COUNTERS: tuple[CounterName, ...] = get_args(CounterName)
_COUNTER_FIELDS = {
    "time": "time",
    "health": "health",
    "horror": "horror",
    "killer health": "killer_health",
    "bloodlust": "bloodlust",
    "terror": "terror_left",
    "saved": "victims_saved",
    "killed": "victims_killed",
}
OFF_BOARD = N_("Off the board")


class EditTableDialog(OnScreenDialog):
    """Pieces, counters, quadrant decks and her items, each edit one undoable step."""

    def __init__(
        self, state: GameState, act: Callable[[Action], bool], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.state = state
        self._act = act
        self.setWindowTitle(_("Edit the table"))
        self.setAccessibleName(_("Edit the table"))
        layout = self._layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "Put the app right when it and the table disagree. Each change is one step in "
                "History: Undo takes it back."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        # Maple Lane's pieces and quadrant decks exist only on Maple Lane; another Location's
        # Victims and deck are corrected in its own panel.
        self.pieces_box = self._pieces_box()
        self.deck_box = self._deck_box()
        # Two columns in a scrolling area: the dialog fits a 720-pixel screen (and scrolls,
        # never squeezes, when zoomed past what the screen holds).
        content = QWidget()
        columns = QHBoxLayout(content)
        columns.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        left.addWidget(self.pieces_box)
        left.addWidget(self._counters_box())
        left.addStretch(1)
        right.addWidget(self.deck_box)
        right.addWidget(self._items_box(), 1)
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        self.content = content
        self.tables_area = QScrollArea()
        self.tables_area.setWidget(content)
        self.tables_area.setWidgetResizable(True)
        self.tables_area.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(self.tables_area, 1)
        self._said_of: GameState | None = None  # the state "Done:" speaks of
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setAccessibleName(_("What the last edit did"))
        self.message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A fixed-height area (three lines; a longer message scrolls): the dialog keeps its
        # size and its buttons their whole text after an edit, whatever the message says.
        self.message_area = QScrollArea()
        self.message_area.setWidget(self.message)
        self.message_area.setWidgetResizable(True)
        self.message_area.setFrameShape(QFrame.Shape.NoFrame)
        self.message_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.message_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._fit_message_area()
        layout.addWidget(self.message_area)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAccessibleName(_("Close"))
        layout.addWidget(buttons)
        self.set_state(state)

    # Building -------------------------------------------------------------------------------

    def _fit_message_area(self) -> None:
        lines = 3 * self.message.fontMetrics().lineSpacing()
        margins = self.message.contentsMargins()
        self.message_area.setFixedHeight(lines + margins.top() + margins.bottom() + 4)

    def fit_to_screen(self) -> None:
        """As big as its content asks (no scrolling) if the screen has the room; the size
        then stays put, edit after edit."""
        self._layout.activate()
        bar = self.tables_area.verticalScrollBar().sizeHint().width()
        want = self.sizeHint() + (self.content.sizeHint() - self.tables_area.sizeHint())
        want = want.expandedTo(self.minimumSizeHint()) + QSize(bar, 0)
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry().size()
            want = want.boundedTo(QSize(area.width() - 16, area.height() - 48))
        self.resize(want)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_message_area()  # the zoom changed: three lines of the new font

    def _named(self, widget: QWidget, name: str) -> QWidget:
        widget.setAccessibleName(name)
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return widget

    def _space_combo(self, name: str) -> QComboBox:
        combo = ComboBox()
        self._named(combo, name)
        combo.addItem(_(OFF_BOARD), None)
        for space_id, space in self.state.board.spaces.items():
            combo.addItem(space.name, space_id)
        return combo

    def _pieces_box(self) -> QGroupBox:
        box = QGroupBox(_("Pieces and tokens"))
        form = QFormLayout(box)
        self.piece = ComboBox()
        self._named(self.piece, "Piece")
        for piece in EDIT_PIECES:
            name = piece_name(piece)
            self.piece.addItem(name[0].upper() + name[1:], piece)
        self.source = self._space_combo(_("Take it from"))
        self.target = self._space_combo(_("Put it on"))
        self.piece.currentIndexChanged.connect(self._piece_chosen)
        self.apply_piece = QPushButton(_("&Move the piece"))
        self.apply_piece.setAccessibleName(_("Move the piece"))
        self.apply_piece.clicked.connect(self._edit_piece)
        form.addRow(_("&Piece:"), self.piece)
        form.addRow(_("&From:"), self.source)
        form.addRow(_("&To:"), self.target)
        form.addRow(self.apply_piece)
        return box

    def _counters_box(self) -> QGroupBox:
        box = QGroupBox(_("Counters"))
        row = QHBoxLayout(box)
        self.counter = ComboBox()
        self._named(self.counter, "Counter")
        for counter in COUNTERS:
            self.counter.addItem(counter_title(self.state, counter), counter)
        self.counter_value = SpinBox()
        self._named(self.counter_value, "Counter value")
        self.counter_value.setRange(0, 99)
        self.counter.currentIndexChanged.connect(self._counter_chosen)
        self.apply_counter = QPushButton(_("Set the &counter"))
        self.apply_counter.setAccessibleName(_("Set the counter"))
        self.apply_counter.clicked.connect(self._set_counter)
        row.addWidget(self.counter)
        row.addWidget(self.counter_value)
        row.addWidget(self.apply_counter)
        return box

    def _deck_box(self) -> QGroupBox:
        box = QGroupBox(_("Quadrant Item decks"))
        form = QFormLayout(box)
        self.quadrant = ComboBox()
        self._named(self.quadrant, "Quadrant deck")
        for quadrant in QUADRANT_NAMES:
            self.quadrant.addItem(_(QUADRANT_TITLES[quadrant]), quadrant)
        self.deck_cards = SpinBox()
        self._named(self.deck_cards, "Cards left in the deck")
        self.deck_cards.setRange(0, 16)
        self.deck_top = ComboBox()
        self._named(self.deck_top, "Top card's name")
        self.deck_top.setEditable(True)
        self.deck_top.addItem("")
        self.deck_top.addItems(list(known_items(self.state.board)))
        self.quadrant.currentIndexChanged.connect(self._deck_chosen)
        self.apply_deck = QPushButton(_("Set the &deck"))
        self.apply_deck.setAccessibleName(_("Set the deck"))
        self.apply_deck.clicked.connect(self._set_deck)
        form.addRow(_("Dec&k:"), self.quadrant)
        form.addRow(_("Cards &left:"), self.deck_cards)
        form.addRow(_("T&op card (face up):"), self.deck_top)
        form.addRow(self.apply_deck)
        return box

    def _items_box(self) -> QGroupBox:
        box = QGroupBox(_("Her items"))
        layout = QVBoxLayout(box)
        self.items = QListWidget()
        self.items.setAccessibleName(_("Her items (checked: in hand)"))
        layout.addWidget(self.items)
        row = QHBoxLayout()
        self.new_item = ComboBox()
        self._named(self.new_item, "Item to add")
        self.new_item.setEditable(True)
        self.new_item.addItems(list(known_items(self.state.board)))
        self.add_item = QPushButton(_("Add"))
        self.add_item.setAccessibleName(_("Add the item"))
        self.add_item.clicked.connect(self._add_item)
        self.remove_item = QPushButton(_("Remove"))
        self.remove_item.setAccessibleName(_("Remove the selected item"))
        self.remove_item.clicked.connect(self._remove_item)
        self.apply_items = QPushButton(_("Set her &items"))
        self.apply_items.setAccessibleName(_("Set her items"))
        self.apply_items.clicked.connect(self._set_items)
        for widget in (self.new_item, self.add_item, self.remove_item, self.apply_items):
            row.addWidget(widget)
        layout.addLayout(row)
        return box

    # Showing --------------------------------------------------------------------------------

    def set_state(self, state: GameState) -> None:
        """Show ``state`` (the window calls this after any change, undo included)."""
        if state != self._said_of:  # an undo, a redo or play elsewhere: the line is stale
            self.message.clear()
        self.state = state
        self.pieces_box.setVisible(state.setup.on_maple_lane)
        self.deck_box.setVisible(state.setup.on_maple_lane)
        self._piece_chosen()
        self._counter_chosen()
        self._deck_chosen()
        self.items.clear()
        for held in state.table.held:
            self._item_row(held.name, held.in_hand)

    def _item_row(self, name: str, in_hand: bool) -> None:
        row = QListWidgetItem(name)
        row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        row.setCheckState(Qt.CheckState.Checked if in_hand else Qt.CheckState.Unchecked)
        self.items.addItem(row)

    def _where(self, piece: EditPiece) -> str | None:
        table = self.state.table
        single = {
            "final girl": table.final_girl,
            "dr fright": table.killer,
            "boyfriend": table.boyfriend,
            "cop car": table.cop_car.space if table.cop_car else None,
            "bicycle": table.bicycle,
            "fireworks": table.fireworks,
        }
        return single.get(piece)

    def _piece_chosen(self) -> None:
        piece: EditPiece = self.piece.currentData()
        where = self._where(piece)
        self.source.setCurrentIndex(max(0, self.source.findData(where)))

    def _counter_chosen(self) -> None:
        counter = self.counter.currentData()
        self.counter_value.setValue(getattr(self.state.counters, _COUNTER_FIELDS[counter]))

    def _deck_chosen(self) -> None:
        quadrant: QuadrantName = self.quadrant.currentData()
        deck = self.state.table.deck(quadrant)
        self.deck_cards.setValue(len(deck))
        self.deck_top.setCurrentText((deck[0].name or "") if deck else "")

    # Doing ----------------------------------------------------------------------------------

    def _do(self, action: Action) -> bool:
        try:
            new_state = apply(self.state, action)
        except RuleViolation as error:
            self.message.setText(error.message)
            return False
        if not self._act(action):
            return False
        self._said_of = new_state
        with on_board(new_state.board):  # the game's own names, as History shows them
            self.message.setText(_("Done: {edit}").format(edit=action.describe()))
        self.set_state(new_state)
        return True

    def _edit_piece(self) -> None:
        self._do(
            EditTable(
                piece=self.piece.currentData(),
                source=self.source.currentData(),
                target=self.target.currentData(),
            )
        )

    def _set_counter(self) -> None:
        self._do(SetCounter(counter=self.counter.currentData(), value=self.counter_value.value()))

    def _set_deck(self) -> None:
        top = " ".join(self.deck_top.currentText().split())[:60] or None
        self._do(
            SetDeck(quadrant=self.quadrant.currentData(), cards=self.deck_cards.value(), top=top)
        )

    def _add_item(self) -> None:
        name = " ".join(self.new_item.currentText().split())[:60]
        if name:
            self._item_row(name, in_hand=True)

    def _remove_item(self) -> None:
        row = self.items.currentRow()
        if row >= 0:
            self.items.takeItem(row)

    def _set_items(self) -> None:
        items = tuple(
            HeldItemData(
                name=self.items.item(i).text(),
                in_hand=self.items.item(i).checkState() == Qt.CheckState.Checked,
            )
            for i in range(self.items.count())
        )
        self._do(SetItems(items=items))

    @classmethod
    def show_for(
        cls, parent: QWidget | None, state: GameState, act: Callable[[Action], bool]
    ) -> EditTableDialog:
        """Open the dialog (non-modal: the board stays usable beside it) and return it."""
        dialog = cls(state, act, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fit_to_screen()
        dialog.show()
        return dialog
