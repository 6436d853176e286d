"""The opening of a game in the window: from the saved games (another window has it? it is
asked), and at launch from its snapshot, its board painted first (the first frame) and the
game screen built right after (``finish``), its journal replayed then.

Launching into a game paints ``first_frame.FirstFrame`` before the rules and the game screen
are imported (issue 19); its lock is taken once the frame is painted. A click or a key made
while the first frame is shown is dropped: it was aimed at a board that may not be where it
was. A game opened at launch without a first frame (``early``) has its journal validated and
replayed right after the window's first paint (``load_history``).
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QTimer
from PySide6.QtWidgets import QApplication

from frightmare import APP_NAME
from frightmare.i18n import N_, _
from frightmare.store.errors import SessionFileError
from frightmare.store.games.lock import SessionLocked
from frightmare.store.settings import WINDOW_STATE_LIMIT
from frightmare.ui.theme import apply_style_sheet

if TYPE_CHECKING:
    from frightmare.store.games.game_file import Session
    from frightmare.ui.first_frame import FirstFrame
    from frightmare.ui.window_host import WindowHost

log = logging.getLogger("frightmare")

# Start-up paints a game from its snapshot; its History, replayed right after, had another.
JOURNAL_WINS = N_(
    "This game was first shown from its quick-start copy, which did not match its History: "
    "it now shows the game as its History has it. Nothing was lost."
)
# A click or a key that came before the game screen could take it.
NOT_TAKEN = N_(
    "What you clicked or pressed while the game was opening was not taken: the board is ready now."
)


class _DropInput(QObject):
    """Drops the clicks, wheel turns and keys it sees (counted): installed on the window's
    own window (its ``QWindow``, which the window system's input reaches first) while a
    game's first frame gives way to its game screen. A key's shortcut is refused too: the
    window is asked whether it overrides the shortcut before the key is delivered, and the
    guard says it does (accepted), so no shortcut fires."""

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
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # overridden: the key is not a shortcut, and it is dropped
            elif event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
                self.dropped += 1  # a click or a key, counted once
            return True
        return False


def _after_ready() -> None:
    """What the game screen waits for until it is ready for play (``make
    bench-instructions`` counts each): the combo boxes' accessibility factory
    (``widgets.accessible_combo``), which makes Qt's accessibility types (about 20 million
    instructions), and QStyle's Python class (its 566 enums, about 50 million), named here
    so that the first play that restyles a widget, or History's first row, finds it made."""
    from PySide6.QtWidgets import QStyle  # noqa: F401 (PySide makes the class as it is named)

    from frightmare.ui.widgets.accessible_combo import install

    install()


def _style_once() -> None:
    """The application's stylesheet, unless it has it: a launch into a game sets it once the
    game screen that follows the first frame is built."""
    app = QApplication.instance()
    if isinstance(app, QApplication) and not app.styleSheet():
        apply_style_sheet(app)


