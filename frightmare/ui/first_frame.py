"""The first frame of a game in progress at launch: its board, drawn from its snapshot.

Launching into a game paints this before the rules, pydantic and the game screen's panels are
imported (issue 19: the first paint within twice a bare window's). It is the real board view,
showing the game's own pieces, in the place the game screen gives the board (a square as tall
as the page, at its left), beside the round and phase. The game screen replaces it right
after the paint, before any input is taken (``MainWindow.finish_opening``): a click made
meanwhile waits for the real screen.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.model.game.state import GameState, phase_name
from frightmare.ui.game.board.board_view import BoardView
from frightmare.ui.theme import current_zoom, set_style_property

# The game screen's margins around the board (its page, then its central row): the board is
# drawn where it will stay.
MARGIN = 2
# The stylesheet's border around a graphics view (theme.style_sheet): the board is drawn
# inside it.
VIEW_BORDER = 2


def _styled() -> bool:
    app = QApplication.instance()
    return isinstance(app, QApplication) and bool(app.styleSheet())


def board_place(page: QSize, board: QRect, zoom: float) -> str:
    """Where the game screen drew its board, for the next launch's first frame (kept in the
    settings): the page's size, the zoom, and the board view's place on the page."""
    return (
        f"{page.width()}x{page.height()}@{zoom:g}:"
        f"{board.x()},{board.y()},{board.width()},{board.height()}"
    )


# How much shorter the first frame's page may be than the game screen's: its status bar,
# styled by hand, is a few pixels taller than the stylesheet makes it (31 against 27 under X).
PAGE_SLACK = 8


def read_place(text: str, page: QSize, zoom: float) -> QRect | None:
    """The board view's place that ``board_place`` kept, if the page has that width (and
    about that height: ``PAGE_SLACK``) at that zoom now; anything else, or a damaged text:
    ``None``, the default square. The place is kept as it was, so the board is drawn where
    the game screen will draw it, even if it reaches a little past this page's foot."""
    from frightmare.store.settings import read_board_place

    kept = read_board_place(text)  # range-checked there, a bad one said in the log
    if kept is None:
        return None
    width, height, x, y, w, h = kept.width, kept.height, kept.x, kept.y, kept.w, kept.h
    if width != page.width() or abs(height - page.height()) > PAGE_SLACK:
        return None
    if abs(kept.zoom - zoom) > 1e-6:
        return None
    rect = QRect(x, y, w, h)
    inside = QRect(0, 0, width, height)
    return rect if w >= 100 and h >= 100 and inside.contains(rect) else None


class FirstFrame(QWidget):
    """The board of ``state`` and the round it is in, until the game screen is built.

    ``place`` (settings: ``board_place``) is where the game screen last drew its board, on a
    page of the size this one has: the board is drawn there, so it does not move at the
    hand-over. Without it, the board is a square as tall as the page, at its left, as the
    game screen gives it when the window has the room."""

    def __init__(self, state: GameState, parent: QWidget | None = None, place: str = "") -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Opening the game"))
        self._place = place
        self.board_view = BoardView(state.board, self, accessible=False)
        self.board_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board_view.show_state(state, None, {}, set())
        self.column = QWidget(self)
        # Translators: the round bar's title, e.g. "Round 3 · Planning".
        title = _("Round {number} · {phase}").format(
            number=state.round, phase=phase_name(state.phase)
        )
        self.round = QLabel(title, self.column)
        set_style_property(self.round, "scale", "big")
        self.wait = QLabel(_("Opening the round's controls…"), self.column)
        self.wait.setObjectName("muted")
        column = QVBoxLayout(self.column)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.round)
        column.addWidget(self.wait)
        column.addStretch(1)
        # Asleep, the game screen opens on the Boiler Room; another Location's table is its
        # own: the board is not shown first only to give way to something else.
        self.asleep = state.setup.has_dr_fright and state.asleep
        if self.asleep:
            self.wait.setText(_("Asleep: the Boiler Room opens in a moment…"))
        if self.asleep or not state.setup.on_maple_lane:
            self.board_view.hide()

    def board_rect(self) -> QRect:
        """Where the board view is put: the kept place, or the square at the left."""
        zoom = current_zoom()
        kept = read_place(self._place, self.size(), zoom) if self._place else None
        if kept is not None:
            return kept
        side = max(self.board_view.minimumWidth(), self.height() - 2 * MARGIN)
        side = min(side, max(0, self.width() - 2 * MARGIN))
        return QRect(MARGIN, MARGIN, side, self.height() - 2 * MARGIN)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        board = self.board_rect()
        # Painted before the stylesheet, whose board view has a two-pixel border: the
        # board is drawn inside it, so the first frame's view is that much smaller.
        border = 0 if _styled() else VIEW_BORDER
        self.board_view.setGeometry(board.adjusted(border, border, -border, -border))
        left = board.right() + 1 + MARGIN * 2 if not self.board_view.isHidden() else MARGIN
        self.column.setGeometry(
            QRect(left, MARGIN, max(0, self.width() - left - MARGIN), self.height() - 2 * MARGIN)
        )
