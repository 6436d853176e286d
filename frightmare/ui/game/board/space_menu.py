"""A space's plays, right beside it on the board: the popover's menu.

Every entry is one of the model's answers (``plays.space_plays``): its verdict marks it
(a refused entry stays clickable and has a ⚑ beside it to record the play anyway) and, when
the play needs no further choice, the entry applies it in one click. Convince offers the board
file's own lines, so a Convince with 2 successes is one click; Search asks only what is left
open (which card came second, which one she keeps, where the other goes), inline.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QVBoxLayout, QWidget

from frightmare.i18n import _, ngettext, pgettext
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import Convince, KillVictim, SaveVictims, Search
from frightmare.model.box import names
from frightmare.model.box.board import quadrant_label
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.houses import convince_effects
from frightmare.model.lane.movement import RIDE_NOTE
from frightmare.model.lane.victims import DEATH_NOTE
from frightmare.model.query.notes import CONVINCE_NOTE, SAVE_NOTE, SEARCH_NOTE
from frightmare.model.query.space_plays import (
    ConvincePlay,
    MovePlay,
    Play,
    SearchPlay,
    SpacePlays,
    space_plays,
)
from frightmare.model.query.verdict import Verdict
from frightmare.model.rules import record_anyway
from frightmare.ui.game.board.space_entries import Entry, EntryRow, clicked_by_key
from frightmare.ui.game.board.space_steps import NameStep, SearchStep
from frightmare.ui.theme import set_style_property

KIND_NAMES: dict[VictimKind, str] = {
    "victim": "a Victim",
    "smalley": "a Smalley",
    "boyfriend": "the Boyfriend",
}

# The entries that correct the table (a Victim added or dying, Victims moved, his or her token
# put): the space's plays are the others (Move here, Save, Convince, Search, Ride).
EDIT_KEYS = ("add", "kill", "panic", "place-fright", "remove-fright", "place-fg")


def followers_text(plain: int, specials: tuple[str, ...] | list[str]) -> str:
    """``1 Victim + 1 Smalley``: who follows her, in the player's words."""
    parts = (
        [ngettext("{count} Victim", "{count} Victims", plain).format(count=plain)] if plain else []
    )
    smalleys = sum(who == "smalley" for who in specials)
    if smalleys:
        parts.append(
            ngettext("{count} Smalley", "{count} Smalleys", smalleys).format(count=smalleys)
        )
    if "boyfriend" in specials:
        parts.append(_("the Boyfriend"))
    return " + ".join(parts) or _("nobody")


def _saved(who: VictimKind, count: int) -> str:
    if who == "victim":
        return ngettext("Save {count} Victim", "Save {count} Victims", count).format(count=count)
    if who == "smalley":
        return ngettext("Save {count} Smalley", "Save {count} Smalleys", count).format(count=count)
    return _("Save the Boyfriend")


def is_edit(key: str) -> bool:
    """``key`` is an entry that corrects the table (``EDIT_KEYS``, ``kill:smalley`` too)."""
    return key.split(":")[0] in EDIT_KEYS


