"""A space's plays, right beside it on the board: the popover's menu.

Every entry is one of the model's answers (``space_plays.space_plays``): its verdict marks it
(a refused entry stays clickable and has a ⚑ beside it to record the play anyway) and, when
the play needs no further choice, the entry applies it in one click. Convince offers the board
file's own lines, so a Convince with 2 successes is one click; Search asks only what is left
open (which card came second, which one she keeps, where the other goes), inline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import Convince, KillVictim, SaveVictims, Search
from frightmare.model.box.board import QUADRANT_TITLES, QuadrantName, known_items
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.houses import CLOSEST_OPEN, convince_effects
from frightmare.model.lane.movement import RIDE_NOTE
from frightmare.model.lane.victims import DEATH_NOTE
from frightmare.model.query.notes import CONVINCE_NOTE, SAVE_NOTE, SEARCH_NOTE, SEARCH_OTHER_NOTE
from frightmare.model.query.space_plays import MovePlay, Play, SearchPlay, SpacePlays, space_plays
from frightmare.model.query.verdict import ALLOWED, Verdict
from frightmare.model.rules import record_anyway
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox

KIND_NAMES: dict[VictimKind, str] = {
    "victim": "a Victim",
    "smalley": "a Smalley",
    "boyfriend": "the Boyfriend",
}
NOT_NAMED = "(not named)"


def followers_text(plain: int, specials: tuple[str, ...] | list[str]) -> str:
    """``1 Victim + 1 Smalley``: who follows her, in the player's words."""
    parts = [f"{plain} Victim{'s' if plain > 1 else ''}"] if plain else []
    smalleys = sum(who == "smalley" for who in specials)
    if smalleys:
        parts.append(f"{smalleys} Smalley{'s' if smalleys > 1 else ''}")
    if "boyfriend" in specials:
        parts.append("the Boyfriend")
    return " + ".join(parts) or "nobody"


def _saved(who: VictimKind, count: int) -> str:
    if who == "victim":
        return f"Save {count} Victim{'s' if count > 1 else ''}"
    if who == "smalley":
        return f"Save {count} Smalley{'s' if count > 1 else ''}"
    return "Save the Boyfriend"


@dataclass(frozen=True)
class Entry:
    """One line of the menu: ``key`` names it (tests and the keyboard find it by it), the
    model's ``verdict``, and what a click does: apply ``action``, or run ``ask`` (which asks
    what is left open, then applies; ``anyway`` says the play is recorded anyway)."""

    key: str
    text: str
    tip: str
    verdict: Verdict = ALLOWED
    action: Action | None = None
    ask: Callable[[bool], None] | None = None
    heading: str = ""


class EntryButton(QPushButton):
    """A menu entry as wide as its text when there is room; in a narrower popover (a large
    zoom on a small screen) its text ends in "…" and reads whole in its tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.full_text = ""
        self._hint: QSize | None = None

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        super().setText(text)
        self._hint = None
        self.updateGeometry()
        # Elided once the popover is laid out again (it may widen to the text).
        QTimer.singleShot(0, self, self._elide)

    def sizeHint(self) -> QSize:
        """The whole text's size, as the style sheet draws it: measured once polished (a hint
        taken before the style sheet applied squeezed every entry under a real X server)."""
        if self._hint is None:
            self.ensurePolished()
            shown = self.text()
            super().setText(self.full_text)
            self._hint = super().sizeHint()
            super().setText(shown)
        return self._hint

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(min(hint.width(), 6 * self.fontMetrics().averageCharWidth()), hint.height())

    def _elide(self) -> None:
        full = self.sizeHint().width() - self.fontMetrics().horizontalAdvance(self.full_text)
        room = self.width() - full
        shown = self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            super().setText(shown)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._hint = None
            self.updateGeometry()


class EntryRow(QWidget):
    """An entry's button, and the ⚑ that records a refused play anyway."""

    def __init__(self, menu: SpaceMenu) -> None:
        super().__init__()
        self.menu = menu
        self.entry: Entry | None = None
        self.button = EntryButton()
        self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        set_style_property(self.button, "menu", True)
        self.button.clicked.connect(lambda: self._run(anyway=False))
        self.anyway = QToolButton()
        self.anyway.setText("⚑")
        self.anyway.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.anyway.clicked.connect(lambda: self._run(anyway=True))
        # A group's first entry (Convince's lines, Search's) carries the group's name.
        self.heading = QLabel()
        self.heading.setObjectName("muted")
        set_style_property(self.heading, "scale", "small")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.button, 1)
        row.addWidget(self.anyway)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        column.addWidget(self.heading)
        column.addLayout(row)

    def show_entry(self, entry: Entry) -> None:
        self.entry = entry
        if entry.heading != self.heading.text():
            self.heading.setText(entry.heading)
        self.heading.setVisible(bool(entry.heading))
        self.button.set_full_text(entry.text)
        self.button.setAccessibleName(entry.text.rstrip("…"))
        offer(self.button, entry.verdict.error, entry.tip)
        recordable = entry.verdict.recordable
        self.anyway.setVisible(recordable)
        if recordable:
            self.anyway.setAccessibleName(f"Record anyway: {entry.text.rstrip('…')}")
            self.anyway.setToolTip(f"Record anyway (the table is the truth): {entry.verdict}")

    def _run(self, *, anyway: bool) -> None:
        entry = self.entry
        if entry is None:
            return
        if entry.ask is not None:
            entry.ask(anyway)
        elif entry.action is not None:
            self.menu.act(entry.action, anyway=anyway)


