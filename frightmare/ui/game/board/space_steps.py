"""What a play on a space leaves open, asked inline in its menu: a card's name, a search's second
card, which one she keeps and where the other goes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import Search
from frightmare.model.box import names
from frightmare.model.box.board import QUADRANT_TITLES, QuadrantName, known_items
from frightmare.model.game.state import GameState
from frightmare.model.lane.houses import CLOSEST_OPEN
from frightmare.model.query.lists import items_out
from frightmare.model.query.notes import SEARCH_OTHER_NOTE
from frightmare.model.query.space_plays import SearchPlay
from frightmare.ui.game.board.popover import PICK_BY_LETTER
from frightmare.ui.game.board.space_entries import MenuHost
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.wheel_guard import ComboBox

NOT_NAMED = "(not named)"


class NamePicker(QWidget):
    """An Item card's name in one click: the box's Items, "(not named)", or one typed."""

    picked = Signal(object)  # the name, or None: not named

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A letter that only one name starts picks it (the popover's type-ahead).
        self.setProperty(PICK_BY_LETTER, True)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        names = known_items()
        self.buttons: dict[str, QPushButton] = {}
        for n, name in enumerate((*names, NOT_NAMED)):
            button = QPushButton(name)
            set_style_property(button, "compact", True)
            button.clicked.connect(lambda _=False, name=name: self._pick(name))
            self.buttons[name] = button
            grid.addWidget(button, n // 2, n % 2)
        self.typed = QLineEdit()
        self.typed.setPlaceholderText(_("Another name, then Return"))
        self.typed.setAccessibleName(_("Another card's name"))
        self.typed.setMaxLength(60)
        self.typed.returnPressed.connect(lambda: self._pick(self.typed.text()))
        grid.addWidget(self.typed, (len(names) + 2) // 2, 0, 1, 2)

    def set_out(self, out: dict[str, str]) -> None:
        """The Items no card still to draw can be (``lists.items_out``): marked in their
        places, never removed (the buttons keep where the hand learnt them); still clickable,
        the table is the truth."""
        for name, button in self.buttons.items():
            why = out.get(name)
            set_style_property(button, "refused", why is not None)
            # Translators: {why} says where the card is ("in your hands", "discarded").
            button.setToolTip(_("Out already: {why}").format(why=why) if why is not None else "")

    def _pick(self, name: str) -> None:
        text = " ".join(name.split())
        self.picked.emit(None if text in ("", NOT_NAMED) else text)


class SearchStep(QWidget):
    """Two cards drawn: the first (named if the face-up top card is known, else asked), the
    second (asked), then which she keeps and where the other goes, in one click."""

    def __init__(self, menu: MenuHost) -> None:
        super().__init__()
        self.menu = menu
        self.house = ""
        self.anyway = False
        self.names: list[str | None] = [None, None]
        self.known: set[str] = set()  # the names known in the deck before the Search
        self.state: GameState | None = None
        self.asking = 0  # which card's name the picker asks for
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.picker = NamePicker()
        self.picker.picked.connect(self._named)
        self.deck = ComboBox()
        self.deck.setAccessibleName(_("Deck for the other card"))
        self.deck.setToolTip(CLOSEST_OPEN)
        self.finish = QWidget()
        finish = QVBoxLayout(self.finish)
        finish.setContentsMargins(0, 0, 0, 0)
        finish.setSpacing(2)
        self.ends: dict[tuple[int, str], QPushButton] = {}
        for keep in (0, 1):
            for where in ("top", "bottom"):
                button = QPushButton()
                button.setToolTip(_(SEARCH_OTHER_NOTE))
                button.clicked.connect(lambda _=False, k=keep, w=where: self._done(k, w))
                self.ends[keep, where] = button
                finish.addWidget(button)
        back = QPushButton(_("◂ Back"))
        back.setAccessibleName(_("Back to the space's plays"))
        back.clicked.connect(menu.show_entries)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.question)
        layout.addWidget(self.picker)
        layout.addWidget(self.deck)
        layout.addWidget(self.finish)
        layout.addWidget(back)

    def start(
        self, house: str, search: SearchPlay, *, anyway: bool, state: GameState | None = None
    ) -> None:
        self.house, self.anyway, self.state = house, anyway, state
        self.names = list(search.cards) + [None] * (2 - len(search.cards))
        self.known = {name for name in search.cards if name is not None}
        self.deck.clear()
        for quadrant in search.other_decks:
            self.deck.addItem(
                _("Other card to the {quadrant} deck").format(
                    quadrant=_(QUADRANT_TITLES[quadrant])
                ),
                quadrant,
            )
        self.deck.setVisible(len(search.other_decks) > 1)
        # The first card is the deck's face-up top card: asked only when it was never named.
        self._ask(0 if self.names[0] is None else 1)

    def _ask(self, card: int) -> None:
        self.asking = card
        if self.state is not None:
            # The first card named here is out for the second (issue 31: the Knife was
            # offered as the second card of the Search that drew it).
            named = (self.names[0],) if card == 1 and self.names[0] not in self.known else ()
            self.picker.set_out(items_out(self.state, named))
        shown = _("Drawn: {card}.").format(card=self._label(0)) + "\n" if card == 1 else ""
        which = (
            _("Which is the first card (the face-up top card)?")
            if card == 0
            else _("Which is the second card?")
        )
        self.question.setText(shown + which)
        self.picker.show()
        self.finish.hide()
        self.picker.typed.clear()
        if self.isVisible():
            next(iter(self.picker.buttons.values())).setFocus()  # the next card's name

    def _label(self, card: int) -> str:
        name = self.names[card]
        if name:
            return names.shown("card", name)
        return _("the first card") if card == 0 else _("the second card")

    def _named(self, name: object) -> None:
        self.names[self.asking] = name if isinstance(name, str) else None
        if self.asking == 0:
            self._ask(1)
            return
        first, second = self._label(0), self._label(1)
        self.question.setText(
            _("Drawn: {first} and {second}. Which do you keep?").format(first=first, second=second)
        )
        for (keep, where), button in self.ends.items():
            kept, other = (first, second) if keep == 0 else (second, first)
            button.setText(
                (
                    _("Keep {kept} · {other} to the top")
                    if where == "top"
                    else _("Keep {kept} · {other} to the bottom")
                ).format(kept=kept, other=other)
            )
        self.picker.hide()
        self.finish.show()
        self.ends[0, "top"].setFocus()

    def _done(self, keep: int, where: str) -> None:
        deck = self.deck.currentData() if self.deck.isVisible() else None
        quadrant: QuadrantName | None = next((q for q in QUADRANT_TITLES if q == deck), None)
        action = Search(
            house=self.house,
            names=(self.names[0], self.names[1]),
            keep=keep,
            other_to="bottom" if where == "bottom" else "top",
            other_quadrant=quadrant,
        )
        self.menu.act(action, anyway=self.anyway)


class NameStep(QWidget):
    """One card's name asked (a card taken whose face was never recorded)."""

    def __init__(self, menu: MenuHost) -> None:
        super().__init__()
        self.menu = menu
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.picker = NamePicker()
        self.picker.picked.connect(self._named)
        self.make: Callable[[str | None], Action] | None = None
        self.anyway = False
        back = QPushButton(_("◂ Back"))
        back.clicked.connect(menu.show_entries)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.question)
        layout.addWidget(self.picker)
        layout.addWidget(back)

    def start(
        self,
        question: str,
        make: Callable[[str | None], Action],
        *,
        anyway: bool,
        state: GameState | None = None,
    ) -> None:
        self.question.setText(question)
        self.picker.set_out(items_out(state) if state is not None else {})
        self.make, self.anyway = make, anyway
        self.picker.typed.clear()

    def _named(self, name: object) -> None:
        if self.make is not None:
            self.menu.act(self.make(name if isinstance(name, str) else None), anyway=self.anyway)
