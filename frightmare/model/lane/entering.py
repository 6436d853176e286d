"""What the effects in force remind as she enters a space (issue 31): Marked for Death's
Victims who panic, the Machete's Victims who do not follow, Nancy's Machetes' Bloodlust on
entering his space.

Each rests on one source (rules notes §9, §10: "whatever rests on one source reminds or
prefills, and never refuses a play"): the play is recorded as the table played it, and the
reminder says what the card asks the player to do by hand.
"""

from __future__ import annotations

from frightmare.i18n import _, ngettext
from frightmare.model.counters import killer_shown
from frightmare.model.game.lasting import held_with
from frightmare.model.game.state import GameState, say


def entered(before: GameState, state: GameState, space: str, followers: int) -> GameState:
    """``state`` after she entered ``space`` (from ``before``) with ``followers`` Victims
    following her, with the reminders of the effects in force."""
    cards = state.cards
    marked = next((x for x in before.lasting if x.effect == "panic-when-she-enters"), None)
    waiting = before.table.victims_at(space)
    if marked is not None and waiting:
        state = say(
            state,
            "lasting-effect",
            ngettext(
                "Reminder: {card} is in force: the {count} Victim in the space you entered "
                "panics (one source): move it 1 space (Move Victims).",
                "Reminder: {card} is in force: the {count} Victims in the space you entered "
                "panic (one source): move them 1 space each (Move Victims).",
                waiting,
            ).format(card=cards.shown(marked.card), count=waiting),
            waiting,
            name=marked.card,
            spaces=(space,),
        )
    held = [str(item.name) for item in before.table.held]
    alone = held_with(held, cards, "no-followers")
    if alone is not None and followers:
        state = say(
            state,
            "lasting-effect",
            _(
                "Reminder: while you hold {item}, Victims do not follow you (one source). "
                "Recorded as your table played it."
            ).format(item=cards.shown(alone)),
            followers,
            name=alone,
            spaces=(space,),
        )
    bloodlust = held_with(held, cards, "bloodlust-in-his-space")
    if bloodlust is not None and space == before.table.killer:
        state = say(
            state,
            "lasting-effect",
            _(
                "Reminder: {item}: +1 Bloodlust as you enter {killer}'s space (one source): "
                "raise it with Bloodlust's + if your card says so."
            ).format(item=cards.shown(bloodlust), killer=killer_shown(state)),
            name=bloodlust,
            spaces=(space,),
        )
    return state
