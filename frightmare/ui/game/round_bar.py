"""The round in the side column: phases, counters, the phase's checklist and the reminders."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _, in_english
from frightmare.model.actions.round import (
    AdjustCounter,
    CounterName,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseUltimate,
)
from frightmare.model.box import names
from frightmare.model.box.card_data import CardData
from frightmare.model.counters import counter_title, killer_token_offered
from frightmare.model.game.state import PHASE_NAMES, PHASES, GameState, Phase
from frightmare.model.query.controls import DISCARD_ACTION_CARD, KILLER_ACTION
from frightmare.model.query.killer_phase import next_phase_verdict
from frightmare.model.query.notes import (
    KILLER_MOVES_NOTE,
    KILLER_STAYS_NOTE,
    counter_note,
    killer_action_offered,
    terror_offered,
)
from frightmare.model.query.plays import plays
from frightmare.model.round.checklist import checklist, reminders
from frightmare.model.round.duties import done_by_next
from frightmare.model.round.endings import ULTIMATE_NOTE, ultimate_offered
from frightmare.model.round.phases import (
    next_phase_label,
    next_phase_note,
    passes_through,
    quiet_stop,
)
from frightmare.ui.game.round_pieces import (
    ChecklistArea,
    CounterBox,
    PhasePill,
    hold_round_width,
    name_shortened,
    pills_measured,
    reminder_chip,
    share_row,
)
from frightmare.ui.game.steps.final_health import TokenDialog
from frightmare.ui.game.steps.terror_steps import TerrorDialog
from frightmare.ui.theme import current_zoom, look_key, set_style_property
from frightmare.ui.widgets.fitting import ElidingButton
from frightmare.ui.widgets.messages import set_tip
from frightmare.ui.widgets.refusals import offer

COUNTERS: tuple[tuple[CounterName, str, str], ...] = (
    ("time", N_("Time"), "T"),
    ("health", N_("Health"), "H"),
    ("horror", N_("Horror"), "R"),
    ("bloodlust", N_("Bloodlust"), "B"),
    ("killer health", "Dr. Fright", "K"),
    # Translators: the short titles above the round bar's counters (a narrow column).
    ("terror", N_("Terror"), ""),
    ("saved", N_("Saved"), ""),
    ("killed", N_("Killed"), ""),
)


# Reminders whose words the phase's checklist already shows (the Killer phase's lists his
# Killer Action, "no move icon, no move", its Terror card, and last the Boiler Room card
# still due, which the Boiler Room's own line and the refused Next phase say too): left out,
# so the column keeps its room for the phase's controls (issue 19: nothing below the fold).
RESTATED: dict[Phase, frozenset[str]] = {"killer": frozenset({"move-icon", "terror", "boiler"})}


def result_line(state: GameState) -> str | None:
    """ "Won in round 6" / "Lost in round 4" while the game is over, else ``None``."""
    if not state.over:
        return None
    number = state.ended_round or state.round
    if state.result == "win":
        return _("Won in round {number}").format(number=number)
    return _("Lost in round {number}").format(number=number)


class RoundBar(QWidget):
    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        # A space chosen on the board since the last play (cards: the Terror card's choice of
        # a space, where the car hit, takes it).
        self.board_space: str | None = None
        self.dismissed: set[str] = set()
        self._reminders_shown: list[tuple[str, str, bool]] | None = None
        self._dismiss_scope: tuple[int, str] | None = None
        # The round and phase whose Killer Action buttons were shown (their room is held).
        self._killer_room: tuple[int, str] | None = None
        self._killer_scope: tuple[int, str] | None = None  # the phase they were last drawn in
        self._round_english = ""  # the round's line in English (``hold_round_width``)
        self._pill_columns = 0  # the phases' pills a row (``_wrap_pills``)
        self._pills_measured: tuple[object, ...] | None = None  # (``pills_measured``)
        self.short = False  # a short window (``set_short``)
        top, pills = self._build_phases()
        grid = self._build_counters()
        self._wrap_pills(grid.minimumSize().width())
        # As tall as the phase's list, an item a line, whole (``show_state``).
        self.checklist = ChecklistArea(_("This phase"))
        self._build_phase_buttons()
        self._build_phase_panel()

        self.rows = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(pills)
        layout.addLayout(grid)

    def _build_phases(self) -> tuple[QHBoxLayout, QGridLayout]:
        """The round and Next phase on the top row, the phases' pills under it."""
        self.round = QLabel()
        self.round.setAccessibleName(_("Round"))
        self.round.setWordWrap(True)  # a longer language's (``hold_round_width``)
        set_style_property(self.round, "scale", "big")
        self.pills: dict[Phase, PhasePill] = {}
        self.next_phase = QPushButton(_("Next phase ▸"))
        self.next_phase.setAccessibleName(_("Next phase"))
        self.next_phase.setToolTip(_("Advance to the next phase (Ctrl+Return)"))
        self.next_phase.clicked.connect(self._next_phase)
        self._next_width_for: tuple[str, str, tuple[bool, bool, float]] | None = None
        top = QHBoxLayout()
        top.addWidget(self.round)
        top.addStretch(1)
        top.addWidget(self.next_phase)
        pills = QGridLayout()
        pills.setSpacing(3)
        self.pill_grid = pills
        for phase in PHASES:
            pill = PhasePill(_(PHASE_NAMES[phase]))
            set_style_property(pill, "pill", "phase")
            set_style_property(pill, "scale", "pill")
            self.pills[phase] = pill
        return top, pills

    def _wrap_pills(self, budget: int) -> None:
        """The phases' pills on one row, or on two when a longer language's names would make
        the row wider than the counters under it (the column keeps its width, the board its
        room); measured again when what it measures changed, each zoom (at 150% a language
        a third longer set the column's width, the board below a third of 1366x768)."""
        pills = list(self.pills.values())
        measured = pills_measured(pills, budget, self.short, self.state)
        if measured == self._pills_measured:
            return  # a play measured all six pills again
        self._pills_measured = measured
        spacing = self.pill_grid.spacing()
        for pill in pills:
            pill.set_room(None)  # measured whole
            pill.ensurePolished()
        wanted = sum(p.minimumSizeHint().width() for p in pills) + spacing * (len(pills) - 1)
        # The one-row width the side column was laid out for (its other rows, the Dark
        # Power's name, are sized to it): the pills' bold English names, in their font.
        with in_english():
            english = [_(PHASE_NAMES[phase]) for phase in PHASES]
        budget = max(budget, sum(p.width_for(t) for p, t in zip(pills, english, strict=True)))
        budget += spacing * (len(pills) - 1)
        # A short window keeps one row when a few pixels more allow it (German's: 1 px).
        one_row = wanted <= budget + (4 * spacing if self.short else 0)
        if self.short and not one_row:  # one row still: the longest names end in "…"
            phase = PHASES.index(self.state.phase if self.state is not None else PHASES[0])
            share_row(pills, phase, budget - 2 * spacing * (len(pills) - 1))
        name_shortened(self.pills, self.state.phase if self.state is not None else None)
        columns = len(pills) if one_row or self.short else (len(pills) + 1) // 2
        if columns == self._pill_columns:
            return
        self._pill_columns = columns
        for pill in pills:
            self.pill_grid.removeWidget(pill)
        for n, pill in enumerate(pills):
            self.pill_grid.addWidget(pill, n // columns, n % columns)
        for column in range(len(pills)):
            self.pill_grid.setColumnStretch(column, 1 if column < columns else 0)

    def _build_counters(self) -> QGridLayout:
        """Each counter with its − and +, four a row (``lay_out_counters``)."""
        self.counters: dict[str, CounterBox] = {}
        grid = QGridLayout()
        grid.setSpacing(4)
        self.counter_grid = grid
        self._counter_columns = 4
        for n, (key, title, _kind) in enumerate(COUNTERS):
            box = CounterBox(key, _(title))
            box.minus.clicked.connect(lambda _=False, k=key: self.adjust(k, -1))
            box.plus.clicked.connect(lambda _=False, k=key: self.adjust(k, +1))
            self.counters[key] = box
            grid.addWidget(box, n // 4, n % 4)
        return grid

    def _build_phase_buttons(self) -> None:
        """The phases' own buttons (Discard, his Killer Action, the Terror card with its menu,
        Ultimate, the Final Health tokens), each in the panel's grid from the start."""
        # Its text shortens ("…") when the side column is narrow (issue 30): whole in its
        # tooltip and its name.
        self.discard = ElidingButton(_("Discard a card: +1 Time"))
        self.discard.setAccessibleName(DISCARD_ACTION_CARD.describe())
        self.discard_tip = _("{play} (Ctrl+D)").format(play=DISCARD_ACTION_CARD.describe())
        self.discard.setToolTip(self.discard_tip)
        self.discard.clicked.connect(lambda: self.act_requested.emit(DISCARD_ACTION_CARD))
        self.killer_moves = QPushButton(_("Killer moves"))
        self.killer_moves.setAccessibleName(_("Killer Action: moves"))
        self.killer_moves_tip = _(KILLER_MOVES_NOTE)
        self.killer_moves.setToolTip(self.killer_moves_tip)
        self.killer_moves.clicked.connect(lambda: self.act_requested.emit(KILLER_ACTION[True]))
        self.killer_stays = QPushButton(_("No move icon"))
        self.killer_stays.setAccessibleName(KILLER_ACTION[False].describe())
        self.killer_stays_tip = _(KILLER_STAYS_NOTE)
        self.killer_stays.setToolTip(self.killer_stays_tip)
        self.killer_stays.clicked.connect(lambda: self.act_requested.emit(KILLER_ACTION[False]))
        self.terror = QPushButton(_("Terror card…"))
        self.terror.setAccessibleName(_("Draw a Terror card"))
        self.terror.clicked.connect(self.draw_terror)
        self.terror_tip = _("Draw a Terror card and name it (Ctrl+T)")
        self.terror.setToolTip(self.terror_tip)
        # The card drawn, picked from a menu in one click: recorded as the app plans it when
        # the card leaves nothing to choose, else the Terror dialog opens with it chosen.
        self.terror_pick = QToolButton()
        self.terror_pick.setText("▾")
        self.terror_pick.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.terror_pick.setAccessibleName(_("Pick the Terror card drawn"))
        self.terror_pick_tip = _(
            "Pick the Terror card you drew: what it does is recorded as the app plans it on "
            "this table (History and the message say what), or asked when it leaves a choice"
        )
        self.terror_pick.setToolTip(self.terror_pick_tip)
        self.terror_menu = QMenu(self.terror_pick)
        self.terror_menu.setAccessibleName(_("The game's Terror cards"))
        self.terror_menu.aboutToShow.connect(self._fill_terror_menu)
        self.terror_pick.setMenu(self.terror_menu)
        # The arrow sits on the Terror card's row, at its right: one control, two ways in.
        self.terror_row = QWidget()
        terror_row = QHBoxLayout(self.terror_row)
        terror_row.setContentsMargins(0, 0, 0, 0)
        terror_row.setSpacing(2)
        terror_row.addWidget(self.terror, 1)
        terror_row.addWidget(self.terror_pick)
        self.final_health = QPushButton(_("Your Final Health…"))
        self.final_health.setAccessibleName(_("Turn over your Final Health"))
        self.final_health.clicked.connect(self.reveal_final_health)
        self.killer_final = QPushButton(_("His Final Health…"))
        self.killer_final.clicked.connect(self.reveal_killer_final_health)
        self.ultimate = QPushButton(_("Use Ultimate"))
        self.ultimate.clicked.connect(lambda: self.act_requested.emit(UseUltimate()))
        self.ultimate_tip = _(ULTIMATE_NOTE)
        self.ultimate.setToolTip(self.ultimate_tip)
        self.phase_grid = QGridLayout()
        self.phase_grid.setContentsMargins(0, 0, 0, 0)
        self.phase_grid.setSpacing(3)
        self.phase_buttons: tuple[QWidget, ...] = (
            self.discard,
            self.killer_moves,
            self.killer_stays,
            self.terror_row,
            self.ultimate,
            self.final_health,
            self.killer_final,
        )
        self.terror_row.setAccessibleName(_("Terror card"))
        for n, button in enumerate(self.phase_buttons):
            if isinstance(button, QPushButton):
                button.setAccessibleName(button.accessibleName() or button.text().rstrip("…"))
            self.phase_grid.addWidget(button, n // 2, n % 2)  # each in the panel from the start

    def _build_phase_panel(self) -> None:
        """The phase's checklist, its buttons and the reminders, in a panel of their own
        under the Awake/Asleep banner."""
        # Reminders: as many strips as there are (each one line or two), none when none.
        self.reminder_box = QWidget()
        self.reminder_row = QVBoxLayout(self.reminder_box)
        self.reminder_row.setContentsMargins(0, 0, 0, 0)
        self.reminder_row.setSpacing(3)
        self.reminder_row.addStretch(1)
        self.reminder_box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)

        # The phase's checklist and the reminders sit under the Awake/Asleep banner.
        self.phase_panel = QFrame()
        self.phase_panel.setObjectName("phasePanel")
        set_style_property(self.phase_panel, "card", True)
        lower = QVBoxLayout(self.phase_panel)
        lower.setContentsMargins(6, 4, 6, 4)
        lower.addWidget(self.checklist)
        lower.setSpacing(3)
        lower.addLayout(self.phase_grid)
        lower.addWidget(self.reminder_box)

    def set_short(self, short: bool) -> None:
        """A short window (under ``regions.SHORT_HEIGHT``): the phase's checklist on one
        line, and none in the Killer phase on Maple Lane, where his step's panel and the
        Terror card's row under it restate each item (the whole list is the phase's pill's
        tooltip)."""
        self.short = short
        self.checklist.set_one_line(short)
        for box in self.counters.values():
            box.set_compact(short)
        self.rows.setSpacing(2 if short else 4)
        self._wrap_pills(self.counter_grid.minimumSize().width())
        self.counter_grid.setSpacing(2 if short else 4)
        panel = self.phase_panel.layout()
        if panel is not None:
            panel.setContentsMargins(6, 2 if short else 4, 6, 2 if short else 4)
            panel.setSpacing(1 if short else 3)
        if self.state is not None:
            self._show_checklist(self.state)

    def lay_out_counters(self) -> None:
        """Four counters a row, three from 130% zoom up: the side column gives up width as
        the zoom grows, and the board keeps it (it is as tall as the window allows)."""
        columns = 4 if current_zoom() < 1.25 else 3
        if columns != self._counter_columns:
            self._counter_columns = columns
            boxes = list(self.counters.values())
            for box in boxes:
                self.counter_grid.removeWidget(box)
            for n, box in enumerate(boxes):
                self.counter_grid.addWidget(box, n // columns, n % columns)

    def _lay_out_buttons(self) -> None:
        """The phase's buttons shown, two a row, with no gap where a hidden one was."""
        shown = [
            b
            for b in self.phase_buttons
            if not b.isHidden() or b.sizePolicy().retainSizeWhenHidden()
        ]
        if shown == getattr(self, "_laid_out", None):
            return
        self._laid_out = shown
        for button in self.phase_buttons:
            self.phase_grid.removeWidget(button)
        for n, button in enumerate(shown):
            self.phase_grid.addWidget(button, n // 2, n % 2)

    def _next_phase(self) -> None:
        """On to the phase the button names; through a quiet Planning or, when it names the
        next round, a quiet Upkeep: two Next phase, each its own step in History (undo stops
        in the quiet phase)."""
        state = self.state
        if state is not None and done_by_next(state):
            # What the phase owes and the app knows exactly, each its own step first (issue
            # 31); then Next phase goes on from the state they leave.
            for owed in done_by_next(state):
                self.act_requested.emit(owed)
            if self.state is state:
                return  # refused: the message says why
            state = self.state
        through = state is not None and passes_through(state)
        self.act_requested.emit(NextPhase())
        after = self.state
        if through and after is not state and after is not None and quiet_stop(after):
            self.act_requested.emit(NextPhase())

    def adjust(self, key: CounterName, delta: int) -> None:
        self.act_requested.emit(AdjustCounter(counter=key, delta=delta))

    def space_chosen(self, space: str) -> None:
        """A space chosen on the board: the Terror card picked next may take it."""
        self.board_space = space

    def draw_terror(self) -> None:
        # The board's space only when one was chosen (``ask`` keeps its two-argument form).
        at = {"at": self.board_space} if self.board_space is not None else {}
        action = TerrorDialog.ask(self, self.state, **at)
        if action is not None:
            self.act_requested.emit(action)

    def _fill_terror_menu(self) -> None:
        from frightmare.ui.game.steps.terror_menu import fill_terror_menu  # not at the launch

        fill_terror_menu(self.terror_menu, self.state, self.terror_picked, self.draw_terror)

    def terror_picked(self, card: CardData) -> None:
        """The card drawn, picked by name (``terror_menu.pick_terror``)."""
        if self.state is not None:
            from frightmare.ui.game.steps.terror_menu import pick_terror

            action = pick_terror(self, self.state, card, self.board_space)
            if action is not None:
                self.act_requested.emit(action)

    def reveal_final_health(self) -> None:
        chosen, value = TokenDialog.ask(self, "Your")
        if chosen:
            self.act_requested.emit(RevealFinalHealth(value=value))

    def reveal_killer_final_health(self) -> None:
        own = self.state is not None and killer_token_offered(self.state)
        chosen, value = TokenDialog.ask(self, "His" if own else "His three")
        if chosen:
            self.act_requested.emit(RevealKillerFinalHealth(value=value))

    def _show_killer_final(self, state: GameState) -> None:
        """Never Really Dead's three tokens, or his own once his Health is gone (rules notes
        §11): the model says which."""
        own = killer_token_offered(state)
        self.killer_final.setVisible("killer-final-health" in state.due or own)
        self.killer_final.setText(
            _("Draw his Final Health token…") if own else _("His Final Health…")
        )

    def hold_button_widths(self) -> None:
        """The counters' − and + at their own size, at the current zoom (before the side
        column is fitted to its content), and the Next phase button as wide as its widest
        label: where it leads changes its text, never the column's width."""
        for box in self.counters.values():
            box.minus.hold_width()
            box.plus.hold_width()
        self._hold_next_width()
        hold_round_width(self.round, self._round_english)  # as wide as its English at most
        self._wrap_pills(self.counter_grid.minimumSize().width())

    def _hold_next_width(self) -> None:
        button = self.next_phase
        button.ensurePolished()
        key = (button.font().key(), button.styleSheet(), look_key())
        if key == self._next_width_for:
            return  # measured at this font already: a redraw changes only the text
        self._next_width_for = key
        metrics = button.fontMetrics()
        # "Next phase ▸", its old text, keeps the column as wide as it was in every phase.
        labels = [f"{_(name)} ▸" for name in PHASE_NAMES.values()] + [
            _("Round {number}").format(number=88) + " ▸",
            _("Next phase") + " ▸",
        ]
        widest = max(labels, key=metrics.horizontalAdvance)
        shown = button.text()
        button.setText(widest)  # measured with the style's own padding, then put back
        width = button.sizeHint().width()
        button.setText(shown)
        if button.minimumWidth() != width:
            button.setMinimumWidth(width)

    def new_session(self) -> None:
        """Another game: the reminders dismissed in the last one show again."""
        self.dismissed.clear()
        self._dismiss_scope = None
        self._reminders_shown = None

    def show_state(self, state: GameState) -> None:
        if state is not self.state:
            self.board_space = None  # chosen for the table before this play: not for the next
        self.state = state
        screen = plays(state)
        self.lay_out_counters()
        scope = (state.round, state.phase)
        if scope != self._dismiss_scope:
            self._dismiss_scope = scope
            self.dismissed.clear()
        c, box = state.counters, state.box
        killer_name = state.setup.killer
        for name, title, _kind in COUNTERS:
            short = names.shown("killer", killer_name) if name == "killer health" else _(title)
            self.counters[name].set_names(short, counter_title(state, name))
        # Game over is a state: the round bar says how it ended until an undo reopens it.
        self.round.setText(result_line(state) or _("Round {number}").format(number=state.round))
        with in_english():
            self._round_english = result_line(state) or _("Round {number}").format(
                number=state.round
            )
        set_style_property(self.round, "over", state.result or "")
        self._wrap_pills(self.counter_grid.minimumSize().width())  # the current one whole
        for phase, pill in self.pills.items():
            current = phase == state.phase
            set_style_property(pill, "pill", "now" if current else "phase")
            pill.setAccessibleName(
                _("{phase} phase (now)").format(phase=_(PHASE_NAMES[phase]))
                if current
                else _("{phase} phase").format(phase=_(PHASE_NAMES[phase]))
            )
        # The values are the table's; what each counter means is the model's note.
        values: dict[CounterName, str] = {
            "time": f"{c.time}",
            "health": f"{c.health}/{box.health}" + ("" if c.final_health == "hidden" else " ✚"),
            "horror": f"{c.horror}",
            "bloodlust": f"{c.bloodlust}/{box.bloodlust_max}",
            "killer health": f"{c.killer_health}/{box.killer_health}",
            "terror": f"{c.terror_left}",
            "saved": f"{c.victims_saved}/{box.save_slots}",
            "killed": f"{c.victims_killed}",
        }
        for key, text in values.items():
            counter = self.counters[key]
            counter.value.setText(text)
            set_tip(counter, counter_note(state, key))
            for button, delta in ((counter.minus, -1), (counter.plus, 1)):
                offer(button, screen.counters[(key, delta)].error, button.accessibleName())
        danger = c.health <= 1
        set_style_property(self.counters["health"].value, "danger", danger)
        self.next_phase.setText(next_phase_label(state))
        self._hold_next_width()
        offer(self.next_phase, next_phase_verdict(state).error, next_phase_note(state))
        self._show_checklist(state)
        self.discard.setVisible(state.phase == "action")
        self._show_killer_buttons(state, scope)
        for widget in (self.terror_row, self.terror, self.terror_pick):
            widget.setVisible(terror_offered(state))
        self.final_health.setVisible("final-health" in state.due)
        self._show_killer_final(state)
        self.ultimate.setVisible(ultimate_offered(state))
        # Each shown button asks the model; a refused one is marked and stays clickable.
        for control, answer, tip in (
            (self.discard, screen.discard_action_card, self.discard_tip),
            (self.killer_moves, screen.killer_action[True], self.killer_moves_tip),
            (self.killer_stays, screen.killer_action[False], self.killer_stays_tip),
            (self.terror, screen.terror, self.terror_tip),
            (self.terror_pick, screen.terror, self.terror_pick_tip),
            (self.ultimate, screen.ultimate, self.ultimate_tip),
        ):
            offer(control, answer.error, tip)
        self._lay_out_buttons()
        self._show_reminders(state)

    def _show_checklist(self, state: GameState) -> None:
        items = checklist(state)
        # As tall as this phase's list, whole: the side column holds only what the moment
        # needs (a list sized for every phase pushed the phase's buttons below the fold).
        lines = [("✓ " if done else "○ ") + text for text, done in items]
        whole = _("{phase} phase").format(phase=_(PHASE_NAMES[state.phase])) + "\n"
        self.checklist.show_items(lines, whole + "\n".join(lines))
        set_tip(self.pills[state.phase], whole + "\n".join(lines))
        name_shortened(self.pills, state.phase)
        restated = self.short and state.phase == "killer" and state.setup.on_maple_lane
        self.checklist.setVisible(not restated)

    def _show_killer_buttons(self, state: GameState, scope: tuple[int, str]) -> None:
        """His Killer Action's two buttons, while it is to record."""
        # Once his Killer Action is recorded its buttons go (a second one is a card's step),
        # and their room stays until the phase ends if the player saw them (on Maple Lane the
        # page hides them: his step is the board's): the Terror card beside and under them
        # keeps where the hand learnt it (issue 31: the row jumped 31 px after "Killer moves").
        if not self.killer_moves.isHidden() and self._killer_scope == scope:
            self._killer_room = scope
        self._killer_scope = scope
        killer = killer_action_offered(state) and not state.killer_action_done
        held = not killer and self._killer_room == scope
        for step in (self.killer_moves, self.killer_stays):
            step.setVisible(killer)
            policy = step.sizePolicy()
            policy.setRetainSizeWhenHidden(held)
            step.setSizePolicy(policy)

    def _show_reminders(self, state: GameState) -> None:
        restated = RESTATED.get(state.phase, frozenset())
        shown = [
            (key, text, blocking)
            for key, text, blocking in reminders(state)
            if key not in restated and (blocking or key not in self.dismissed)
        ]
        if shown == self._reminders_shown:
            return  # the same strips stay (and keep their place)
        self._reminders_shown = shown
        while self.reminder_row.count() > 1:  # the stretch at the end stays
            item = self.reminder_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        for key, text, blocking in shown:
            chip = reminder_chip(text, blocking, partial(self.dismiss, key))
            self.reminder_row.insertWidget(self.reminder_row.count() - 1, chip)
        self.reminder_box.setVisible(bool(shown))

    def dismiss(self, key: str) -> None:
        self.dismissed.add(key)
        if self.state is not None:
            self._show_reminders(self.state)

    def reminder_texts(self) -> list[str]:
        texts = []
        for i in range(self.reminder_row.count()):
            item = self.reminder_row.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                label = widget.findChild(QLabel)
                if label is not None:
                    texts.append(label.text())
        return texts
