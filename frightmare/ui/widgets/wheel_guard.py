"""Value controls the mouse wheel never changes by accident, and that let the window's
shortcuts through.

Every combo box and spin box the app builds is a ``ComboBox`` or a ``SpinBox`` from here (a
test walks the GUI's code and the game screen; Qt's own one-question input dialogs keep theirs,
which have the focus from the start):

- It takes the focus by click or Tab only (``StrongFocus``): Qt gives a ``WheelFocus`` control
  the focus *before* it sees the wheel, which would let the wheel change a control nobody
  clicked. A wheel turned over it while it has no focus is ignored, so Qt hands the event to
  the widgets around it and the panel that holds it scrolls.
- Its line edit claims Ctrl+Z, Ctrl+Y and the like for itself (``ShortcutOverride``); there, a
  key that is one of the window's shortcuts goes to the window (Undo is the game's Undo, not
  the little edit's), while typing and copy/paste stay the edit's.

These are subclasses rather than one application-wide event filter: such a filter runs Python
for every event of every widget, which cost a fifth of the GUI tests' time and slowed start-up.
Each control is watched from its first focus, since a key reaches only the control that has
the focus. Watching it from the start would cost the first paint about 2 ms: the first event
PySide hands to a Python event filter makes it create the classes of every kind of event, and
the session picker has a combo box.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAction, QFocusEvent, QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox, QDockWidget, QSpinBox, QWidget

from frightmare.ui.qt_values import StandardKey, key_sequence, set_by_name

# The line edit keeps these: they edit its own text.
EDIT_KEYS = tuple(StandardKey(key) for key in ("Copy", "Cut", "Paste", "SelectAll"))


def window_shortcut(widget: QWidget, event: QKeyEvent) -> bool:
    """Whether the key is the shortcut of one of ``widget``'s window's enabled actions."""
    from PySide6.QtCore import Qt  # not at import: see qt_values
    from PySide6.QtGui import QKeySequence

    pressed = QKeySequence(event.keyCombination())
    exact = QKeySequence.SequenceMatch.ExactMatch
    if any(pressed.matches(key_sequence(key)) == exact for key in EDIT_KEYS):
        return False

    window = widget.window()
    # A floating dock is a window of its own, but Qt gives it its main window's shortcuts.
    while isinstance(window, QDockWidget) and (holder := window.parentWidget()) is not None:
        window = holder.window()
    for action in {*window.findChildren(QAction), *window.actions()}:
        if not action.isEnabled() or action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut:
            continue
        for shortcut in action.shortcuts():
            if shortcut.matches(pressed) == exact:
                return True
    return False


class ShortcutsPassThrough(QObject):
    """Watches a value control and its line edit: a window shortcut is left unclaimed, so it
    goes on to the window's actions."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QWidget)
            and window_shortcut(watched, event)
        ):
            event.ignore()
            return True
        return False


_PASS_THROUGH: ShortcutsPassThrough | None = None


def let_shortcuts_through(*widgets: QWidget | None) -> None:
    """Watch ``widgets`` for the window's shortcuts (again is harmless)."""
    global _PASS_THROUGH
    if _PASS_THROUGH is None:
        _PASS_THROUGH = ShortcutsPassThrough(QCoreApplication.instance())
    for widget in widgets:
        if widget is not None:
            widget.installEventFilter(_PASS_THROUGH)


def measured_again(control: QWidget) -> None:
    """Have Qt measure ``control`` again, as it does after a change of style. The focus ring's
    style is smaller than the unfocused frame, and Qt keeps the size it measured: one measured
    while the control had the focus (a zoom or a theme switch made then) cut its text once the
    focus left ("Every gam")."""
    QCoreApplication.sendEvent(control, QEvent(QEvent.Type.StyleChange))


# Qt opens a list 10 rows high; the app's longest (22 board spaces, 15 Items) open whole, as
# far as the screen allows.
LIST_ROWS = 24


class ComboBox(QComboBox):
    """A combo box the wheel changes only once it is clicked or tabbed into."""

    # While a launch builds the game screen: the factory is installed at the loop's next turn
    # (``GameOpening``), as the session picker's is, so Qt's accessibility types are not made
    # before the game is ready for play (about 20 million instructions).
    factory_later = False

    def __init__(self, parent: QWidget | None = None, *, accessible_now: bool = True) -> None:
        super().__init__(parent)
        set_by_name(self, "focusPolicy", "StrongFocus")
        self.setMaxVisibleItems(LIST_ROWS)
        if accessible_now and not ComboBox.factory_later:  # else its maker installs it later
            # Named by its label, valued by its item, to assistive technology (issue 35).
            from frightmare.ui.widgets.accessible_combo import install

            install()

    def focusInEvent(self, event: QFocusEvent) -> None:
        let_shortcuts_through(self, self.lineEdit())  # see the module's notes
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        measured_again(self)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus() or self.view().isVisible():
            super().wheelEvent(event)
        else:
            event.ignore()  # the panel around it scrolls


class SpinBox(QSpinBox):
    """A spin box the wheel changes only once it is clicked or tabbed into."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        set_by_name(self, "focusPolicy", "StrongFocus")

    def focusInEvent(self, event: QFocusEvent) -> None:
        let_shortcuts_through(self, self.lineEdit())  # see the module's notes
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        measured_again(self)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # the panel around it scrolls
