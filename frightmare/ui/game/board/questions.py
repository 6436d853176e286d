"""The board's questions to the player: a Convince roll's line, a search's cards, and the small
picks (an Item card's name, one of some options, a number)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.lane import Convince, MoveVictims, ReturnItem, RevealEvent, Search
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
)
from frightmare.model.query.notes import (
    SEARCH_DRAWN,
    SEARCH_KEEP_SECOND,
    SEARCH_OTHER_BOTTOM,
    SEARCH_OTHER_NOTE,
    search_choices_open,
    search_keep,
)
from frightmare.model.query.space_plays import space_plays
from frightmare.ui.widgets.dialogs import ok_cancel
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

UNKNOWN = "(unknown)"


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
    combo.setToolTip(_("Pick the card's name, or type one the list lacks"))
    return combo


def _name_of(combo: QComboBox) -> str | None:
    """The chosen card's name (``None``: not named): a listed entry's id, or the typed text."""
    index = combo.currentIndex()
    if index >= 0 and combo.itemText(index) == combo.currentText():
        data = combo.itemData(index)
        return data if isinstance(data, str) else None
    text = " ".join(combo.currentText().split())
    return text[:60] or None


class ConvinceDialog(OnScreenDialog):
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
        self.setWindowTitle(_("Convince: {house}").format(house=board.label(house)))
        self.house = house
        layout = QVBoxLayout(self)
        modifiers = convince_modifiers(state)
        extra = ", ".join(f"{source} {dice:+d}" for source, dice in modifiers)
        intro = QLabel(
            "Roll the Horror dice for Convince and choose the result."
            + ("\n" + _("Extra dice: {dice}.").format(dice=extra) if extra else "")
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
        self.take.setAccessibleName(_("Take the top Item"))
        self.item_name = _item_combo(deck[0].name if deck else None)
        self.item_name.setAccessibleName(_("The Item's name"))
        self.item_name.setToolTip(
            _("The card you take: pick or type its name, or leave it unknown")
        )
        item_row = QHBoxLayout()
        item_row.setContentsMargins(24, 0, 0, 0)
        item_label = QLabel(_("&Item:"))
        item_label.setBuddy(self.item_name)
        item_row.addWidget(item_label)
        item_row.addWidget(self.item_name, 1)
        self.item_row = QWidget()
        self.item_row.setLayout(item_row)
        # Convince Action cards and entering occupied houses: "You may take the top Item", so
        # it starts unticked: taking it is her choice.
        self.take_note = QLabel(
            _("Your choice: the card says you MAY take it, so it starts unticked")
        )
        self.take_note.setAccessibleName(_("Taking the Item is your choice"))
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
        buttons = ok_cancel(self)
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
            offer(self.take, take.error if take else None, _("Take the top Item"))
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


class SearchDialog(OnScreenDialog):
    """A successful search: which cards were drawn, which one is kept, where the other goes."""

    def __init__(self, state: GameState, house: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        board = state.board
        self.setWindowTitle(_("Search: {house}").format(house=board.label(house)))
        self.house = house
        quadrant = board.quadrant(house)
        deck = state.table.deck(quadrant)
        form = QFormLayout(self)
        form.addRow(
            QLabel(
                ngettext(
                    "The {quadrant} deck has {count} card.",
                    "The {quadrant} deck has {count} cards.",
                    len(deck),
                ).format(quadrant=_(QUADRANT_TITLES[quadrant]), count=len(deck))
            )
        )
        self.count = SpinBox()
        self.count.setRange(*SEARCH_DRAWN)
        self.count.setAccessibleName(_("Cards drawn"))
        form.addRow(_("Cards &drawn:"), self.count)
        self.first = _item_combo(deck[0].name if deck else None)
        self.first.setAccessibleName(_("First card"))
        self.second = _item_combo(deck[1].name if len(deck) > 1 else None)
        self.second.setAccessibleName(_("Second card"))
        form.addRow(_("&First card:"), self.first)
        form.addRow(_("&Second card:"), self.second)
        self.keep_second = QCheckBox(SEARCH_KEEP_SECOND)
        form.addRow("", self.keep_second)
        self.to_bottom = QCheckBox(SEARCH_OTHER_BOTTOM)
        form.addRow("", self.to_bottom)
        for box in (self.keep_second, self.to_bottom):
            box.setToolTip(_(SEARCH_OTHER_NOTE))
        self.quadrant = ComboBox()
        self.quadrant.setAccessibleName(_("Deck for the other card"))
        self.quadrant.addItem(_("Let the rule decide"), None)
        for q in QUADRANT_NAMES:
            self.quadrant.addItem(_(QUADRANT_TITLES[q]), q)
        self.quadrant.setToolTip(CLOSEST_OPEN)
        form.addRow(_("Other card's &deck:"), self.quadrant)
        buttons = ok_cancel(self)
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
    buttons = ok_cancel(dialog)
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


KIND_NAMES: dict[VictimKind, str] = {
    "victim": N_("A Victim"),
    "smalley": N_("A Smalley"),
    "boyfriend": N_("The Boyfriend"),
}


def _which(
    parent: QWidget | None, state: GameState, space: str, title: str, question: str
) -> VictimKind | None:
    """The kind of Victim meant on ``space``: asked only when several kinds stand there."""
    kinds = state.table.kinds_at(space)
    if len(kinds) <= 1:
        return kinds[0] if kinds else "victim"
    chosen = Choose.pick(
        parent,
        title,
        question.format(space=state.board.label(space)),
        [(kind, _(KIND_NAMES[kind])) for kind in kinds],
    )
    return next((kind for kind in kinds if kind == chosen), None)


def ask_move_victims(parent: QWidget | None, state: GameState, space: str) -> MoveVictims | None:
    """Move Victims from ``space``: which kind (when several stand there), where, how many
    and why (they panic, or another effect)."""
    board = state.board
    who = _which(parent, state, space, _("Move Victims"), _("Who moves from {space}?"))
    if who is None:
        return None
    targets = [(n, board.label(n)) for n in board.neighbours(space)]
    target = Choose.pick(parent, _("Move Victims"), _("Move to:"), targets)
    if target is None:
        return None
    here = state.table.count_of(space, who)
    count = 1 if here <= 1 else Choose.number(parent, _("Move Victims"), _("How many?"), 1, here)
    if count is None:
        return None
    why = Choose.pick(
        parent,
        _("Move Victims"),
        _("Why do they move?"),
        [("panic", _("They panic")), ("effect", _("Other effect"))],
    )
    if why is None:
        return None
    return MoveVictims(source=space, target=target, count=count, panic=why == "panic", who=who)


def ask_event(parent: QWidget | None, state: GameState, name: str) -> RevealEvent | None:
    """The Event revealed, with what it needs asked (a die, an Exit, a House); None: the
    player cancelled."""
    space: str | None = None
    die: int | None = None
    # What the Event asks, and the spaces it may go to, are the model's.
    need, question = event_needs(name), event_question(name)
    if need == "die":
        die = Choose.number(parent, name, question, 1, 6)
        if die is None:
            return None
    elif need == "exit" or need == "house":
        targets = [(t, state.board.label(t)) for t in event_targets(state, name)]
        if targets:
            space = Choose.pick(parent, name, question, targets)
            if space is None:
                return None
    elif need is not None:
        assert_never(need)  # a new EventNeed needs its question here
    return RevealEvent(name=name, space=space, die=die)


def ask_return_item(parent: QWidget | None, state: GameState, row: int) -> ReturnItem | None:
    """Her item ``row`` back into a quadrant's Item deck: which quadrant, and which of the
    equally close decks takes it when the model finds several; None: the player cancelled."""
    chosen = Choose.pick(
        parent,
        _("Back to a deck"),
        _("Which quadrant's deck?"),
        [(q, _(QUADRANT_TITLES[q])) for q in QUADRANT_NAMES],
    )
    quadrant = next((q for q in QUADRANT_NAMES if q == chosen), None)
    if quadrant is None:
        return None
    options = closest_open_quadrants(state, quadrant)
    other: QuadrantName | None = None
    if len(options) > 1:
        picked = Choose.pick(
            parent,
            _("Equally close"),
            _("Which deck takes it?"),
            [(q, _(QUADRANT_TITLES[q])) for q in options],
        )
        other = next((q for q in options if q == picked), None)
        if other is None:
            return None
    return ReturnItem(index=row, quadrant=quadrant, other_quadrant=other)
