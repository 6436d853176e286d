"""Labels and list rows that fit the room they are given: a label of a fixed number of lines,
list rows never wider than their list."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QStyledItemDelegate, QStyleOptionViewItem, QWidget


class FitWidthDelegate(QStyledItemDelegate):
    """List rows as wide as the list, never wider: long names are elided (whole in the
    tooltip), so the list never scrolls sideways."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(1, hint.height())


class LinesLabel(QLabel):
    """A wrapped label always ``lines`` lines high, so what is under it never moves.

    Text that needs more lines loses its last " · " parts (then characters) to an ellipsis;
    the whole text is in the tooltip and the accessible description.
    """

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.full_text = ""
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._fit_height()

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self._fit_text()

    def _fit_height(self) -> None:
        margins = self.contentsMargins()
        lines = self.fontMetrics().lineSpacing() * self.lines
        # As tall as the label itself lays out that many lines (a little more than the
        # font's line spacing says with some fonts).
        shown = self.text()
        # QLabel.heightForWidth is never less than the minimum height: the height fixed at a
        # bigger zoom would stay after a zoom out, and grow at each zoom in.
        self.setMinimumHeight(0)
        self.setText("\n".join(["X"] * self.lines))
        laid_out = self.heightForWidth(10_000)
        self.setText(shown)
        self.setFixedHeight(max(lines + margins.top() + margins.bottom(), laid_out) + 2)

    def _fits(self, text: str) -> bool:
        self.setText(text)
        return self.heightForWidth(max(self.width(), 1)) <= self.height()

    def _fit_text(self) -> None:
        text = self.full_text
        if self._fits(text):
            return
        parts = text.split(" · ")
        while len(parts) > 1:
            parts.pop()
            if self._fits(" · ".join(parts) + " …"):
                return
        words = text.split()
        while len(words) > 1:
            words.pop()
            if self._fits(" ".join(words) + "…"):
                return

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
            self._fit_text()
