"""The journal of applied actions, with a cursor for undo and redo.

Every state along the journal is kept as a snapshot (states share their unchanged parts), so
undo and redo are a cursor move and never rely on inverse steps.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from itertools import count

from frightmare.i18n import _, ngettext
from frightmare.model.actions.base import ANYWAY_MARK
from frightmare.model.actions.dream import Slide
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import MoveVictims, ReturnItem
from frightmare.model.actions.names import card_shown, fright, on_board, space_name
from frightmare.model.actions.round import NextPhase
from frightmare.model.box.board import QUADRANT_NAMES, Board
from frightmare.model.box.cards import SHOCK_FACTOR
from frightmare.model.box.names import shown
from frightmare.model.errors import RuleViolation, impossible
from frightmare.model.game.state import GameState, phase_name
from frightmare.model.halves import GATED_LATE, as_note, half_refusal
from frightmare.model.rules import apply, record_anyway


class ReplayError(ValueError):
    """A saved journal holds an action the rules no longer accept."""

    def __init__(
        self, index: int, action: Action, error: RuleViolation, board: Board | None = None
    ) -> None:
        self.index = index
        self.action = action
        self.error = error
        if board is None:
            step = action.describe()
        else:
            with on_board(board):  # the game's own names, as History shows them
                step = action.describe()
        super().__init__(
            _("Step {step} of the saved history (“{line}”) could not be replayed: {error}").format(
                step=index + 1, line=step, error=error
            )
        )


# Every action appended to any journal gets the next number: a step's number is never given
# again, so two lists of numbers agree on every step before the first one they differ on.
_SERIALS = count(1)


class History:
    """A game's journal: the start state, the actions and a cursor.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> from frightmare.model.actions.game import Rename
    >>> h = History(new_game(GameSetup(), seed=1))
    >>> _ = h.do(Rename(name="A")); _ = h.do(Rename(name="B"))
    >>> h.undo().name, h.redo().name
    ('A', 'B')
    """

    def __init__(
        self, start: GameState, actions: Iterable[Action] = (), cursor: int | None = None
    ) -> None:
        self._actions: list[Action] = []
        self._states: list[GameState] = [start]
        for index, action in enumerate(actions):
            self._actions.append(self._replay(index, action))
        self._serials: list[int] = [next(_SERIALS) for _ in self._actions]
        self._cursor = len(self._actions) if cursor is None else cursor
        if not 0 <= self._cursor <= len(self._actions):
            raise ValueError(f"cursor {cursor} is outside a journal of {len(self._actions)}")

    def _replay(self, index: int, action: Action) -> Action:
        """Apply a saved step. One the rules now refuse (they changed since it was recorded)
        happened on the table all the same: it replays as recorded anyway, with the mark. Only
        a step the table cannot show stops the replay."""
        try:
            self._states.append(apply(self._states[-1], action))
            return action
        except RuleViolation as error:
            if action.kind in GATED_LATE and half_refusal(self._states[-1], action) is not None:
                # A step of a half of the box not in this game, saved before the gate took it
                # (an edit of Maple Lane's pieces at another Location): kept as a note.
                note = as_note(action)
                self._states.append(apply(self._states[-1], note))
                return note
            if not error.overridable or action.anyway:
                raise ReplayError(index, action, error, self._states[-1].board) from error
        marked = record_anyway(action)
        try:
            self._states.append(apply(self._states[-1], marked))
        except RuleViolation as error:
            raise ReplayError(index, action, error, self._states[-1].board) from error
        return marked

    @property
    def start(self) -> GameState:
        return self._states[0]

    @property
    def state(self) -> GameState:
        return self._states[self._cursor]

    @property
    def cursor(self) -> int:
        """How many actions of the journal are in effect."""
        return self._cursor

    @property
    def actions(self) -> Sequence[Action]:
        """Every action in the journal, including the redo tail past the cursor."""
        return tuple(self._actions)

    def action(self, index: int) -> Action:
        """Step ``index`` of the journal (0-based), without copying the journal."""
        return self._actions[index]

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def serials(self) -> Sequence[int]:
        """Each step's number, unique to the step as it was appended (an undone step done
        again is a new step, with a new number); read with ``kept``."""
        return self._serials

    def kept(self, serials: Sequence[int]) -> int:
        """How many first steps of the journal are still those numbered ``serials`` (what a
        view or a cache of the journal holds): a binary search, not a walk of the journal.

        >>> from frightmare.model.game.setup import GameSetup
        >>> from frightmare.model.game.state import new_game
        >>> h = History(new_game(GameSetup(), seed=1), [NextPhase(), NextPhase()])
        >>> seen = list(h.serials)
        >>> _ = h.undo(); _ = h.do(NextPhase())
        >>> h.kept(seen), h.kept(h.serials), h.kept([])
        (1, 2, 0)
        """
        mine = self._serials
        most = min(len(mine), len(serials))
        # True while the step numbers agree, then False: the first False is where they part.
        return bisect_left(range(most), True, key=lambda n: mine[n] != serials[n])

    def state_at(self, cursor: int) -> GameState:
        return self._states[cursor]

    def describe_step(self, index: int) -> str:
        """The full sentence for step ``index`` of the journal (0-based), with the game's own
        board names and Killer, and what the step led to where it matters.

        >>> from frightmare.model.game.setup import GameSetup
        >>> from frightmare.model.game.state import new_game
        >>> h = History(new_game(GameSetup(), seed=1), [NextPhase()])
        >>> h.describe_step(0)
        'Next phase: Planning'
        """
        action = self._actions[index]
        after = self._states[index + 1]
        with on_board(after.board):
            text = action.describe()
            if isinstance(action, NextPhase):
                # Translators: History's line for Next phase, and the phase it led to.
                text = _("{step}: {phase}").format(step=text, phase=phase_name(after.phase))
            elif isinstance(action, ReturnItem):
                text = _returned(action, self._states[index], after)
            elif isinstance(action, MoveVictims) and action.panic:
                killed = after.shock_kills_this_round - self._states[index].shock_kills_this_round
                if killed > 0:
                    text = _shocked(text, action, killed)
            elif isinstance(action, Slide) and action.report is None:
                revealed = after.dream.reveals or after.dream.finished
                if revealed and revealed[-1].fright is not None:
                    # Translators: History's line for a slide, and his attack it showed.
                    text = _("{step}: {killer} attacks").format(step=text, killer=fright())
        # The lines name Dr. Fright as the player's edition does: the game's own Killer in his
        # place (and in a note the player wrote).
        killer = shown("killer", after.setup.killer)
        if killer != fright():
            text = text.replace(fright(), killer)
        return text

    def do(self, action: Action) -> GameState:
        """Apply ``action`` at the cursor; a redo tail is dropped."""
        new_state = apply(self.state, action)
        del self._actions[self._cursor :]
        del self._states[self._cursor + 1 :]
        del self._serials[self._cursor :]
        self._actions.append(action)
        self._serials.append(next(_SERIALS))
        self._states.append(new_state)
        self._cursor += 1
        return new_state

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    def undo(self) -> GameState:
        if not self.can_undo:
            raise impossible(_("There is nothing to undo: this is the start of the game."))
        self._cursor -= 1
        return self.state

    def redo(self) -> GameState:
        if not self.can_redo:
            raise impossible(_("There is nothing to redo."))
        self._cursor += 1
        return self.state

    def jump(self, cursor: int) -> GameState:
        """Move the cursor to ``cursor`` actions in; nothing is dropped."""
        if not 0 <= cursor <= len(self._actions):
            raise impossible(_("The history has no step {step}.").format(step=cursor))
        self._cursor = cursor
        return self.state


def _returned(action: ReturnItem, before: GameState, after: GameState) -> str:
    """Name the item and the deck it actually went to (the closest open quadrant's, or the
    player's choice), not only the deck asked for."""
    held = before.table.held
    name = held[action.index].name if 0 <= action.index < len(held) else None
    grew = [q for q in QUADRANT_NAMES if len(after.table.deck(q)) > len(before.table.deck(q))]
    target = grew[0] if grew else action.quadrant
    return _marked(action.anyway, action.returned(name, target))


def _marked(anyway: bool, text: str) -> str:
    return ANYWAY_MARK + text if anyway else text


def _shocked(text: str, action: MoveVictims, killed: int) -> str:
    """A panic that Shock Factor turned into deaths says so ("1 Smalley panicked" would be
    wrong: it died)."""
    card = card_shown(SHOCK_FACTOR)
    moved = action.count - killed
    if moved:
        # Translators: {step} is History's line for the panic.
        return ngettext(
            "{step} ({card} killed {count} of them instead)",
            "{step} ({card} killed {count} of them instead)",
            killed,
        ).format(step=text, card=card, count=killed)
    n, source = action.count, space_name(action.source)
    if action.who == "boyfriend":
        said = _("the Boyfriend would panic on {source}: {card} killed him instead")
    elif action.who == "smalley":
        said = ngettext(
            "{count} Smalley would panic on {source}: {card} killed it instead",
            "{count} Smalleys would panic on {source}: {card} killed them instead",
            n,
        )
    else:
        said = ngettext(
            "{count} Victim would panic on {source}: {card} killed it instead",
            "{count} Victims would panic on {source}: {card} killed them instead",
            n,
        )
    return _marked(action.anyway, said.format(count=n, source=source, card=card))
