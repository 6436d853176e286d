"""Small modal dialogs. Each is reached through a classmethod ``ask`` so tests can replace it.

Qt's dialog classes are imported where a dialog is shown: start-up, which shows none, spares
PySide the making of their types and enums."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QWidget

from frightmare.i18n import N_, _
from frightmare.ui.widgets.wheel_guard import ComboBox

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QDialogButtonBox


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, accepting and rejecting ``dialog``: the game screen's dialogs are
    defined in modules it imports before it is ready for play, and QDialogButtonBox is named
    only when one is shown (its 37 enums)."""
    from PySide6.QtWidgets import QDialogButtonBox

    standard = QDialogButtonBox.StandardButton
    buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class Confirm:
    @classmethod
    def ask(cls, parent: QWidget | None, title: str, text: str, yes: str = "") -> bool:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
        ok = box.addButton(yes or _("OK"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is ok


class AskText:
    @classmethod
    def ask(cls, parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
        from PySide6.QtWidgets import QInputDialog

        value, ok = QInputDialog.getText(parent, title, label, text=text)
        value = " ".join(value.split())
        return value if ok and value else None


class Inform:
    @classmethod
    def show(cls, parent: QWidget | None, title: str, text: str, *, warning: bool = False) -> None:
        from PySide6.QtWidgets import QMessageBox

        if warning:
            QMessageBox.warning(parent, title, text)
        else:
            QMessageBox.information(parent, title, text)


class ChooseFile:
    # Translators: a file dialog's filter; keep the (*.json) and (*) patterns as they are.
    FILTER = N_("Frightmare sessions (*.json);;All files (*)")

    @classmethod
    def ask_open(cls, parent: QWidget | None, title: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _kind = QFileDialog.getOpenFileName(parent, title, str(Path.home()), _(cls.FILTER))
        return Path(name) if name else None

    @classmethod
    def ask_save(
        cls, parent: QWidget | None, title: str, suggested: str, filter: str | None = None
    ) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _kind = QFileDialog.getSaveFileName(
            parent, title, str(Path.home() / suggested), filter or _(cls.FILTER)
        )
        return Path(name) if name else None


def deck_mode_combo() -> QComboBox:
    """The choice between the deck on screen and the real cards (New game and the panel)."""
    # Imported here: the rules (and pydantic) load after the first paint.
    from frightmare.model.game.setup import DECK_MODE_NAMES

    combo = ComboBox()
    combo.setAccessibleName(_("Boiler Room deck"))
    for mode, label in DECK_MODE_NAMES.items():
        combo.addItem(_(label), mode)
    combo.setToolTip(
        _(
            "On screen, the app shuffles and hides the cards; with your real cards, you slide "
            "them and tell the app what each slide shows. Can be switched during the game."
        )
    )
    return combo


def _choose(parent: QWidget | None, title: str, text: str, choices: dict[str, str]) -> str | None:
    from PySide6.QtWidgets import QMessageBox

    """A question with one button per choice (label -> answer) and Cancel; the answer or None."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=parent)
    buttons = [
        (box.addButton(label, QMessageBox.ButtonRole.AcceptRole), answer)
        for label, answer in choices.items()
    ]
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    return next((answer for button, answer in buttons if button is clicked), None)


class OpenElsewhere:
    """The game is open in another window: open it read-only, try again, or cancel."""

    @classmethod
    def ask(cls, parent: QWidget | None, text: str) -> str | None:
        return _choose(
            parent,
            _("Game open in another window"),
            text,
            {_("Open read-only"): "read-only", _("Try again"): "retry"},
        )


class ChangedOnDisk:
    """The file changed under the window: reload it, or keep this copy under a new name."""

    @classmethod
    def ask(cls, parent: QWidget | None, text: str) -> str | None:
        return _choose(
            parent,
            _("Game changed elsewhere"),
            text,
            {_("Reload it from disk"): "reload", _("Keep mine as a new game"): "copy"},
        )


class ErrorReport:
    """Something went wrong inside the app: the game is kept; the log says what."""

    @classmethod
    def show(cls, parent: QWidget | None, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(parent, _("Something went wrong"), text)


class RestartNow:
    """A change that takes effect after a restart: Restart now, or Later."""

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, text: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=parent)
        now = box.addButton(_("Restart now"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Later"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is now
