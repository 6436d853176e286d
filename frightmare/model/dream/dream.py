"""Dr. Fright's rules for Awake and Asleep: falling Asleep, the attacks between her and him
(and what being Awake forbids), the Victims' panic under Shock Factor, and the rules in force
for the banner. The Boiler Room deck is ``deck``'s; his Dark Power and Finale are ``powers``'.

Every rule quotes the rulebook ("Awake and Asleep", "When you are Awake", "When you are
Asleep", card notes) or cites docs/rules-notes.md §4. Dr. Fright's own rules apply only when he
is the game's Killer.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    FallAsleep,
    SleepCause,
    VictimsPanic,
)
from frightmare.model.actions.names import card_shown
from frightmare.model.box.cards import (
    EVERYONE_MUST_DIE,
    FACE_YOUR_FRIGHT,
    INEVITABLE,
    PITCHFORK_ASSAULT,
    SHOCK_FACTOR,
)
from frightmare.model.cards.card_steps import apply_steps, hurt_her, hurt_him, not_in_play
from frightmare.model.cards.consequences import check_steps
from frightmare.model.counters import (
    SHOCK_LIMIT,
    fright_game,
    killer_name,
    killer_shown,
    shock_factor,
    shock_factor_location,
    shock_factor_on,
)
from frightmare.model.dream.deck import boiler_card_due, extra_card_reminder, extra_cards_owed
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState, phase_name, say
from frightmare.model.lane.killer import attack_blocked
from frightmare.model.sleep import fall_asleep_now

# Shown with ``_``.
AWAKE_RULE = N_("When you are Awake")
SLEEP_RULE = N_("Awake and Asleep")

REST_REMINDER = N_(
    "Regardless of the result, apply the card's normal effects (rulebook, Awake and Asleep)."
)


def fall_asleep_note(cause: SleepCause) -> str:
    """What falling Asleep by ``cause`` means at the table ("Awake and Asleep": "resolving a
    Short Rest or Long Rest Action card. Regardless of the result, apply the normal effects and
    you fall Asleep")."""
    if cause == "effect":
        return _("A card says you fall Asleep: you enter the Boiler Room.")
    if cause == "short rest":
        # Translators: {reminder} is "Regardless of the result, apply the card's normal effects...".
        text = _("Resolve a Short Rest and you fall Asleep. {reminder}")
    else:
        text = _("Resolve a Long Rest and you fall Asleep. {reminder}")
    return text.format(reminder=_(REST_REMINDER))


def check_fall_asleep(state: GameState, action: FallAsleep) -> None:
    if state.asleep:
        raise impossible(_("You are already Asleep, in the Boiler Room."), rule=_(SLEEP_RULE))
    if action.cause != "effect" and state.phase != "action":
        text = (
            _(
                "A Short Rest is an Action card: it is resolved in the Action phase, and this is "
                "the {phase} phase."
            )
            if action.cause == "short rest"
            else _(
                "A Long Rest is an Action card: it is resolved in the Action phase, and this is "
                "the {phase} phase."
            )
        )
        refuse(text.format(phase=phase_name(state.phase)), rule=_(SLEEP_RULE))


def fall_asleep(state: GameState, action: FallAsleep) -> GameState:
    if action.cause == "effect":
        return fall_asleep_now(state, _("You fall Asleep and enter the Boiler Room."))
    # "resolving a Short Rest or Long Rest Action card. Regardless of the result, apply the
    # normal effects and you fall Asleep."
    text = (
        _("Short Rest: {reminder} You fall Asleep and enter the Boiler Room.")
        if action.cause == "short rest"
        else _("Long Rest: {reminder} You fall Asleep and enter the Boiler Room.")
    )
    return fall_asleep_now(state, text.format(reminder=_(REST_REMINDER)))


def check_fright_attacks(state: GameState, action: DrFrightAttacks) -> None:
    if action.target == "final girl" and attack_blocked(state, by_her=False):
        refuse(
            _(
                "You are Awake: Dr. Fright is not able to attack you. A Killer Action that would "
                "attack you is treated as one that attacks a Victim: he still moves toward you, "
                "and attacks a Victim in the space where he stops."
            ),
            rule=_(AWAKE_RULE),
        )


def fright_attacks(state: GameState, action: DrFrightAttacks) -> GameState:
    if action.target == "final girl" and state.dream.attack_open:
        # The Boiler Room's attack is recorded: the phase no longer owes it (round.duties).
        state = replace(state, dream=replace(state.dream, attack_open=False))
    if action.target == "victim":
        return say(state, "killer-attacks-victim", _("Resolve his attack on the Victim."))
    if action.damage is not None:
        # The damage she takes after her defence, with what follows: Pitchfork Assault, her
        # Final Health (card_steps.hurt_her).
        attacks = _("{killer} attacks you.").format(killer=killer_shown(state))
        state = say(state, "killer-attacks-you", attacks)
        return hurt_her(state, action.damage)
    state = say(state, "killer-attacks-you", _("Resolve his attack; you may defend as normal."))
    if fright_game(state) and state.dark_power == PITCHFORK_ASSAULT:
        state = say(
            state,
            "pitchfork-assault",
            _("{card}: if he damages you, raise the Horror by 1.").format(
                card=card_shown(PITCHFORK_ASSAULT)
            ),
            1,
            name=PITCHFORK_ASSAULT,
        )
    return state


def check_attack_fright(state: GameState, action: AttackDrFright) -> None:
    # A Minor Dark Power is not Dr. Fright: whether it may be damaged while she is Awake no
    # source says (rules notes §10), so her attack on one is hers to record.
    if action.on is None and attack_blocked(state, by_her=True):
        refuse(
            _(
                "You are Awake: you are not able to attack Dr. Fright. He can only be hurt in "
                "the Boiler Room, while you are Asleep."
            ),
            rule=_(AWAKE_RULE),
        )
    if action.on is not None and all(p.card != action.on for p in state.minor_powers):
        raise impossible(not_in_play(action.on))


def attack_fright(state: GameState, action: AttackDrFright) -> GameState:
    if action.damage is not None:
        state = _attack_said(state)
        return hurt_him(state, action.damage, action.on)
    if not fright_game(state):
        name = killer_name(state)
        resolve = _("Resolve your attack on {killer}.").format(killer=killer_shown(state))
        return say(state, "your-attack", resolve, name=name)
    return _attack_said(state, resolve=True)


def _attack_said(state: GameState, *, resolve: bool = False) -> GameState:
    """What her attack on him says beside its damage: from any space after Everyone Must Die,
    else a reminder when she is not in his space."""
    you_attack = _("You attack {killer}.").format(killer=killer_shown(state))
    if not fright_game(state):
        return say(state, "your-attack", you_attack, name=killer_name(state))
    if state.finale == EVERYONE_MUST_DIE:
        return say(
            state,
            "attack-from-any-space",
            _("{card}: you may attack him from any space.").format(
                card=card_shown(EVERYONE_MUST_DIE)
            ),
            name=state.finale,
        )
    state = say(
        state,
        "your-attack",
        _("Resolve your attack; he is hurt only in the Boiler Room.") if resolve else you_attack,
        name=killer_name(state),
    )
    table = state.table
    if table.final_girl is not None and table.killer not in (None, table.final_girl):
        # No rulebook sentence makes this a refusal (an item may reach further): a reminder,
        # with her space and his.
        state = say(
            state,
            "attack-reach",
            _("Reminder: you are not in his space; check that your attack reaches him."),
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
                ngettext(
                    "Only {count} Victim on the board: correct the number of Victims on the board "
                    "first if the table shows more.",
                    "Only {count} Victims on the board: correct the number of Victims on the "
                    "board first if the table shows more.",
                    state.location.victims,
                ).format(count=state.location.victims)
            )
        return
    space = action.space or state.table.killer
    if space is None or space not in state.board.spaces:
        raise impossible(_("Choose the space whose Victims panic."))


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
            ngettext(
                "Move the {count} panicking Victim.",
                "Move the {count} panicking Victims.",
                action.count,
            ).format(count=action.count),
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
            _("{card} has killed {count} this round: the others panic as normal.").format(
                card=card_shown(SHOCK_FACTOR), count=SHOCK_LIMIT
            ),
            left,
            total=SHOCK_LIMIT,
        )
    return state


