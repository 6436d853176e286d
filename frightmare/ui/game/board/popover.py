"""A space's plays shown right beside the space, over the board's view."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QGraphicsView,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.ui.game.board.space_entries import EntryButton, key_click


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
        # How much of what the player reads a place would hide (the board's view says).
        self.hidden_by: Callable[[QRectF], float] | None = None
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
        w, h = size.width(), size.height()

        def inside(x: float, y: float) -> QRectF:
            x = max(port.left(), min(int(x), port.right() - w))
            y = max(port.top(), min(int(y), port.bottom() - h))
            return QRectF(x, y, w, h)

        if self.isVisible() and self._placed_for == (self.space, rect):
            # Open on the same space: it stays where it is (its entries changed under the
            # pointer), unless it no longer fits there or now covers the space.
            stay = inside(self.x(), self.y())
            if not stay.intersects(rect.adjusted(2, 2, -2, -2)):
                self.move(int(stay.x()), int(stay.y()))
                return
        gap = 6
        # Right of the space, left of it, below, above (issue 31: where it hides least of
        # her space, the Exits and the counts around; never over the space itself).
        tries = [
            inside(rect.right() + gap, rect.top()),
            inside(rect.left() - gap - w, rect.top()),
            inside(rect.left(), rect.bottom() + gap),
            inside(rect.left(), rect.top() - gap - h),
        ]
        inner = rect.adjusted(2, 2, -2, -2)

        def cost(place: QRectF) -> float:
            hidden = self.hidden_by(place) if self.hidden_by is not None else 0.0
            return (1e9 if place.intersects(inner) else 0.0) + hidden

        chosen = min(tries, key=cost)  # the first of the least costly
        self._placed_for = (self.space, QRectF(rect))
        self.move(int(chosen.x()), int(chosen.y()))

    def close_plays(self) -> None:
        # Not hidden itself, whether or not the board is on screen: plays closed while the
        # Boiler Room or another Location filled the main region came back with the board.
        if not self.isHidden():
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
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right) and isinstance(
            QApplication.focusWidget(), EntryButton
        ):
            # Left and Right go on on the board (issue 35: the plays keep the focus after a
            # play): the cursor moves to the next space, these plays close.
            self.close_plays()
            self.view.setFocus()
            QApplication.sendEvent(self.view, event)
            return
        focused = QApplication.focusWidget()
        if self.type_ahead(event.text(), focused):
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(
            focused, QAbstractButton
        ):
            with key_click():
                focused.click()  # Return plays the entry, as in a menu
            return
        super().keyPressEvent(event)

    def type_ahead(self, typed: str, focused: QWidget | None) -> bool:
        """A letter or digit focuses the next entry whose words start with it, as in a menu
        (issue 35: "c" finds Crucifix in a Search's card grid, "2" the 2-successes line)."""
        if len(typed) != 1 or not typed.isalnum() or isinstance(focused, QLineEdit):
            return False
        buttons = self._offered()
        if not buttons:
            return False
        picker = letter_picker(focused)
        if picker is not None:
            # A grid of names (a Search's cards): a letter only one name starts picks it at
            # once, as a menu's letter does (issue 35: "c" for Crucifix, then its Return).
            inside = [b for b in buttons if picker.isAncestorOf(b)]
            starting = [b for b in inside if starts(b, typed)]
            if len(starting) == 1:
                starting[0].click()
                return True
        start = buttons.index(focused) + 1 if focused in buttons else 0
        for button in buttons[start:] + buttons[:start]:
            if starts(button, typed):
                button.setFocus(Qt.FocusReason.ShortcutFocusReason)
                return True
        return False

    def _offered(self) -> list[QAbstractButton]:
        """The entries shown and on, in reading order."""
        buttons = [b for b in self.findChildren(QAbstractButton) if b.isVisible() and b.isEnabled()]

        def reading(button: QAbstractButton) -> tuple[int, int]:
            corner = button.mapTo(self, button.rect().topLeft())
            return corner.y(), corner.x()

        return sorted(buttons, key=reading)

    def focus_first(self, *, last: bool = False) -> bool:
        """The keyboard's way in: the first play offered (``last``: the last) takes the focus
        (False: none is offered)."""
        buttons = self._offered()
        if not buttons:
            return False
        (buttons[-1] if last else buttons[0]).setFocus(Qt.FocusReason.TabFocusReason)
        return True


# The property a grid of names sets for a letter to pick one at once (``letter_picker``).
PICK_BY_LETTER = "pickByLetter"


def starts(button: QAbstractButton, typed: str) -> bool:
    """``button``'s words (past its marks: +, −, ◂, ✓) start with ``typed``."""
    return button.text().lstrip("+−-◂✓ ").casefold().startswith(typed.casefold())


def letter_picker(widget: QWidget | None) -> QWidget | None:
    """The grid of names around ``widget`` where a letter picks (``PICK_BY_LETTER``)."""
    node = widget
    while node is not None:
        if node.property(PICK_BY_LETTER):
            return node
        node = node.parentWidget()
    return None
