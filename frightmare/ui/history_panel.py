"""The history list: every action of the journal; clicking one jumps the game there."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from frightmare.model import Action, History


class HistoryPanel(QWidget):
    """Row 0 is the new game; row ``i`` is the state after ``i`` actions.

    Rows past the cursor (the redo tail) are dimmed. Updating is incremental, so a journal of
    thousands of actions costs only the rows that changed.
    """

    jump_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        heading = QLabel("History")
        font = QFont(heading.font())
        font.setBold(True)
        heading.setFont(font)
        self.list = QListWidget()
        self.list.setAccessibleName("History")
        self.list.setToolTip("Click a step to take the game back (or forward) to it")
        self.list.setUniformItemSizes(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading)
        layout.addWidget(self.list)
        self._shown: list[Action] = []
        self._cursor = 0
        self._start_text = ""

    def show_history(self, history: History, start_text: str) -> None:
        if start_text != self._start_text or self.list.count() == 0:
            self.list.clear()
            self._shown = []
            self.list.addItem(QListWidgetItem(start_text))
            self._start_text = start_text
        actions = history.actions
        keep = 0
        for keep, (old, new) in enumerate(zip(self._shown, actions, strict=False)):  # noqa: B007
            if old is not new:
                break
        else:
            keep = min(len(self._shown), len(actions))
        while self.list.count() > keep + 1:
            self.list.takeItem(self.list.count() - 1)
        for index in range(keep, len(actions)):
            item = QListWidgetItem(f"{index + 1}. {actions[index].describe()}")
            item.setToolTip(item.text())
            self.list.addItem(item)
        self._shown = list(actions)
        self._mark(history.cursor, changed_from=min(keep, self._cursor))

    def _mark(self, cursor: int, changed_from: int) -> None:
        normal = self.palette().brush(QPalette.ColorRole.Text)
        dim = QBrush(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        low = max(0, min(changed_from, cursor, self._cursor) - 1)
        high = min(self.list.count(), max(cursor, self._cursor) + 2)
        for row in range(low, high):
            item = self.list.item(row)
            future = row > cursor
            item.setForeground(dim if future else normal)
            font = item.font()
            font.setItalic(future)
            item.setFont(font)
            text = item.text()
            item.setToolTip(f"{text}\n(undone: Redo brings it back)" if future else text)
        self._cursor = cursor
        current = self.list.item(cursor)
        self.list.blockSignals(True)
        self.list.setCurrentItem(current)
        self.list.blockSignals(False)
        self.list.scrollToItem(current)

    def _clicked(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if row != self._cursor:
            self.jump_requested.emit(row)

    def rows(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
