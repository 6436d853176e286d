"""The game state: one immutable value holding everything the table shows."""

from __future__ import annotations

import random
from dataclasses import field, fields, replace
from typing import Literal, TypedDict, Unpack, get_args

from frightmare.i18n import N_, _
from frightmare.model.box.board import Board, QuadrantName, default_board
from frightmare.model.box.card_data import CardBook, default_cards
from frightmare.model.box.cards import AnyDarkPower, AnyFinale, AnyTerror
from frightmare.model.box.numbers import BoxValues, box_values
from frightmare.model.game.boiler_room import QUADRANTS, Quadrant, Reveal, Stack, consistent_orders
from frightmare.model.game.lasting import Lasting, MinorPower
from frightmare.model.game.setup import DeckMode, GameSetup
from frightmare.model.game.table import Counts, LocationTable, Table, new_decks
from frightmare.model.values import frozen

MAX_NAME_LENGTH = 120
MAX_NOTES_LENGTH = 20_000

Phase = Literal["action", "planning", "killer", "panic", "upkeep"]
PHASES: tuple[Phase, ...] = get_args(Phase)
# Shown with ``_`` (``phase_name``).
PHASE_NAMES: dict[Phase, str] = {
    "action": N_("Action"),
    "planning": N_("Planning"),
    "killer": N_("Killer"),
    "panic": N_("Panic"),
    "upkeep": N_("Upkeep"),
}


def phase_name(phase: Phase) -> str:
    """A phase's name as the player reads it ("Planning")."""
    return _(PHASE_NAMES[phase])


def shuffled_order(seed: int, shuffle: int) -> tuple[Quadrant, ...]:
    """Where Dr. Fright is on each Boiler Room card after the ``shuffle``-th shuffle.

    Derived from the session's seed and a counter, so a replayed journal deals the same.
    """
    order = list(QUADRANTS)
    random.Random(f"{seed}:boiler-room:{shuffle}").shuffle(order)
    return tuple(order)


@frozen
class Dream:
    """Awake or Asleep, and the Boiler Room deck.

    ``order`` is where Dr. Fright hides on each card when the app deals the deck on screen;
    with the physical deck the app does not know it (``None``) and learns from the reports.
    ``finished`` is how the last dream's cards lay when it ended (shown until the next slide).
    """

    awake: bool = True
    mode: DeckMode = "screen"
    order: tuple[Quadrant, ...] | None = None
    reveals: tuple[Reveal, ...] = ()
    shuffles: int = 0
    asleep_for_good: bool = False
    killer_card_resolved: bool = False
    attacks: int = 0
    finished: tuple[Reveal, ...] = ()
    # "unless a game effect changes this": more cards this Killer phase, or the rest at once.
    extra_cards: int = 0
    rest_at_once: bool = False
    # The Boiler Room cards resolved this Killer phase (the checklist counts them).
    killer_cards: int = 0
    # A card slid showed him and his attack is not recorded yet (a duty of the phase).
    attack_open: bool = False

    @property
    def stack(self) -> Stack:
        return Stack.after(r.direction for r in self.reveals)

    @property
    def knowledge(self) -> int:
        """Bitmask of the card orders that agree with what this dream has shown."""
        return consistent_orders(self.reveals)


