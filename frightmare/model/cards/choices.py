"""What a card planned on the table leaves to the player: each step as planned (what it does,
how sure we are, the concrete steps it records) with its choices (a space, a Victim, a number,
an option), and the answer the player gave or the app's proposal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from frightmare.i18n import _, pgettext
from frightmare.model.actions.steps import CardStep, RedrawStep
from frightmare.model.box.card_data import CardData, Confidence
from frightmare.model.game.table import Table, VictimKind
from frightmare.model.values import frozen

ChoiceKind = Literal["space", "who", "number", "option", "event"]
Answer = str | int
Choices = Mapping[tuple[int, str], Answer]


@frozen
class Choice:
    """What a step leaves to the player: ``key`` names it within the step; ``options`` the
    spaces, Victims or options to pick from (a ``number`` ranges over ``low``..``high``);
    ``default`` is the app's proposal; ``labels`` what each option reads as (else a space's
    name, or the option itself).

    ``open``: the card leaves it to the player (which Victim, which of two tied Exits, a die,
    the damage she takes after her defence); else the rules decide it and ``default`` is the
    app's reading of the board (where he stops on his way to the closest target), which the
    player may still correct. Only what ``asks`` needs the player's word.
    """

    key: str
    kind: ChoiceKind
    question: str
    default: Answer
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    open: bool = True
    labels: tuple[str, ...] = ()

    @property
    def shown(self) -> bool:
        """Worth a control: a number, or more than one option to pick from."""
        return self.kind == "number" or len(self.options) > 1

    @property
    def asks(self) -> bool:
        """The player must say: the card leaves it open, and there is something to pick."""
        return self.open and self.shown

    def label(self, option: str) -> str:
        """What ``option`` reads as in a list (a space is named by the caller)."""
        if option in self.options and len(self.labels) == len(self.options):
            return self.labels[self.options.index(option)]
        return option


@frozen
class PlannedStep:
    """One of the card's steps on this table: what it does (``text``), how sure we are,
    whether it applies now, the concrete steps it records, and the choices it leaves open."""

    index: int
    text: str
    confidence: Confidence
    applies: bool
    records: tuple[CardStep, ...] = ()
    choices: tuple[Choice, ...] = ()
    guided: bool = False


@frozen
class CardPlan:
    card: CardData
    steps: tuple[PlannedStep, ...]

    @property
    def redraw(self) -> bool:
        return any(isinstance(r, RedrawStep) for s in self.steps for r in s.records)

    def records(self, skipped: frozenset[int] = frozenset()) -> tuple[CardStep, ...]:
        """The concrete steps to record (``skipped``: the steps the player unticked)."""
        return tuple(
            r for s in self.steps if s.applies and s.index not in skipped for r in s.records
        )

    def asking(self, skipped: frozenset[int] = frozenset()) -> tuple[tuple[int, Choice], ...]:
        """The choices the card leaves to the player on this table (step index, choice)."""
        return tuple(
            (s.index, c)
            for s in self.steps
            if s.applies and s.index not in skipped
            for c in s.choices
            if c.asks
        )


def answer(chosen: Choices, index: int, choice: Choice) -> Answer:
    value = chosen.get((index, choice.key), choice.default)
    if choice.kind == "number":
        return value if isinstance(value, int) else choice.default
    return (
        value
        if isinstance(value, str) and (not choice.options or value in choice.options)
        else (choice.default)
    )


def which_victim(
    table: Table, space: str, index: int, chosen: Choices, key: str = "who"
) -> tuple[VictimKind, tuple[Choice, ...]]:
    kinds = table.kinds_at(space)
    if len(kinds) <= 1:
        return (kinds[0] if kinds else "victim"), ()
    labels = tuple(_who_label(kind) for kind in kinds)
    who = Choice(key, "who", _("Which Victim?"), kinds[0], kinds, labels=labels)
    value = answer(chosen, index, who)
    return next((k for k in kinds if k == value), kinds[0]), (who,)


def _who_label(kind: VictimKind) -> str:
    """A kind of Victim as the "Which Victim?" choice offers it."""
    labels = {
        # Translators: the kinds of Victim the player picks from ("Which Victim?"), in lower case.
        "victim": pgettext("which victim", "victim"),
        "smalley": pgettext("which victim", "smalley"),
        "boyfriend": pgettext("which victim", "boyfriend"),
    }
    return labels[kind]
