"""The Terror cards a game can draw, and what the app says of a card (its summary, how sure we
are of it, whether its name is a translation).

The cards come from the game's cards file (``state.cards``: the packaged one, or the player's
corrected copy): Dr. Fright's 16 when he is the Killer, Maple Lane's 8 when she plays there.
Any other name may be typed ("the table is the truth") and is resolved as printed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from frightmare.model.actions.steps import (
    AddVictimsStep,
    AnotherTerrorStep,
    BoilerStep,
    CardStep,
    CounterStep,
    DiscardStep,
    EventStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
    LastingStep,
    MinorPowerStep,
    NoteStep,
    PanicStep,
    RedrawStep,
    RoadblockStep,
    SleepStep,
    StepCounter,
    TokenStep,
    UnsaveStep,
)
from frightmare.model.box.card_data import (
    CONFIDENCE_NAMES,
    KIND_TITLES,
    CardData,
    Confidence,
    KillerActionData,
    KillerTarget,
    Step,
    confidence_of,
)
from frightmare.model.box.cards import CRUCIFIX, DR_FRIGHT, MAPLE_LANE, ODDS_AND_ENDS, TypedName
from frightmare.model.cards.card_steps import apply_steps
from frightmare.model.errors import anyway
from frightmare.model.game.lasting import LASTING_NAMES, UNTIL_NAMES
from frightmare.model.game.state import GameState
from frightmare.model.game.table import Table, VictimKind
from frightmare.model.lane.events import (
    EVENT_QUESTIONS,
    check_event_card,
    event_needs,
    event_targets,
)
from frightmare.model.lane.killer import (
    HER_DAMAGE,
    attack_blocked,
    killer_distances,
    plan_killer_action,
)
from frightmare.model.wording import counted

TRANSLATED_NOTE = (
    "Name translated from another edition: your English card may differ (correct it in your "
    "copy of cards.json)."
)

# The card lists' mark for a translated name (italics), said once under the list.
TRANSLATED_LEGEND = "In italics: a name translated from another edition (your card may differ)."

UNKNOWN_CARD_NOTE = (
    "A card the app does not know: resolve it as printed (the app tracks that it is out)."
)


def terror_cards(state: GameState) -> tuple[CardData, ...]:
    """The Terror cards of the halves of the box in this game, in the box's order."""
    cards = state.cards
    chosen: list[CardData] = []
    if state.setup.has_dr_fright:
        chosen += cards.of_kind("terror", box=DR_FRIGHT)
    if state.setup.on_maple_lane:
        chosen += cards.of_kind("terror", box=MAPLE_LANE)
    return tuple(chosen)


def find_terror(state: GameState, text: str) -> CardData | None:
    """The Terror card ``text`` names among this game's (by any of its names), or ``None``."""
    card = state.cards.find("terror", text)
    return card if card is not None and card in terror_cards(state) else None


def card_note(card: CardData) -> str:
    """What the app says of ``card``: what it does (in the app's words), how sure we are,
    and whether its name is a translation.

    >>> from frightmare.model.box.card_data import default_cards
    >>> print(card_note(default_cards().by_id["Ewwww! That's disgusting!"]).splitlines()[:2])
    ['Terror card. +2 Horror, and nothing else.', 'Source: one unofficial source.']
    """
    lines = [f"{KIND_TITLES[card.kind]}. {card.summary}"]
    if card.doubt:
        lines.append(f"Doubt: {card.doubt}")
    lines.append(f"Source: {CONFIDENCE_NAMES[card.confidence]}.")
    if card.translated:
        lines.append(TRANSLATED_NOTE)
    return "\n".join(lines)


# Planning a card: what it does on this table, step by step ---------------------------------

ChoiceKind = Literal["space", "who", "number", "option", "event"]
Answer = str | int
Choices = Mapping[tuple[int, str], Answer]


