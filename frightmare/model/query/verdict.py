"""The verdict on one play: *allowed*, *refused* by a rule (its sentence, its source, and it
can be recorded anyway) or *impossible* (what the table cannot show), from the rules' own
check predicates (each rule is a check plus an effect, ``rules.Rule``), never from ``apply`` on
made-up actions.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> from frightmare.model.actions.dream import AttackDrFright
>>> state = new_game(GameSetup(setup_card="Block Party"), seed=1)
>>> verdict(state, AttackDrFright()).status
'refused'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.journal import Action
from frightmare.model.errors import RuleViolation, anyway
from frightmare.model.game.state import GameState
from frightmare.model.rules import check, check_gate
from frightmare.model.values import frozen

Status = Literal["allowed", "refused", "impossible"]


@frozen
class Verdict:
    """The model's answer for one play.

    ``status`` is ``"allowed"``; ``"refused"``: a rule refuses it (``message``, the player's
    sentence, and ``rule``, its source) and it can be recorded anyway; or ``"impossible"``:
    no override lets it through (``message`` says what stands in the way, even recorded
    anyway).
    """

    status: Status = "allowed"
    message: str = ""
    rule: str = ""

    @property
    def allowed(self) -> bool:
        return self.status == "allowed"

    @property
    def recordable(self) -> bool:
        """Refused by a rule, so the play can be recorded anyway (``rules.record_anyway``)."""
        return self.status == "refused"

    @property
    def error(self) -> RuleViolation | None:
        """The refusal as ``apply`` words it (``None`` when allowed); ``overridable`` when it
        can be recorded anyway."""
        if self.status == "allowed":
            return None
        return RuleViolation(self.message, rule=self.rule, overridable=self.recordable)

    def __str__(self) -> str:
        error = self.error
        return "" if error is None else str(error)


ALLOWED = Verdict()


def judge(predicate: Callable[[], None], *, marked: bool = False) -> Verdict:
    """The verdict of a check ``predicate`` (one that raises ``RuleViolation`` as the rules
    do): run as the play is, then, when a rule refuses it, as if recorded anyway, to learn
    whether the override would let it through. ``marked``: the play is recorded anyway
    already."""
    try:
        with anyway(marked):
            predicate()
    except RuleViolation as first:
        if not first.overridable:
            return Verdict("impossible", first.message, first.rule)
        try:
            with anyway():
                predicate()
        except RuleViolation as stands:
            return Verdict("impossible", stands.message, stands.rule)
        return Verdict("refused", first.message, first.rule)
    return ALLOWED


def verdict(state: GameState, action: Action) -> Verdict:
    """What the rules say of ``action`` now, from its check alone (``apply`` runs the same
    check, then the effect): allowed, refused (and it can be recorded anyway) or impossible.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> from frightmare.model.actions.round import NextPhase
    >>> verdict(new_game(GameSetup(), seed=1), NextPhase()).allowed
    True
    """
    return judge(lambda: check(state, action), marked=action.anyway)


def of_kind(
    state: GameState, kind: type[BaseAction], *predicates: Callable[[GameState], None]
) -> Verdict:
    """The verdict of any play of ``kind`` now, whatever its choices: the gate every play of
    the kind passes, then the rule's own predicates that do not depend on the choices."""

    def run() -> None:
        check_gate(state, kind)
        for predicate in predicates:
            predicate(state)

    return judge(run)


def refusal(state: GameState, action: Action) -> RuleViolation | None:
    """Why the rules would refuse ``action`` now, or ``None``: ``verdict(state,
    action).error``, for the callers that ask of one action. When ``error.overridable`` is
    true the play can be recorded anyway (``rules.record_anyway``).

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> from frightmare.model.actions.dream import AttackDrFright
    >>> refusal(new_game(GameSetup(), seed=1), AttackDrFright()).rule
    'When you are Awake'
    """
    return verdict(state, action).error
