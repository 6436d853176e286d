"""The game screen, board first.

The main region shows the board (Maple Lane), or the Boiler Room deck when that is what she is
playing (Asleep, or Dr. Fright on another Location), or the Location panel. A side column holds
the round, the counters, the Awake/Asleep banner, the phase's checklist and the actions for
what the main region shows. History and the other secondary panels are docks the player can
hide, move or float; their arrangement is remembered (``save_layout``/``restore_layout``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QHideEvent, QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from frightmare.model import GameState
from frightmare.model.actions import EPIC_DARK_POWER, MoveVictims, Place
from frightmare.model.box.board import default_board
from frightmare.model.game.setup import MAPLE_LANE
from frightmare.model.lane.killer import everyone_must_die_now
from frightmare.model.lane.maple_lane import convince_targets, reachable
from frightmare.model.query.killer_phase import killer_step_offered
from frightmare.model.query.plays import moves
from frightmare.model.steps import KillerToStep
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.board_view import BoardView
from frightmare.ui.game.board.legend import BoardLegend
from frightmare.ui.game.board.popover import SpacePopover
from frightmare.ui.game.dream.awake_banner import AwakeBanner
from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.game.history_panel import HistoryPanel
from frightmare.ui.game.killer_panel import KillerPanel
from frightmare.ui.game.location_panel import LocationPanel
from frightmare.ui.game.round_bar import RoundBar
from frightmare.ui.game.steps.item_steps import BicycleDialog
from frightmare.ui.game.steps.killer_steps import KillerStepPanel, PanicStepPanel
from frightmare.ui.keep_awake import ScreenInhibitor
from frightmare.ui.theme import set_style_property


class SetupCard(QFrame):
    """The chosen box contents, large enough to read across the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupCard")
        self.setProperty("card", True)
        self.title = QLabel()
        set_style_property(self.title, "scale", "title")
        self.title.setWordWrap(True)
        # Name above value: the card stays narrow enough for a dock.
        grid = QVBoxLayout()
        grid.setSpacing(1)
        self.values: dict[str, QLabel] = {}
        self.names: dict[str, QLabel] = {}
        for label in ("Final Girl", "Killer", "Location", "Setup card", "Epic"):
            name = QLabel(label + ":")
            name.setObjectName("muted")
            value = QLabel()
            value.setAccessibleName(label)
            value.setWordWrap(True)
            grid.addWidget(name)
            grid.addWidget(value)
            self.values[label] = value
            self.names[label] = name
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
        on_maple_lane = setup.on_maple_lane
        self.values["Setup card"].setVisible(on_maple_lane)
        self.names["Setup card"].setVisible(on_maple_lane)
        self.values["Epic"].setText(f"{EPIC_DARK_POWER} in play" if setup.epic else "off")


class NotesEditor(QWidget):
    """Free notes kept with the game. Typing is saved as one action after a pause."""

    notes_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel("&Notes")
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName("Notes")
        self.edit.setPlaceholderText("Anything worth remembering: house rules, a tough choice…")
        self.edit.setMinimumWidth(60)
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


class SideColumn(QScrollArea):
    """The side column: scrolls vertically, never sideways; exactly as wide as its content.

    ``outgrown`` tells when the content's minimum width is no longer the one it was fitted to
    (a theme switch or a zoom settles the widgets' sizes a pass after the fit that follows it:
    the column stayed 12 px narrower than its counters)."""

    outgrown = Signal()

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.content = content
        self._fitted_for = -1
        self._held = 0
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Side column")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.content
            and event.type() == QEvent.Type.LayoutRequest
            and self.content.minimumSizeHint().width() != self._fitted_for
        ):
            self.outgrown.emit()
        return super().eventFilter(watched, event)

    def fit_width(self, fixed: bool = True) -> None:
        """As wide as the content's widest control, and room for the scroll bar whether it
        shows or not. ``fixed``: exactly that wide, and never narrower again until
        ``release`` (a wider row that came and went, Your Final Health… beside the Terror
        card, moved the board's neighbours twice); else at least that wide (a dock)."""
        self._fitted_for = self.content.minimumSizeHint().width()
        width = self._fitted_for + self.verticalScrollBar().sizeHint().width() + 2
        if fixed:
            self._held = max(self._held, width)
            self.setFixedWidth(self._held)
        else:
            self.setMinimumWidth(width)

    def release(self) -> None:
        """The next fit may make the column narrower (another game, zoom or theme)."""
        self._held = 0


