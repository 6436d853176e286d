"""What the player does on the board, carried out: a click (or Return) opens a space's plays
beside it, a drag moves her, places him (his Killer Action, in the Killer phase) or moves a
Victim, and the board is drawn again as the selection or the state changes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRectF, Signal

from frightmare.model import GameState
from frightmare.model.actions.lane import MoveVictims, Place
from frightmare.model.actions.steps import KillerToStep
from frightmare.model.lane.houses import convince_targets
from frightmare.model.lane.killer import everyone_must_die_now
from frightmare.model.lane.movement import reachable
from frightmare.model.query.killer_phase import killer_step_offered
from frightmare.model.query.space_plays import moves
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.board_view import BoardView
from frightmare.ui.game.board.popover import SpacePopover
from frightmare.ui.game.steps.killer_steps import KillerStepPanel


class BoardController(QObject):
    """The board's view, its panel (whose space menu fills the popover) and his Killer
    Action's step, wired together for the game page. ``shown`` gives the state the page
    shows; ``redrawn`` is called after each redraw of the board (the page shows the controls
    of the moment then)."""

    act_requested = Signal(object)

    def __init__(
        self,
        view: BoardView,
        panel: BoardPanel,
        killer_steps: KillerStepPanel,
        shown: Callable[[], GameState | None],
        redrawn: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.view, self.panel, self.killer_steps = view, panel, killer_steps
        self._shown, self._redrawn = shown, redrawn
        self.selected_space: str | None = None
        # The selected space's plays open beside it, on the board.
        self.popover = SpacePopover(view)
        self.popover.hidden_by = view.hidden_by  # placed where it hides least (issue 31)
        self.popover.set_content(panel.space_box)
        panel.space_menu.home = view
        panel.space_menu.changed.connect(self._refit_popover)
        view.resized.connect(self._refit_popover)
        view.space_clicked.connect(self.open_plays)
        view.space_keyed.connect(lambda space: self.open_plays(space, focus=True))
        view.background_clicked.connect(self.popover.close_plays)
        view.space_selected.connect(self.select_space)
        view.cursor_shown.connect(self._show_cursor)
        # A double-click or a drag of her token moves her, his token places him, a Victim's
        # moves it; another Spaces count draws her reach again; a mix of followers to choose
        # opens the space's plays.
        view.move_requested.connect(panel.move_to)
        view.move_keyed.connect(self._move_by_key)
        panel.space_menu.played_by_key.connect(self.after_keyed_play)
        panel.space_menu.followed.connect(self.open_plays)  # a Convince took her in
        view.place_requested.connect(self._place)
        view.victim_dragged.connect(self._victims_dragged)
        panel.steps_changed.connect(lambda: self.redraw())
        panel.followers_asked.connect(self.open_plays)

    def select_space(self, space: str) -> None:
        if space != self.popover.space:
            self.popover.close_plays()  # the arrow keys moved on: Return opens the new one's
        self.selected_space = space
        self.redraw()

    def _show_cursor(self, space: str) -> None:
        """The keyboard cursor drawn on ``space``, nothing else done (no play, no choice)."""
        if self.selected_space is None:
            self.selected_space = space
            self.redraw()

    def open_plays(self, space: str, *, focus: bool = False) -> None:
        """The space's plays, beside it on the board (a click, Return, or where she moved);
        ``focus``: the first play takes the keyboard focus (Return opened them)."""
        self.selected_space = space
        self.redraw()
        self._place_popover(space)
        if focus:
            self.popover.focus_first()

    def _move_by_key(self, space: str) -> None:
        """Space on the cursor's space: she moves there as by a double-click; the plays there
        open with the first focused when the space offers one (Save at an Exit), else the
        focus stays on the board for the next arrow key."""
        before = self._shown()
        self.panel.move_to(space)
        after = self._shown()
        if after is None or after is before or after.table.final_girl != space:
            return  # refused (the message says why), or which Victims follow is asked
        self.open_plays(space)
        if self.panel.space_menu.has_play():
            self.after_keyed_play()
        else:
            self.popover.close_plays()
            self.view.setFocus()

    def after_keyed_play(self) -> None:
        """A play made by keyboard from the space's plays: they stay open with what the space
        offers now, the focus on its next play (Save after *Move here* at an Exit, Search
        after a Convince); the board keeps it when only corrections are left (Down and Up
        walk them from there)."""
        button = self.panel.space_menu.next_play() if self.popover.isVisible() else None
        if button is not None and button.isVisible():
            button.setFocus()
        elif self.view.isVisible():
            self.view.setFocus()

    def _refit_popover(self) -> None:
        space = self.popover.space
        if self.popover.isVisible() and space is not None:
            self._place_popover(space)

    def _place_popover(self, space: str) -> None:
        view = self.view
        rect = QRectF(view.mapFromScene(view.item.space_rect(space)).boundingRect())
        self.popover.open_at(space, rect)

    def _place(self, piece: str, space: str) -> None:
        """His token dragged: in the Killer phase, where his Killer Action took him; else a
        free edit (Put him here)."""
        if piece != "dr fright":
            return
        state = self._shown()
        if state is not None and killer_step_offered(state) and self._killer_dragged(state, space):
            return
        self.act_requested.emit(Place(piece="dr fright", space=space))

    def _killer_dragged(self, state: GameState, space: str) -> bool:
        """His Killer Action, as the drag shows it: he moved there (as many move icons as the
        spaces he went, at least) and attacks as his card says. Recorded at once when it
        ends there and the rules allow it; else the Killer step shows what it would do."""
        start = state.table.killer
        distance = state.board.distances_from(start).get(space) if start is not None else None
        steps = self.killer_steps
        if distance is None or steps.isHidden():
            return False
        if not everyone_must_die_now(state) and distance > steps.moves.value():
            steps.moves.setValue(distance)  # the step plans again
        steps.space_chosen(space)
        plan = steps.plan
        ends = [r.space for r in plan.records if isinstance(r, KillerToStep)] if plan else []
        # Recorded at once only when the drag said all there is to say: he ends there, and
        # nothing else is left open (her damage after her defence is hers to say).
        settled = plan is not None and all(
            choice.key == "end" or len(choice.options) == 1 for choice in plan.choices
        )
        if plan is not None and settled and ends and ends[-1] == space and plan.verdict.allowed:
            steps.accept.click()
        return True

    def _victims_dragged(self, who: str, source: str, target: str) -> None:
        """A Victim dragged to another space: one Victim moves there (they panic in the Panic
        phase)."""
        state = self._shown()
        kind = next((k for k in ("victim", "smalley", "boyfriend") if k == who), None)
        if state is None or kind is None:
            return
        self.act_requested.emit(
            MoveVictims(
                source=source, target=target, count=1, panic=state.phase == "panic", who=kind
            )
        )

    def redraw(self, spaces: frozenset[str] | None = None) -> None:
        """The board and its panel as the state shown, the selection and Spaces say;
        ``spaces``: the spaces whose pieces changed since the state drawn (``None``: any)."""
        state = self._shown()
        if state is None or not state.setup.on_maple_lane:
            return
        steps = self.panel.steps.value()
        # Reachable spaces are outlined only while the model lets her move there, and only in
        # the Action phase, where she moves (issue 31: they stayed on in the Killer and Panic
        # phases, where a move of hers is a correction of the table, not a play).
        acting = state.phase == "action"
        answers = moves(state, steps) if acting else {}
        highlighted = (
            {
                space: cost
                for space, cost in reachable(state, steps).items()
                if answers[space].verdict.allowed
            }
            if acting
            else {}
        )
        convince = set(convince_targets(state)) if acting else set()
        self.view.show_state(state, self.selected_space, highlighted, convince, spaces)
        self.panel.show_state(state, self.selected_space)
        self._redrawn()
        space = self.popover.space
        if self.popover.isVisible() and space is not None:
            if space == self.selected_space:
                self._place_popover(space)  # its plays changed: its size may have
            else:
                self.popover.close_plays()
