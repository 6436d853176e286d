"""The Killer phase in one step each: his Killer Action (where he goes, whom he kills, what she
takes) and Panic (where each Victim runs), with the choices the model leaves open inline.

The model proposes (``killer_phase.plan_killer_step``, ``plan_panic``): one click on *Accept*
records the whole step; a choice changed re-plans it. A space chosen on the board sets where he
stops. What is allowed is asked of the model (``verdict.refusal``); a refused step stays
clickable, so it can be recorded anyway.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.box.card_data import CONFIDENCE_NAMES, KillerActionData, KillerTarget
from frightmare.model.cards.choices import Answer, Choice
from frightmare.model.cards.killer_records import TARGET_TEXT, printed_text
from frightmare.model.game.state import GameState
from frightmare.model.lane.killer import (
    MOVE_ICONS_NOTE,
    everyone_must_die_now,
    printed_killer_action,
)
from frightmare.model.query.killer_phase import (
    StepPlan,
    her_damage_choices,
    hit_her_plan,
    hits_her_offered,
    killer_action_of,
    killer_step_offered,
    panic_action,
    panic_ahead,
    panic_sources,
    plan_killer_step,
    plan_panic,
)
from frightmare.ui.game.steps.panic_keys import PanicKeys, WayOuts, focus_inside, row_of
from frightmare.ui.theme import compact_combo, set_style_property
from frightmare.ui.widgets.damage_row import DamageRow
from frightmare.ui.widgets.focus_chain import keep_in_tab_order
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

Chosen = dict[tuple[int, str], Answer]


def question(choice: Choice) -> str:
    """A choice's question as a form's label."""
    words = choice.question
    return words if words.endswith("?") else words.removesuffix(".") + ":"


def option_label(state: GameState, choice: Choice, option: str) -> str:
    """An option as the player reads it: a space's name, else the choice's words for it."""
    return state.board.label(option) if option in state.board.spaces else choice.label(option)


# Up to this many options show as buttons, one click each; more make a list to open. An
# Event drawn is one click too (issue 31: the card, then what it leaves open), its deck's
# names two a row.
MOST_BUTTONS = 6
MOST_EVENT_BUTTONS = 14


def choice_buttons(
    state: GameState, choice: Choice, value: Answer, changed: Callable[[Answer], None]
) -> QWidget | None:
    """One click per option (a die's six faces, a few spaces or options): ``None`` when the
    choice has too many options, or is a number that is not a die."""
    die = choice.kind == "number" and (choice.low, choice.high) == (1, 6)
    options: tuple[Answer, ...] = tuple(range(1, 7)) if die else choice.options
    most = MOST_EVENT_BUTTONS if choice.kind == "event" else MOST_BUTTONS
    if (choice.kind == "number" and not die) or not 1 < len(options) <= most:
        return None
    box = QWidget()
    box.setAccessibleName(choice.question)
    grid = QGridLayout(box)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setSpacing(2)
    texts = [str(o) if die else option_label(state, choice, str(o)) for o in options]
    # Two a row while the names are short, else one: the column keeps its width.
    short = max(len(t) for t in texts) <= (18 if choice.kind == "event" else 14)
    columns = 6 if die else (2 if short else 1)
    for n, (option, text) in enumerate(zip(options, texts, strict=True)):
        # The proposal (or the player's pick) is ticked: the theme may not show a checked
        # button apart.
        button = QPushButton(("✓ " if option == value else "") + text)
        # As narrow as its words (the style's 80 pixels would make a die's row too wide for
        # the steps column): the row still fills it.
        button.setMinimumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 16)
        button.setCheckable(True)
        button.setChecked(option == value)
        button.setAccessibleName(
            _("{question} {answer}").format(question=choice.question, answer=text)
        )
        button.clicked.connect(lambda _=False, o=option: changed(o))
        grid.addWidget(button, n // columns, n % columns)
    return box


def choice_widget(
    state: GameState,
    choice: Choice,
    value: Answer,
    changed: Callable[[Answer], None],
    chars: int = 12,
) -> QWidget:
    """A control for one choice: a list of spaces or options, or a number."""
    if choice.kind == "number":
        spin = SpinBox()
        spin.setRange(choice.low, choice.high)
        spin.setValue(value if isinstance(value, int) else int(choice.default))
        spin.setAccessibleName(choice.question)
        spin.valueChanged.connect(lambda n: changed(int(n)))
        return spin
    combo = ComboBox()
    combo.setAccessibleName(choice.question)
    for option in choice.options:
        combo.addItem(option_label(state, choice, option), option)
    combo.setCurrentIndex(max(0, combo.findData(value)))
    compact_combo(combo, chars)
    combo.currentIndexChanged.connect(lambda i: changed(str(combo.itemData(i))))
    return combo


class ChoicesForm(QWidget):
    """The choices a step leaves open, one row each, re-made when the plan changes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.chosen: Chosen = {}
        self._shown: tuple[tuple[int, Choice], ...] | None = None

    def show_choices(self, state: GameState, choices: tuple[tuple[int, Choice], ...]) -> None:
        if choices == self._shown:
            return
        self._shown = choices
        while self.form.rowCount():
            self.form.removeRow(0)
        for index, choice in choices:
            if not choice.shown:
                continue  # one option: nothing to choose
            key = (index, choice.key)
            value = self.chosen.get(key, choice.default)

            def set_value(answer: Answer, key: tuple[int, str] = key) -> None:
                self.chosen[key] = answer
                self.changed.emit()

            label = QLabel(question(choice))
            label.setWordWrap(True)
            self.form.addRow(label, choice_widget(state, choice, value, set_value))

    def reset(self) -> None:
        self.chosen.clear()
        self._shown = None

    def reset_shown(self) -> None:
        """Show the choices again (a value was set from outside the form)."""
        self._shown = None


CONFIDENCE_SHORT = {"RB": N_("rulebook"), "PUB": N_("public sources"), "ONE": N_("one source")}


def plan_note(plan: StepPlan) -> str:
    return (
        plan.text
        + "\n"
        + _("Source: {source}.").format(source=_(CONFIDENCE_NAMES[plan.confidence]))
    )


class KillerStepPanel(QFrame):
    """His Killer Action: as printed (target, move icons, attack icons: correct them if your
    card differs), where he stops (proposed on the board; choose another space there), whom he
    attacks, and *Accept*."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("His Killer Action"))
        self.state: GameState | None = None
        self._plan: StepPlan | None = None
        self._short = False
        self._built = False
        # Its rows are built when first offered (the Killer phase), not at launch: hidden the
        # rest of the round, their 25 widgets were built and styled before ready for play.
        self.hide()

    def _build(self) -> None:
        self._built = True
        self.target = ComboBox()
        self.target.setAccessibleName(_("Whom he goes for"))
        for key, text in TARGET_TEXT.items():
            self.target.addItem(_(text), key)
        compact_combo(self.target, 8)
        self.attacks = SpinBox()
        self.attacks.setRange(0, 4)
        self.attacks.setAccessibleName(_("Attack icons"))
        self.moves = SpinBox()
        self.moves.setRange(0, 4)
        self.moves.setAccessibleName(_("Move icons"))
        self.moves.setToolTip(_(MOVE_ICONS_NOTE))
        self.attacks.setToolTip(_(MOVE_ICONS_NOTE))
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setAccessibleName(_("What his Killer Action does"))
        self.choices = ChoicesForm()
        self.accept = QPushButton(_("Accept"))
        self.accept.setAccessibleName(_("Record his Killer Action"))
        self.accept.clicked.connect(self._accept)
        # His attack on her (Asleep), the damage she takes after her defence, one click: it
        # records the whole Killer Action with it (roundb, issue 19's round B).
        self.hit_row = DamageRow(
            _("He hits you:"), _("His Killer Action: he hits you for {n} damage")
        )
        self.hit_row.setAccessibleName(_("His Killer Action hits you: the damage you take"))
        self.hit_row.picked.connect(self._hit_her)
        self._printed_for: tuple[object, ...] | None = None
        self.target.currentIndexChanged.connect(lambda _index: self._replan())
        self.moves.valueChanged.connect(lambda _value: self._replan())
        self.attacks.valueChanged.connect(lambda _value: self._replan())
        self.choices.changed.connect(self._replan)
        # As printed (whom he goes for, his move and attack icons): shown in the text, and
        # changed only when the player's card differs (*Change…*), on two rows.
        self.moves.setPrefix(_("move ×"))
        self.attacks.setPrefix(_("attack ×"))
        self.icon_grid = icons = QGridLayout()
        icons.addWidget(self.target, 0, 0, 1, 2)
        icons.addWidget(self.moves, 1, 0)
        icons.addWidget(self.attacks, 1, 1)
        self.icons = QWidget()
        self.icons.setLayout(icons)
        icons.setContentsMargins(0, 0, 0, 0)
        self.icons.hide()
        self.change = QPushButton(_("Change…"))
        self.change.setCheckable(True)
        self.change.setAccessibleName(_("Change his Killer Action as printed"))
        self.change.setToolTip(_("If your card's Killer Action differs: whom, move icons, attacks"))
        self.change.toggled.connect(self.icons.setVisible)
        buttons = QGridLayout()
        buttons.addWidget(self.change, 0, 0)
        buttons.addWidget(self.accept, 0, 1)
        self.step_rows = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.text)
        layout.addWidget(self.icons)
        layout.addWidget(self.choices)
        layout.addWidget(self.hit_row)
        layout.addLayout(buttons)
        self.set_short(self._short)
        keep_in_tab_order(self, (self,))  # where the panel sits, not after the side column

    def set_short(self, short: bool) -> None:
        """A short window (1920x1080 at scale 2): what his step does in the small size, and
        the printed icons (*Change…*) closer together: the side column keeps its width."""
        self._short = short
        if not self._built:
            return
        set_style_property(self.text, "scale", "small" if short else "")
        self.icon_grid.setSpacing(2 if short else -1)
        self.step_rows.setSpacing(1 if short else 3)

    @property
    def plan(self) -> StepPlan | None:
        """The step as shown (gui: a drag of his token on the board reads it)."""
        return self._plan

    def printed(self) -> KillerActionData:
        target: KillerTarget = self.target.currentData() or "closest"
        return KillerActionData(
            target=target, moves=self.moves.value(), attacks=self.attacks.value()
        )

    def show_state(self, state: GameState) -> None:
        self.state = state
        offered = killer_step_offered(state)
        if offered and not self._built:
            self._build()
        self.setVisible(offered)
        if not offered:
            return
        key = (state.seed, state.round, state.finale, state.counters.bloodlust)
        if key != self._printed_for:
            self._printed_for = key
            printed = printed_killer_action(state)
            for widget in (self.target, self.moves, self.attacks):
                widget.blockSignals(True)
            self.target.setCurrentIndex(max(0, self.target.findData(printed.target)))
            self.moves.setValue(printed.moves)
            self.attacks.setValue(printed.attacks)
            for widget in (self.target, self.moves, self.attacks):
                widget.blockSignals(False)
            self.choices.reset()
            self.change.setChecked(False)
            self.icons.setToolTip(
                _("As printed: source {source}").format(
                    source=_(CONFIDENCE_NAMES[printed.confidence])
                )
            )
        self.change.setVisible(not everyone_must_die_now(state))
        self.icons.setVisible(self.change.isChecked() and self.change.isVisible())
        self._replan()

    def space_chosen(self, space: str) -> None:
        """A space chosen on the board: he stops there."""
        if self.state is None or not self.isVisible() or self._plan is None:
            return
        if any(c.key == "end" for c in self._plan.choices):
            self.choices.chosen[(0, "end")] = space
            self.choices.reset_shown()
            self._replan()

    def _replan(self) -> None:
        state = self.state
        if state is None or not killer_step_offered(state):
            return
        plan = plan_killer_step(
            state, None if everyone_must_die_now(state) else self.printed(), self.choices.chosen
        )
        self._plan = plan
        printed = "" if everyone_must_die_now(state) else " " + printed_text(self.printed())
        self.text.setText(f"<b>{plan.title}</b>:{printed} {plan.text}")
        self.text.setToolTip(plan_note(plan))
        hits = hits_her_offered(state, plan, self.printed())
        self.hit_row.setVisible(hits)
        # The damage she takes is the row's: its number box would ask the same twice.
        shown = tuple(c for c in plan.choices if not (hits and c.key.startswith("damage")))
        self.choices.show_choices(state, tuple((0, c) for c in shown))
        offer(self.accept, plan.verdict.error, _("Record his Killer Action as shown"))
        if hits:
            values = her_damage_choices(state)
            self.hit_row.set_values(values, tuple(range(values[-1] + 1, 11)))
            hit = hit_her_plan(state, plan, self.printed(), values[-1])
            self.hit_row.offer(
                hit.verdict.error,
                _(
                    "Record his Killer Action: his attack hits you, and you take {n} damage "
                    "(after your defence)"
                ),
            )

    def _action(self) -> KillerAction:
        assert self._plan is not None
        return killer_action_of(self._plan, self.printed())

    def _accept(self) -> None:
        if self._plan is not None:
            self.act_requested.emit(self._action())

    def _hit_her(self, damage: int) -> None:
        state, plan = self.state, self._plan
        if state is None or plan is None:
            return
        hit = hit_her_plan(state, plan, self.printed(), damage)
        self.act_requested.emit(killer_action_of(hit, self.printed()))


class PanicStepPanel(QFrame):
    """Panic: each panicking Victim's way out, one button per neighbouring space; the last
    Victim placed records the step (or *Accept* takes the proposal as it stands)."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Panic"))
        self.state: GameState | None = None
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.rows = QGridLayout()
        self.accept = QPushButton(_("Accept"))
        self.accept.setAccessibleName(_("Record the Panic as shown"))
        self.accept.clicked.connect(self._accept)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.text)
        layout.addLayout(self.rows)
        layout.addWidget(self.accept)
        self.chosen: Chosen = {}
        self._for: object = None
        self._plan: StepPlan | None = None
        self.ahead: GameState | None = None
        # The page's watch over the clicks that may end the round (``round_end.RoundEnd``):
        # each way out's button, made again at each plan, is handed to it.
        self.watch_click: Callable[[QAbstractButton], None] | None = None
        self.keys = PanicKeys(self)
        # Where the focus goes once the Panic is recorded (the page: the round bar's button,
        # on to Upkeep and the next round).
        self.then: QWidget | None = None

    def show_state(self, state: GameState) -> None:
        # The Killer phase owes nothing more and Victims will panic: picked now, the pick
        # records Next phase first (issue 31: one input fewer than the table's).
        self.ahead = panic_ahead(state) if not panic_sources(state) else None
        if self.ahead is not None:
            state = self.ahead
        self.state = state
        sources = panic_sources(state)
        self.setVisible(bool(sources))
        if not sources:
            return
        key = (state.round, sources, state.table.victims)
        if key != self._for:
            self._for = key
            self.chosen = {}
        self._replan()

    def _replan(self) -> None:
        state = self.state
        if state is None:
            return
        plan = plan_panic(state, chosen=self.chosen)
        self._plan = plan
        self.text.setText(f"<b>{plan.title}</b>: {plan.text}")
        self.text.setToolTip(plan_note(plan))
        focused = row_of(self.keys.ways, self.window().focusWidget())
        ways: WayOuts = []
        while self.rows.count():
            item = self.rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                # Hidden first: a widget the layout was still to show would otherwise show as
                # a window of its own once out of the panel (rows made twice in one pass).
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        row = 0
        for choice in plan.choices:
            label = QLabel(question(choice))
            label.setWordWrap(True)
            self.rows.addWidget(label, row, 0, 1, 2)
            row += 1
            current = self.chosen.get((0, choice.key), choice.default)
            ways.append((choice.key, []))
            # Two buttons a row: the side column keeps its width (the board never shrinks).
            for n, option in enumerate(choice.options):
                # The proposal (or the player's pick) is ticked: the theme may not show a
                # checked button apart.
                mark = "✓ " if option == current else ""
                button = QPushButton(mark + state.board.label(option))
                button.setCheckable(True)
                button.setChecked(option == current)
                button.setAccessibleName(
                    _("{question} {answer}").format(
                        question=choice.question, answer=state.board.label(option)
                    )
                )
                button.clicked.connect(lambda _=False, k=choice.key, o=option: self._pick(k, o))
                if self.watch_click is not None:
                    self.watch_click(button)
                self.rows.addWidget(button, row + n // 2, n % 2)
                button.show()  # now, not at the layout's next pass: the keys focus it
                ways[-1][1].append(button)
            row += (len(choice.options) + 1) // 2
        offer(self.accept, plan.verdict.error, _("Record the Panic as shown"))
        self.keys.watch(ways, self.accept)
        if focused is not None:
            self.keys.focus_victim(min(focused, len(ways) - 1))  # its buttons were made again

    def focus_first(self) -> bool:
        """The focus on the first Victim's proposed way out (False: the Panic is not shown)."""
        return self.isVisible() and self.keys.focus_victim(0)

    def _pick(self, key: str, option: str) -> None:
        self.chosen[(0, key)] = option
        plan = self._plan
        every = plan is not None and all((0, c.key) in self.chosen for c in plan.choices)
        keyed = focus_inside(self)
        self._replan()
        if every:
            self._accept()
        elif keyed:
            # On to the next Victim's way out (one key each).
            n = next((i for i, (k, _row) in enumerate(self.keys.ways) if k == key), -1)
            self.keys.focus_victim(n + 1) or self.keys.focus_victim(n)

    def _accept(self) -> None:
        state, plan = self.state, self._plan
        if state is None or plan is None:
            return
        action = panic_action(state, plan)
        if action is not None:
            if self.ahead is not None:
                self.act_requested.emit(NextPhase())  # on to the Panic phase, its own step
            self.act_requested.emit(action)
            then = self.then
            if self.isHidden() and then is not None and then.isVisible() and then.isEnabled():
                then.setFocus()  # where the next input goes: on to the next round
