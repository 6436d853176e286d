"""What can be played now, for the whole screen: the can-be-played query beside ``apply``.

As python-chess keeps ``is_legal`` and ``legal_moves`` beside ``push``, the model answers, for
the current state, what each control of the screen would do if clicked (``plays``), each answer
a ``verdict.Verdict``. A space's menu asks ``space_plays``; the legal-play generator is
``legal``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Literal

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerRoomEffect,
    Report,
    RevealDarkPower,
    RevealFinale,
    SleepCause,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import NotedPlay
from frightmare.model.actions.lane import DiscardItem, HitByCar, ReturnItem, RevealEvent, ToggleHand
from frightmare.model.actions.location import (
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
)
from frightmare.model.actions.round import (
    CounterName,
    DrawTerror,
    RevealFinalHealth,
    RevealKillerFinalHealth,
)
from frightmare.model.box.board import QuadrantName
from frightmare.model.box.numbers import BoxValueName
from frightmare.model.dream.deck import check_boiler_effect_now, check_slide_now
from frightmare.model.dream.powers import check_dark_power_now, check_finale_now
from frightmare.model.game.boiler_room import DIRECTIONS, Direction
from frightmare.model.game.state import GameState
from frightmare.model.lane.events import (
    EventNeed,
    check_event_card,
    event_needs,
    event_question,
    event_targets,
)
from frightmare.model.lane.items import check_held
from frightmare.model.lane.victims import check_hit_by_car_now
from frightmare.model.query.controls import (
    ADJUST,
    ATTACK_FRIGHT,
    DISCARD_ACTION_CARD,
    FALL_ASLEEP,
    FRIGHT_ATTACKS,
    KILLER_ACTION,
    LOCATION_ADD,
    LOCATION_KILLED,
    LOCATION_SAVED,
    LOCATION_TAKE,
    NEXT_PHASE,
    RESET_FOR_BLOODLUST,
    TOP_CARDS,
    ULTIMATE,
)
from frightmare.model.query.verdict import Verdict, of_kind, verdict
from frightmare.model.round.endings import check_final_health_now, check_killer_final_health_now
from frightmare.model.round.killer_turn import check_terror_now
from frightmare.model.values import frozen


def _slide(state: GameState, direction: Direction) -> Verdict:
    return of_kind(state, Slide, lambda s: check_slide_now(s, direction))


@frozen
class EventPlay:
    """Revealing one Event: whether it can be revealed now, whatever it asks; what it asks
    (``need``: a die, an Exit, a House, or nothing, with the ``question``) and the spaces to
    choose from; ``action`` when it asks nothing."""

    name: str
    verdict: Verdict
    need: EventNeed | None
    question: str
    targets: tuple[str, ...]
    action: RevealEvent | None


@frozen
class HeldPlays:
    """The plays with one of her items: in hand or not, discard it, put it back in a deck
    (the deck is asked)."""

    toggle: Verdict
    discard: Verdict
    put_back: Verdict


class LocationPlays:
    """Another Location's plays (its plain table)."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    @cached_property
    def add_victim(self) -> Verdict:
        return verdict(self.state, LOCATION_ADD)

    @cached_property
    def save_victim(self) -> Verdict:
        return verdict(self.state, LOCATION_SAVED)

    @cached_property
    def victim_dies(self) -> Verdict:
        return verdict(self.state, LOCATION_KILLED)

    @cached_property
    def take_item(self) -> Verdict:
        return verdict(self.state, LOCATION_TAKE)

    def set_victims(self, count: int) -> Verdict:
        """The Victims on the board set to ``count`` (a correction)."""
        return verdict(self.state, SetLocationVictims(count=count))

    def set_deck(self, cards: int) -> Verdict:
        return verdict(self.state, SetLocationDeck(cards=cards))

    def name_top(self, name: str | None) -> Verdict:
        return verdict(self.state, NameLocationTopCard(name=name))

    def put_back(self, index: int, position: Literal["top", "bottom"]) -> Verdict:
        return verdict(self.state, PutBackLocationItem(index=index, position=position))