@dataclass(frozen=True, slots=True)
class Choice:
    """What a step leaves to the player: ``key`` names it within the step; ``options`` the
    spaces, Victims or options to pick from (a ``number`` ranges over ``low``..``high``);
    ``default`` is the app's proposal; ``labels`` what each option reads as (else a space's
    name, or the option itself).

    ``open``: the card leaves it to the player (which Victim, which of two tied Exits, a die,
    the damage she takes after her defence); else the rules decide it and ``default`` is the
    app's reading of the board (where he stops on his way to the closest target), which the
    player may still correct. Only what ``asks`` needs the player's word.
    """

    key: str
    kind: ChoiceKind
    question: str
    default: Answer
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    open: bool = True
    labels: tuple[str, ...] = ()

    @property
    def shown(self) -> bool:
        """Worth a control: a number, or more than one option to pick from."""
        return self.kind == "number" or len(self.options) > 1

    @property
    def asks(self) -> bool:
        """The player must say: the card leaves it open, and there is something to pick."""
        return self.open and self.shown

    def label(self, option: str) -> str:
        """What ``option`` reads as in a list (a space is named by the caller)."""
        if option in self.options and len(self.labels) == len(self.options):
            return self.labels[self.options.index(option)]
        return option


@dataclass(frozen=True, slots=True)
class PlannedStep:
    """One of the card's steps on this table: what it does (``text``), how sure we are,
    whether it applies now, the concrete steps it records, and the choices it leaves open."""

    index: int
    text: str
    confidence: Confidence
    applies: bool
    records: tuple[CardStep, ...] = ()
    choices: tuple[Choice, ...] = ()
    guided: bool = False


@dataclass(frozen=True, slots=True)
class CardPlan:
    card: CardData
    steps: tuple[PlannedStep, ...]

    @property
    def redraw(self) -> bool:
        return any(isinstance(r, RedrawStep) for s in self.steps for r in s.records)

    def records(self, skipped: frozenset[int] = frozenset()) -> tuple[CardStep, ...]:
        """The concrete steps to record (``skipped``: the steps the player unticked)."""
        return tuple(
            r for s in self.steps if s.applies and s.index not in skipped for r in s.records
        )

    def asking(self, skipped: frozenset[int] = frozenset()) -> tuple[tuple[int, Choice], ...]:
        """The choices the card leaves to the player on this table (step index, choice)."""
        return tuple(
            (s.index, c)
            for s in self.steps
            if s.applies and s.index not in skipped
            for c in s.choices
            if c.asks
        )


def plan_card(
    state: GameState,
    card: CardData,
    choices: Choices | None = None,
    skipped: frozenset[int] = frozenset(),
    at: str | None = None,
) -> CardPlan:
    """What ``card`` does on this table now, step by step, with the player's ``choices`` (keyed
    by step index and choice key) and without the steps they ``skipped``: each step is planned
    on the table as the steps before it left it. ``at``: a space the player chose on the board
    just before; the card's first open choice of a space it may answer takes it as said."""
    chosen: dict[tuple[int, str], Answer] = dict(choices or {})
    start = state
    scratch = state
    planned: list[PlannedStep] = []
    track = _Track()
    for index, step in enumerate(card.steps):
        confidence = confidence_of(card, step)
        applies = _when(start, step) and _only_if(scratch, step, track)
        if not applies:
            planned.append(PlannedStep(index, _text(state, card, step), confidence, False))
            continue
        made = _plan_step(scratch, card, step, index, chosen, track)
        if at is not None:
            made, at = _answered_by_board(scratch, card, step, index, chosen, track, made, at)
        planned.append(replace(made, confidence=confidence))
        if index not in skipped:
            scratch = _scratch(scratch, made.records, card)
            track.note(made.records, scratch)
        if made.records and isinstance(made.records[0], RedrawStep) and index not in skipped:
            break
        if any(isinstance(r, DiscardStep) for r in made.records) and step.do == "crucifix":
            break  # the Crucifix cancels the rest of the card
    if card.minor_dark_power and not any(
        isinstance(r, RedrawStep) for s in planned for r in s.records
    ):
        health = card.minor_dark_power
        planned.append(
            PlannedStep(
                len(card.steps),
                f"It stays in play as a Minor Dark Power with {health} Health",
                card.confidence,
                True,
                (MinorPowerStep(health=health),),
            )
        )
    return CardPlan(card, tuple(planned))


def _answered_by_board(
    state: GameState,
    card: CardData,
    step: Step,
    index: int,
    chosen: dict[tuple[int, str], Answer],
    track: _Track,
    made: PlannedStep,
    at: str,
) -> tuple[PlannedStep, str | None]:
    """The step planned again with the board's space as the answer to its first open choice
    of a space that may take it (then that choice is said, no longer asked); the space is
    used once."""
    pick = next((c for c in made.choices if c.asks and c.kind == "space" and at in c.options), None)
    if pick is None:
        return made, at
    chosen.setdefault((index, pick.key), at)
    again = _plan_step(state, card, step, index, chosen, track)
    said = tuple(
        replace(c, default=at, open=False) if c.key == pick.key else c for c in again.choices
    )
    return replace(again, choices=said), None