EventKind = Literal[
    # The Boiler Room, Awake and Asleep.
    "slide",
    "attack",
    "woke",
    "fell-asleep",
    "deck-reset",
    "boiler-card-due",
    "extra-boiler-card",
    "no-boiler-card",
    "rest-of-deck",
    "asleep-for-good",
    # Victims and the end.
    "victim-died",
    "victim-saved",
    "victims-panic",
    "final-health-due",
    "killer-final-health-due",
    "fight-on",
    "killer-rises",
    "game-over",
    "killer-token-offer",
    "killer-token-blank",
    # The round and its counters.
    "phase",
    "time-reset",
    "no-panic-phase",
    "duty-left",
    "action-phase-ends",
    "not-action-phase",
    "time",
    "health",
    "horror-at-top",
    "horror-at-bottom",
    "box-value",
    # Dark Power, Finale, Bloodlust.
    "dark-power-due",
    "dark-power",
    "bloodlust-maximum",
    "bloodlust-row",
    "shock-factor",
    "shock-factor-limit",
    "pitchfork-assault",
    "finale-due",
    "finale",
    "kill-victims",
    "killer-leaves-board",
    # Attacks and the Killer Action.
    "killer-attacks-victim",
    "killer-attacks-you",
    "your-attack",
    "attack-from-any-space",
    "attack-reach",
    "killer-moves",
    "no-move-icon",
    "attack-becomes-victim",
    # Terror cards.
    "terror-redraw",
    "terror-choose-victim",
    "terror-attack-line",
    "terror-other-line",
    "terror-either-line",
    "terror-as-printed",
    "last-terror",
    # Her Ultimate.
    "ultimate",
    "ultimate-again",
    "save-slots-open",
    # Items and Houses.
    "bicycle-placed",
    "item-deck-empty",
    "item-to-deck",
    "record-top-card",
    "item-taken",
    "let-in",
    "return-convince-card",
    # Maple Lane's Events.
    "event-as-printed",
    "event-discarded",
    "special-victims",
    "new-victims",
    "intersection-panics",
    "step-into-houses",
    "step-out-of-houses",
    "cop-car",
    "cop-car-drives",
    "cop-car-arrives",
    "roadblock",
    "convince-dice",
    "fire",
    "fire-deaths",
    "caught-in-fire",
    # A one-source fact of the board file that disagrees with the play.
    "data-warning",
    # What a card, his Killer Action, Panic or an attack did, step by step.
    "victim-killed",
    "victims-panicked",
    "victim-unsaved",
    "you-are-hurt",
    "killer-hurt",
    "minor-power",
    "minor-power-awake",
    "minor-power-gone",
    "lasting-effect",
    "lasting-ends",
    "card-step",
    "token",
    "item-discarded",
    "killer-path",
    "awake-block-lifted",
    "bicycle-choose-street",
    "item-used",
    "terror-steps",
    "terror-another",
]
EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)


@frozen
class Event:
    """What an action did, typed: the window and the tests react to ``kind`` (an attack to
    resolve, waking up), never to the wording; ``text`` is the player's sentence. The data,
    when the kind has it: ``count`` a number (Victims that died, the card revealed, the
    round), ``total`` what it is out of (save slots), ``name`` a card, Item, phase or piece
    (a slide's direction), ``spaces`` the board's spaces, ``quadrant`` an Item deck's."""

    kind: EventKind
    text: str
    count: int = 0
    total: int = 0
    name: str = ""
    spaces: tuple[str, ...] = ()
    quadrant: QuadrantName | None = None


class EventData(TypedDict, total=False):
    """An event's data beyond its count (see ``Event``)."""

    total: int
    name: str
    spaces: tuple[str, ...]
    quadrant: QuadrantName | None


def emit(
    state: GameState, kind: EventKind, text: str, count: int = 0, **data: Unpack[EventData]
) -> GameState:
    """``state`` with one more event of the current action (and no line for the player)."""
    return replace(state, events=(*state.events, Event(kind, text, count, **data)))


def say(
    state: GameState, kind: EventKind, text: str, count: int = 0, **data: Unpack[EventData]
) -> GameState:
    """``state`` with one more line for the player (``log``) and the typed event it is the
    text of: every line the player reads comes with its kind."""
    return replace(emit(state, kind, text, count, **data), log=(*state.log, text))


def same_game(one: GameState, other: GameState) -> bool:
    """Whether two states are the same game, the words of what just happened aside (its
    lines, its events' texts): those are in the language of the app that played it, and a
    game saved in English is the same game replayed in German."""
    if one == other:
        return True
    if any(getattr(one, f.name) != getattr(other, f.name) for f in _NOT_WORDS):
        return False
    return [replace(e, text="") for e in one.events] == [replace(e, text="") for e in other.events]


FinalHealth = Literal["hidden", "blank", "used"]
Due = Literal["final-health", "killer-final-health", "finale"]
Result = Literal["win", "loss"]


@frozen
class Counters:
    """The numbers the round tracker keeps (ranges come from the game's ``BoxValues``)."""

    time: int = 6
    health: int = 4
    horror: int = 4
    killer_health: int = 9
    bloodlust: int = 0
    terror_left: int = 10
    victims_saved: int = 0
    victims_killed: int = 0
    died_this_round: int = 0
    final_health: FinalHealth = "hidden"
    killer_final_health: FinalHealth = "hidden"
    ultimate_used: bool = False


