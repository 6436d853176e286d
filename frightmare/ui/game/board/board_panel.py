"""The controls beside the board: movement, the selected space, the Item decks, the Events."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    EVENTS,
    DiscardItem,
    Move,
    RecordTopCard,
    ToggleHand,
)
from frightmare.model.box import names
from frightmare.model.box.board import (
    QUADRANT_NAMES,
    QUADRANT_TITLES,
    QuadrantName,
    quadrant_label,
)
from frightmare.model.game.state import GameState
from frightmare.model.lane.events import event_needs
from frightmare.model.lane.houses import search_progress
from frightmare.model.lane.items import item_uses
from frightmare.model.lane.movement import follower_choices, reachable
from frightmare.model.query.notes import MOVE_FOLLOWERS, MOVE_STEPS
from frightmare.model.query.plays import plays
from frightmare.model.query.space_plays import Followers, MovePlay, space_plays
from frightmare.model.rules import record_anyway
from frightmare.ui.game.board.space_menu import SpaceMenu
from frightmare.ui.theme import compact_combo, current_zoom
from frightmare.ui.widgets.card_combo import named_card, show_start, wide_popup
from frightmare.ui.widgets.fitting import ElidingButton, FitWidthDelegate, LinesLabel
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListWidget


def _with_her(state: GameState) -> tuple[str | None, int, bool]:
    """Where she stands, how many Victims stand with her, and whether she is Asleep (then
    none follow her: the Followers default changes when she falls Asleep in place)."""
    here = state.table.final_girl
    return here, state.table.victims_at(here) if here is not None else 0, state.asleep


def _ask_move_victims(panel: QWidget, state: GameState, space: str) -> Action | None:
    # The board's questions are imported when one is first asked: at the launch, their
    # dialogs' classes and enums (about 7 ms) are not needed to be ready for play.
    from frightmare.ui.game.board.questions import ask_move_victims

    return ask_move_victims(panel, state, space)


def _ask_top_card(panel: QWidget, state: GameState, quadrant: QuadrantName) -> Action | None:
    """The name of a quadrant's face-up top card, asked (none: not named)."""
    from frightmare.ui.game.board.questions import Choose  # see ``_ask_move_victims``

    deck = state.table.deck(quadrant)
    value = Choose.item(
        panel,
        _("Top card"),
        _("The {quadrant} deck's face-up card:").format(quadrant=_(QUADRANT_TITLES[quadrant])),
        deck[0].name if deck else None,
    )
    if value is None:
        return None
    return RecordTopCard(quadrant=quadrant, name=value or None)  # "" is the card not named


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
        move_box = self._build_move()
        self.lay_out_move()

        # The selected space's plays: shown beside the space, on the board (the game page
        # puts this menu in the board's popover). Only the plays offered there show.
        self.space_menu = SpaceMenu()
        self.space_box = self.space_menu
        self.space_menu.act_requested.connect(self.act_requested)
        self.space_menu.asks = {
            "panic": lambda anyway: self._ask_and_act(partial(_ask_move_victims, self), anyway),
        }

        # The side column holds the movement and the selected space's actions; the Item decks
        # and the Events a panel of their own (a dock), made when first shown or asked for.
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(move_box)
        self.items_events = QWidget()
        self.items_events.setAccessibleName(_("Items and Events"))
        self.extras_built = False

    # The Items dock's parts, made by ``build_extras`` (on first use: ``__getattr__``).
    deck_labels: dict[QuadrantName, QLabel]
    deck_buttons: dict[QuadrantName, QPushButton]
    held: QListWidget
    held_tips: dict[QPushButton, str]
    hand_button: QPushButton
    discard_button: QPushButton
    return_button: QPushButton
    use_button: QPushButton
    event_card: ComboBox
    reveal_event: QPushButton
    event_name: LinesLabel
    events_shown: QLabel

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> object:
            # Only for what the panel lacks: a part of the Items dock not made yet is made now.
            if name in BoardPanel.__annotations__ and not self.__dict__.get("extras_built", 1):
                self.build_extras()
                return getattr(self, name)
            raise AttributeError(name)

    def build_extras(self) -> None:
        """The Items dock's content (Item decks, her items, Events), once; the state shown."""
        if self.extras_built:
            return
        self.extras_built = True
        items_box = self._build_items()
        events_box = self._build_events()
        extras = QVBoxLayout(self.items_events)
        # Narrow side margins: the dock beside the board gives up its width first (issue 30).
        extras.setContentsMargins(2, 2, 2, 2)
        for box in (items_box, events_box):
            inner = box.layout()
            if inner is not None:
                margins = inner.contentsMargins()
                inner.setContentsMargins(4, margins.top(), 4, margins.bottom())
        extras.addWidget(items_box)
        extras.addWidget(events_box)
        extras.addStretch(1)
        if self.items_events.isVisible():  # its dock in front: shown now, not a pass later
            items_box.show()
            events_box.show()
        if self.state is not None:
            self._show_extras(self.state)

    def _build_move(self) -> QWidget:
        """Walk / Sprint: how far she moves (Spaces) and who follows her (Followers)."""
        # One row, no title: "Spaces" and "Followers" say what they are.
        move_box = QWidget()
        move_box.setAccessibleName(_("Walk / Sprint"))
        move_box.setToolTip(_("Walk / Sprint: how far she moves and who follows her"))
        self.move_box = move_box
        self.steps = SpinBox()
        self.steps.setRange(*MOVE_STEPS)
        self.steps.setAccessibleName(_("Spaces of movement"))
        self.steps.setToolTip(
            _(
                "Spaces the resolved line of your Walk or Sprint allows (a drag or a double-click "
                "takes the spaces she moved, unless you set this)"
            )
        )
        self.steps.valueChanged.connect(lambda _v: self._steps_chosen())
        self.steps_set = False
        self.followers = SpinBox()
        self.followers.setRange(*MOVE_FOLLOWERS)
        self.followers.setAccessibleName(_("Victims following"))
        self.followers.setToolTip(
            _(
                "Victims that follow you on this move: the most that may, unless you set it (it "
                "goes back to that after each move)"
            )
        )
        self.followers.valueChanged.connect(lambda _v: self._followers_chosen())
        # Whether the player chose the count for this move (else each move takes the most
        # that may follow her there).
        self.followers_set = False
        self.move_grid = QGridLayout(move_box)
        self.move_grid.setContentsMargins(2, 0, 2, 0)
        self.move_grid.setVerticalSpacing(2)
        self.move_cells: list[tuple[QLabel, SpinBox]] = []
        for text, spin in ((_("&Spaces:"), self.steps), (_("&Followers:"), self.followers)):
            label = QLabel(text)
            label.setBuddy(spin)
            self.move_cells.append((label, spin))
        self._move_rows = 0
        return move_box

    def _build_items(self) -> QGroupBox:
        """The Item decks, each with its top card's button, and the items she holds."""
        # Imported with the dock's content, when it is first shown: at the launch, PySide
        # would make the list classes and their 15 enums (about 1.5 ms) for a dock not shown.
        from PySide6.QtWidgets import QListWidget

        items_box = QGroupBox(_("Items"))
        self.deck_labels = {}
        self.deck_buttons = {}
        items_grid = QGridLayout(items_box)
        for row, q in enumerate(QUADRANT_NAMES):
            label = QLabel()
            label.setWordWrap(True)
            label.setAccessibleName(
                _("{quadrant} Item deck").format(quadrant=_(QUADRANT_TITLES[q]))
            )
            # Issue 30: it set the dock's width at 150% (Polish: 227 px, the board 30 px short
            # of its square); it ends in "…" when the dock is narrow, whole in its tooltip.
            button = ElidingButton(_("Top card…"))
            button.setAccessibleName(
                _("Name the {quadrant} top card").format(quadrant=_(QUADRANT_TITLES[q]))
            )
            button.clicked.connect(lambda _=False, q=q: self._name_top(q))
            self.deck_labels[q] = label
            self.deck_buttons[q] = button
            # One column, so the dock can be narrow: the deck, its button under it.
            items_grid.addWidget(label, 2 * row, 0)
            items_grid.addWidget(button, 2 * row + 1, 0)
        self.held = QListWidget()
        self.held.setAccessibleName(_("Your items"))
        self.held.setMaximumHeight(110)
        self.held.setItemDelegate(FitWidthDelegate(self.held))
        self.held.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.held.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        items_grid.addWidget(QLabel(_("Yours:")), 8, 0)
        items_grid.addWidget(self.held, 9, 0)
        held_row = QVBoxLayout()
        self.hand_button = ElidingButton(_("Hand"))
        self.hand_button.setAccessibleName(_("In hand / not"))
        self.hand_button.setToolTip(_("The chosen item: into your hands, or out of them"))
        self.discard_button = ElidingButton(_("Discard"))
        self.discard_button.setAccessibleName(_("Discard"))
        self.discard_button.setToolTip(_("Discard the chosen item"))
        self.return_button = ElidingButton(_("To a deck…"))
        self.return_button.setAccessibleName(_("Back to a deck"))
        self.return_button.setToolTip(_("Put the chosen item back into a quadrant's Item deck"))
        # Issue 20 (cards): an Item's own uses (the Rifle's shot, the Lid, the Crucifix...).
        self.use_button = ElidingButton(_("Use…"))
        self.use_button.setAccessibleName(_("Use the chosen item"))
        self.use_button.setToolTip(_("Use the chosen item as its card says"))
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
        return items_box

    def _build_events(self) -> QGroupBox:
        """The Event to reveal (its name whole under the box) and the Events in play."""
        events_box = QGroupBox(_("Events"))
        self.event_card = ComboBox()
        self.event_card.setEditable(True)
        self.event_card.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.event_card.setAccessibleName(_("Event card"))
        self.event_card.setToolTip(_("Pick the Event, or type the name of one the list lacks"))
        for name in EVENTS:
            self.event_card.addItem(name, name)
        compact_combo(self.event_card, 6)
        wide_popup(self.event_card)
        self.event_card.currentTextChanged.connect(lambda _text: self._offer_event())
        self.reveal_event = QPushButton(_("Reveal"))
        self.reveal_event.setAccessibleName(_("Reveal the Event"))
        self.reveal_event.clicked.connect(self._event)
        # The dock is narrow: the box shows the start of a long name, and the name reads
        # whole under it (three lines are room enough for the ten Events at every zoom the
        # layout tests take), not only in a tooltip.
        self.event_name = LinesLabel(3)
        self.event_name.setAccessibleName(_("Chosen Event"))
        self.events_shown = QLabel()
        self.events_shown.setWordWrap(True)
        events_layout = QGridLayout(events_box)
        events_layout.addWidget(self.event_card, 0, 0)
        events_layout.addWidget(self.event_name, 1, 0)
        events_layout.addWidget(self.reveal_event, 2, 0)
        events_layout.addWidget(self.events_shown, 3, 0)
        return events_box

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
        if self.extras_built:
            self.held.clear()
            self.event_card.setCurrentIndex(0)

    # Showing -----------------------------------------------------------------------------

    def show_state(self, state: GameState, selected: str | None) -> None:
        self.lay_out_move()
        previous = self.state
        self.state, self.selected = state, selected
        if previous is None or _with_her(previous) != _with_her(state):
            # A move, or the Victims with her changed (or another game): Followers starts
            # again from the most that may follow her now (it stuck at a count chosen for
            # one move, and a later plain move was refused).
            self.reset_followers(state, show=False)  # shown once, below
        if self.extras_built:
            self._show_extras(state)
        self._offer_followers()

    def _show_extras(self, state: GameState) -> None:
        """The Items dock: the decks, the items she holds, the Events in play."""
        table, board = state.table, state.board
        screen = plays(state)
        for q in QUADRANT_NAMES:
            self.deck_labels[q].setText(deck_heading(state, q))
            # Whether the top card can be named is the model's to say (an empty deck cannot).
            offer(
                self.deck_buttons[q],
                screen.top_cards[q].error,
                _("Name the {quadrant} deck's face-up top card").format(
                    quadrant=_(QUADRANT_TITLES[q])
                ),
            )
        from PySide6.QtWidgets import QListWidgetItem  # built with the dock (``_build_items``)

        row = self.held.currentRow()
        self.held.blockSignals(True)
        self.held.clear()
        for item in table.held:
            shown_item = names.shown("card", item.name)
            entry = QListWidgetItem(
                _("{item}  (in hand)").format(item=shown_item) if item.in_hand else shown_item
            )
            entry.setToolTip(
                (
                    _("{item}: in your hands") if item.in_hand else _("{item}: not in your hands")
                ).format(item=entry.text())
            )
            self.held.addItem(entry)
        if 0 <= row < self.held.count():  # the chosen item stays chosen
            self.held.setCurrentRow(row)
        self.held.blockSignals(False)
        self._offer_held()
        events = ", ".join(names.shown("card", event) for event in table.events) or _("none")
        extra = []
        if table.roadblocks:
            extra.append(
                _("Roadblocks: {spaces}").format(
                    spaces=", ".join(board.label(s) for s in sorted(table.roadblocks))
                )
            )
        if table.closed:
            extra.append(
                _("Burnt: {spaces}").format(
                    spaces=", ".join(board.label(s) for s in sorted(table.closed))
                )
            )
        if table.booby_traps:
            extra.append(
                _("Booby traps: {spaces}").format(
                    spaces=", ".join(board.label(s) for s in sorted(table.booby_traps))
                )
            )
        if table.fireworks is not None and table.fireworks in board.spaces:
            extra.append(_("Fireworks: {space}").format(space=board.label(table.fireworks)))
        self.events_shown.setText(
            _("In play: {events}").format(events=events)
            + ("\n" + "\n".join(extra) if extra else "")
        )
        show_start(self.event_card)
        self._offer_event()

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
            if spin.value() != value:  # a spin box repaints at any setValue, even its own value
                with QSignalBlocker(spin):
                    spin.setValue(value)
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

    def _name_top(self, quadrant: QuadrantName) -> None:
        action = _ask_top_card(self, self.state, quadrant) if self.state is not None else None
        if action is not None:
            self.act_requested.emit(action)

    def _held_action(self, which: str) -> None:
        from frightmare.ui.game.board.questions import ask_return_item
        from frightmare.ui.game.steps.item_steps import ItemUseDialog

        row = self.held.currentRow()
        if row < 0 or self.state is None:
            return
        if which == "use":
            action: Action | None = ItemUseDialog.ask(self, self.state, row)
        elif which in ("hand", "discard"):
            action = ToggleHand(index=row) if which == "hand" else DiscardItem(index=row)
        else:
            action = ask_return_item(self, self.state, row)
        if action is not None:
            self.act_requested.emit(action)

    def _offer_event(self) -> None:
        name = named_card(self.event_card)
        self.event_name.set_full_text(name or "")
        show_start(self.event_card)
        state = self.state
        if state is None:
            return
        if name is None:
            self.reveal_event.setEnabled(False)
            self.reveal_event.setToolTip(_("Pick or type the Event's name first"))
            return
        # An Event that needs a die, an Exit or a House is asked for it on the click; the model
        # answers for the Event whatever is then chosen.
        offer(
            self.reveal_event,
            plays(state).event(name).verdict.error,
            _("Reveal {card}").format(card=names.shown("card", name)),
        )

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
        from frightmare.ui.game.board.questions import ask_event  # see ``_ask_move_victims``

        action = ask_event(self, self.state, name) if self.state is not None else None
        if action is not None:
            self.act_requested.emit(record_anyway(action) if anyway else action)


def deck_heading(state: GameState, q: QuadrantName) -> str:
    """A quadrant's Item deck in the Items panel: its short name, the cards left, the top card
    and the Houses searched, in the player's language."""
    deck = state.table.deck(q)
    # Translators: an Item deck's top card when the deck has no card left.
    top = deck[0].label if deck else _("empty")
    searched, houses = search_progress(state, q)
    return _("<b>{quadrant}</b>  {left} left · top: {top} · searched {searched}/{houses}").format(
        quadrant=quadrant_label(q), left=len(deck), top=top, searched=searched, houses=houses
    )
