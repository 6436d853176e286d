"""The main window's menus: every entry and its shortcut, what each entry shows for the game
(on or off as the model's can-be-played query says, the Killer's and the Location's own names,
the step Undo and Redo would take), and the entries that only change the view (zoom, theme,
full screen, Boiler Room hints) or only ask the game screen (focus, Help).

``MenuWindow`` is the base of ``main_window.MainWindow``, which plays the game the menus act on:
its methods that raise ``NotImplementedError`` here are the window's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QMenuBar

from frightmare import APP_NAME, __version__
from frightmare.i18n import N_, _
from frightmare.store.settings import save_settings
from frightmare.ui.language import language_menu
from frightmare.ui.qt_values import StandardKey, key_sequence
from frightmare.ui.theme import apply_theme, next_zoom

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

    from frightmare.model import Action
    from frightmare.model.actions.round import CounterName
    from frightmare.model.game.changes import Changes
    from frightmare.store.data_folder import SessionStore
    from frightmare.store.games.game_file import Session
    from frightmare.store.settings import Settings
    from frightmare.ui.game.edit_table import EditTableDialog
    from frightmare.ui.game.game_page import GamePage
    from frightmare.ui.record.desk import RecordDesk
    from frightmare.ui.saved_games import SavedGames

# The rules' action classes and the dialogs are imported where they are used: start-up shows the
# session picker, which needs none of them.

MENU_COUNTERS: tuple[CounterName, ...] = ("time", "health", "horror", "bloodlust", "killer health")
# Before a game is open the menus name no Killer.
NO_GAME_TITLES: dict[str, str] = {
    "time": N_("Time"),
    "health": N_("Health"),
    "horror": N_("Horror"),
    "bloodlust": N_("Bloodlust"),
    "killer health": N_("The Killer's Health"),
}


# A key sequence as Qt writes it ("Ctrl+Shift+E"), a StandardKey, or a list of either.
Shortcut = str | list[str]


def set_shortcut(action: QAction, shortcut: Shortcut) -> None:
    """Give ``action`` its shortcut (the first of a list is the one menus show)."""
    keys = shortcut if isinstance(shortcut, list) else [shortcut]
    action.setShortcuts([key_sequence(key) for key in keys])


def _counter_text(title: str, delta: int) -> str:
    if delta > 0:
        # Translators: a Counters menu entry, {counter} is e.g. "Horror".
        return _("{counter} +1").format(counter=title)
    # Translators: a Counters menu entry, {counter} is e.g. "Horror".
    return _("{counter} −1").format(counter=title)


class MenuWindow(QMainWindow):
    """A main window with the app's menus (``build_menus``)."""

    # The window's own, which its menus act on (``MainWindow`` sets them).
    settings: Settings
    store: SessionStore
    headless: bool
    session: Session | None
    _game: GamePage | None
    desk: RecordDesk
    saved: SavedGames
    # What was last said to assistive technology after a play (``_announce_step``).
    last_announcement: str = ""
    _announced: tuple[int, int] | None = None

    def __init__(self) -> None:
        super().__init__()
        self._told_settings = False  # preferences that cannot be saved are said once
        self._edit_dialog: EditTableDialog | None = None
        self._unset_shortcuts: list[tuple[QAction, Shortcut]] = []

    @property
    def game(self) -> GamePage:
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        raise NotImplementedError

    def refresh(self, *, news: bool = False, changes: Changes | None = None) -> None:
        raise NotImplementedError

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab stop only at what is on screen (``widgets.focus_chain``); before
        start-up's first paint (Qt's first focus) Qt's own order, which names no Qt value."""
        if self._before_first_paint():
            return super().focusNextPrevChild(next)
        from frightmare.ui.widgets.focus_chain import tab_on_screen

        return tab_on_screen(self, forward=next) or super().focusNextPrevChild(next)

    # Building ---------------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: Shortcut | None = None,
        tip: str = "",
    ) -> QAction:
        # Not QAction(text, self), nor setShortcut: PySide would weigh the overloads that take
        # an icon or a Qt.Key, making those classes before the first paint (see qt_values).
        action = QAction(self)
        action.setText(text)
        if shortcut is not None and self._before_first_paint():
            # Set at the loop's turn after the first paint (``set_shortcuts``), as no key can
            # reach a window before it is on screen: naming QKeySequence makes PySide build
            # its 76 enum members, about 7 million instructions of the picker's launch.
            self._unset_shortcuts.append((action, shortcut))
        elif shortcut is not None:
            set_shortcut(action, shortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def build_menus(self) -> None:
        bar = self.menuBar()
        self._build_game_menu(bar)
        self._build_edit_menu(bar)
        self._build_view_menu(bar)
        self._build_play_menus(bar)
        help_menu = bar.addMenu(_("&Help"))
        self.help_action = self._action(_("&Keyboard shortcuts"), self.show_help, "F1")
        help_menu.addAction(self.help_action)
        help_menu.addAction(self._action(_("&About"), self.about))

    def _build_game_menu(self, bar: QMenuBar) -> None:
        saved, desk = self.saved, self.desk
        game = bar.addMenu(_("&Game"))
        self.new_action = self._action(
            _("&New game…"), saved.new_game, StandardKey("New"), _("Start a new game")
        )
        self.sessions_action = self._action(
            _("&Sessions…"), saved.show, StandardKey("Open"), _("Your saved games")
        )
        self.rename_action = self._action(_("&Rename…"), saved.rename_current, "F2")
        self.export_action = self._action(
            _("&Export…"), saved.export_current, "Ctrl+E", _("Save this game to a file")
        )
        self.import_action = self._action(
            _("&Import…"), saved.import_session, "Ctrl+I", _("Add a game saved by Export")
        )
        self.quit_action = self._action(_("&Quit"), self.close, StandardKey("Quit"))
        # record's entry (issue 22): a random game from the boxes owned.
        self.roll_action = self._action(
            _("Roll the &film…"),
            saved.roll_film,
            "Ctrl+Shift+N",
            _("A random game from the boxes you own, preferring what you have not played"),
        )
        for action in (self.new_action, self.roll_action, self.sessions_action):
            game.addAction(action)
        game.addAction(self.rename_action)
        self.box_action = self._action(
            _("&Box values…"),
            self.edit_box_values,
            tip=_("Correct the box's numbers for this game"),
        )
        self.playlog_action = self._action(
            _("Export the &play log (CSV)…"), desk.export_play_log, tip=_("Every finished game")
        )
        self.summary_action = self._action(
            _("Game &summary…"),
            lambda: desk.show_summary(self.session),
            tip=_("The finished game's summary, again"),
        )
        self.stats_action = self._action(
            _("S&tatistics…"),
            desk.show_statistics,
            "Ctrl+Shift+S",
            _("Your win rates beside the community's, results over time, achievements"),
        )
        self.import_log_action = self._action(
            _("Import a play &log…"),
            desk.import_play_log,
            tip=_("Merge games logged elsewhere (CSV or this app's JSON lines) into your record"),
        )
        game.addAction(self.box_action)
        game.addAction(self.summary_action)
        game.addSeparator()
        game.addAction(self.stats_action)
        # record's entries (issue 22): the boxes owned.
        self.collection_action = self._action(
            _("Your &collection…"),
            saved.edit_collection,
            tip=_(
                "Tick the Final Girl boxes you own: their Killers, Locations and Final Girls "
                "are offered by name"
            ),
        )
        game.addAction(self.collection_action)
        game.addSeparator()
        for action in (
            self.export_action,
            self.import_action,
            self.playlog_action,
            self.import_log_action,
        ):
            game.addAction(action)
        game.addSeparator()
        game.addAction(self.quit_action)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._unset_shortcuts:  # start-up's: set at the loop's turn after its first paint
            QTimer.singleShot(0, self, self.set_shortcuts)
        super().paintEvent(event)

    def set_shortcuts(self) -> None:
        """The shortcuts start-up left for after the first paint (``_action``), set now."""
        unset, self._unset_shortcuts = self._unset_shortcuts, []
        for action, shortcut in unset:
            set_shortcut(action, shortcut)

    def _before_first_paint(self) -> bool:
        """At start-up, before the window's first paint (``MainWindow`` sets both)."""
        return (
            bool(getattr(self, "paint_first", False)) and getattr(self, "first_paint", None) is None
        )

    def _build_play_menus(self, bar: QMenuBar) -> None:
        """The Play and Counters menus: the playing window's (``window_plays.PlayWindow``)."""
        raise NotImplementedError

    def _build_edit_menu(self, bar: QMenuBar) -> None:
        edit = bar.addMenu(_("&Edit"))
        self.undo_action = self._action(_("&Undo"), self.undo, StandardKey("Undo"))
        self.redo_action = self._action(
            _("&Redo"),
            self.redo,
            ["Ctrl+Shift+Z", "Ctrl+Y"],
        )
        self.edit_table_action = self._action(
            _("Edit the &table…"),
            self.edit_table,
            "Ctrl+Shift+E",
            _("Put the app right when it and the table disagree (each change can be undone)"),
        )
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(self.edit_table_action)

    def _build_view_menu(self, bar: QMenuBar) -> None:
        view = bar.addMenu(_("&View"))
        self.zoom_in_action = self._action(
            _("Zoom &in"), lambda: self.zoom(+1), ["Ctrl++", "Ctrl+="]
        )
        self.zoom_out_action = self._action(_("Zoom &out"), lambda: self.zoom(-1), "Ctrl+-")
        self.zoom_reset_action = self._action(_("&Actual size"), lambda: self.zoom(0), "Ctrl+0")
        self.full_screen_action = self._action(_("&Full screen"), self.toggle_full_screen, "F11")
        self.full_screen_action.setCheckable(True)
        self.dark_action = self._action(_("&Dark theme"), self.toggle_dark, "Ctrl+Shift+D")
        self.dark_action.setCheckable(True)
        self.dark_action.setChecked(self.settings.dark)
        self._name_zoom()
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            view.addAction(action)
        view.addSeparator()
        view.addAction(self.full_screen_action)
        view.addAction(self.dark_action)
        view.addSeparator()
        self.animate_action = self._action(_("&Animate slides"), self.toggle_animations)
        self.animate_action.setCheckable(True)
        self.animate_action.setChecked(self.settings.animations)
        self.hint_action = self._action(_("Show the &best slide"), self.toggle_hints, "Ctrl+H")
        self.hint_action.setCheckable(True)
        self.hint_action.setChecked(self.settings.hints)
        view.addAction(self.animate_action)
        view.addAction(self.hint_action)
        view.addSeparator()
        self.language_menu, self.language_actions = language_menu(self, view, self.choose_language)
        # The game screen's docks and Keep awake join when the game screen is first built.
        self.view_menu = view

    def choose_language(self, code: str) -> None:
        """Keep ``code`` for the next launch and say plainly that it takes effect then, with a
        button that restarts the app now, into the same game."""
        from frightmare import i18n
        from frightmare.ui.widgets.dialogs import RestartNow

        self.settings.language = code
        saved = self.save_settings()
        if code == i18n.language():
            return  # already in force
        name = i18n.LANGUAGES.get(code, code)
        if not saved:
            return  # the status bar says the preferences cannot be kept
        if RestartNow.ask(
            self,
            _("Language"),
            # Translators: {language} is the language's own name (Deutsch, Polski...).
            _("The app will speak {language} after a restart.").format(language=name),
        ):
            self.restart()

    def restart(self) -> None:
        """Close the window (which saves the game in progress) and start the app again."""
        from frightmare.ui.language import relaunch

        if self.close() and relaunch():
            app = QApplication.instance()
            if app is not None:
                app.quit()

    # Following the game -----------------------------------------------------------------

    # Playing from the menus -------------------------------------------------------------

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

    def close_edit_dialog(self) -> None:
        if self._edit_dialog is not None:
            dialog, self._edit_dialog = self._edit_dialog, None
            dialog.close()

    def edit_box_values(self) -> None:
        if self.session is None:
            return
        from frightmare.model.actions.edit import SetBoxValue
        from frightmare.ui.game.box_values import BoxValuesDialog

        for name, value in BoxValuesDialog.ask(self, self.session.state):
            if not self.act(SetBoxValue(name=name, value=value)):
                break

    # The view ---------------------------------------------------------------------------

    def save_settings(self) -> bool:
        """Keep the preferences; when they cannot be kept, say so once (status bar, or stderr
        in a smoke run): they hold until the app closes. True when saved."""
        problem = save_settings(self.store.root, self.settings)
        if problem is None:
            return True
        if not self._told_settings:
            self._told_settings = True
            text = _(
                "Your preferences (theme, zoom, window) cannot be saved: {problem}. They hold "
                "until you close the app."
            ).format(problem=problem)
            if self.headless:
                print(f"frightmare: {text}", file=sys.stderr, flush=True)
            self.statusBar().showMessage(text, 20_000)
        return False

    def zoom(self, direction: int) -> None:
        self.settings.zoom = 1.0 if direction == 0 else next_zoom(self.settings.zoom, direction)
        self._name_zoom()
        # Said first: a message that the preferences cannot be saved, if any, comes after.
        percent = round(self.settings.zoom * 100)
        self.statusBar().showMessage(_("Zoom {percent}%").format(percent=percent), 4000)
        self._apply_theme()

    def _name_zoom(self) -> None:
        """The View menu says the zoom the window is at (a player could not tell 150%)."""
        percent = round(self.settings.zoom * 100)
        self.zoom_reset_action.setText(_("&Actual size (now {percent}%)").format(percent=percent))

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

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.full_screen_action.setChecked(self.isFullScreen())

    # Help -------------------------------------------------------------------------------

    def show_help(self) -> None:
        from frightmare.ui.help import HelpDialog

        state = self.session.state if self.session is not None else None
        HelpDialog.show_for(self, self.actions(), state)

    def about(self) -> None:
        from frightmare.ui.widgets.dialogs import Inform

        Inform.show(
            self,
            _("About {app}").format(app=APP_NAME),
            _(
                "{app} {version}\n\nA companion for the solo board game Final Girl: "
                "Frightmare on Maple Lane. Keep the box on the table; the app keeps the "
                "bookkeeping.\n\nYour games are saved in {folder}."
            ).format(app=APP_NAME, version=__version__, folder=self.store.root),
        )
