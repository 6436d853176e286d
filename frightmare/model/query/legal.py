"""The legal-play generator: every play the screen offers now as one concrete action, with
its verdict (``candidates``), and those the rules allow (``legal_actions``), as python-chess
keeps ``legal_moves`` beside ``push``."""

from __future__ import annotations

from collections.abc import Iterator

from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerRoomEffect,
    DrFrightAttacks,
    RevealDarkPower,
    RevealFinale,
    Slide,
    VictimsPanic,
)
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
    ToggleHand,
)
from frightmare.model.actions.location import PutBackLocationItem
from frightmare.model.actions.round import (
    KNOWN_TERROR,
    DrawTerror,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseItem,
)
from frightmare.model.box.board import QUADRANT_NAMES
from frightmare.model.dream.powers import dark_power_choices, finale_choices
from frightmare.model.game.boiler_room import DIRECTIONS
from frightmare.model.game.state import GameState
from frightmare.model.lane.events import event_needs, event_targets
from frightmare.model.lane.houses import closest_open_quadrants
from frightmare.model.lane.movement import reachable
from frightmare.model.query.controls import (
    ADJUST,
    ATTACK_FRIGHT,
    BOILER_EFFECTS,
    DISCARD_ACTION_CARD,
    FALL_ASLEEP,
    FRIGHT_ATTACKS,
    KILLER_ACTION,
    LOCATION_ADD,
    LOCATION_KILLED,
    LOCATION_SAVED,
    LOCATION_TAKE,
    NEXT_PHASE,
    REPORTS,
    RESET,
    SLIDES,
    ULTIMATE,
)
from frightmare.model.query.notes import MOVE_STEPS
from frightmare.model.query.space_plays import NOBODY, SpacePlays, space_plays
from frightmare.model.query.verdict import Verdict, verdict

# The values a Final Health token is offered with by the generator (blank, and a few numbers).
_FINAL_HEALTH_VALUES: tuple[int | None, ...] = (None, 1, 2, 3)
_TYPED_CARD = "A card the app does not know"
# The damage an attack is offered with by the generator (after her defence, or his).
_DAMAGE = (1, 2)


def _space_candidates(state: GameState) -> Iterator[Action]:
    table, board = state.table, state.board
    reach = reachable(state, MOVE_STEPS[1])
    for space in board.spaces:
        here = space_plays(state, space, reach=reach)
        move = here.move
        if move.offered:
            yield from (
                Move(to=space, steps=move.steps, followers=plain, specials=specials)
                for plain, specials in (move.choices or (NOBODY,))
            )
        yield RideBicycle(to=space)
        yield from _convince_candidates(here)
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
            options = closest_open_quadrants(state, quadrant)
            yield ReturnItem(
                index=index,
                quadrant=quadrant,
                other_quadrant=options[0] if len(options) > 1 else None,
            )
    for name in EVENTS:
        need = event_needs(name)
        if need == "die":
            yield from (RevealEvent(name=name, die=die) for die in (1, 4))
        elif need is not None:
            targets = event_targets(state, name)
            yield from (RevealEvent(name=name, space=space) for space in targets)
            if not targets:
                yield RevealEvent(name=name)
        else:
            yield RevealEvent(name=name)


def _convince_candidates(here: SpacePlays) -> Iterator[Action]:
    """The Convince plays, from her own space (the card is played from where she stands):
    each line of each House she may Convince her way into, and with the top Item where the
    line allows it. Her space's plays hold the House's own (``convince_into``)."""
    for house, convince in here.convince_into:
        for option in convince.lines:
            yield option.action
            if option.take_item is not None:
                yield Convince(house=house, result=option.line.id, take_item=True)


def _location_candidates(state: GameState) -> Iterator[Action]:
    yield from (LOCATION_ADD, LOCATION_SAVED, LOCATION_KILLED, LOCATION_TAKE)
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
    yield NEXT_PHASE
    yield from ADJUST.values()
    yield DISCARD_ACTION_CARD
    terror = (*KNOWN_TERROR, _TYPED_CARD)
    yield from (DrawTerror(name=name) for name in terror)
    yield from KILLER_ACTION.values()
    yield from FRIGHT_ATTACKS.values()
    yield from (DrFrightAttacks(target="final girl", damage=d) for d in _DAMAGE)
    yield ATTACK_FRIGHT
    yield from (AttackDrFright(damage=d) for d in _DAMAGE)
    yield from (UseItem(index=index) for index in range(len(state.table.held)))
    yield VictimsPanic(count=1)
    yield ULTIMATE
    powers = dark_power_choices(state) or (_TYPED_CARD,)
    yield from (RevealDarkPower(name=name) for name in powers)
    finales = finale_choices(state) or (_TYPED_CARD,)
    yield from (RevealFinale(name=name) for name in finales)
    yield from (RevealFinalHealth(value=value) for value in _FINAL_HEALTH_VALUES)
    yield from (RevealKillerFinalHealth(value=value) for value in _FINAL_HEALTH_VALUES)
    if state.setup.has_dr_fright:
        yield from FALL_ASLEEP.values()
        yield RESET
        if state.dream.mode == "screen":
            yield from SLIDES.values()
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
