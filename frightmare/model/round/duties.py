"""What the current phase still owes before it may be left (issue 31: no step skipped): a panic
proposed and not recorded, his Boiler Room attack revealed and not resolved, a Terror card
drawn whose choice is still open. Each duty says why in the player's words and, when the app
knows exactly what the table did (one answer only), the action that records it: Next phase
then records it itself; otherwise Next phase is refused with the reason (Record anyway goes
on, and says what was left). Next phase itself never records a duty: the round bar's button
records each one the app knows first, as its own step (a saved journal replays to its table).

The round's order is asked about too: a Killer phase left with neither his Killer Action nor
a Terror card recorded is a duty (the player may have played them at the table: Record anyway
says so), and a Terror card drawn before his Killer Action is refused with its reason
(``terror_before_his_action``), recordable anyway.

Sources: rules notes §1 (Killer: "the Killer performs his Killer Action [...], then one Terror
card is drawn and resolved (none after the Finale)"; Panic: "the Victims in the Killer's space
panic and move"); the rulebook's Boiler Room ("Dr. Fright attacks you": his attack is
resolved); Terror: "They just got hit by a car!" ("1 Victim in a Street space of your choice
is killed").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from frightmare.i18n import N_, _
from frightmare.model.actions.dream import VictimsPanic
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import HitByCar
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.steps import PanicStep
from frightmare.model.box.cards import HIT_BY_A_CAR
from frightmare.model.cards.killer_records import panic_records
from frightmare.model.counters import killer_shown
from frightmare.model.game.state import GameState, say
from frightmare.model.values import frozen

DutyKind = Literal["order", "panic", "attack", "card"]
# Shown with ``_``.
DUTY_RULE = N_("The round: a phase is left with nothing it owes left open (rules notes §1)")


@frozen
class Duty:
    """One thing the phase owes: its kind, why (the player's words), and the action that
    records it when the app knows it exactly (``None``: the player records it, or records
    Next phase anyway)."""

    kind: DutyKind
    text: str
    action: Action | None = None


def duties(state: GameState) -> tuple[Duty, ...]:
    """What the current phase still owes, in the order the table resolves it."""
    if state.result is not None:
        return ()
    owed: list[Duty] = []
    order = _order_duty(state)
    if order is not None:
        owed.append(order)
    card = _card_duty(state)
    if card is not None:
        owed.append(card)
    if state.dream.attack_open:
        owed.append(
            Duty(
                "attack",
                _(
                    "{killer} attacked you in the Boiler Room: record the damage you take (He "
                    "hits you, 0 if you took none) before the phase ends."
                ).format(killer=killer_shown(state)),
            )
        )
    panic = _panic_duty(state)
    if panic is not None:
        owed.append(panic)
    return tuple(owed)


def done_by_next(state: GameState) -> tuple[Action, ...]:
    """The actions Next phase records before it moves on: each open duty the app knows
    exactly, while no other duty stays open (then Next phase is refused, and nothing is
    recorded for it)."""
    owed = duties(state)
    if any(d.action is None for d in owed):
        return ()
    return tuple(d.action for d in owed if d.action is not None)


def duty_refusal(state: GameState) -> str | None:
    """Why Next phase may not go on now: the first open duty, or ``None``. One the app knows
    exactly is recorded by the round bar's Next phase before it (``done_by_next``), each its
    own step; Next phase alone never records it (a saved journal replays to its table)."""
    owed = duties(state)
    unknown = next((d.text for d in owed if d.action is None), None)
    if unknown is not None:
        return unknown
    if owed:
        # Translators: {duty} is what the phase owes and the app knows exactly.
        return _("{duty} The round bar's Next phase records it first.").format(duty=owed[0].text)
    return None


def left_open(state: GameState) -> GameState:
    """Leaving the phase anyway (Record anyway): each duty left open is said, and forgotten."""
    for duty in duties(state):
        state = say(
            state,
            "duty-left",
            _("Left open when the phase ended: {duty}").format(duty=duty.text),
            name=duty.kind,
        )
    dream = replace(state.dream, attack_open=False)
    return replace(state, dream=dream, card_open=None)


def _order_duty(state: GameState) -> Duty | None:
    """The Killer phase's own two steps, neither recorded: his Killer Action, then the Terror
    card (rules notes §1). The app cannot know what the table did, so it asks."""
    if state.phase != "killer" or state.killer_action_done or state.terror_this_round:
        return None
    if state.finale is not None or state.counters.terror_left == 0:
        # No Terror card is owed: only his Killer Action is.
        text = _(
            "{killer}'s Killer Action is not recorded: record it before the Killer phase ends "
            "(or Record anyway if the table played it)."
        )
    else:
        text = _(
            "Neither {killer}'s Killer Action nor a Terror card is recorded this Killer phase: "
            "record them before it ends (or Record anyway if the table played them)."
        )
    return Duty("order", text.format(killer=killer_shown(state)))


def terror_before_his_action(state: GameState) -> str | None:
    """Why a Terror card drawn now comes out of the round's order, or ``None``: in the Killer
    phase, his Killer Action comes first, "then one Terror card is drawn" (rules notes §1).
    The caller refuses with it (recordable anyway: the table may have played it so)."""
    if state.phase != "killer" or state.killer_action_done:
        return None
    return _(
        "{killer}'s Killer Action is not recorded yet: it comes first, then the Terror card. "
        "Record his Killer Action, or Record anyway if the table drew the card first."
    ).format(killer=killer_shown(state))


def _card_duty(state: GameState) -> Duty | None:
    if state.card_open is None:
        return None
    name = card_shown(state.card_open)
    if state.card_open != HIT_BY_A_CAR:
        return Duty("card", _("{card}: resolve it first.").format(card=name))
    table = state.table
    spaces = tuple(s for s in state.board.streets if table.occupied(s))
    if not spaces:
        return None
    # One Street space with one kind of Victim: the one answer the card allows.
    kinds = table.kinds_at(spaces[0])
    if len(spaces) == 1 and len(kinds) == 1:
        return Duty(
            "card",
            _("{card}: the Victim on {space} dies.").format(
                card=name, space=state.board.label(spaces[0])
            ),
            HitByCar(space=spaces[0], who=kinds[0]),
        )
    return Duty(
        "card",
        _("{card}: choose the Street Victim who dies (board: Hit by a car) first.").format(
            card=name
        ),
    )


def _panic_duty(state: GameState) -> Duty | None:
    """The Panic phase's panic, while Victims stand in his space on the board the app draws
    and none is recorded."""
    him = state.table.killer
    if (
        state.phase != "panic"
        or state.panic_recorded
        or not state.setup.on_maple_lane
        or state.location is not None
        or him is None
        or not state.table.occupied(him)
    ):
        return None
    records, choices = panic_records(state, (him,), 0, {})
    moves = tuple(r for r in records if isinstance(r, PanicStep))
    if not moves:
        return None
    if not any(c.asks for c in choices):
        # Each Victim has one way out: the app knows where they go.
        return Duty(
            "panic",
            _("The Victims in his space panic (one way out)."),
            VictimsPanic(count=len(moves), space=him, moves=moves),
        )
    return Duty(
        "panic",
        _(
            "The Victims in his space ({space}) panic: record where they run (Accept in the "
            "Panic panel) before the phase ends."
        ).format(space=state.board.label(him)),
    )
