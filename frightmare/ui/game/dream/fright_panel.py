"""The Killer's cards (Dr. Fright's Dark Power and Finale) and the attacks the rules allow now."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    LiftAwakeBlock,
    RevealDarkPower,
    RevealFinale,
    VictimsPanic,
)
from frightmare.model.actions.journal import Action
from frightmare.model.box import names
from frightmare.model.dream.powers import dark_power_choices, finale_choices
from frightmare.model.game.lasting import UNTIL_NAMES
from frightmare.model.game.state import GameState
from frightmare.model.lane.killer import (
    HER_DAMAGE,
    HER_DAMAGE_NOTE,
    HIS_DAMAGE,
    HIS_DAMAGE_NOTE,
    LIFT_NOTE,
    attack_blocked,
    lifting_cards,
)
from frightmare.model.query.killer_phase import (
    her_damage_choices,
    his_damage_choices,
    killer_step_offered,
    weapon_in_hand,
)
from frightmare.model.query.plays import plays
from frightmare.model.round.checklist import reminders
from frightmare.ui.theme import compact_combo, current_zoom
from frightmare.ui.widgets.card_combo import (
    MAX_CARD_NAME,
    fill_choices,
    named_card,
    show_start,
    wide_popup,
)
from frightmare.ui.widgets.damage_row import DamageRow
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox


class FrightPanel(QGroupBox):
    """Dr. Fright's Dark Power and Finale, and the attacks the rules allow right now.

    A Dark Power or Finale is recorded only by its Reveal button, never by the choice alone.
    The lists are the model's (``dark_power_choices``, ``finale_choices``); any other name may
    be typed. Every button asks the model (``plays``) and stays clickable when refused, so
    the play can be recorded anyway.
    """

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self._build_cards()
        self._build_attacks()
        self._damage_for: object = None
        self._lay_out()

    def _build_cards(self) -> None:
        """His Dark Power and Finale: each a list to pick from (or a name typed), its Reveal
        button and the name once revealed."""
        self.dark_power = self._card_combo(_("Dark Power"))
        self.reveal_power = QPushButton(_("Reveal"))
        self.reveal_power.setAccessibleName(_("Reveal the Dark Power"))
        self.reveal_power.clicked.connect(self._reveal_power)
        self.power_shown = QLabel()
        self.power_shown.setWordWrap(True)
        self.finale = self._card_combo(_("Finale"))
        self.reveal_finale = QPushButton(_("Reveal"))
        self.reveal_finale.setAccessibleName(_("Reveal the Finale"))
        self.reveal_finale.clicked.connect(self._reveal_finale)
        self.finale_shown = QLabel()
        self.finale_shown.setWordWrap(True)
        self.dark_power.currentTextChanged.connect(lambda _text: self._offer_reveals())
        self.finale.currentTextChanged.connect(lambda _text: self._offer_reveals())
        # The card named and revealed in one pick (issue 31: the reveal costs the card): a ▾
        # beside each Reveal lists the model's cards; the combo stays for a typed name.
        self.power_pick = self._pick_button(_("Reveal the Dark Power you drew"))
        self.finale_pick = self._pick_button(_("Reveal the Finale you drew"))

    def _build_attacks(self) -> None:
        """His attacks and hers, each with its damage, and the Victims' Panic."""
        # Attacks change Health: she enters the damage she takes after her defence (his Attack
        # value proposed), or the damage her attack deals (the weapon and the roll decide it).
        self.her_damage = SpinBox()
        self.her_damage.setRange(0, 20)
        self.her_damage.setSuffix(_(" damage"))
        self.her_damage.setAccessibleName(HER_DAMAGE)
        self.her_damage.setToolTip(_(HER_DAMAGE_NOTE))
        self.his_damage = SpinBox()
        self.his_damage.setRange(0, 20)
        self.his_damage.setSuffix(_(" damage"))
        self.his_damage.setValue(1)
        self.his_damage.setAccessibleName(HIS_DAMAGE)
        self.his_damage.setToolTip(_(HIS_DAMAGE_NOTE))
        self.attacks_you = self._button(_("Attacks you"), _("He attacks you"))
        self.attacks_victim = self._button(_("Attacks a Victim"), _("He attacks a Victim"))
        self.attacks_victim.clicked.connect(
            lambda: self.act_requested.emit(DrFrightAttacks(target="victim"))
        )
        self.attacks_you.clicked.connect(lambda: self.act_requested.emit(self._his_attack()))
        self.you_attack = self._button(_("You attack"), _("You attack him"))
        self.you_attack.clicked.connect(lambda: self.act_requested.emit(self._her_attack()))
        self.target = ComboBox()
        self.target.setAccessibleName(_("Whom your attack hits"))
        self.target.setToolTip(_("Dr. Fright, or a Minor Dark Power in play"))
        self.target.currentIndexChanged.connect(lambda _index: self._offer_attacks())
        self.her_damage.valueChanged.connect(lambda _value: self._offer_attacks())
        self.his_damage.valueChanged.connect(lambda _value: self._offer_attacks())
        # Asleep, each attack's damage is one click: the damage she takes after her defence
        # (none up to his Attack value), the damage her attack deals (her weapon sizes it).
        # Its words are the ones the Boiler Room's attack message sends the player to.
        self.her_row = DamageRow(_("He hits you:"), _("He hits you for {n} damage"))
        self.her_row.setAccessibleName(_("He hits you: the damage you take"))
        self.her_row.picked.connect(
            lambda n: self.act_requested.emit(DrFrightAttacks(target="final girl", damage=n))
        )
        self.his_row = DamageRow(_("You hit him:"), _("You hit him for {n} damage"))
        self.his_row.setAccessibleName(_("You attack him: the damage you deal"))
        self.his_row.picked.connect(
            lambda n: self.act_requested.emit(AttackDrFright(damage=n, on=self._aimed_at()))
        )
        # A small button at the end of the attacks' row: rarely needed, never in the way.
        self.lift = self._button("⚑…", _("An effect allows attacks while Awake"))
        self.lift.clicked.connect(self._lift)
        self.panic_count = SpinBox()
        self.panic_count.setRange(1, 30)
        self.panic_count.setAccessibleName(_("Victims that would panic"))
        self.panic_count.valueChanged.connect(lambda _value: self._offer_attacks())
        self.panic = QPushButton(_("Panic"))
        self.panic.setAccessibleName(_("Victims panic"))
        self.panic.clicked.connect(
            lambda: self.act_requested.emit(VictimsPanic(count=self.panic_count.value()))
        )

    def _lay_out(self) -> None:
        # Each card's choice has a row of its own, as wide as the column: the longest name
        # ("The Frightmare is Inevitable") reads whole at every zoom, and the column is no
        # wider for it. Its Reveal button sits on the title row; once revealed, the name
        # shown takes the title row and the choice's row is gone.
        grid = QGridLayout(self)
        grid.setContentsMargins(2, 2, 2, 4)  # the longest name reads whole at 150% too
        grid.setVerticalSpacing(3)
        self.power_label = QLabel(_("Dark Power:"))
        self.finale_label = QLabel(_("Finale:"))
        grid.addWidget(self.power_label, 0, 0)
        self.power_reveal_row = self._with_pick(self.reveal_power, self.power_pick)
        grid.addWidget(self.power_reveal_row, 0, 2)
        grid.addWidget(self.power_shown, 0, 1, 1, 2)
        grid.addWidget(self.dark_power, 1, 0, 1, 3)
        grid.addWidget(self.finale_label, 2, 0)
        self.finale_reveal_row = self._with_pick(self.reveal_finale, self.finale_pick)
        grid.addWidget(self.finale_reveal_row, 2, 2)
        grid.addWidget(self.finale_shown, 2, 1, 1, 2)
        grid.addWidget(self.finale, 3, 0, 1, 3)
        # Asleep (or an effect allowing it), each attack with its damage, a row each; Awake,
        # both refused, the two buttons share a row (still clickable: recorded anyway) and the
        # row below names an effect that allows them.
        self.attacks = QGridLayout()
        self._blocked_layout: tuple[bool, bool] | None = None
        self.victim_row = QWidget()
        panic = QHBoxLayout(self.victim_row)
        panic.setContentsMargins(0, 0, 0, 0)
        panic.addWidget(self.panic_count)
        panic.addWidget(self.panic, 1)
        panic.addWidget(self.attacks_victim, 1)
        self.attacks.setColumnStretch(1, 1)
        grid.addLayout(self.attacks, 4, 0, 1, 3)
        self._lay_out_attacks(blocked=False)  # once its widgets are the panel's
        # His cards are revealed a few times a game: their rows show when one is due (the
        # model's reminder), once revealed, or when the player asks (the title's check box).
        self.setCheckable(True)
        self.setChecked(False)
        self.setToolTip(_("Tick to reveal his Dark Power or Finale at any time"))
        self.toggled.connect(lambda _on: self._show_cards())
        self.short = False
        self.fold = QCheckBox()
        self.fold.setToolTip(self.toolTip())
        self.fold.hide()
        self.fold.toggled.connect(lambda _on: self._show_cards())
        for child in (*self.findChildren(QPushButton), *self.findChildren(SpinBox)):
            child.setEnabled(True)
        grid.setColumnStretch(1, 1)
        for combo in (self.dark_power, self.finale):
            compact_combo(combo, 8)
            wide_popup(combo)

    def set_short(self, short: bool) -> None:
        """A short window: the title row folded, its check box (``fold``, the Killer's name)
        on the banner's line, ticked as the title's was."""
        if short == self.short:
            return
        asked = self.asked()
        self.short = short
        self.setCheckable(not short)
        self.setChecked(asked)
        self.setTitle("" if short else self.fold.text())
        grid = self.layout()
        if grid is not None:  # no title: no room above the attacks either
            grid.setContentsMargins(2, 0 if short else 2, 2, 1 if short else 4)
        self.fold.setChecked(asked)
        self.fold.setVisible(short)
        self._show_cards()

    def asked(self) -> bool:
        """His cards' rows asked for (the title's check box, or the banner's in short)."""
        return self.fold.isChecked() if self.short else self.isChecked()

    @staticmethod
    def _pick_button(name: str) -> QToolButton:
        button = QToolButton()
        button.setText("▾")
        button.setAccessibleName(name)
        button.setToolTip(name)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        menu.setAccessibleName(name)
        button.setMenu(menu)
        return button

    def _fill_pick(
        self, button: QToolButton, names: tuple[str, ...], make: Callable[[str], Action]
    ) -> None:
        """The pick's menu: the model's cards, each revealed by its click."""
        menu = button.menu()
        if menu is None or tuple(a.data() for a in menu.actions()) == names:
            return
        menu.clear()
        for name in names:
            entry = menu.addAction(name)
            entry.setData(name)
            entry.triggered.connect(lambda _=False, n=name: self.act_requested.emit(make(n)))
        button.setEnabled(bool(names))

    @staticmethod
    def _card_combo(name: str) -> QComboBox:
        combo = ComboBox()
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setAccessibleName(name)
        combo.setToolTip(
            _("Pick the {card}, or type the name of one the list lacks").format(card=name)
        )
        line = combo.lineEdit()
        if line is not None:
            line.setMaxLength(MAX_CARD_NAME)
        return combo

    def _reveal_power(self) -> None:
        name = named_card(self.dark_power)
        if name is not None:
            self.act_requested.emit(RevealDarkPower(name=name))

    def _reveal_finale(self) -> None:
        name = named_card(self.finale)
        if name is not None:
            self.act_requested.emit(RevealFinale(name=name))

    @staticmethod
    def _with_pick(reveal: QPushButton, pick: QToolButton) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(reveal, 1)
        layout.addWidget(pick)
        return row

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.setToolTip(name)
        return button

    def _offer_reveals(self) -> None:
        state = self.state
        if state is None:
            return
        screen = plays(state)
        for button, combo, answer, tip in (
            (
                self.reveal_power,
                self.dark_power,
                screen.reveal_dark_power,
                _("Record the Dark Power: {card}"),
            ),
            (self.reveal_finale, self.finale, screen.reveal_finale, _("Record the Finale: {card}")),
        ):
            name = named_card(combo)
            if name is None:
                button.setEnabled(False)
                button.setToolTip(_("Pick or type the card's name first"))
                continue
            offer(button, answer(name).error, tip.format(card=names.shown("card", name)))

    def _his_attack(self) -> DrFrightAttacks:
        return DrFrightAttacks(target="final girl", damage=self.her_damage.value())

    def _aimed_at(self) -> str | None:
        """The Minor Dark Power her attack is aimed at (``None``: Dr. Fright)."""
        on = self.target.currentData()
        return on if isinstance(on, str) and on else None

    def _her_attack(self) -> AttackDrFright:
        return AttackDrFright(damage=self.his_damage.value(), on=self._aimed_at())

    @staticmethod
    def _both_blocked(state: GameState) -> bool:
        return (
            attack_blocked(state, by_her=True)
            and attack_blocked(state, by_her=False)
            and not state.minor_powers
        )

    def _lift(self) -> None:
        state = self.state
        if state is None:
            return
        action = LiftAwakeDialog.ask(self, state)
        if action is not None:
            self.act_requested.emit(action)

    def _lay_out_attacks(self, *, blocked: bool) -> None:
        shape = (blocked, current_zoom() < 1.25)
        if shape == self._blocked_layout:
            return
        self._blocked_layout = shape
        grid = self.attacks
        for widget in (
            self.her_damage,
            self.attacks_you,
            self.his_damage,
            self.you_attack,
            self.her_row,
            self.his_row,
            self.target,
            self.lift,
            self.victim_row,
        ):
            grid.removeWidget(widget)
        if blocked and current_zoom() < 1.25:
            grid.addWidget(self.attacks_you, 0, 0)
            grid.addWidget(self.you_attack, 0, 1)
            grid.addWidget(self.lift, 0, 2)
        elif blocked:
            # From 125% zoom up the two buttons stand one over the other, the small one beside
            # the second (gui's placement: the side column gives up width before the board
            # does; side by side they kept the board 47 px short of its square, issue 30).
            grid.addWidget(self.attacks_you, 0, 0, 1, 2)
            grid.addWidget(self.you_attack, 1, 0, 1, 2)
            grid.addWidget(self.lift, 1, 2)
        else:
            # Each attack a row of damage buttons; the spin boxes and their buttons stay
            # (keyboard and tests) but are not shown: the rows record the same attacks.
            grid.addWidget(self.her_row, 0, 0, 1, 3)
            grid.addWidget(self.target, 1, 0, 1, 3)
            grid.addWidget(self.his_row, 2, 0, 1, 3)
        grid.addWidget(self.victim_row, 3, 0, 1, 3)
        for widget in (self.attacks_you, self.you_attack):
            widget.setVisible(blocked)
        for widget in (self.her_damage, self.his_damage):
            widget.hide()
        self.her_row.setVisible(not blocked)
        self.his_row.setVisible(not blocked)
        self.lift.setVisible(blocked)

    def _offer_attacks(self) -> None:
        state = self.state
        if state is None:
            return
        # Awake, both attacks refused share a row; a Minor Dark Power in play may still be
        # aimed at (no source says it cannot be hurt Awake): then the damage and whom it hits
        # are shown, as Asleep.
        self._lay_out_attacks(blocked=self._both_blocked(state))
        self.lift.setToolTip(_(LIFT_NOTE))
        # On Maple Lane his attacks on Victims and the Panic are the board's steps (the Killer
        # Action and Panic panels): off it, the count stays.
        self.victim_row.setVisible(not state.setup.on_maple_lane)
        screen = plays(state)
        for button, answer, allowed in (
            # Whatever the damage, the rules answer alike (When you are Awake).
            (
                self.attacks_you,
                screen.fright_attacks["final girl"],
                _("He attacks you: you take this damage"),
            ),
            (self.attacks_victim, screen.fright_attacks["victim"], _("He attacks a Victim")),
            (
                self.you_attack,
                screen.attack_on(self._aimed_at()),
                _("You attack for this damage"),
            ),
            (
                self.panic,
                screen.panic(self.panic_count.value()),
                _("Victims in his space would panic"),
            ),
        ):
            offer(button, answer.error, allowed)
        if not self._blocked_layout or not self._blocked_layout[0]:
            her = her_damage_choices(state)
            self.her_row.set_values(her, tuple(range(her[-1] + 1, 11)))
            his = his_damage_choices(state)
            self.his_row.set_values(his, (0, *range(his[-1] + 1, 13)))
            # The weapon in her hands is named where the damage is picked: its bonus is the
            # player's to count in (its card's value, one source).
            weapon = weapon_in_hand(state)
            if weapon is None:
                self.his_row.label.setText(_("You hit him:"))
                self.his_row.label.setToolTip("")
            else:
                # Short: the longest weapon's name would widen the side column.
                self.his_row.label.setText(_("You hit him (+{bonus}):").format(bonus=weapon[1]))
                self.his_row.label.setToolTip(
                    _(
                        "Your {weapon} in hand adds {bonus} damage to a hit: count it in the "
                        "damage you pick"
                    ).format(weapon=names.shown("card", weapon[0]), bonus=weapon[1])
                )
            self.her_row.offer(
                screen.fright_attacks["final girl"].error,
                _("He hits you: you take {n} damage (after your defence)"),
            )
            self.his_row.offer(
                screen.attack_on(self._aimed_at()).error, _("You attack for {n} damage")
            )
            # His attack in the Killer phase is his Killer Action's: its step offers the
            # damage (one click records both); the row is back for the Boiler Room's attack.
            self.her_row.setVisible(not killer_step_offered(state))

    def _show_cards(self) -> None:
        state = self.state
        if state is None:
            return
        due = {key for key, _text, _blocking in reminders(state)}
        asked = self.asked()
        power = asked or "dark-power" in due or state.dark_power is not None
        finale = asked or "finale" in state.due or state.finale is not None
        hidden_power, hidden_finale = state.dark_power is None, state.finale is None
        self.power_label.setVisible(power)
        self.dark_power.setVisible(power and hidden_power)
        self.reveal_power.setVisible(power and hidden_power)
        self.power_pick.setVisible(power and hidden_power)
        # An empty row would keep the grid's spacing: the panel would grow by it.
        self.power_reveal_row.setVisible(power and hidden_power)
        self.power_shown.setVisible(power and not hidden_power)
        self.finale_label.setVisible(finale)
        self.finale.setVisible(finale and hidden_finale)
        self.reveal_finale.setVisible(finale and hidden_finale)
        self.finale_pick.setVisible(finale and hidden_finale)
        self.finale_reveal_row.setVisible(finale and hidden_finale)
        self.finale_shown.setVisible(finale and not hidden_finale)
        # A checkable group box disables its children while unticked: the attacks stay on.
        for child in self.findChildren(QWidget):
            child.setEnabled(True)
        self._offer_reveals()
        self._offer_attacks()

    def show_state(self, state: GameState) -> None:
        self.state = state
        killer = names.shown("killer", state.setup.killer)
        self.fold.setText(killer)
        self.fold.setAccessibleName(killer)
        self.setTitle("" if self.short else killer)
        fill_choices(self.dark_power, dark_power_choices(state))
        fill_choices(self.finale, finale_choices(state))
        self._fill_pick(
            self.power_pick, dark_power_choices(state), lambda n: RevealDarkPower(name=n)
        )
        self._fill_pick(self.finale_pick, finale_choices(state), lambda n: RevealFinale(name=n))
        for combo in (self.dark_power, self.finale):
            show_start(combo)
        self.power_shown.setText(
            f"<b>{names.shown('card', state.dark_power)}</b>" if state.dark_power else ""
        )
        self.finale_shown.setText(
            f"<b>{names.shown('card', state.finale)}</b>" if state.finale else ""
        )
        # His Attack value (his Bloodlust row, one source) is the damage proposed, before her
        # defence; proposed again whenever his row changes.
        row = state.cards.bloodlust_row(state.counters.bloodlust)
        if self._damage_for != (state.seed, row.attack):
            self._damage_for = (state.seed, row.attack)
            self.her_damage.setValue(row.attack)
        powers = [
            (
                p.card,
                _("{card} ({health} Health)").format(
                    card=names.shown("card", p.card), health=p.health
                ),
            )
            for p in state.minor_powers
        ]
        targets = (("", names.shown("killer", state.setup.killer)), *powers)
        listed = tuple(
            (self.target.itemData(i), self.target.itemText(i)) for i in range(self.target.count())
        )
        if listed != targets:
            self.target.blockSignals(True)
            self.target.clear()
            for data, text in targets:
                self.target.addItem(text, data)
            self.target.blockSignals(False)
        self.target.setVisible(len(targets) > 1 and not self._both_blocked(state))
        self._show_cards()


class LiftAwakeDialog(OnScreenDialog):
    """Which effect lets them hurt each other while she is Awake, and for how long."""

    def __init__(self, state: GameState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("An effect allows attacks while Awake"))
        self.card = ComboBox()
        self.card.setEditable(True)
        self.card.setAccessibleName(_("The card that allows it"))
        for name in lifting_cards(state):
            self.card.addItem(names.shown("card", name), name)
        line = self.card.lineEdit()
        if line is not None:
            line.setMaxLength(MAX_CARD_NAME)
        self.until = ComboBox()
        self.until.setAccessibleName(_("For how long"))
        for key, text in UNTIL_NAMES.items():
            self.until.addItem(_(text), key)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        note = QLabel(_(LIFT_NOTE))
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.card)
        layout.addWidget(self.until)
        layout.addWidget(buttons)

    def action(self) -> LiftAwakeBlock | None:
        name = named_card(self.card)
        if name is None:
            return None
        return LiftAwakeBlock(card=name, until=self.until.currentData() or "next-killer-phase")

    @classmethod
    def ask(cls, parent: QWidget | None, state: GameState) -> LiftAwakeBlock | None:
        dialog = cls(state, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action()
