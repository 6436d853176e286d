"""The game screen, board first: the main region (the board, the Boiler Room deck while she
plays it, or another Location's panel) beside the side column (the round, the counters, the
Awake/Asleep banner, the phase's checklist, the actions); History and the other panels are
docks the player can hide, move or float, their arrangement kept (``save_layout``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QHideEvent, QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QHBoxLayout, QVBoxLayout, QWidget

from frightmare.i18n import _, pgettext
from frightmare.model import GameState
from frightmare.model.box.board import default_board
from frightmare.model.game.changes import EVERYTHING, Changes
from frightmare.ui.game.board.board_controller import BoardController
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.board_view import BoardView
from frightmare.ui.game.board.legend import BoardLegend, LegendArea
from frightmare.ui.game.column_hold import ColumnHold
from frightmare.ui.game.dream.awake_banner import AwakeBanner
from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.game.history_panel import HistoryPanel
from frightmare.ui.game.other_table import OtherTable
from frightmare.ui.game.overview import GameOverview, NotesEditor, SetupCard
from frightmare.ui.game.page_changes import dream_changed, sleep_changed
from frightmare.ui.game.page_docks import PageDocks
from frightmare.ui.game.regions import MainRegion, SideColumn, ViewSwitch, scrolling
from frightmare.ui.game.round_bar import RoundBar
from frightmare.ui.game.steps.item_steps import BicycleDialog
from frightmare.ui.game.steps.killer_steps import KillerStepPanel, PanicStepPanel
from frightmare.ui.game.steps.round_end import RoundEnd
from frightmare.ui.keep_awake import ScreenInhibitor

if TYPE_CHECKING:  # made when a game first shows them (``OtherTable``)
    from frightmare.ui.game.killer_panel import KillerPanel
    from frightmare.ui.game.location_panel import LocationPanel


def marks_shown(view: BoardView, region: MainRegion) -> list[QRect]:
    """Where the board draws every space's Victim count (two digits wide) and name, in the
    main region's coordinates, while the board is in front: the view switch keeps clear (it
    covered the south-east House's name at 150%, "am Südausgang" in German)."""
    if region.currentWidget() is not view:
        return []
    offset = view.viewport().mapTo(region, QPoint(0, 0))
    marks = view.item.marks()
    return [view.mapFromScene(mark).boundingRect().translated(offset) for mark in marks]