class GameOpening:
    """Opens the window's games; holds the game whose first frame is shown until ``finish``."""

    def __init__(self, window: WindowHost) -> None:
        self.window = window
        # The game opened at launch and its first frame, until the game screen replaces it.
        self._first_frame: tuple[Session, FirstFrame] | None = None
        # While the game screen that follows a first frame is built: a long game's History
        # rows are laid out once it is on screen.
        self.rows_later = False

    @property
    def game(self) -> Session | None:
        """The game whose first frame is shown, until ``finish``."""
        return self._first_frame[0] if self._first_frame is not None else None

    def open(self, session_id: str, *, early: bool = False, first_frame: bool = False) -> bool:
        """Open a game; ``early`` (start-up): from its snapshot, History after the first
        paint (``load_history``). ``first_frame`` (launching into it): its board is shown
        first, the game screen built by ``finish`` once that is painted."""
        window = self.window
        window.flush_typing()
        live = window.live_session(session_id)
        if live is not None:
            # Never reloaded from disk: the copy in memory may hold play not saved yet.
            window.set_session(live)
            return True
        read_only = False
        while True:
            try:
                session = window.store.open(
                    session_id, read_only=read_only, early=early, lock_later=first_frame
                )
                break
            except SessionLocked as error:
                from frightmare.ui.widgets.dialogs import OpenElsewhere

                choice = (
                    "read-only"
                    if window.headless
                    else OpenElsewhere.ask(window.window(), str(error))
                )
                if choice is None:
                    window.show_picker()
                    return False
                read_only = choice == "read-only"
            except SessionFileError as error:
                window.warn(_("Cannot open this game"), str(error))
                window.show_picker()
                return False
        if first_frame and not session.history_loaded:
            self._show_first_frame(session)
            return True
        window.set_session(session)
        if session.warning:
            window.warn(_("Opened with a problem"), session.warning)
        return True

    def _show_first_frame(self, session: Session) -> None:
        """The board of the game opened at launch, from its snapshot: painted before the rules
        and the game screen are imported (issue 19). Its menus wait for the game screen."""
        from frightmare.ui.first_frame import FirstFrame
        from frightmare.ui.theme import first_frame_look

        window = self.window
        frame = FirstFrame(session.state, window.pages, place=window.settings.board_place)
        first_frame_look(window.menuBar(), window.statusBar(), frame.round, frame.wait)
        window.pages.addWidget(frame)
        window.pages.setCurrentWidget(frame)
        self._first_frame = (session, frame)
        window.refresh()  # no game page yet: the game's menu entries stay off
        # Translators: the window's title; {game} is the game's name.
        window.setWindowTitle(_("{game} — {app}").format(game=session.state.name, app=APP_NAME))

    def finish(self) -> None:
        """The game screen for the game whose first frame is shown (right after its paint):
        the first frame gives way to it. Its lock is taken and its journal validated and
        replayed first, so the screen shows the journal's state from the start (the first
        frame was the snapshot's). A click or a key pressed while the first frame was shown
        is dropped: it was aimed at a board that may not be where it was. Ready for play, the
        window has its shortcuts (``MenuWindow.set_shortcuts``)."""
        self.window.set_shortcuts()
        if self._first_frame is None:
            return
        from frightmare.ui.widgets.wheel_guard import ComboBox

        # The combo boxes made meanwhile leave the accessibility factory to the loop's next
        # turn (``ComboBox.factory_later``), when assistive technology's questions come.
        ComboBox.factory_later = True
        try:
            self._finish(*self._first_frame)
        finally:
            ComboBox.factory_later = False
        QTimer.singleShot(0, self.window.pages, _after_ready)

    def _finish(self, session: Session, frame: FirstFrame) -> None:
        try:
            self._after_first_frame(session, frame)
        finally:
            self._first_frame = None
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        # What the game screen posted itself while it was built and styled (its polish, its
        # layouts, its repaints) is delivered first, without the guard: none of it is input,
        # and each event a Python filter is handed is made a Python object (about 930 events
        # at a long game's launch, these nearly all of them).
        kind = QEvent.Type
        for own in (kind.PolishRequest, kind.LayoutRequest, kind.UpdateLater, kind.UpdateRequest):
            app.sendPostedEvents(None, own)
        # What the player did while the frame was shown waits in the window system's queue
        # (a question asked meanwhile took its own): it reaches the guard now. The guard is
        # never up while a box waits for an answer. It watches the window's own window, not
        # the application: a filter on the application is handed every object an event
        # reaches (Qt's timers, a combo box's popup, a completer's model), each made a Python
        # object, and making them costs about 6 ms of enums at launch.
        window = self.window
        guard = _DropInput()
        watched: QObject = window.window().windowHandle() or app
        watched.installEventFilter(guard)
        try:
            app.processEvents()
        finally:
            watched.removeEventFilter(guard)
        # The screensaver is asked once the game screen is ready for play (``awake_later``):
        # its question imports Qt's D-Bus module and asks the session bus (about 8 ms of
        # processor time with no bus to ask, a round trip with one).
        if window.game_built:
            QTimer.singleShot(0, window.game, window.game.keep_screen_awake)
        # The game screen is ready for play on the snapshot's state: its journal is validated
        # and replayed at the loop's next turn (or by the first play, undo or jump, whichever
        # comes first: ``journal_agrees``), then History's rows are laid out.
        QTimer.singleShot(0, window.pages, self.load_history)  # not once the window is gone
        if guard.dropped and window.session is not None:
            window.statusBar().showMessage(_(NOT_TAKEN), 8000)

    def _after_first_frame(self, session: Session, frame: FirstFrame) -> None:
        window = self.window
        if window.closed:
            # Closed while its board was shown: nothing was locked, nothing is opened (the
            # game stays the one in progress, for the next launch).
            self._drop(frame)
            return
        try:
            locked = window.store.take_lock(session)
        except SessionLocked:
            locked = False
        if not locked:
            # Another window has it, or it changed since it was read: opened again as at
            # any other time (the player is asked what to do, over its board, or it is read
            # anew), in the window's look (its stylesheet is set first).
            _style_once()
            self.open(session.id)
            self._drop(frame)
            return
        # Built and drawn from the state before the window has its stylesheet, then styled
        # once, as at any launch (a tree built under it is styled again as each part joins
        # its parent: about 60 ms more); the first frame was given its look by hand
        # (theme.first_frame_look). Drawn before it is styled: each style property the state
        # sets (a refused play, the phase's pill, a quiet message) is in place when the
        # stylesheet first styles the widget, where a widget restyled later asks its style
        # again, and naming QStyle makes PySide build its 566 enums (about 50 million
        # instructions before ready for play, ``make bench-instructions``). A text fitted
        # then (a button's, the round's) is fitted again as the style changes.
        window.game  # noqa: B018 (builds it, hidden behind the first frame)
        self.rows_later = window.game.awake_later = True
        try:
            self._show_game(session)
        finally:
            self.rows_later = window.game.awake_later = False
        _style_once()
        if window.session is not session:  # its journal could not be read: the saved games
            self._drop(frame)
            return
        self._drop(frame)
        # Laid out before its first paint: the board and the side column take their room at
        # once, not over two or three frames.
        window.game.fit_side()
        window.game.fit_side()
        if session.warning:
            window.warn(_("Opened with a problem"), session.warning)

    def _show_game(self, session: Session) -> None:
        """The game screen for the game opened from its snapshot, drawn from the snapshot's
        state. A state it cannot draw (a space the board lacks, in a snapshot edited by hand)
        is a cache's fault: the journal is read at once and drawn instead, and wins."""
        window = self.window
        try:
            window.set_session(session)
        except Exception:
            if session.history_loaded or window.session is not session:
                raise
            log.exception("The snapshot of %s could not be drawn; its journal is", session.path)
            self.journal_agrees()

    def tell_how_it_opened(self, session: Session, said: str | None = None) -> None:
        """Once a game opened from its snapshot has its journal replayed: why the screen
        changed (the snapshot painted first was not this journal's state), and any problem
        its file had that was not said yet (``said``: the warning already shown)."""
        window = self.window
        if session.replay_differed:
            window.statusBar().showMessage(_(JOURNAL_WINS), 60_000)
            if window.headless:
                print(f"frightmare: {JOURNAL_WINS}", file=sys.stderr, flush=True)
        new = session.warning
        if new and said and new.startswith(said):
            new = new[len(said) :].strip()
        if new:
            window.warn(_("Opened with a problem"), new)

    def _drop(self, frame: FirstFrame) -> None:
        self.window.pages.removeWidget(frame)
        frame.deleteLater()

    def load_history(self) -> None:
        """Right after the game screen is ready for play on the snapshot's state (or right
        after the first paint): the journal is validated and replayed (``journal_agrees``),
        then History's rows and the undo entries' words are filled in."""
        self.journal_agrees()
        window = self.window
        if window.game_built and window.session is not None:
            window.game.history.flush()

    def journal_agrees(self, *, acting: bool = False) -> bool:
        """Whether the game may take a play, an undo or a jump now. A game opened from its
        snapshot has its journal validated and replayed first, if it was not yet: the state it
        gives wins, and the screen is drawn again from it. False when that state is not the
        snapshot's (what the player did was aimed at a table the journal does not have: not
        taken, and the player is told) or the journal cannot be read (the saved games are
        shown)."""
        window = self.window
        session = window.session
        if session is None or session.history_loaded:
            return True
        said = session.warning
        try:
            session.history  # noqa: B018 (loads it)
        except SessionFileError as error:
            window.session = None
            session.close()
            window.warn(_("Cannot open this game"), str(error))
            window.show_picker()
            return False
        window.refresh()  # the journal's state, if it differs from the snapshot's
        self.tell_how_it_opened(session, said)
        if session.replay_differed and acting:  # ``acting``: asked by a play, undo or jump
            window.statusBar().showMessage(f"{_(JOURNAL_WINS)} {_(NOT_TAKEN)}", 60_000)
        return not session.replay_differed

    def keep_for_next_launch(self) -> None:
        """Where the player left off, for the next launch: the game open now (unless it is
        over; the one whose first frame is shown, if the window closed meanwhile), the game
        screen's layout, and where its board was drawn on the page (the next first frame's)."""
        window = self.window
        session = window.session
        open_game = session is not None and window.game_built
        open_game = open_game and window.pages.currentWidget() is window.game
        keep = open_game and session is not None and not session.state.over
        window.settings.game_in_progress = session.id if keep and session else ""
        if self._first_frame is not None:  # closed while its first frame was shown
            window.settings.game_in_progress = self._first_frame[0].id
        if window.game_built:
            game = window.game
            layout = game.save_layout()
            if len(layout) <= WINDOW_STATE_LIMIT:
                window.settings.window_state = layout
            if open_game:
                from frightmare.ui.first_frame import board_place
                from frightmare.ui.theme import current_zoom

                view = game.board_view
                at = QRect(view.mapTo(window.pages, QPoint(0, 0)), view.size())
                window.settings.board_place = board_place(window.pages.size(), at, current_zoom())