class NamePicker(QWidget):
    """An Item card's name in one click: the box's Items, "(not named)", or one typed."""

    picked = Signal(object)  # the name, or None: not named

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        self.typed.setPlaceholderText("Another name, then Return")
        self.typed.setAccessibleName("Another card's name")
        self.typed.setMaxLength(60)
        self.typed.returnPressed.connect(lambda: self._pick(self.typed.text()))
        grid.addWidget(self.typed, (len(names) + 2) // 2, 0, 1, 2)

    def _pick(self, name: str) -> None:
        text = " ".join(name.split())
        self.picked.emit(None if text in ("", NOT_NAMED) else text)


class SearchStep(QWidget):
    """Two cards drawn: the first (named if the face-up top card is known, else asked), the
    second (asked), then which she keeps and where the other goes, in one click."""

    def __init__(self, menu: SpaceMenu) -> None:
        super().__init__()
        self.menu = menu
        self.house = ""
        self.anyway = False
        self.names: list[str | None] = [None, None]
        self.asking = 0  # which card's name the picker asks for
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.picker = NamePicker()
        self.picker.picked.connect(self._named)
        self.deck = ComboBox()
        self.deck.setAccessibleName("Deck for the other card")
        self.deck.setToolTip(CLOSEST_OPEN)
        self.finish = QWidget()
        finish = QVBoxLayout(self.finish)
        finish.setContentsMargins(0, 0, 0, 0)
        finish.setSpacing(2)
        self.ends: dict[tuple[int, str], QPushButton] = {}
        for keep in (0, 1):
            for where in ("top", "bottom"):
                button = QPushButton()
                button.setToolTip(SEARCH_OTHER_NOTE)
                button.clicked.connect(lambda _=False, k=keep, w=where: self._done(k, w))
                self.ends[keep, where] = button
                finish.addWidget(button)
        back = QPushButton("◂ Back")
        back.setAccessibleName("Back to the space's plays")
        back.clicked.connect(menu.show_entries)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.question)
        layout.addWidget(self.picker)
        layout.addWidget(self.deck)
        layout.addWidget(self.finish)
        layout.addWidget(back)

    def start(self, house: str, search: SearchPlay, *, anyway: bool) -> None:
        self.house, self.anyway = house, anyway
        self.names = list(search.cards) + [None] * (2 - len(search.cards))
        self.deck.clear()
        for quadrant in search.other_decks:
            self.deck.addItem(f"Other card to the {QUADRANT_TITLES[quadrant]} deck", quadrant)
        self.deck.setVisible(len(search.other_decks) > 1)
        # The first card is the deck's face-up top card: asked only when it was never named.
        self._ask(0 if self.names[0] is None else 1)

    def _ask(self, card: int) -> None:
        self.asking = card
        which = "first card (the face-up top card)" if card == 0 else "second card"
        shown = f"Drawn: {self._label(0)}.\n" if card == 1 else ""
        self.question.setText(f"{shown}Which is the {which}?")
        self.picker.show()
        self.finish.hide()
        self.picker.typed.clear()

    def _label(self, card: int) -> str:
        return self.names[card] or f"the {'first' if card == 0 else 'second'} card"

    def _named(self, name: object) -> None:
        self.names[self.asking] = name if isinstance(name, str) else None
        if self.asking == 0:
            self._ask(1)
            return
        first, second = self._label(0), self._label(1)
        self.question.setText(f"Drawn: {first} and {second}. Which do you keep?")
        for (keep, where), button in self.ends.items():
            kept, other = (first, second) if keep == 0 else (second, first)
            button.setText(f"Keep {kept} · {other} to the {where}")
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

    def __init__(self, menu: SpaceMenu) -> None:
        super().__init__()
        self.menu = menu
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.picker = NamePicker()
        self.picker.picked.connect(self._named)
        self.make: Callable[[str | None], Action] | None = None
        self.anyway = False
        back = QPushButton("◂ Back")
        back.clicked.connect(menu.show_entries)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.question)
        layout.addWidget(self.picker)
        layout.addWidget(back)

    def start(self, question: str, make: Callable[[str | None], Action], *, anyway: bool) -> None:
        self.question.setText(question)
        self.make, self.anyway = make, anyway
        self.picker.typed.clear()

    def _named(self, name: object) -> None:
        if self.make is not None:
            self.menu.act(self.make(name if isinstance(name, str) else None), anyway=self.anyway)