class MainRegion(QStackedWidget):
    """The main region's pages, with ``corner`` (the view switch) over its top right-hand
    corner, above whichever page is in front."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.corner: QWidget | None = None
        self.currentChanged.connect(lambda _index: self.place_corner())

    def place_corner(self) -> None:
        corner = self.corner
        if corner is None:
            return
        corner.adjustSize()
        size = corner.sizeHint()
        corner.setGeometry(self.width() - size.width() - 4, 4, size.width(), size.height())
        corner.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_corner()


class GamePage(QWidget):
    """The main region (board, Boiler Room or Location) beside the side column; docks around."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fit_timer = QTimer(self)  # dies with the page: never fires on a deleted one
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_side)
        # The message of the moment brought into view once the column is laid out again.
        self._moment_timer = QTimer(self)
        self._moment_timer.setSingleShot(True)
        self._moment_timer.setInterval(0)
        self._moment_timer.timeout.connect(self.keep_moment_in_view)
        self._keep_moment = False
        self._column_scope: tuple[int, str] | None = None
        self._column_timer = QTimer(self)
        self._column_timer.setSingleShot(True)
        self._column_timer.setInterval(0)
        self._column_timer.timeout.connect(self._let_column_go)
        self._dock_areas: list[SideColumn] = []
        self.banner = AwakeBanner()
        self.round_bar = RoundBar()
        self.setup_card = SetupCard()
        self.notes = NotesEditor()
        overview = QWidget()
        overview.setAccessibleName("Game")
        overview_layout = QVBoxLayout(overview)
        overview_layout.addWidget(self.setup_card)

        self.boiler = BoilerRoomPanel()
        overview_layout.addWidget(self.boiler.mode_row)
        overview_layout.addWidget(self.notes, 1)
        self.fright = FrightPanel()
        self.board_view = BoardView(default_board())
        self.board_panel = BoardPanel()
        # The Killer phase's steps (issue 20, cards'): his Killer Action, Panic.
        self.killer_steps = KillerStepPanel()
        self.panic_steps = PanicStepPanel()
        # The selected space's plays open beside it, on the board.
        self.popover = SpacePopover(self.board_view)
        self.popover.set_content(self.board_panel.space_box)
        self.board_panel.space_menu.home = self.board_view
        self.board_panel.space_menu.changed.connect(self._refit_popover)
        self.board_view.resized.connect(self._refit_popover)
        self.board_view.space_clicked.connect(self.open_plays)
        self.board_view.space_keyed.connect(lambda space: self.open_plays(space, focus=True))
        self.board_view.background_clicked.connect(self.popover.close_plays)
        self.board_view.space_selected.connect(self.select_space)
        self.board_view.space_selected.connect(self.killer_steps.space_chosen)
        self.board_view.space_selected.connect(self.round_bar.space_chosen)  # cards: Terror
        # They sit in the phase's panel, under its checklist, where the phase's own buttons
        # are (the Killer Action's two buttons give way to them on the board).
        phase_layout = self.round_bar.phase_panel.layout()
        # His step keeps its room in the Killer phase once recorded (``_hold_steps``): the
        # Terror card under it stays under the pointer that clicked Accept.
        self.steps_room = QWidget()
        steps_room = QVBoxLayout(self.steps_room)
        steps_room.setContentsMargins(0, 0, 0, 0)
        steps_room.addWidget(self.killer_steps)
        self._steps_held: tuple[tuple[int, str], int] | None = None
        if isinstance(phase_layout, QVBoxLayout):
            phase_layout.insertWidget(1, self.steps_room)
            phase_layout.insertWidget(2, self.panic_steps)
            # The reminders go to the foot of the column (below).
            phase_layout.removeWidget(self.round_bar.reminder_box)
        self.board_view.move_requested.connect(self.board_panel.move_to)
        self.board_view.place_requested.connect(self._place)
        self.board_view.victim_dragged.connect(self._victims_dragged)
        self.board_panel.steps_changed.connect(self._redraw_board)
        self.board_panel.followers_asked.connect(self.open_plays)
        self.board_panel.event_refused.connect(self.show_refusal)
        self.selected_space: str | None = None

        # Another Location's plain table fills the main region; another Killer's panel sits
        # in the side column.
        self.location_panel = LocationPanel()
        self.location_region = self._scrolling(self.location_panel, dock=False)
        self.location_region.setAccessibleName("Location")
        self.killer_panel = KillerPanel()
        self.killer_region = QWidget()
        self.killer_region.setAccessibleName("Killer")
        killer_layout = QVBoxLayout(self.killer_region)
        killer_layout.setContentsMargins(0, 0, 0, 0)
        killer_layout.addWidget(self.killer_panel)

        # The main region. (``tabs``, ``board_tab`` and ``dream_tab`` keep their old names.)
        self.board_tab: QWidget = self.board_view
        self.dream_tab = QWidget()
        dream_layout = QVBoxLayout(self.dream_tab)
        dream_layout.setContentsMargins(0, 0, 0, 0)
        dream_layout.addWidget(self.boiler.view)
        self.tabs = MainRegion()
        self.tabs.setAccessibleName("Table")
        for page in (self.board_tab, self.dream_tab, self.location_region):
            self.tabs.addWidget(page)
        self.tabs.currentChanged.connect(self._page_changed)

        # Which of the two halves the main region shows, when the game has both.
        self.show_board_button = QPushButton("Maple Lane")
        self.show_boiler_button = QPushButton("Boiler Room")
        # It sits in the main region's top right-hand corner, which neither the board (its
        # corner cell is empty) nor the Boiler Room's arrows use: the side column keeps its
        # room for the moment's controls.
        self.view_switch = QWidget(self.tabs)
        self.view_switch.setObjectName("viewSwitch")
        switch = QVBoxLayout(self.view_switch)
        switch.setContentsMargins(0, 0, 0, 0)
        switch.setSpacing(2)
        group = QButtonGroup(self)
        for button in (self.show_board_button, self.show_boiler_button):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            group.addButton(button)
            switch.addWidget(button)
        self.tabs.corner = self.view_switch
        self._name_switch(self.show_board_button, MAPLE_LANE)
        self._name_switch(self.show_boiler_button, "Boiler Room")
        self.show_board_button.clicked.connect(lambda: self.tabs.setCurrentWidget(self._table()))
        self.show_boiler_button.clicked.connect(lambda: self.tabs.setCurrentWidget(self.dream_tab))

        # The side column: the round, the state, the phase's controls, then the main region's
        # and the Killer's; the message of the moment takes the room left, whole.
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(2, 2, 2, 2)
        column.setSpacing(1)
        for widget in (
            self.round_bar,
            self.banner,
            self.round_bar.phase_panel,
            self.boiler.sleep_row,
            self.board_panel,
            self.boiler,
            self.fright,
            self.killer_region,
            # The reminders are messages too: above the message of the moment, where one
            # that appears (Last Health, after a hit) pushes no control down.
            self.round_bar.reminder_box,
        ):
            column.addWidget(widget)
        column.addWidget(self.banner.moment, 1)
        self.banner.moment.installEventFilter(self)
        self.side = SideColumn(side)
        self.side.outgrown.connect(self._fit_later)

        central = QWidget()
        row = QHBoxLayout(central)
        row.setContentsMargins(2, 2, 2, 2)
        row.setSpacing(4)
        row.addWidget(self.tabs, 1)
        row.addWidget(self.side)

        # Docks, in a main window of the page's own (the app's window keeps its menus).
        self.inner = QMainWindow()
        self.inner.setWindowFlags(Qt.WindowType.Widget)
        self.inner.setCentralWidget(central)
        self.inner.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas, QTabWidget.TabPosition.East)
        self.inner.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self.history = HistoryPanel()
        self.legend = BoardLegend()
        self.docks: dict[str, QDockWidget] = {}
        for key, title, widget in (
            ("history", "History", self.history),
            ("items", "Items", self._scrolling(self.board_panel.items_events)),
            ("game", "Game", overview),
            ("legend", "Legend", self._scrolling(self.legend)),
        ):
            dock = QDockWidget(title)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widget)
            dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetClosable
                | QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            )
            self.inner.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.docks[key] = dock
            # Another tab in front may want another width: the board keeps its own.
            dock.visibilityChanged.connect(lambda _shown: self._fit_later())
        first = self.docks["history"]
        for key in ("items", "game", "legend"):
            self.inner.tabifyDockWidget(first, self.docks[key])
        first.raise_()
        self._default_layout = self.save_layout()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.inner)

        self.reset_layout_action = QAction("&Reset the panels", self)
        self.reset_layout_action.setToolTip(
            "Put History, Items, Game and Legend back where they were at first, docked and shown"
        )
        self.reset_layout_action.triggered.connect(self.reset_layout)
        self.keep_awake_action = QAction("Keep the screen &awake", self)
        self.keep_awake_action.setCheckable(True)
        self.keep_awake_action.setChecked(True)
        self.keep_awake_action.setToolTip(
            "While a game is open, ask the desktop not to blank the screen (where it offers that)"
        )
        self.keep_awake_action.toggled.connect(self._keep_awake)
        self.inhibitor = ScreenInhibitor()

        for panel in (
            self.banner,
            self.boiler,
            self.fright,
            self.board_panel,
            self.round_bar,
            self.killer_panel,
            self.location_panel,
            self.killer_steps,
            self.panic_steps,
        ):
            panel.act_requested.connect(self.act_requested)
        self._shown: GameState | None = None
        self._shape: tuple[bool, bool] | None = None
        self._fit_later()

    @staticmethod
    def _name_switch(button: QPushButton, name: str) -> None:
        button.setText(name)
        button.setAccessibleName(f"Show {name}")
        button.setToolTip(f"Show {name} in the main region")

    def _table(self) -> QWidget:
        """The Location's page of the main region: the board on Maple Lane, else the panel."""
        maple = self._shape is None or self._shape[1]
        return self.board_tab if maple else self.location_region

    def _scrolling(self, widget: QWidget, dock: bool = True) -> QScrollArea:
        """A dock's (or the main region's) content scrolling up and down, never cut at the
        side."""
        area = SideColumn(widget)
        area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        area.setAccessibleName(widget.accessibleName())
        if dock:
            self._dock_areas.append(area)
        return area

    # The lead's seams --------------------------------------------------------------------

    def save_layout(self) -> str:
        """The docks' arrangement, as text to keep in the settings."""
        return bytes(self.inner.saveState().toBase64().data()).decode("ascii")

    def restore_layout(self, saved: str) -> bool:
        """Put the docks back as ``save_layout`` described them (False: kept as they are)."""
        if not saved:
            return False
        try:
            data = QByteArray.fromBase64(saved.encode("ascii"))
        except UnicodeEncodeError:
            return False
        restored = bool(self.inner.restoreState(data))
        if restored and self._shown is not None:
            self._shape = None  # the game's shape wins over the saved arrangement
            self._take_shape(self._shown)
        return restored

    def reset_layout(self) -> None:
        """The panels as they were at first: docked and tabbed together, each the game's
        shape allows shown (the View menu's Reset the panels)."""
        self.restore_layout(self._default_layout)
        for dock in self.docks.values():
            if dock.toggleViewAction().isVisible():
                dock.setFloating(False)
                dock.show()
        self.docks["history"].raise_()

    def flush_typing(self) -> None:
        """Commit what is typed but not yet saved (the notes, another Location's notes), so
        an action, a page switch or closing the window loses nothing."""
        self.notes.flush()
        if self._shape is not None and not self._shape[1]:
            self.location_panel.flush()

    def view_actions(self) -> list[QAction]:
        """For the View menu: show or hide each dock, and keep the screen awake."""
        actions = []
        for dock in self.docks.values():
            action = dock.toggleViewAction()
            action.setText(f"Show {dock.windowTitle()}")
            actions.append(action)
        actions.append(self.reset_layout_action)
        actions.append(self.keep_awake_action)
        return actions

    # Keeping the screen awake ------------------------------------------------------------

    def _keep_awake(self, wanted: bool | None = None) -> None:
        if self.keep_awake_action.isChecked() and self.isVisible():
            self.inhibitor.hold("A game of Final Girl is open")
        else:
            self.inhibitor.release()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._keep_awake()
        self._fit_later()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._keep_awake()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.banner.moment
            and self._keep_moment
            and event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show)
        ):
            self._moment_timer.start()
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape that no control of the page took for itself (a button, a list, the side
        column: they leave it) closes the space's plays. Dialogs and menus are windows of
        their own and keep their Escape; the board and the plays handle theirs."""
        if event.key() == Qt.Key.Key_Escape and self.popover.isVisible():
            focus = QApplication.focusWidget()
            self.popover.close_plays()
            if focus is None or self.popover.isAncestorOf(focus):
                self.board_view.setFocus()
            event.accept()
            return
        super().keyPressEvent(event)

    # Size --------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.side.release()  # another zoom or theme: the column fits its content again
            self._fit_later()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_later()  # the docks take the width the board cannot use, at every size

    def _fit_later(self) -> None:
        self._fit_timer.start()

    def fit_side(self) -> None:
        """The side column as wide as its widest control at the current zoom; docks narrow."""
        self.round_bar.hold_button_widths()
        # The held widths reach the column's measure only once the counters are laid out
        # again: measured before, the column came out 12 px narrower than its counters and
        # cut them at 1280x720.
        for box in self.round_bar.counters.values():
            box.updateGeometry()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.side.fit_width()
        for area in self._dock_areas:
            area.fit_width(fixed=False)
        for bar in self.inner.findChildren(QTabBar):  # the docks' tabs scroll, never squeeze
            bar.setUsesScrollButtons(True)
            bar.setElideMode(Qt.TextElideMode.ElideNone)
        # The board is a square as tall as the page: the docks take the width it cannot use,
        # and give up theirs before the board gives up any (a zoom grows the side column).
        # The dock in front of the right-hand area (History, or the tab raised over it).
        shown = [
            d
            for d in self.docks.values()
            if d.isVisible() and not d.isFloating() and not d.visibleRegion().isEmpty()
        ]
        if not shown:
            return
        dock = shown[0]
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        wanted = dock.width() + self.tabs.width() - self.tabs.height()
        least = dock.minimumSizeHint().width()
        self.inner.resizeDocks([dock], [max(least, wanted)], Qt.Orientation.Horizontal)

    # Showing -----------------------------------------------------------------------------

    def new_session(self) -> None:
        """Another game is opened: nothing of the last one's view carries over (the selected
        space, Spaces and Followers, dismissed reminders, the side column's scroll), and its
        first state is shown as it is, never as news (no tab switch, no animation)."""
        self._shown = None
        self._shape = None  # the new game takes its own shape, tabs and docks
        self.selected_space = None
        self.popover.close_plays()
        self.popover.space = None
        self.board_view.new_session()
        self.board_panel.new_session()
        self.round_bar.new_session()
        self.side.verticalScrollBar().setValue(0)
        self.side.release()
        self._fit_later()

    def show_state(self, state: GameState, *, news: bool | None = None) -> None:
        """Show ``state``.

        ``news=True``: ``state`` is what an action just did. Its typed events (``state.events``)
        say what to react to: a ``slide`` slides the Boiler Room stack, an ``attack`` flashes
        Dr. Fright's quarter, ``fell-asleep`` brings the Boiler Room forward with the keyboard
        focus, ``woke`` brings the table back.

        ``news=False``: ``state`` is shown as it is (undo, redo, a jump in History, a redraw):
        nothing animates; the main region shows the half she is in when that changed.

        ``news=None`` (a caller that does not say): a state other than the one shown is news,
        and when no event says she fell Asleep or woke, the main region still shows the half
        she is in when that changed (as for a state shown as it is). The same state shown
        again is never news.
        """
        previous, self._shown = self._shown, state
        said = news
        fresh = previous is not None and state is not previous
        news = fresh if news is None else news and fresh
        scroll = self.side.verticalScrollBar().value()
        self._hold_column(state, scroll)
        focus = QApplication.focusWidget()
        self.board_panel.space_menu.handed_back = False
        if fresh:
            self._keep_moment = False  # the refusal gives way to what the play did
        if previous is not None and (previous.round, previous.phase) != (state.round, state.phase):
            # The plays beside a space were the last moment's: a new phase or round has its
            # own (a move within the Action phase keeps them open where she went).
            self.popover.close_plays()
        self._take_shape(state)
        fright = state.setup.has_dr_fright
        self.banner.show_state(state)
        if fright:
            self.boiler.show_state(state, news=news)
            self.fright.show_state(state)
        self.round_bar.show_state(state)
        steps_height = self.killer_steps.height() if not self.killer_steps.isHidden() else 0
        self.killer_steps.show_state(state)
        self._hold_steps(state, steps_height)
        self.panic_steps.show_state(state)
        if not self.killer_steps.isHidden():
            # His Killer Action is recorded in one step there, on the board.
            self.round_bar.killer_moves.hide()
            self.round_bar.killer_stays.hide()
        self._show_move_box()
        if news and any(e.kind == "bicycle-choose-street" for e in state.events):
            # Item: Bicycle taken on a Street space: which Street space next to her (asked
            # once the screen shows the new state).
            QTimer.singleShot(0, lambda: self._place_bicycle(state))
        self.setup_card.show_state(state)
        self.legend.set_killer(state.setup.killer)
        self.notes.show_notes(state.notes)
        if not fright:
            self.killer_panel.show_state(state)
        if not state.setup.on_maple_lane:
            self.location_panel.show_state(state)
        if state.setup.on_maple_lane:
            if self.board_view.item.board is not state.board:
                self.board_view.item.board = state.board
            self._redraw_board()
        if fright:
            sleep = [e.kind for e in state.events if e.kind in ("fell-asleep", "woke")]
            if news and sleep and sleep[-1] == "fell-asleep":
                self.tabs.setCurrentWidget(self.dream_tab)  # she fell Asleep
                self.boiler.view.setFocus()
                focus = None
            elif news and sleep:
                self.tabs.setCurrentWidget(self._table())  # she woke up
            elif said is not True and self._sleep_changed(previous, state):
                # No event says so (a state taken back or forward is not an action): the
                # main region shows the half she is in now.
                awake = state.dream.awake
                self.tabs.setCurrentWidget(self._table() if awake else self.dream_tab)
        # A click leaves the focus and the side column's scroll where they were; an entry of
        # the space's plays that now stands for another play gave it back to the board.
        if self.board_panel.space_menu.handed_back:
            focus = None
            self.board_view.setFocus()
        if focus is not None and focus.isVisible() and focus.isEnabled():
            focus.setFocus()
        elif focus is not None:
            # The focused button is gone (Move here once she is there, Accept once his step
            # is recorded): the focus goes back to the board or the Boiler Room in front,
            # never on to the next action button, where a stray Space or Enter would record
            # something.
            for view in (self.board_view, self.boiler.view):
                if view.isVisible():
                    view.setFocus()
                    break
        self.side.verticalScrollBar().setValue(scroll)

    def show_refusal(self, message: str, record_anyway: Callable[[], None] | None = None) -> None:
        """A refused play: its rule in the message of the moment, with "Record anyway" when
        the play can be recorded regardless, in view (``keep_moment_in_view``)."""
        self.banner.show_refusal(message, record_anyway)
        # Followed until the next state is shown: the message's frame grows as the column
        # lays it out (its text wrapped, then Record anyway's row), a pass or two later.
        self._keep_moment = True
        self._moment_timer.start()

    def keep_moment_in_view(self) -> None:
        """The message of the moment whole in the side column's view: when the column holds
        more than its view (a late moment at 1280x720: a Dark Power's rows, a reminder, a
        refusal of five lines), it scrolls down just enough to show the message and its
        Record anyway (the top of the column goes out of view, nothing is left below it)."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        moment, content = self.banner.moment, self.side.widget()
        if content is None or not moment.isVisible():
            return
        bar = self.side.verticalScrollBar()
        top = moment.mapTo(content, QPoint(0, 0)).y()
        layout = content.layout()
        margin = layout.contentsMargins().bottom() if layout is not None else 0
        bottom = top + moment.height() + margin
        shown = self.side.viewport().height()
        if bottom > bar.value() + shown:
            bar.setValue(min(top, bottom - shown))

    def _hold_column(self, state: GameState, scroll: int) -> None:
        """Scrolled down, the side column keeps its height until the phase ends: a shorter
        message at its foot (a long attack's text giving way to "you take 2 damage") let it
        scroll back, and every control above moved down under the pointer (at 150% the
        click meant for "You hit him" landed on Reset). Let go once it all fits the view."""
        content = self.side.widget()
        if content is None:
            return
        scope = (state.round, state.phase)
        if scroll > 0 and scope == self._column_scope:
            content.setMinimumHeight(content.height())
            self._column_timer.start()
        else:
            content.setMinimumHeight(0)
        self._column_scope = scope

    def _let_column_go(self) -> None:
        """The held height goes when the column's content fits its view without it."""
        content = self.side.widget()
        if content is None or content.minimumHeight() == 0:
            return
        layout = content.layout()
        natural = content.minimumSizeHint().height()
        if layout is not None and layout.hasHeightForWidth():
            natural = max(natural, layout.totalHeightForWidth(content.width()))
        if natural <= self.side.viewport().height():
            content.setMinimumHeight(0)

    def _hold_steps(self, state: GameState, height: int) -> None:
        """His Killer Action's step, once recorded, leaves its room empty until the Terror
        card is drawn: the controls under it (the Terror card) stay where the player saw them,
        and no other control comes up under the pointer that clicked Accept."""
        scope = (state.round, state.phase)
        room, steps = self.steps_room, self.killer_steps
        if not steps.isHidden():
            self._steps_held = (scope, 0)
            room.setMinimumHeight(0)
            room.show()
            return
        held = self._steps_held
        # Held while the Terror card it guards is still to draw: after it, the room goes to
        # the message of the moment (a Boiler Room attack's was cut at 1366x768 under it).
        due = state.finale is None and not state.terror_this_round
        if held is not None and held[0] == scope and max(held[1], height) > 0 and due:
            # ``height``: the step's, as it was laid out before this state hid it.
            self._steps_held = (scope, max(held[1], height))
            room.setMinimumHeight(self._steps_held[1])
            room.show()
            return
        self._steps_held = None
        room.setMinimumHeight(0)
        room.hide()

    @staticmethod
    def _sleep_changed(previous: GameState | None, state: GameState) -> bool:
        return previous is not None and previous.dream.awake != state.dream.awake

    def _take_shape(self, state: GameState) -> None:
        """The screen takes the shape of the game: which halves of the box are in it."""
        shape = (state.setup.has_dr_fright, state.setup.on_maple_lane)
        if shape == self._shape:
            return
        self._shape = shape
        fright, maple = shape
        self.fright.setVisible(fright)
        self.boiler.mode_row.setVisible(fright)
        self.killer_region.setVisible(not fright)
        # With Dr. Fright the main region switches between his Boiler Room and the Location.
        self.view_switch.setVisible(fright)
        self._name_switch(self.show_board_button, state.setup.location)
        self.docks["items"].setVisible(maple)
        self.docks["items"].toggleViewAction().setVisible(maple)
        self.docks["legend"].setVisible(maple)
        self.docks["legend"].toggleViewAction().setVisible(maple)
        if maple:
            self.tabs.setCurrentWidget(
                self.dream_tab if fright and not state.dream.awake else self.board_tab
            )
        elif fright:
            self.tabs.setCurrentWidget(self.dream_tab)
        else:
            self.tabs.setCurrentWidget(self.location_region)
        self._page_changed()
        self.docks["history"].raise_()
        self._fit_later()

    def _page_changed(self, _index: int = 0) -> None:
        page = self.tabs.currentWidget()
        if page is not self.board_tab:
            self.popover.close_plays()
        self.tabs.place_corner()
        self._show_move_box()
        self.board_panel.setVisible(page is self.board_tab)
        self.boiler.setVisible(page is self.dream_tab)
        self.show_board_button.setChecked(page is self._table())
        self.show_boiler_button.setChecked(page is self.dream_tab)

    def select_space(self, space: str) -> None:
        if space != self.popover.space:
            self.popover.close_plays()  # the arrow keys moved on: Return opens the new one's
        self.selected_space = space
        self._redraw_board()

    def open_plays(self, space: str, *, focus: bool = False) -> None:
        """The space's plays, beside it on the board (a click, Return, or where she moved);
        ``focus``: the first play takes the keyboard focus (Return opened them)."""
        self.selected_space = space
        self._redraw_board()
        self._place_popover(space)
        if focus:
            self.popover.focus_first()

    def _refit_popover(self) -> None:
        space = self.popover.space
        if self.popover.isVisible() and space is not None:
            self._place_popover(space)

    def _place_popover(self, space: str) -> None:
        view = self.board_view
        rect = QRectF(view.mapFromScene(view.item.space_rect(space)).boundingRect())
        self.popover.open_at(space, rect)

    def _show_move_box(self) -> None:
        """Walk / Sprint, and falling Asleep, only in the Action phase, when she plays them."""
        state = self._shown
        if state is None:
            return
        action = state.phase == "action"
        self.board_panel.move_box.setVisible(action)
        self.boiler.sleep_row.setVisible(action and state.setup.has_dr_fright and state.dream.awake)

    def _place_bicycle(self, state: GameState) -> None:
        if state is not self._shown:
            return
        placed = BicycleDialog.ask(self, state)
        if placed is not None:
            self.act_requested.emit(placed)

    def _place(self, piece: str, space: str) -> None:
        """His token dragged: in the Killer phase, where his Killer Action took him; else a
        free edit (Put him here)."""
        if piece != "dr fright":
            return
        state = self._shown
        if state is not None and killer_step_offered(state) and self._killer_dragged(state, space):
            return
        self.act_requested.emit(Place(piece="dr fright", space=space))

    def _killer_dragged(self, state: GameState, space: str) -> bool:
        """His Killer Action, as the drag shows it: he moved there (as many move icons as the
        spaces he went, at least) and attacks as his card says. Recorded at once when it
        ends there and the rules allow it; else the Killer step shows what it would do."""
        start = state.table.killer
        distance = state.board.distances_from(start).get(space) if start is not None else None
        steps = self.killer_steps
        if distance is None or steps.isHidden():
            return False
        if not everyone_must_die_now(state) and distance > steps.moves.value():
            steps.moves.setValue(distance)  # the step plans again
        steps.space_chosen(space)
        plan = steps.plan
        ends = [r.space for r in plan.records if isinstance(r, KillerToStep)] if plan else []
        # Recorded at once only when the drag said all there is to say: he ends there, and
        # nothing else is left open (her damage after her defence is hers to say).
        settled = plan is not None and all(
            choice.key == "end" or len(choice.options) == 1 for choice in plan.choices
        )
        if plan is not None and settled and ends and ends[-1] == space and plan.verdict.allowed:
            steps.accept.click()
        return True

    def _victims_dragged(self, who: str, source: str, target: str) -> None:
        """A Victim dragged to another space: one Victim moves there (they panic in the Panic
        phase)."""
        state = self._shown
        kind = next((k for k in ("victim", "smalley", "boyfriend") if k == who), None)
        if state is None or kind is None:
            return
        self.act_requested.emit(
            MoveVictims(
                source=source, target=target, count=1, panic=state.phase == "panic", who=kind
            )
        )

    def _redraw_board(self) -> None:
        state = self._shown
        if state is None or not state.setup.on_maple_lane:
            return
        steps = self.board_panel.steps.value()
        # Reachable spaces are outlined only while the model lets her move there.
        answers = moves(state, steps)
        highlighted = {
            space: cost
            for space, cost in reachable(state, steps).items()
            if answers[space].verdict.allowed
        }
        self.board_view.show_state(
            state, self.selected_space, highlighted, set(convince_targets(state))
        )
        self.board_panel.show_state(state, self.selected_space)
        self._show_move_box()
        space = self.popover.space
        if self.popover.isVisible() and space is not None:
            if space == self.selected_space:
                self._place_popover(space)  # its plays changed: its size may have
            else:
                self.popover.close_plays()