class GamePage(QWidget):
    """The main region (board, Boiler Room or Location) beside the side column; docks around."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fit_timer = QTimer(self)  # dies with the page: never fires on a deleted one
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit)
        self._fit_whole = True  # the next fit measures the side column too (not only docks)
        self._shown: GameState | None = None
        self.asked_by: QObject | None = None  # the panel whose play is being acted on
        self._shape: tuple[bool, bool] | None = None
        self.banner = AwakeBanner()
        self.round_bar = RoundBar()
        self.boiler = BoilerRoomPanel()
        overview = self.overview = GameOverview(self.boiler.mode_row)
        self.fright = FrightPanel()
        self._build_board()
        self._build_other_table()
        self._build_main_region()
        central = self._build_central()
        self._build_docks(central, overview)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.inner)
        self._build_actions()
        for panel in (
            self.banner,
            self.boiler,
            self.fright,
            self.board_panel,
            self.round_bar,
            self.killer_steps,
            self.panic_steps,
            self.board,  # what a drag on the board plays
        ):
            # Which panel asked (first): a refusal of the round bar's keeps it in view.
            panel.act_requested.connect(lambda _a, p=panel: setattr(self, "asked_by", p))
            panel.act_requested.connect(self.act_requested)
        # A click that settles the last thing the round owes ends it (issue 31).
        self.round_end = RoundEnd(self.round_bar, self.banner.news, self)
        self.panic_steps.watch_click = self.round_end.watch
        for button in (self.panic_steps.accept, *self.boiler.arrows.values()):
            self.round_end.watch(button)  # after their own slots: the play is recorded first
        self._fit_later()

    @property
    def setup_card(self) -> SetupCard:
        return self.overview.setup_card  # made when first asked for (``GameOverview``)

    @property
    def notes(self) -> NotesEditor:
        return self.overview.notes

    def _build_board(self) -> None:
        """Maple Lane: the board, its panel and the plays beside a space, and the Killer
        phase's steps (his Killer Action, Panic) in the phase's panel."""
        self.board_view = BoardView(default_board())
        self.board_panel = BoardPanel()
        # The Killer phase's steps (issue 20, cards'): his Killer Action, Panic.
        self.killer_steps = KillerStepPanel()
        self.panic_steps = PanicStepPanel()
        self.panic_steps.then = self.round_bar.next_phase  # the Panic recorded: on to Upkeep
        self.board = BoardController(
            self.board_view,
            self.board_panel,
            self.killer_steps,
            shown=lambda: self._shown,
            redrawn=self._show_move_box,
            parent=self,
        )
        self.popover = self.board.popover
        self.board_view.space_selected.connect(self.killer_steps.space_chosen)
        self.board_view.space_selected.connect(self.round_bar.space_chosen)  # cards: Terror
        # They sit in the phase's panel, under its checklist, where the phase's own buttons
        # are (the Killer Action's two buttons give way to them on the board).
        phase_layout = self.round_bar.phase_panel.layout()
        # His step keeps its room in the Killer phase once recorded (``ColumnHold``): the
        # Terror card under it stays under the pointer that clicked Accept.
        self.steps_room = QWidget()
        steps_room = QVBoxLayout(self.steps_room)
        steps_room.setContentsMargins(0, 0, 0, 0)
        steps_room.addWidget(self.killer_steps)
        if isinstance(phase_layout, QVBoxLayout):
            phase_layout.insertWidget(1, self.steps_room)
            phase_layout.insertWidget(2, self.panic_steps)
            # The reminders go to the foot of the column (below).
            phase_layout.removeWidget(self.round_bar.reminder_box)
        self.board_panel.event_refused.connect(self.show_refusal)

    def _build_other_table(self) -> None:
        """Another Location's plain table fills the main region; another Killer's panel sits
        in the side column (made when a game first shows them: ``OtherTable``)."""
        self.other_table = OtherTable(self.act_requested)
        self.location_region = self.other_table.location_region
        self.killer_region = self.other_table.killer_region

    @property
    def location_panel(self) -> LocationPanel:
        return self.other_table.location_panel

    @property
    def killer_panel(self) -> KillerPanel:
        return self.other_table.killer_panel

    def _build_main_region(self) -> None:
        """The main region's pages, and the switch between the two halves over its corner."""
        # The main region. (``tabs``, ``board_tab`` and ``dream_tab`` keep their old names.)
        self.board_tab: QWidget = self.board_view
        self.dream_tab = QWidget()
        dream_layout = QVBoxLayout(self.dream_tab)
        dream_layout.setContentsMargins(0, 0, 0, 0)
        dream_layout.addWidget(self.boiler.view, 1)
        self.tabs = MainRegion()
        self.tabs.setAccessibleName(_("Table"))
        for page in (self.board_tab, self.dream_tab, self.location_region):
            self.tabs.addWidget(page)
        self.tabs.currentChanged.connect(self._page_changed)

        self.view_switch = ViewSwitch(self.tabs)
        self.tabs.keep_clear = lambda: marks_shown(self.board_view, self.tabs)
        self.board_view.resized.connect(self.tabs.place_corner)
        self.show_board_button = self.view_switch.board_button
        self.show_boiler_button = self.view_switch.boiler_button
        self.show_board_button.clicked.connect(lambda: self.tabs.setCurrentWidget(self._table()))
        self.show_boiler_button.clicked.connect(lambda: self.tabs.setCurrentWidget(self.dream_tab))

    def _build_central(self) -> QWidget:
        """The main region beside the side column (which holds still under the pointer)."""
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
            self.boiler,
            # His attacks under each half's row, the board's after: the Asleep attack rows
            # sit where *You attack* sits Awake (issue 31: they sat 24 px off).
            self.fright,
            self.board_panel,
            self.killer_region,
            # The reminders are messages too: above the message of the moment, where one
            # that appears (Last Health, after a hit) pushes no control down.
            self.round_bar.reminder_box,
        ):
            column.addWidget(widget)
        column.addWidget(self.banner.moment, 1)
        self.side = SideColumn(side)
        self.side.outgrown.connect(self._fit_later)
        self.column = ColumnHold(
            self.side, self.banner.moment, self.steps_room, self.killer_steps, self
        )
        self.column.fold(self.banner, self.fright, self.boiler, self.round_bar, self.killer_steps)
        central = QWidget()
        row = QHBoxLayout(central)
        row.setContentsMargins(2, 2, 2, 2)
        row.setSpacing(4)
        row.addWidget(self.tabs, 1)
        row.addWidget(self.side)
        return central

    def _build_docks(self, central: QWidget, overview: QWidget) -> None:
        """History, Items, Game and Legend: docks around the table, in a main window of the
        page's own (the app's window keeps its menus)."""
        self.history = HistoryPanel()
        self.legend_area = LegendArea()  # its legend made when its tab is first shown
        areas = [scrolling(self.board_panel.items_events), self.legend_area]
        self.page_docks = PageDocks(
            central,
            (
                ("history", _("History"), self.history),
                ("items", _("Items"), areas[0]),
                ("game", pgettext("panel", "Game"), overview),
                ("legend", _("Legend"), areas[1]),
            ),
            areas,
            refit=self._fit_later,
            # Behind History at a launch: made when first shown (or asked for).
            later={
                "items": self.board_panel.build_extras,
                "game": self.overview.build,
                "legend": self.legend_area.build,
            },
        )
        self.inner, self.docks = self.page_docks.inner, self.page_docks.docks

    @property
    def legend(self) -> BoardLegend:
        return self.legend_area.legend

    def _build_actions(self) -> None:
        """The View menu's own: Reset the panels, Keep the screen awake."""
        # Text as a keyword: QAction(text, self) makes QIcon's class (``window_menus._action``).
        self.reset_layout_action = QAction(self, text=_("&Reset the panels"))
        self.reset_layout_action.setToolTip(
            _("Put History, Items, Game and Legend back where they were at first, docked and shown")
        )
        self.reset_layout_action.triggered.connect(self.reset_layout)
        self.keep_awake_action = QAction(self, text=_("Keep the screen &awake"), checkable=True)
        self.keep_awake_action.setChecked(True)
        self.keep_awake_action.setToolTip(
            _(
                "While a game is open, ask the desktop not to blank the screen "
                "(where it offers that)"
            )
        )
        self.keep_awake_action.toggled.connect(self.keep_screen_awake)
        self.inhibitor = ScreenInhibitor()
        self.awake_later = False  # replacing a first frame: asked once ready (GameOpening)

    def _table(self) -> QWidget:
        """The Location's page of the main region: the board on Maple Lane, else the panel."""
        maple = self._shape is None or self._shape[1]
        return self.board_tab if maple else self.location_region

    # The lead's seams --------------------------------------------------------------------

    def save_layout(self) -> str:
        """The docks' arrangement, as text to keep in the settings."""
        return self.page_docks.save()

    def restore_layout(self, saved: str) -> bool:
        """Put the docks back as ``save_layout`` described them (False: kept as they are)."""
        restored = self.page_docks.restore(saved)
        if restored and self._shown is not None:
            self._shape = None  # the game's shape wins over the saved arrangement
            self._take_shape(self._shown)
        return restored

    def reset_layout(self) -> None:
        """The panels as at first, docked, tabbed, shown (the View menu's Reset the panels)."""
        self.restore_layout(self.page_docks.default)
        self.page_docks.show_all()

    def flush_typing(self) -> None:
        """Commit the notes typed but not saved: an action or a close loses nothing."""
        self.overview.flush()
        if self._shape is not None and not self._shape[1]:
            self.location_panel.flush()

    def view_actions(self) -> list[QAction]:
        """For the View menu: show or hide each dock, and keep the screen awake."""
        return [*self.page_docks.actions(), self.reset_layout_action, self.keep_awake_action]

    def keep_screen_awake(self, wanted: bool | None = None) -> None:
        """Held while the page is shown, if wanted (``awake_later``: once ready for play)."""
        if self.keep_awake_action.isChecked() and self.isVisible():
            self.inhibitor.hold("A game of Final Girl is open")
        else:
            self.inhibitor.release()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.awake_later:
            self.keep_screen_awake()
        self._fit_later()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.keep_screen_awake()

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
        # The docks fit in this pass (at the loop's next turn, each size was painted twice);
        # a whole fit (the column measured too, after a zoom or a theme) waits for its turn.
        waiting = self._fit_whole or not self.isVisible()
        self._fit_later(whole=False) if waiting else self.page_docks.fit(self.tabs)

    def _fit_later(self, whole: bool = True) -> None:
        self._fit_whole = self._fit_whole or whole
        self._fit_timer.start()

    def _fit(self) -> None:
        self.fit_side() if self._fit_whole else self.page_docks.fit(self.tabs)

    def fit_side(self) -> None:
        """The side column as wide as its widest control at the current zoom; docks narrow."""
        self._fit_whole = False
        fit_column(self, self._shown)

    # Showing -----------------------------------------------------------------------------

    def new_session(self) -> None:
        """Another game is opened: nothing of the last one's view carries over (the selected
        space, Spaces and Followers, dismissed reminders, the side column's scroll), and its
        first state is shown as it is, never as news (no tab switch, no animation)."""
        self._shown = None
        self._shape = None  # the new game takes its own shape, tabs and docks
        self.board.selected_space = None
        self.popover.close_plays()
        self.popover.space = None
        self.board_view.new_session()
        self.board_panel.new_session()
        self.round_bar.new_session()
        self.side.verticalScrollBar().setValue(0)
        self.side.release()
        self._fit_later()

    def show_state(
        self, state: GameState, *, news: bool | None = None, changes: Changes | None = None
    ) -> None:
        """Show ``state``; ``changes``: what changed since it (``None``: anything).

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
        self.column.hold_column(state, scroll)
        focus = QApplication.focusWidget()
        self.board_panel.space_menu.handed_back = False
        if fresh:
            self.column.let_moment_go()  # the refusal gives way to what the play did
            self.asked_by = None
        if previous is not None and (previous.round, previous.phase) != (state.round, state.phase):
            # The plays beside a space were the last moment's: a new phase or round has its
            # own (a move within the Action phase keeps them open where she went).
            self.popover.close_plays()
        self._take_shape(state)
        if changes is None or previous is None:
            changes = EVERYTHING
        self._show_panels(state, news, changes)
        if state.setup.has_dr_fright and self._show_half(previous, state, said=said, news=news):
            focus = None  # she fell Asleep: the Boiler Room took the focus
        keep_focus(self, focus)
        self.side.verticalScrollBar().setValue(scroll)

    def _show_panels(self, state: GameState, news: bool, changes: Changes) -> None:
        """Every panel of the page whose part ``changes`` names shows ``state`` (``news``:
        what an action just did)."""
        fright = state.setup.has_dr_fright
        self.banner.show_state(state)
        if fright and dream_changed(state, changes):
            self.boiler.show_state(state, news=news)
            self.fright.show_state(state)
        self.round_bar.show_state(state)
        steps_height = self.killer_steps.height() if not self.killer_steps.isHidden() else 0
        self.killer_steps.show_state(state)
        self.column.hold_steps(state, steps_height)
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
        if "game" in changes:
            self.legend_area.set_killer(state.setup.killer)
        notes = changes.any("notes", "game")
        self.overview.show_state(state, game="game" in changes, notes=notes)
        if not fright:
            self.killer_panel.show_state(state)
        if not state.setup.on_maple_lane:
            self.location_panel.show_state(state)
        if state.setup.on_maple_lane:
            if self.board_view.item.board is not state.board:
                self.board_view.item.board = state.board
            self.board.redraw(None if changes.everything else changes.spaces)
            self.board_view.show_lasting(state, changes)  # the effects in force (issue 31)

    def _show_half(
        self, previous: GameState | None, state: GameState, *, said: bool | None, news: bool
    ) -> bool:
        """The main region shows the half she is in: the Boiler Room when she fell Asleep
        (True: it took the keyboard focus), the table when she woke."""
        sleep = [e.kind for e in state.events if e.kind in ("fell-asleep", "woke")]
        if news and sleep and sleep[-1] == "fell-asleep":
            self.tabs.setCurrentWidget(self.dream_tab)  # she fell Asleep
            self.boiler.view.setFocus()
            return True
        if news and sleep:
            self.tabs.setCurrentWidget(self._table())  # she woke up
        elif said is not True and sleep_changed(previous, state):
            # No event says so (a state taken back or forward is not an action): the
            # main region shows the half she is in now.
            awake = state.dream.awake
            self.tabs.setCurrentWidget(self._table() if awake else self.dream_tab)
        return False

    def show_refusal(self, message: str, record_anyway: Callable[[], None] | None = None) -> None:
        """A refused play: its rule in the message of the moment, with "Record anyway" when
        the play can be recorded regardless, in view (``ColumnHold.keep_moment_in_view``)."""
        self.banner.show_refusal(message, record_anyway)
        self.column.follow_moment(keep_top=self.asked_by is self.round_bar)
        self.asked_by = None

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
        self.view_switch.name_table(state.setup.location)
        self.page_docks.show_only(shown=maple, keys=("items", "legend"))
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

    # The board's seams -------------------------------------------------------------------

    @property
    def selected_space(self) -> str | None:
        """The space selected on the board (its plays open beside it)."""
        return self.board.selected_space

    def select_space(self, space: str) -> None:
        self.board.select_space(space)

    def open_plays(self, space: str, *, focus: bool = False) -> None:
        """The space's plays, beside it on the board; ``focus``: the first play takes the
        keyboard focus."""
        self.board.open_plays(space, focus=focus)


def keep_focus(page: GamePage, focus: QWidget | None) -> None:
    """A click leaves the focus where it was (and the side column's scroll); an entry of
    the space's plays that now stands for another play gave it back to the board."""
    if page.board_panel.space_menu.handed_back:
        focus = None
        page.board_view.setFocus()
    if focus is not None and focus.isVisible() and focus.isEnabled():
        focus.setFocus()
    elif focus is not None:
        # The focused button is gone (Move here once she is there, Accept once his step
        # is recorded): the focus goes back to the board or the Boiler Room in front,
        # never on to the next action button, where a stray Space or Enter would record
        # something.
        for view in (page.board_view, page.boiler.view):
            if view.isVisible():
                view.setFocus()
                break


def fit_column(page: GamePage, shown: GameState | None) -> None:
    """``GamePage.fit_side`` (``shown``: the state on screen): its parts measured as they
    are now, then the side column as wide as its widest control; the docks narrow."""
    # Measured as styled now (a launch styles the game screen once it is built).
    page.boiler.fit_sleep()
    if shown is not None and shown.setup.has_dr_fright:
        page.banner.fit_line()
    page.round_bar.hold_button_widths()
    # The held widths reach the column's measure only once the counters are laid out
    # again: measured before, the column came out 12 px narrower than its counters and
    # cut them at 1280x720.
    for box in page.round_bar.counters.values():
        box.updateGeometry()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    # The phases' pills measured again against the counters as laid out now: at a
    # launch at scale 2 they were measured against the counters before these were short
    # (345 px, then 321 in Polish), stayed whole on one row, and held the column 37 px
    # wider than its content.
    page.round_bar.hold_button_widths()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    page.side.fit_width()
    page.page_docks.fit(page.tabs)
