"""What the player chose when the game was set up."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

KNOWN_FINAL_GIRLS = ("Nancy", "Sheila")
KNOWN_KILLERS = ("Dr. Fright",)
KNOWN_LOCATIONS = ("Maple Lane",)
DR_FRIGHT = "Dr. Fright"
MAPLE_LANE = "Maple Lane"

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


class GameSetup(BaseModel):
    """The box contents chosen for a game: who, against whom, where.

    >>> GameSetup(final_girl="Nancy").summary()
    'Nancy vs Dr. Fright, Maple Lane'
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    final_girl: str = Field(default="Nancy", max_length=60)
    killer: str = Field(default=DR_FRIGHT, max_length=60)
    location: str = Field(default=MAPLE_LANE, max_length=60)
    setup_card: str | None = Field(default=None, max_length=60)
    epic: bool = False
    boiler_deck: DeckMode = "screen"

    @field_validator("final_girl", "killer", "location")
    @classmethod
    def _names(cls, value: str) -> str:
        return _clean_name(value)

    @field_validator("setup_card")
    @classmethod
    def _setup_card(cls, value: str | None) -> str | None:
        return None if value is None or not value.strip() else _clean_name(value)

    def summary(self) -> str:
        text = f"{self.final_girl} vs {self.killer}, {self.location}"
        if self.setup_card:
            text += f" ({self.setup_card})"
        if self.epic:
            text += ", Epic"
        return text

    def default_name(self) -> str:
        return f"{self.final_girl} vs {self.killer}"
