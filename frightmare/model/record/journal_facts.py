"""What one game's journal shows, read in one pass (``read_journal``): the Boiler Room's
figures, Maple Lane's, and the evidence of each published achievement the journal can show
(``journal_marks``: how far the game got, and the questions to ask the player). Read from the
typed actions and the typed events each produced, never their English text and never a
comparison of two states.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from frightmare.model.actions.journal import Action
    from frightmare.model.actions.lane import Search
    from frightmare.model.actions.round import AdjustCounter
    from frightmare.model.game.state import EventKind, GameState
    from frightmare.model.history import History


ASK = -1  # a ``player`` achievement this game could have earned, not answered yet ("id=?")
DR_FRIGHT, MAPLE_LANE = "Dr. Fright", "Maple Lane"
# The Item the trap achievement names, as this box's Item list spells it and as the
# achievement does (rules notes: one source calls the card "Junk").
ODDS_AND_ENDS = frozenset({"junk", "odds and ends"})
CRUCIFIX = "crucifix"


@dataclass
class JournalFacts:
    """What one game's journal shows, up to its cursor: the Boiler Room figures and every
    achievement's evidence. Read from the typed actions and the typed events they produced."""

    killer_is_fright: bool = False
    on_maple_lane: bool = False
    # Dr. Fright's figures.
    fell_asleep: int = 0
    boiler_cards: int = 0
    boiler_attacks: int = 0
    deck_resets: int = 0
    full_dreams: int = 0
    full_dream_attacks: int = 0
    clean_escapes: int = 0
    most_cards_in_a_round: int = 0
    never_really_dead: bool = False
    unhurt_stays: int = 0
    damaged_awake: bool = False
    rest_to_sleep: bool = False
    # Maple Lane's.
    convince_attempts: int = 0
    convince_successes: int = 0
    convince_results: dict[str, int] = field(default_factory=dict)
    items_found: int = 0
    houses: set[str] = field(default_factory=set)
    quadrants: dict[str, set[str]] = field(default_factory=dict)
    item_by_convince: bool = False
    crucifixes: int = 0
    odds_and_ends: bool = False  # she may have held an Odds and Ends (named, or unnamed)
    cop_car_saves: int = 0
    events_revealed: int = 0
    roadblock_exits: set[str] = field(default_factory=set)
    victims_placed: int = 0
    victims_killed: int = 0

    @property
    def most_houses_in_a_quadrant(self) -> int:
        return max((len(h) for h in self.quadrants.values()), default=0)


CONVINCE_SUCCESSES = frozenset({"3+", "2", "1"})


def read_journal(history: History) -> JournalFacts:
    """Everything ``JournalFacts`` holds, in one pass over the journal."""
    reading = _Reading(history)
    actions = history.actions
    for index in range(history.cursor):
        reading.step(actions[index], history.state_at(index), history.state_at(index + 1))
    reading.facts.most_cards_in_a_round = max(reading.per_round.values(), default=0)
    return reading.facts


