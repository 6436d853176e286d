"""The Game dock's contents: the box contents chosen, large enough to read across the table, and
the game's notes."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model import GameState
from frightmare.model.actions.dream import EPIC_DARK_POWER
from frightmare.ui.theme import set_style_property


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
        for label in ("Final Girl", "Killer", "Location", "Setup card", "Epic"):
            name = QLabel(label + ":")
            name.setObjectName("muted")
            value = QLabel()
            value.setAccessibleName(label)
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
        self.values["Final Girl"].setText(setup.final_girl)
        self.values["Killer"].setText(setup.killer)
        self.values["Location"].setText(setup.location)
        self.values["Setup card"].setText(setup.setup_card or "none (pieces placed by hand)")
        on_maple_lane = setup.on_maple_lane
        self.values["Setup card"].setVisible(on_maple_lane)
        self.names["Setup card"].setVisible(on_maple_lane)
        self.values["Epic"].setText(f"{EPIC_DARK_POWER} in play" if setup.epic else "off")


class NotesEditor(QWidget):
    """Free notes kept with the game. Typing is saved as one action after a pause."""

    notes_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(_("&Notes"))
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName(_("Notes"))
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
