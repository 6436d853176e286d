"""``apply(state, action)``: the one place where the rules change the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from frightmare.i18n import _
from frightmare.model import edit, location
from frightmare.model.actions.base import BaseAction, tag_of
from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    LiftAwakeBlock,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SetDeckMode,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import EditTable, SetBoxValue, SetCounter, SetDeck, SetItems
from frightmare.model.actions.game import EditNotes, EndGame, NotedPlay, Rename
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    DiscardItem,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    Place,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    RideBicycle,
    SaveVictims,
    Search,
    SetVictims,
    ToggleHand,
)
from frightmare.model.actions.location import (
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.actions.round import (
    AdjustCounter,
    DiscardActionCard,
    DrawTerror,
    EndActionPhase,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseItem,
    UseUltimate,
)
from frightmare.model.cards import consequences
from frightmare.model.counters import discard_gone_specials
from frightmare.model.dream import deck, dream, powers
from frightmare.model.errors import RuleViolation, anyway, impossible
from frightmare.model.game.state import GameState
from frightmare.model.halves import check_noted, half_refusal, half_refusal_of, noted
from frightmare.model.lane import events, houses, items, movement, victims
from frightmare.model.round import adjust, endings, killer_turn, phases
from frightmare.model.values import frozen


def check_rename(state: GameState, action: Rename) -> None:
    if not " ".join(action.name.split()):
        raise impossible(_("A game needs a name with at least one letter in it."))


def _rename(state: GameState, action: Rename) -> GameState:
    return replace(state, name=" ".join(action.name.split()))


def _notes(state: GameState, action: EditNotes) -> GameState:
    return replace(state, notes=action.notes)


A = TypeVar("A", bound=BaseAction)


def no_check(state: GameState, action: BaseAction) -> None:
    """The check of a play the rules never refuse (its effect alone decides what happens)."""


@frozen
class Rule:
    """One action's rule, in two parts: ``check`` raises the play's first refusal (``refuse``
    for a rule, which a play recorded anyway lets through; ``impossible`` for what the table
    cannot show) and changes nothing; ``effect`` returns the state after the play, and may take
    for granted that the check passed (or was recorded anyway). ``apply`` runs both; the
    can-be-played query (``query.verdict``) runs the check alone."""

    check: Callable[[GameState, BaseAction], None]
    effect: Callable[[GameState, BaseAction], GameState]


def _rule(
    kind: type[A],
    check: Callable[[GameState, A], None],
    effect: Callable[[GameState, A], GameState],
) -> tuple[type[BaseAction], Rule]:
    """One row of the table: the checker sees that both parts take a ``kind`` action."""

    def unknown(action: BaseAction) -> RuleViolation:
        return impossible(
            _("The app does not know the action “{action}”.").format(action=repr(action))
        )

    def checked(state: GameState, action: BaseAction) -> None:
        if not isinstance(action, kind):
            raise unknown(action)
        check(state, action)

    def applied(state: GameState, action: BaseAction) -> GameState:
        if not isinstance(action, kind):
            raise unknown(action)
        return effect(state, action)

    return kind, Rule(checked, applied)


# Each action's rule, once: its check and its effect. Dispatch is exhaustive: tests check that
# these rows and the ``Action`` union list the same kinds, each kind in one row.
_ROWS: tuple[tuple[type[BaseAction], Rule], ...] = (
    _rule(Rename, check_rename, _rename),
    _rule(EditNotes, no_check, _notes),
    _rule(FallAsleep, dream.check_fall_asleep, dream.fall_asleep),
    _rule(Slide, deck.check_slide, deck.slide),
    _rule(ResetBoilerRoom, deck.check_reset_boiler_room, deck.reset_boiler_room),
    _rule(SetDeckMode, deck.check_set_deck_mode, deck.set_deck_mode),
    _rule(RevealDarkPower, powers.check_reveal_dark_power, powers.reveal_dark_power),
    _rule(RevealFinale, powers.check_reveal_finale, powers.reveal_finale),
    _rule(DrFrightAttacks, dream.check_fright_attacks, dream.fright_attacks),
    _rule(AttackDrFright, dream.check_attack_fright, dream.attack_fright),
    _rule(VictimsPanic, dream.check_victims_panic, dream.victims_panic),
    _rule(NextPhase, phases.check_next_phase, phases.next_phase),
    _rule(Move, movement.check_move, movement.move),
    _rule(Place, movement.check_place, movement.place),
    _rule(SetVictims, victims.check_set_victims, victims.set_victims),
    _rule(AddVictims, victims.check_add_victims, victims.add_victims),
    _rule(MoveVictims, victims.check_move_victims, victims.move_victims),
    _rule(KillVictim, victims.check_kill_victim, victims.kill_victim),
    _rule(SaveVictims, victims.check_save_victims, victims.save_victims),
    _rule(Convince, houses.check_convince, houses.convince),
    _rule(Search, houses.check_search, houses.search),
    _rule(RecordTopCard, houses.check_record_top_card, houses.record_top_card),
    _rule(DiscardItem, items.check_discard_item, items.discard_item),
    _rule(ToggleHand, items.check_toggle_hand, items.toggle_hand),
    _rule(ReturnItem, items.check_return_item, items.return_item),
    _rule(RideBicycle, movement.check_ride_bicycle, movement.ride_bicycle),
    _rule(RevealEvent, events.check_reveal_event, events.reveal_event),
    _rule(HitByCar, victims.check_hit_by_car, victims.hit_by_car),
    _rule(AdjustCounter, adjust.check_adjust, adjust.adjust),
    _rule(DiscardActionCard, no_check, adjust.discard_action_card),
    _rule(RevealFinalHealth, endings.check_reveal_final_health, endings.reveal_final_health),
    _rule(
        RevealKillerFinalHealth,
        endings.check_reveal_killer_final_health,
        endings.reveal_killer_final_health,
    ),
    _rule(DrawTerror, killer_turn.check_draw_terror, killer_turn.draw_terror),
    _rule(KillerAction, killer_turn.check_killer_action, killer_turn.killer_action),
    _rule(UseItem, consequences.check_use_item, consequences.use_item),
    _rule(LiftAwakeBlock, consequences.check_lift_awake_block, consequences.lift_awake_block),
    _rule(UseUltimate, no_check, endings.use_ultimate),
    _rule(EndGame, no_check, endings.end_game_action),
    _rule(SetBoxValue, adjust.check_set_box_value, adjust.set_box_value),
    _rule(BoilerRoomEffect, deck.check_boiler_room_effect, deck.boiler_room_effect),
    _rule(EditTable, edit.check_edit_piece, edit.edit_piece),
    _rule(SetCounter, edit.check_set_counter, edit.set_counter),
    _rule(SetDeck, no_check, edit.set_deck),
    _rule(SetItems, no_check, edit.set_items),
    _rule(EndActionPhase, no_check, phases.end_action_phase),
    _rule(NotedPlay, check_noted, noted),
    _rule(AddLocationVictims, location.check_add_victims, location.add_victims),
    _rule(SetLocationVictims, location.check_location, location.set_victims),
    _rule(LocationVictimsSaved, location.check_save, location.save),
    _rule(LocationVictimsKilled, location.check_kill, location.kill),
    _rule(SetLocationDeck, location.check_location, location.set_deck),
    _rule(NameLocationTopCard, location.check_name_top_card, location.name_top_card),
    _rule(TakeLocationItem, location.check_take_item, location.take_item),
    _rule(PutBackLocationItem, location.check_put_back, location.put_back),
    _rule(LocationNotes, location.check_location, location.edit_notes),
)
_RULES: dict[type[BaseAction], Rule] = dict(_ROWS)

# Notes and the name can be changed after the game ends; nothing else can.
_AFTER_THE_END = (Rename, EditNotes)


# Each kind's journal tag, for the gate that asks of a kind of play, not of one action.
_TAGS: dict[type[BaseAction], str] = {kind: tag_of(kind) for kind, _rule in _ROWS}


def check_gate(state: GameState, kind: type[BaseAction]) -> None:
    """Raise what refuses every play of ``kind`` now, whatever its choices: the half of the
    box that is not in this game (its Killer or its Location) acts not at all, and after the
    end only the name and the notes change."""
    if (off_half := half_refusal_of(state, _TAGS[kind])) is not None:
        raise off_half
    if state.result is not None and not issubclass(kind, _AFTER_THE_END):
        if state.result == "win" and issubclass(kind, RevealKillerFinalHealth):
            return  # his own Final Health token, drawn after the win (its check decides)
        over = (
            _("The game is over: won in round {round}. Undo to go back into it.")
            if state.result == "win"
            else _("The game is over: lost in round {round}. Undo to go back into it.")
        )
        raise impossible(over.format(round=state.ended_round))


def check(state: GameState, action: Action) -> None:
    """Raise the first refusal the rules make of ``action`` now, as ``apply`` would; changes
    nothing. Within ``errors.anyway()`` a rule's refusal lets the play through and only what
    the table cannot show still raises.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> check(new_game(GameSetup(), seed=1), AttackDrFright())
    Traceback (most recent call last):
    ...
    frightmare.model.errors.RuleViolation: You are Awake: you are not able to attack Dr. Fright. \
He can only be hurt in the Boiler Room, while you are Asleep. (Rule: When you are Awake)
    """
    rule = _RULES.get(type(action))
    if rule is None:
        if (off_half := half_refusal(state, action)) is not None:
            raise off_half
        raise impossible(
            _("The app does not know the action “{action}”.").format(action=repr(action))
        )
    check_gate(state, type(action))
    rule.check(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RuleViolation`` if the rules forbid it.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> apply(new_game(GameSetup(), seed=1), Rename(name="Friday")).name
    'Friday'
    """
    with anyway(action.anyway):
        check(state, action)
        # What the previous action reported is not news any more.
        fresh = state if not (state.log or state.events) else replace(state, log=(), events=())
        new = _RULES[type(action)].effect(fresh, action)
    return discard_gone_specials(new)


def record_anyway(action: Action) -> Action:
    """``action`` marked as recorded anyway: ``apply`` then skips the rules' checks (a refusal
    that is not ``overridable`` still stands) and History shows the mark.

    >>> from frightmare.model.actions.lane import Move
    >>> record_anyway(Move(to="exit-n")).describe()
    '⚑ Moved to North Exit'
    """
    return replace(action, anyway=True)
