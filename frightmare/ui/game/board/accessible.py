"""The board to assistive technology (issue 35): each of its spaces an accessible child.

The board is painted, not built of widgets: a screen reader found one unnamed child. Each
space gets a child widget over it that paints nothing, takes neither the mouse nor the focus,
and carries the space's name and what is on it (her, him, Victims, tokens, an X, a House's
state) as its accessible name and description, in board order (row by row, as read). The
keyboard cursor's space is told to assistive technology as the focused child, its words in
the board's own description; Return opens its plays beside it, which are buttons.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView, QWidget

from frightmare.i18n import _


class SpaceChild(QWidget):
    """One space, for assistive technology only (nothing painted, no mouse, no focus)."""

    def __init__(self, space: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.space = space
        self.setObjectName(f"space-{space}")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)


class BoardAccessibility:
    """The 21 spaces' children of a board view, kept as the board is drawn."""

    def __init__(self, view: QGraphicsView, spaces: list[tuple[str, tuple[int, int]]]) -> None:
        self.view = view
        # Board order: row by row from the top, left to right, as the board is read.
        ordered = sorted(spaces, key=lambda entry: (entry[1][1], entry[1][0]))
        self.children: dict[str, SpaceChild] = {}
        for space, _grid in ordered:
            self.children[space] = SpaceChild(space, view.viewport())
        self._cursor: str | None = None

    def spaces(self) -> list[SpaceChild]:
        """The spaces' children, in board order."""
        return list(self.children.values())

    def show(self, words: dict[str, tuple[str, str]], cursor: str | None) -> None:
        """Each space's name and contents (``words``), and the keyboard cursor's space."""
        for space, child in self.children.items():
            name, contents = words[space]
            if child.accessibleName() != name:
                child.setAccessibleName(name)
            said = contents or _("Nothing here")
            if child.accessibleDescription() != said:
                child.setAccessibleDescription(said)
        if cursor is not None and cursor in self.children:
            name, contents = words[cursor]
            # Translators: the board's description for a screen reader: the keyboard
            # cursor's space, then what is on it.
            self.view.setAccessibleDescription(
                _("{space}: {contents}").format(space=name, contents=contents or _("nothing"))
            )
        if cursor != self._cursor:
            self._cursor = cursor
            focused = self.children.get(cursor) if cursor is not None else None
            if focused is not None:
                # Imported here: Qt's accessibility types are made once a cursor is first
                # moved, not at a launch (the game screen is ready for play before).
                from PySide6.QtGui import QAccessible, QAccessibleEvent

                if QAccessible.isActive():
                    event = QAccessibleEvent(focused, QAccessible.Event.Focus)
                    QAccessible.updateAccessibility(event)

    def place(self, rects: dict[str, tuple[int, int, int, int]]) -> None:
        """Each child over its space (viewport coordinates), under anything over the board."""
        # Lowered last first: under the plays beside a space, and still in board order
        # among the viewport's children (the order assistive technology reads them in).
        for space, child in reversed(self.children.items()):
            x, y, w, h = rects[space]
            child.setGeometry(x, y, w, h)
            child.show()
            child.lower()
