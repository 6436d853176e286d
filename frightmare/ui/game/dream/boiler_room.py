"""The Boiler Room's controls: the arrows with their odds, the dream's status, the deck's mode and
the sleep controls."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import (
    BOILER_EFFECT_NAMES,
    Report,
    SetDeckMode,
    Slide,
)
from frightmare.model.actions.journal import Action
from frightmare.model.dream.deck import AWAKE_NOTE, boiler_card_note
from frightmare.model.dream.dream import fall_asleep_note
from frightmare.model.game.boiler_room import (
    CARDS,
    DIRECTIONS,
    Direction,
    Odds,
    describe_part,
    odds,
)
from frightmare.model.game.state import GameState
from frightmare.model.query.controls import FALL_ASLEEP, RESET_FOR_BLOODLUST
from frightmare.model.query.plays import Plays, plays
from frightmare.ui.game.dream.boiler_view import (
    DIRECTION_NAMES,
    BoilerRoomView,
    attack_of,
    layout_of,
    slide_of,
)
from frightmare.ui.theme import compact_combo, current_zoom, set_style_property
from frightmare.ui.widgets.card_combo import wide_popup
from frightmare.ui.widgets.dialogs import deck_mode_combo
from frightmare.ui.widgets.messages import MessageArea
from frightmare.ui.widgets.refusals import offer

ARROWS: dict[Direction, str] = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}


class BoilerRoomPanel(QWidget):
    """The Boiler Room's controls for the side column: the four arrows with their odds, the
    deck's mode and the sleep controls. ``view`` (the deck itself) is placed by the game page
    in its main region."""

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = BoilerRoomView()
        self.view.slide_requested.connect(self.request_slide)
        self.show_hint = True
        self._state: GameState | None = None
        self._shown_mode: str | None = None
        self._tips: dict[QPushButton, str] = {}

        self.status = MessageArea(1, _("Boiler Room status"))
        self.expectation = MessageArea(1, _("Expected attacks"))
        set_style_property(self.expectation.label, "muted", True)
        self._build_deck_controls()
        self._build_mode()
        asleep = self._build_sleep()

        side = QVBoxLayout(self)
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(3)
        side.addLayout(asleep)
        self.side = side

    def _build_deck_controls(self) -> None:
        """The arrows and the card count, around the deck in the main region (the view), and
        the dream's notes under it."""
        self.arrows: dict[Direction, QToolButton] = {}
        for direction in DIRECTIONS:
            button = QToolButton()
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.setAccessibleName(
                _("Slide {direction}").format(direction=_(DIRECTION_NAMES[direction]))
            )
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the focus alone
            button.clicked.connect(lambda _=False, d=direction: self.request_slide(d))
            self.arrows[direction] = button
        self.centre = QLabel()
        self.centre.setAccessibleName(_("Boiler Room cards revealed"))
        self.centre.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_style_property(self.centre, "scale", "big")
        self.view.set_controls(dict(self.arrows), self.centre)
        for note in (self.status, self.expectation):
            set_style_property(note.label, "scale", "small")
        self.view.set_notes(self.status, self.expectation)

    def _build_mode(self) -> None:
        """The deck's mode (the app's or the real cards), its Switch button, and its row."""
        # The deck's mode is recorded as a game action: only by its button, never by the
        # choice alone (a stray wheel notch over the box changes nothing).
        self.mode = deck_mode_combo()
        compact_combo(self.mode, 6)
        wide_popup(self.mode)
        self.use_mode = QPushButton(_("Switch"))
        self.use_mode.setAccessibleName(_("Switch the Boiler Room deck"))
        self.use_mode.setToolTip(_("Play the Boiler Room with the deck chosen here"))
        self.use_mode.clicked.connect(self._use_mode)
        self.mode.currentIndexChanged.connect(self._mode_changed)

        # The deck's choice has a row of its own, as wide as the column, so its longest
        # name reads whole at every zoom; Switch sits on the title row above it.
        self.mode_row = QWidget()
        self.mode_row.setAccessibleName(_("Boiler Room deck"))
        mode_layout = QVBoxLayout(self.mode_row)
        mode_layout.setContentsMargins(0, 0, 0, 0)
        mode_label = QLabel(_("Boiler Room &deck:"))
        mode_label.setWordWrap(True)
        mode_label.setBuddy(self.mode)
        mode_layout.addWidget(mode_label)
        mode_layout.addWidget(self.mode)
        # The panel is narrow: the box shows the start of a long name; it reads whole here.
        self.mode_name = QLabel()
        self.mode_name.setWordWrap(True)
        self.mode_name.setAccessibleName(_("Chosen deck"))
        self.mode.currentTextChanged.connect(self.mode_name.setText)
        self.mode_name.setText(self.mode.currentText())
        mode_layout.addWidget(self.mode_name)
        mode_row = QHBoxLayout()
        mode_row.addStretch(1)
        mode_row.addWidget(self.use_mode)
        mode_layout.addLayout(mode_row)

    def _build_sleep(self) -> QHBoxLayout:
        """Falling Asleep (Short Rest, Long Rest, an effect) and, Asleep, the Reset and a card's
        effect on the Boiler Room (returned: the side column holds them)."""
        self.short_rest = self._button(
            _("Short Rest"), FALL_ASLEEP["short rest"], fall_asleep_note("short rest")
        )
        self.long_rest = self._button(
            _("Long Rest"), FALL_ASLEEP["long rest"], fall_asleep_note("long rest")
        )
        self.fall_asleep = self._button(
            _("Fall Asleep"), FALL_ASLEEP["effect"], fall_asleep_note("effect")
        )
        self.reset = self._button(
            _("Reset (Bloodlust)"),
            RESET_FOR_BLOODLUST,
            RESET_FOR_BLOODLUST.describe(),
        )
        self.card_effect = QPushButton(_("Card effect…"))
        self.card_effect.setAccessibleName(_("A card changes the Boiler Room"))
        # What a card can do to the Boiler Room is the model's list (``BOILER_EFFECT_NAMES``).
        self._tips[self.card_effect] = _(
            "A card changes the Boiler Room ({effects}): name it and record what it does"
        ).format(effects="; ".join(_(name) for name in BOILER_EFFECT_NAMES.values()))
        self.card_effect.setToolTip(self._tips[self.card_effect])
        self.card_effect.clicked.connect(self._card_effect)
        # Falling Asleep is a play of the Action phase, whatever the main region shows: the
        # game page puts ``sleep_row`` in the phase's controls; the deck's mode is a setting
        # of the game (``mode_row``, in the Game panel).
        self.sleep_row = QWidget()
        self.sleep_row.setAccessibleName(_("Fall Asleep"))
        sleep = QGridLayout(self.sleep_row)
        sleep.setContentsMargins(0, 0, 0, 0)
        sleep.setHorizontalSpacing(3)
        self.sleep_grid = sleep
        self._lay_out_sleep(2 if self._sleep_too_wide() else 3)
        asleep = QHBoxLayout()
        asleep.setContentsMargins(0, 0, 0, 0)
        asleep.addWidget(self.reset)
        asleep.addWidget(self.card_effect)
        return asleep

    def _sleep_too_wide(self, columns: int = 3, room: int = 40) -> bool:
        """Whether the buttons' names (a longer language's), ``columns`` a row, make a row
        wider than about ``room`` characters, the side column's room for them."""
        buttons = (self.short_rest, self.long_rest, self.fall_asleep)[:columns]
        wanted = sum(b.sizeHint().width() for b in buttons)
        return wanted > self.fontMetrics().averageCharWidth() * room

    def _sleep_columns(self) -> int:
        """Three a row; two from 125% zoom up or for longer names; one a row from 125% up
        when two are still too wide (Spanish and Polish at 150%: the row kept the board 40 px
        short of its square, issue 30)."""
        if current_zoom() < 1.25:
            return 2 if self._sleep_too_wide() else 3
        return 1 if self._sleep_too_wide(2, room=34) else 2

    def fit_sleep(self) -> None:
        """Short Rest, Long Rest and Fall Asleep in the columns their names need now. Asked
        again by each fit of the side column: a launch builds the game screen, and shows its
        state, before the stylesheet (``application.build_window``), and the buttons measured
        unstyled stayed two a row in Spanish at 150% (the column 440 px wide, the board 666 px
        wide against 710 px high at 1366x768; one a row, 346 px)."""
        columns = self._sleep_columns()
        if columns != self._sleep_laid:
            self._lay_out_sleep(columns)

    def _lay_out_sleep(self, columns: int) -> None:
        """Short Rest, Long Rest and Fall Asleep on one row, two rows from 130% zoom up."""
        self._sleep_laid = columns
        for n, button in enumerate((self.short_rest, self.long_rest, self.fall_asleep)):
            self.sleep_grid.removeWidget(button)
            self.sleep_grid.addWidget(button, n // columns, n % columns)

    def _button(self, text: str, action: Action, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(lambda: self.act_requested.emit(action))
        self._tips[button] = tip
        return button

    def _card_effect(self) -> None:
        # Imported at its first click, not at the launch.
        from frightmare.ui.game.dream.boiler_dialogs import BoilerEffectDialog

        action = BoilerEffectDialog.ask(self)
        if action is not None:
            self.act_requested.emit(action)

    def _mode_changed(self, _index: int) -> None:
        state = self._state
        self.use_mode.setEnabled(state is not None and self.mode.currentData() != state.dream.mode)

    def _use_mode(self) -> None:
        mode = self.mode.currentData()
        if self._state is not None and mode != self._state.dream.mode:
            self.act_requested.emit(SetDeckMode(mode=mode))

    def request_slide(self, direction: str) -> None:
        state = self._state
        d = next((x for x in DIRECTIONS if x == direction), None)
        if state is None or d is None:
            return
        button = self.arrows[d]
        if not button.isEnabled():
            self.status.show_whole(button.toolTip())
            return
        report: Report | None = None
        if state.dream.mode == "physical":
            # Imported at its first click, not at the launch.
            from frightmare.ui.game.dream.boiler_dialogs import ReportDialog

            report = ReportDialog.ask(self, state, d)
            if report is None:
                return
        self.act_requested.emit(Slide(direction=d, report=report))

    def show_state(self, state: GameState, news: bool = False) -> None:
        """Show ``state``. ``news``: it is what an action just did, and its typed events say
        what to animate (a ``slide`` event slides the stack, an ``attack`` event flashes Dr.
        Fright's quarter); otherwise (undo, redo, a jump in History, a redraw) it is drawn
        still, whatever changed."""
        self._state = state
        self.fit_sleep()
        dream = state.dream
        events = state.events if news else ()
        self.view.show_layout(layout_of(state), slide_of(state, events), attack_of(events))
        if self._shown_mode != dream.mode:  # the player's pending choice stays otherwise
            self._shown_mode = dream.mode
            self.mode.setCurrentIndex(self.mode.findData(dream.mode))
        self._mode_changed(self.mode.currentIndex())
        for button in (self.short_rest, self.long_rest, self.fall_asleep):
            button.setVisible(dream.awake)
        screen = plays(state)
        for sleep_button, answer in (
            (self.short_rest, screen.fall_asleep["short rest"]),
            (self.long_rest, screen.fall_asleep["long rest"]),
            (self.fall_asleep, screen.fall_asleep["effect"]),
            (self.reset, screen.reset_boiler_room),
        ):
            offer(sleep_button, answer.error, self._tips[sleep_button])
        self.reset.setVisible(not dream.awake)
        self.card_effect.setVisible(not dream.awake)
        offer(self.card_effect, screen.boiler_effect.error, self._tips[self.card_effect])

        stack = dream.stack
        rows = {o.direction: o for o in odds(stack, dream.knowledge)} if not dream.awake else {}
        self._show_arrows(state, screen, rows)
        if dream.awake:
            self.centre.setText("☀")
            total = sum(r.attack for r in dream.finished)
            last = (
                " "
                + ngettext(
                    "Last dream: {count} attack.", "Last dream: {count} attacks.", total
                ).format(count=total)
                if dream.finished
                else ""
            )
            self.status.show_whole(awake_status(last))
            self.expectation.show_whole("")
            self.view._place()
            return
        self.centre.setText(f"{stack.revealed}/{CARDS}")
        due = boiler_card_note(state)
        self.status.show_whole(asleep_status(stack.revealed + 1, dream.attacks, due))
        legal = [o for o in rows.values() if o.legal]
        if legal and self.show_hint:
            best = min(legal, key=lambda o: o.expected_attacks)
            names = ", ".join(_(DIRECTION_NAMES[o.direction]) for o in legal if o.best)
            self.expectation.show_whole(expectation(best.expected_attacks, names))
        elif legal:
            self.expectation.show_whole(_(HINTS_OFF))
        self.view._place()

    def _show_arrows(self, state: GameState, screen: Plays, rows: dict[Direction, Odds]) -> None:
        """Each slide's arrow: its chance of an attack and the best one marked, or why not."""
        dream, stack = state.dream, state.dream.stack
        for direction, arrow_button in self.arrows.items():
            row = rows.get(direction)
            arrow = ARROWS[direction]
            if dream.awake or row is None or not row.legal:
                # Not playable now: the model says why (Awake, or a slide showing nothing).
                answer = screen.slides[direction]
                offer(arrow_button, answer.error, "")
                arrow_button.setEnabled(answer.recordable)
                arrow_button.setText(
                    f"{arrow}\n{_(DIRECTION_NAMES[direction]) if dream.awake else '—'}"
                )
            else:
                star = " ★" if row.best and self.show_hint else ""
                arrow_button.setEnabled(True)
                arrow_button.setText(f"{arrow}{star}\n{_percent(row.attack_chance)}")
                arrow_button.setToolTip(
                    _(
                        "Slide {direction}: shows {part} of card {number}; {chance} chance that "
                        "Dr. Fright attacks. Expected attacks until you wake: {expected}."
                    ).format(
                        direction=_(DIRECTION_NAMES[direction]),
                        part=describe_part(row.part),
                        number=stack.revealed + 1,
                        chance=_percent(row.attack_chance),
                        expected=f"{row.expected_attacks:.2f}",
                    )
                )
            is_best = bool(row and row.best and self.show_hint and arrow_button.isEnabled())
            set_style_property(arrow_button, "best", is_best)


HINTS_OFF = N_("Hints are off (View → Show the best slide).")


def awake_status(last: str) -> str:
    """The model's note on being Awake (``AWAKE_NOTE``), then the last dream's count."""
    return _(AWAKE_NOTE) + last


def asleep_status(card: int, attacks: int, due: str) -> str:
    """Where the dream stands; ``due`` is the model's ``boiler_card_note`` (may be empty)."""
    return ngettext(
        "Card {card} of {cards} is next; {count} attack this dream.",
        "Card {card} of {cards} is next; {count} attacks this dream.",
        attacks,
    ).format(card=card, cards=CARDS, count=attacks) + (f" {due}" if due else "")


def expectation(attacks: float, names: str) -> str:
    # Translators: {count} is an expected number of attacks, such as "1.29".
    return _("With best play, {count} more attacks before you wake (★ {slides}).").format(
        count=f"{attacks:.2f}", slides=names
    )


def _percent(value: float) -> str:
    text = f"{value * 100:.1f}".removesuffix(".0")
    return f"{text} %"
