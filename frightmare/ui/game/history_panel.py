"""The history list: every action of the journal; clicking one jumps the game there."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model import Action, History
from frightmare.ui.theme import current_zoom

AnyIndex = QModelIndex | QPersistentModelIndex


def step_text(history: History, index: int) -> str:
    """What step ``index`` of the journal did, in the player's words: the model's sentence,
    with the game's own board and Killer (one place for it)."""
    return history.describe_step(index)


class HistoryModel(QAbstractListModel):
    """Row 0 is the new game; row ``i`` is the state after ``i`` actions.

    Colours come from the application palette when a row is drawn, so a theme switch restyles
    the rows already shown.
    """

    def __init__(self) -> None:
        super().__init__()
        self.start_text = ""
        self.texts: list[str] = []
        self.cursor = 0

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.texts) + 1

    def text(self, row: int) -> str:
        return self.start_text if row == 0 else f"{row}. {self.texts[row - 1]}"

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row()
        if not index.isValid() or not 0 <= row < self.rowCount():
            return None
        future = row > self.cursor
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self.text(row)
            return text + "\n" + _("(undone: Redo brings it back)") if future else text
        if role == Qt.ItemDataRole.ForegroundRole:
            palette = QApplication.palette()
            if future:
                return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            return palette.color(QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.FontRole and future:
            font = QFont(QApplication.font())
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return "undone" if future else ("current step" if row == self.cursor else "done")
        return None

    def show(self, texts: list[str], start_text: str, cursor: int) -> None:
        """Update incrementally: only the rows that changed are redrawn."""
        if start_text != self.start_text:
            self.start_text = start_text
            self.dataChanged.emit(self.index(0), self.index(0))
        keep = 0
        for keep, (old, new) in enumerate(zip(self.texts, texts, strict=False)):  # noqa: B007
            if old != new:
                break
        else:
            keep = min(len(self.texts), len(texts))
        if len(self.texts) > keep:
            self.beginRemoveRows(QModelIndex(), keep + 1, len(self.texts))
            del self.texts[keep:]
            self.endRemoveRows()
        if len(texts) > keep:
            self.beginInsertRows(QModelIndex(), keep + 1, len(texts))
            self.texts.extend(texts[keep:])
            self.endInsertRows()
        old_cursor, self.cursor = self.cursor, cursor
        low, high = sorted((old_cursor, cursor))
        last = self.rowCount() - 1
        self.dataChanged.emit(self.index(min(low, last)), self.index(min(high + 1, last)))

    def restyle(self) -> None:
        """Every row again (a theme or zoom switch)."""
        self.dataChanged.emit(self.index(0), self.index(self.rowCount() - 1))


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text at the list's width: entries wrap, never cut."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view
        # Each row's size at a width, zoom and font: the list lays every row out again at
        # each step played (a 2,000-step game wrapped 2,000 texts per click).
        self._sizes: dict[tuple[str, int, int, str], QSize] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        pad = max(2, round(4 * current_zoom()))
        width = max(40, self.view.viewport().width() - 4 * pad - 4)
        key = (text, width, pad, option.font.key())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20_000:
                self._sizes.clear()
            metrics = QFontMetrics(option.font)
            flags = int(Qt.TextFlag.TextWordWrap)
            rect = metrics.boundingRect(QRect(0, 0, width, 100_000), flags, text)
            size = self._sizes[key] = QSize(width, rect.height() + 2 * pad + 2)
        return size


class HistoryView(QListView):
    """The list, wrapping long entries; ``item``/``visualItemRect`` keep the old list API."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()  # rows re-wrap at the new width

    def doItemsLayout(self) -> None:
        super().doItemsLayout()
        # Rows re-wrapped at a new width or zoom grow taller: the current step stays in view.
        self.scrollTo(self.currentIndex())

    def item(self, row: int) -> QModelIndex:
        return self.model().index(row, 0)

    def visualItemRect(self, index: QModelIndex) -> QRect:
        return self.visualRect(index)


class HistoryPanel(QWidget):
    """The journal, the current step selected and scrolled into view; rows past the cursor
    (the redo tail) are dimmed."""

    jump_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryModel()
        self.list = HistoryView()
        self.list.setModel(self.model)
        self.list.setItemDelegate(WrappingDelegate(self.list))
        self.list.setAccessibleName(_("History"))
        self.list.setToolTip(_("Click a step to take the game back (or forward) to it"))
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.clicked.connect(self._clicked)
        self.list.activated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        self._shown: list[Action] = []
        self._texts: list[str] = []
        self._pending: tuple[History, str] | None = None

    def show_history(self, history: History, start_text: str, *, later: bool = False) -> None:
        """Show the journal; ``later``: after the window's first paint (a long game's rows
        are laid out once the game screen is on screen, not before)."""
        self._pending = (history, start_text)
        if not later:
            self.flush()

    def flush(self) -> None:
        """Show what ``show_history`` was last given, if it is not shown yet."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._show(*pending)

    def _show(self, history: History, start_text: str) -> None:
        actions = history.actions
        keep = 0
        for keep, (old, new) in enumerate(zip(self._shown, actions, strict=False)):  # noqa: B007
            if old is not new:
                break
        else:
            keep = min(len(self._shown), len(actions))
        texts = self._texts[:keep] + [step_text(history, i) for i in range(keep, len(actions))]
        self._shown, self._texts = list(actions), texts
        self.model.show(texts, start_text, history.cursor)
        current = self.model.index(history.cursor)
        selection = self.list.selectionModel()
        selection.blockSignals(True)
        self.list.setCurrentIndex(current)
        selection.blockSignals(False)
        self.list.scrollTo(current)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.model.restyle()

    def _clicked(self, index: QModelIndex) -> None:
        row = index.row()
        if row != self.model.cursor:
            self.jump_requested.emit(row)

    def rows(self) -> list[str]:
        self.flush()
        return [self.model.text(i) for i in range(self.model.rowCount())]
