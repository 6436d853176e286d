"""What can be played now: the can-be-played query beside ``apply``.

As python-chess keeps ``is_legal`` and ``legal_moves`` beside ``push``, the model answers,
for the current state, what each control of the screen would do if clicked: *allowed*,
*refused* by a rule (its sentence, its source, and it can be recorded anyway) or *impossible*
(what the table cannot show). The answers come from the rules' own check predicates (each
rule is a check plus an effect, ``rules.Rule``), never from ``apply`` on made-up actions.

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> from frightmare.model.actions.dream import AttackDrFright
>>> state = new_game(GameSetup(setup_card="Block Party"), seed=1)
>>> verdict(state, AttackDrFright()).status
'refused'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, get_args

from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerEffect,
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    Report,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    SleepCause,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import NotedPlay
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    EVENTS,
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
    Special,
    ToggleHand,
)
from frightmare.model.actions.location import (
    AddLocationVictims,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.actions.round import (
    COUNTER_TITLES,
    KNOWN_TERROR,
    AdjustCounter,
    CounterName,
    DiscardActionCard,
    DrawTerror,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseItem,
    UseUltimate,
)
from frightmare.model.box.board import QUADRANT_NAMES, ConvinceLine, QuadrantName
from frightmare.model.box.numbers import BoxValueName
from frightmare.model.dream import dream
from frightmare.model.errors import RuleViolation, anyway
from frightmare.model.game.boiler_room import DIRECTIONS, QUADRANTS, Direction
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane import maple_lane
from frightmare.model.lane.maple_lane import EventNeed
from frightmare.model.query.notes import MOVE_STEPS
from frightmare.model.round import rounds
from frightmare.model.rules import check, check_gate

Status = Literal["allowed", "refused", "impossible"]
# Who follows her on a move: how many plain Victims, and which Special Victims.
Followers = tuple[int, tuple[Special, ...]]
NOBODY: Followers = (0, ())
COUNTERS: tuple[CounterName, ...] = tuple(COUNTER_TITLES)
SLEEP_CAUSES: tuple[SleepCause, ...] = get_args(SleepCause)
FRIGHT_TARGETS: tuple[Literal["final girl", "victim"], ...] = ("final girl", "victim")
BOILER_EFFECTS: tuple[BoilerEffect, ...] = get_args(BoilerEffect)
REPORTS: tuple[Report, ...] = (*QUADRANTS, "nothing")


@dataclass(frozen=True, slots=True)
class Verdict:
    """The model's answer for one play.

    ``status`` is ``"allowed"``; ``"refused"``: a rule refuses it (``message``, the player's
    sentence, and ``rule``, its source) and it can be recorded anyway; or ``"impossible"``:
    no override lets it through (``message`` says what stands in the way, even recorded
    anyway).
    """

    status: Status = "allowed"
    message: str = ""
    rule: str = ""

    @property
    def allowed(self) -> bool:
        return self.status == "allowed"

    @property
    def recordable(self) -> bool:
        """Refused by a rule, so the play can be recorded anyway (``rules.record_anyway``)."""
        return self.status == "refused"

    @property
    def error(self) -> RuleViolation | None:
        """The refusal as ``apply`` words it (``None`` when allowed); ``overridable`` when it
        can be recorded anyway."""
        if self.status == "allowed":
            return None
        return RuleViolation(self.message, rule=self.rule, overridable=self.recordable)

    def __str__(self) -> str:
        error = self.error
        return "" if error is None else str(error)


ALLOWED = Verdict()


def judge(predicate: Callable[[], None], *, marked: bool = False) -> Verdict:
    """The verdict of a check ``predicate`` (one that raises ``RuleViolation`` as the rules
    do): run as the play is, then, when a rule refuses it, as if recorded anyway, to learn
    whether the override would let it through. ``marked``: the play is recorded anyway
    already."""
    try:
        with anyway(marked):
            predicate()
    except RuleViolation as first:
        if not first.overridable:
            return Verdict("impossible", first.message, first.rule)
        try:
            with anyway():
                predicate()
        except RuleViolation as stands:
            return Verdict("impossible", stands.message, stands.rule)
        return Verdict("refused", first.message, first.rule)
    return ALLOWED


def verdict(state: GameState, action: Action) -> Verdict:
    """What the rules say of ``action`` now, from its check alone (``apply`` runs the same
    check, then the effect): allowed, refused (and it can be recorded anyway) or impossible.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> verdict(new_game(GameSetup(), seed=1), NextPhase()).allowed
    True
    """
    return judge(lambda: check(state, action), marked=action.anyway)


def _of_kind(
    state: GameState, kind: type[BaseAction], *predicates: Callable[[GameState], None]
) -> Verdict:
    """The verdict of any play of ``kind`` now, whatever its choices: the gate every play of
    the kind passes, then the rule's own predicates that do not depend on the choices."""

    def run() -> None:
        check_gate(state, kind)
        for predicate in predicates:
            predicate(state)

    return judge(run)


