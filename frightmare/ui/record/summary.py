"""End of game summary, the Help screen with every shortcut, and the box values editor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from frightmare.model.box.numbers import (
    BOX_FIELDS,
    BOX_LABELS,
    SWITCH_LABELS,
    BoxValueName,
    BoxValues,
    switches_for,
)
from frightmare.model.counters import box_label
from frightmare.ui.widgets.wheel_guard import SpinBox

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.ui.record.achievements import GameRecordBox


@runtime_checkable
class RecordSource(Protocol):
    """What can give the summary the game's play-log line and the log (the main window)."""

    def game_record(self) -> tuple[LogEntry, Sequence[LogEntry]] | None: ...


@runtime_checkable
class RecordKeeper(Protocol):
    """What can save the game's line again, with the player's answers (the main window)."""

    def keep_record(self, entry: LogEntry) -> None: ...


class GameOverDialog(QDialog):
    """The summary screen: the result, the achievements the game earned, the community form's
    answers to copy, and the play log export at hand."""

    def __init__(
        self,
        state: GameState,
        parent: QWidget | None = None,
        record: tuple[LogEntry, Sequence[LogEntry]] | None = None,
    ) -> None:
        super().__init__(parent)
        if record is None and isinstance(parent, RecordSource):
            record = parent.game_record()
        won = state.result == "win"
        self.setWindowTitle("You survived!" if won else "The Final Girl falls")
        c = state.counters
        rows = [
            ("Result", f"Win: {state.setup.killer} is dead" if won else "Loss"),
            ("Rounds", str(state.ended_round or state.round)),
            ("Victims saved", str(c.victims_saved)),
            ("Victims killed", str(c.victims_killed)),
            ("Dark Power", state.dark_power or "not revealed"),
            ("Finale", state.finale or "not revealed"),
            ("Setup", state.setup.summary()),
        ]
        title = QLabel("☀ You survived the night." if won else "☾ The nightmare wins this time.")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        form = QFormLayout()
        for name, value in rows:
            label = QLabel(value)
            label.setAccessibleName(name)
            form.addRow(f"{name}:", label)
        note = QLabel(
            "The game was added to your play log. Undo takes you back into the game if a "
            "result was recorded by mistake."
        )
        note.setWordWrap(True)
        note.setObjectName("muted")
        self.export_button = QPushButton("Export the play log (CSV)…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        # What the game was and earned scrolls when the screen is too short for it (a game
        # that earned twenty achievements, 150% zoom); what the player does with it (the
        # questions, copy, send, export, close) stays below it, always in view.
        self.content = QWidget()
        inner = QVBoxLayout(self.content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(title)
        inner.addLayout(form)
        self.controls = QWidget()
        below = QVBoxLayout(self.controls)
        below.setContentsMargins(0, 0, 0, 0)
        self.record_box: GameRecordBox | None = None
        if record is not None:
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
        inner.addStretch(1)
        below.addWidget(note)
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


class HelpDialog(QDialog):
    """Every keyboard shortcut of this game, read from the window's own (visible) actions."""

    def __init__(
        self,
        actions: list[QAction],
        parent: QWidget | None = None,
        state: GameState | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(620, 640)
        rows = []
        for action in actions:
            # A hidden action is not in this game (the window hides the Boiler Room against
            # another Killer, the board off Maple Lane), and Qt ignores its shortcut.
            if not action.isVisible():
                continue
            keys = ", ".join(s.toString() for s in action.shortcuts() if not s.isEmpty())
            if keys:
                name = action.text().replace("&", "").split("“")[0].strip()
                rows.append(f"<tr><td><b>{keys}</b></td><td>{name}</td></tr>")
        # Only the halves of the box in this game (all of them when no game is open).
        fright = state is None or state.setup.has_dr_fright
        maple = state is None or state.setup.on_maple_lane
        extra = [
            *([("Arrow keys (Boiler Room deck)", "Slide the stack")] if fright else []),
            *([("Arrow keys (board)", "Pick a space")] if maple else []),
            *([("Return (board)", "Move her to the picked space")] if maple else []),
            ("Tab / Shift+Tab", "Every control can be reached"),
        ]
        rows += [f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in extra]
        self.text = QTextBrowser()
        self.text.setAccessibleName("Shortcuts")
        self.text.setHtml("<table cellspacing=6>" + "".join(rows) + "</table>")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)

    @classmethod
    def show_for(
        cls, parent: QWidget | None, actions: list[QAction], state: GameState | None = None
    ) -> None:
        cls(actions, parent, state).exec()


class BoxValuesDialog(QDialog):
    """Correct the box's numbers for this game, and switch the unsourced rules on or off;
    each change is an undoable action (``SetBoxValue``, a switch 0 or 1). The labels are the
    model's (``box_label``: the Killer's own name on his Health)."""

    def __init__(self, game: GameState | BoxValues, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Box values for this game")
        box = game if isinstance(game, BoxValues) else game.box
        has_dr_fright = isinstance(game, BoxValues) or game.setup.has_dr_fright

        def label(name: str) -> str:
            if isinstance(game, BoxValues):  # no game to name the Killer: the box's words
                return BOX_LABELS.get(name) or SWITCH_LABELS[name]
            return box_label(game, name)

        self.spins: dict[BoxValueName, QSpinBox] = {}
        self.switches: dict[BoxValueName, QCheckBox] = {}
        # The rows scroll when the screen is too short for them (150% zoom on a 720-pixel
        # screen); the buttons stay in view below them.
        self.content = QWidget()
        form = self._form = QFormLayout(self.content)
        form.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(
            "These numbers come from unofficial sources or are the app's guesses (the Horror "
            "and Bloodlust tracks). Set them from your box."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        for name in BOX_FIELDS:
            spin = SpinBox()
            spin.setRange(0, 99)
            spin.setValue(getattr(box, name))
            spin.setAccessibleName(label(name))
            self.spins[name] = spin
            form.addRow(label(name) + ":", spin)
        switches = QLabel(
            "Rules from a single unofficial source or from none (rules notes §8): each applies "
            "only while it is ticked."
        )
        switches.setWordWrap(True)
        switches.setObjectName("muted")
        form.addRow(switches)
        for name in switches_for(has_dr_fright):
            check = QCheckBox(label(name))
            check.setAccessibleName(label(name))
            check.setChecked(bool(getattr(box, name)))
            self.switches[name] = check
            form.addRow(check)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.rows_area = QScrollArea()
        self.rows_area.setWidget(self.content)
        self.rows_area.setWidgetResizable(True)
        self.rows_area.setFrameShape(QFrame.Shape.NoFrame)
        layout = self._outer = QVBoxLayout(self)
        layout.addWidget(self.rows_area, 1)
        layout.addWidget(self.buttons)
        self.box = box
        self._sized = False

    def showEvent(self, event: QShowEvent) -> None:
        # Tall enough for every row with its wrapped words whole (a dialog is otherwise
        # first shown at its minimum height, cutting them), and no taller than the screen.
        if not self._sized:
            self._sized = True
            width = max(self.width(), self.content.sizeHint().width() + 24)
            margins = self._outer.contentsMargins()
            inner = width - margins.left() - margins.right()
            wanted = (
                self._form.totalHeightForWidth(inner)
                + self.buttons.sizeHint().height()
                + self._outer.spacing()
                + margins.top()
                + margins.bottom()
            )
            screen = self.screen().availableGeometry()
            frame = self.frameGeometry().size() - self.geometry().size()
            height = min(wanted, screen.height() - frame.height())
            if height < wanted:  # the rows scroll: room for the scroll bar beside them
                width += self.rows_area.verticalScrollBar().sizeHint().width()
            self.resize(min(width, screen.width() - frame.width()), height)
            # Wholly on the screen, buttons included (it was placed before it grew).
            placed = self.frameGeometry()
            left = min(max(placed.left(), screen.left()), screen.right() + 1 - placed.width())
            top = min(max(placed.top(), screen.top()), screen.bottom() + 1 - placed.height())
            self.move(left, top)
        super().showEvent(event)

    def changes(self) -> list[tuple[BoxValueName, int]]:
        values = [(name, spin.value()) for name, spin in self.spins.items()]
        values += [(name, int(check.isChecked())) for name, check in self.switches.items()]
        return [(name, value) for name, value in values if value != getattr(self.box, name)]

    @classmethod
    def ask(
        cls, parent: QWidget | None, game: GameState | BoxValues
    ) -> list[tuple[BoxValueName, int]]:
        """The changed values, each to be sent as ``SetBoxValue(name=..., value=...)``."""
        dialog = cls(game, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.changes() if dialog.exec() == QDialog.DialogCode.Accepted else []
