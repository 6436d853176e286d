"""The window's plays: the Play and Counters menus and what they do (Next phase, his Killer
Action, a Terror card, the counters, the board's and the Boiler Room's keyboard focus), the
entries on or off as the model's can-be-played query says, the step Undo and Redo would take,
and each recorded play said to assistive technology.

``PlayWindow`` sits between ``window_menus.MenuWindow`` (the menus that only change the view)
and ``main_window.MainWindow`` (the window that holds the game).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenuBar

from frightmare.i18n import _

if TYPE_CHECKING:
    from frightmare.model import GameState, History
    from frightmare.model.actions.round import CounterName
    from frightmare.store.games.game_file import Session

from frightmare.ui.window_menus import (
    MENU_COUNTERS,
    NO_GAME_TITLES,
    MenuWindow,
    _counter_text,
)


class PlayWindow(MenuWindow):
    """The menus' plays on the game in progress."""

    def _build_play_menus(self, bar: QMenuBar) -> None:
        play = bar.addMenu(_("&Play"))
        self.next_phase_action = self._action(_("&Next phase"), self.next_phase, "Ctrl+Return")
        # The round bar's button by keyboard (issue 35): through a quiet Planning or Upkeep in
        # one key, as its click (Ctrl+Return goes one phase at a time).
        self.round_button_action = self._action(
            # Translators: the Play menu; ▸ is the round bar's button ("Killer ▸", "Round 3 ▸").
            _("&On as the round bar's ▸ does (through a quiet phase)"),
            self.round_bar_on,
            "Ctrl+Shift+Return",
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
        play.addAction(self.round_button_action)
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
                self.round_button_action,
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
        self.round_button_action.setEnabled(screen.next_phase.status != "impossible")
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

    def next_phase(self) -> None:
        from frightmare.model.actions.round import NextPhase

        if self.act(NextPhase()) and self._game is not None:
            self._focus_the_phase()

    def round_bar_on(self) -> None:
        """The round bar's button (*Killer ▸*, *Round 3 ▸*), clicked by keyboard: what the
        phase owes that the app knows, then on through a phase with nothing to record."""
        if self.session is None:
            return
        button = self.game.round_bar.next_phase
        if button.isVisible() and button.isEnabled():
            button.click()
            self._focus_the_phase()

    def _focus_the_phase(self) -> None:
        """After Next phase the focus goes where the next input goes (issue 35): the Panic
        step's first way out when Victims panic; his attack's damage when his Killer Action
        hits her (a digit records it); else it stays (the board, mostly)."""
        if self._focus_the_panic():
            return
        steps = self.game.killer_steps
        first = steps.hit_row.first_button() if steps.isVisible() else None
        if first is not None and steps.hit_row.isVisible():
            from frightmare.ui.widgets.focus_chain import bring_into_view

            first.setFocus()
            bring_into_view(first)

    def _focus_the_panic(self) -> bool:
        """The Panic's panel shown (Victims panic now, or as soon as the Killer phase owes
        nothing): the focus on the first Victim's proposed way out (True), one key each."""
        from frightmare.ui.widgets.focus_chain import bring_into_view

        panic = self.game.panic_steps
        if not panic.focus_first():
            return False
        focused = QApplication.focusWidget()
        if focused is not None:
            bring_into_view(focused)
        return True

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
        from PySide6.QtCore import Qt  # named after the first paint

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
        shown = self.session.state
        pick.showMenu()  # until the menu closes
        # The focus where the next input goes: the Panic's first way out when a card was
        # recorded and Victims panic next; else where it was, else the board.
        session = self.session
        if session is not None and session.state is not shown and self._focus_the_panic():
            return
        now = QApplication.focusWidget()
        if now is None or not now.isVisible():
            if before is not None and before.isVisible() and before.isEnabled():
                before.setFocus()
            else:
                self.focus_board()

    def discard_action_card(self) -> None:
        from frightmare.model.actions.round import DiscardActionCard

        self.act(DiscardActionCard())

    def focus_boiler_room(self) -> None:
        """The Boiler Room in front with the focus: on its deck (the arrow keys slide) when
        she is Asleep; Awake, on the first way to fall Asleep shown (Short Rest), the Boiler
        Room's one play then (issue 35: Tab by Tab it took 11 keys)."""
        if self.session is None:
            return
        boiler = self.game.boiler
        self.game.tabs.setCurrentWidget(self.game.dream_tab)
        if self.session.state.dream.awake:
            for button in (boiler.short_rest, boiler.long_rest, boiler.fall_asleep):
                if button.isVisible() and button.isEnabled():
                    from frightmare.ui.widgets.focus_chain import bring_into_view

                    button.setFocus()
                    bring_into_view(button)
                    return
        boiler.view.setFocus()

    def focus_board(self) -> None:
        if self.session is not None:
            self.game.tabs.setCurrentWidget(self.game.board_tab)
            self.game.board_view.setFocus()
