"""The Help screen: every keyboard shortcut of the game open, read from the window's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.ui.widgets.focus_chain import OnScreenDialog

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState


class HelpDialog(OnScreenDialog):
    """Every keyboard shortcut of this game, read from the window's own (visible) actions."""

    def __init__(
        self,
        actions: list[QAction],
        parent: QWidget | None = None,
        state: GameState | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Keyboard shortcuts"))
        self.resize(620, 640)
        rows = []
        for action in actions:
            # A hidden action is not in this game (the window hides the Boiler Room against
            # another Killer, the board off Maple Lane), and Qt ignores its shortcut.
            if not action.isVisible():
                continue
            # The keys in the player's language (Qt's own catalogue names Ctrl, Shift...).
            keys = ", ".join(
                s.toString(QKeySequence.SequenceFormat.NativeText)
                for s in action.shortcuts()
                if not s.isEmpty()
            )
            if keys:
                name = action.text().replace("&", "").split("“")[0].strip()
                rows.append(f"<tr><td><b>{keys}</b></td><td>{name}</td></tr>")
        # Only the halves of the box in this game (all of them when no game is open).
        fright = state is None or state.setup.has_dr_fright
        maple = state is None or state.setup.on_maple_lane
        extra = [
            *([(_("Arrow keys (Boiler Room deck)"), _("Slide the stack"))] if fright else []),
            *([(_("Arrow keys (board)"), _("Pick a space"))] if maple else []),
            *([(_("Return (board)"), _("The space's plays"))] if maple else []),
            *([(_("Space (board)"), _("Move her to the picked space"))] if maple else []),
            (_("Tab / Shift+Tab"), _("Every control can be reached")),
        ]
        rows += [f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in extra]
        self.text = QTextBrowser()
        self.text.setAccessibleName(_("Shortcuts"))
        self.text.setHtml("<table cellspacing=6>" + "".join(rows) + "</table>")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)

    @classmethod
    def show_for(
        cls, parent: QWidget | None, actions: list[QAction], state: GameState | None = None
    ) -> None:
        cls(actions, parent, state).exec()
