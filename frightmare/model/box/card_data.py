"""Every card of the box, from ``resources/cards.json``: names, what each does, how sure we are.

The file is the player's to correct ("the table is the truth"): a copy in the data directory
wins over the packaged one (read by the store, like the board file). Each card has an ``id``
(the app's key, its English name as the app first knew it: the ``Literal`` members of
``cards.py``), the ``name`` its English card prints (``translated`` when it comes from another
edition), other names it is known by, a summary in the app's own words (never card text), the
``steps`` the app takes when it is drawn or used, editable ``values`` and a confidence mark:
RB (the rulebook), PUB (two or more public sources) or ONE (a single unofficial source, which
reminds or prefills and never refuses). Sources: docs/rules-notes.md §9.

``load_cards`` validates a file and names the bad entry; ``find`` matches what a player types
against names, ids, other names, the Spanish edition's and the names of the language in force
(``names``), whatever the case, spacing and punctuation.

>>> book = default_cards()
>>> book.find("terror", "they just got hit by a CAR").id
'They just got hit by a car!'
>>> book.find("item", "Junk").name
'Odds and Ends'
>>> book.find("terror", "Lights flicker") is None
True
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import field
from functools import cache, cached_property
from importlib import resources
from typing import Any, ClassVar, Literal, get_args

from frightmare.i18n import N_, _
from frightmare.model.box.file_checks import (
    FORBID_EXTRA,
    check_length,
    check_range,
    checked_problem,
)
from frightmare.model.box.names import names
from frightmare.model.values import frozen

Confidence = Literal["RB", "PUB", "ONE"]
# Shown with ``_``: "Source: {source}." and the like.
CONFIDENCE_NAMES: dict[Confidence, str] = {
    "RB": N_("the rulebook"),
    "PUB": N_("public sources agree"),
    "ONE": N_("one unofficial source"),
}
CardKind = Literal[
    "terror", "finale", "dark-power", "epic-dark-power", "event", "item", "bonus-item", "setup"
]
CARD_KINDS: tuple[CardKind, ...] = get_args(CardKind)
# Shown with ``_``.
KIND_TITLES: dict[CardKind, str] = {
    "terror": N_("Terror card"),
    "finale": N_("Finale"),
    "dark-power": N_("Dark Power"),
    "epic-dark-power": N_("Epic Dark Power"),
    "event": N_("Event"),
    "item": N_("Item"),
    "bonus-item": N_("bonus Item"),
    "setup": N_("Setup card"),
}
BoxHalf = Literal["Dr. Fright", "Maple Lane"]
StepDo = Literal[
    "horror",
    "bloodlust",
    "time",
    "health",
    "fall-asleep",
    "boiler",
    "killer-action",
    "panic",
    "kill",
    "add-victims",
    "draw-event",
    "draw-terror",
    "killer-damage",
    "lasting",
    "roadblock",
    "place-killer",
    "unsave",
    "crucifix",
    "die-sleep",
    "redraw",
    "remind",
]
COUNTER_STEPS: tuple[StepDo, ...] = ("horror", "bloodlust", "time", "health")
KillerTarget = Literal["closest", "closest-victim", "final-girl"]
PanicWhere = Literal["outside-houses", "her-space", "his-space"]
PlaceWhere = Literal["exit-with-victim", "house-in-occupied-quadrant"]
BoilerChange = Literal["extra card", "resolve the rest", "reset"]
BOILER_CHANGES: tuple[BoilerChange, ...] = get_args(BoilerChange)
# Effects that hold for a while, and until when.
LastingEffect = Literal[
    "awake-attacks",
    "no-occupied-house",
    "one-die-fewer",
    "panic-when-she-enters",
    "asleep-while-in-play",
    "extra-boiler-card",
]
LASTING_EFFECTS: tuple[LastingEffect, ...] = get_args(LastingEffect)
Until = Literal["next-killer-phase", "after-next-action-phase", "card-removed", "game-end"]
UNTILS: tuple[Until, ...] = get_args(Until)
# What an Item does for as long as she holds it (rules notes §9, one source): Victims do not
# follow her (the Machete, Nancy's Machetes), +1 Bloodlust each time she enters the Killer's
# space (Nancy's Machetes), one Victim moved 1 space once each Action phase (the Megaphone).
HeldEffect = Literal["no-followers", "bloodlust-in-his-space", "move-a-victim"]
HELD_EFFECTS: tuple[HeldEffect, ...] = get_args(HeldEffect)
# A step's condition, read when the step comes (after the steps before it).
OnlyIf = Literal[
    "awake",
    "no-victims",
    "no-street-victims",
    "no-exit-victims",
    "nothing-saved-or-ultimate",
    "killer-damaged",
    "no-victim-died",
    "killer-with-her",
    "killer-with-victim",
    "killer-without-victim",
    "she-was-not-attacked",
    "killer-in-house",
]
When = Literal["awake", "asleep"]
MAX_NAME = 60
MAX_TEXT = 600


class CardDataError(ValueError):
    """The cards file is wrong; the message names the entry. ``where`` and ``problem``: the
    entry and what is wrong with it, as data (for a message that says them its own way)."""

    where: str | None = None
    problem: str | None = None


@frozen
class Step:
    """One thing a card does, in the order the card does it."""

    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    do: StepDo
    amount: int = 0
    target: KillerTarget | None = None
    moves: int = 0
    attacks: int = 0
    where: PanicWhere | PlaceWhere | Literal["street", "closest-exit"] | None = None
    spaces: tuple[str, ...] = ()
    effect: LastingEffect | BoilerChange | None = None
    options: tuple[BoilerChange, ...] = ()
    until: Until | None = None
    when: When | None = None
    only_if: OnlyIf | None = None
    killed_at_least: int | None = None
    killed_at_most: int | None = None
    text: str = ""
    confidence: Confidence | None = None

    @property
    def lasting(self) -> LastingEffect | None:
        """The lasting effect a "lasting" step names."""
        return next((e for e in LASTING_EFFECTS if e == self.effect), None)

    @property
    def boiler(self) -> BoilerChange | None:
        """The Boiler Room change a "boiler" step names."""
        return next((e for e in BOILER_CHANGES if e == self.effect), None)

    def __post_init__(self) -> None:
        check_range("amount", self.amount, -10, 10)
        check_range("moves", self.moves, 0, 4)
        check_range("attacks", self.attacks, 0, 4)
        check_range("killed_at_least", self.killed_at_least, 0, 99)
        check_range("killed_at_most", self.killed_at_most, 0, 99)
        check_length("text", self.text, 0, MAX_TEXT)
        need = {
            "killer-action": self.target is not None,
            "lasting": self.effect in LASTING_EFFECTS and self.until is not None,
            "boiler": self.effect is not None or bool(self.options),
            "panic": self.where in get_args(PanicWhere),
            "place-killer": self.where in get_args(PlaceWhere),
            "add-victims": bool(self.spaces) and self.amount > 0,
            "remind": bool(self.text),
        }
        if not need.get(self.do, True):
            raise ValueError(_("a “{step}” step is missing what it needs").format(step=self.do))
        if self.do in COUNTER_STEPS and self.amount == 0:
            raise ValueError(_("a “{step}” step needs an amount").format(step=self.do))


@frozen
class KillerActionData:
    """A Killer Action as printed: whom he goes for, his move icons and attack icons."""

    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    target: KillerTarget
    moves: int
    attacks: int
    confidence: Confidence = "ONE"

    def __post_init__(self) -> None:
        check_range("moves", self.moves, 0, 4)
        check_range("attacks", self.attacks, 0, 4)


@frozen
class CardData:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    id: str
    kind: CardKind
    box: BoxHalf
    name: str
    confidence: Confidence
    summary: str
    translated: bool = False
    also: tuple[str, ...] = ()
    spanish: str = ""
    doubt: str = ""
    steps: tuple[Step, ...] = ()
    values: dict[str, int] = field(default_factory=dict)
    killer_action: KillerActionData | None = None
    copies: int = 1
    hands: int | None = None
    uses: int | None = None
    minor_dark_power: int | None = None
    final_girl: str | None = None
    # An Item's effects while she holds it (the strip of effects in force shows them).
    while_held: tuple[HeldEffect, ...] = ()
    # False for a name players log that the rulebook does not count among the box's cards.
    in_box: bool = True

    def __post_init__(self) -> None:
        check_length("id", self.id, 1, MAX_NAME)
        check_length("name", self.name, 1, MAX_NAME)
        check_length("spanish", self.spanish, 0, MAX_NAME + 10)
        check_length("summary", self.summary, 1, MAX_TEXT)
        check_length("doubt", self.doubt, 0, MAX_TEXT)
        check_range("copies", self.copies, 1, 9)
        check_range("hands", self.hands, 0, 2)
        check_range("uses", self.uses, 1, 9)
        check_range("minor_dark_power", self.minor_dark_power, 1, 9)

    def value(self, key: str, default: int) -> int:
        """One of the card's editable numbers (``default`` when the file has none)."""
        return self.values.get(key, default)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name it answers to: its name, its id, its other names, the Spanish one."""
        return tuple(n for n in (self.name, self.id, *self.also, self.spanish) if n)


@frozen
class BloodlustRow:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    bloodlust: int
    attack: int
    move: int
    horror: int = 0
    dark_power: bool = False

    def __post_init__(self) -> None:
        check_range("bloodlust", self.bloodlust, 0, 99)
        check_range("attack", self.attack, 0, 9)
        check_range("move", self.move, 0, 9)
        check_range("horror", self.horror, -3, 3)


@frozen
class KillerData:
    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    name: str
    killer_action: KillerActionData
    bloodlust: tuple[BloodlustRow, ...]
    confidence: Confidence = "ONE"
    about: str = ""
    doubt: str = ""

    def __post_init__(self) -> None:
        if not self.bloodlust:
            raise ValueError(_("his Bloodlust track needs at least one row"))


@frozen
class CardsFile:
    """The cards file as read: plain frozen dataclasses, which the first paint of a game in
    progress builds without importing pydantic (``default_cards``); a player's corrected
    file is checked by pydantic, field by field (``load_cards``)."""

    __pydantic_config__: ClassVar[dict[str, str]] = FORBID_EXTRA

    cards: tuple[CardData, ...]
    killer: KillerData
    about: str = ""
    steps_about: str = ""


Handling = Literal["applied", "guided", "as printed"]
# Steps the app makes on its own; the others ask the player (a choice, the board, a die).
_AUTOMATIC: frozenset[StepDo] = frozenset(
    (
        *("horror", "bloodlust", "time", "health", "fall-asleep", "killer-damage", "lasting"),
        *("unsave", "add-victims", "redraw", "draw-terror"),
    )
)


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@frozen(slots=False, eq=False)
class CardBook:
    """The validated cards, with the questions the rules and the GUI ask of them."""

    data: CardsFile

    @cached_property
    def by_id(self) -> dict[str, CardData]:
        return {card.id: card for card in self.data.cards}

    @cached_property
    def _index(self) -> dict[tuple[CardKind, str], CardData]:
        index: dict[tuple[CardKind, str], CardData] = {}
        # Ids first, then names, then other names: a corrected name never hides an id.
        for pick in (lambda c: (c.id,), lambda c: (c.name,), lambda c: c.names):
            for card in self.data.cards:
                for name in pick(card):
                    index.setdefault((_group(card.kind), _key(name)), card)
        return index

    def find(self, kind: CardKind, text: str | None) -> CardData | None:
        """The card of ``kind`` (a Dark Power also finds the Epic one, an Item a bonus Item)
        that ``text`` names, by any of its names or its name in the language in force;
        ``None`` for a card the data lacks."""
        if not text:
            return None
        group, key = _group(kind), _key(text)
        found = self._index.get((group, key))
        if found is not None:
            return found
        for english, name in names().names.get("card", {}).items():
            card = self.by_id.get(english)
            if card is not None and _group(card.kind) == group and _key(name.text) == key:
                return card
        return None

    def of_kind(self, *kinds: CardKind, box: BoxHalf | None = None) -> tuple[CardData, ...]:
        return tuple(
            c for c in self.data.cards if c.kind in kinds and (box is None or c.box == box)
        )

    def name_of(self, card_id: str) -> str:
        """A card's name as the player's data spells it (any other name as it is): English,
        what the journal and the table keep."""
        card = self.by_id.get(card_id)
        return card.name if card is not None else card_id

    def shown(self, card_id: str) -> str:
        """A card's name as the player reads it: the language in force's (``names``), else
        as the player's data spells it (any other name as it is)."""
        name = names().get("card", card_id)
        return name.text if name is not None else self.name_of(card_id)

    def doubtful(self, card_id: str) -> bool:
        """Whether the name shown may differ from the player's card: translated from another
        edition, or a name of the language in force that rests on one source."""
        card = self.by_id.get(card_id)
        name = names().get("card", card_id)
        if name is not None:
            return name.doubtful
        return card is not None and card.translated

    def label(self, card_id: str) -> str:
        """A card's name for a list, marked when it may differ from the player's card (a name
        translated from another edition, or one of the language in force that is doubtful)."""
        if card_id not in self.by_id:
            return card_id
        shown = self.shown(card_id)
        return f"{shown} *" if self.doubtful(card_id) else shown

    @property
    def killer(self) -> KillerData:
        return self.data.killer

    def bloodlust_row(self, bloodlust: int) -> BloodlustRow:
        """His row at this Bloodlust (the last row beyond the track's end)."""
        rows = self.data.killer.bloodlust
        fitting = [row for row in rows if row.bloodlust <= bloodlust]
        return fitting[-1] if fitting else rows[0]