# The plays the screen offers that take no choice, each the very action its control applies.
_NEXT_PHASE = NextPhase()
_DISCARD_ACTION_CARD = DiscardActionCard()
_ATTACK_FRIGHT = AttackDrFright()
_ULTIMATE = UseUltimate()
_RESET = ResetBoilerRoom(cause="effect")
_RESET_FOR_BLOODLUST = ResetBoilerRoom(cause="bloodlust")
_ADJUST: dict[tuple[CounterName, int], AdjustCounter] = {
    (counter, delta): AdjustCounter(counter=counter, delta=delta)
    for counter in COUNTERS
    for delta in (-1, 1)
}
_KILLER_ACTION = {move: KillerAction(move_icon=move) for move in (True, False)}
_FRIGHT_ATTACKS = {target: DrFrightAttacks(target=target) for target in FRIGHT_TARGETS}
_FALL_ASLEEP = {cause: FallAsleep(cause=cause) for cause in SLEEP_CAUSES}
_SLIDES = {direction: Slide(direction=direction) for direction in DIRECTIONS}
_TOP_CARDS = {quadrant: RecordTopCard(quadrant=quadrant, name=None) for quadrant in QUADRANT_NAMES}
_LOCATION_ADD = AddLocationVictims(count=1)
_LOCATION_SAVED = LocationVictimsSaved(count=1)
_LOCATION_KILLED = LocationVictimsKilled(count=1)
_LOCATION_TAKE = TakeLocationItem()


def _convince_take(state: GameState, house: str, line: ConvinceLine) -> Verdict:
    return _of_kind(state, Convince, lambda s: maple_lane.check_convince_take(s, house, line))


def _victims_enter(state: GameState, target: str) -> Verdict:
    return _of_kind(state, MoveVictims, lambda s: maple_lane.check_victims_enter(s, target))


def _slide(state: GameState, direction: Direction) -> Verdict:
    return _of_kind(state, Slide, lambda s: dream.check_slide_now(s, direction))


# One space's plays ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """One play on a space: its verdict; ``action``, the play to apply when it needs no
    further choice (``None``: the control asks first); ``offered``, whether the play belongs
    in the space's menu now (a refused play may still be offered, with its rule)."""

    verdict: Verdict
    action: Action | None = None
    offered: bool = True


@dataclass(frozen=True, slots=True)
class MovePlay:
    """Move here (Walk or Sprint). ``action`` moves her with ``followers``: by default the
    most Victims that may follow (``most``, "up to 2"; none while Asleep or into his space),
    plain Victims first. ``choices`` are the mixes of ``most`` Victims on her space (plain,
    Smalleys, the Boyfriend); the player is asked who follows only when ``choose``.
    ``distance`` is how far she walks there by the rules' paths (``None``: out of reach)."""

    verdict: Verdict
    action: Move
    steps: int
    followers: Followers
    most: int
    choices: tuple[Followers, ...]
    distance: int | None
    offered: bool

    @property
    def choose(self) -> bool:
        return len(self.choices) > 1


