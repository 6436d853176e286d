"""A Final Health token turned over: blank, or the Health it shows."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model.query.notes import FINAL_HEALTH_TOKEN
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import SpinBox


class TokenDialog(OnScreenDialog):
    """A Final Health token: blank, or the Health it shows."""

    def __init__(self, whose: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # ``whose`` is "Your" or "His" (data, never shown): each title is a message of its own.
        # "His three": Never Really Dead's 3 tokens, whose total is his Health.
        self.setWindowTitle(_("Your Final Health") if whose == "Your" else _("His Final Health"))
        self.choice: int | bool | None = False
        self.value = SpinBox()
        self.value.setRange(*FINAL_HEALTH_TOKEN)
        self.value.setAccessibleName(_("Health on the token"))
        blank = QPushButton(_("&Blank"))
        blank.clicked.connect(lambda: self._choose(None))
        health = QPushButton(_("&Shows Health:"))
        health.clicked.connect(lambda: self._choose(self.value.value()))
        row = QHBoxLayout()
        row.addWidget(health)
        row.addWidget(self.value)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                _("Your Final Health token: turn it face up. What does it show?")
                if whose == "Your"
                else _("His Final Health token: turn it face up. What does it show?")
                if whose == "His"
                else _("His three tokens from the pool: what do they show in all?")
            )
        )
        layout.addWidget(blank)
        layout.addLayout(row)

    def _choose(self, value: int | None) -> None:
        self.choice = value
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, whose: str) -> tuple[bool, int | None]:
        dialog = cls(whose, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is False:
            return False, None
        choice = dialog.choice
        return True, None if choice is None or isinstance(choice, bool) else choice
