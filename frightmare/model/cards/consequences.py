"""The checks and effects of the plays that carry their consequences: an Item used, the Awake
block lifted by an effect the player names, and the steps a Terror card, the Killer Action,
Panic, an attack or a Finale records (``card_steps``).

Sources: the rulebook ("When you are Awake": "unless an effect (such as the Dark Power ...)
allows"; the Awake/Asleep card's Awake side: "You may not attack or be attacked by Dr.
Fright"), rules notes §9 (the Items' uses and effects: one source, never a refusal).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from frightmare.i18n import _, ngettext
from frightmare.model.actions.dream import LiftAwakeBlock
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import UseItem
from frightmare.model.actions.steps import CardStep, CounterStep, HurtHerStep, HurtHimStep
from frightmare.model.cards.card_steps import add_lasting, apply_step, apply_steps, check_step
from frightmare.model.errors import anyway, impossible, refuse
from frightmare.model.game.lasting import LASTING_NAMES, UNTIL_NAMES, Lasting, ends_now
from frightmare.model.game.state import GameState, say
from frightmare.model.lane.killer import AWAKE_RULE, AWAKE_SIDE, attack_blocked


def awake_card_rule() -> str:
    """The rule the Awake side's refusals cite, with its words."""
    return _("Awake/Asleep card, Awake side: “{side}”").format(side=_(AWAKE_SIDE))


def check_steps(
    state: GameState, steps: Iterable[CardStep], card: str, *, hurts_him: bool = False
) -> None:
    """Each step's check on the table the steps before it leave (the proposal is the
    player's: a rule's refusal can be recorded anyway). ``hurts_him``: the card itself
    damages Dr. Fright (his own Terror card), which is no attack, Awake or not."""
    for step in steps:
        check_attack_step(state, step, hurts_him=hurts_him)
        check_step(state, step)
        with anyway():
            state = apply_step(state, step, card)


def check_attack_step(state: GameState, step: CardStep, *, hurts_him: bool = False) -> None:
    """Damage between her and Dr. Fright while she is Awake, with no effect allowing it: her
    attack, his, and his Health lowered by a play that is not a card hurting him. A Minor Dark
    Power is not Dr. Fright: whether it may be damaged Awake no source says (rules notes
    §10), so the player's word stands."""
    if (
        isinstance(step, HurtHimStep)
        and step.damage
        and step.on is None
        and attack_blocked(state, by_her=True)
    ):
        refuse(
            _(
                "You are Awake: you may not attack Dr. Fright (unless an effect allows it: name "
                "it with “An effect allows attacks”, or record this anyway)."
            ),
            rule=awake_card_rule(),
        )
    if (
        isinstance(step, CounterStep)
        and step.counter == "killer health"
        and step.delta < 0
        and not hurts_him
        and attack_blocked(state, by_her=True)
    ):
        refuse(
            _(
                "You are Awake: nothing may damage Dr. Fright now (unless an effect allows it: "
                "name it with “An effect allows attacks”, or record this anyway)."
            ),
            rule=awake_card_rule(),
        )
    if isinstance(step, HurtHerStep) and step.damage and attack_blocked(state, by_her=False):
        refuse(
            _("You are Awake: Dr. Fright may not attack you (unless an effect allows it)."),
            rule=awake_card_rule(),
        )


def check_use_item(state: GameState, action: UseItem) -> None:
    held = state.table.held
    if not held:
        raise impossible(_("You hold no Item."))
    if not 0 <= action.index < len(held):
        raise impossible(_("That item is not among yours."))
    check_steps(state, action.steps, str(held[action.index].name))


def use_item(state: GameState, action: UseItem) -> GameState:
    """Her Item used: its steps, then a use spent (the card's uses, one source); the last use,
    or ``discard``, discards it."""
    table = state.table
    item = table.held[action.index]
    card = state.cards.find("item", item.name)
    shown = card_shown(item.name)
    state = say(state, "item-used", _("You use {item}.").format(item=shown), name=str(item.name))
    state = apply_steps(state, action.steps, str(item.name))
    table = state.table
    if action.index >= len(table.held) or table.held[action.index] != item:
        return state  # a step already discarded it
    used = item.used + 1
    uses = card.uses if card is not None else None
    if action.discard or (uses is not None and used >= uses):
        held = table.held[: action.index] + table.held[action.index + 1 :]
        state = replace(
            state, table=replace(table, held=held, discarded=(*table.discarded, item.name))
        )
        why = _("{item}: discarded.") if action.discard else _("{item}: its last use.")
        return say(state, "item-discarded", why.format(item=shown), name=str(item.name))
    spent = (*table.held[: action.index], replace(item, used=used), *table.held[action.index + 1 :])
    state = replace(state, table=replace(table, held=spent))
    if uses is not None:
        state = say(
            state,
            "item-used",
            ngettext(
                "{item}: {count} of {uses} uses left.", "{item}: {count} of {uses} uses left.", uses
            ).format(item=shown, count=uses - used, uses=uses),
            uses - used,
            total=uses,
            name=str(item.name),
        )
    return state


def check_lift_awake_block(state: GameState, action: LiftAwakeBlock) -> None:
    if not state.setup.has_dr_fright:
        raise impossible(_("Only Dr. Fright's Awake side forbids attacks."))


def lift_awake_block(state: GameState, action: LiftAwakeBlock) -> GameState:
    state = add_lasting(state, "awake-attacks", action.card, action.until)
    return say(
        state,
        "awake-block-lifted",
        _(
            "{card}: you and Dr. Fright may hurt each other while you are Awake, {until} "
            "({rule}: “unless an effect allows”)."
        ).format(
            card=card_shown(action.card), until=_(UNTIL_NAMES[action.until]), rule=_(AWAKE_RULE)
        ),
        name=action.card,
    )


def lasting_at_phase(state: GameState) -> GameState:
    """As a phase begins: the lasting effects whose moment has come end, and Infernal Search
    (a Minor Dark Power, one source) adds its Boiler Room card to an Asleep Killer phase."""
    kept: list[Lasting] = []
    ended: list[Lasting] = []
    for lasting in state.lasting:
        (ended if ends_now(lasting, state.round, state.phase) else kept).append(lasting)
    if ended:
        state = replace(state, lasting=tuple(kept))
        for lasting in ended:
            state = say(
                state,
                "lasting-ends",
                _("{card}: its effect ends ({effect}).").format(
                    card=card_shown(lasting.card), effect=_(LASTING_NAMES[lasting.effect])
                ),
                name=lasting.card,
            )
    extra = [x for x in state.lasting if x.effect == "extra-boiler-card"]
    if state.phase == "killer" and state.asleep and extra:
        dream = replace(state.dream, extra_cards=state.dream.extra_cards + len(extra))
        state = say(
            replace(state, dream=dream),
            "extra-boiler-card",
            _(
                "{card}: resolve one extra Boiler Room card at the end of this Killer phase, if "
                "one is left."
            ).format(card=card_shown(extra[0].card)),
            len(extra),
            name=extra[0].card,
        )
    return state