@dataclass(frozen=True, slots=True)
class ConvinceOption:
    """One line of the board file's Convince card: what it does (the board file's own data,
    ``line``), the play resolving it without the Item, and whether the top Item can be taken
    on it (``None``: the line offers no Item)."""

    line: ConvinceLine
    caption: str
    action: Convince
    take_item: Verdict | None


@dataclass(frozen=True, slots=True)
class ConvincePlay:
    """Convince: whether a Convince card can be played on this House now, whatever line is
    rolled, and the lines the player chooses from, in the board file's order."""

    verdict: Verdict
    lines: tuple[ConvinceOption, ...]
    modifiers: tuple[tuple[str, int], ...]
    offered: bool


@dataclass(frozen=True, slots=True)
class SearchPlay:
    """Search: whether this House can be searched now, and what the dialog asks: the names
    known of the top cards of its quadrant's deck (``cards``, up to two can be drawn; ``None``
    unknown), and the decks the other card may go to when two are drawn."""

    verdict: Verdict
    quadrant: QuadrantName | None
    cards: tuple[str | None, ...]
    other_decks: tuple[QuadrantName, ...]
    offered: bool


@dataclass(frozen=True, slots=True)
class VictimPlay:
    """A play with one of the Victims on a space (saved, killed, hit by a car): its verdict
    whoever it is; ``action`` when only one kind of Victim stands there, else the player is
    asked which of ``kinds``."""

    verdict: Verdict
    action: Action | None
    kinds: tuple[VictimKind, ...]
    offered: bool

    @property
    def choose(self) -> bool:
        return len(self.kinds) > 1


@dataclass(frozen=True, slots=True)
class MoveVictimsPlay:
    """Victims move (or panic) from this space: whether any can, and each neighbouring space
    they may go to with its verdict; who, how many and why are asked."""

    verdict: Verdict
    kinds: tuple[VictimKind, ...]
    targets: tuple[tuple[str, Verdict], ...]
    offered: bool


