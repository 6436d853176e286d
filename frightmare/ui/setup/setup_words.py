"""The New game dialog's words and choices that need no dialog: the notes it shows, a Setup
card's line, and the last game's choices as the settings keep them."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import QLabel

from frightmare.i18n import N_, _
from frightmare.model.game.setup import GameSetup

NO_SETUP_CARD = N_("None: I will place the pieces myself")
OTHER_KILLER_NOTE = N_(
    "Another Killer: the app keeps his Health, Bloodlust, Dark Power and Finale; "
    "you resolve his cards."
)
OTHER_LOCATION_NOTE = N_(
    "Another Location: the app keeps its Victims, its Item deck and your notes of where "
    "things are; you keep its board."
)
FIELD_NAMES = {
    "final_girl": N_("The Final Girl needs a name."),
    "killer": N_("The Killer needs a name."),
    "location": N_("The Location needs a name."),
}
# With no Setup card the player sets the table up by hand: what to place, and how.
PLACE_BY_HAND = N_(
    "No Setup card: once the game opens, copy your table onto the board. Drag the Final "
    "Girl and the Killer to their spaces; place the Victims with Edit the table… (Edit "
    "menu), which can put any piece on any space. Each placement is a step you can undo."
)


def setup_card_line(name: str) -> str:
    """One line saying what a Setup card puts where, read from the board's data (a corrected
    board file is described as corrected)."""
    from frightmare.model.box.board import default_board

    board = default_board()
    card = board.setups.get(name)
    if card is None:
        return ""
    victims = sum(card.victims.values())
    crowd = max(card.victims.items(), key=lambda pair: pair[1], default=None)
    spaces = len(card.victims)
    if crowd is not None and crowd[1] > 1:
        # Translators: a Setup card's tooltip; {most} is how many Victims the fullest space
        # holds, {crowded} that space.
        text = _(
            "She starts at {her_space}, the Killer at {his_space}; {victims} Victims on "
            "{spaces} spaces, {most} of them at {crowded}."
        )
    else:
        # Translators: a Setup card's tooltip.
        text = _(
            "She starts at {her_space}, the Killer at {his_space}; {victims} Victims on "
            "{spaces} spaces."
        )
    return text.format(
        her_space=board.label(card.final_girl),
        his_space=board.label(card.killer),
        victims=victims,
        spaces=spaces,
        most=crowd[1] if crowd is not None else 0,
        crowded=board.label(crowd[0]) if crowd is not None else "",
    )


def remembered_choices(text: str) -> dict[str, Any]:
    """The last game's choices as the settings keep them (anything unreadable: none)."""
    try:
        raw = json.loads(text) if text else {}
    except ValueError:
        return {}
    return raw if isinstance(raw, dict) else {}


EXTREME_HORROR_TEXT = N_("Extreme Horror")


def remembered(setup: GameSetup) -> str:
    """The choices to offer next time, as text for the settings (the face-up Items are
    each game's own: never offered again)."""
    keep = (
        "final_girl",
        "killer",
        "location",
        "setup_card",
        "epic",
        "boiler_deck",
        "extreme_horror",
        "final_girl_health",
    )
    return json.dumps({key: getattr(setup, key) for key in keep})


def text_height(label: QLabel, text: str, width: int) -> int:
    """How tall ``label`` would be with ``text`` at ``width`` (at least one line)."""
    shown = label.text()
    label.setText(text)
    height = label.heightForWidth(width)
    label.setText(shown)
    return max(height, label.fontMetrics().lineSpacing())
