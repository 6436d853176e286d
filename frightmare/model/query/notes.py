"""What the controls say, and when they are offered: the rule sentences the GUI shows.

The GUI holds no rule and no rule text of its own (issue 12 item 1): a control's tooltip that
states a rule is one of these notes, each citing its source the way a refusal does
("... (Rule: The round (rules notes §1))"); a control shown only at some moment of the round
asks one of the ``*_offered`` queries here; a number the player may type is bounded by the
action's own ``Field`` limits (``field_range``), so the GUI and the model agree.

Offers are not refusals: a hidden control's action is still judged by ``refusal``.
"""

from __future__ import annotations

from typing import Final

from frightmare.i18n import N_, _
from frightmare.model.actions.base import Record, bounds, field_types
from frightmare.model.actions.lane import Move, Search
from frightmare.model.actions.round import CounterName, RevealFinalHealth
from frightmare.model.box.cards import MAPLE_LANE
from frightmare.model.counters import board_row, box_label, counter_title, fright_game
from frightmare.model.game.state import GameState

# Sources, named as the model's refusals name them (rulebook sections, or docs/rules-notes.md):
# shown with ``_`` (``cite`` does).
ROUND_SOURCE: Final = N_("The round (rules notes §1)")
SMALLEYS_SOURCE: Final = N_("Event: The Smalleys")
SWITCH_SOURCE: Final = N_("Rules no source gives (rules notes §8)")
CONVINCE_SOURCE: Final = N_("Convince Action cards and entering occupied houses")
HOUSE_SOURCE: Final = N_("House spaces and quadrants")
SAVE_SLOTS_SOURCE: Final = N_("The Final Girls in this box (rules notes §6)")


def cite(text: str, source: str) -> str:
    """A rule sentence (in the player's words already) with its source (an English source,
    translated here), worded as ``RuleViolation`` words a refusal.

    >>> cite("Every Victim death raises Bloodlust by 1", ROUND_SOURCE)
    'Every Victim death raises Bloodlust by 1 (Rule: The round (rules notes §1))'
    """
    return _("{message} (Rule: {rule})").format(message=text, rule=_(source))


def field_range(action: type[Record], field: str) -> tuple[int, int]:
    """The lowest and highest value (or length) an action's field accepts, from its bounds
    (``Between`` or ``Length``).

    >>> field_range(Move, "steps")
    (1, 12)
    >>> field_range(Search, "names")
    (1, 2)
    """
    limit = bounds(field_types(action)[field])
    if limit is not None:
        return limit.low, limit.high
    raise LookupError(f"{action.__name__}.{field} has no lower and upper bound")


# Walk or Sprint: "a movement card moves her up to its number of spaces; up to 2 Victims in
# her space may follow her" (rules notes §1): the spin boxes' ranges.
MOVE_STEPS: Final = field_range(Move, "steps")
MOVE_FOLLOWERS: Final = field_range(Move, "followers")
# A Final Health token shows a number (or is blank): hers and his take the same range
# (``RevealKillerFinalHealth.value``'s bounds are the same; a test holds them equal).
FINAL_HEALTH_TOKEN: Final = field_range(RevealFinalHealth, "value")
# A successful search draws one or two cards (the Search action's ``names``).
SEARCH_DRAWN: Final = field_range(Search, "names")


def search_keep(drawn: int, keep_second: bool) -> int:
    """Which drawn card is kept: the second only when two were drawn (``Search.keep``)."""
    return 1 if keep_second and search_choices_open(drawn) else 0


def search_choices_open(drawn: int) -> bool:
    """Whether the second card, which one is kept and where the other goes are asked: only
    when more than one card was drawn (``Search``: "with two, ``keep`` picks one")."""
    return drawn > SEARCH_DRAWN[0]


def game_open(state: GameState) -> bool:
    """Whether the game can still change: after the end only its name and notes can
    (``rules.apply`` refuses the rest), until an undo reopens it."""
    return not state.over


def killer_action_offered(state: GameState) -> bool:
    """Whether to offer his Killer Action: the Killer phase of a game still on (rules notes
    §1: "the Killer performs his Killer Action")."""
    return state.phase == "killer" and game_open(state)