class _Track:
    """What the card has done so far, for its later steps' conditions."""

    def __init__(self) -> None:
        self.killer_damaged = False
        self.died = False
        self.attacked_her = False

    def note(self, records: tuple[CardStep, ...], state: GameState) -> None:
        for record in records:
            if isinstance(record, CounterStep) and record.counter == "killer health":
                self.killer_damaged = self.killer_damaged or record.delta < 0
            if isinstance(record, KillStep):
                self.died = True
            if isinstance(record, HurtHerStep):
                self.attacked_her = True


def _scratch(state: GameState, records: tuple[CardStep, ...], card: CardData) -> GameState:
    """The table after ``records``, for planning the next steps (never refused)."""
    with anyway():
        try:
            return apply_steps(state, records, card.name)
        except ValueError:
            return state


def _when(state: GameState, step: Step) -> bool:
    """``when`` and the killed counts read the table as the card came."""
    if step.when == "awake" and not state.dream.awake:
        return False
    if step.when == "asleep" and state.dream.awake:
        return False
    killed = state.counters.victims_killed
    if step.killed_at_least is not None and killed < step.killed_at_least:
        return False
    return step.killed_at_most is None or killed <= step.killed_at_most


def _only_if(state: GameState, step: Step, track: _Track) -> bool:
    condition = step.only_if
    if condition is None:
        return True
    table, board = state.table, state.board
    him = table.killer
    streets = state.setup.on_maple_lane
    conditions: dict[str, bool] = {
        "awake": state.dream.awake,
        "no-victims": _victims_on_board(state) == 0,
        "no-street-victims": streets and not any(table.occupied(s) for s in board.streets),
        "no-exit-victims": streets and not any(table.occupied(s) for s in board.exits),
        "nothing-saved-or-ultimate": state.counters.victims_saved == 0
        or state.counters.ultimate_used,
        "killer-damaged": track.killer_damaged,
        "no-victim-died": not track.died,
        "killer-with-her": him is not None and him == table.final_girl,
        "killer-with-victim": him is not None and table.occupied(him),
        "killer-without-victim": not (him is not None and table.occupied(him)),
        "she-was-not-attacked": not track.attacked_her,
        "killer-in-house": streets and him is not None and board.is_house(him),
    }
    return conditions[condition]


def _victims_on_board(state: GameState) -> int:
    if state.location is not None:
        return state.location.victims
    return state.table.total_victims()


COUNTER_OF: dict[str, StepCounter] = {
    "horror": "horror",
    "bloodlust": "bloodlust",
    "time": "time",
    "health": "health",
}


def _text(state: GameState, card: CardData, step: Step) -> str:
    """What a step of the card does, in the player's words (whatever the table)."""
    if step.text:
        return step.text
    match step.do:
        case "horror" | "bloodlust" | "time" | "health":
            return f"{step.do.capitalize()} {step.amount:+d}"
        case "fall-asleep":
            return "You fall Asleep"
        case "boiler":
            if step.options:
                return "Choose: " + " or ".join(BOILER_TEXT[o] for o in step.options)
            return BOILER_TEXT[step.boiler] if step.boiler else "Boiler Room"
        case "killer-action":
            return killer_action_text(step.target or "closest", step.moves, step.attacks)
        case "panic":
            return PANIC_TEXT[step.where or "his-space"]
        case "kill":
            return "A Victim on a Street space of your choice dies"
        case "add-victims":
            names = ", ".join(state.board.label(s) for s in step.spaces)
            return f"{counted(step.amount, 'new Victim')} on each of {names}"
        case "draw-event":
            them = "them" if step.amount > 1 else "it"
            return f"Draw {counted(step.amount, 'Event')}: say which below, or reveal {them} later"
        case "draw-terror":
            return "Resolve the next Terror card too (draw it after this one)"
        case "killer-damage":
            return f"{state.setup.killer} takes {step.amount} damage, unless on his last Health"
        case "lasting":
            effect = step.lasting or "awake-attacks"
            until = step.until or "next-killer-phase"
            said = LASTING_NAMES[effect]
            return f"{said[:1].upper()}{said[1:]}, {UNTIL_NAMES[until]}"
        case "roadblock":
            return "A Road Block on the Exit closest to you: no Victim can be saved there"
        case "place-killer":
            return PLACE_TEXT[step.where or "exit-with-victim"]
        case "unsave":
            return f"{counted(step.amount, 'saved Victim')} off your save slots, now dead"
        case "crucifix":
            return "You may discard a Crucifix to cancel the rest of the card"
        case "die-sleep":
            return "Roll a die: lower than your Horror, you fall Asleep"
        case "redraw":
            return "Discard it and draw another Terror card"
        case "remind":
            return step.text
    return card.summary


