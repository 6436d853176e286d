"""The Awake/Asleep banner with the rules in force, and the frame for the message of the moment."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.journal import Action
from frightmare.model.dream.dream import rules_in_force
from frightmare.model.game.state import GameState
from frightmare.model.round.checklist import row_horror_offer
from frightmare.ui.theme import current_zoom, set_style_property
from frightmare.ui.widgets.messages import MessageArea, set_tip

# A refusal of usual length: the message area is always tall enough for one, so a refusal
# (and its "Record anyway" button) shows whole and moves nothing.
TYPICAL_REFUSAL = (
    "⚠  The space you chose cannot be used for that now: the message says which space, what "
    "stands in the way and the rule. (Rule: a section)"
)


def banner_rules(state: GameState) -> tuple[str, str]:
    """The banner's rules text for this state, and the tallest this game can show (Awake and
    Asleep both), which sizes the area once per game."""
    shown = bullets(rules_in_force(state))
    if not state.setup.has_dr_fright:
        return shown, shown
    other = replace(state, dream=replace(state.dream, awake=not state.dream.awake))
    texts = (shown, bullets(rules_in_force(other)))
    return shown, max(texts, key=len)


def bullets(lines: tuple[str, ...]) -> str:
    return "\n".join(f"•  {line}" for line in lines)


class AwakeBanner(QFrame):
    """AWAKE or ASLEEP on one line, with the rules that follow from it a hover or a click away
    ("Rules" shows them whole), and the message of the moment in a frame of its own
    (``moment``), which the game page puts where it has room to show it whole.

    The message frame holds what just happened (an attack, a refusal, what a card did) and
    "Record anyway" beside a refusal. Against another Killer there is no Awake or Asleep: the
    line is hidden and the message frame shows his rule until something happens, so it is
    never an empty frame.
    """

    act_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        set_style_property(self, "banner", "awake")
        self.title = QLabel()
        self.title.setAccessibleName(_("Awake or Asleep"))
        set_style_property(self.title, "scale", "big")
        set_style_property(self.title, "ink", "awake")
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        # The rules in force: the line's tooltip, and shown whole by a click on Rules.
        self.rules_button = QToolButton()
        self.rules_button.setText(_("Rules"))
        self.rules_button.setAccessibleName(_("Show the rules in force"))
        self.rules_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.rules_button.clicked.connect(self._show_rules)
        self.rules = MessageArea(3, _("Rules in force"))  # the text (never laid out: no room)
        self.rules.hide()
        self.row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        row.setContentsMargins(8, 1, 4, 1)
        row.addWidget(self.title, 1)
        row.addWidget(self.rules_button)

        self.moment = QFrame()
        self.moment.setObjectName("moment")
        set_style_property(self.moment, "card", True)
        self.news = MessageArea(2, _("What just happened"), grow=True)
        self.record_anyway = QPushButton(_("Record anyway"))
        self.record_anyway.setAccessibleName(_("Record the refused play anyway"))
        self.record_anyway.setToolTip(
            _(
                "The table is the truth: record this play although the rules refuse it (History "
                "marks it)"
            )
        )
        self.record_anyway.hide()
        self.record_anyway.clicked.connect(self._record_anyway)
        # What the play just reached offers one confirming click (issue 31: the Horror his
        # board's Bloodlust row shows, its value the cards file's, so a click, not a change).
        self.confirm = QPushButton()
        self.confirm.setAccessibleName(_("Confirm what his board's row shows"))
        self.confirm.hide()
        self.confirm.clicked.connect(self._confirm)
        self._confirmed: Action | None = None
        record_row = QHBoxLayout()
        record_row.setContentsMargins(0, 0, 0, 0)
        record_row.addStretch(1)
        record_row.addWidget(self.confirm)
        record_row.addWidget(self.record_anyway)
        moment = QVBoxLayout(self.moment)
        moment.setContentsMargins(6, 4, 6, 4)
        moment.setSpacing(2)
        moment.addWidget(self.news, 1)
        moment.addLayout(record_row)
        self._record: Callable[[], None] | None = None
        self._shown: GameState | None = None
        self._refusing = False

    def set_short(self, short: bool) -> None:
        """A short window: AWAKE or ASLEEP in bold at the usual size, the line shared with
        his cards' check box (the Killer's panel folds its title row)."""
        set_style_property(self.title, "scale", "" if short else "big")
        font = self.title.font()
        font.setBold(short)
        self.title.setFont(font)
        if self._shown is not None:
            self._fit_title()
        set_style_property(self.rules_button, "compact", short)
        moment = self.moment.layout()
        if moment is not None:
            moment.setContentsMargins(6, 2 if short else 4, 6, 2 if short else 4)
            moment.setSpacing(0 if short else 2)

    def _show_rules(self) -> None:
        QToolTip.showText(
            self.mapToGlobal(self.rect().bottomLeft()), self.rules.text(), self.rules_button
        )

    def show_state(self, state: GameState) -> None:
        """Show the state; a message about the previous action (a refusal too) is cleared,
        unless it is the state already shown, drawn again (a zoom, a theme switch).

        Awake and Asleep are Dr. Fright's: against another Killer only the last action's
        message (and a refusal) shows, or his rule before anything has happened.
        """
        dream = state.setup.has_dr_fright
        self.setVisible(dream)
        awake = state.dream.awake
        set_style_property(self, "banner", ("awake" if awake else "asleep") if dream else "plain")
        set_style_property(self.title, "ink", ("awake" if awake else "asleep") if dream else "")
        rules, _tallest = banner_rules(state)
        if dream:
            texts = ("☀  " + _("AWAKE"), "☾  " + _("ASLEEP"))
            self.title.setText(texts[0] if awake else texts[1])
            self.fit_line()
            self.rules.setText(rules)
            for widget in (self, self.title, self.rules_button):
                set_tip(widget, rules)
        if state is self._shown and self._refusing:
            return  # the same state drawn again (a zoom, a theme switch): the refusal stays
        self._shown = state
        # Against another Killer, before anything happens, his rule fills the empty frame.
        self.news.setText("\n".join(state.log) or ("" if dream else rules))
        attack = any(event.kind == "attack" for event in state.events)
        set_style_property(self.news.label, "tone", "attack" if attack else "")
        self._set_record(None)
        self._refusing = False
        offer = row_horror_offer(state)
        self._confirmed = offer[0] if offer is not None else None
        if offer is not None:
            self.confirm.setText(offer[1])
            self.confirm.setToolTip(
                _(
                    "Move the Horror as his board's row shows (the rows' values are in the "
                    "cards file: correct them there if your board differs)"
                )
            )
        self.confirm.setVisible(offer is not None)
        self._quiet()

    def fit_line(self) -> None:
        """The title never cut, and Rules beside it or under it, for the fonts the banner has
        now. Asked again by each fit of the side column: a launch shows the game screen's first
        state before the stylesheet gives the title its big font (``application.build_window``),
        and the title measured then was cut at 150% (Polish "OBUDZONA", French "ÉVEILLÉE")."""
        widest = self._fit_title()
        # From 125% zoom up, Rules goes under the title when both would be wider than
        # about thirty characters (the pseudo-locale's: the column kept the board short).
        self.rules_button.ensurePolished()
        wide = widest + self.rules_button.sizeHint().width() > 30 * (
            self.rules_button.fontMetrics().averageCharWidth()
        )
        self.row.setDirection(
            QBoxLayout.Direction.TopToBottom
            if wide and current_zoom() >= 1.25
            else QBoxLayout.Direction.LeftToRight
        )

    def _fit_title(self) -> int:
        """Never cut, and as wide Awake as Asleep: the side column may be narrow now (it
        gives up width before the board, issue 30), and a fall Asleep moves nothing."""
        texts = ("☀  " + _("AWAKE"), "☾  " + _("ASLEEP"))
        self.title.ensurePolished()
        metrics = self.title.fontMetrics()
        widest = max(metrics.horizontalAdvance(t) for t in texts) + 2
        self.title.setMinimumWidth(widest)
        return widest

    def _quiet(self) -> None:
        """With nothing to say the message frame draws no box: an empty frame at the foot of
        the side column looked like something missing."""
        set_style_property(self.moment, "quiet", not self.news.text())

    def show_refusal(self, message: str, record_anyway: Callable[[], None] | None = None) -> None:
        """A refusal, with "Record anyway" when the caller can record the play regardless."""
        self.news.setText("⚠  " + message)
        set_style_property(self.news.label, "tone", "refusal")
        self._set_record(record_anyway)
        self._refusing = True
        self._quiet()

    def _confirm(self) -> None:
        action, self._confirmed = self._confirmed, None
        self.confirm.hide()
        if action is not None:
            self.act_requested.emit(action)

    def _set_record(self, record: Callable[[], None] | None) -> None:
        self._record = record
        self.record_anyway.setVisible(record is not None)

    def _record_anyway(self) -> None:
        record, self._record = self._record, None
        # Recorded first, hidden after: hidden first, it would hand the focus on to the next
        # control before the page could send it back to the board.
        if record is not None:
            record()
        self.record_anyway.hide()
