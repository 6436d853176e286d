"""The session picker: every saved game, newest first."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.store import ScanResult, SessionSummary


def when(moment: datetime) -> str:
    local = moment.astimezone()
    today = datetime.now().astimezone().date()
    if local.date() == today:
        return f"today {local:%H:%M}"
    return f"{local:%d %b %Y %H:%M}"


class SessionPicker(QWidget):
    """Lists sessions; the buttons emit what the player asked for, the window does it."""

    new_requested = Signal()
    open_requested = Signal(str)
    rename_requested = Signal(str)
    duplicate_requested = Signal(str)
    delete_requested = Signal(str)
    import_requested = Signal()
    export_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Frightmare Companion")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel("Your games of Final Girl: Frightmare on Maple Lane")
        subtitle.setObjectName("muted")

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setObjectName("problems")
        self.problems.setStyleSheet(
            "QLabel#problems { background: #4a2323; color: #ffd9d6; padding: 8px;"
            " border-radius: 6px; }"
        )
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems.hide()

        self.list = QTreeWidget()
        self.list.setAccessibleName("Saved sessions")
        self.list.setHeaderLabels(["Name", "Setup", "Last played", "Steps"])
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setUniformRowHeights(True)
        header = self.list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.list.itemActivated.connect(self._activated)
        self.list.itemSelectionChanged.connect(self._update_buttons)

        self.empty = QLabel("No games yet. Start one with New game.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setObjectName("muted")

        self.new_button = self._button("&New game…", "Start a new game", self.new_requested.emit)
        self.open_button = self._button("&Open", "Open the selected game", self._open)
        self.rename_button = self._button("&Rename…", "Rename the selected game", self._rename)
        self.duplicate_button = self._button(
            "D&uplicate", "Copy the selected game, history and all", self._duplicate
        )
        self.delete_button = self._button("&Delete…", "Delete the selected game", self._delete)
        self.import_button = self._button(
            "&Import…", "Add a session exported from this app", self.import_requested.emit
        )
        self.export_button = self._button(
            "E&xport…", "Save the selected game to a file", self._export
        )
        QShortcut(QKeySequence.StandardKey.Delete, self.list, self._delete)

        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        for button in (
            self.rename_button,
            self.duplicate_button,
            self.delete_button,
            self.import_button,
            self.export_button,
        ):
            buttons.addWidget(button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 20)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(8)
        layout.addWidget(self.problems)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addLayout(buttons)
        self._summaries: dict[str, SessionSummary] = {}
        self._update_buttons()

    def _button(self, text: str, tip: str, slot: object) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text.replace("&", "").rstrip("…"))
        button.clicked.connect(slot)
        return button

    def show_sessions(self, scan: ScanResult, select: str | None = None) -> None:
        self.list.clear()
        self._summaries = {s.id: s for s in scan.sessions}
        for summary in scan.sessions:
            name = f"{summary.name} (copy)" if summary.is_copy else summary.name
            item = QTreeWidgetItem([name, summary.setup, when(summary.updated), str(summary.steps)])
            if summary.is_copy:
                item.setToolTip(
                    0,
                    f"A copy of another saved game, in its own file ({summary.id}.json). "
                    "Deleting it deletes only this file.",
                )
            item.setData(0, Qt.ItemDataRole.UserRole, summary.id)
            if summary.problem:
                item.setText(1, "Cannot open: " + summary.problem)
                item.setDisabled(True)
                item.setToolTip(1, summary.problem)
            self.list.addTopLevelItem(item)
            if summary.id == select:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None:
            # The first game that opens (a greyed-out one cannot be chosen).
            for row in range(self.list.topLevelItemCount()):
                candidate = self.list.topLevelItem(row)
                if candidate is not None and not candidate.isDisabled():
                    self.list.setCurrentItem(candidate)
                    break
        self.empty.setVisible(not scan.sessions)
        self.list.setVisible(bool(scan.sessions))
        self.problems.setText("\n\n".join(scan.problems))
        self.problems.setVisible(bool(scan.problems))
        self._update_buttons()
        self.list.setFocus()

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        if item is None or item.isDisabled():
            return None
        value = item.data(0, Qt.ItemDataRole.UserRole)
        return str(value) if value else None

    def _update_buttons(self) -> None:
        chosen = self.selected_id() is not None
        for button in (
            self.open_button,
            self.rename_button,
            self.duplicate_button,
            self.delete_button,
            self.export_button,
        ):
            button.setEnabled(chosen)

    def _activated(self, item: QTreeWidgetItem) -> None:
        if not item.isDisabled():
            self.open_requested.emit(str(item.data(0, Qt.ItemDataRole.UserRole)))

    def _emit_selected(self, signal: SignalInstance) -> None:
        chosen = self.selected_id()
        if chosen:
            signal.emit(chosen)

    def _open(self) -> None:
        self._emit_selected(self.open_requested)

    def _rename(self) -> None:
        self._emit_selected(self.rename_requested)

    def _duplicate(self) -> None:
        self._emit_selected(self.duplicate_requested)

    def _delete(self) -> None:
        self._emit_selected(self.delete_requested)

    def _export(self) -> None:
        self._emit_selected(self.export_requested)