BOILER_TEXT: dict[str, str] = {
    "extra card": "resolve one more Boiler Room card",
    "resolve the rest": "resolve the rest of the Boiler Room deck",
    "reset": "the Boiler Room deck resets",
}
PANIC_TEXT: dict[str, str] = {
    "outside-houses": "Every Victim not in a House panics",
    "her-space": "The Victims in your space panic",
    "his-space": "The Victims in his space panic",
}
PLACE_TEXT: dict[str, str] = {
    "exit-with-victim": "He is put on an Exit that holds a Victim (your choice)",
    "house-in-occupied-quadrant": "He moves to another House, in a quadrant with a Victim",
}
TARGET_TEXT: dict[KillerTarget, str] = {
    "closest": "the closest target",
    "closest-victim": "the closest Victim",
    "final-girl": "you",
}


def printed_text(action: KillerActionData) -> str:
    """A Killer Action as printed, short: "Closest target: attack, no move."."""
    who = TARGET_TEXT[action.target]
    parts = [f"{counted(action.attacks, 'attack')}" if action.attacks else "no attack"]
    parts.append(f"{counted(action.moves, 'move')}" if action.moves else "no move")
    return f"{who}, {', '.join(parts)}."


def killer_action_text(target: KillerTarget, moves: int, attacks: int) -> str:
    """A Killer Action in words: "He goes for the closest target: moves, attacks"."""
    parts = ["moves"] * moves + ["attacks"] * attacks
    return f"He goes for {TARGET_TEXT[target]}: {', '.join(parts) or 'nothing'}"


def answer(chosen: Choices, index: int, choice: Choice) -> Answer:
    value = chosen.get((index, choice.key), choice.default)
    if choice.kind == "number":
        return value if isinstance(value, int) else choice.default
    return (
        value
        if isinstance(value, str) and (not choice.options or value in choice.options)
        else (choice.default)
    )


