"""What the player chose when the game was set up."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, ClassVar, Literal

from frightmare.i18n import N_, _
from frightmare.model.box.cards import (
    DR_FRIGHT,
    FINAL_GIRL_NAMES,
    ITEM_CARD_NAMES,
    KILLER_NAMES,
    LOCATION_NAMES,
    MAPLE_LANE,
    FinalGirlName,
    KillerName,
    LocationName,
    card_name,
)
from frightmare.model.box.names import shown
from frightmare.model.box.numbers import known_final_girl
from frightmare.model.values import frozen

if TYPE_CHECKING:
    from pydantic import TypeAdapter

KNOWN_FINAL_GIRLS: tuple[FinalGirlName, ...] = FINAL_GIRL_NAMES
KNOWN_KILLERS: tuple[KillerName, ...] = KILLER_NAMES
KNOWN_LOCATIONS: tuple[LocationName, ...] = LOCATION_NAMES
MAX_KILLER_HEALTH = 99
MAX_FINAL_GIRL_HEALTH = 20
MAX_NAME = 60
# Maple Lane's four Item decks (rulebook, Special Setup 1), in the board's quadrant order.
ITEM_DECKS = 4

DeckMode = Literal["screen", "physical"]
# Shown with ``_``.
DECK_MODE_NAMES: dict[DeckMode, str] = {
    "screen": N_("On screen (the app deals)"),
    "physical": N_("My real cards (I report each slide)"),
}
# The setup's choices as a wrong one is named (``SetupError``), shown with ``_``.
SETUP_FIELDS: dict[str, str] = {
    "final_girl": N_("final girl"),
    "killer": N_("killer"),
    "location": N_("location"),
    "setup_card": N_("setup card"),
    "epic": N_("epic"),
    "extreme_horror": N_("extreme horror"),
    "boiler_deck": N_("boiler deck"),
    "killer_health": N_("killer health"),
    "final_girl_health": N_("final girl health"),
    "face_up_items": N_("face up items"),
}


def _clean_name(value: str) -> str:
    cleaned = " ".join(value.split())
    if not cleaned:
        raise ValueError(_("must not be empty"))
    return cleaned


def is_dr_fright(killer: str) -> bool:
    """Whether a Killer's name (as typed) is this box's Killer."""
    return " ".join(killer.split()).casefold() == DR_FRIGHT.casefold()


def is_maple_lane(location: str) -> bool:
    """Whether a Location's name (as typed) is this box's Location."""
    return " ".join(location.split()).casefold() == MAPLE_LANE.casefold()


class SetupError(ValueError):
    """A choice of the setup is wrong: ``field`` names it (for the New game dialog)."""

    def __init__(self, field: str, message: str) -> None:
        named = SETUP_FIELDS.get(field)
        label = _(named) if named else field.replace("_", " ")
        # Translators: a choice of the New game dialog and what is wrong with it.
        super().__init__(_("{field}: {problem}").format(field=label, problem=message))
        self.field = field


def _name(field: str, value: object, *, optional: bool = False) -> str | None:
    if optional and (value is None or (isinstance(value, str) and not value.strip())):
        return None
    if not isinstance(value, str):
        raise SetupError(field, _("must be text"))
    if len(value) > MAX_NAME:
        raise SetupError(field, _("must be at most {count} characters").format(count=MAX_NAME))
    try:
        return _clean_name(value)
    except ValueError as error:
        raise SetupError(field, str(error)) from None


def _number(field: str, value: object, most: int) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= most:
        raise SetupError(field, _("must be a whole number from 1 to {most}").format(most=most))
    return value


def _face_up(value: object) -> tuple[str | None, ...]:
    if not isinstance(value, tuple | list):
        raise SetupError("face_up_items", _("must be a list of names"))
    if not value:
        return ()
    if len(value) != ITEM_DECKS:
        raise SetupError(
            "face_up_items",
            _("names one top card for each of the {count} Item decks").format(count=ITEM_DECKS),
        )
    if not all(v is None or isinstance(v, str) for v in value):
        raise SetupError("face_up_items", _("must be names"))
    named = tuple(
        card_name(v, ITEM_CARD_NAMES) if v is not None and v.strip() else None for v in value
    )
    if any(v is not None and len(v) > MAX_NAME for v in named):
        raise SetupError(
            "face_up_items",
            _("an Item's name is at most {count} characters").format(count=MAX_NAME),
        )
    return named if any(named) else ()


@frozen
class GameSetup:
    """The box contents chosen for a game: who, against whom, where.

    The box has two halves that each stand alone: Dr. Fright (Awake and Asleep, the Boiler
    Room deck, the Epic Dark Power) and Maple Lane (the board, its Setup cards). A choice that
    belongs to a half not in play is dropped, so a setup never holds one.

    A plain frozen dataclass, checked and tidied when made (``SetupError`` names a wrong
    choice): the first paint of a game in progress reads it without importing pydantic. A
    saved game's setup is checked by pydantic, field by field, as part of its file.

    >>> GameSetup(final_girl="Nancy").summary()
    'Nancy vs Dr. Fright, Maple Lane'
    >>> hans = GameSetup(killer="Hans", location="maple lane", setup_card="Playtime", epic=True)
    >>> hans.has_dr_fright, hans.on_maple_lane, hans.epic, hans.summary()
    (False, True, False, 'Nancy vs Hans, Maple Lane (Playtime)')
    >>> GameSetup(location="Camp Happy Trails", setup_card="Playtime").setup_card is None
    True
    >>> GameSetup(face_up_items=("bible", None, "Knife", "")).face_up_items
    ('Bible', None, 'Knife', None)
    """

    # Unknown keys in a saved setup are a mistake, as in every file the app reads.
    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    final_girl: str = "Nancy"
    killer: str = DR_FRIGHT
    location: str = MAPLE_LANE
    setup_card: str | None = None
    epic: bool = False
    boiler_deck: DeckMode = "screen"
    # Another Killer's Health, read from his own board at setup (None: the box's value).
    killer_health: int | None = None
    # The core box's harder difficulty: recorded (the community form asks it); the player
    # applies its rules.
    extreme_horror: bool = False
    # A Final Girl the box values do not know: her Health, read from her own card at setup.
    final_girl_health: int | None = None
    # Maple Lane's face-up top Item card of each quadrant's deck (NW, NE, SW, SE), named at
    # setup if the player wishes (None: not named); empty when none was named.
    face_up_items: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        def put(field: str, value: object) -> None:
            object.__setattr__(self, field, value)

        for field in ("final_girl", "killer", "location"):
            put(field, _name(field, getattr(self, field)))
        put("setup_card", _name("setup_card", self.setup_card, optional=True))
        for field in ("epic", "extreme_horror"):
            if type(getattr(self, field)) is not bool:
                raise SetupError(field, _("must be true or false"))
        if self.boiler_deck not in DECK_MODE_NAMES:
            raise SetupError(
                "boiler_deck",
                _("must be one of {values}").format(values=", ".join(DECK_MODE_NAMES)),
            )
        put("killer_health", _number("killer_health", self.killer_health, MAX_KILLER_HEALTH))
        put(
            "final_girl_health",
            _number("final_girl_health", self.final_girl_health, MAX_FINAL_GIRL_HEALTH),
        )
        put("face_up_items", _face_up(self.face_up_items))
        # The names are spelled as the box spells them, whatever case was typed.
        if self.has_dr_fright:
            put("killer", DR_FRIGHT)
        if self.on_maple_lane:
            put("location", MAPLE_LANE)
        else:
            put("setup_card", None)
            put("face_up_items", ())
        if not self.has_dr_fright:
            put("epic", False)
            put("boiler_deck", "screen")
        else:
            put("killer_health", None)
        if known_final_girl(self.final_girl):
            put("final_girl_health", None)  # her card is in the box file

    @classmethod
    def from_json(cls, raw: object) -> GameSetup:
        """A setup as a file holds it, checked by pydantic (``ValidationError``, a
        ``ValueError``, names a wrong field)."""
        return _adapter().validate_python(raw)

    def as_json(self) -> dict[str, object]:
        """The setup as a saved game's file holds it."""
        return {f.name: getattr(self, f.name) for f in fields(self)} | {
            "face_up_items": list(self.face_up_items)
        }

    @property
    def has_dr_fright(self) -> bool:
        """Dr. Fright is the Killer: his Awake/Asleep card and Boiler Room are in play."""
        return is_dr_fright(self.killer)

    @property
    def on_maple_lane(self) -> bool:
        """Maple Lane is the Location: its board, Houses and Setup cards are in play."""
        return is_maple_lane(self.location)

    def summary(self) -> str:
        """Who, against whom, where, as the player reads it (the names of their edition)."""
        # Translators: the game's setup in the window's title: the Final Girl, the Killer and
        # the Location.
        text = _("{final_girl} vs {killer}, {location}").format(
            final_girl=shown("final_girl", self.final_girl),
            killer=shown("killer", self.killer),
            location=shown("location", self.location),
        )
        if self.setup_card:
            # Translators: the setup and its Maple Lane Setup card, e.g. "... (Playtime)".
            text = _("{setup} ({card})").format(setup=text, card=shown("setup", self.setup_card))
        if self.epic:
            # Translators: the setup, played with the Epic Dark Power.
            text = _("{setup}, Epic").format(setup=text)
        if self.extreme_horror:
            # Translators: the setup, played at the Extreme Horror difficulty.
            text = _("{setup}, Extreme Horror").format(setup=text)
        return text

    def default_name(self) -> str:
        """A new game's name: kept in the game's file as the player's own, so in English
        names whatever the language (the player renames it at will)."""
        return f"{self.final_girl} vs {self.killer}"


@cache
def _adapter() -> TypeAdapter[GameSetup]:
    from pydantic import TypeAdapter  # a file to check: the first paint has none

    return TypeAdapter(GameSetup)