class SpacePlays:
    """Every play on one space of Maple Lane (``space_plays``). Each answer is computed when
    first read."""

    def __init__(
        self,
        state: GameState,
        space: str,
        *,
        steps: int | None = None,
        followers: Followers | None = None,
        reach: Mapping[str, int] | None = None,
    ) -> None:
        self.state = state
        self.space = space
        self._steps = steps
        self._followers = followers
        self._reach = reach

    @cached_property
    def _distances(self) -> Mapping[str, int]:
        if self._reach is not None:
            return self._reach
        return maple_lane.reachable(self.state, MOVE_STEPS[1])

    @cached_property
    def _known(self) -> bool:
        return self.space in self.state.board.spaces

    @cached_property
    def move(self) -> MovePlay:
        state, space = self.state, self.space
        table = state.table
        start = table.final_girl
        distance = self._distances.get(space)
        steps = self._steps or distance or MOVE_STEPS[0]
        most = 0
        if start is not None and not state.asleep and space != table.killer:
            most = min(maple_lane.FOLLOWERS_AT_MOST, table.victims_at(start))
        choices = maple_lane.follower_choices(state, most)
        followers = self._followers or (choices[0] if choices else NOBODY)
        plain, specials = followers
        action = Move(to=space, steps=steps, followers=plain, specials=specials)
        return MovePlay(
            verdict=verdict(state, action),
            action=action,
            steps=steps,
            followers=followers,
            most=most,
            choices=choices,
            distance=distance,
            offered=start is not None and start != space,
        )

    @cached_property
    def ride(self) -> Play:
        table = self.state.table
        action = RideBicycle(to=self.space)
        offered = table.bicycle is not None and table.final_girl == table.bicycle
        return Play(verdict(self.state, action), action, offered)

    @cached_property
    def convince(self) -> ConvincePlay:
        state, space = self.state, self.space
        board = state.board
        house = self._known and board.is_house(space)
        options: list[ConvinceOption] = []
        if house:
            for line in board.data.convince:
                take = _convince_take(state, space, line) if line.item else None
                action = Convince(house=space, result=line.id)
                options.append(
                    ConvinceOption(line, maple_lane.convince_caption(line), action, take)
                )
        return ConvincePlay(
            verdict=_of_kind(state, Convince, lambda s: maple_lane.check_convince_house(s, space)),
            lines=tuple(options),
            modifiers=maple_lane.convince_modifiers(state),
            offered=space in maple_lane.convince_targets(state),
        )

    @cached_property
    def search(self) -> SearchPlay:
        state, space = self.state, self.space
        board = state.board
        quadrant = board.quadrant(space) if self._known and board.is_house(space) else None
        cards: tuple[str | None, ...] = ()
        other: tuple[QuadrantName, ...] = ()
        if quadrant is not None:
            cards = tuple(card.name for card in state.table.deck(quadrant)[:2])
            other = maple_lane.closest_open_quadrants(maple_lane.searched(state, space), quadrant)
        return SearchPlay(
            verdict=_of_kind(state, Search, lambda s: maple_lane.check_search_house(s, space)),
            quadrant=quadrant,
            cards=cards,
            other_decks=other,
            offered=quadrant is not None and state.table.final_girl == space,
        )

    def _kinds(self) -> tuple[VictimKind, ...]:
        return self.state.table.kinds_at(self.space) if self._known else ()

    def _victim_play(
        self,
        kind: type[BaseAction],
        predicate: Callable[[GameState], None],
        make: Callable[[VictimKind], Action],
        offered: bool,
    ) -> VictimPlay:
        kinds = self._kinds()
        action = make(kinds[0] if kinds else "victim") if len(kinds) <= 1 else None
        return VictimPlay(_of_kind(self.state, kind, predicate), action, kinds, offered)

    @cached_property
    def save(self) -> VictimPlay:
        space = self.space

        def predicate(state: GameState) -> None:
            maple_lane.check_save_here(state, space)
            maple_lane.check_a_victim_on(state, space)

        # An Exit with nobody on it offers no Save: its refusal ("no Victim") has no way
        # through, and the menu lists only plays that may be made there.
        offered = (
            self._known and self.state.board.is_exit(space) and self.state.table.occupied(space)
        )
        return self._victim_play(
            SaveVictims, predicate, lambda who: SaveVictims(space=space, who=who), offered
        )

    @cached_property
    def victim_dies(self) -> VictimPlay:
        """− Victim: a Victim here dies (Bloodlust follows)."""
        space = self.space
        return self._victim_play(
            KillVictim,
            lambda s: maple_lane.check_a_victim_on(s, space),
            lambda who: KillVictim(space=space, who=who),
            bool(self._kinds()),
        )

    @cached_property
    def hit_by_car(self) -> VictimPlay:
        space = self.space
        offered = self._known and self.state.board.is_street(space) and bool(self._kinds())
        return self._victim_play(
            HitByCar,
            lambda s: maple_lane.check_hit_by_car_on(s, space),
            lambda who: HitByCar(space=space, who=who),
            offered,
        )

    @cached_property
    def add_victim(self) -> Play:
        """+ Victim: one more Victim here."""
        action = AddVictims(space=self.space)
        return Play(verdict(self.state, action), action)

    @cached_property
    def move_victims(self) -> MoveVictimsPlay:
        state, space = self.state, self.space
        neighbours = state.board.neighbours(space) if self._known else ()
        targets = tuple((target, _victims_enter(state, target)) for target in neighbours)
        return MoveVictimsPlay(
            verdict=_of_kind(state, MoveVictims, lambda s: maple_lane.check_a_victim_on(s, space)),
            kinds=self._kinds(),
            targets=targets,
            offered=bool(self._kinds()) and bool(neighbours),
        )

    @cached_property
    def put_him(self) -> Play:
        """Put him here: the Killer's piece placed here (a free edit)."""
        action = Place(piece="dr fright", space=self.space)
        return Play(verdict(self.state, action), action, self.state.table.killer != self.space)

    @cached_property
    def take_him_off(self) -> Play:
        """Take him off: the Killer's piece off the board (a free edit); offered on his own
        space only (elsewhere there is nothing of his to take off)."""
        action = Place(piece="dr fright", space=None)
        return Play(verdict(self.state, action), action, self.state.table.killer == self.space)

    @cached_property
    def put_her(self) -> Play:
        """Put her here: the Final Girl's piece placed here (a free edit); offered when she is
        off the board (on it, she moves)."""
        action = Place(piece="final girl", space=self.space)
        offered = self.state.table.final_girl is None
        return Play(verdict(self.state, action), action, offered)