class _Reading:
    """``read_journal``'s pass: the facts so far, and what it keeps from one step to the next."""

    def __init__(self, history: History) -> None:
        start = history.start
        self.facts = JournalFacts(
            killer_is_fright=start.setup.has_dr_fright,
            on_maple_lane=start.setup.on_maple_lane,
            victims_placed=start.table.total_victims(),
        )
        self.board = start.board
        self.per_round: dict[int, int] = defaultdict(int)
        self.attacks_this_deck = 0  # Boiler Room attacks since the deck was last fresh
        self.hurt_this_stay = False  # her Health lost since she fell Asleep
        self.attacked_this_stay = 0  # his attacks on her since she fell Asleep (the clean escape)

    def step(self, action: Action, before: GameState, after: GameState) -> None:
        """One journal step: ``action`` took the game from ``before`` to ``after``."""
        # Imported here: the session picker reads the record without loading the actions.
        from frightmare.model.actions.dream import FallAsleep
        from frightmare.model.actions.lane import AddVictims, Convince, RevealEvent, Search
        from frightmare.model.actions.round import AdjustCounter, DrawTerror
        from frightmare.model.actions.steps import EventStep

        kinds: dict[EventKind, int] = defaultdict(int)
        for event in after.events:
            kinds[event.kind] += 1
        adjusted = action if isinstance(action, AdjustCounter) else None
        self._hurt(adjusted, before, after, by_terror=isinstance(action, DrawTerror))
        rest = isinstance(action, FallAsleep) and action.cause in ("short rest", "long rest")
        self._boiler_room(kinds, before, rested_to_sleep=rest)
        # Maple Lane.
        facts = self.facts
        if isinstance(action, Convince):
            facts.convince_attempts += 1
            facts.convince_successes += action.result in CONVINCE_SUCCESSES
            facts.convince_results[action.result] = facts.convince_results.get(action.result, 0) + 1
        if isinstance(action, Search):
            self._search(action)
        self._maple_lane_events(after, by_convince=isinstance(action, Convince))
        if isinstance(action, AddVictims):
            facts.victims_placed += action.count
        if isinstance(action, RevealEvent):
            facts.events_revealed += 1
        # cards: an Event a Terror card had her draw, revealed in the card's own step.
        if isinstance(action, DrawTerror):
            facts.events_revealed += sum(isinstance(step, EventStep) for step in action.steps or ())

    def _hurt(
        self,
        adjusted: AdjustCounter | None,
        before: GameState,
        after: GameState,
        *,
        by_terror: bool,
    ) -> None:
        """Her Health lost (since she fell Asleep), and his while she was Awake."""
        # Her Health lost: damage she took (an attack, a card), a counter step, or a card's
        # line that costs Health.
        if adjusted is not None and adjusted.counter == "health" and adjusted.delta < 0:
            self.hurt_this_stay = True
        if any(
            (e.kind == "you-are-hurt" and e.count > 0) or (e.kind == "health" and e.count < 0)
            for e in after.events
        ):
            self.hurt_this_stay = True
        if self.facts.killer_is_fright and before.dream.awake and not by_terror:
            # Damage she dealt him (his own, from a Terror card, is not hers).
            hurts_him = any(
                e.kind == "killer-hurt" and e.name == DR_FRIGHT and e.count > 0
                for e in after.events
            ) or (
                adjusted is not None and adjusted.counter == "killer health" and adjusted.delta < 0
            )
            if hurts_him:
                self.facts.damaged_awake = True

    def _boiler_room(
        self, kinds: Mapping[EventKind, int], before: GameState, *, rested_to_sleep: bool
    ) -> None:
        """Dr. Fright's figures: falling Asleep, the cards slid, his attacks, whole dreams,
        resets, waking up (with or without an attack on her), Never Really Dead."""
        facts = self.facts
        if kinds["fell-asleep"]:
            facts.fell_asleep += kinds["fell-asleep"]
            self.attacks_this_deck = self.attacked_this_stay = 0
            self.hurt_this_stay = False
            if rested_to_sleep:
                facts.rest_to_sleep = True
        if kinds["slide"]:
            facts.boiler_cards += kinds["slide"]
            self.per_round[before.round] += kinds["slide"]
        facts.boiler_attacks += kinds["attack"]
        self.attacks_this_deck += kinds["attack"]
        self.attacked_this_stay += kinds["attack"] + kinds["killer-attacks-you"] * (
            not before.dream.awake
        )
        if kinds["slide"] and (kinds["woke"] or kinds["deck-reset"]):
            facts.full_dreams += 1
            facts.full_dream_attacks += self.attacks_this_deck
        if kinds["deck-reset"] and not kinds["slide"]:
            facts.deck_resets += kinds["deck-reset"]
        if kinds["deck-reset"] or kinds["woke"]:
            self.attacks_this_deck = 0
        if kinds["woke"]:
            facts.clean_escapes += self.attacked_this_stay == 0
            facts.unhurt_stays += not self.hurt_this_stay
            self.attacked_this_stay = 0
            self.hurt_this_stay = False
        if kinds["killer-final-health-due"]:
            facts.never_really_dead = True

    def _search(self, action: Search) -> None:
        """A House searched: the Item found, the House and its quadrant, a Crucifix or an Odds
        and Ends drawn."""
        facts, board = self.facts, self.board
        facts.items_found += 1
        facts.houses.add(action.house)
        if board.is_house(action.house):
            facts.quadrants.setdefault(board.quadrant(action.house), set()).add(action.house)
        drawn = [n for n in action.names]
        facts.crucifixes += sum((n or "").casefold() == CRUCIFIX for n in drawn)
        kept = drawn[action.keep] if action.keep < len(drawn) else None
        facts.odds_and_ends |= kept is None or kept.casefold() in ODDS_AND_ENDS

    def _maple_lane_events(self, after: GameState, *, by_convince: bool) -> None:
        """What a step's events tell of Maple Lane: an Item taken by Convince, the Cop Car's
        saves, Road Blocks, Victims placed and killed."""
        facts = self.facts
        for event in after.events:
            if event.kind == "item-taken" and by_convince:
                facts.items_found += 1
                facts.item_by_convince = True
                facts.crucifixes += event.name.casefold() == CRUCIFIX
                facts.odds_and_ends |= event.name.casefold() in ODDS_AND_ENDS | {"unknown item"}
            elif event.kind == "cop-car-arrives":
                facts.cop_car_saves += event.count
            elif event.kind == "roadblock":
                facts.roadblock_exits.update(s for s in event.spaces if self.board.is_exit(s))
            elif event.kind == "new-victims":
                facts.victims_placed += event.count * max(1, len(event.spaces))
            elif event.kind == "special-victims":
                facts.victims_placed += max(1, event.count)
            elif event.kind == "victim-died":
                facts.victims_killed += event.count


