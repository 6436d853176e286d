"""What every rule of Maple Lane's board shares: a play names one of its spaces
(``required_space``), and a one-source layout fact that disagrees with the play is said, never
refused (``layout_warning``, rules notes §2).
"""

from __future__ import annotations

from frightmare.i18n import N_, _
from frightmare.model.actions.names import card_shown
from frightmare.model.errors import impossible
from frightmare.model.game.state import GameState, say

# Shown with ``_``.
HOUSE_RULE = N_("House spaces and quadrants")

LAYOUT_FIX = N_("if your board differs, correct maple-lane.json")


def event_rule(card: str) -> str:
    """The rule an Event card's refusal cites ("Event: Fire!"), in the player's words."""
    return _("Event: {card}").format(card=card_shown(card))


def closed_for_good(state: GameState, space: str) -> str:
    """Fire! closed ``space`` for good: the refusal's sentence (it cites ``event_rule(FIRE)``)."""
    return _("{space} is closed for good.").format(space=state.board.label(space))


def layout_warning(state: GameState, text: str) -> GameState:
    """A one-source layout fact (rules notes §2) that disagrees with the play: never a
    refusal. The play goes through; a log line and a ``data-warning`` event say what the board
    file expected, so the player can check the table or correct the file.

    ``text`` says in the player's words what the app's board expected ("By the app's board,
    …"); the sentence ends with how to correct the file. The source (rules notes §2) is
    what the ``data-warning`` kind stands for, never part of the sentence."""
    # Translators: {warning} is "By the app's board, ...", {fix} how to correct the file.
    line = _("{warning}: {fix}.").format(warning=text, fix=_(LAYOUT_FIX))
    return say(state, "data-warning", line)


def required_space(state: GameState, space: str | None) -> str:
    """``space``, which must be one of Maple Lane's: no space (``None``) or an unknown id is
    impossible."""
    if space is None:
        raise impossible(_("Choose a space."))
    if space not in state.board.spaces:
        raise impossible(_("There is no space “{space}” on Maple Lane.").format(space=space))
    return space