def terror_offered(state: GameState) -> bool:
    """Whether to offer a Terror card: the Killer phase, before the Finale, with a card left
    (rules notes §1: "then one Terror card is drawn and resolved (none after the Finale)"). An
    offer: drawing one is judged by ``refusal``."""
    return killer_action_offered(state) and state.finale is None and state.counters.terror_left > 0


def counter_note(state: GameState, counter: CounterName) -> str:
    """What a counter of the round is and what moves it, with the rule's source."""
    c, box = state.counters, state.box
    if counter == "time":
        return cite(
            _(
                "Time left this round: back to {time} when Planning ends; +1 for each Action card "
                "discarded"
            ).format(time=box.time_per_round),
            ROUND_SOURCE,
        )
    if counter == "health":
        health = (
            _("Her Health; when it is gone, turn over the Final Health token (already used)")
            if c.final_health == "used"
            else _("Her Health; when it is gone, turn over the Final Health token")
        )
        return cite(health, ROUND_SOURCE)
    if counter == "horror":
        text = _("Horror track {low}–{high}").format(low=box.horror_min, high=box.horror_max)
        if box.horror_overflow:
            text += "\n" + cite(box_label(state, "horror_overflow"), SWITCH_SOURCE)
        return text
    if counter == "bloodlust":
        return bloodlust_note(state)
    if counter == "terror":
        return cite(
            _("Terror cards left; when the deck is empty the Finale is revealed at the Upkeep"),
            ROUND_SOURCE,
        )
    if counter == "saved":
        return cite(
            _("Victims saved / her save slots (every slot filled: her Ultimate is offered)"),
            SAVE_SLOTS_SOURCE,
        )
    return counter_title(state, counter)


def bloodlust_note(state: GameState) -> str:
    """Bloodlust: what raises it and where the Dark Power is revealed."""
    box = state.box
    if fright_game(state):
        # His board's rows, as the board counts them (rules notes §4): one more than Bloodlust.
        said = _(
            "Bloodlust: +1 for each Victim death; the Dark Power is revealed at {bloodlust} (row "
            "{row} of his board; Bloodlust 0 is row 1, and his marker is on row {now} now)"
        ).format(
            bloodlust=box.dark_power_at,
            row=board_row(box.dark_power_at),
            now=board_row(state.counters.bloodlust),
        )
    else:
        said = _(
            "Bloodlust: +1 for each Victim death; the Dark Power is revealed at {bloodlust}"
        ).format(bloodlust=box.dark_power_at)
    text = cite(said, ROUND_SOURCE)
    if state.setup.location == MAPLE_LANE:
        # Translators: joins two rule sentences, each with its source.
        text = _("{first}; {second}").format(
            first=text, second=cite(_("a Smalley killed: +1 more"), SMALLEYS_SOURCE)
        )
    return text


# The controls' rule sentences that do not depend on the game, each with its source as ``cite``
# words it: shown with ``_``.
VICTIM_DIES_NOTE: Final = N_("A Victim dies: Bloodlust +1 (Rule: The round (rules notes §1))")
CONVINCE_NOTE: Final = N_(
    "Play Convince to enter this occupied House (Rule: Convince Action cards and entering "
    "occupied houses)"
)
SEARCH_NOTE: Final = N_(
    "Record a successful search of this House (Rule: House spaces and quadrants)"
)
SAVE_NOTE: Final = N_(
    "Victims are saved at the Exit spaces: save one here (Rule: The round (rules notes §1))"
)
# His Killer Action: "He moves only when the Killer Action shows a move icon" (rules notes §1).
KILLER_MOVES_NOTE: Final = N_(
    "Killer Action: his card shows a move icon, so he moves (Rule: The round (rules notes §1))"
)
KILLER_STAYS_NOTE: Final = N_(
    "Killer Action: his card shows no move icon, so he stays (Rule: The round (rules notes §1))"
)

# A search that yields two cards (rulebook, House spaces and quadrants: "choose which you want
# and place the other on top of the Quadrant's Item deck faceup, or on the bottom facedown").
SEARCH_KEEP_SECOND: Final = N_("Keep the second card (the first goes back)")
SEARCH_OTHER_BOTTOM: Final = N_(
    "Put the other card on the bottom, face down (else on top, face up)"
)
SEARCH_OTHER_NOTE: Final = N_(
    "Choose which card you keep; the other goes on top of its Quadrant's Item deck face up, "
    "or on the bottom face down (Rule: House spaces and quadrants)"
)
