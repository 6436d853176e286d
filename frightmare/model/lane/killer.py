"""His Killer Action on the board: whom he goes for, where he moves, whom he attacks.

The base game's Killer Action (rules notes §1): he picks his target, moves toward it (each move
icon takes him as many spaces as his Movement value) and attacks in the space where he stops,
once per attack icon; a Victim attacked dies. "No move icon, no move". Against Dr. Fright the
rulebook's "When you are Awake" holds: an action that would target her goes for Victims, one
aimed at her still moves him toward her, and he attacks a Victim where he stops; she is
attacked only Asleep, or when an effect allows it.

What only one source gives (rules notes §9) is a proposal the player accepts or corrects,
never a refusal: his Movement and Attack values (his Bloodlust row in ``cards.json``), the tie
between equally close targets (the one with more Victims, then the player's pick), his Killer
Action before the Finale.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> state = new_game(GameSetup(setup_card="Maple Lane"), seed=1)  # him on North Street
>>> plan = plan_killer_action(state, KillerActionData(target="closest", moves=1, attacks=1))
>>> plan.goals, plan.path, plan.attacks_on  # both 1 away: the House's 3 Victims before 2
(('house-nw-street', 'intersection'), ('street-n', 'house-nw-street'), ('victim',))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from frightmare.i18n import N_
from frightmare.model.box.board import breadth_first
from frightmare.model.box.card_data import KillerActionData, KillerTarget
from frightmare.model.box.cards import EVERYONE_MUST_DIE, INEVITABLE, known_card
from frightmare.model.game.state import GameState
from frightmare.model.values import frozen

Attacked = Literal["final girl", "victim"]
# Shown with ``_``.
AWAKE_RULE = N_("When you are Awake")
# The Awake/Asleep card's Awake side, in the rulebook's words.
AWAKE_SIDE = N_("You may not attack or be attacked by Dr. Fright")


def awake_block_lifted(state: GameState, *, by_her: bool) -> str | None:
    """The card that lets them hurt each other while she is Awake (``None`` when none does).

    The rulebook's "unless an effect (such as the Dark Power 'The Frightmare is Inevitable')
    allows": that Dark Power lets him attack her (``by_her`` false), never her him; any effect
    the player names (``state.lasting``, "awake-attacks") lifts the block both ways for as
    long as its card says.
    """
    if not by_her and state.dark_power == INEVITABLE:
        return INEVITABLE
    for lasting in state.lasting:
        if lasting.effect == "awake-attacks":
            return lasting.card
    return None


# What the attack controls ask, in the player's words (shown with ``_``).
HER_DAMAGE = N_("Damage you take, after your defence")
HER_DAMAGE_NOTE = N_("The damage you take after your defence (his Attack value is proposed)")
HIS_DAMAGE = N_("Damage your attack deals")
HIS_DAMAGE_NOTE = N_("The damage your attack deals: your weapon and your roll decide it")
MOVE_ICONS_NOTE = N_("His Killer Action's move (boot) icons, and its attack icons")

LIFT_NOTE = N_(
    "The Awake side forbids attacks between you and Dr. Fright unless an effect allows them "
    "(rulebook, When you are Awake): name the card that does, and for how long."
)


def lifting_cards(state: GameState) -> tuple[str, ...]:
    """Cards of the game's cards file whose effect lets them hurt each other while Awake (for a
    list to pick from; any other may be named): those with an "awake-attacks" step, and
    Fire! (its damage hits him in his House)."""
    cards = state.cards
    named = [c.name for c in cards.data.cards if any(s.lasting == "awake-attacks" for s in c.steps)]
    fire = cards.find("event", "Fire!")
    if fire is not None:
        named.append(fire.name)
    return tuple(named)


def attack_blocked(state: GameState, *, by_her: bool) -> bool:
    """Whether the Awake side forbids this attack now (Dr. Fright's games only)."""
    return (
        state.setup.has_dr_fright
        and state.dream.awake
        and awake_block_lifted(state, by_her=by_her) is None
    )


def printed_killer_action(state: GameState) -> KillerActionData:
    """His Killer Action now: the revealed Finale's, else the back of the Finale cards (one
    source, ``cards.json``), for a proposal the player may change."""
    cards = state.cards
    if state.finale is not None:
        card = cards.find("finale", state.finale)
        if card is not None and card.killer_action is not None:
            return card.killer_action
    return cards.killer.killer_action


def everyone_must_die_now(state: GameState) -> bool:
    """Finale "Everyone must die" is out and its two kills are his Killer Action now: in the
    first Killer phase after the reveal, and in every later one while the card's
    ``every_killer_phase`` value is 1 (one source; the rulebook does not say)."""
    if not state.setup.has_dr_fright or known_card(state.finale, (EVERYONE_MUST_DIE,)) is None:
        return False
    card = state.cards.find("finale", EVERYONE_MUST_DIE)
    every = card.value("every_killer_phase", 1) if card is not None else 1
    return bool(every) or state.finale_actions == 0


@frozen
class KillerPlan:
    """What the board says his Killer Action does (a proposal: the player may change it).

    ``goals`` are the target spaces equally close (the first is proposed; the others are the
    player's pick); ``path`` runs from his space to where he stops (his space alone when he
    does not move); ``reach`` is how far he may move; ``attacks_on`` says whom each attack
    icon hits at the end (``None``: nobody there); ``damage`` is his Attack value, what her
    damage is prefilled with before her defence.
    """

    action: KillerActionData
    reach: int
    goals: tuple[str, ...]
    path: tuple[str, ...]
    attacks_on: tuple[Attacked | None, ...]
    damage: int
    # How many of ``goals`` are still tied once the one with more Victims goes first: more
    # than 1, the player picks.
    tied: int = 1

    @property
    def end(self) -> str | None:
        return self.path[-1] if self.path else None

    @property
    def moved(self) -> int:
        return max(0, len(self.path) - 1)

    @property
    def kills(self) -> int:
        return sum(a == "victim" for a in self.attacks_on)


def killer_distances(state: GameState, start: str) -> tuple[dict[str, int], dict[str, str | None]]:
    """How far each space is for him, and the space each is reached from. Enemies are not
    held back by the House rule ("Panicking Victims and Enemies are not restricted"), and a
    House is a dead end, so no path goes through one."""
    board = state.board

    def expand(here: str, distance: int) -> bool:
        return here == start or not board.is_house(here)

    return breadth_first(start, board.neighbours, expand=expand)


def _victims(state: GameState, space: str) -> int:
    table = state.table
    return sum(table.count_of(space, who) for who in table.kinds_at(space))


def candidates(state: GameState, target: KillerTarget) -> tuple[str, ...]:
    """The spaces he may go for: hers, those with Victims, or both ("closest target"); while
    she cannot be attacked, "closest target" goes for Victims only ("treat it as" the closest
    Victim, rulebook, When you are Awake)."""
    table, board = state.table, state.board
    hers = table.final_girl
    victims = tuple(s for s in board.spaces if _victims(state, s))
    if target == "final-girl":
        return (hers,) if hers is not None else ()
    if target == "closest-victim" or attack_blocked(state, by_her=False) or hers is None:
        return victims
    return tuple(dict.fromkeys((*victims, hers)))


def plan_killer_action(
    state: GameState,
    action: KillerActionData,
    *,
    goal: str | None = None,
    end: str | None = None,
) -> KillerPlan:
    """His Killer Action on the board, from where he stands.

    ``goal`` picks one of equally close targets, ``end`` where he stops (dragged on the board,
    say); otherwise the closest target (more Victims first, one source) and the shortest path
    to it, cut at his reach.
    """
    table = state.table
    row = state.cards.bloodlust_row(state.counters.bloodlust)
    reach = action.moves * row.move
    start = table.killer
    if start is None or start not in state.board.spaces:
        return KillerPlan(action, reach, (), (), (None,) * action.attacks, row.attack)
    distances, previous = killer_distances(state, start)
    options = [s for s in candidates(state, action.target) if s in distances]
    if table.fireworks in distances:
        # Item: Fireworks (cards, one source): "whenever the Killer picks a target he picks
        # the Fireworks instead".
        options = [table.fireworks]
    goals: tuple[str, ...] = ()
    still_tied = 1
    if options:
        nearest = min(distances[s] for s in options)
        tied = [s for s in options if distances[s] == nearest]
        most = max(_victims(state, s) for s in tied)
        goals = tuple(sorted(tied, key=lambda s: (_victims(state, s) != most, tied.index(s))))
        still_tied = sum(_victims(state, s) == most for s in tied)
    chosen = goal if goal in options else (goals[0] if goals else None)
    path: tuple[str, ...] = (start,)
    if end is not None and end in state.board.spaces:
        path = _path(previous, end) if end in distances else (start, end)
    elif chosen is not None and reach:
        path = _path(previous, chosen)[: reach + 1]
    return KillerPlan(
        action,
        reach,
        goals,
        path,
        attacks_at(state, path[-1], action.target, action.attacks),
        row.attack,
        still_tied,
    )


def _path(previous: dict[str, str | None], end: str) -> tuple[str, ...]:
    path = [end]
    while (before := previous.get(path[-1])) is not None:
        path.append(before)
    return tuple(reversed(path))


def attacks_at(
    state: GameState, space: str, target: KillerTarget, attacks: int
) -> tuple[Attacked | None, ...]:
    """Whom each attack icon hits in ``space``: her when she is there, may be attacked, and
    is his target (or no Victim is there); else a Victim there, each one killed; else nobody."""
    table = state.table
    her_here = table.final_girl == space and not attack_blocked(state, by_her=False)
    left = _victims(state, space)
    out: list[Attacked | None] = []
    for _attack in range(attacks):
        if her_here and target != "closest-victim" and (target == "final-girl" or not left):
            out.append("final girl")
        elif left:
            out.append("victim")
            left -= 1
        elif her_here:
            out.append("final girl")
        else:
            out.append(None)
    return tuple(out)


def describe_path(state: GameState, path: Iterable[str]) -> str:
    return " → ".join(state.board.label(s) for s in path)
