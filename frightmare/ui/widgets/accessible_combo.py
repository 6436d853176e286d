"""A combo box's name to assistive technology is its label, its value the item shown (issue 35).

Qt's own interface for a combo box on Linux gives its current item as its name too ("The
Smalleys" where a screen reader should say "Event card, The Smalleys": on Unix Qt leaves the
name to the label's relation, which the AT-SPI bridge does not read as the name). An
accessibility factory gives every combo box an interface of its own: the name is its
accessible name (else the text of the label that has it as buddy), the value its current text;
its child is the list it opens, and it opens it as its action.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QApplication, QComboBox, QLabel

_INSTALLED = [False]


def label_of(combo: QComboBox) -> str:
    """The name a player reads beside ``combo``: its accessible name, else its buddy label's."""
    if combo.accessibleName():
        return combo.accessibleName()
    window = combo.window()
    for label in window.findChildren(QLabel):
        if label.buddy() is combo:
            return label.text().replace("&", "").rstrip(":")
    return ""


class ComboAccessible(QAccessibleWidget):
    """A combo box to assistive technology: named by its label, valued by its current item."""

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo, QAccessible.Role.ComboBox)
        self.combo = combo

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return label_of(self.combo)
        if kind == QAccessible.Text.Value:
            edit = self.combo.lineEdit()
            return edit.text() if self.combo.isEditable() and edit else self.combo.currentText()
        return super().text(kind)

    def childCount(self) -> int:
        return 1

    def child(self, index: int) -> QAccessibleInterface:
        view = QAccessible.queryAccessibleInterface(self.combo.view())
        if index == 0 and view is not None:
            return view
        return super().child(index)  # none (Qt's null)

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return 0 if child.object() is self.combo.view() else -1

    def actionNames(self) -> list[str]:
        return [QAccessibleWidget.showMenuAction(), *super().actionNames()]

    def doAction(self, name: str) -> None:
        if name in (QAccessibleWidget.showMenuAction(), QAccessibleWidget.pressAction()):
            self.combo.showPopup()
            return
        super().doAction(name)


def combo_factory(_key: str, target: QObject) -> QAccessibleInterface | None:
    """Qt's accessibility factory: ours for a combo box, Qt's own for the rest (``None``)."""
    return ComboAccessible(target) if isinstance(target, QComboBox) else None


def install() -> None:
    """The factory, once for the application (the first combo box made installs it, or the
    session picker right after its first paint). Should assistive technology have asked for a
    combo box made before, Qt's own interface for it is dropped: it is asked for ours next."""
    if not _INSTALLED[0]:
        _INSTALLED[0] = True
        QAccessible.installFactory(combo_factory)
        if QAccessible.isActive():
            for window in QApplication.topLevelWidgets():
                for combo in window.findChildren(QComboBox):
                    face = QAccessible.queryAccessibleInterface(combo)
                    if face is not None and not isinstance(face, ComboAccessible):
                        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(face))
