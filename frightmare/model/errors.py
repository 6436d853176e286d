"""Errors the model raises, worded for the player, and the "record it anyway" switch.

"The table is the truth": a refusal that stands on a rule is ``overridable`` (the player may
record the play anyway, and the journal marks it); one that describes something impossible on
the table (no such space, no Victim there to move, an empty deck) is not.
"""

from __future__ import annotations

from contextvars import ContextVar, Token

from frightmare.i18n import _

_RECORDING_ANYWAY: ContextVar[bool] = ContextVar("recording_anyway", default=False)


class RuleViolation(ValueError):
    """An action the rules forbid.

    ``str(error)`` is a sentence a player understands; ``rule`` names the rule (a rulebook
    section, a card, or a section of the project's rules notes) so the GUI can show where it
    comes from. ``overridable`` says whether the play may be recorded anyway: only a refusal
    raised by ``refuse`` (which honours a play recorded anyway) is, so the GUI never offers an
    override that ``apply`` would still refuse.

    >>> str(RuleViolation("You are Awake.", rule="Awake and Asleep"))
    'You are Awake. (Rule: Awake and Asleep)'
    """

    def __init__(self, message: str, *, rule: str = "", overridable: bool = False) -> None:
        self.message = message
        self.rule = rule
        self.overridable = overridable
        # Translators: a refusal and the rule it stands on (a rulebook section, a card, a
        # section of the rules notes), e.g. "You are Awake. (Rule: Awake and Asleep)".
        cited = _("{message} (Rule: {rule})").format(message=message, rule=rule)
        super().__init__(cited if rule else message)


def impossible(message: str, *, rule: str = "") -> RuleViolation:
    """A refusal that no override can lift: the table cannot show it."""
    return RuleViolation(message, rule=rule, overridable=False)


def refuse(message: str, *, rule: str) -> None:
    """Refuse by a rule, unless the player records the play anyway (then nothing happens).

    >>> refuse("You are Awake.", rule="Awake and Asleep")
    Traceback (most recent call last):
    ...
    frightmare.model.errors.RuleViolation: You are Awake. (Rule: Awake and Asleep)
    >>> with anyway():
    ...     refuse("You are Awake.", rule="Awake and Asleep")
    """
    if not _RECORDING_ANYWAY.get():
        raise RuleViolation(message, rule=rule, overridable=True)


class anyway:
    """Within this block, ``refuse`` lets the play through (``on``, the default).

    A plain class, not a generator: the can-be-played query enters it a few hundred times
    for one screen."""

    __slots__ = ("_on", "_token")

    def __init__(self, on: bool = True) -> None:
        self._on = on
        self._token: Token[bool] | None = None

    def __enter__(self) -> None:
        self._token = _RECORDING_ANYWAY.set(self._on)

    def __exit__(self, *_exc: object) -> None:
        if self._token is not None:
            _RECORDING_ANYWAY.reset(self._token)
            self._token = None