def _plan_step(
    state: GameState, card: CardData, step: Step, index: int, chosen: Choices, track: _Track
) -> PlannedStep:
    text = _text(state, card, step)
    conf = card.confidence

    def done(
        *records: CardStep, choices: tuple[Choice, ...] = (), guided: bool = False
    ) -> PlannedStep:
        return PlannedStep(index, text, conf, True, records, choices, guided)

    table, board = state.table, state.board
    maple = state.setup.on_maple_lane
    match step.do:
        case "horror" | "bloodlust" | "time" | "health":
            return done(CounterStep(counter=COUNTER_OF[step.do], delta=step.amount))
        case "fall-asleep":
            return done(SleepStep()) if state.dream.awake else done()
        case "boiler":
            if state.dream.awake:
                return done()
            if step.options:
                labels = tuple(
                    BOILER_TEXT[o][:1].upper() + BOILER_TEXT[o][1:] for o in step.options
                )
                pick = Choice(
                    "boiler", "option", "Which?", step.options[0], step.options, labels=labels
                )
                value = answer(chosen, index, pick)
                effect = next(o for o in step.options if o == value)
                return done(BoilerStep(effect=effect), choices=(pick,))
            return done(BoilerStep(effect=step.boiler)) if step.boiler else done()
        case "killer-action" if maple:
            return _plan_killer(state, step, index, chosen, text, conf)
        case "kill" if maple:
            spaces = tuple(s for s in board.streets if table.occupied(s))
            if not spaces:
                return done()
            most = max(spaces, key=lambda s: table.victims_at(s) + table.specials_at(s))
            where = Choice("space", "space", "On which Street space?", most, spaces, open=True)
            space = str(answer(chosen, index, where))
            who, asked = _victim_kind(table, space, index, chosen)
            return done(KillStep(space=space, who=who), choices=(where, *asked))
        case "panic" if maple:
            return _plan_panic(state, step, index, chosen, text, conf)
        case "add-victims" if maple:
            spaces = tuple(s for s in step.spaces if s in board.spaces and s not in table.closed)
            return done(*(AddVictimsStep(space=s, count=step.amount) for s in spaces))
        case "killer-damage":
            if state.counters.killer_health <= 1:
                return done()  # on his last point he takes none (one source)
            return done(CounterStep(counter="killer health", delta=-step.amount))
        case "lasting" if step.lasting is not None and step.until is not None:
            return done(LastingStep(effect=step.lasting, until=step.until))
        case "roadblock" if maple:
            exits, tied = _closest_exits(state)
            if not exits:
                return done()
            # The card leaves a choice only between equally close Exits; the others are
            # listed to correct the board file's distances (one source).
            where = Choice("space", "space", "Which Exit?", exits[0], exits, open=tied > 1)
            return done(RoadblockStep(space=str(answer(chosen, index, where))), choices=(where,))
        case "place-killer" if maple:
            if step.where == "exit-with-victim":
                spaces = tuple(s for s in board.exits if table.occupied(s))
            else:
                occupied = {board.quadrant(h) for h in board.houses if table.occupied(h)}
                spaces = tuple(
                    h for h in board.houses if board.quadrant(h) in occupied and h != table.killer
                )
            if not spaces:
                return done()
            where = Choice("space", "space", "Where?", spaces[0], spaces)
            return done(KillerToStep(space=str(answer(chosen, index, where))), choices=(where,))
        case "unsave":
            if state.counters.victims_saved < step.amount:
                return done()
            return done(UnsaveStep(count=step.amount))
        case "crucifix":
            crucifixes = [h for h in table.held if h.name == CRUCIFIX]
            if not crucifixes:
                return done()
            pick = Choice(
                "crucifix",
                "option",
                "Discard a Crucifix?",
                "keep",
                ("keep", "discard"),
                labels=("Keep it", "Discard it: the rest is cancelled"),
            )
            if answer(chosen, index, pick) == "discard":
                return done(DiscardStep(item=TypedName(CRUCIFIX)), choices=(pick,))
            return done(choices=(pick,))
        case "die-sleep":
            roll = Choice("die", "number", "What did the die show?", 6, low=1, high=6)
            value = answer(chosen, index, roll)
            asleep = isinstance(value, int) and value < state.counters.horror
            return done(*([SleepStep()] if asleep else []), choices=(roll,))
        case "redraw":
            return done(RedrawStep())
        case "draw-terror":
            return done(AnotherTerrorStep())
        case "draw-event" if maple:
            return _plan_events(state, card, step, index, chosen, text, conf)
        case "remind" | "draw-event":
            return done(NoteStep(text=text[:300]), guided=True)
    return done(NoteStep(text=text[:300]), guided=True)


# The Event choice's answer when the player reveals it later, by hand (Events…).
BY_HAND = "by hand"
BY_HAND_LABEL = "Later, with Events…"


def _plan_events(
    state: GameState,
    card: CardData,
    step: Step,
    index: int,
    chosen: Choices,
    text: str,
    conf: Confidence,
) -> PlannedStep:
    """The Events the card has her draw, each revealed in the same step: which one (the
    player says; not yet, by default: then by hand, as before) and what it asks (a die, an
    Exit, a House), each on the table the one before left."""
    records: list[CardStep] = []
    choices: list[Choice] = []
    scratch = state
    left = 0
    for n in range(max(1, step.amount)):
        events = []
        for event in state.cards.of_kind("event"):
            try:
                check_event_card(scratch, event.id)
            except ValueError:
                continue  # in play already: not in the deck
            events.append(event)
        names = tuple(c.id for c in events)
        pick = Choice(
            f"event{n}",
            "event",
            "Which Event did you draw?",
            BY_HAND,
            (BY_HAND, *names),
            labels=(BY_HAND_LABEL, *(c.name for c in events)),
        )
        choices.append(pick)
        name = str(answer(chosen, index, pick))
        if name == BY_HAND or name not in names:
            left += 1
            continue
        need = event_needs(name)
        space: str | None = None
        die: int | None = None
        if need == "die":
            roll = Choice(f"event{n}-die", "number", EVENT_QUESTIONS["die"], 1, low=1, high=6)
            choices.append(roll)
            value = answer(chosen, index, roll)
            die = value if isinstance(value, int) else 1
        elif need is not None:
            targets = event_targets(scratch, name)
            if targets:
                where = Choice(
                    f"event{n}-space", "space", EVENT_QUESTIONS[need], targets[0], targets
                )
                choices.append(where)
                space = str(answer(chosen, index, where))
        made = EventStep(name=name, space=space, die=die)
        records.append(made)
        scratch = _scratch(scratch, (made,), card)
    if left:
        them = "them" if left > 1 else "it"
        records.append(NoteStep(text=f"Draw {counted(left, 'Event')} (reveal {them} with Events…)"))
    return PlannedStep(index, text, conf, True, tuple(records), tuple(choices), guided=bool(left))


