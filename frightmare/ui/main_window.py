"""The main window: the session picker, the game screen, the menus."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QPoint, QRect, QSize, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QPaintEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
)

from frightmare import APP_NAME, __version__
from frightmare.model.errors import RuleViolation
from frightmare.store import (
    Session,
    SessionFileError,
    SessionStore,
    Settings,
    save_settings,
)
from frightmare.store.games.game_file import ReadOnlySession
from frightmare.store.games.lock import SessionLocked
from frightmare.store.settings import WINDOW_STATE_LIMIT
from frightmare.ui.record.desk import RecordDesk
from frightmare.ui.theme import apply_style_sheet, apply_theme, next_zoom, set_style_property

if TYPE_CHECKING:
    from frightmare.model import Action, GameSetup, GameState
    from frightmare.model.actions import CounterName
    from frightmare.model.record.collection import Collection
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.ui.first_frame import FirstFrame
    from frightmare.ui.game.edit_table import EditTableDialog
    from frightmare.ui.game.game_page import GamePage
    from frightmare.ui.setup.picker import SessionPicker

# The rules' action classes, the game screen and the dialogs are imported where they are
# used: start-up shows the session picker, which needs none of them.


# The first launch's size, if the screen has the room (``fit_to_screen``).
DEFAULT_SIZE = QSize(1200, 800)
MENU_COUNTERS: tuple[CounterName, ...] = ("time", "health", "horror", "bloodlust", "killer health")
# Before a game is open the menus name no Killer.
NO_GAME_TITLES: dict[str, str] = {
    "time": "Time",
    "health": "Health",
    "horror": "Horror",
    "bloodlust": "Bloodlust",
    "killer health": "The Killer's Health",
}


# Start-up paints a game from its snapshot; its History, replayed right after, had another.
JOURNAL_WINS = (
    "This game was first shown from its quick-start copy, which did not match its History: "
    "it now shows the game as its History has it. Nothing was lost."
)


def _counter_text(title: str, delta: int) -> str:
    return f"{title} {'+1' if delta > 0 else '−1'}"


def default_name(setup: GameSetup, taken: set[str], today: date | None = None) -> str:
    """A distinct name for a new game: "Nancy vs Dr. Fright, 30 Nov" (then "(2)", "(3)")."""
    day = today or date.today()
    base = f"{setup.final_girl} vs {setup.killer}, {day.day} {day:%b}"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base} ({n})"
    return name


def _file_safe(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip()
    return (cleaned or "session")[:60]


class _DropInput(QObject):
    """Drops the clicks, wheel turns and keys it sees (counted): installed on the application
    while a game's first frame gives way to its game screen."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = 0
        kind = QEvent.Type  # named here, after the first paint (ui/qt_values.py)
        self._input = frozenset(
            (
                *(kind.MouseButtonPress, kind.MouseButtonRelease, kind.MouseButtonDblClick),
                *(kind.Wheel, kind.KeyPress, kind.KeyRelease, kind.ShortcutOverride),
                *(kind.TouchBegin, kind.TouchUpdate, kind.TouchEnd, kind.ContextMenu),
            )
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in self._input:
            if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
                self.dropped += 1  # a click or a key, counted once
            return True
        return False


class MainWindow(QMainWindow):
    def __init__(
        self,
        store: SessionStore,
        settings: Settings,
        *,
        headless: bool = False,
        picker: bool = True,
    ) -> None:
        """``picker=False`` (start-up into a game in progress): the saved-games list is built
        when first shown, not before the game's first paint."""
        super().__init__()
        self.store = store
        self.settings = settings
        # A smoke run never blocks on a modal box: warnings go to stderr.
        self.headless = headless
        self.session: Session | None = None
        # Games left while their save was failing: kept here, never reloaded from the stale
        # copy on disk, retried after every change and at quit.
        self._parked: dict[str, Session] = {}
        self.first_paint: float | None = None
        self._told_settings = False  # preferences that cannot be saved are said once
        # Start-up into a game in progress: its screen is painted before History's rows are
        # laid out (build_window sets it; they follow right after the first paint).
        self.paint_first = False
        self._fitted_shown = False
        self._fitted_frame = QSize(0, 0)  # the window manager's frame it was fitted with
        self.setObjectName("mainWindow")
        self.setMinimumSize(720, 480)

        # Each widget is made inside its parent: one moved into a styled window afterwards is
        # styled again, about 1.5 ms of start-up for the picker.
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        self._picker: SessionPicker | None = None
        self._game: GamePage | None = None
        self._edit_dialog: EditTableDialog | None = None
        # The game opened at launch and its first frame, until the game screen replaces it.
        self._first_frame: tuple[Session, FirstFrame] | None = None
        self._closed = False  # closed by the player (its games put down)
        # While the game screen that follows a first frame is built: a long game's History
        # rows are laid out once it is on screen.
        self._rows_later = False
        self.desk = RecordDesk(
            self, store, headless=headless, warn=self.warn, imported=self._imported
        )

        bar = self.statusBar()
        self.save_label = QLabel(bar)
        self.save_label.setAccessibleName("Save status")
        self.retry_button = QPushButton(bar)  # not (text, bar): see _action
        self.retry_button.setText("Try saving again")
        self.retry_button.clicked.connect(self.retry_save)
        self.retry_button.hide()
        self.result_label = QLabel(bar)
        self.result_label.setObjectName("gameResult")
        self.result_label.setAccessibleName("Game result")
        self.result_label.hide()
        bar.addPermanentWidget(self.result_label)
        bar.addPermanentWidget(self.save_label)
        bar.addPermanentWidget(self.retry_button)

        self._build_menus()
        # Qt refuses a geometry saved on a screen of another size (or a damaged one): the
        # window then opens at the first launch's size, not at its minimum.
        saved = QByteArray.fromBase64(settings.geometry.encode()) if settings.geometry else None
        if saved is None or not self.restoreGeometry(saved):
            self.resize(DEFAULT_SIZE)
        self.fit_to_screen()
        self.desk.record_waiting_games()
        if picker:
            self.show_picker()

    def fit_to_screen(self) -> None:
        """Keep the window on its screen: at most the screen's free area (less the frame the
        window manager adds, once known), moved inside it. A first launch on a 720-pixel
        screen, or a size remembered from a bigger screen, would put New game off-screen."""
        if self.isMaximized() or self.isFullScreen():
            return
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        room = QSize(area.width() - frame.width(), area.height() - frame.height())
        size = self.size().boundedTo(room).expandedTo(self.minimumSize())
        if size != self.size():
            self.resize(size)
        frame_rect = self.frameGeometry()
        left = min(max(frame_rect.left(), area.left()), area.right() + 1 - frame_rect.width())
        top = min(max(frame_rect.top(), area.top()), area.bottom() + 1 - frame_rect.height())
        if (left, top) != (frame_rect.left(), frame_rect.top()):
            self.move(max(left, area.left()), max(top, area.top()))

    # Menus ------------------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence] | None = None,
        tip: str = "",
    ) -> QAction:
        # Not QAction(text, self), nor setShortcut: PySide would weigh the overloads that take
        # an icon or a Qt.Key, making those classes before the first paint (see qt_values).
        action = QAction(self)
        action.setText(text)
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        elif shortcut is not None:
            # A standard key gets the platform's main binding only: its whole list adds media
            # keys and Sun's F14, which Help would then list.
            action.setShortcuts([QKeySequence(shortcut)])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.new_action = self._action(
            "&New game…", self.new_game, QKeySequence.StandardKey.New, "Start a new game"
        )
        self.sessions_action = self._action(
            "&Sessions…", self.show_picker, QKeySequence.StandardKey.Open, "Your saved games"
        )
        self.rename_action = self._action("&Rename…", self.rename_current, "F2")
        self.export_action = self._action(
            "&Export…", self.export_current, "Ctrl+E", "Save this game to a file"
        )
        self.import_action = self._action(
            "&Import…", self.import_session, "Ctrl+I", "Add a game saved by Export"
        )
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        # record's entry (issue 22): a random game from the boxes owned.
        self.roll_action = self._action(
            "Roll the &film…",
            self.roll_film,
            "Ctrl+Shift+N",
            "A random game from the boxes you own, preferring what you have not played",
        )
        for action in (self.new_action, self.roll_action, self.sessions_action):
            game.addAction(action)
        game.addAction(self.rename_action)
        self.box_action = self._action(
            "&Box values…", self.edit_box_values, tip="Correct the box's numbers for this game"
        )
        self.playlog_action = self._action(
            "Export the &play log (CSV)…", self.export_play_log, tip="Every finished game"
        )
        self.summary_action = self._action(
            "Game &summary…", self.show_summary, tip="The finished game's summary, again"
        )
        self.stats_action = self._action(
            "S&tatistics…",
            self.show_statistics,
            "Ctrl+Shift+S",
            "Your win rates beside the community's, results over time, achievements",
        )
        self.import_log_action = self._action(
            "Import a play &log…",
            self.import_play_log,
            tip="Merge games logged elsewhere (CSV or this app's JSON lines) into your record",
        )
        game.addAction(self.box_action)
        game.addAction(self.summary_action)
        game.addSeparator()
        game.addAction(self.stats_action)
        # record's entries (issue 22): the boxes owned.
        self.collection_action = self._action(
            "Your &collection…",
            self.edit_collection,
            tip="Tick the Final Girl boxes you own: their Killers, Locations and Final Girls "
            "are offered by name",
        )
        game.addAction(self.collection_action)
        game.addSeparator()
        game.addAction(self.export_action)
        game.addAction(self.import_action)
        game.addAction(self.playlog_action)
        game.addAction(self.import_log_action)
        game.addSeparator()
        game.addAction(self.quit_action)

        edit = bar.addMenu("&Edit")
        self.undo_action = self._action("&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(
            "&Redo",
            self.redo,
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")],
        )
        self.edit_table_action = self._action(
            "Edit the &table…",
            self.edit_table,
            "Ctrl+Shift+E",
            "Put the app right when it and the table disagree (each change can be undone)",
        )
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(self.edit_table_action)

        view = bar.addMenu("&View")
        self.zoom_in_action = self._action(
            "Zoom &in", lambda: self.zoom(+1), [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")]
        )
        self.zoom_out_action = self._action("Zoom &out", lambda: self.zoom(-1), "Ctrl+-")
        self.zoom_reset_action = self._action("&Actual size", lambda: self.zoom(0), "Ctrl+0")
        self.full_screen_action = self._action(
            "&Full screen", self.toggle_full_screen, [QKeySequence("F11")]
        )
        self.full_screen_action.setCheckable(True)
        self.dark_action = self._action("&Dark theme", self.toggle_dark, "Ctrl+Shift+D")
        self.dark_action.setCheckable(True)
        self.dark_action.setChecked(self.settings.dark)
        self._name_zoom()
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            view.addAction(action)
        view.addSeparator()
        view.addAction(self.full_screen_action)
        view.addAction(self.dark_action)
        view.addSeparator()
        self.animate_action = self._action("&Animate slides", self.toggle_animations)
        self.animate_action.setCheckable(True)
        self.animate_action.setChecked(self.settings.animations)
        self.hint_action = self._action("Show the &best slide", self.toggle_hints, "Ctrl+H")
        self.hint_action.setCheckable(True)
        self.hint_action.setChecked(self.settings.hints)
        view.addAction(self.animate_action)
        view.addAction(self.hint_action)
        # The game screen's docks and Keep awake join when the game screen is first built.
        self.view_menu = view

        play = bar.addMenu("&Play")
        self.next_phase_action = self._action(
            "&Next phase", self.next_phase, [QKeySequence("Ctrl+Return")]
        )
        self.boiler_focus_action = self._action(
            "&Boiler Room (arrow keys slide)", self.focus_boiler_room, "Ctrl+B"
        )
        self.board_focus_action = self._action(
            "Maple &Lane board (arrow keys pick a space)", self.focus_board, "Ctrl+L"
        )
        play.addAction(self.next_phase_action)
        play.addAction(self.board_focus_action)
        play.addAction(self.boiler_focus_action)

        counters = bar.addMenu("&Counters")
        self.counter_actions: list[QAction] = []
        # Ctrl+N adds one, Alt+N takes one away, N being the counter's place in the bar.
        # The titles are the model's (``counter_title``: the Killer's own name on his Health),
        # set for the open game in ``refresh``.
        self.counter_menu_items: list[tuple[QAction, CounterName, int]] = []
        for n, key in enumerate(MENU_COUNTERS, start=1):
            for delta, mods in ((1, "Ctrl+"), (-1, "Alt+")):
                action = self._action(
                    _counter_text(NO_GAME_TITLES[key], delta),
                    partial(self.adjust, key, delta),
                    f"{mods}{n}",
                )
                counters.addAction(action)
                self.counter_actions.append(action)
                self.counter_menu_items.append((action, key, delta))
        counters.addSeparator()
        self.discard_card_action = self._action(
            "Discard an Action card (+1 Time)", self.discard_action_card, "Ctrl+D"
        )
        self.terror_action = self._action(
            "Draw a &Terror card…", lambda: self.game.round_bar.draw_terror(), "Ctrl+T"
        )
        counters.addAction(self.discard_card_action)
        counters.addAction(self.terror_action)
        self.counter_actions += [self.discard_card_action, self.terror_action]

        help_menu = bar.addMenu("&Help")
        self.help_action = self._action("&Keyboard shortcuts", self.show_help, "F1")
        help_menu.addAction(self.help_action)
        help_menu.addAction(self._action("&About", self.about))

    # Pages ------------------------------------------------------------------------------

    @property
    def picker(self) -> SessionPicker:
        """The saved-games list, built when first needed (start-up into a game in progress
        paints the game without it)."""
        if self._picker is None:
            from frightmare.ui.setup.picker import SessionPicker

            self._picker = picker = SessionPicker(self.pages)
            self.pages.insertWidget(0, picker)
            picker.new_requested.connect(self.new_game)
            picker.roll_requested.connect(self.roll_film)
            picker.open_requested.connect(self.open_session)
            picker.rename_requested.connect(self.rename_session)
            picker.duplicate_requested.connect(self.duplicate_session)
            picker.delete_requested.connect(self.delete_session)
            picker.import_requested.connect(self.import_session)
            picker.export_requested.connect(self.export_session)
        return self._picker

    @property
    def picker_built(self) -> bool:
        return self._picker is not None

    @property
    def closed(self) -> bool:
        """Closed by the player (a close the player took back leaves it open)."""
        return self._closed

    @property
    def opening_game(self) -> Session | None:
        """The game whose first frame is shown, until ``finish_opening``."""
        return self._first_frame[0] if self._first_frame is not None else None

    @property
    def opening(self) -> bool:
        """A game's first frame is shown, its game screen still to come (``finish_opening``)."""
        return self._first_frame is not None

    @property
    def game(self) -> GamePage:
        """The game screen, built when first needed (start-up shows only the picker)."""
        if self._game is None:
            # Imported here: start-up shows only the picker, so the game screen's modules
            # (board, Boiler Room, round bar) load when the first game opens.
            from frightmare.ui.game.game_page import GamePage

            self._game = GamePage()
            self.pages.addWidget(self._game)
            self._game.history.jump_requested.connect(self.jump)
            self._game.act_requested.connect(self.act)
            self._game.boiler.view.animate = self.settings.animations
            self._game.boiler.show_hint = self.settings.hints
            self._game.notes.notes_edited.connect(self._notes_edited)
            self._game.restore_layout(self.settings.window_state)
            self._game.keep_awake_action.setChecked(self.settings.keep_awake)
            self._game.keep_awake_action.toggled.connect(self._keep_awake_toggled)
            self.view_menu.addSeparator()
            for action in self._game.view_actions():
                self.view_menu.addAction(action)
        return self._game

    def save_settings(self) -> bool:
        """Keep the preferences; when they cannot be kept, say so once (status bar, or stderr
        in a smoke run): they hold until the app closes. True when saved."""
        problem = save_settings(self.store.root, self.settings)
        if problem is None:
            return True
        if not self._told_settings:
            self._told_settings = True
            text = (
                f"Your preferences (theme, zoom, window) cannot be saved: {problem}. They hold "
                "until you close the app."
            )
            if self.headless:
                print(f"frightmare: {text}", file=sys.stderr, flush=True)
            self.statusBar().showMessage(text, 20_000)
        return False

    def _keep_awake_toggled(self, on: bool) -> None:
        self.settings.keep_awake = on
        self.save_settings()

    def show_picker(self, select: str | None = None) -> None:
        self._flush_typing()
        self._close_edit_dialog()
        self.pages.setCurrentWidget(self.picker)
        current = self.session.id if self.session is not None else None
        scan = self.store.scan()
        waiting = self.desk.waiting_text()
        if waiting:  # said with the saved games' problems while any line waits
            scan.problems.append(waiting)
        self.picker.show_sessions(scan, select or current)
        self.refresh()

    def warn(self, title: str, text: str) -> None:
        """A warning the player must see: a box, or stderr in a smoke run."""
        from frightmare.ui.widgets.dialogs import Inform

        if self.headless:
            print(f"frightmare: {title}: {text}", file=sys.stderr, flush=True)
        else:
            Inform.show(self, title, text, warning=True)

    def live_session(self, session_id: str) -> Session | None:
        """The game as this window holds it in memory (unsaved play included), if it does."""
        if self.session is not None and self.session.id == session_id:
            return self.session
        return self._parked.get(session_id)

    def open_session(
        self, session_id: str, *, early: bool = False, first_frame: bool = False
    ) -> bool:
        """Open a game; ``early`` (start-up): from its snapshot, History after the first
        paint (``_load_history``). ``first_frame`` (launching into it): its board is shown
        first, the game screen built by ``finish_opening`` once that is painted."""
        self._flush_typing()
        live = self.live_session(session_id)
        if live is not None:
            # Never reloaded from disk: the copy in memory may hold play not saved yet.
            self.set_session(live)
            return True
        read_only = False
        while True:
            try:
                session = self.store.open(
                    session_id, read_only=read_only, early=early, lock_later=first_frame
                )
                break
            except SessionLocked as error:
                from frightmare.ui.widgets.dialogs import OpenElsewhere

                choice = "read-only" if self.headless else OpenElsewhere.ask(self, str(error))
                if choice is None:
                    self.show_picker()
                    return False
                read_only = choice == "read-only"
            except SessionFileError as error:
                self.warn("Cannot open this game", str(error))
                self.show_picker()
                return False
        if first_frame and not session.history_loaded:
            self._show_first_frame(session)
            return True
        self.set_session(session)
        if session.warning:
            self.warn("Opened with a problem", session.warning)
        return True

    def _show_first_frame(self, session: Session) -> None:
        """The board of the game opened at launch, from its snapshot: painted before the rules
        and the game screen are imported (issue 19). Its menus wait for the game screen."""
        from frightmare.ui.first_frame import FirstFrame
        from frightmare.ui.theme import first_frame_look

        frame = FirstFrame(session.state, self.pages, place=self.settings.board_place)
        first_frame_look(self.menuBar(), self.statusBar(), frame.round, frame.wait)
        self.pages.addWidget(frame)
        self.pages.setCurrentWidget(frame)
        self._first_frame = (session, frame)
        self.refresh()  # no game page yet: the game's menu entries stay off
        self.setWindowTitle(f"{session.state.name} — {APP_NAME}")

    def finish_opening(self) -> None:
        """The game screen for the game whose first frame is shown (right after its paint):
        the first frame gives way to it. Its lock is taken and its journal validated and
        replayed first, so the screen shows the journal's state from the start (the first
        frame was the snapshot's). A click or a key pressed while the first frame was shown
        is dropped: it was aimed at a board that may not be where it was."""
        if self._first_frame is None:
            return
        session, frame = self._first_frame
        try:
            self._open_after_first_frame(session, frame)
        finally:
            self._first_frame = None
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        # What the player did while the frame was shown waits in the window system's queue
        # (a question asked meanwhile took its own): it reaches the guard now. The guard is
        # never up while a box waits for an answer.
        guard = _DropInput()
        app.installEventFilter(guard)
        try:
            app.processEvents()
        finally:
            app.removeEventFilter(guard)
        if self._game is not None:
            # A long game's History rows, once the game screen is on screen.
            QTimer.singleShot(0, self._game.history.flush)
        if guard.dropped and self.session is not None:
            self.statusBar().showMessage(
                "What you clicked or pressed while the game was opening was not taken: the "
                "board is ready now.",
                8000,
            )

    def _open_after_first_frame(self, session: Session, frame: FirstFrame) -> None:
        if self._closed:
            # Closed while its board was shown: nothing was locked, nothing is opened (the
            # game stays the one in progress, for the next launch).
            self._drop_first_frame(frame)
            return
        try:
            locked = self.store.take_lock(session)
        except SessionLocked:
            locked = False
        if not locked:
            # Another window has it, or it changed since it was read: opened again as at
            # any other time (the player is asked what to do, over its board, or it is read
            # anew).
            self.open_session(session.id)
            self._drop_first_frame(frame)
            return
        try:
            session.history  # noqa: B018 (loads it: validated and replayed)
        except SessionFileError as error:
            session.close()
            self._drop_first_frame(frame)
            self.warn("Cannot open this game", str(error))
            self.show_picker()
            return
        # Built before the window has its stylesheet, then styled once, as at any launch (a
        # tree built under it is styled again as each part joins its parent: about 60 ms
        # more); the first frame was given its look by hand (theme.first_frame_look).
        self._rows_later = True
        try:
            self.set_session(session)
        finally:
            self._rows_later = False
        app = QApplication.instance()
        if isinstance(app, QApplication) and not app.styleSheet():
            apply_style_sheet(app)
        self._drop_first_frame(frame)
        # Laid out before its first paint: the board and the side column take their room at
        # once, not over two or three frames.
        self.game.fit_side()
        self.game.fit_side()
        self._tell_how_it_opened(session)

    def _tell_how_it_opened(self, session: Session) -> None:
        """Once a game opened from its snapshot has its journal replayed: why the screen
        changed (the snapshot painted first was not this journal's state), and any problem
        its file had."""
        if session.replay_differed:
            self.statusBar().showMessage(JOURNAL_WINS, 60_000)
            if self.headless:
                print(f"frightmare: {JOURNAL_WINS}", file=sys.stderr, flush=True)
        if session.warning:
            self.warn("Opened with a problem", session.warning)

    def _drop_first_frame(self, frame: FirstFrame) -> None:
        self.pages.removeWidget(frame)
        frame.deleteLater()

    def set_session(self, session: Session) -> None:
        if session is not self.session:
            self._close_edit_dialog()
            self.game.new_session()  # nothing of the last game's view carries over
        if not session.read_only:
            # The line of a game this window ends waits on disk before its end is saved.
            self.desk.watch(session)
        self._leave(session)
        self._parked.pop(session.id, None)
        self.session = session
        self.pages.setCurrentWidget(self.game)
        self.refresh()

    def _leave(self, keep: Session | None = None) -> None:
        """Put the current game down: saved and released, or kept in memory if it cannot be
        saved (never dropped)."""
        old = self.session
        if old is None or old is keep:
            return
        if old.save_error and not old.read_only and not old.conflict:
            old.save()
        if old.save_error and not old.read_only:
            self._parked[old.id] = old
            self.statusBar().showMessage(
                f"“{old.name}” could not be saved yet; it is kept in memory and saved as soon "
                "as the disk allows.",
                15_000,
            )
        else:
            old.close()

    def _retry_parked(self) -> None:
        for session_id, parked in list(self._parked.items()):
            if not parked.conflict and parked.save():
                parked.close()
                del self._parked[session_id]

    # Acting on the game -----------------------------------------------------------------

    def _flush_typing(self) -> None:
        if self._game is not None:
            self._game.flush_typing()

    def act(self, action: Action) -> bool:
        """Apply one action to the game; a refusal is shown, never raised."""
        if self.session is None:
            return False
        if self.session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return False
        if action.kind != "notes":
            self._flush_typing()
        try:
            self.session.do(action)
        except ReadOnlySession as error:
            self.statusBar().showMessage(str(error), 15_000)
            return False
        except RuleViolation as error:
            # Shown where the player is looking, never as a blocking dialog; a refusal that
            # stands on a rule can be recorded anyway ("The table is the truth").
            self.statusBar().showMessage(str(error), 15_000)
            if self._game is not None:
                if error.overridable and not action.anyway:
                    self._game.show_refusal(
                        str(error), record_anyway=lambda: self._record_anyway(action)
                    )
                else:
                    self._game.show_refusal(str(error))
            return False
        # The status bar's message was about the previous action.
        self.statusBar().clearMessage()
        self._after_save(news=True)
        if self.desk.settle():  # the play ended the game: its summary
            self.show_summary()
        return True

    def _record_anyway(self, action: Action) -> None:
        from frightmare.model.rules import record_anyway

        self.act(record_anyway(action))

    def _read_only_text(self) -> str:
        return (
            "This game is open read-only in this window (another window has it): nothing is "
            "recorded here."
        )

    def _after_save(self, *, news: bool = False) -> None:
        """Refresh, retry games kept in memory, and settle a file changed under us. ``news``:
        an action was just played (its events animate); undo, redo and jumps draw still."""
        self._retry_parked()
        self.refresh(news=news)
        session = self.session
        if session is not None and session.conflict:
            self.resolve_conflict()
        elif session is not None and session.limit_warning:
            self.statusBar().showMessage(session.limit_warning, 30_000)

    def resolve_conflict(self) -> None:
        """The file changed on disk under this window: reload it, or keep ours as a new game."""
        from frightmare.ui.widgets.dialogs import ChangedOnDisk

        session = self.session
        if session is None or not session.conflict:
            return
        assert session.save_error is not None
        choice = None if self.headless else ChangedOnDisk.ask(self, session.save_error)
        if choice == "reload":
            session.close()
            self.session = None
            self.open_session(session.id)
        elif choice == "copy":
            try:
                copy = self.store.copy_of(session, f"{session.name} (kept copy)")
            except OSError as error:
                self.warn("Cannot keep this copy", str(error))
                return
            session.close()
            self.session = None
            self.open_session(copy.id)

    def _notes_edited(self, text: str) -> None:
        from frightmare.model import EditNotes

        self.act(EditNotes(notes=text))

    def game_record(self) -> tuple[LogEntry, list[LogEntry]] | None:
        """The open game's play-log line and the rest of the log, for the summary."""
        return self.desk.game_record(self.session)

    def keep_record(self, entry: LogEntry) -> None:
        """The finished game's line again, with the player's answers (the summary's)."""
        self.desk.keep_record(entry, self.session)

    def show_summary(self) -> None:
        """The game-over summary (Game menu, "Game summary…"): reopened at will."""
        self.desk.show_summary(self.session)

    def show_statistics(self) -> None:
        self.desk.show_statistics()

    def import_play_log(self) -> None:
        self.desk.import_play_log()

    def _imported(self) -> None:
        if self._picker is not None and self.pages.currentWidget() is self._picker:
            self.show_picker()  # the imported games' results in the list

    def export_play_log(self) -> None:
        self.desk.export_play_log()

    def edit_table(self) -> None:
        """Edit the table (issue 9 item 14): one dialog, kept in step with every change."""
        if self.session is None:
            return
        if self._edit_dialog is not None:
            self._edit_dialog.raise_()
            self._edit_dialog.activateWindow()
            return
        from frightmare.ui.game.edit_table import EditTableDialog

        dialog = EditTableDialog.show_for(self, self.session.state, self.act)
        # Its own window, where "Undo takes it back" (its words) must work too.
        dialog.addActions([self.undo_action, self.redo_action])
        dialog.destroyed.connect(self._edit_dialog_closed)
        self._edit_dialog = dialog

    def _edit_dialog_closed(self) -> None:
        self._edit_dialog = None

    def _close_edit_dialog(self) -> None:
        if self._edit_dialog is not None:
            dialog, self._edit_dialog = self._edit_dialog, None
            dialog.close()

    def edit_box_values(self) -> None:
        if self.session is None:
            return
        from frightmare.model.actions import SetBoxValue
        from frightmare.ui.record.summary import BoxValuesDialog

        for name, value in BoxValuesDialog.ask(self, self.session.state):
            if not self.act(SetBoxValue(name=name, value=value)):
                break

    def next_phase(self) -> None:
        from frightmare.model.actions import NextPhase

        self.act(NextPhase())

    def adjust(self, counter: CounterName, delta: int) -> None:
        from frightmare.model.actions import AdjustCounter

        self.act(AdjustCounter(counter=counter, delta=delta))

    def discard_action_card(self) -> None:
        from frightmare.model.actions import DiscardActionCard

        self.act(DiscardActionCard())

    def show_help(self) -> None:
        from frightmare.ui.record.summary import HelpDialog

        state = self.session.state if self.session is not None else None
        HelpDialog.show_for(self, self.actions(), state)

    def undo(self) -> None:
        self._flush_typing()
        session = self.session
        if session is None or not session.history.can_undo:
            return
        if session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return
        text = session.history.describe_step(session.history.cursor - 1)
        session.undo()
        self._after_save()
        self.desk.settle()
        self.statusBar().showMessage(f"Undid: {text}", 8000)

    def redo(self) -> None:
        session = self.session
        if session is None or not session.history.can_redo:
            return
        if session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return
        session.redo()
        text = session.history.describe_step(session.history.cursor - 1)
        self._after_save()
        self.desk.settle()
        self.statusBar().showMessage(f"Redid: {text}", 8000)

    def jump(self, cursor: int) -> None:
        self._flush_typing()
        if self.session is not None:
            if self.session.read_only:
                self.statusBar().showMessage(self._read_only_text(), 15_000)
                self.refresh()
                return
            self.session.jump(cursor)
            self._after_save()
            self.desk.settle()

    def retry_save(self) -> None:
        if self.session is not None:
            if self.session.conflict:
                self.resolve_conflict()
                return
            self.session.save()
            self._after_save()

    def _enable_plays(self, state: GameState | None) -> None:
        """The Play and Counters menus' entries, from the model's refusals and offers."""
        if state is None:
            for action in (self.next_phase_action, self.edit_table_action, *self.counter_actions):
                action.setEnabled(False)
            return
        from frightmare.model.query.notes import game_open
        from frightmare.model.query.plays import plays

        screen = plays(state)
        self.next_phase_action.setEnabled(screen.next_phase.status != "impossible")
        self.edit_table_action.setEnabled(game_open(state))
        for action, counter, delta in self.counter_menu_items:
            action.setEnabled(screen.counters[(counter, delta)].status != "impossible")
        self.discard_card_action.setEnabled(screen.discard_action_card.status != "impossible")
        self.terror_action.setEnabled(screen.terror.status != "impossible")

    def refresh(self, *, news: bool = False) -> None:
        """Redraw everything from the session (the model is the only source of truth);
        ``news``: the state comes from an action just played, whose events animate."""
        in_game_page = self._game is not None and self.pages.currentWidget() is self._game
        session = self.session if in_game_page else None
        in_game = session is not None
        for action in (
            self.rename_action,
            self.export_action,
            self.boiler_focus_action,
            self.board_focus_action,
            self.box_action,
        ):
            action.setEnabled(in_game)
        # Each play's menu entry asks the model: on unless its action is impossible now (a
        # refusal that can be recorded anyway keeps it on: the click says why). Game over
        # turns them off (the model refuses it all); undo stays.
        self._enable_plays(session.state if session is not None else None)
        # A game opened from its snapshot has no history yet (it is loaded right after the
        # first paint, or by the first undo): its length and cursor say what can be undone.
        length, cursor = session.steps if session is not None else (0, 0)
        self.undo_action.setEnabled(cursor > 0)
        self.redo_action.setEnabled(cursor < length)
        self.summary_action.setEnabled(bool(session and session.state.over))
        self._name_the_halves(session.state if session is not None else None)
        if session is None:
            self.setWindowTitle(APP_NAME)
            self.save_label.setText("")
            self.retry_button.hide()
            self.result_label.hide()
            self.undo_action.setText("&Undo")
            self.redo_action.setText("&Redo")
            return
        state = session.state
        read_only = " (read-only)" if session.read_only else ""
        from frightmare.ui.game.round_bar import result_line  # a game-screen module: loaded lazily

        result = result_line(state)
        over = f"{result} — " if result else ""
        self.setWindowTitle(f"{over}{state.name}{read_only} — {state.setup.summary()} — {APP_NAME}")
        # Game over is a state: said until undone (undo reopens the game).
        self.result_label.setText(f"{result}. Undo reopens the game." if result else "")
        self.result_label.setVisible(result is not None)
        self.game.show_state(state, news=news)
        if self._edit_dialog is not None:
            self._edit_dialog.set_state(state)
        self._save_status(session)
        if not session.history_loaded:
            return  # History and the undo entries' words come with it (_load_history)
        # Before the first paint (start-up into a game), History's rows come right after it.
        self.game.history.show_history(
            session.history,
            f"New game: {state.setup.summary()}",
            later=self.paint_first and (self.first_paint is None or self._rows_later),
        )
        history = session.history
        if history.can_undo:
            self.undo_action.setText(f"&Undo “{history.describe_step(history.cursor - 1)}”")
        else:
            self.undo_action.setText("&Undo")
        if history.can_redo:
            self.redo_action.setText(f"&Redo “{history.describe_step(history.cursor)}”")
        else:
            self.redo_action.setText("&Redo")

    def _save_status(self, session: Session) -> None:
        if session.read_only:
            self.save_label.setText("Read-only")
            self.save_label.setToolTip(self._read_only_text())
            set_style_property(self.save_label, "tone", "")
            self.retry_button.hide()
        elif session.save_error:
            self.save_label.setText("⚠ Not saved")
            self.save_label.setToolTip(session.save_error)
            set_style_property(self.save_label, "tone", "refusal")
            self.statusBar().showMessage(session.save_error)
            self.retry_button.setText(
                "Reload or keep a copy…" if session.conflict else "Try saving again"
            )
            self.retry_button.show()
        else:
            self.save_label.setText(f"Saved {session.updated.astimezone():%H:%M:%S}")
            self.save_label.setToolTip(str(session.path))
            set_style_property(self.save_label, "tone", "")
            self.retry_button.hide()

    def _name_the_halves(self, state: GameState | None) -> None:
        """Menus name the real Killer and Location: the Killer's Health by his name, the
        Boiler Room only with Dr. Fright, the Maple Lane board only on Maple Lane."""
        fright = state is None or state.setup.has_dr_fright
        maple = state is None or state.setup.on_maple_lane
        self.boiler_focus_action.setVisible(fright)
        self.hint_action.setVisible(fright)
        self.animate_action.setVisible(fright)
        self.board_focus_action.setVisible(maple)
        if state is None:
            for action, key, delta in self.counter_menu_items:
                action.setText(_counter_text(NO_GAME_TITLES[key], delta))
            return
        from frightmare.model.counters import counter_title

        for action, key, delta in self.counter_menu_items:
            action.setText(_counter_text(counter_title(state, key), delta))

    # Session management -----------------------------------------------------------------

    def new_game(self) -> None:
        self._flush_typing()
        from frightmare.ui.setup.wizard import NewGameDialog

        answer = NewGameDialog.ask(self, self.settings.new_game)
        if answer is None:
            return
        setup, name = answer
        self.settings.new_game = NewGameDialog.remember(setup)
        self.save_settings()
        self._start_game(setup, name)

    def roll_film(self) -> None:
        """Roll the film (Game menu, the saved games' list): one click starts the game."""
        self._flush_typing()
        from frightmare.model.record.coverage import coverage
        from frightmare.model.record.record import setup_line
        from frightmare.ui.record.film_roll import RollDialog

        owned = self.owned_boxes()
        games = self.logged_games()
        setup = RollDialog.ask(self, owned, coverage(games, owned), lambda s: setup_line(s, games))
        if setup is not None:
            self._start_game(setup, None)

    def logged_games(self) -> list[LogEntry]:
        """The play log's games, for the record line before a game (none if unreadable)."""
        return self.desk.logged_games()

    def _start_game(self, setup: GameSetup, name: str | None) -> None:
        if name is None:
            taken = {s.name for s in self.store.scan().sessions}
            name = default_name(setup, taken)
        try:
            session = self.store.create(setup, name)
        except (SessionFileError, OSError) as error:
            self.warn("Cannot start a game", str(error))
            return
        self.set_session(session)
        if session.warning:  # this folder cannot lock files (said once)
            self.warn("Started with a problem", session.warning)

    def owned_boxes(self) -> Collection:
        """The boxes the player owns (Your collection), with their corrected catalogue."""
        from frightmare.model.record.collection import Collection
        from frightmare.ui.record.collection_page import prepare_catalogue

        prepare_catalogue(self.store.root)
        return Collection.from_text(self.settings.collection)

    def edit_collection(self) -> None:
        from frightmare.ui.record.collection_page import CollectionDialog, prepare_catalogue

        owned = self.owned_boxes()
        chosen = CollectionDialog.ask(self, owned, prepare_catalogue(self.store.root))
        if chosen is not None and chosen != owned:
            self.settings.collection = chosen.text()
            self.save_settings()

    def rename_current(self) -> None:
        from frightmare.ui.widgets.dialogs import AskText

        if self.session is None:
            return
        name = AskText.ask(self, "Rename game", "New name:", self.session.name)
        if name and name != self.session.name:
            from frightmare.model import Rename

            self.act(Rename(name=name[:120]))

    def rename_session(self, session_id: str) -> None:
        from frightmare.model import Rename
        from frightmare.ui.widgets.dialogs import AskText

        live = self.live_session(session_id)
        summary = next((s for s in self.store.scan().sessions if s.id == session_id), None)
        current = live.name if live is not None else summary.name if summary else None
        if current is None:
            return
        name = AskText.ask(self, "Rename game", "New name:", current)
        if not name or name == current:
            return
        try:
            if live is not None:
                # Renamed in memory, as an action: play not saved yet is kept.
                live.do(Rename(name=name[:120]))
            else:
                self.store.rename(session_id, name[:120])
        except (SessionFileError, RuleViolation, OSError) as error:
            self.warn("Cannot rename", str(error))
        self.show_picker(session_id)

    def duplicate_session(self, session_id: str) -> None:
        live = self.live_session(session_id)
        try:
            copy = self.store.copy_of(live) if live else self.store.duplicate(session_id)
        except (SessionFileError, OSError) as error:
            self.warn("Cannot duplicate", str(error))
            return
        self.show_picker(copy.id)

    def delete_session(self, session_id: str) -> None:
        from frightmare.ui.widgets.dialogs import Confirm

        summary = next((s for s in self.store.scan().sessions if s.id == session_id), None)
        if summary is None and self.live_session(session_id) is None:
            from frightmare.store.data_folder import gone_message

            self.warn("Cannot delete", gone_message(self.store.deleted_dir))
            self.show_picker()
            return
        name = summary.name if summary else "this game"
        if self.live_session(session_id) is None and self.store.held_elsewhere(session_id):
            # Refused at once, as renaming is: nothing to confirm.
            self.warn(
                "Cannot delete",
                f"“{name}” is open in another window of Frightmare Companion, so it cannot be "
                "deleted now. Close it there, then delete it.",
            )
            return
        if not Confirm.ask(
            self,
            "Delete game",
            f"Delete “{name}”? It moves to the deleted folder of your data directory "
            f"({self.store.deleted_dir}), where it can still be recovered by hand.",
            yes="Delete",
        ):
            return
        live = self.live_session(session_id)
        if live is not None:
            live.close()
            self._parked.pop(session_id, None)
            if live is self.session:
                self.session = None
        try:
            self.store.delete(session_id)
        except (SessionFileError, OSError) as error:
            self.warn("Cannot delete", str(error))
        self.show_picker()

    def export_session(self, session_id: str) -> None:
        session = self.live_session(session_id)
        if session is None:
            try:
                session = self.store.open(session_id, read_only=True)
            except SessionFileError as error:
                self.warn("Cannot export", str(error))
                return
        self._export(session)

    def export_current(self) -> None:
        if self.session is not None:
            self._flush_typing()
            self._export(self.session)

    def _export(self, session: Session) -> None:
        from frightmare.ui.widgets.dialogs import ChooseFile

        target = ChooseFile.ask_save(self, "Export game", _file_safe(session.name) + ".json")
        if target is None:
            return
        try:
            self.store.export(session, target)
        except OSError as error:
            self.warn("Export failed", f"Could not write {target}: {error}")
            return
        self.statusBar().showMessage(f"Exported to {target}", 8000)

    def import_session(self) -> None:
        from frightmare.ui.widgets.dialogs import ChooseFile

        source = ChooseFile.ask_open(self, "Import game")
        if source is None:
            return
        self.import_from(source)

    def import_from(self, source: Path) -> bool:
        from frightmare.ui.widgets.dialogs import Confirm

        try:
            pending = self.store.prepare_import(source)
        except SessionFileError as error:
            self.warn("Cannot import", f"{source.name} cannot be imported: {error}.")
            return False
        if pending.dropped and not Confirm.ask(
            self,
            "Import only part of this game?",
            f"{pending.dropped} of the {len(pending.session.history) + pending.dropped} steps "
            f"of {source.name} cannot be imported: {pending.reason}\n\nImport the "
            f"{len(pending.session.history)} steps before it, or cancel?",
            yes=f"Import {len(pending.session.history)} steps",
        ):
            return False
        try:
            session = self.store.commit_import(pending)
        except (SessionFileError, OSError) as error:
            self.warn("Cannot import", str(error))
            return False
        self.show_picker(session.id)
        if pending.dropped:
            self.statusBar().showMessage(
                f"Imported {len(session.history)} steps; {pending.dropped} were left out.", 15_000
            )
        return True

    # View -------------------------------------------------------------------------------

    def zoom(self, direction: int) -> None:
        self.settings.zoom = 1.0 if direction == 0 else next_zoom(self.settings.zoom, direction)
        self._name_zoom()
        # Said first: a message that the preferences cannot be saved, if any, comes after.
        self.statusBar().showMessage(f"Zoom {round(self.settings.zoom * 100)}%", 4000)
        self._apply_theme()

    def _name_zoom(self) -> None:
        """The View menu says the zoom the window is at (a player could not tell 150%)."""
        self.zoom_reset_action.setText(f"&Actual size (now {round(self.settings.zoom * 100)}%)")

    def toggle_dark(self) -> None:
        self.settings.dark = self.dark_action.isChecked()
        self._apply_theme()

    def _apply_theme(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, dark=self.settings.dark, zoom=self.settings.zoom)
        self.save_settings()
        self.refresh()

    def toggle_animations(self) -> None:
        self.settings.animations = self.animate_action.isChecked()
        if self._game is not None:
            self._game.boiler.view.animate = self.settings.animations
        self.save_settings()

    def toggle_hints(self) -> None:
        self.settings.hints = self.hint_action.isChecked()
        if self._game is not None:
            self._game.boiler.show_hint = self.settings.hints
        self.save_settings()
        self.refresh()

    def focus_boiler_room(self) -> None:
        if self.session is not None:
            self.game.tabs.setCurrentWidget(self.game.dream_tab)
            self.game.boiler.view.setFocus()

    def focus_board(self) -> None:
        if self.session is not None:
            self.game.tabs.setCurrentWidget(self.game.board_tab)
            self.game.board_view.setFocus()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.full_screen_action.setChecked(self.isFullScreen())

    def about(self) -> None:
        from frightmare.ui.widgets.dialogs import Inform

        Inform.show(
            self,
            f"About {APP_NAME}",
            f"{APP_NAME} {__version__}\n\nA companion for the solo board game Final Girl: "
            "Frightmare on Maple Lane. Keep the box on the table; the app keeps the "
            f"bookkeeping.\n\nYour games are saved in {self.store.root}.",
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted_shown:
            # The window manager's frame is known once shown: fitted again with it.
            self._fitted_shown = True
            self.fit_to_screen()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        # Some window managers add the frame a moment after the show (the title bar pushed
        # the status bar off a 720-pixel screen): fitted again whenever the frame changes.
        frame = self.frameGeometry().size() - self.geometry().size()
        if self._fitted_shown and frame != self._fitted_frame:
            self._fitted_frame = frame
            self.fit_to_screen()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.first_paint is None:
            self.first_paint = time.perf_counter()
            if self._game is not None and self.paint_first:  # History's rows, kept till now
                from PySide6.QtCore import QTimer

                QTimer.singleShot(0, self._load_history)
        super().paintEvent(event)

    def _load_history(self) -> None:
        """Right after the first paint: the journal of a game opened from its snapshot is
        validated and replayed (the state it gives wins: the screen is drawn again if it
        differs), then History's rows and the undo entries' words are filled in."""
        session = self.session
        if session is not None and not session.history_loaded:
            try:
                session.history  # noqa: B018 (loads it)
            except SessionFileError as error:
                self.session = None
                session.close()
                self.warn("Cannot open this game", str(error))
                self.show_picker()
                return
            self.refresh()  # the journal's state, if it differs from the snapshot's
            self._tell_how_it_opened(session)
        if self._game is not None:
            self._game.history.flush()

    def closeEvent(self, event: QCloseEvent) -> None:
        from frightmare.ui.widgets.dialogs import Confirm

        self._flush_typing()
        unsaved = [*self._parked.values()]
        if self.session is not None and not self.session.read_only:
            unsaved.append(self.session)
        failing = []
        for session in unsaved:
            if session.save_error and not session.conflict:
                session.save()
            if session.save_error:
                failing.append(session)
        if not self.desk.may_quit():
            event.ignore()
            return
        if failing and not Confirm.ask(
            self,
            "Game not saved",
            "\n\n".join(f"“{s.name}”: {s.save_error}" for s in failing)
            + "\n\nQuit anyway? The changes since the last save will be lost.",
            yes="Quit without saving",
        ):
            event.ignore()
            return
        for session in unsaved:
            session.close()
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        # Where the player left off: the game open now (unless it is over) and the window's
        # state, for the next launch.
        open_game = self.session is not None and self.pages.currentWidget() is self._game
        keep = open_game and self.session is not None and not self.session.state.over
        self.settings.game_in_progress = self.session.id if keep and self.session else ""
        if self._first_frame is not None:  # closed while its first frame was shown
            self.settings.game_in_progress = self._first_frame[0].id
        self.settings.maximized = self.isMaximized()
        self.settings.full_screen = self.isFullScreen()
        if self._game is not None:
            layout = self._game.save_layout()
            if len(layout) <= WINDOW_STATE_LIMIT:
                self.settings.window_state = layout
            if open_game:
                from frightmare.ui.first_frame import board_place
                from frightmare.ui.theme import current_zoom

                view = self._game.board_view
                at = QRect(view.mapTo(self.pages, QPoint(0, 0)), view.size())
                self.settings.board_place = board_place(self.pages.size(), at, current_zoom())
        self.save_settings()
        self._closed = True
        super().closeEvent(event)
