"""The Game dock's contents: the box contents chosen, large enough to read across the table, and
the game's notes."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from frightmare.i18n import N_, _
from frightmare.model import GameState
from frightmare.model.actions.dream import EPIC_DARK_POWER
from frightmare.model.box import names
from frightmare.ui.theme import set_style_property

# The card's rows; their English words are the keys of its labels, translated where shown.
OVERVIEW_LABELS = (N_("Final Girl"), N_("Killer"), N_("Location"), N_("Setup card"), N_("Epic"))


class SetupCard(QFrame):
    """The chosen box contents, large enough to read across the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupCard")
        self.setProperty("card", True)
        self.title = QLabel()
        set_style_property(self.title, "scale", "title")
        self.title.setWordWrap(True)
        # Name above value: the card stays narrow enough for a dock.
        grid = QVBoxLayout()
        grid.setSpacing(1)
        self.values: dict[str, QLabel] = {}
        self.names: dict[str, QLabel] = {}
        for label in OVERVIEW_LABELS:
            name = QLabel(_("{label}:").format(label=_(label)))
            name.setObjectName("muted")
            name.setWordWrap(True)  # as the values: the dock may be as narrow as a word
            value = QLabel()
            value.setAccessibleName(_(label))
            value.setWordWrap(True)
            grid.addWidget(name)
            grid.addWidget(value)
            self.values[label] = value
            self.names[label] = name
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(grid)

    def show_state(self, state: GameState) -> None:
        setup = state.setup
        self.title.setText(state.name)
        self.values["Final Girl"].setText(names.shown("final_girl", setup.final_girl))
        self.values["Killer"].setText(names.shown("killer", setup.killer))
        self.values["Location"].setText(names.shown("location", setup.location))
        self.values["Setup card"].setText(
            names.shown("setup", setup.setup_card)
            if setup.setup_card
            else _("none (pieces placed by hand)")
        )
        on_maple_lane = setup.on_maple_lane
        self.values["Setup card"].setVisible(on_maple_lane)
        self.names["Setup card"].setVisible(on_maple_lane)
        self.values["Epic"].setText(
            _("{card} in play").format(card=names.shown("card", EPIC_DARK_POWER))
            if setup.epic
            else _("off")
        )


class NotesEditor(QWidget):
    """Free notes kept with the game. Typing is saved as one action after a pause."""

    notes_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(_("&Notes"))
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName(_("Notes"))
        self.edit.setTabChangesFocus(True)  # Tab leaves the notes (no keyboard trap)
        self.edit.setPlaceholderText(_("Anything worth remembering: house rules, a tough choice…"))
        self.edit.setMinimumWidth(60)
        label.setBuddy(self.edit)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(800)
        self._timer.timeout.connect(self.flush)
        self.edit.textChanged.connect(self._typed)
        self._shown = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.edit)

    def _typed(self) -> None:
        if self.edit.toPlainText() != self._shown:
            self._timer.start()

    def flush(self) -> None:
        """Commit what was typed (called before any other action, so nothing is lost)."""
        self._timer.stop()
        text = self.edit.toPlainText()
        if text != self._shown:
            self._shown = text
            self.notes_edited.emit(text)

    def show_notes(self, notes: str) -> None:
        if notes != self._shown or self.edit.toPlainText() != notes:
            self._timer.stop()
            self._shown = notes
            if self.edit.toPlainText() != notes:
                self.edit.setPlainText(notes)


class GameOverview(QWidget):
    """The Game dock: the box contents chosen (``SetupCard``), the Boiler Room deck's mode
    (``mode_row``, the panel's own) and the notes (``NotesEditor``). The card and the notes are
    made when the dock is first shown (``build``), or first asked for: behind History at a
    launch, they were about 1.2% of the launch's work to ready for play."""

    notes_edited = Signal(str)

    def __init__(self, mode_row: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Game"))
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(mode_row)
        self._card: SetupCard | None = None
        self._notes: NotesEditor | None = None
        self._state: GameState | None = None

    @property
    def built(self) -> bool:
        return self._notes is not None

    @property
    def setup_card(self) -> SetupCard:
        self.build()
        assert self._card is not None
        return self._card

    @property
    def notes(self) -> NotesEditor:
        self.build()
        assert self._notes is not None
        return self._notes

    def build(self) -> None:
        """The card and the notes, showing the game shown."""
        if self.built:
            return
        card, notes = self._card, self._notes = SetupCard(), NotesEditor()
        self._layout.insertWidget(0, card)
        self._layout.addWidget(notes, 1)
        notes.notes_edited.connect(self.notes_edited)
        if self._state is not None:
            card.show_state(self._state)
            notes.show_notes(self._state.notes)
        if self.isVisible():  # its dock in front: shown now, not a pass later
            card.show()
            notes.show()

    def show_state(self, state: GameState, *, game: bool, notes: bool) -> None:
        """``game``: the box contents may have changed; ``notes``: the notes may have."""
        self._state = state
        if self._card is not None and game:
            self._card.show_state(state)
        if self._notes is not None and notes:
            self._notes.show_notes(state.notes)

    def flush(self) -> None:
        """Commit the notes typed but not saved (none before the notes are made)."""
        if self._notes is not None:
            self._notes.flush()