class SpaceMenu(QWidget):
    """The plays on one space (``show_plays``), as a menu; ``act_requested`` carries the play
    chosen. Plays that ask the player more (Move Victims, which Victim) go to ``asks``."""

    act_requested = Signal(object)
    changed = Signal()  # other entries: the popover fits them again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spacePlays")
        self.setAccessibleName("The space's plays")
        self.state: GameState | None = None
        self.space: str | None = None
        self.asks: dict[str, Callable[[bool], None]] = {}
        self.home: QWidget | None = None  # where the focus goes when its entry goes away
        self.handed_back = False  # gave the focus back to ``home`` (the page resets it)
        self.title = QLabel()
        set_style_property(self.title, "scale", "big")
        self.title.setAccessibleName("Space")
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setAccessibleName("Selected space")
        set_style_property(self.info, "scale", "small")
        self.entries_box = QWidget()
        self.rows: list[EntryRow] = []
        self.entries_layout = QVBoxLayout(self.entries_box)
        self.entries_layout.setContentsMargins(0, 0, 0, 0)
        self.entries_layout.setSpacing(2)
        self.search_step = SearchStep(self)
        self.name_step = NameStep(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.info)
        layout.addWidget(self.entries_box)
        layout.addWidget(self.search_step)
        layout.addWidget(self.name_step)
        self.show_entries()

    # The entries ----------------------------------------------------------------------------

    @property
    def buttons(self) -> dict[str, QPushButton]:
        """The shown entries' buttons by key (``move``, ``convince:2``, ``search:2``, ...)."""
        return {
            row.entry.key: row.button
            for row in self.rows
            if row.entry is not None and not row.isHidden()
        }

    def entry_keys(self) -> list[str]:
        return [row.entry.key for row in self.rows if row.entry is not None and not row.isHidden()]

    def show_entries(self) -> None:
        """The space's plays (back from a step): a focus the step held goes to the first of
        them (Qt would hand it on to the next control of the window: the view switch)."""
        held = self._step_focus()
        self.search_step.hide()
        self.name_step.hide()
        self.entries_box.show()
        self._resized()
        if held:
            row = next((r for r in self.rows if r.entry is not None and not r.isHidden()), None)
            if row is not None:
                row.button.setFocus()

    def _step_focus(self) -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and any(
            step.isVisible() and step.isAncestorOf(focus)
            for step in (self.search_step, self.name_step)
        )

    def _step(self, step: QWidget) -> None:
        self.entries_box.hide()
        for other in (self.search_step, self.name_step):
            other.setVisible(other is step)
        self._resized()
        step.setFocus()

    def _resized(self) -> None:
        self.changed.emit()

    def act(self, action: Action, *, anyway: bool = False) -> None:
        if self._step_focus() and self.home is not None:
            # The step's button that played is going: the focus goes back to the board, as
            # after any play whose button goes away (the page keeps it there).
            self.home.setFocus()
        self.show_entries()
        self.act_requested.emit(record_anyway(action) if anyway else action)

    def show_plays(self, state: GameState, space: str, moves: list[MovePlay]) -> None:
        """Show the plays the model offers on ``space`` (``moves``: Move here as the side
        column's Spaces and Followers ask it, once per mix of Victims that may follow)."""
        if (state, space) != (self.state, self.space):
            self.show_entries()  # another space, or the play was made: a step ends
        self.state, self.space = state, space
        board, table = state.board, state.table
        self.title.setText(board.name(space))
        details = [f"Victims: {table.victims_at(space)}"]
        if board.kind(space) == "house":
            details.insert(0, f"{board.quadrant(space)} House")
        if space in table.x_tokens:
            details.append("X: searched")
        if space in table.closed:
            details.append("closed by Fire")
        if space in table.roadblocks:
            details.append("Roadblock")
        if space in table.booby_traps:
            details.append("a booby trap")
        if table.fireworks == space:
            details.append("the Fireworks")
        if table.killer == space:
            details.append(f"{state.setup.killer} is here")
        self.info.setText(" · ".join(details))
        entries = self._entries(state, space, moves, space_plays(state, space))
        # A focused entry that now means another play (or is gone) hands the focus back to the
        # board: a stray Space or Return must never record that other play.
        focused = QApplication.focusWidget()
        before = {row.button: row.entry.key for row in self.rows if row.entry is not None}
        while len(self.rows) < len(entries):
            row = EntryRow(self)
            self.rows.append(row)
            self.entries_layout.addWidget(row)
        for row, entry in zip(self.rows, entries, strict=False):
            row.show_entry(entry)
            row.show()
        for row in self.rows[len(entries) :]:
            row.entry = None
            row.hide()
        self.changed.emit()
        if isinstance(focused, QPushButton) and focused in before:
            now = next((r.entry.key for r in self.rows if r.button is focused and r.entry), None)
            if now != before[focused]:
                self.handed_back = True
                if self.home is not None:
                    self.home.setFocus()

    def _entries(
        self, state: GameState, space: str, moves: list[MovePlay], here: SpacePlays
    ) -> list[Entry]:
        entries: list[Entry] = []
        killer = state.setup.killer
        # Move here first, unless the rules refuse it where Convince is the way in (an
        # occupied House): then after the Convince lines, still offered with its flag.
        move_entries = self._moves(moves) if moves and moves[0].offered else []
        move_later = bool(move_entries) and not moves[0].verdict.allowed and (here.convince.offered)
        if not move_later:
            entries += move_entries
        if here.ride.offered:
            entries.append(Entry("ride", "Ride the Bicycle here", RIDE_NOTE, *self._of(here.ride)))
        save = here.save
        if save.offered:
            for who in save.kinds or ("victim",):
                count = state.table.count_of(space, who)
                action = SaveVictims(space=space, who=who, count=max(1, count))
                entries.append(
                    Entry(
                        f"save:{who}", _saved(who, max(1, count)), SAVE_NOTE, save.verdict, action
                    )
                )
                if who == "victim" and count > 1:
                    one = SaveVictims(space=space, who=who)
                    entries.append(Entry("save:1", _saved(who, 1), SAVE_NOTE, save.verdict, one))
        convince = here.convince
        if convince.offered:
            extra = ", ".join(f"{source} {dice:+d}" for source, dice in convince.modifiers)
            tip = CONVINCE_NOTE + (f" (extra dice: {extra})" if extra else "")
            heading = "Convince (roll the Horror dice)" + (f": {extra}" if extra else "")
            for option in convince.lines:
                line = option.line
                text = option.caption
                if option.take_item is not None:
                    # Taking the Item is her choice: one entry with it, one without.
                    parts = [p for p in convince_effects(line) if not p.endswith("the top Item")]
                    text = line.label + (f": {', '.join(parts)}" if parts else "")
                    worse = option.take_item if not option.take_item.allowed else convince.verdict
                    deck = state.table.deck(state.board.quadrant(space))
                    taken = str(deck[0].name) if deck and deck[0].name else "the top Item"
                    entries.append(
                        Entry(
                            f"convince:{line.id}:take",
                            f"{text}, take {taken}",
                            tip,
                            worse,
                            ask=partial(self._take, state, option.action),
                            heading=heading,
                        )
                    )
                    heading = ""
                entries.append(
                    Entry(
                        f"convince:{line.id}",
                        text,
                        tip,
                        convince.verdict,
                        option.action,
                        heading=heading,
                    )
                )
                heading = ""
        if move_later:
            entries += move_entries
        search = here.search
        if search.offered:
            top = search.cards[0] if search.cards else None
            # The face-up top card's name is known (named at setup or since): one click.
            known = top is not None or not search.cards
            entries.append(
                Entry(
                    "search:1",
                    f"1 success: draw {top or 'the top card'}",
                    SEARCH_NOTE,
                    search.verdict,
                    Search(house=space) if known else None,
                    None if known else partial(self._name_one, space),
                    heading="Search",
                )
            )
            if len(search.cards) == 2:
                entries.append(
                    Entry(
                        "search:2",
                        "2 successes: draw 2…",
                        SEARCH_NOTE,
                        search.verdict,
                        ask=partial(self._search_two, space, search),
                    )
                )
        kinds = here.victim_dies.kinds
        entries.append(Entry("add", "+ Victim", "Add a Victim here", *self._of(here.add_victim)))
        if here.victim_dies.offered:
            for who in kinds:
                entries.append(
                    Entry(
                        "kill" if who == kinds[0] else f"kill:{who}",
                        "− Victim: dies" if who == "victim" else f"− {KIND_NAMES[who]}: dies",
                        DEATH_NOTE,
                        here.victim_dies.verdict,
                        KillVictim(space=space, who=who),
                    )
                )
        if here.move_victims.offered:
            entries.append(
                Entry(
                    "panic",
                    "Move Victims…",
                    "Move or panic Victims from here",
                    here.move_victims.verdict,
                    ask=self.asks.get("panic"),
                )
            )
        if here.put_him.offered:
            entries.append(
                Entry(
                    "place-fright",
                    "Put him here",
                    f"Free edit: place {killer} here",
                    *self._of(here.put_him),
                )
            )
        if here.take_him_off.offered:
            entries.append(
                Entry(
                    "remove-fright",
                    "Take him off",
                    f"Free edit: {killer} off the board",
                    *self._of(here.take_him_off),
                )
            )
        if here.put_her.offered:
            entries.append(
                Entry(
                    "place-fg",
                    "Put her here",
                    "Free edit: place the Final Girl here",
                    *self._of(here.put_her),
                )
            )
        return entries

    @staticmethod
    def _of(play: Play) -> tuple[Verdict, Action | None]:
        return play.verdict, play.action

    @staticmethod
    def _moves(moves: list[MovePlay]) -> list[Entry]:
        """Move here with the most that may follow; one entry per mix of Victims when there
        is a real choice."""
        entries = []
        for n, move in enumerate(moves):
            plain, specials = move.followers
            follow = f" · {followers_text(plain, specials)} follow" if plain or specials else ""
            steps = f"{move.steps} space{'s' if move.steps > 1 else ''}"
            entries.append(
                Entry(
                    "move" if n == 0 else f"move:{n}",
                    f"Move here{follow}",
                    f"Move the Final Girl here ({steps}; Return)",
                    move.verdict,
                    move.action,
                )
            )
        return entries

    # What is left open ----------------------------------------------------------------------

    def _search_two(self, space: str, search: SearchPlay, anyway: bool) -> None:
        self.search_step.start(space, search, anyway=anyway)
        self._step(self.search_step)

    def _name_one(self, space: str, anyway: bool) -> None:
        self.name_step.start(
            "Which card did you draw?",
            lambda name: Search(house=space, names=(name,)),
            anyway=anyway,
        )
        self._step(self.name_step)

    def _take(self, state: GameState, action: Convince, anyway: bool) -> None:
        """Convince and take the top Item: its name is the deck's face-up card's, asked only
        when it was never named."""
        quadrant = state.board.quadrant(action.house)
        deck = state.table.deck(quadrant)
        if not deck or deck[0].name is not None:
            self.act(action.model_copy(update={"take_item": True}), anyway=anyway)
            return
        self.name_step.start(
            "Which card do you take?",
            lambda name: action.model_copy(update={"take_item": True, "item_name": name}),
            anyway=anyway,
        )
        self._step(self.name_step)
