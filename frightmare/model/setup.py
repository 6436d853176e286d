"""What the player chose when the game was set up."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from frightmare.model.box import known_final_girl
from frightmare.model.cards import DR_FRIGHT as DR_FRIGHT  # importable from here, as before
from frightmare.model.cards import (
    FINAL_GIRL_NAMES,
    ITEM_CARD_NAMES,
    KILLER_NAMES,
    LOCATION_NAMES,
    FinalGirlName,
    KillerName,
    LocationName,
    card_name,
)
from frightmare.model.cards import MAPLE_LANE as MAPLE_LANE

KNOWN_FINAL_GIRLS: tuple[FinalGirlName, ...] = FINAL_GIRL_NAMES
KNOWN_KILLERS: tuple[KillerName, ...] = KILLER_NAMES
KNOWN_LOCATIONS: tuple[LocationName, ...] = LOCATION_NAMES
MAX_KILLER_HEALTH = 99
MAX_FINAL_GIRL_HEALTH = 20
# Maple Lane's four Item decks (rulebook, Special Setup 1), in the board's quadrant order.
ITEM_DECKS = 4

DeckMode = Literal["screen", "physical"]
DECK_MODE_NAMES: dict[DeckMode, str] = {
    "screen": "On screen (the app deals)",
    "physical": "My real cards (I report each slide)",
}


def _clean_name(value: str) -> str:
    cleaned = " ".join(value.split())
    if not cleaned:
        raise ValueError("must not be empty")
    return cleaned


def is_dr_fright(killer: str) -> bool:
    """Whether a Killer's name (as typed) is this box's Killer."""
    return " ".join(killer.split()).casefold() == DR_FRIGHT.casefold()


def is_maple_lane(location: str) -> bool:
    """Whether a Location's name (as typed) is this box's Location."""
    return " ".join(location.split()).casefold() == MAPLE_LANE.casefold()


class GameSetup(BaseModel):
    """The box contents chosen for a game: who, against whom, where.

    The box has two halves that each stand alone: Dr. Fright (Awake and Asleep, the Boiler
    Room deck, the Epic Dark Power) and Maple Lane (the board, its Setup cards). A choice that
    belongs to a half not in play is dropped, so a setup never holds one.

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

    model_config = ConfigDict(frozen=True, extra="forbid")

    final_girl: str = Field(default="Nancy", max_length=60)
    killer: str = Field(default=DR_FRIGHT, max_length=60)
    location: str = Field(default=MAPLE_LANE, max_length=60)
    setup_card: str | None = Field(default=None, max_length=60)
    epic: bool = False
    boiler_deck: DeckMode = "screen"
    # Another Killer's Health, read from his own board at setup (None: the box's value).
    killer_health: int | None = Field(default=None, ge=1, le=MAX_KILLER_HEALTH)
    # The core box's harder difficulty: recorded (the community form asks it); the player
    # applies its rules.
    extreme_horror: bool = False
    # A Final Girl the box values do not know: her Health, read from her own card at setup.
    final_girl_health: int | None = Field(default=None, ge=1, le=MAX_FINAL_GIRL_HEALTH)
    # Maple Lane's face-up top Item card of each quadrant's deck (NW, NE, SW, SE), named at
    # setup if the player wishes (None: not named); empty when none was named.
    face_up_items: tuple[str | None, ...] = ()

    @field_validator("final_girl", "killer", "location")
    @classmethod
    def _names(cls, value: str) -> str:
        return _clean_name(value)

    @field_validator("setup_card")
    @classmethod
    def _setup_card(cls, value: str | None) -> str | None:
        return None if value is None or not value.strip() else _clean_name(value)

    @field_validator("face_up_items")
    @classmethod
    def _face_up_items(cls, value: tuple[str | None, ...]) -> tuple[str | None, ...]:
        if not value:
            return ()
        if len(value) != ITEM_DECKS:
            raise ValueError(f"names one top card for each of the {ITEM_DECKS} Item decks")
        named = tuple(
            card_name(v, ITEM_CARD_NAMES) if v is not None and v.strip() else None for v in value
        )
        if any(v is not None and len(v) > 60 for v in named):
            raise ValueError("an Item's name is at most 60 characters")
        return named if any(named) else ()

    @model_validator(mode="after")
    def _only_the_halves_in_play(self) -> GameSetup:
        # The names are spelled as the box spells them, whatever case was typed.
        if self.has_dr_fright and self.killer != DR_FRIGHT:
            object.__setattr__(self, "killer", DR_FRIGHT)
        if self.on_maple_lane and self.location != MAPLE_LANE:
            object.__setattr__(self, "location", MAPLE_LANE)
        if not self.on_maple_lane and self.setup_card is not None:
            object.__setattr__(self, "setup_card", None)
        if not self.on_maple_lane and self.face_up_items:
            object.__setattr__(self, "face_up_items", ())
        if not self.has_dr_fright:
            if self.epic:
                object.__setattr__(self, "epic", False)
            if self.boiler_deck != "screen":
                object.__setattr__(self, "boiler_deck", "screen")
        elif self.killer_health is not None:
            object.__setattr__(self, "killer_health", None)
        if self.final_girl_health is not None and known_final_girl(self.final_girl):
            object.__setattr__(self, "final_girl_health", None)  # her card is in the box file
        return self

    @property
    def has_dr_fright(self) -> bool:
        """Dr. Fright is the Killer: his Awake/Asleep card and Boiler Room are in play."""
        return is_dr_fright(self.killer)

    @property
    def on_maple_lane(self) -> bool:
        """Maple Lane is the Location: its board, Houses and Setup cards are in play."""
        return is_maple_lane(self.location)

    def summary(self) -> str:
        text = f"{self.final_girl} vs {self.killer}, {self.location}"
        if self.setup_card:
            text += f" ({self.setup_card})"
        if self.epic:
            text += ", Epic"
        if self.extreme_horror:
            text += ", Extreme Horror"
        return text

    def default_name(self) -> str:
        return f"{self.final_girl} vs {self.killer}"