def _group(kind: CardKind) -> CardKind:
    """Kinds a name is looked up together with: the Epic Dark Power is a Dark Power, a bonus
    Item an Item, to whoever types its name."""
    return {"epic-dark-power": "dark-power", "bonus-item": "item"}.get(kind, kind)  # type: ignore[return-value]


def handling(card: CardData) -> Handling:
    """How the app deals with ``card``: its steps all applied, guided (a step asks the player
    or the board), or resolved as printed (no steps, or only reminders)."""
    acting = [s for s in card.steps if s.do != "remind"]
    if not acting:
        return "as printed"
    return "applied" if all(s.do in _AUTOMATIC for s in card.steps) else "guided"


def confidence_of(card: CardData, step: Step) -> Confidence:
    return step.confidence or card.confidence


def _problem(where: str, what: str) -> CardDataError:
    error = CardDataError(
        # Translators: {where} names the entry (card “Stab Her” (cards.3.summary)), {problem} what
        # is wrong with it.
        _("The cards file is wrong at {where}: {problem}.").format(where=where, problem=what)
    )
    error.where, error.problem = where, what
    return error


def load_cards(text: str) -> CardBook:
    """Parse and check a cards file; a mistake raises ``CardDataError`` naming the entry."""
    from pydantic import TypeAdapter, ValidationError  # a file to check: the first paint has none

    try:
        raw: Any = json.loads(text)
    except ValueError as error:
        raise CardDataError(
            _("The cards file is not readable JSON ({error}).").format(error=error)
        ) from None
    try:
        data = TypeAdapter(CardsFile).validate_python(raw)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        loc = problem["loc"]
        where = ".".join(str(p) for p in loc) or _("the top level")
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            with contextlib.suppress(KeyError, IndexError, TypeError, AttributeError):
                card = raw["cards"][loc[1]].get("id", loc[1])
                where = _("card “{card}” ({where})").format(card=card, where=where)
        raise _problem(where, checked_problem(problem)) from None
    _unique(data)
    return CardBook(data)