def space_plays(
    state: GameState,
    space: str,
    *,
    steps: int | None = None,
    followers: Followers | None = None,
    reach: Mapping[str, int] | None = None,
) -> SpacePlays:
    """The plays on ``space`` now, each with its verdict and, when it needs no further choice,
    the action. ``steps``: the spaces her movement card allows (by default, how far she walks
    there); ``followers``: who follows her (by default the most that may); ``reach``: how far
    she walks to each space (``maple_lane.reachable`` with the most steps), when the caller
    asks of many spaces.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> state = new_game(GameSetup(setup_card="Block Party"), seed=1)
    >>> move = space_plays(state, "street-w").move
    >>> move.verdict.allowed, move.most, move.action.followers
    (True, 0, 0)
    >>> space_plays(state, "exit-w").save.verdict.message
    'West Exit has no Victim.'
    """
    return SpacePlays(state, space, steps=steps, followers=followers, reach=reach)


def moves(state: GameState, steps: int) -> dict[str, MovePlay]:
    """Move here for every space she can reach with ``steps`` spaces of movement (the board's
    highlights), with the default followers."""
    reach = maple_lane.reachable(state, MOVE_STEPS[1])
    return {
        space: space_plays(state, space, steps=steps, reach=reach).move
        for space in maple_lane.reachable(state, steps)
    }


# The whole screen --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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
        return verdict(self.state, _LOCATION_ADD)

    @cached_property
    def save_victim(self) -> Verdict:
        return verdict(self.state, _LOCATION_SAVED)

    @cached_property
    def victim_dies(self) -> Verdict:
        return verdict(self.state, _LOCATION_KILLED)

    @cached_property
    def take_item(self) -> Verdict:
        return verdict(self.state, _LOCATION_TAKE)

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
        return verdict(self.state, _NEXT_PHASE)

    @cached_property
    def counters(self) -> Mapping[tuple[CounterName, int], Verdict]:
        """Each counter's − and + (deltas -1 and 1)."""
        return {key: verdict(self.state, action) for key, action in _ADJUST.items()}

    @cached_property
    def discard_action_card(self) -> Verdict:
        return verdict(self.state, _DISCARD_ACTION_CARD)

    @cached_property
    def terror(self) -> Verdict:
        """May a Terror card be drawn now, whichever it is."""
        return _of_kind(self.state, DrawTerror, rounds.check_terror_now)

    @cached_property
    def killer_action(self) -> Mapping[bool, Verdict]:
        """His Killer Action, with the move icon (``True``) and without."""
        return {move: verdict(self.state, a) for move, a in _KILLER_ACTION.items()}

    @cached_property
    def fright_attacks(self) -> Mapping[Literal["final girl", "victim"], Verdict]:
        """He attacks her, or a Victim."""
        return {target: verdict(self.state, a) for target, a in _FRIGHT_ATTACKS.items()}

    @cached_property
    def attack_fright(self) -> Verdict:
        """She attacks him."""
        return verdict(self.state, _ATTACK_FRIGHT)

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
        return {cause: verdict(self.state, a) for cause, a in _FALL_ASLEEP.items()}

    @cached_property
    def reset_boiler_room(self) -> Verdict:
        """The Boiler Room's own reset button: the deck reset for Bloodlust (refused below his
        top row, recordable anyway); a card's reset is recorded with the card's effect."""
        return verdict(self.state, _RESET_FOR_BLOODLUST)

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
        return _of_kind(self.state, BoilerRoomEffect, dream.check_boiler_effect_now)

    @cached_property
    def dark_power(self) -> Verdict:
        """A Dark Power can be revealed now, whichever it is."""
        return _of_kind(self.state, RevealDarkPower, dream.check_dark_power_now)

    def reveal_dark_power(self, name: str) -> Verdict:
        return verdict(self.state, RevealDarkPower(name=name))

    @cached_property
    def finale(self) -> Verdict:
        """A Finale can be revealed now, whichever it is."""
        return _of_kind(self.state, RevealFinale, dream.check_finale_now)

    def reveal_finale(self, name: str) -> Verdict:
        return verdict(self.state, RevealFinale(name=name))

    @cached_property
    def final_health(self) -> Verdict:
        """Her Final Health token can be turned over now, whatever it shows."""
        return _of_kind(self.state, RevealFinalHealth, rounds.check_final_health_now)

    @cached_property
    def killer_final_health(self) -> Verdict:
        return _of_kind(self.state, RevealKillerFinalHealth, rounds.check_killer_final_health_now)

    @cached_property
    def events(self) -> Verdict:
        """An Event can be revealed now (each Event's own verdict: ``event``)."""
        return _of_kind(self.state, RevealEvent)

    def event(self, name: str) -> EventPlay:
        """Revealing the Event ``name``: its verdict whatever it asks, and what it asks."""
        state = self.state
        need = maple_lane.event_needs(name)
        return EventPlay(
            name=name,
            verdict=_of_kind(state, RevealEvent, lambda s: maple_lane.check_event_card(s, name)),
            need=need,
            question=maple_lane.event_question(name),
            targets=maple_lane.event_targets(state, name) if state.setup.on_maple_lane else (),
            action=RevealEvent(name=name) if need is None else None,
        )

    @cached_property
    def hit_by_car(self) -> Verdict:
        """ "They just got hit by a car!" can kill a Victim now (the space is chosen on the
        board: ``space_plays(...).hit_by_car``)."""
        return _of_kind(self.state, HitByCar, maple_lane.check_hit_by_car_now)

    @cached_property
    def ultimate(self) -> Verdict:
        return verdict(self.state, _ULTIMATE)

    @cached_property
    def top_cards(self) -> Mapping[QuadrantName, Verdict]:
        """Naming each quadrant deck's top card."""
        return {quadrant: verdict(self.state, a) for quadrant, a in _TOP_CARDS.items()}

    def held(self, index: int) -> HeldPlays:
        """The plays with her item at ``index``."""
        state = self.state

        def of(kind: type[BaseAction]) -> Verdict:
            return _of_kind(state, kind, lambda s: maple_lane.check_held(s, index))

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