def _victim_kind(
    table: Table, space: str, index: int, chosen: Choices, key: str = "who"
) -> tuple[VictimKind, tuple[Choice, ...]]:
    kinds = table.kinds_at(space)
    if len(kinds) <= 1:
        return (kinds[0] if kinds else "victim"), ()
    who = Choice(key, "who", "Which Victim?", kinds[0], kinds)
    value = answer(chosen, index, who)
    return next((k for k in kinds if k == value), kinds[0]), (who,)


def _closest_exits(state: GameState) -> tuple[tuple[str, ...], int]:
    """The Exits, the closest to her first, and how many are equally closest."""
    here = state.table.final_girl
    board = state.board
    exits = tuple(e for e in board.exits if e not in state.table.roadblocks) or board.exits
    if here is None:
        return exits, len(exits)
    distances = board.distances_from(here)
    nearest = min(distances.get(e, 99) for e in exits)
    closest = tuple(e for e in exits if distances.get(e, 99) == nearest)
    return closest + tuple(e for e in exits if e not in closest), len(closest)


def _plan_killer(
    state: GameState,
    step: Step,
    index: int,
    chosen: Choices,
    text: str,
    conf: Confidence,
) -> PlannedStep:
    action = KillerActionData(
        target=step.target or "closest", moves=step.moves, attacks=step.attacks
    )
    records, choices = killer_records(state, action, index, chosen)
    return PlannedStep(index, text, conf, True, records, choices)


def killer_records(
    state: GameState, action: KillerActionData, index: int, chosen: Choices
) -> tuple[tuple[CardStep, ...], tuple[Choice, ...]]:
    """His Killer Action as steps to record, and the choices it leaves: where he ends (his
    path's end proposed), whom each attack hits, her damage after her defence."""
    first = plan_killer_action(state, action)
    start = state.table.killer
    if start is None:
        return (), ()
    ends: tuple[str, ...] = ()
    if action.moves:
        distances, _ = killer_distances(state, start)
        reachable = sorted(state.board.spaces, key=lambda s: (distances.get(s, 99), s))
        proposed = first.end or start
        ends = tuple(dict.fromkeys((proposed, *reachable)))
    choices: list[Choice] = []
    end = start
    if ends:
        # The rules decide where he stops on his way to the closest target; the player says
        # only between targets still tied once the one with more Victims goes first (one
        # source).
        where = Choice("end", "space", "Where does he stop?", ends[0], ends, open=first.tied > 1)
        choices.append(where)
        end = str(answer(chosen, index, where))
    plan = plan_killer_action(state, action, end=end) if action.moves else first
    records: list[CardStep] = []
    if end != start:
        records.append(KillerToStep(space=end))
        records.extend(tokens_sprung(state, end))
    table = state.table
    for n, attacked in enumerate(plan.attacks_on):
        if attacked == "victim":
            who, asked = _victim_kind(table, end, index, chosen, key=f"who{n}")
            choices.extend(asked)
            records.append(KillStep(space=end, who=who))
            table = table.without_victims(end, who)
        elif attacked == "final girl" and _boyfriend_takes_it(table, index, chosen, n, choices):
            assert table.boyfriend is not None
            records.append(KillStep(space=table.boyfriend, who="boyfriend"))
            table = table.without_victims(table.boyfriend, "boyfriend")
        elif attacked == "final girl":
            hurt = Choice(
                f"damage{n}",
                "number",
                HER_DAMAGE,
                plan.damage,
                low=0,
                high=10,
            )
            choices.append(hurt)
            damage = answer(chosen, index, hurt)
            records.append(HurtHerStep(damage=damage if isinstance(damage, int) else plan.damage))
    return tuple(records), tuple(choices)


