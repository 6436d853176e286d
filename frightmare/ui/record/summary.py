"""The game-over summary: the result, what the game earned and the play log export at hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box import names
from frightmare.ui.widgets.focus_chain import OnScreenDialog

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.model.record.record_digest import RecordDigest
    from frightmare.ui.record.achievements import GameRecordBox


@runtime_checkable
class RecordSource(Protocol):
    """What can give the summary the game's play-log line and the log, or its record in
    brief (the main window)."""

    def game_record(self) -> tuple[LogEntry, Sequence[LogEntry] | RecordDigest] | None: ...


@runtime_checkable
class RecordKeeper(Protocol):
    """What can save the game's line again, with the player's answers (the main window)."""

    def keep_record(self, entry: LogEntry) -> None: ...


class GameOverDialog(OnScreenDialog):
    """The summary screen: the result, the achievements the game earned, the community form's
    answers to copy, and the play log export at hand."""

    def __init__(
        self,
        state: GameState,
        parent: QWidget | None = None,
        record: tuple[LogEntry, Sequence[LogEntry] | RecordDigest] | None = None,
    ) -> None:
        super().__init__(parent)
        if record is None and isinstance(parent, RecordSource):
            record = parent.game_record()
        won = state.result == "win"
        self.setWindowTitle(_("You survived!") if won else _("The Final Girl falls"))
        self.export_button = QPushButton(_("Export the play log (CSV)…"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        # What the game was and earned scrolls when the screen is too short for it (a game
        # that earned twenty achievements, 150% zoom); what the player does with it (the
        # questions, copy, send, export, close) stays below it, always in view.
        self.content = QWidget()
        inner = QVBoxLayout(self.content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(_title(won))
        inner.addLayout(_figures(state, won))
        self.controls = QWidget()
        below = QVBoxLayout(self.controls)
        below.setContentsMargins(0, 0, 0, 0)
        self.record_box: GameRecordBox | None = None
        if record is not None:
            self._add_record(state, record, parent, inner, below)
        inner.addStretch(1)
        below.addWidget(_log_note())
        below.addWidget(self.export_button)
        self.area = QScrollArea()
        self.area.setWidget(self.content)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = self._outer = QVBoxLayout(self)
        layout.addWidget(self.area, 1)
        layout.addWidget(self.controls)
        layout.addWidget(buttons)
        self._buttons = buttons
        self._sized = False

    def _add_record(
        self,
        state: GameState,
        record: tuple[LogEntry, Sequence[LogEntry] | RecordDigest],
        parent: QWidget | None,
        inner: QVBoxLayout,
        below: QVBoxLayout,
    ) -> None:
        """The game's part of the record: what it earned scrolls with its figures, the
        questions and buttons stay with the controls."""
        from frightmare.ui.record.achievements import GameRecordBox

        entry, log = record
        keep = parent.keep_record if isinstance(parent, RecordKeeper) else None
        self.record_box = GameRecordBox(entry, log, keep=keep, notes=state.notes)
        # Its list of achievements earned scrolls with the game's figures; the rest of
        # it (questions and buttons) is controls.
        earned = self.record_box.earned_box
        box_layout = self.record_box.layout()
        if box_layout is not None:
            box_layout.removeWidget(earned)
        inner.addWidget(earned)
        below.addWidget(self.record_box)

    def showEvent(self, event: QShowEvent) -> None:
        # As tall as its content at its width (every wrapped line whole), within the screen.
        if not self._sized:
            self._sized = True
            margins = self._outer.contentsMargins()
            width = max(
                self.width(),
                self.content.sizeHint().width() + 24,
                self.controls.sizeHint().width() + margins.left() + margins.right(),
            )
            room = width - margins.left() - margins.right()
            wanted = (
                _height_for(self.content, room)
                + _height_for(self.controls, room)
                + self._buttons.sizeHint().height()
                + 2 * self._outer.spacing()
                + margins.top()
                + margins.bottom()
            )
            screen = self.screen().availableGeometry()
            frame = self.frameGeometry().size() - self.geometry().size()
            height = min(wanted, screen.height() - frame.height())
            if height < wanted:
                width += self.area.verticalScrollBar().sizeHint().width()
            self.resize(min(width, screen.width() - frame.width()), height)
        super().showEvent(event)

    @classmethod
    def show_for(cls, parent: QWidget | None, state: GameState, export: object) -> None:
        dialog = cls(state, parent)
        dialog.export_button.clicked.connect(export)
        dialog.exec()


def _height_for(widget: QWidget, width: int) -> int:
    """The height ``widget`` wants at ``width`` (its wrapped lines whole)."""
    layout = widget.layout()
    if layout is None or not layout.hasHeightForWidth():
        return widget.sizeHint().height()
    return layout.totalHeightForWidth(width)


def _title(won: bool) -> QLabel:
    title = QLabel(_("☀ You survived the night.") if won else _("☾ The nightmare wins this time."))
    font = title.font()
    font.setPointSizeF(font.pointSizeF() * 1.6)
    font.setBold(True)
    title.setFont(font)
    return title


def _figures(state: GameState, won: bool) -> QFormLayout:
    """The game's result and figures, a row each."""
    c = state.counters
    killer = names.shown("killer", state.setup.killer)
    not_revealed = _("not revealed")
    rows = [
        (_("Result"), _("Win: {killer} is dead").format(killer=killer) if won else _("Loss")),
        (_("Rounds"), str(state.ended_round or state.round)),
        (_("Victims saved"), str(c.victims_saved)),
        (_("Victims killed"), str(c.victims_killed)),
        (
            _("Dark Power"),
            names.shown("card", state.dark_power) if state.dark_power else not_revealed,
        ),
        (_("Finale"), names.shown("card", state.finale) if state.finale else not_revealed),
        (_("Setup"), state.setup.summary()),
    ]
    form = QFormLayout()
    for name, value in rows:
        label = QLabel(value)
        label.setAccessibleName(name)
        # Translators: a label before its value, e.g. "Rounds:".
        form.addRow(_("{part}:").format(part=name), label)
    return form


def _log_note() -> QLabel:
    note = QLabel(
        _(
            "The game was added to your play log. Undo takes you back into the game if a "
            "result was recorded by mistake."
        )
    )
    note.setWordWrap(True)
    note.setObjectName("muted")
    return note