# The legal-play generator ----------------------------------------------------------------------

# The values a Final Health token is offered with by the generator (blank, and a few numbers).
_FINAL_HEALTH_VALUES: tuple[int | None, ...] = (None, 1, 2, 3)
_TYPED_CARD = "A card the app does not know"
# The damage an attack is offered with by the generator (after her defence, or his).
_DAMAGE = (1, 2)


def _space_candidates(state: GameState) -> Iterator[Action]:
    table, board = state.table, state.board
    reach = maple_lane.reachable(state, MOVE_STEPS[1])
    for space in board.spaces:
        here = space_plays(state, space, reach=reach)
        move = here.move
        if move.offered:
            yield from (
                Move(to=space, steps=move.steps, followers=plain, specials=specials)
                for plain, specials in (move.choices or (NOBODY,))
            )
        yield RideBicycle(to=space)
        convince = here.convince
        if convince.offered:
            for option in convince.lines:
                yield option.action
                if option.take_item is not None:
                    yield Convince(house=space, result=option.line.id, take_item=True)
        search = here.search
        if search.offered:
            yield Search(house=space)
            if len(search.cards) == 2:
                for keep in (0, 1):
                    for other_to in ("top", "bottom"):
                        for deck in search.other_decks:
                            yield Search(
                                house=space,
                                names=(None, None),
                                keep=keep,
                                other_to=other_to,
                                other_quadrant=deck if len(search.other_decks) > 1 else None,
                            )
        for who in table.kinds_at(space):
            yield SaveVictims(space=space, who=who)
            yield KillVictim(space=space, who=who)
            yield HitByCar(space=space, who=who)
            for target in board.neighbours(space):
                yield MoveVictims(source=space, target=target, panic=True, who=who)
        yield AddVictims(space=space)
        yield Place(piece="dr fright", space=space)
        if table.final_girl is None:
            yield Place(piece="final girl", space=space)
    for quadrant in QUADRANT_NAMES:
        yield RecordTopCard(quadrant=quadrant, name=None)
    for index in range(len(table.held)):
        yield ToggleHand(index=index)
        yield DiscardItem(index=index)
        for quadrant in QUADRANT_NAMES:
            options = maple_lane.closest_open_quadrants(state, quadrant)
            yield ReturnItem(
                index=index,
                quadrant=quadrant,
                other_quadrant=options[0] if len(options) > 1 else None,
            )
    for name in EVENTS:
        need = maple_lane.event_needs(name)
        if need == "die":
            yield from (RevealEvent(name=name, die=die) for die in (1, 4))
        elif need is not None:
            targets = maple_lane.event_targets(state, name)
            yield from (RevealEvent(name=name, space=space) for space in targets)
            if not targets:
                yield RevealEvent(name=name)
        else:
            yield RevealEvent(name=name)


