"""The side column holds still under the player's pointer: scrolled down, it keeps its height
until the phase ends; a refusal's message is brought into view; his Killer Action's step, once
recorded, keeps its room until the Terror card is drawn."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtWidgets import QBoxLayout, QSizePolicy, QSpacerItem, QWidget

from frightmare.model import GameState
from frightmare.ui.game.dream.awake_banner import AwakeBanner
from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.game.regions import SideColumn
from frightmare.ui.widgets.messages import MessageArea


class Folds(Protocol):
    """A part of the side column that takes fewer lines in a short window."""

    def set_short(self, short: bool) -> None: ...


class ColumnHold(QObject):
    """Keeps the side column's controls where the player saw them, for the page that owns it:
    ``side`` (the column), ``moment`` (the message of the moment, at its foot), and ``room``
    (the room of his step, ``steps``, in the phase's panel)."""

    def __init__(
        self, side: SideColumn, moment: QWidget, room: QWidget, steps: QWidget, parent: QObject
    ) -> None:
        super().__init__(parent)  # its timers die with the page: never fire on a deleted one
        self.side, self.moment, self.room, self.steps = side, moment, room, steps
        # The message of the moment brought into view once the column is laid out again.
        self._moment_timer = QTimer(self)
        self._moment_timer.setSingleShot(True)
        self._moment_timer.setInterval(0)
        self._moment_timer.timeout.connect(self.keep_moment_in_view)
        self._keep_moment = False
        self._keep_top = False
        self._column_scope: tuple[int, str] | None = None
        self._column_timer = QTimer(self)
        self._column_timer.setSingleShot(True)
        self._column_timer.setInterval(0)
        self._column_timer.timeout.connect(self._let_column_go)
        self._steps_held: tuple[tuple[int, str], int] | None = None
        self.short = False  # a short window (``shorten``)
        self.folds: tuple[Folds, ...] = ()
        self.boiler: tuple[BoilerRoomPanel, QBoxLayout] | None = None
        self._fold_before: tuple[QWidget, QWidget] | None = None
        self._foot = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)
        moment.installEventFilter(self)

    def fold(
        self, banner: AwakeBanner, fright: FrightPanel, boiler: BoilerRoomPanel, *more: Folds
    ) -> None:
        """The parts that fold in a short window (``shorten``), from now on: the banner's
        line takes his cards' check box (``fright.fold``), shown when his title row folds."""
        banner.row.insertWidget(1, fright.fold)
        self._fold_before = (fright.fold, banner.rules_button)
        self.folds = (banner, fright, *more)
        main = boiler.view.parentWidget()  # the main region's page that shows the deck
        layout = main.layout() if main is not None else None
        if isinstance(layout, QBoxLayout):
            self.boiler = (boiler, layout)
        self.side.shortened.connect(self.shorten)

    def shorten(self, short: bool) -> None:
        """A short window (1920x1080 at scale 2): each of ``folds`` takes fewer lines (its
        ``set_short``), the Boiler Room's own row goes under it in the main region
        (``boiler``: the panel and the layout that holds its view), and the message of the
        moment takes the room his recorded step holds (``hold_steps``) rather than a room of
        its own under it. The column may be narrower again."""
        self.short = short
        for part in self.folds:
            part.set_short(short)
        if short and self._fold_before is not None:
            # Tab in reading order: his cards' check box just before Rules, on its line (set
            # once the page is in its window: the docks' moves rearranged an earlier order).
            fold, rules = self._fold_before
            before = rules.previousInFocusChain()
            while before is not None and before is not rules:
                if before.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    break
                before = before.previousInFocusChain()
            if before is not None and fold.nextInFocusChain() is not rules:
                QWidget.setTabOrder(before, fold)
                QWidget.setTabOrder(fold, rules)
        content = self.side.widget()
        column = content.layout() if content is not None else None
        if self.boiler is not None and isinstance(column, QBoxLayout):
            panel, main = self.boiler
            if short:
                main.addWidget(panel)
            else:
                column.insertWidget(column.indexOf(panel.sleep_row) + 1, panel)
        if not short:
            self._place_moment(in_room=False)
        self.side.release()
        self.side.outgrown.emit()  # the page fits the column again

    def _place_moment(self, *, in_room: bool) -> None:
        """The message of the moment in his step's held room, or at the column's foot."""
        moment, room = self.moment, self.room
        content = self.side.widget()
        column = content.layout() if content is not None else None
        held = room.layout()
        if not isinstance(column, QBoxLayout) or not isinstance(held, QBoxLayout):
            return
        # In the room, the room is as tall as it holds (never taller: the Terror card under
        # it stays put) and the column's foot takes the room left.
        policy = room.sizePolicy()
        if in_room and moment.parentWidget() is not room:
            column.removeWidget(moment)
            column.addItem(self._foot)
            held.addWidget(moment, 1)
            policy.setVerticalPolicy(QSizePolicy.Policy.Maximum)
        elif not in_room and moment.parentWidget() is room:
            held.removeWidget(moment)
            column.removeItem(self._foot)
            column.addWidget(moment, 1)
            policy.setVerticalPolicy(QSizePolicy.Policy.Preferred)
        room.setSizePolicy(policy)

    def follow_moment(self, *, keep_top: bool = False) -> None:
        """Followed until the next state is shown: the message's frame grows as the column
        lays it out (its text wrapped, then Record anyway's row), a pass or two later.
        ``keep_top``: the refused control is at the column's top (Next phase): the message
        scrolls inside its area rather than the column scrolling the control away."""
        self._keep_moment = True
        self._keep_top = keep_top
        self._moment_timer.start()

    def let_moment_go(self) -> None:
        """Another state is shown: the refusal gives way to what the play did (as tall as
        its text again)."""
        self._keep_moment = self._keep_top = False
        news = self.moment.findChild(MessageArea)
        if news is not None and news.most is not None:
            news.most = None
            news.refit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.moment
            and self._keep_moment
            and event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show)
        ):
            self._moment_timer.start()
        return super().eventFilter(watched, event)

    def keep_moment_in_view(self) -> None:
        """The message of the moment whole in the side column's view: when the column holds
        more than its view (a late moment at 1280x720: a Dark Power's rows, a reminder, a
        refusal of five lines), it scrolls down just enough to show the message and its
        Record anyway (the top of the column goes out of view, nothing is left below it)."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        moment, content = self.moment, self.side.widget()
        if content is None or not moment.isVisible():
            return
        if self._keep_top:
            self._fit_moment(content)
        bar = self.side.verticalScrollBar()
        top = moment.mapTo(content, QPoint(0, 0)).y()
        layout = content.layout()
        margin = layout.contentsMargins().bottom() if layout is not None else 0
        bottom = top + moment.height() + margin
        shown = self.side.viewport().height()
        if bottom > bar.value() + shown:
            bar.setValue(min(top, bottom - shown))

    def _fit_moment(self, content: QWidget) -> None:
        """A refusal longer than the room the column has left scrolls inside its area (whole
        in its tooltip, Record anyway under it): the column does not scroll, and the round
        bar, Next phase under the pointer that was refused, stays in view."""
        news = self.moment.findChild(MessageArea)
        layout = content.layout()
        if news is None or layout is None:
            return
        natural = content.minimumSizeHint().height()
        if layout.hasHeightForWidth():
            natural = max(natural, layout.totalHeightForWidth(content.width()))
        over = natural - self.side.viewport().height()
        if over > 0:
            news.most = news.height() - over - 1  # rounding: a pixel to spare
            news.refit()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def hold_column(self, state: GameState, scroll: int) -> None:
        """Scrolled down, the side column keeps its height until the phase ends: a shorter
        message at its foot (a long attack's text giving way to "you take 2 damage") let it
        scroll back, and every control above moved down under the pointer (at 150% the
        click meant for "You hit him" landed on Reset). Let go once it all fits the view."""
        content = self.side.widget()
        if content is None:
            return
        scope = (state.round, state.phase)
        if scroll > 0 and scope == self._column_scope:
            content.setMinimumHeight(content.height())
            self._column_timer.start()
        else:
            content.setMinimumHeight(0)
        self._column_scope = scope

    def _let_column_go(self) -> None:
        """The held height goes when the column's content fits its view without it."""
        content = self.side.widget()
        if content is None or content.minimumHeight() == 0:
            return
        layout = content.layout()
        natural = content.minimumSizeHint().height()
        if layout is not None and layout.hasHeightForWidth():
            natural = max(natural, layout.totalHeightForWidth(content.width()))
        if natural <= self.side.viewport().height():
            content.setMinimumHeight(0)

    def hold_steps(self, state: GameState, height: int) -> None:
        """His Killer Action's step, once recorded, leaves its room empty until the Terror
        card is drawn: the controls under it (the Terror card) stay where the player saw them,
        and no other control comes up under the pointer that clicked Accept."""
        scope = (state.round, state.phase)
        room, steps = self.room, self.steps
        if not steps.isHidden():
            self._steps_held = (scope, 0)
            self._place_moment(in_room=False)
            room.setMinimumHeight(0)
            room.show()
            return
        held = self._steps_held
        # Held while the Terror card it guards is still to draw: after it, the room goes to
        # the message of the moment (a Boiler Room attack's was cut at 1366x768 under it).
        due = state.finale is None and not state.terror_this_round
        if held is not None and held[0] == scope and max(held[1], height) > 0 and due:
            # ``height``: the step's, as it was laid out before this state hid it.
            self._steps_held = (scope, max(held[1], height))
            self._place_moment(in_room=self.short)
            room.setMinimumHeight(self._steps_held[1])
            room.show()
            return
        self._steps_held = None
        self._place_moment(in_room=False)
        room.setMinimumHeight(0)
        room.hide()