# What a game earns ------------------------------------------------------------------------


def _needs_fright(facts: JournalFacts) -> bool:
    return facts.killer_is_fright


def _log_marks(facts: JournalFacts) -> dict[str, int]:
    """The ``log`` achievements' progress in this game (only those its halves can earn)."""
    marks: dict[str, int] = {}
    if facts.killer_is_fright:
        marks["fright-boiler-room-unhurt"] = min(1, facts.unhurt_stays)
        marks["fright-damage-while-awake"] = int(facts.damaged_awake)
        marks["fright-three-boiler-cards-one-round"] = facts.most_cards_in_a_round
        marks["fright-rest-to-sleep"] = int(facts.rest_to_sleep)
    if facts.on_maple_lane:
        marks["maple-saved-by-cop-car"] = min(1, facts.cop_car_saves)
        marks["maple-search-each-quadrant"] = len(facts.quadrants)
        marks["maple-item-by-convince"] = int(facts.item_by_convince)
        marks["maple-search-whole-quadrant"] = facts.most_houses_in_a_quadrant
        marks["maple-two-crucifixes"] = facts.crucifixes
    return marks


def _win_marks(facts: JournalFacts, won: bool) -> dict[str, int]:
    """The ``log`` achievements that also need a win (their evidence counts only then)."""
    if not facts.on_maple_lane:
        return {}
    half = facts.victims_placed and 2 * facts.victims_killed >= facts.victims_placed
    return {
        "maple-three-events-win": facts.events_revealed if won else 0,
        "maple-half-victims-killed-win": int(bool(won and half)),
        "maple-two-road-blocks-win": len(facts.roadblock_exits) if won else 0,
    }


def _askable(facts: JournalFacts) -> list[str]:
    """The ``player`` achievements this game could have earned: hitting back needs a Boiler
    Room attack; the trap needs an Odds and Ends she may have held (named, or unnamed)."""
    asked = []
    if facts.killer_is_fright and facts.boiler_attacks:
        asked.append("fright-boiler-room-hit-back")
    if facts.on_maple_lane and facts.odds_and_ends:
        asked.append("maple-booby-trap-kill")
    return asked


def journal_marks(history: History) -> dict[str, int]:
    """One game's marks from its journal: how far it got on each ``log`` achievement, and
    the ``player`` ones to ask about (``ASK``)."""
    facts = read_journal(history)
    won = history.state.result == "win"
    # A journal achievement with no progress is left out: the line stays short, and
    # Statistics reads fewer marks (no mark reads as 0).
    progress = {k: v for k, v in {**_log_marks(facts), **_win_marks(facts, won)}.items() if v}
    return {**progress, **dict.fromkeys(_askable(facts), ASK)}
