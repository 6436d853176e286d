"""Dr. Fright's rules for Awake and Asleep: falling Asleep, the attacks between her and him
(and what being Awake forbids), the Victims' panic under Shock Factor, and the rules in force
for the banner. The Boiler Room deck is ``deck``'s; his Dark Power and Finale are ``powers``'.

Every rule quotes the rulebook ("Awake and Asleep", "When you are Awake", "When you are
Asleep", card notes) or cites docs/rules-notes.md §4. Dr. Fright's own rules apply only when he
is the game's Killer.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    FallAsleep,
    SleepCause,
    VictimsPanic,
)
from frightmare.model.box.cards import EVERYONE_MUST_DIE, INEVITABLE, PITCHFORK_ASSAULT
from frightmare.model.cards.card_steps import apply_steps, hurt_her, hurt_him
from frightmare.model.cards.consequences import check_steps
from frightmare.model.counters import (
    SHOCK_LIMIT,
    fright_game,
    killer_name,
    shock_factor,
    shock_factor_location,
    shock_factor_on,
)
from frightmare.model.dream.deck import boiler_card_due, extra_card_reminder, extra_cards_owed
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import PHASE_NAMES, GameState, say
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.sleep import fall_asleep_now
from frightmare.model.wording import counted

AWAKE_RULE = "When you are Awake"

REST_REMINDER = (
    "Regardless of the result, apply the card's normal effects (rulebook, Awake and Asleep)."
)


def fall_asleep_note(cause: SleepCause) -> str:
    """What falling Asleep by ``cause`` means at the table ("Awake and Asleep": "resolving a
    Short Rest or Long Rest Action card. Regardless of the result, apply the normal effects and
    you fall Asleep")."""
    if cause == "effect":
        return "A card says you fall Asleep: you enter the Boiler Room."
    return f"Resolve a {cause.title()} and you fall Asleep. {REST_REMINDER}"


def check_fall_asleep(state: GameState, action: FallAsleep) -> None:
    if state.asleep:
        raise impossible("You are already Asleep, in the Boiler Room.", rule="Awake and Asleep")
    if action.cause != "effect" and state.phase != "action":
        refuse(
            f"A {action.cause.title()} is an Action card: it is resolved in the Action phase, "
            f"and this is the {PHASE_NAMES[state.phase]} phase.",
            rule="Awake and Asleep",
        )


def fall_asleep(state: GameState, action: FallAsleep) -> GameState:
    if action.cause == "effect":
        return fall_asleep_now(state, "You fall Asleep and enter the Boiler Room.")
    # "resolving a Short Rest or Long Rest Action card. Regardless of the result, apply the
    # normal effects and you fall Asleep."
    return fall_asleep_now(
        state, f"{action.cause.title()}: {REST_REMINDER} You fall Asleep and enter the Boiler Room."
    )


def check_fright_attacks(state: GameState, action: DrFrightAttacks) -> None:
    if action.target == "final girl" and attack_blocked(state, by_her=False):
        refuse(
            "You are Awake: Dr. Fright is not able to attack you. A Killer Action that would "
            "attack you is treated as one that attacks a Victim: he still moves toward you, and "
            "attacks a Victim in the space where he stops.",
            rule=AWAKE_RULE,
        )


def fright_attacks(state: GameState, action: DrFrightAttacks) -> GameState:
    if action.target == "victim":
        return say(state, "killer-attacks-victim", "Resolve his attack on the Victim.")
    if action.damage is not None:
        # The damage she takes after her defence, with what follows: Pitchfork Assault, her
        # Final Health (card_steps.hurt_her).
        state = say(state, "killer-attacks-you", f"{killer_name(state)} attacks you.")
        return hurt_her(state, action.damage)
    state = say(state, "killer-attacks-you", "Resolve his attack; you may defend as normal.")
    if fright_game(state) and state.dark_power == PITCHFORK_ASSAULT:
        state = say(
            state,
            "pitchfork-assault",
            "Pitchfork Assault: if he damages you, raise the Horror by 1.",
            1,
            name=PITCHFORK_ASSAULT,
        )
    return state


def check_attack_fright(state: GameState, action: AttackDrFright) -> None:
    # A Minor Dark Power is not Dr. Fright: whether it may be damaged while she is Awake no
    # source says (rules notes §10), so her attack on one is hers to record.
    if action.on is None and attack_blocked(state, by_her=True):
        refuse(
            "You are Awake: you are not able to attack Dr. Fright. He can only be hurt in the "
            "Boiler Room, while you are Asleep.",
            rule=AWAKE_RULE,
        )
    if action.on is not None and all(p.card != action.on for p in state.minor_powers):
        raise impossible(f"{action.on} is not in play.")


def attack_fright(state: GameState, action: AttackDrFright) -> GameState:
    if action.damage is not None:
        state = _attack_said(state)
        return hurt_him(state, action.damage, action.on)
    if not fright_game(state):
        name = killer_name(state)
        return say(state, "your-attack", f"Resolve your attack on {name}.", name=name)
    return _attack_said(state, resolve=True)


def _attack_said(state: GameState, *, resolve: bool = False) -> GameState:
    """What her attack on him says beside its damage: from any space after Everyone Must Die,
    else a reminder when she is not in his space."""
    if not fright_game(state):
        name = killer_name(state)
        return say(state, "your-attack", f"You attack {name}.", name=name)
    if state.finale == EVERYONE_MUST_DIE:
        return say(
            state,
            "attack-from-any-space",
            "Everyone Must Die: you may attack him from any space.",
            name=state.finale,
        )
    state = say(
        state,
        "your-attack",
        "Resolve your attack; he is hurt only in the Boiler Room."
        if resolve
        else f"You attack {killer_name(state)}.",
        name=killer_name(state),
    )
    table = state.table
    if table.final_girl is not None and table.killer not in (None, table.final_girl):
        # No rulebook sentence makes this a refusal (an item may reach further): a reminder,
        # with her space and his.
        state = say(
            state,
            "attack-reach",
            "Reminder: you are not in his space; check that your attack reaches him.",
            spaces=(table.final_girl, table.killer),
        )
    return state


def check_victims_panic(state: GameState, action: VictimsPanic) -> None:
    if action.moves:
        check_steps(state, action.moves, "Panic")
        return
    if not shock_factor_on(state):
        return
    if state.location is not None:
        if action.count > state.location.victims:
            raise impossible(
                f"Only {counted(state.location.victims, 'Victim')} on the board: correct the "
                "number of Victims on the board first if the table shows more."
            )
        return
    space = action.space or state.table.killer
    if space is None or space not in state.board.spaces:
        raise impossible("Choose the space whose Victims panic.")


def victims_panic(state: GameState, action: VictimsPanic) -> GameState:
    """Victims about to panic in ``action.space`` (Dr. Fright's space by default). Epic Dark
    Power: Shock Factor kills them instead, through the same rule as the board's panic move;
    at another Location they come off its table's count of Victims. With ``moves``, each
    panicking Victim goes where the player sent it, in the same step (Shock Factor applies
    to each move, card_steps)."""
    if state.phase == "panic" and (action.moves or state.location is not None):
        # The Panic phase's own panic, its Victims moved (or off the board the app draws): its
        # checklist item is done (rules notes §1). A count alone on Maple Lane ("would
        # panic") waits for the moves; an emptied space ticks it then.
        state = replace(state, panic_recorded=True)
    if action.moves:
        state = apply_steps(state, action.moves, "Panic")
        return _shock_limit_said(state, 0)
    if not shock_factor_on(state):
        where = action.space or state.table.killer
        return say(
            state,
            "victims-panic",
            f"Move the {counted(action.count, 'panicking Victim')}.",
            action.count,
            spaces=(where,) if where else (),
        )
    if state.location is not None:
        state, left = shock_factor_location(state, action.count)
    else:
        space = action.space or state.table.killer
        assert space is not None  # check_victims_panic
        left = action.count  # those still to panic
        for who in state.table.kinds_at(space):
            take = min(left, state.table.count_of(space, who))
            state, rest = shock_factor(state, space, who, take)
            left -= take - rest
            if rest or not left:
                break
    return _shock_limit_said(state, left)


def _shock_limit_said(state: GameState, left: int) -> GameState:
    if state.shock_kills_this_round >= SHOCK_LIMIT and left:
        state = say(
            state,
            "shock-factor-limit",
            f"Shock Factor has killed {SHOCK_LIMIT} this round: the others panic as normal.",
            left,
            total=SHOCK_LIMIT,
        )
    return state


def rules_in_force(state: GameState) -> tuple[str, ...]:
    """What Awake or Asleep means right now, in short lines for the banner."""
    lines: list[str] = []
    if not fright_game(state):
        lines.append(f"{killer_name(state)}: no move icon, no move.")
    elif state.dream.awake:
        if state.dark_power == INEVITABLE:
            lines.append(
                "The Frightmare is Inevitable: he may attack you even though you are Awake."
            )
        else:
            lines.append("Dr. Fright cannot attack you; his attacks on you hit a Victim instead.")
        lines.append("You cannot attack him.")
        lines.append("Move, search and save Victims as normal.")
    else:
        lines.append("Dr. Fright may attack you, and you may attack him.")
        if state.finale == EVERYONE_MUST_DIE:
            lines.append("Everyone Must Die: attack him from any space.")
        lines.append("Victims do not follow you and cannot be saved.")
        if boiler_card_due(state):
            lines.append("A Boiler Room card is due now, at the end of the Killer phase.")
        elif extra_cards_owed(state):
            lines.append(extra_card_reminder(extra_cards_owed(state)))
        else:
            lines.append("One Boiler Room card is due at the end of each Killer phase.")
        if state.dream.asleep_for_good:
            lines.append("Face Your Fright: you stay Asleep for the rest of the game.")
    if shock_factor_on(state):
        left = SHOCK_LIMIT - state.shock_kills_this_round
        lines.append(f"Shock Factor: panicking Victims die instead ({left} more this round).")
    return tuple(lines)
