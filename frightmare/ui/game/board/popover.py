"""A space's plays shown right beside the space, over the board's view."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QGraphicsView,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _


class SpacePopover(QFrame):
    """A space's plays, right beside the space on the board: a frame over the board's view
    (never a window of its own: the board stays clickable and draggable around it)."""

    closed = Signal()

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("spacePopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAccessibleName(_("The space's plays"))
        self.space: str | None = None
        self._beside = QRectF()
        self._fitting = False
        self._placed_for: tuple[str | None, QRectF] | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.hide()

    def set_content(self, widget: QWidget) -> None:
        self._layout.addWidget(widget)

    def open_at(self, space: str, rect: QRectF) -> None:
        """Show beside ``rect`` (the space, in viewport coordinates): to its right when there
        is room, else to its left; inside the board's view."""
        self.space = space
        self._beside = rect
        self._fit()
        self.show()
        self.raise_()

    def event(self, event: QEvent) -> bool:
        # Its entries settled their size after it was placed (a style sheet applied, a row
        # shown): fitted and placed again, beside the same space.
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible() and not self._fitting:
            self._fit()
        return handled

    def _fit(self) -> None:
        rect = self._beside
        self._fitting = True
        try:
            self._place(rect)
        finally:
            self._fitting = False

    def _place(self, rect: QRectF) -> None:
        self.ensurePolished()
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.adjustSize()
        port = self.view.viewport().rect()
        size = self.sizeHint().expandedTo(self.minimumSizeHint())
        size.setWidth(min(size.width(), port.width()))  # entries elide rather than spill
        self.resize(size)
        gap = 6
        x = rect.right() + gap
        if x + size.width() > port.right():
            x = rect.left() - gap - size.width()
        x = max(port.left(), min(int(x), port.right() - size.width()))
        y = max(port.top(), min(int(rect.top()), port.bottom() - size.height()))
        if self.isVisible() and self._placed_for == (self.space, rect):
            # Open on the same space: it stays where it is (its entries changed under the
            # pointer), unless it no longer fits there.
            x = max(port.left(), min(self.x(), port.right() - size.width()))
            y = max(port.top(), min(self.y(), port.bottom() - size.height()))
        self._placed_for = (self.space, QRectF(rect))
        self.move(int(x), int(y))

    def close_plays(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_plays()
            self.view.setFocus()
            return
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.focusNextPrevChild(event.key() == Qt.Key.Key_Down)
            return
        focused = QApplication.focusWidget()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(
            focused, QAbstractButton
        ):
            focused.click()  # Return plays the entry, as in a menu
            return
        super().keyPressEvent(event)

    def focus_first(self) -> None:
        """The keyboard's way in: the first play offered takes the focus."""
        for button in self.findChildren(QAbstractButton):
            if button.isVisible() and button.isEnabled():
                button.setFocus()
                return
