"""Combo boxes that name a card: the card chosen or typed, the model's list of cards, the list as
wide as its longest name, the start of a long name in view."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QComboBox

MAX_CARD_NAME = 60


def named_card(combo: QComboBox) -> str | None:
    """The card a combo names: a listed card's id, or the name the player typed (any card,
    issue 9 item 12: the app tracks that it is out and the player resolves it as printed)."""
    text = " ".join(combo.currentText().split())[:MAX_CARD_NAME]
    if not text:
        return None
    index = combo.currentIndex()
    if index >= 0 and combo.itemText(index) == combo.currentText():
        data = combo.itemData(index)
        if isinstance(data, str):
            return data
    return text


def fill_choices(combo: QComboBox, choices: tuple[str, ...]) -> None:
    """The model's list of cards (each carried as its id); the typed text is kept."""
    listed = tuple(combo.itemData(i) for i in range(combo.count()))
    if listed == choices:
        return
    typed = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    for name in choices:
        combo.addItem(name, name)
    combo.setCurrentText(typed if typed and typed not in choices else (choices or ("",))[0])
    combo.blockSignals(False)
    show_start(combo)


class WidePopup(QObject):
    """Opens a narrow combo box's list as wide as its longest name (never past the screen's
    edge), so every name reads whole there too; a name longer than the screen ends in "…"."""

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo)
        self.combo = combo
        view = combo.view()
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.popup = view.window()  # the list's own window, shown when the combo opens
        self.popup.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.popup and event.type() == QEvent.Type.Show:
            self.widen()
        return False

    def widen(self) -> None:
        popup, view = self.popup, self.combo.view()
        scroll = view.verticalScrollBar().sizeHint().width()
        frame = popup.width() - popup.contentsRect().width() + 2 * view.frameWidth()
        needed = view.sizeHintForColumn(0) + frame
        if self.combo.count() > self.combo.maxVisibleItems():
            needed += scroll
        geometry = popup.geometry()
        if geometry.width() >= needed:
            return
        geometry.setWidth(needed)
        screen = popup.screen().availableGeometry()
        if geometry.right() > screen.right():
            geometry.moveRight(screen.right())
        if geometry.left() < screen.left():
            geometry.moveLeft(screen.left())
            geometry.setWidth(min(needed, screen.width()))
        popup.setGeometry(geometry)


def wide_popup(combo: QComboBox) -> None:
    """See ``WidePopup`` (kept alive by the combo)."""
    WidePopup(combo)


def show_start(combo: QComboBox) -> None:
    """A narrow editable box shows the start of the name, not its end."""
    line = combo.lineEdit()
    if line is not None and not line.hasFocus():
        line.setCursorPosition(0)