def _location_candidates(state: GameState) -> Iterator[Action]:
    yield from (_LOCATION_ADD, _LOCATION_SAVED, _LOCATION_KILLED, _LOCATION_TAKE)
    for index in range(len(state.table.held)):
        yield DiscardItem(index=index)
        yield ToggleHand(index=index)
        for position in ("top", "bottom"):
            yield PutBackLocationItem(index=index, position=position)


def candidates(state: GameState) -> Iterator[tuple[Action, Verdict]]:
    """Every play the screen offers now as one concrete action (one choice of each of its
    questions), with its verdict: allowed, refused or impossible. The corrections of the
    edit mode, the name and the notes are always at hand and are not listed."""
    yield from ((action, verdict(state, action)) for action in _candidates(state))


def _candidates(state: GameState) -> Iterator[Action]:
    yield _NEXT_PHASE
    yield from _ADJUST.values()
    yield _DISCARD_ACTION_CARD
    terror = (*KNOWN_TERROR, _TYPED_CARD)
    yield from (DrawTerror(name=name) for name in terror)
    yield from _KILLER_ACTION.values()
    yield from _FRIGHT_ATTACKS.values()
    yield from (DrFrightAttacks(target="final girl", damage=d) for d in _DAMAGE)
    yield _ATTACK_FRIGHT
    yield from (AttackDrFright(damage=d) for d in _DAMAGE)
    yield from (UseItem(index=index) for index in range(len(state.table.held)))
    yield VictimsPanic(count=1)
    yield _ULTIMATE
    powers = dream.dark_power_choices(state) or (_TYPED_CARD,)
    yield from (RevealDarkPower(name=name) for name in powers)
    finales = dream.finale_choices(state) or (_TYPED_CARD,)
    yield from (RevealFinale(name=name) for name in finales)
    yield from (RevealFinalHealth(value=value) for value in _FINAL_HEALTH_VALUES)
    yield from (RevealKillerFinalHealth(value=value) for value in _FINAL_HEALTH_VALUES)
    if state.setup.has_dr_fright:
        yield from _FALL_ASLEEP.values()
        yield _RESET
        if state.dream.mode == "screen":
            yield from _SLIDES.values()
        else:
            for direction in DIRECTIONS:
                yield from (Slide(direction=direction, report=r) for r in REPORTS)
        yield from (BoilerRoomEffect(effect=effect, card=_TYPED_CARD) for effect in BOILER_EFFECTS)
    if state.setup.on_maple_lane:
        yield from _space_candidates(state)
    else:
        yield from _location_candidates(state)


def legal_actions(state: GameState) -> Iterator[Action]:
    """The plays allowed now, one concrete action each (``candidates`` that the rules
    allow), as python-chess's ``legal_moves``.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> state = new_game(GameSetup(setup_card="Block Party"), seed=1)
    >>> sorted({action.kind for action in legal_actions(state)})[:4]
    ['add-victims', 'adjust', 'dark-power', 'discard-action']
    """
    return (action for action, answer in candidates(state) if answer.allowed)
