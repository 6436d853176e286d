"""The first frame of a game in progress at launch: its board, drawn from its snapshot.

Launching into a game paints this before the rules, pydantic and the game screen's panels are
imported (issue 19: the first paint within twice a bare window's). It is the real board view,
showing the game's own pieces, in the place the game screen gives the board (a square as tall
as the page, at its left), beside the round and phase. The game screen replaces it right
after the paint, before any input is taken (``MainWindow.finish_opening``): a click made
meanwhile waits for the real screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from frightmare.model.state import PHASE_NAMES, GameState
from frightmare.ui.board_view import BoardView
from frightmare.ui.theme import set_style_property

# The game screen's margins around the board (its page, then its central row): the board is
# drawn where it will stay.
MARGIN = 2


class FirstFrame(QWidget):
    """The board of ``state`` and the round it is in, until the game screen is built."""

    def __init__(self, state: GameState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Opening the game")
        self.board_view = BoardView(state.board, self)
        self.board_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board_view.show_state(state, None, {}, set())
        self.round = QLabel(f"Round {state.round} · {PHASE_NAMES[state.phase]}", self)
        set_style_property(self.round, "scale", "big")
        self.wait = QLabel("Opening the round's controls…", self)
        self.wait.setObjectName("muted")
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.round)
        column.addWidget(self.wait)
        column.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        row.setSpacing(MARGIN)
        row.addWidget(self.board_view)
        row.addLayout(column, 1)
        if not state.setup.on_maple_lane:
            self.board_view.hide()  # another Location's table is the game screen's to show

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        side = max(self.board_view.minimumWidth(), self.height() - 2 * MARGIN)
        self.board_view.setFixedWidth(min(side, max(0, self.width() - 2 * MARGIN)))