TRAP_AWAKE_NOTE = (
    "The booby trap goes off, but you are Awake: nothing of yours may hurt Dr. Fright (record "
    "his Health anyway if your table says otherwise)."
)


def tokens_sprung(state: GameState, space: str) -> tuple[CardStep, ...]:
    """What her Items' tokens do when he moves into ``space`` (cards, one source): the
    Fireworks token goes ("the token goes when he enters its space"); a booby trap there
    (Odds and Ends) deals its damage to him ("it takes 2 damage and the token goes"), unless
    she is Awake: then nothing of hers may hurt Dr. Fright (rulebook, Awake side), the trap
    only goes off, and the player records the damage anyway if the table says otherwise."""
    table = state.table
    steps: list[CardStep] = []
    if table.fireworks == space:
        steps.append(TokenStep(token="fireworks", space=space, gone=True))
    if space in table.booby_traps:
        card = state.cards.find("item", ODDS_AND_ENDS)
        damage = card.value("damage", 2) if card is not None else 2
        if attack_blocked(state, by_her=True):
            steps.append(NoteStep(text=TRAP_AWAKE_NOTE))
        else:
            steps.append(HurtHimStep(damage=damage))
        steps.append(TokenStep(token="booby trap", space=space, gone=True))
    return tuple(steps)


BOYFRIEND_TAKES = "Who takes his attack?"


def _boyfriend_takes_it(
    table: Table, index: int, chosen: Choices, n: int, choices: list[Choice]
) -> bool:
    """Event: Boyfriend: "attacks aimed at you go to him instead" (two public sources, rules
    notes §5): while he is in play, the rule proposes him; the player may say it hit her."""
    if table.boyfriend is None:
        return False
    takes = Choice(
        f"takes{n}",
        "option",
        BOYFRIEND_TAKES,
        "boyfriend",
        ("boyfriend", "you"),
        open=False,
        labels=("The Boyfriend", "You"),
    )
    choices.append(takes)
    return answer(chosen, index, takes) == "boyfriend"


def _plan_panic(
    state: GameState,
    step: Step,
    index: int,
    chosen: Choices,
    text: str,
    conf: Confidence,
) -> PlannedStep:
    table, board = state.table, state.board
    if step.where == "outside-houses":
        sources = tuple(s for s in board.streets if table.occupied(s))
    elif step.where == "her-space":
        sources = (
            (table.final_girl,) if table.final_girl and table.occupied(table.final_girl) else ()
        )
    else:
        sources = (table.killer,) if table.killer and table.occupied(table.killer) else ()
    records, choices = panic_records(state, sources, index, chosen)
    return PlannedStep(index, text, conf, True, records, choices)


def panic_records(
    state: GameState, sources: Iterable[str], index: int, chosen: Choices
) -> tuple[tuple[CardStep, ...], tuple[Choice, ...]]:
    """Victims panicking from ``sources``: where each one goes (a neighbour of its space, the
    one farthest from him proposed; the player picks). Shock Factor, when in play, kills them
    instead (the step's effect applies it, up to its limit)."""
    table, board = state.table, state.board
    records: list[CardStep] = []
    choices: list[Choice] = []
    him = table.killer
    away = board.distances_from(him) if him is not None else {}
    for source in sources:
        targets = tuple(
            sorted(board.neighbours(source), key=lambda s: (-away.get(s, 0), board.label(s)))
        )
        if not targets:
            continue
        number = 0
        for who in table.kinds_at(source):
            for _ in range(table.count_of(source, who)):
                number += 1
                name = {"victim": "Victim", "smalley": "Smalley", "boyfriend": "Boyfriend"}[who]
                pick = Choice(
                    f"{source}:{number}",
                    "space",
                    f"{name} {number} on {board.label(source)} panics to",
                    targets[0],
                    targets,
                    open=len(targets) > 1,
                )
                choices.append(pick)
                target = str(answer(chosen, index, pick))
                records.append(PanicStep(source=source, target=target, who=who))
    return tuple(records), tuple(choices)
