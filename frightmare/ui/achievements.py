"""One finished game's part of the player's record, for the game-over summary: the achievements
it earned (recomputed from the play log) and a button copying its answers for the community's
form, in the form's order."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.log_entry import LogEntry
from frightmare.model.record import achievements_for, community_form, community_form_text

# The import runs with its progress dialog (issue 21): one function, kept where it is called.
from frightmare.ui.import_progress import ask_import as ask_import


def copy_form_answers(entry: LogEntry) -> str:
    """Put the game's answers on the clipboard, tab-separated (one per cell when pasted)."""
    text = community_form_text(entry)
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)
    return text


class GameRecordBox(QWidget):
    """Achievements earned by this game, and the community form's answers to copy."""

    def __init__(
        self, entry: LogEntry, log: Iterable[LogEntry] = (), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.entry = entry
        self.earned = achievements_for(self.entry, log)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if self.earned:
            title = QLabel("<b>Achievements earned</b>")
            layout.addWidget(title)
            for a in self.earned:
                label = QLabel(f"★ <b>{a.name}</b>: {a.description}")
                label.setWordWrap(True)
                label.setAccessibleName(f"Achievement: {a.name}")
                layout.addWidget(label)
        answers = "; ".join(f"{q} {a}" for q, a in community_form(self.entry))
        self.copy_button = QPushButton("Copy answers for the community form")
        self.copy_button.setToolTip(answers)
        self.copy_button.setAccessibleDescription(answers)
        self.copy_button.clicked.connect(self._copy)
        self.copied = QLabel()
        self.copied.setObjectName("muted")
        layout.addWidget(self.copy_button)
        layout.addWidget(self.copied)

    def _copy(self) -> None:
        copy_form_answers(self.entry)
        self.copied.setText("Copied: paste into the form's first answer (one answer per cell).")
