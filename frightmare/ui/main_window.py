"""The main window: the game it plays (acting, undo and redo, saving, the game screen redrawn
from the model), its pages and status bar, and where the player left off.

Its parts do the rest: the menus (``window_menus``, its base), the opening of a game and the
launch's first frame (``game_opening``), the saved games (``saved_games``) and the play log
(``record.desk``), each asked by the window.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSize, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QMoveEvent, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QPushButton, QStackedWidget

from frightmare import APP_NAME
from frightmare.i18n import _
from frightmare.model.errors import RuleViolation
from frightmare.store import Session, SessionStore, Settings
from frightmare.store.games.game_file import ReadOnlySession
from frightmare.ui.game_opening import GameOpening
from frightmare.ui.record.desk import RecordDesk
from frightmare.ui.saved_games import SavedGames
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.status_bar import StatusBar
from frightmare.ui.window_plays import PlayWindow

if TYPE_CHECKING:
    from frightmare.model import Action, GameState
    from frightmare.model.game.changes import Changes
    from frightmare.model.record.collection import Collection
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.model.record.record_digest import RecordDigest
    from frightmare.ui.game.game_page import GamePage
    from frightmare.ui.setup.picker import SessionPicker

# The rules' action classes, the game screen and the dialogs are imported where they are
# used: start-up shows the session picker, which needs none of them.

# The first launch's size, if the screen has the room (``fit_to_screen``).
DEFAULT_SIZE = QSize(1200, 800)


class MainWindow(PlayWindow):
    def __init__(
        self,
        store: SessionStore,
        settings: Settings,
        *,
        headless: bool = False,
        picker: bool = True,
        paint_first: bool = False,
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
        # Start-up: History's rows and the menus' shortcuts follow the first paint, right after.
        self.paint_first = paint_first
        self._fitted_shown = False
        self._fitted_frame = QSize(0, 0)  # the window manager's frame it was fitted with
        self.setObjectName("mainWindow")
        self.setMinimumSize(720, 480)

        # Each widget is made inside its parent: one moved into a styled window afterwards is
        # styled again, about 1.5 ms of start-up for the picker.
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        self._game: GamePage | None = None
        self._closed = False  # closed by the player (its games put down)
        self.desk = RecordDesk(
            self,
            store,
            headless=headless,
            warn=self.warn,
            imported=lambda: self.saved.refresh_if_shown(),
        )
        self.saved = SavedGames(self, self.desk)
        self.opener = GameOpening(self)

        bar = StatusBar(self)  # a long message stops short of the save status
        self.setStatusBar(bar)
        self.save_label = QLabel(bar)
        self.save_label.setAccessibleName(_("Save status"))
        self.retry_button = QPushButton(bar)  # not (text, bar): see _action
        self.retry_button.setText(_("Try saving again"))
        self.retry_button.clicked.connect(self.retry_save)
        self.retry_button.hide()
        self.result_label = QLabel(bar)
        self.result_label.setObjectName("gameResult")
        self.result_label.setAccessibleName(_("Game result"))
        self.result_label.hide()
        bar.addPermanentWidget(self.result_label)
        bar.addPermanentWidget(self.save_label)
        bar.addPermanentWidget(self.retry_button)

        self.build_menus()
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

    # Pages ------------------------------------------------------------------------------

    @property
    def game(self) -> GamePage:
        """The game screen, built when first needed (start-up shows only the picker)."""
        if self._game is None:
            # Imported here: start-up shows only the picker, so the game screen's modules
            # (board, Boiler Room, round bar) load when the first game opens.
            from frightmare.ui.game.game_page import GamePage

            self._game = GamePage(self.pages)  # in its stack: not styled again as it joins
            self.pages.addWidget(self._game)
            self._game.history.jump_requested.connect(self.jump)
            self._game.act_requested.connect(self.act)
            self._game.boiler.view.animate = self.settings.animations
            self._game.boiler.show_hint = self.settings.hints
            self._game.overview.notes_edited.connect(self._notes_edited)
            self._game.restore_layout(self.settings.window_state)
            self._game.keep_awake_action.setChecked(self.settings.keep_awake)
            self._game.keep_awake_action.toggled.connect(self._keep_awake_toggled)
            self.view_menu.addSeparator()
            for action in self._game.view_actions():
                self.view_menu.addAction(action)
        return self._game

    @property
    def game_built(self) -> bool:
        return self._game is not None

    @property
    def picker(self) -> SessionPicker:
        return self.saved.picker

    @property
    def picker_built(self) -> bool:
        return self.saved.built

    @property
    def closed(self) -> bool:
        """Closed by the player (a close the player took back leaves it open)."""
        return self._closed

    @property
    def opening_game(self) -> Session | None:
        """The game whose first frame is shown, until ``finish_opening``."""
        return self.opener.game

    @property
    def opening(self) -> bool:
        """A game's first frame is shown, its game screen still to come (``finish_opening``)."""
        return self.opener.game is not None

    def _keep_awake_toggled(self, on: bool) -> None:
        self.settings.keep_awake = on
        self.save_settings()

    def warn(self, title: str, text: str) -> None:
        """A warning the player must see: a box, or stderr in a smoke run."""
        from frightmare.ui.widgets.dialogs import Inform

        if self.headless:
            print(f"frightmare: {title}: {text}", file=sys.stderr, flush=True)
        else:
            Inform.show(self, title, text, warning=True)

    # The parts' entries, as the rest of the app and its dialogs ask the window ---------

    def show_picker(self, select: str | None = None) -> None:
        self.saved.show(select)

    def open_session(
        self, session_id: str, *, early: bool = False, first_frame: bool = False
    ) -> bool:
        return self.opener.open(session_id, early=early, first_frame=first_frame)

    def finish_opening(self) -> None:
        """The game screen replaces the first frame, right after its paint (``GameOpening``)."""
        self.opener.finish()

    def new_game(self) -> None:
        self.saved.new_game()

    def rename_session(self, session_id: str) -> None:
        self.saved.rename_session(session_id)

    def duplicate_session(self, session_id: str) -> None:
        self.saved.duplicate_session(session_id)

    def delete_session(self, session_id: str) -> None:
        self.saved.delete_session(session_id)

    def export_session(self, session_id: str) -> None:
        self.saved.export_session(session_id)

    def import_from(self, source: Path) -> bool:
        return self.saved.import_from(source)

    def owned_boxes(self) -> Collection:
        return self.saved.owned_boxes()

    def logged_games(self) -> list[LogEntry]:
        return self.desk.logged_games()

    def show_statistics(self) -> None:
        self.desk.show_statistics()

    def game_record(self) -> tuple[LogEntry, RecordDigest] | None:
        """The open game's play-log line and the record in brief of the log, for the summary."""
        return self.desk.game_record(self.session)

    def keep_record(self, entry: LogEntry) -> None:
        """The finished game's line again, with the player's answers (the summary's)."""
        self.desk.keep_record(entry, self.session)

    # The game played --------------------------------------------------------------------

    def live_session(self, session_id: str) -> Session | None:
        """The game as this window holds it in memory (unsaved play included), if it does."""
        if self.session is not None and self.session.id == session_id:
            return self.session
        return self._parked.get(session_id)

    def set_session(self, session: Session) -> None:
        if session is not self.session:
            self.close_edit_dialog()
            self.game.new_session()  # nothing of the last game's view carries over
        if not session.read_only:
            # The line of a game this window ends waits on disk before its end is saved.
            self.desk.watch(session)
        self._leave(session)
        self._parked.pop(session.id, None)
        self.session = session
        self.pages.setCurrentWidget(self.game)
        self.refresh()

    def forget(self, session: Session) -> None:
        """A game of this window's about to be deleted: closed, and no longer kept."""
        session.close()
        self._parked.pop(session.id, None)
        if session is self.session:
            self.session = None

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
                _(
                    "“{game}” could not be saved yet; it is kept in memory and saved as soon "
                    "as the disk allows."
                ).format(game=old.name),
                15_000,
            )
        else:
            old.close()

    def _retry_parked(self) -> None:
        for session_id, parked in list(self._parked.items()):
            if not parked.conflict and parked.save():
                parked.close()
                del self._parked[session_id]

    def flush_typing(self) -> None:
        if self._game is not None:
            self._game.flush_typing()

    def act(self, action: Action) -> bool:
        """Apply one action to the game; a refusal is shown, never raised."""
        if self.session is None or not self.opener.journal_agrees(acting=True):
            return False
        if self.session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return False
        if action.kind != "notes":
            self.flush_typing()
        before = self.session.state
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
        self._after_save(news=True, changes=self._changed_since(before))
        if self.desk.settle(self.session):  # the play ended the game: its summary
            self.desk.show_summary(self.session)
        return True

    def _record_anyway(self, action: Action) -> None:
        from frightmare.model.rules import record_anyway

        self.act(record_anyway(action))

    def _read_only_text(self) -> str:
        return _(
            "This game is open read-only in this window (another window has it): nothing "
            "is recorded here."
        )

    def _changed_since(self, before: GameState) -> Changes:
        """What the action just recorded changed: the table's parts between the state
        before it and now (``changes.between``), and History."""
        from frightmare.model.game.changes import HISTORY, between

        assert self.session is not None
        return between(before, self.session.state) | HISTORY

    def _after_save(self, *, news: bool = False, changes: Changes | None = None) -> None:
        """Refresh, retry games kept in memory, and settle a file changed under us. ``news``:
        an action was just played (its events animate); undo, redo and jumps draw still.
        ``changes``: what the action changed (``None``: everything is drawn again)."""
        self._retry_parked()
        self.refresh(news=news, changes=changes)
        session = self.session
        if session is not None and session.conflict:
            self.saved.resolve_conflict()
        elif session is not None and session.limit_warning:
            self.statusBar().showMessage(session.limit_warning, 30_000)

    def _notes_edited(self, text: str) -> None:
        from frightmare.model import EditNotes

        self.act(EditNotes(notes=text))

    def undo(self) -> None:
        if not self.opener.journal_agrees(acting=True):
            return
        self.flush_typing()
        session = self.session
        if session is None or not session.history.can_undo:
            return
        if session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return
        text = session.history.describe_step(session.history.cursor - 1)
        session.undo()
        self._after_save()
        self.desk.settle(self.session)
        # Translators: {step} is the step just taken back.
        self.statusBar().showMessage(_("Undid: {step}").format(step=text), 8000)

    def redo(self) -> None:
        session = self.session
        if not self.opener.journal_agrees(acting=True):
            return
        if session is None or not session.history.can_redo:
            return
        if session.read_only:
            self.statusBar().showMessage(self._read_only_text(), 15_000)
            return
        session.redo()
        text = session.history.describe_step(session.history.cursor - 1)
        self._after_save()
        self.desk.settle(self.session)
        # Translators: {step} is the step just played again.
        self.statusBar().showMessage(_("Redid: {step}").format(step=text), 8000)

    def jump(self, cursor: int) -> None:
        if not self.opener.journal_agrees(acting=True):
            return
        self.flush_typing()
        if self.session is not None:
            if self.session.read_only:
                self.statusBar().showMessage(self._read_only_text(), 15_000)
                self.refresh()
                return
            self.session.jump(cursor)
            self._after_save()
            self.desk.settle(self.session)

    def retry_save(self) -> None:
        if self.session is not None:
            if self.session.conflict:
                self.saved.resolve_conflict()
                return
            self.session.save()
            self._after_save()

    def refresh(self, *, news: bool = False, changes: Changes | None = None) -> None:
        """Redraw from the session (the model is the only source of truth); ``news``: the
        state comes from an action just played, whose events animate. ``changes``: what that
        action changed, and each part of the screen redraws only if its part did (``None``,
        as after an undo, a redo, a jump, another game, a language or a theme: everything)."""
        in_game_page = self._game is not None and self.pages.currentWidget() is self._game
        session = self.session if in_game_page else None
        self.follow_game(session)
        if session is None:
            self.setWindowTitle(APP_NAME)
            self.save_label.setText("")
            self.retry_button.hide()
            self.result_label.hide()
            return
        state = session.state
        from frightmare.ui.game.round_bar import result_line  # a game-screen module: loaded lazily

        result = result_line(state)
        title = _("{game} — {setup} — {app}")
        if session.read_only:
            # Translators: the window's title; {game} is the game's name.
            title = _("{game} (read-only) — {setup} — {app}")
        title = title.format(game=state.name, setup=state.setup.summary(), app=APP_NAME)
        if result:
            # Translators: the window's title once the game is over; {result} says how.
            title = _("{result} — {title}").format(result=result, title=title)
        self.setWindowTitle(title)
        # Game over is a state: said until undone (undo reopens the game).
        self.result_label.setText(
            _("{result}. Undo reopens the game.").format(result=result) if result else ""
        )
        self.result_label.setVisible(result is not None)
        self.game.show_state(state, news=news, changes=changes)
        if self._edit_dialog is not None:
            self._edit_dialog.set_state(state)
        show_save_status(self, session)
        if not session.history_loaded or (changes is not None and "history" not in changes):
            return  # History and the undo entries' words come with it (load_history)
        # Before the first paint (start-up into a game), History's rows come right after it.
        self.game.history.show_history(
            session.history,
            _("New game: {setup}").format(setup=state.setup.summary()),
            later=self.paint_first and (self.first_paint is None or self.opener.rows_later),
        )
        self.name_steps(session.history)

    # The window on screen ---------------------------------------------------------------

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
                QTimer.singleShot(0, self.opener.load_history)
        super().paintEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        from frightmare.ui.widgets.dialogs import Confirm

        self.flush_typing()
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
            _("Game not saved"),
            _("{problems}\n\nQuit anyway? The changes since the last save will be lost.").format(
                problems="\n\n".join(
                    # Translators: a game that cannot be saved, and why.
                    _("“{game}”: {problem}").format(game=s.name, problem=s.save_error)
                    for s in failing
                )
            ),
            yes=_("Quit without saving"),
        ):
            event.ignore()
            return
        for session in unsaved:
            session.close()
        # Where the player left off, for the next launch: the window, and its game.
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.settings.maximized = self.isMaximized()
        self.settings.full_screen = self.isFullScreen()
        self.opener.keep_for_next_launch()
        self.save_settings()
        self._closed = True
        super().closeEvent(event)


def show_save_status(window: MainWindow, session: Session) -> None:
    """The status bar's save mark: read-only, not saved (with what to do), or the time saved."""
    if session.read_only:
        window.save_label.setText(_("Read-only"))
        window.save_label.setToolTip(window._read_only_text())
        set_style_property(window.save_label, "tone", "")
        window.retry_button.hide()
    elif session.save_error:
        window.save_label.setText(_("⚠ Not saved"))
        window.save_label.setToolTip(session.save_error)
        set_style_property(window.save_label, "tone", "refusal")
        window.statusBar().showMessage(session.save_error)
        window.retry_button.setText(
            _("Reload or keep a copy…") if session.conflict else _("Try saving again")
        )
        window.retry_button.show()
    else:
        when = f"{session.updated.astimezone():%H:%M:%S}"
        # Translators: {time} is the time of day the game was last saved.
        window.save_label.setText(_("Saved {time}").format(time=when))
        window.save_label.setToolTip(str(session.path))
        set_style_property(window.save_label, "tone", "")
        window.retry_button.hide()