class Plays:
    """The whole screen's plays now (``plays``): every button, menu entry and tooltip asks
    one of these. Each answer is computed when first read."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    @cached_property
    def next_phase(self) -> Verdict:
        return verdict(self.state, NEXT_PHASE)

    @cached_property
    def counters(self) -> Mapping[tuple[CounterName, int], Verdict]:
        """Each counter's − and + (deltas -1 and 1)."""
        return {key: verdict(self.state, action) for key, action in ADJUST.items()}

    @cached_property
    def discard_action_card(self) -> Verdict:
        return verdict(self.state, DISCARD_ACTION_CARD)

    @cached_property
    def terror(self) -> Verdict:
        """May a Terror card be drawn now, whichever it is."""
        return of_kind(self.state, DrawTerror, check_terror_now)

    @cached_property
    def killer_action(self) -> Mapping[bool, Verdict]:
        """His Killer Action, with the move icon (``True``) and without."""
        return {move: verdict(self.state, a) for move, a in KILLER_ACTION.items()}

    @cached_property
    def fright_attacks(self) -> Mapping[Literal["final girl", "victim"], Verdict]:
        """He attacks her, or a Victim."""
        return {target: verdict(self.state, a) for target, a in FRIGHT_ATTACKS.items()}

    @cached_property
    def attack_fright(self) -> Verdict:
        """She attacks him."""
        return verdict(self.state, ATTACK_FRIGHT)

    def attack_on(self, on: str | None) -> Verdict:
        """She attacks him (``None``) or the Minor Dark Power ``on``, whatever the damage."""
        if on is None:
            return self.attack_fright
        return verdict(self.state, AttackDrFright(damage=1, on=on))

    def panic(self, count: int) -> Verdict:
        """``count`` Victims in his space would panic."""
        return verdict(self.state, VictimsPanic(count=count))

    @cached_property
    def fall_asleep(self) -> Mapping[SleepCause, Verdict]:
        """Each way to fall Asleep: a card's effect, a Short Rest, a Long Rest."""
        return {cause: verdict(self.state, a) for cause, a in FALL_ASLEEP.items()}

    @cached_property
    def reset_boiler_room(self) -> Verdict:
        """The Boiler Room's own reset button: the deck reset for Bloodlust (below his top row
        only reminded: the row is one source's); a card's reset is recorded with its effect."""
        return verdict(self.state, RESET_FOR_BLOODLUST)

    @cached_property
    def slides(self) -> Mapping[Direction, Verdict]:
        """Each slide of the Boiler Room deck, whatever the real card then shows."""
        state = self.state
        return {direction: _slide(state, direction) for direction in DIRECTIONS}

    def slide_report(self, direction: Direction, report: Report) -> Verdict:
        """A slide with the real cards, reported as showing ``report``."""
        return verdict(self.state, Slide(direction=direction, report=report))

    @cached_property
    def boiler_effect(self) -> Verdict:
        """A card changes the Boiler Room's pace, whichever effect it has."""
        return of_kind(self.state, BoilerRoomEffect, check_boiler_effect_now)

    @cached_property
    def dark_power(self) -> Verdict:
        """A Dark Power can be revealed now, whichever it is."""
        return of_kind(self.state, RevealDarkPower, check_dark_power_now)

    def reveal_dark_power(self, name: str) -> Verdict:
        return verdict(self.state, RevealDarkPower(name=name))

    @cached_property
    def finale(self) -> Verdict:
        """A Finale can be revealed now, whichever it is."""
        return of_kind(self.state, RevealFinale, check_finale_now)

    def reveal_finale(self, name: str) -> Verdict:
        return verdict(self.state, RevealFinale(name=name))

    @cached_property
    def final_health(self) -> Verdict:
        """Her Final Health token can be turned over now, whatever it shows."""
        return of_kind(self.state, RevealFinalHealth, check_final_health_now)

    @cached_property
    def killer_final_health(self) -> Verdict:
        return of_kind(self.state, RevealKillerFinalHealth, check_killer_final_health_now)

    @cached_property
    def events(self) -> Verdict:
        """An Event can be revealed now (each Event's own verdict: ``event``)."""
        return of_kind(self.state, RevealEvent)

    def event(self, name: str) -> EventPlay:
        """Revealing the Event ``name``: its verdict whatever it asks, and what it asks."""
        state = self.state
        need = event_needs(name)
        return EventPlay(
            name=name,
            verdict=of_kind(state, RevealEvent, lambda s: check_event_card(s, name)),
            need=need,
            question=event_question(name),
            targets=event_targets(state, name) if state.setup.on_maple_lane else (),
            action=RevealEvent(name=name) if need is None else None,
        )

    @cached_property
    def hit_by_car(self) -> Verdict:
        """ "They just got hit by a car!" can kill a Victim now (the space is chosen on the
        board: ``space_plays(...).hit_by_car``)."""
        return of_kind(self.state, HitByCar, check_hit_by_car_now)

    @cached_property
    def ultimate(self) -> Verdict:
        return verdict(self.state, ULTIMATE)

    @cached_property
    def top_cards(self) -> Mapping[QuadrantName, Verdict]:
        """Naming each quadrant deck's top card."""
        return {quadrant: verdict(self.state, a) for quadrant, a in TOP_CARDS.items()}

    def held(self, index: int) -> HeldPlays:
        """The plays with her item at ``index``."""
        state = self.state

        def of(kind: type[BaseAction]) -> Verdict:
            return of_kind(state, kind, lambda s: check_held(s, index))

        return HeldPlays(of(ToggleHand), of(DiscardItem), of(ReturnItem))

    def note(self, text: str) -> Verdict:
        """A play written into History in the player's words."""
        return verdict(self.state, NotedPlay(text=text))

    def box_value(self, name: BoxValueName, value: int) -> Verdict:
        """One of the box's numbers corrected for this game."""
        return verdict(self.state, SetBoxValue(name=name, value=value))

    @cached_property
    def location(self) -> LocationPlays | None:
        """Another Location's plays (``None`` on Maple Lane)."""
        return None if self.state.setup.on_maple_lane else LocationPlays(self.state)


def plays(state: GameState) -> Plays:
    """The whole screen's plays now, each a ``Verdict``.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> screen = plays(new_game(GameSetup(), seed=1))
    >>> screen.next_phase.allowed, screen.terror.status, screen.attack_fright.recordable
    (True, 'refused', True)
    >>> print(screen.counters[("health", 1)])
    Health is already 4: +1 changes nothing.
    """
    global _last_screen
    if _last_screen is not None and _last_screen.state is state:
        return _last_screen  # every panel of one redraw asks of the same state
    _last_screen = Plays(state)
    return _last_screen


_last_screen: Plays | None = None