def rules_in_force(state: GameState) -> tuple[str, ...]:
    """What Awake or Asleep means right now, in short lines for the banner."""
    lines: list[str] = []
    if not fright_game(state):
        lines.append(_("{killer}: no move icon, no move.").format(killer=killer_shown(state)))
    elif state.dream.awake:
        if state.dark_power == INEVITABLE:
            lines.append(
                _("{card}: he may attack you even though you are Awake.").format(
                    card=card_shown(INEVITABLE)
                )
            )
        else:
            lines.append(
                _("Dr. Fright cannot attack you; his attacks on you hit a Victim instead.")
            )
        lines.append(_("You cannot attack him."))
        lines.append(_("Move, search and save Victims as normal."))
    else:
        lines.append(_("Dr. Fright may attack you, and you may attack him."))
        if state.finale == EVERYONE_MUST_DIE:
            lines.append(
                _("{card}: attack him from any space.").format(card=card_shown(EVERYONE_MUST_DIE))
            )
        lines.append(_("Victims do not follow you and cannot be saved."))
        if boiler_card_due(state):
            lines.append(_("A Boiler Room card is due now, at the end of the Killer phase."))
        elif extra_cards_owed(state):
            lines.append(extra_card_reminder(extra_cards_owed(state)))
        else:
            lines.append(_("One Boiler Room card is due at the end of each Killer phase."))
        if state.dream.asleep_for_good:
            lines.append(
                _("{card}: you stay Asleep for the rest of the game.").format(
                    card=card_shown(FACE_YOUR_FRIGHT)
                )
            )
    if shock_factor_on(state):
        left = SHOCK_LIMIT - state.shock_kills_this_round
        lines.append(
            _("{card}: panicking Victims die instead ({count} more this round).").format(
                card=card_shown(SHOCK_FACTOR), count=left
            )
        )
    return tuple(lines)
