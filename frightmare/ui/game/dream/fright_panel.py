"""The Killer's cards (Dr. Fright's Dark Power and Finale) and the attacks the rules allow now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    LiftAwakeBlock,
    VictimsPanic,
)
from frightmare.model.box import names
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
from frightmare.ui.theme import current_zoom
from frightmare.ui.widgets.card_combo import MAX_CARD_NAME, named_card
from frightmare.ui.widgets.damage_row import DamageRow
from frightmare.ui.widgets.dialogs import ok_cancel
from frightmare.ui.widgets.focus_chain import OnScreenDialog, keep_in_tab_order
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

if TYPE_CHECKING:
    from frightmare.ui.game.dream.fright_cards import FrightCards


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
        self._cards: FrightCards | None = None
        self._build_attacks()
        self._damage_for: object = None
        self._lay_out()

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
        # Rows 0 to 3 are his cards' (``cards``), built when first shown.
        grid = QGridLayout(self)
        grid.setContentsMargins(2, 2, 2, 4)  # the longest name reads whole at 150% too
        grid.setVerticalSpacing(3)
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

    @property
    def cards(self) -> FrightCards:
        """His Dark Power's and Finale's rows, built the first time they are asked for."""
        if self._cards is None:
            grid = self.layout()
            assert isinstance(grid, QGridLayout)
            from frightmare.ui.game.dream.fright_cards import FrightCards

            cards = self._cards = FrightCards(grid, self.act_requested)
            if self.state is not None:
                cards.show_state(self.state)
            keep_in_tab_order(self, cards.rows)  # after the title's check box, as before
            # A checkable group box disables a child it gains while unticked.
            for child in self.findChildren(QWidget):
                child.setEnabled(True)
        return self._cards

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

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.setToolTip(name)
        return button

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
        if power or finale or self._cards is not None:
            cards = self.cards
            cards.show(power, finale)
            cards.offer_reveals()
        # A checkable group box disables its children while unticked: the attacks stay on.
        for child in self.findChildren(QWidget):
            child.setEnabled(True)
        self._offer_attacks()

    def show_state(self, state: GameState) -> None:
        self.state = state
        killer = names.shown("killer", state.setup.killer)
        self.fold.setText(killer)
        self.fold.setAccessibleName(killer)
        self.setTitle("" if self.short else killer)
        if self._cards is not None:
            self._cards.show_state(state)
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
        buttons = ok_cancel(self)
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