@frozen
class GameState:
    """A snapshot of one game. Never changed in place: rules return a new one.

    ``log`` holds what the last action did beyond itself (an attack to resolve, waking up),
    for the window to show; ``events`` says the same as typed events, for the window to react
    to: each line of ``log`` is the text of one event, both written by ``say``. ``due`` names
    what the rules require before play goes on ("final-health", "killer-final-health",
    "finale").

    >>> state = new_game(GameSetup(final_girl="Sheila"), seed=7)
    >>> state.name, state.dream.awake
    ('Sheila vs Dr. Fright', True)
    """

    setup: GameSetup
    seed: int
    name: str
    notes: str = ""
    round: int = 1
    phase: Phase = "action"
    dream: Dream = field(default_factory=Dream)
    dark_power: AnyDarkPower | None = None
    finale: AnyFinale | None = None
    shock_kills_this_round: int = 0
    log: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    table: Table = field(default_factory=Table)
    counters: Counters = field(default_factory=Counters)
    box: BoxValues = field(default_factory=BoxValues)
    terror_drawn: tuple[AnyTerror, ...] = ()
    terror_this_round: bool = False
    killer_action_done: bool = False
    # A Panic recorded in this round's Panic phase (its checklist item ticks).
    panic_recorded: bool = False
    # A Terror card drawn by name whose choice is still to record (the car's Victim).
    card_open: AnyTerror | None = None
    due: frozenset[Due] = frozenset()
    result: Result | None = None
    ended_round: int | None = None
    board: Board = field(default_factory=default_board, compare=False, repr=False)
    # Effects in force for a while (a card's lasting part, the Awake block lifted), and the
    # Minor Dark Powers in play with their Health.
    lasting: tuple[Lasting, ...] = ()
    minor_powers: tuple[MinorPower, ...] = ()
    # His Killer Actions recorded since the Finale was revealed (Everyone Must Die's kills).
    finale_actions: int = 0
    # The cards file the game reads its cards from (the player's corrected copy, if any).
    cards: CardBook = field(default_factory=default_cards, compare=False, repr=False)
    # Another Location's plain table (None on Maple Lane, whose pieces are in ``table``).
    location: LocationTable | None = None

    @property
    def asleep(self) -> bool:
        return not self.dream.awake

    @property
    def over(self) -> bool:
        return self.result is not None


def new_game(
    setup: GameSetup,
    seed: int,
    name: str | None = None,
    board: Board | None = None,
    cards: CardBook | None = None,
) -> GameState:
    """The state at the start of a game set up as ``setup``.

    With a Setup card, the Final Girl, Dr. Fright and the Victims are placed from it; without
    one the player places them.
    """
    board = board or default_board()
    chosen = " ".join((name or "").split()) or setup.default_name()
    dream = Dream(
        mode=setup.boiler_deck,
        order=shuffled_order(seed, 0) if setup.boiler_deck == "screen" else None,
    )
    table = Table(decks=new_decks(names=setup.face_up_items))
    card = board.setups.get(setup.setup_card or "")
    if card is not None:
        table = replace(
            table, final_girl=card.final_girl, killer=card.killer, victims=Counts(card.victims)
        )
    box = box_values(setup.final_girl, setup.killer)
    if setup.final_girl_health is not None:  # read from her own card at setup
        box = box.with_value("health", setup.final_girl_health)
    counters = Counters(
        time=box.time_per_round,
        health=box.health,
        horror=box.horror_start,
        killer_health=box.killer_health,
        terror_left=box.terror_cards,
    )
    state = GameState(
        setup=setup,
        seed=seed,
        name=chosen[:MAX_NAME_LENGTH],
        dream=dream,
        table=table,
        counters=counters,
        box=box,
        board=board,
        cards=cards or default_cards(),
    )
    return _with_its_halves(state)


def _with_its_halves(state: GameState) -> GameState:
    """A new game with only the halves of the box in play: another Location gets a plain
    table instead of Maple Lane's pieces and decks; another Killer gets the Health entered at
    setup."""
    setup = state.setup
    if not setup.has_dr_fright and setup.killer_health is not None:
        state = replace(
            state,
            box=state.box.with_value("killer_health", setup.killer_health),
            counters=replace(state.counters, killer_health=setup.killer_health),
        )
    if not setup.on_maple_lane:
        state = replace(state, table=Table(), location=LocationTable())
    return state


# Every field of a state but its lines and its events (``same_game``).
_NOT_WORDS = tuple(f for f in fields(GameState) if f.name not in ("log", "events"))
