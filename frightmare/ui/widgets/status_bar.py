"""The window's status bar: a long message ends in "…" before the permanent widgets at its
right (the save status), and reads whole in the bar's tooltip (it overprinted "Saved
23:01:45")."""

from __future__ import annotations

from PySide6.QtWidgets import QStatusBar, QWidget

LEFT = 6  # where the bar draws its message
GAP = 8  # between the message and the first permanent widget


class StatusBar(QStatusBar):
    """A status bar whose messages never run under its permanent widgets."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._whole = ""
        self._shown = ""
        self.messageChanged.connect(self._message_changed)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        """``text`` whole where it fits, else elided to the room left of the save status."""
        from PySide6.QtCore import Qt  # not at start-up: the window is built before Qt's enums

        self.setToolTip(text)
        metrics = self.fontMetrics()
        shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, self.message_room())
        self._whole, self._shown = text, shown
        super().showMessage(shown, timeout or 0)

    def currentMessage(self) -> str:
        """The message whole, as it was given (only its drawing is elided)."""
        shown = super().currentMessage()
        return self._whole if shown and shown == self._shown else shown

    def drawn_message(self) -> str:
        """The message as the bar draws it: elided where it is longer than the room."""
        return super().currentMessage()

    def message_room(self) -> int:
        """The width the message may take: up to the first permanent widget shown, a gap
        before it."""
        right = self.width() - 12
        for widget in self.findChildren(QWidget):
            if widget.parentWidget() is self and widget.isVisible() and widget.x() > LEFT:
                right = min(right, widget.x())
        return max(20, right - LEFT - GAP)

    def _message_changed(self, text: str) -> None:
        if not text:
            self.setToolTip("")
