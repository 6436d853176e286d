"""Message areas of a fixed height: a new message never moves the board or a button.

The text wraps inside a fixed number of lines and scrolls when it is longer; the whole text
is always in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget


class MessageArea(QScrollArea):
    """``lines`` lines of wrapped text, scrolling (never growing) when there is more."""

    def __init__(self, lines: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setAccessibleName(name)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setWidget(self.label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._fit()

    def _fit(self) -> None:
        self.setFixedHeight(self.lines * self.label.fontMetrics().lineSpacing() + 8)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def setText(self, text: str, tooltip: str | None = None) -> None:
        self.label.setText(text)
        self.label.setToolTip(tooltip if tooltip is not None else text)
        self.verticalScrollBar().setValue(0)

    def text(self) -> str:
        return self.label.text()