def first_control(widget: QWidget) -> QWidget | None:
    """The first control in ``widget`` that takes the focus by Tab and is shown and on."""
    for child in widget.findChildren(QWidget):
        if (
            child.isVisibleTo(widget)
            and child.isEnabled()
            and child.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            return child
    return None


class SpaceMenu(QWidget):
    """The plays on one space (``show_plays``), as a menu; ``act_requested`` carries the play
    chosen. Plays that ask the player more (Move Victims, which Victim) go to ``asks``."""

    act_requested = Signal(object)
    changed = Signal()  # other entries: the popover fits them again
    # A play made from the plays' own keyboard focus (an entry, a step's button): the focus
    # goes where the next input goes (``BoardController.after_keyed_play``).
    played_by_key = Signal()
    # A play of her own space took her elsewhere (a Convince into a House beside it): the
    # plays follow her there, as after a move.
    followed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spacePlays")
        self.setAccessibleName(_("The space's plays"))
        self.state: GameState | None = None
        self.space: str | None = None
        self.asks: dict[str, Callable[[bool], None]] = {}
        self.home: QWidget | None = None  # where the focus goes when its entry goes away
        self.handed_back = False  # gave the focus back to ``home`` (the page resets it)
        self.title = QLabel()
        set_style_property(self.title, "scale", "big")
        self.title.setAccessibleName(_("Space"))
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setAccessibleName(_("Selected space"))
        set_style_property(self.info, "scale", "small")
        self.entries_box = QWidget()
        self.rows: list[EntryRow] = []
        self.entries_layout = QVBoxLayout(self.entries_box)
        self.entries_layout.setContentsMargins(0, 0, 0, 0)
        self.entries_layout.setSpacing(2)
        # A Search's cards and an Item's name: made at the first play that asks them (most
        # turns ask neither; built with the menu, they were 30 of every window's widgets).
        self._search_step: SearchStep | None = None
        self._name_step: NameStep | None = None
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.info)
        layout.addWidget(self.entries_box)
        self.show_entries()

    @property
    def search_step(self) -> SearchStep:
        """A Search's two cards, under the entries (made when first asked)."""
        if self._search_step is None:
            self._search_step = SearchStep(self)
            self._add_step(self._search_step)
        return self._search_step

    @property
    def name_step(self) -> NameStep:
        """The name of the card drawn or taken, under the entries (made when first asked)."""
        if self._name_step is None:
            self._name_step = NameStep(self)
            self._add_step(self._name_step)
        return self._name_step

    def _steps(self) -> list[QWidget]:
        """The steps made so far."""
        return [s for s in (self._search_step, self._name_step) if s is not None]

    def _add_step(self, step: QWidget) -> None:
        """``step`` under the entries, hidden, in the focus chain where it was when made with
        the menu (after the menu's own controls)."""
        from frightmare.ui.game.other_table import chain_after

        step.hide()
        self._layout.addWidget(step)
        chain_after(self, step)

    # The entries ----------------------------------------------------------------------------

    def _plays(self) -> list[tuple[str, QPushButton]]:
        """The shown plays by key, in order: each entry's button, each small button of a
        compact row (her space's ``convince:2@house-sw-exit-w``)."""
        return [play for row in self.rows if not row.isHidden() for play in row.plays()]

    @property
    def buttons(self) -> dict[str, QPushButton]:
        """The shown entries' buttons by key (``move``, ``convince:2``, ``search:2``, ...)."""
        return dict(self._plays())

    def entry_keys(self) -> list[str]:
        return [key for key, _button in self._plays()]

    def next_play(self) -> QPushButton | None:
        """The entry the keyboard goes to after a play: the first of the space's plays shown
        and on (``None``: none, or only corrections of the table, where a stray key must not
        land: + Victim, Put him here)."""
        plays = [b for key, b in self._plays() if b.isEnabled() and not is_edit(key)]
        return plays[0] if plays else None

    def has_play(self) -> bool:
        """The space offers one of its plays (not only corrections of the table)."""
        return any(not is_edit(key) for key in self.entry_keys())

    def show_entries(self) -> None:
        """The space's plays (back from a step): a focus the step held goes to the first of
        them (Qt would hand it on to the next control of the window: the view switch)."""
        held = self._step_focus()
        for step in self._steps():
            step.hide()
        self.entries_box.show()
        self._resized()
        if held:
            first = next(iter(self._plays()), None)
            if first is not None:
                first[1].setFocus()

    def _step_focus(self) -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and any(
            step.isVisible() and step.isAncestorOf(focus) for step in self._steps()
        )

    def _step(self, step: QWidget) -> None:
        self.entries_box.hide()
        for other in self._steps():
            other.setVisible(other is step)
        self._resized()
        # The step's first control takes the focus, shown (issue 35: after a Search's
        # "1 success" the card grid had no focused button until a Tab).
        first = first_control(step)
        (first or step).setFocus(Qt.FocusReason.OtherFocusReason)

    def _resized(self) -> None:
        self.changed.emit()

    def act(self, action: Action, *, anyway: bool = False) -> None:
        focus = QApplication.focusWidget()
        keyed = clicked_by_key() and focus is not None and self.isAncestorOf(focus)
        if self._step_focus() and self.home is not None:
            # The step's button that played is going: the focus goes back to the board, as
            # after any play whose button goes away (the page keeps it there).
            self.home.setFocus()
        self.show_entries()
        here, was = self.space, self.state.table.final_girl if self.state else None
        self.act_requested.emit(record_anyway(action) if anyway else action)
        now = self.state.table.final_girl if self.state else None
        if was == here and now not in (None, here):
            self.followed.emit(now)
        if keyed:
            self.played_by_key.emit()

    def show_plays(self, state: GameState, space: str, moves: list[MovePlay]) -> None:
        """Show the plays the model offers on ``space`` (``moves``: Move here as the side
        column's Spaces and Followers ask it, once per mix of Victims that may follow)."""
        if (state, space) != (self.state, self.space):
            self.show_entries()  # another space, or the play was made: a step ends
        self.state, self.space = state, space
        board, table = state.board, state.table
        self.title.setText(board.label(space))
        details = [_("Victims: {count}").format(count=table.victims_at(space))]
        if board.kind(space) == "house":
            quadrant = quadrant_label(board.quadrant(space))
            details.insert(0, _("{quadrant} House").format(quadrant=quadrant))
        if space in table.x_tokens:
            details.append(_("X: searched"))
        if space in table.closed:
            details.append(_("closed by Fire"))
        if space in table.roadblocks:
            details.append(_("Roadblock"))
        if space in table.booby_traps:
            details.append(_("a booby trap"))
        if table.fireworks == space:
            details.append(_("the Fireworks"))
        if table.killer == space:
            details.append(
                _("{killer} is here").format(killer=names.shown("killer", state.setup.killer))
            )
        self.info.setText(" · ".join(details))
        entries = self._entries(state, space, moves, space_plays(state, space))
        # A focused entry that now means another play (or is gone) hands the focus back to the
        # board: a stray Space or Return must never record that other play.
        focused = QApplication.focusWidget()
        before = dict((button, key) for key, button in self._plays())
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
            now = next((key for key, button in self._plays() if button is focused), None)
            if now != before[focused]:
                self.handed_back = True
                if self.home is not None:
                    self.home.setFocus()

    def _entries(
        self, state: GameState, space: str, moves: list[MovePlay], here: SpacePlays
    ) -> list[Entry]:
        entries: list[Entry] = []
        # Move here first, unless the rules refuse it where Convince is the way in (an
        # occupied House): then after the Convince lines, still offered with its flag.
        move_entries = self._moves(moves) if moves and moves[0].offered else []
        move_later = bool(move_entries) and not moves[0].verdict.allowed and (here.convince.offered)
        if not move_later:
            entries += move_entries
        if here.ride.offered:
            entries.append(
                Entry("ride", _("Ride the Bicycle here"), _(RIDE_NOTE), *self._of(here.ride))
            )
        entries += self._save_entries(state, space, here)
        entries += self._convince_into(state, here)
        entries += self._convince_entries(state, space, here)
        if move_later:
            entries += move_entries
        entries += self._search_entries(space, here)
        entries += self._victim_entries(space, here)
        entries += self._edit_entries(state, here)
        return entries

    def _save_entries(self, state: GameState, space: str, here: SpacePlays) -> list[Entry]:
        """Save the Victims here: all of a kind in one click, or one of several."""
        entries: list[Entry] = []
        save = here.save
        if save.offered:
            for who in save.kinds or ("victim",):
                count = state.table.count_of(space, who)
                action = SaveVictims(space=space, who=who, count=max(1, count))
                entries.append(
                    Entry(
                        f"save:{who}",
                        _saved(who, max(1, count)),
                        _(SAVE_NOTE),
                        save.verdict,
                        action,
                    )
                )
                if who == "victim" and count > 1:
                    one = SaveVictims(space=space, who=who)
                    entries.append(Entry("save:1", _saved(who, 1), _(SAVE_NOTE), save.verdict, one))
        return entries

    def _convince_into(self, state: GameState, here: SpacePlays) -> list[Entry]:
        """From her own space: a compact row per House she may Convince her way into,
        "Convince: SW House", its lines as small buttons (the House's own entries, whole in
        each tooltip and accessible name), so her other plays keep their places."""
        rows: list[Entry] = []
        for house, convince in here.convince_into:
            if convince.offered:
                choices = tuple(self._convince_lines(state, house, convince, short=True))
                title = _("Convince: {house}").format(house=state.board.label(house))
                rows.append(Entry(f"into:{house}", title, choices[0].tip, choices=choices))
        return rows

    def _convince_entries(self, state: GameState, space: str, here: SpacePlays) -> list[Entry]:
        """The board file's Convince lines on the House's own menu."""
        convince = here.convince
        return self._convince_lines(state, space, convince) if convince.offered else []

    def _convince_lines(
        self, state: GameState, house: str, convince: ConvincePlay, *, short: bool = False
    ) -> list[Entry]:
        """The board file's Convince lines, each one click (and one taking the top Item where
        the line allows it). ``short``: for her space's compact row, each line's short label
        ("2"; the whole entry's text its ``name``), keyed ``convince:2@house``."""
        entries: list[Entry] = []
        extra = ", ".join(f"{source} {dice:+d}" for source, dice in convince.modifiers)
        dice = " " + _("(extra dice: {dice})").format(dice=extra) if extra else ""
        tip = _(CONVINCE_NOTE) + dice
        heading = (
            _("Convince (roll the Horror dice): {dice}").format(dice=extra)
            if extra
            else _("Convince (roll the Horror dice)")
        )
        at = f"@{house}" if short else ""
        for option in convince.lines:
            line = option.line
            text = option.caption
            if option.take_item is not None:
                # Taking the Item is her choice: one entry with it, one without.
                parts = convince_effects(replace(line, item=False))
                text = _(line.label) + (f": {', '.join(parts)}" if parts else "")
                worse = option.take_item if not option.take_item.allowed else convince.verdict
                deck = state.table.deck(state.board.quadrant(house))
                taken = (
                    names.shown("card", str(deck[0].name))
                    if deck and deck[0].name
                    else _("the top Item")
                )
                whole = _("{play}, take {item}").format(play=text, item=taken)
                entries.append(
                    Entry(
                        f"convince:{line.id}:take{at}",
                        _("{play}, take {item}").format(play=option.short, item=taken)
                        if short
                        else whole,
                        tip,
                        worse,
                        ask=partial(self._take, state, option.action),
                        heading=heading,
                        name=whole,
                    )
                )
                heading = ""
            entries.append(
                Entry(
                    f"convince:{line.id}{at}",
                    option.short if short else text,
                    tip,
                    convince.verdict,
                    option.action,
                    heading=heading,
                    name=text,
                )
            )
            heading = ""
        return entries

    def _search_entries(self, space: str, here: SpacePlays) -> list[Entry]:
        """Search: one success draws the face-up top card; two ask what is left open."""
        entries: list[Entry] = []
        search = here.search
        if search.offered:
            top = search.cards[0] if search.cards else None
            # The face-up top card's name is known (named at setup or since): one click.
            known = top is not None or not search.cards
            entries.append(
                Entry(
                    "search:1",
                    _("1 success: draw {card}").format(
                        card=names.shown("card", top) if top else _("the top card")
                    ),
                    _(SEARCH_NOTE),
                    search.verdict,
                    Search(house=space) if known else None,
                    None if known else partial(self._name_one, space),
                    heading=pgettext("heading", "Search"),
                )
            )
            if len(search.cards) == 2:
                entries.append(
                    Entry(
                        "search:2",
                        _("2 successes: draw 2…"),
                        _(SEARCH_NOTE),
                        search.verdict,
                        ask=partial(self._search_two, space, search),
                    )
                )
        return entries

    def _victim_entries(self, space: str, here: SpacePlays) -> list[Entry]:
        """A Victim added, one dying (of each kind here), Victims moved or panicking."""
        entries: list[Entry] = []
        kinds = here.victim_dies.kinds
        entries.append(
            Entry("add", _("+ Victim"), _("Add a Victim here"), *self._of(here.add_victim))
        )
        if here.victim_dies.offered:
            for who in kinds:
                entries.append(
                    Entry(
                        "kill" if who == kinds[0] else f"kill:{who}",
                        _("− Victim: dies")
                        if who == "victim"
                        else _("− {kind}: dies").format(kind=_(KIND_NAMES[who])),
                        _(DEATH_NOTE),
                        here.victim_dies.verdict,
                        KillVictim(space=space, who=who),
                    )
                )
        if here.move_victims.offered:
            entries.append(
                Entry(
                    "panic",
                    _("Move Victims…"),
                    _("Move or panic Victims from here"),
                    here.move_victims.verdict,
                    ask=self.asks.get("panic"),
                )
            )
        return entries

    def _edit_entries(self, state: GameState, here: SpacePlays) -> list[Entry]:
        """The free edits: put him here or take him off, put her here."""
        entries: list[Entry] = []
        killer = state.setup.killer
        if here.put_him.offered:
            entries.append(
                Entry(
                    "place-fright",
                    _("Put him here"),
                    _("Free edit: place {killer} here").format(killer=killer),
                    *self._of(here.put_him),
                )
            )
        if here.take_him_off.offered:
            entries.append(
                Entry(
                    "remove-fright",
                    _("Take him off"),
                    _("Free edit: {killer} off the board").format(killer=killer),
                    *self._of(here.take_him_off),
                )
            )
        if here.put_her.offered:
            entries.append(
                Entry(
                    "place-fg",
                    _("Put her here"),
                    _("Free edit: place the Final Girl here"),
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
            follow = followers_text(plain, specials) if plain or specials else ""
            steps = ngettext("{count} space", "{count} spaces", move.steps).format(count=move.steps)
            entries.append(
                Entry(
                    "move" if n == 0 else f"move:{n}",
                    _("Move here · with {followers}").format(followers=follow)
                    if follow
                    else _("Move here"),
                    _("Move the Final Girl here ({spaces}; Return)").format(spaces=steps),
                    move.verdict,
                    move.action,
                )
            )
        return entries

    # What is left open ----------------------------------------------------------------------

    def _search_two(self, space: str, search: SearchPlay, anyway: bool) -> None:
        self.search_step.start(space, search, anyway=anyway, state=self.state)
        self._step(self.search_step)

    def _name_one(self, space: str, anyway: bool) -> None:
        self.name_step.start(
            _("Which card did you draw?"),
            lambda name: Search(house=space, names=(name,)),
            anyway=anyway,
            state=self.state,
        )
        self._step(self.name_step)

    def _take(self, state: GameState, action: Convince, anyway: bool) -> None:
        """Convince and take the top Item: its name is the deck's face-up card's, asked only
        when it was never named."""
        quadrant = state.board.quadrant(action.house)
        deck = state.table.deck(quadrant)
        if not deck or deck[0].name is not None:
            self.act(dataclasses.replace(action, take_item=True), anyway=anyway)
            return
        self.name_step.start(
            _("Which card do you take?"),
            lambda name: Convince(
                house=action.house,
                result=action.result,
                take_item=True,
                item_name=name,
                anyway=action.anyway,
            ),
            anyway=anyway,
            state=state,
        )
        self._step(self.name_step)
