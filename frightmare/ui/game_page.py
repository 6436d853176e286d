"""The game screen: the table on the left, the history on the right."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from frightmare.model import GameState
from frightmare.model.board import default_board
from frightmare.model.maple_lane import convince_targets, reachable
from frightmare.ui.board_panel import BoardPanel
from frightmare.ui.board_view import BoardView
from frightmare.ui.boiler_room import BoilerRoomPanel
from frightmare.ui.dream_panels import AwakeBanner, FrightPanel
from frightmare.ui.history_panel import HistoryPanel
from frightmare.ui.round_bar import RoundBar


class SetupCard(QFrame):
    """The chosen box contents, large enough to read across the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupCard")
        self.setStyleSheet(
            "QFrame#setupCard { border: 1px solid palette(mid); border-radius: 10px; }"
        )
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        grid = QGridLayout()
        self.values: dict[str, QLabel] = {}
        for row, label in enumerate(("Final Girl", "Killer", "Location", "Setup card", "Epic")):
            name = QLabel(label + ":")
            name.setObjectName("muted")
            value = QLabel()
            value.setAccessibleName(label)
            grid.addWidget(name, row, 0)
            grid.addWidget(value, row, 1)
            self.values[label] = value
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(grid)

    def show_state(self, state: GameState) -> None:
        setup = state.setup
        self.title.setText(state.name)
        self.values["Final Girl"].setText(setup.final_girl)
        self.values["Killer"].setText(setup.killer)
        self.values["Location"].setText(setup.location)
        self.values["Setup card"].setText(setup.setup_card or "none (pieces placed by hand)")
        self.values["Epic"].setText("Shock Factor in play" if setup.epic else "off")


class NotesEditor(QWidget):
    """Free notes kept with the game. Typing is saved as one action after a pause."""

    notes_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel("&Notes")
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName("Notes")
        self.edit.setPlaceholderText("Anything worth remembering: house rules, a tough choice…")
        label.setBuddy(self.edit)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(800)
        self._timer.timeout.connect(self.flush)
        self.edit.textChanged.connect(self._typed)
        self._shown = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.edit)

    def _typed(self) -> None:
        if self.edit.toPlainText() != self._shown:
            self._timer.start()

    def flush(self) -> None:
        """Commit what was typed (called before any other action, so nothing is lost)."""
        self._timer.stop()
        text = self.edit.toPlainText()
        if text != self._shown:
            self._shown = text
            self.notes_edited.emit(text)

    def show_notes(self, notes: str) -> None:
        if notes != self._shown or self.edit.toPlainText() != notes:
            self._timer.stop()
            self._shown = notes
            if self.edit.toPlainText() != notes:
                self.edit.setPlainText(notes)


def _side_by_side(
    left: QWidget, right: QWidget, stretch: tuple[int, int], sizes: tuple[int, int]
) -> QSplitter:
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(left)
    splitter.addWidget(right)
    splitter.setStretchFactor(0, stretch[0])
    splitter.setStretchFactor(1, stretch[1])
    splitter.setSizes(list(sizes))
    splitter.setChildrenCollapsible(False)
    return splitter


class GamePage(QWidget):
    """The banner on top; the table's tabs on the left; the history on the right."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.banner = AwakeBanner()
        self.round_bar = RoundBar()
        self.setup_card = SetupCard()
        self.notes = NotesEditor()
        overview = QWidget()
        overview_layout = QVBoxLayout(overview)
        overview_layout.addWidget(self.setup_card)
        overview_layout.addWidget(self.notes, 1)

        self.boiler = BoilerRoomPanel()
        self.fright = FrightPanel()
        dream_tab = QWidget()
        dream_layout = QVBoxLayout(dream_tab)
        dream_layout.addWidget(self.boiler, 1)
        self.boiler.side.addWidget(self.fright)

        self.board_view = BoardView(default_board())
        self.board_panel = BoardPanel()
        board_tab = _side_by_side(self.board_view, self.board_panel, (3, 2), (560, 400))
        self.board_view.space_selected.connect(self.select_space)
        self.board_view.move_requested.connect(self.board_panel.move_to)
        self.board_panel.steps_changed.connect(self._redraw_board)
        self.selected_space: str | None = None

        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Table")
        self.board_tab, self.dream_tab = board_tab, dream_tab
        self.tabs.addTab(board_tab, "Maple Lane")
        self.tabs.addTab(dream_tab, "Boiler Room")
        self.tabs.addTab(overview, "Game")

        self.history = HistoryPanel()
        splitter = _side_by_side(self.tabs, self.history, (3, 1), (960, 260))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        status = QHBoxLayout()
        status.addWidget(self.banner, 3)
        status.addWidget(self.round_bar.phase_panel, 2)
        layout.addWidget(self.round_bar)
        layout.addLayout(status)
        layout.addWidget(splitter, 1)
        for panel in (self.banner, self.boiler, self.fright, self.board_panel, self.round_bar):
            panel.act_requested.connect(self.act_requested)
        self._shown: GameState | None = None

    def show_state(self, state: GameState) -> None:
        previous, self._shown = self._shown, state
        self.banner.show_state(state)
        self.round_bar.show_state(state)
        self.setup_card.show_state(state)
        self.notes.show_notes(state.notes)
        self.boiler.show_state(state, previous)
        self.fright.show_state(state)
        if self.board_view.item.board is not state.board:
            self.board_view.item.board = state.board
        self._redraw_board()
        fell_asleep = previous is not None and previous.dream.awake and not state.dream.awake
        if fell_asleep:
            self.tabs.setCurrentWidget(self.dream_tab)
            self.boiler.view.setFocus()

    def select_space(self, space: str) -> None:
        self.selected_space = space
        self._redraw_board()

    def _redraw_board(self) -> None:
        state = self._shown
        if state is None:
            return
        highlighted = reachable(state, self.board_panel.steps.value())
        self.board_view.show_state(
            state, self.selected_space, highlighted, set(convince_targets(state))
        )
        self.board_panel.show_state(state, self.selected_space)
