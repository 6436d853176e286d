"""The Killer phase's own plays: his Killer Action (its steps, in one play) and the Terror
card drawn, with what each card the app knows does (rules notes §1, §9).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import _
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import KNOWN_TERROR, DrawTerror, KillerAction
from frightmare.model.actions.steps import HurtHerStep, KillStep
from frightmare.model.box.cards import FRANKYS_COMING, HIT_BY_A_CAR, INEVITABLE, card_name
from frightmare.model.cards.card_steps import apply_steps
from frightmare.model.cards.consequences import check_steps
from frightmare.model.counters import fright_game, killer_name, killer_shown
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import EventKind, GameState, say
from frightmare.model.lane.victims import hit_rule
from frightmare.model.round.duties import terror_before_his_action
from frightmare.model.round.phases import ROUND_RULE


def check_terror_now(state: GameState) -> None:
    """Whether a Terror card can be drawn now, whichever it is."""
    c = state.counters
    # The empty deck first: what no override can lift is said before what one can (a refusal
    # offering Record anyway would only lead to this one).
    rule = _(ROUND_RULE)
    if c.terror_left == 0:
        raise impossible(_("The Terror deck is empty."), rule=rule)
    if state.finale is not None:
        refuse(_("After the Finale no more Terror cards are drawn."), rule=rule)
    if state.phase != "killer":
        refuse(_("A Terror card is drawn in the Killer phase, after his Killer Action."), rule=rule)
    early = terror_before_his_action(state)
    if early is not None:
        refuse(early, rule=rule)
    if state.terror_this_round:
        refuse(
            _("One Terror card is drawn each Killer phase, and this one's is resolved already."),
            rule=rule,
        )


def check_draw_terror(state: GameState, action: DrawTerror) -> None:
    check_terror_now(state)
    if action.steps is not None:
        name = card_name(action.name, KNOWN_TERROR, state.cards)
        if name == HIT_BY_A_CAR:
            for step in action.steps:
                if isinstance(step, KillStep) and not state.board.is_street(step.space):
                    refuse(_("The car hits a Victim on a Street space."), rule=hit_rule())
        # A card that damages him itself ("OMG… he's cutting off his own fingers!") is no
        # attack: it may lower his Health while she is Awake (one source, rules notes §9).
        data = state.cards.find("terror", name)
        hurts_him = data is not None and any(s.do == "killer-damage" for s in data.steps)
        check_steps(state, action.steps, state.cards.name_of(name), hurts_him=hurts_him)


def draw_terror(state: GameState, action: DrawTerror) -> GameState:
    c = state.counters
    name = card_name(action.name, KNOWN_TERROR, state.cards)
    state = replace(
        state,
        counters=replace(c, terror_left=c.terror_left - 1),
        terror_drawn=(*state.terror_drawn, name),
        terror_this_round=True,
    )
    if action.steps is not None:
        # The card as the player resolved it, step by step (plan.plan_card proposed them).
        card = state.cards.name_of(name)
        state = say(
            state,
            "terror-steps",
            _("Terror card {card}: resolved on the table.").format(card=state.cards.shown(name)),
            len(action.steps),
            name=name,
        )
        state = apply_steps(state, action.steps, card)
        return _last_terror(state)
    table, board = state.table, state.board
    kind: EventKind
    spaces: tuple[str, ...] = ()
    if name == HIT_BY_A_CAR:
        # Terror: "They just got hit by a car!": "If there are no Victims in any Street spaces,
        # discard and draw another Terror card. Otherwise: 1 Victim in a Street space of your
        # choice is killed."
        spaces = tuple(s for s in board.streets if table.occupied(s))
        if not spaces:
            kind = "terror-redraw"
            text = _("No Victim is on a Street space: discard it and draw another Terror card.")
        else:
            kind = "terror-choose-victim"
            # Translators: "Hit by a car" is the board's control for this card.
            text = _("Choose a Street Victim to die (board: Hit by a car).")
    elif name == FRANKYS_COMING:
        # Terror: "Franky's coming for you": "If there are no Victims on the board, discard
        # and draw the next Terror card. Otherwise: [...] If Dr. Fright is in a space with at
        # least one Victim: [icon] Otherwise: [icon]"
        franky = card_shown(FRANKYS_COMING)
        if _victims_on_board(state) == 0:
            kind = "terror-redraw"
            text = _("No Victims on the board: discard it and draw the next Terror card.")
        elif state.location is not None:
            kind = "terror-either-line"
            text = _(
                "{card}: if he shares a space with a Victim, resolve the card's attack line; "
                "otherwise its other line."
            ).format(card=franky)
        elif table.killer is not None and table.occupied(table.killer):
            kind, spaces = "terror-attack-line", (table.killer,)
            text = _(
                "{card}: he shares a space with a Victim, so resolve the card's attack line."
            ).format(card=franky)
        else:
            kind = "terror-other-line"
            spaces = (table.killer,) if table.killer is not None else ()
            text = _("{card}: no Victim in his space, so resolve the card's other line.").format(
                card=franky
            )
    else:
        kind, text = "terror-as-printed", _("Resolve the Terror card as printed.")
    state = say(state, kind, text, name=name, spaces=spaces)
    if kind == "terror-choose-victim":
        state = replace(state, card_open=name)  # its kill is owed before the phase ends
    if kind == "terror-redraw":  # discarded unresolved: the phase's card is still to draw
        state = replace(state, terror_this_round=False)
    return _last_terror(state)


def drawn_terror(state: GameState) -> frozenset[str]:
    """The Terror cards drawn this game, by card id (a name the data lacks as typed): out of
    the deck, which is never reshuffled (rules notes §1: when it is empty the Finale is
    revealed)."""
    drawn: set[str] = set()
    for name in state.terror_drawn:
        card = state.cards.find("terror", str(name))
        drawn.add(card.id if card is not None else str(name))
    return frozenset(drawn)


def _last_terror(state: GameState) -> GameState:
    if state.counters.terror_left == 0:
        state = say(
            state, "last-terror", _("That was the last Terror card: the Finale comes at Upkeep.")
        )
    return state


def _victims_on_board(state: GameState) -> int:
    """The Victims on the board: Maple Lane's pieces, or another Location's count."""
    if state.location is not None:
        return state.location.victims
    return state.table.total_victims()


def check_killer_action(state: GameState, action: KillerAction) -> None:
    """His Killer Action's steps on the table (the player's accepted proposal); his attack on
    her while she is Awake is refused (rulebook, When you are Awake), recordable anyway."""
    check_steps(state, action.steps, killer_name(state))


def killer_action(state: GameState, action: KillerAction) -> GameState:
    state = replace(
        state,
        killer_action_done=True,
        finale_actions=state.finale_actions + (state.finale is not None),
    )
    name = killer_name(state)
    if action.steps:
        # In one step: where he went, whom he killed, what she took (killer_phase proposed it).
        # Each step says its own line as it is made: the heading names the action once (its
        # summary, History's, would say every step twice in the message of the moment).
        state = say(state, "killer-path", _("Killer Action:"), name=name)
        state = apply_steps(state, action.steps, name)
        table = state.table
        hurt_her = any(isinstance(step, HurtHerStep) for step in action.steps)
        if hurt_her and table.final_girl is not None and table.killer != table.final_girl:
            # He attacks in the space he ends in (rulebook, When you are Asleep: "He will
            # resolve all Killer Actions as normal"); the board may be behind the table, so
            # the player's word stands, with a reminder.
            state = say(
                state,
                "attack-reach",
                _(
                    "Reminder: on the board he is not in your space; check that his attack "
                    "reaches you (drag him to where he stands)."
                ),
                spaces=tuple(s for s in (table.final_girl, table.killer) if s is not None),
            )
        return state
    if action.move_icon:
        state = say(state, "killer-moves", _("He moves toward his target."), name=name)
    else:
        stays = _("No move icon, no move: {killer} stays where he is.").format(
            killer=killer_shown(state)
        )
        state = say(state, "no-move-icon", stays, name=name)
    if fright_game(state) and state.dream.awake and state.dark_power != INEVITABLE:
        # "When you are Awake": "treat it as a [icon]": an attack on a Victim.
        state = say(
            state,
            "attack-becomes-victim",
            _("You are Awake: an attack on you becomes an attack on a Victim in his space."),
            name=name,
        )
    return state
