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
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenuBar

from frightmare import APP_NAME, __version__
from frightmare.i18n import N_, _
from frightmare.store.settings import save_settings
from frightmare.ui.language import language_menu
from frightmare.ui.theme import apply_theme, next_zoom

if TYPE_CHECKING:
    from frightmare.model import Action, GameState, History
    from frightmare.model.actions.round import CounterName
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

Shortcut = QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence]


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

    @property
    def game(self) -> GamePage:
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        raise NotImplementedError

    def refresh(self, *, news: bool = False) -> None:
        raise NotImplementedError

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab stop only at what is on screen (``widgets.focus_chain``)."""
        from frightmare.ui.widgets.focus_chain import bring_into_view, next_on_screen

        target = next_on_screen(self, QApplication.focusWidget(), forward=next)
        if target is None:
            return super().focusNextPrevChild(next)
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        bring_into_view(target)
        return True

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

    def build_menus(self) -> None:
        from frightmare.ui.widgets.focus_chain import tab_on_screen

        app = QApplication.instance()
        if isinstance(app, QApplication):
            tab_on_screen(app)  # Tab stops only at what is on screen, in dialogs too
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
            _("&New game…"), saved.new_game, QKeySequence.StandardKey.New, _("Start a new game")
        )
        self.sessions_action = self._action(
            _("&Sessions…"), saved.show, QKeySequence.StandardKey.Open, _("Your saved games")
        )
        self.rename_action = self._action(_("&Rename…"), saved.rename_current, "F2")
        self.export_action = self._action(
            _("&Export…"), saved.export_current, "Ctrl+E", _("Save this game to a file")
        )
        self.import_action = self._action(
            _("&Import…"), saved.import_session, "Ctrl+I", _("Add a game saved by Export")
        )
        self.quit_action = self._action(_("&Quit"), self.close, QKeySequence.StandardKey.Quit)
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

    def _build_edit_menu(self, bar: QMenuBar) -> None:
        edit = bar.addMenu(_("&Edit"))
        self.undo_action = self._action(_("&Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(
            _("&Redo"),
            self.redo,
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")],
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
            _("Zoom &in"), lambda: self.zoom(+1), [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")]
        )
        self.zoom_out_action = self._action(_("Zoom &out"), lambda: self.zoom(-1), "Ctrl+-")
        self.zoom_reset_action = self._action(_("&Actual size"), lambda: self.zoom(0), "Ctrl+0")
        self.full_screen_action = self._action(
            _("&Full screen"), self.toggle_full_screen, [QKeySequence("F11")]
        )
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

    def _build_play_menus(self, bar: QMenuBar) -> None:
        play = bar.addMenu(_("&Play"))
        self.next_phase_action = self._action(
            _("&Next phase"), self.next_phase, [QKeySequence("Ctrl+Return")]
        )
        self.boiler_focus_action = self._action(
            _("&Boiler Room (arrow keys slide)"), self.focus_boiler_room, "Ctrl+B"
        )
        self.board_focus_action = self._action(
            _("Maple &Lane board (arrow keys pick a space)"), self.focus_board, "Ctrl+L"
        )
        # His Killer Action by keyboard (issue 35): its step's Accept and Change…, wherever
        # the focus is.
        self.killer_accept_action = self._action(
            _("Record his &Killer Action"),
            self.accept_killer_action,
            "Ctrl+K",
            _("Record his Killer Action as its step shows it (Accept)"),
        )
        self.killer_change_action = self._action(
            _("&Change his Killer Action…"),
            self.change_killer_action,
            "Ctrl+Shift+K",
            _("If your card's Killer Action differs: whom he goes for, move and attack icons"),
        )
        play.addAction(self.next_phase_action)
        play.addAction(self.killer_accept_action)
        play.addAction(self.killer_change_action)
        play.addSeparator()
        play.addAction(self.board_focus_action)
        play.addAction(self.boiler_focus_action)

        counters = bar.addMenu(_("&Counters"))
        self.counter_actions: list[QAction] = []
        # Ctrl+N adds one, Alt+N takes one away, N being the counter's place in the bar.
        # The titles are the model's (``counter_title``: the Killer's own name on his Health),
        # set for the open game in ``refresh``.
        self.counter_menu_items: list[tuple[QAction, CounterName, int]] = []
        for n, key in enumerate(MENU_COUNTERS, start=1):
            for delta, mods in ((1, "Ctrl+"), (-1, "Alt+")):
                action = self._action(
                    _counter_text(_(NO_GAME_TITLES[key]), delta),
                    partial(self.adjust, key, delta),
                    f"{mods}{n}",
                )
                counters.addAction(action)
                self.counter_actions.append(action)
                self.counter_menu_items.append((action, key, delta))
        counters.addSeparator()
        self.discard_card_action = self._action(
            _("Discard an Action card (+1 Time)"), self.discard_action_card, "Ctrl+D"
        )
        self.terror_action = self._action(
            _("Draw a &Terror card…"), lambda: self.game.round_bar.draw_terror(), "Ctrl+T"
        )
        # The Terror card's ▾ by keyboard (issue 35): its list of the game's Terror cards.
        self.terror_pick_action = self._action(
            _("&Pick the Terror card drawn…"),
            self.pick_terror_card,
            "Ctrl+Shift+T",
        )
        counters.addAction(self.discard_card_action)
        counters.addAction(self.terror_action)
        counters.addAction(self.terror_pick_action)
        self.counter_actions += [
            self.discard_card_action,
            self.terror_action,
            self.terror_pick_action,
        ]

    # Following the game -----------------------------------------------------------------

    def follow_game(self, session: Session | None) -> None:
        """The entries for the game shown (``None``: none is): each play's entry asks the model
        (on unless its action is impossible now: a refusal that can be recorded anyway keeps
        it on, the click says why; game over turns them off, undo stays)."""
        in_game = session is not None
        for action in (
            self.rename_action,
            self.export_action,
            self.boiler_focus_action,
            self.board_focus_action,
            self.box_action,
        ):
            action.setEnabled(in_game)
        self._enable_plays(session.state if session is not None else None)
        # A game opened from its snapshot has no history yet (it is loaded right after the
        # first paint, or by the first undo): its length and cursor say what can be undone.
        length, cursor = session.steps if session is not None else (0, 0)
        self.undo_action.setEnabled(cursor > 0)
        self.redo_action.setEnabled(cursor < length)
        self.summary_action.setEnabled(bool(session and session.state.over))
        self._name_the_halves(session.state if session is not None else None)
        if session is None:
            self.undo_action.setText(_("&Undo"))
            self.redo_action.setText(_("&Redo"))

    def name_steps(self, history: History) -> None:
        """Undo and Redo name the step each would take; a step just recorded is announced."""
        self._announce_step(history)
        if history.can_undo:
            step = history.describe_step(history.cursor - 1)
            # Translators: the Edit menu's Undo entry, {step} is the step it takes back.
            self.undo_action.setText(_("&Undo “{step}”").format(step=step))
        else:
            self.undo_action.setText(_("&Undo"))
        if history.can_redo:
            step = history.describe_step(history.cursor)
            # Translators: the Edit menu's Redo entry, {step} is the step it plays again.
            self.redo_action.setText(_("&Redo “{step}”").format(step=step))
        else:
            self.redo_action.setText(_("&Redo"))

    def _announce_step(self, history: History) -> None:
        """Each recorded play is said to assistive technology (issue 35), once: the step the
        history's cursor just moved on to (an undo or a jump says nothing here)."""
        cursor = history.cursor
        seen, self._announced = self._announced, (id(history), cursor)
        if seen is None or seen[0] != id(history) or cursor != seen[1] + 1 or cursor == 0:
            return
        step = history.describe_step(cursor - 1)
        # Translators: said by a screen reader after each play; {step} is History's line.
        self.last_announcement = _("Recorded: {step}").format(step=step)
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        if QAccessible.isActive():
            QAccessible.updateAccessibility(
                QAccessibleAnnouncementEvent(self, self.last_announcement)
            )

    def _enable_plays(self, state: GameState | None) -> None:
        """The Play and Counters menus' entries, from the model's refusals and offers."""
        if state is None:
            for action in (
                self.next_phase_action,
                self.edit_table_action,
                self.killer_accept_action,
                self.killer_change_action,
                *self.counter_actions,
            ):
                action.setEnabled(False)
            return
        from frightmare.model.lane.killer import everyone_must_die_now
        from frightmare.model.query.killer_phase import killer_step_offered
        from frightmare.model.query.notes import game_open
        from frightmare.model.query.plays import plays

        screen = plays(state)
        his_step = killer_step_offered(state)
        self.killer_accept_action.setEnabled(his_step)
        self.killer_change_action.setEnabled(his_step and not everyone_must_die_now(state))
        self.next_phase_action.setEnabled(screen.next_phase.status != "impossible")
        self.edit_table_action.setEnabled(game_open(state))
        for action, counter, delta in self.counter_menu_items:
            action.setEnabled(screen.counters[(counter, delta)].status != "impossible")
        self.discard_card_action.setEnabled(screen.discard_action_card.status != "impossible")
        self.terror_action.setEnabled(screen.terror.status != "impossible")
        self.terror_pick_action.setEnabled(screen.terror.status != "impossible")

    def _name_the_halves(self, state: GameState | None) -> None:
        """Menus name the real Killer and Location: the Killer's Health by his name, the
        Boiler Room only with Dr. Fright, the Maple Lane board only on Maple Lane."""
        fright = state is None or state.setup.has_dr_fright
        maple = state is None or state.setup.on_maple_lane
        self.boiler_focus_action.setVisible(fright)
        self.hint_action.setVisible(fright)
        self.animate_action.setVisible(fright)
        self.board_focus_action.setVisible(maple)
        # His Killer Action's step is drawn on the Maple Lane board only.
        self.killer_accept_action.setVisible(maple)
        self.killer_change_action.setVisible(maple)
        if state is None:
            for action, key, delta in self.counter_menu_items:
                action.setText(_counter_text(_(NO_GAME_TITLES[key]), delta))
            return
        from frightmare.model.counters import counter_title

        for action, key, delta in self.counter_menu_items:
            action.setText(_counter_text(counter_title(state, key), delta))

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

    def next_phase(self) -> None:
        from frightmare.model.actions.round import NextPhase

        if self.act(NextPhase()) and self._game is not None:
            self._focus_the_phase()

    def _focus_the_phase(self) -> None:
        """After Next phase the focus goes where the next input goes (issue 35): the Panic
        step's first way out when Victims panic; else it stays (the board, mostly)."""
        from frightmare.ui.game.board.space_menu import first_control
        from frightmare.ui.widgets.focus_chain import bring_into_view

        panic = self.game.panic_steps
        if panic.isVisible():
            first = first_control(panic)
            if first is not None:
                first.setFocus(Qt.FocusReason.OtherFocusReason)
                bring_into_view(first)

    def adjust(self, counter: CounterName, delta: int) -> None:
        from frightmare.model.actions.round import AdjustCounter

        self.act(AdjustCounter(counter=counter, delta=delta))

    def accept_killer_action(self) -> None:
        """His Killer Action's *Accept*, by keyboard: the step as it shows (a refused one says
        why, as the button's click does)."""
        if self.session is None:
            return
        steps = self.game.killer_steps
        if steps.isVisible() and steps.accept.isVisible() and steps.accept.isEnabled():
            steps.accept.click()

    def change_killer_action(self) -> None:
        """His Killer Action's *Change…*, by keyboard: its rows open, the focus on the first."""
        if self.session is None:
            return
        steps = self.game.killer_steps
        if not (steps.isVisible() and steps.change.isVisible()):
            return
        steps.change.setChecked(True)
        self.game.side.ensureWidgetVisible(steps.icons)
        steps.target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def pick_terror_card(self) -> None:
        """The Terror card's ▾ list, opened by keyboard; typing a card's name finds it."""
        from frightmare.ui.widgets.menu_search import searchable

        if self.session is None:
            return
        pick = self.game.round_bar.terror_pick
        menu = pick.menu()
        if menu is not None:
            searchable(menu)
        before = QApplication.focusWidget()
        pick.showMenu()  # until the menu closes
        # The focus back where the next input goes: where it was, else the board.
        now = QApplication.focusWidget()
        if now is None or not now.isVisible():
            if before is not None and before.isVisible() and before.isEnabled():
                before.setFocus()
            else:
                self.focus_board()

    def discard_action_card(self) -> None:
        from frightmare.model.actions.round import DiscardActionCard

        self.act(DiscardActionCard())

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
