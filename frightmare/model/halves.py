"""The box's two halves: Dr. Fright on any Location, Maple Lane with any Killer.

Players mix boxes: a Killer from one box fights on a Location from another. Each half of this
box stands on its own:

- Dr. Fright brings the Awake/Asleep card and the Boiler Room deck (rulebook, "Special Setup:
  Dr. Fright": "with the following changes when playing with Dr. Fright").
- Maple Lane brings its board, Houses and quadrant Item decks, Convince, its Events and Setup
  cards (rulebook, "Special Setup: Maple Lane": "with the following changes when playing with
  Maple Lane"; Convince is "used only when playing on Maple Lane").

``half_refusal`` is the gate ``apply`` consults first: an action of the half that is not in
play is refused, in words that name nothing of that half but "this game has no Boiler Room" or
"this Location has no Houses". ``NotedPlay`` records a play anyway (the table is the truth):
a line in History that changes nothing. ``upgrade_setup_v4`` brings a game saved before the
halves were kept apart into this shape.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> from frightmare.model.actions.dream import FallAsleep
>>> half_refusal(new_game(GameSetup(killer="Hans"), seed=1), FallAsleep()).message[:53]
'This game has no Boiler Room: a Short or Long Rest is'
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import TYPE_CHECKING, Any

from frightmare.i18n import N_, _, in_english
from frightmare.model.actions.game import MAX_NOTED, MAX_WAS, NotedPlay
from frightmare.model.actions.journal import Action
from frightmare.model.errors import RuleViolation, impossible
from frightmare.model.game.setup import is_dr_fright, is_maple_lane

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState

# The refusals' words (shown with ``_``).
SETUP_RULE = N_("Special Setup")
NO_BOILER_ROOM = N_("This game has no Boiler Room")
NO_HOUSES = N_("This Location has no Houses")

# What each half alone brings, by the journal's action kinds (the saved files' names), and
# what to do instead (shown with ``_``).
DR_FRIGHT_KINDS: dict[str, str] = {
    "fall-asleep": N_("a Short or Long Rest is resolved as normal."),
    "slide": N_("there is no deck to slide."),
    "reset-boiler-room": N_("there is no deck to reset."),
    "deck-mode": N_("there is no deck to deal."),
    "boiler-effect": N_("there is no deck for a card effect to change."),
}
MAPLE_LANE_KINDS: dict[str, str] = {
    "move": N_("keep where everyone is in the Location's notes."),
    "place": N_("keep where everyone is in the Location's notes."),
    "ride": N_("keep where everyone is in the Location's notes."),
    "set-victims": N_("count its Victims in the Location panel."),
    "add-victims": N_("count its Victims in the Location panel."),
    "move-victims": N_("keep where the Victims are in the Location's notes."),
    "kill-victim": N_("count its Victims in the Location panel."),
    "save-victims": N_("count its Victims in the Location panel."),
    "hit-by-car": N_("count its Victims in the Location panel."),
    "convince": N_("Convince is not in the Action Tableau here."),
    "search": N_("its one Item deck is in the Location panel."),
    "top-card": N_("its one Item deck is in the Location panel."),
    "return-item": N_("its one Item deck is in the Location panel."),
    "event": N_("its own Event cards are resolved as printed."),
    "edit-piece": N_("keep where its pieces are in the Location's notes."),
    "set-deck": N_("its one Item deck is in the Location panel."),
}
# Gated after games were saved with them (format 5): such a saved step replays as a note.
GATED_LATE = ("edit-piece", "set-deck")
LOCATION_PREFIX = "location-"

# What holds against any Killer (rules notes §1): the Killer panel shows them, with ``_``.
ANY_KILLER_REMINDERS: tuple[str, ...] = (
    N_("No move icon, no move: he moves only when his Killer Action shows one."),
    N_("His Killer Action is on the back of the face-down Finale until the Finale is revealed."),
    N_("Every Victim death raises Bloodlust by 1; reveal his Dark Power at its marked row."),
    N_("You win when he dies, even at the same moment as you."),
)


def check_noted(state: GameState, action: NotedPlay) -> None:
    if not action.text.strip():
        raise RuleViolation(_("Write what happened on the table."))


def noted(state: GameState, action: NotedPlay) -> GameState:
    return state


def half_refusal(state: GameState, action: Action) -> RuleViolation | None:
    """Why ``action`` belongs to a half of the box that is not in this game, or ``None``."""
    return half_refusal_of(state, action.kind)


@cache
def _halves(killer: str, location: str) -> tuple[bool, bool]:
    """Whether Dr. Fright and Maple Lane are in a game, by the names typed at setup (asked by
    every play's gate, so remembered)."""
    return is_dr_fright(killer), is_maple_lane(location)


def half_refusal_of(state: GameState, kind: str) -> RuleViolation | None:
    """Why an action of ``kind`` (its journal tag) belongs to a half of the box that is not in
    this game, or ``None``."""
    has_dr_fright, on_maple_lane = _halves(state.setup.killer, state.setup.location)
    if kind in DR_FRIGHT_KINDS and not has_dr_fright:
        return impossible(
            # Translators: {refusal} is "This game has no Boiler Room", {instead} what to do.
            _("{refusal}: {instead} To record a play anyway, note it in History.").format(
                refusal=_(NO_BOILER_ROOM), instead=_(DR_FRIGHT_KINDS[kind])
            ),
            rule=_(SETUP_RULE),
        )
    if kind in MAPLE_LANE_KINDS and not on_maple_lane:
        return impossible(
            _("{refusal}: {instead} To record a play anyway, note it in History.").format(
                refusal=_(NO_HOUSES), instead=_(MAPLE_LANE_KINDS[kind])
            ),
            rule=_(SETUP_RULE),
        )
    if kind.startswith(LOCATION_PREFIX) and on_maple_lane:
        return impossible(
            _("Maple Lane's Victims and Items are kept on its board: use the board."),
            rule=_(SETUP_RULE),
        )
    return None


# Off Maple Lane, a version-4 game could only have gained her items from Maple Lane's Houses,
# so what she later did with them goes with them.
V4_MAPLE_LANE_ITEM_KINDS = ("discard-item", "toggle-hand")


def _describe_step(step: dict[str, Any]) -> str:
    """The step's History line, in English: the note keeps it in the journal, which holds
    nothing translated."""
    from pydantic import ValidationError

    from frightmare.model.actions.journal import ACTION_ADAPTER

    with in_english():
        try:
            text = ACTION_ADAPTER.validate_python(step).describe()
        except (ValidationError, ValueError, KeyError, TypeError):
            text = _("a step of kind “{kind}”").format(kind=step.get("kind"))
    return text[:MAX_NOTED]


def _as_note(step: dict[str, Any]) -> dict[str, Any]:
    was = json.dumps(step, ensure_ascii=False, sort_keys=True)
    return {
        "kind": "noted",
        "text": _describe_step(step),
        "was": was if len(was) <= MAX_WAS else None,
    }


def as_note(action: Action) -> NotedPlay:
    """``action`` kept as a note: its History line, and the step as it was saved."""
    from frightmare.model.actions.journal import ACTION_ADAPTER

    return NotedPlay(**_as_note(ACTION_ADAPTER.dump_python(action, mode="json")))


def _counted(step: dict[str, Any]) -> dict[str, Any] | None:
    """A Maple Lane death or save kept on the game's counters (Bloodlust follows a death)."""
    kind, count = step.get("kind"), step.get("count", 1)
    if kind in ("kill-victim", "hit-by-car"):
        return {"kind": "adjust", "counter": "killed", "delta": 1}
    if kind == "save-victims" and isinstance(count, int) and 1 <= count <= 10:
        return {"kind": "adjust", "counter": "saved", "delta": count}
    return None


def upgrade_setup_v4(raw_document: dict[str, Any]) -> dict[str, Any]:
    """A version-4 session document reshaped for the halves it plays (a new dict).

    Choices that do not apply are cleared (the Setup card off Maple Lane; the Epic Dark Power
    and the Boiler Room deck choice against another Killer), and each journal step of the
    absent half becomes a ``NotedPlay`` that keeps its History line and the step as saved, so
    the journal keeps its length (the cursor stays valid) and nothing the player typed is lost.
    Off Maple Lane, a Victim's death or save on the board is kept on the counters instead
    ("Victims killed +1", with its Bloodlust), and what she did with items found in Maple
    Lane's Houses becomes a note too. A document with Dr. Fright on Maple Lane comes back
    unchanged.

    >>> doc = {"setup": {"killer": "Hans", "location": "Maple Lane", "epic": True},
    ...        "journal": [{"kind": "fall-asleep", "cause": "effect"}, {"kind": "next-phase"}]}
    >>> new = upgrade_setup_v4(doc)
    >>> new["setup"]["epic"], new["journal"][0]["kind"], new["journal"][0]["text"]
    (False, 'noted', 'Fell Asleep: into the Boiler Room')
    """
    doc = copy.deepcopy(raw_document)
    setup = doc.get("setup")
    if not isinstance(setup, dict):
        return doc
    killer, location = setup.get("killer"), setup.get("location")
    dr_fright = not isinstance(killer, str) or is_dr_fright(killer)
    maple_lane = not isinstance(location, str) or is_maple_lane(location)
    absent: set[str] = set()
    if not maple_lane:
        setup["setup_card"] = None
        absent |= {*MAPLE_LANE_KINDS, *V4_MAPLE_LANE_ITEM_KINDS}
    if not dr_fright:
        setup["epic"] = False
        setup["boiler_deck"] = "screen"
        absent |= set(DR_FRIGHT_KINDS)
    journal = doc.get("journal")
    if absent and isinstance(journal, list):
        doc["journal"] = [_reshaped(step, absent, maple_lane) for step in journal]
    return doc


def _reshaped(step: Any, absent: set[str], maple_lane: bool) -> Any:
    if not isinstance(step, dict) or step.get("kind") not in absent:
        return step
    counted = None if maple_lane else _counted(step)
    return counted if counted is not None else _as_note(step)
