"""Dr. Fright's Dark Power and Finale in his panel: each a list to pick from (or a name typed),
its Reveal button with a ▾ of the model's cards, and the name once revealed.

His cards are revealed a few times a game and their rows are hidden until one is due, asked
for or revealed: the panel builds them then (``FrightPanel.cards``), not at launch, where
their 46 widgets were built and styled before the game screen was ready for play.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import RevealDarkPower, RevealFinale
from frightmare.model.actions.journal import Action
from frightmare.model.box import names
from frightmare.model.dream.powers import dark_power_choices, finale_choices
from frightmare.model.game.state import GameState
from frightmare.model.query.plays import plays
from frightmare.ui.theme import compact_combo
from frightmare.ui.widgets.card_combo import (
    MAX_CARD_NAME,
    fill_choices,
    named_card,
    show_start,
    wide_popup,
)
from frightmare.ui.widgets.refusals import offer
from frightmare.ui.widgets.wheel_guard import ComboBox


class FrightCards:
    """His two cards' rows, placed in the first four rows of the panel's ``grid``; a play is
    sent to ``act`` (the panel's ``act_requested``)."""

    def __init__(self, grid: QGridLayout, act: SignalInstance) -> None:
        self.act = act
        self.state: GameState | None = None
        self.dark_power = _card_combo(_("Dark Power"))
        self.reveal_power = QPushButton(_("Reveal"))
        self.reveal_power.setAccessibleName(_("Reveal the Dark Power"))
        self.reveal_power.clicked.connect(self._reveal_power)
        self.power_shown = QLabel()
        self.power_shown.setWordWrap(True)
        self.finale = _card_combo(_("Finale"))
        self.reveal_finale = QPushButton(_("Reveal"))
        self.reveal_finale.setAccessibleName(_("Reveal the Finale"))
        self.reveal_finale.clicked.connect(self._reveal_finale)
        self.finale_shown = QLabel()
        self.finale_shown.setWordWrap(True)
        self.dark_power.currentTextChanged.connect(lambda _text: self.offer_reveals())
        self.finale.currentTextChanged.connect(lambda _text: self.offer_reveals())
        # The card named and revealed in one pick (issue 31: the reveal costs the card): a ▾
        # beside each Reveal lists the model's cards; the combo stays for a typed name.
        self.power_pick = _pick_button(_("Reveal the Dark Power you drew"))
        self.finale_pick = _pick_button(_("Reveal the Finale you drew"))
        # Each card's choice has a row of its own, as wide as the column: the longest name
        # ("The Frightmare is Inevitable") reads whole at every zoom, and the column is no
        # wider for it. Its Reveal button sits on the title row; once revealed, the name
        # shown takes the title row and the choice's row is gone.
        self.power_label = QLabel(_("Dark Power:"))
        self.finale_label = QLabel(_("Finale:"))
        self.power_reveal_row = _with_pick(self.reveal_power, self.power_pick)
        self.finale_reveal_row = _with_pick(self.reveal_finale, self.finale_pick)
        self.rows = (
            *(self.power_label, self.power_reveal_row, self.power_shown, self.dark_power),
            *(self.finale_label, self.finale_reveal_row, self.finale_shown, self.finale),
        )
        for row in range(2):
            label, reveal, shown, combo = self.rows[4 * row : 4 * row + 4]
            for widget in (label, reveal, shown, combo):
                widget.hide()  # until ``show`` says which are shown: no flash of all of them
            grid.addWidget(label, 2 * row, 0)
            grid.addWidget(reveal, 2 * row, 2)
            grid.addWidget(shown, 2 * row, 1, 1, 2)
            grid.addWidget(combo, 2 * row + 1, 0, 1, 3)
        for combo in (self.dark_power, self.finale):
            compact_combo(combo, 8)
            wide_popup(combo)

    def show_state(self, state: GameState) -> None:
        """The model's cards listed, and the names revealed."""
        self.state = state
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

    def show(self, power: bool, finale: bool) -> None:
        """His Dark Power's rows (``power``) and his Finale's (``finale``): the choice while
        the card is hidden, its name once revealed."""
        state = self.state
        hidden_power = state is None or state.dark_power is None
        hidden_finale = state is None or state.finale is None
        self.power_label.setVisible(power)
        for widget in (self.dark_power, self.reveal_power, self.power_pick):
            widget.setVisible(power and hidden_power)
        # An empty row would keep the grid's spacing: the panel would grow by it.
        self.power_reveal_row.setVisible(power and hidden_power)
        self.power_shown.setVisible(power and not hidden_power)
        self.finale_label.setVisible(finale)
        for widget in (self.finale, self.reveal_finale, self.finale_pick):
            widget.setVisible(finale and hidden_finale)
        self.finale_reveal_row.setVisible(finale and hidden_finale)
        self.finale_shown.setVisible(finale and not hidden_finale)

    def offer_reveals(self) -> None:
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
            entry.triggered.connect(lambda _=False, n=name: self.act.emit(make(n)))
        button.setEnabled(bool(names))

    def _reveal_power(self) -> None:
        name = named_card(self.dark_power)
        if name is not None:
            self.act.emit(RevealDarkPower(name=name))

    def _reveal_finale(self) -> None:
        name = named_card(self.finale)
        if name is not None:
            self.act.emit(RevealFinale(name=name))


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


def _card_combo(name: str) -> QComboBox:
    combo = ComboBox()
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setAccessibleName(name)
    combo.setToolTip(_("Pick the {card}, or type the name of one the list lacks").format(card=name))
    line = combo.lineEdit()
    if line is not None:
        line.setMaxLength(MAX_CARD_NAME)
    return combo


def _with_pick(reveal: QPushButton, pick: QToolButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(reveal, 1)
    layout.addWidget(pick)
    return row