def _unique(data: CardsFile) -> None:
    seen: set[str] = set()
    for card in data.cards:
        if card.id in seen:
            raise _problem(_("card “{card}”").format(card=card.id), _("the id is used twice"))
        seen.add(card.id)


def _packaged(raw: dict[str, Any]) -> CardsFile:
    """The packaged cards file, built as it is: the app's own file, which the tests check
    against ``load_cards`` (``test_the_packaged_cards_are_built_as_checked``)."""

    def step(s: dict[str, Any]) -> Step:
        lists: dict[str, Any] = {k: tuple(s[k]) for k in ("spaces", "options") if k in s}
        return Step(**(s | lists))

    def action(a: dict[str, Any] | None) -> KillerActionData | None:
        return None if a is None else KillerActionData(**a)

    def card(c: dict[str, Any]) -> CardData:
        return CardData(
            **{
                **c,
                "also": tuple(c.get("also", ())),
                "while_held": tuple(c.get("while_held", ())),
                "steps": tuple(step(s) for s in c.get("steps", ())),
                "killer_action": action(c.get("killer_action")),
            }
        )

    killer = raw["killer"]
    return CardsFile(
        cards=tuple(card(c) for c in raw["cards"]),
        killer=KillerData(
            **{
                **killer,
                "killer_action": KillerActionData(**killer["killer_action"]),
                "bloodlust": tuple(BloodlustRow(**row) for row in killer["bloodlust"]),
            }
        ),
        **{k: raw[k] for k in ("about", "steps_about") if k in raw},
    )


def packaged_cards_text() -> str:
    return resources.files("frightmare.resources").joinpath("cards.json").read_text("utf-8")


@cache
def default_cards() -> CardBook:
    """The packaged cards (the first paint of a game in progress reads them, before pydantic
    is imported)."""
    data = _packaged(json.loads(packaged_cards_text()))
    _unique(data)
    return CardBook(data)
