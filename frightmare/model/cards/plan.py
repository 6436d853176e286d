"""A card planned on this table, step by step (``plan_card``): which of its steps apply now
(its conditions read the table as the card came and as its earlier steps left it), what each
records, and the choices it leaves open; the player's answers re-plan it.

The card's steps come from the game's cards file (``state.cards``); what only one source gives
is a proposal the player accepts or corrects, never a refusal (rules notes §9).
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, in_english, ngettext
from frightmare.model.actions.steps import (
    AddVictimsStep,
    AnotherTerrorStep,
    BoilerStep,
    CardStep,
    CounterStep,
    DiscardStep,
    EventStep,
    HurtHerStep,
    KillerToStep,
    KillStep,
    LastingStep,
    MinorPowerStep,
    NoteStep,
    RedrawStep,
    RoadblockStep,
    SleepStep,
    StepCounter,
    UnsaveStep,
)
from frightmare.model.box.card_data import (
    CardData,
    Confidence,
    KillerActionData,
    Step,
    confidence_of,
)
from frightmare.model.box.cards import CRUCIFIX, TypedName
from frightmare.model.cards.card_steps import apply_steps
from frightmare.model.cards.choices import (
    Answer,
    CardPlan,
    Choice,
    Choices,
    PlannedStep,
    answer,
    which_victim,
)
from frightmare.model.cards.killer_records import killer_action_text, killer_records, panic_records
from frightmare.model.counters import killer_shown
from frightmare.model.errors import anyway
from frightmare.model.game.lasting import LASTING_NAMES, UNTIL_NAMES
from frightmare.model.game.state import GameState
from frightmare.model.lane.events import (
    EVENT_QUESTIONS,
    check_event_card,
    event_needs,
    event_question,
    event_targets,
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
                _("It stays in play as a Minor Dark Power with {health} Health").format(
                    health=health
                ),
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
    """What a step of the card does, in the player's words (whatever the table): the cards
    file's own text and summary through the catalogue too."""
    if step.text:
        return _(step.text)
    match step.do:
        case "horror" | "bloodlust" | "time" | "health":
            counter = COUNTER_WORDS[step.do]
            return _("{counter} {delta}").format(counter=_(counter), delta=f"{step.amount:+d}")
        case "fall-asleep":
            return _("You fall Asleep")
        case "boiler":
            if step.options:
                # Translators: the Boiler Room changes a card offers, joined by " or ".
                either = _("or")
                return _("Choose: {options}").format(
                    options=f" {either} ".join(_(BOILER_TEXT[o]) for o in step.options)
                )
            return _(BOILER_TEXT[step.boiler]) if step.boiler else _("Boiler Room")
        case "killer-action":
            return killer_action_text(step.target or "closest", step.moves, step.attacks)
        case "panic":
            return _(PANIC_TEXT[step.where or "his-space"])
        case "kill":
            return _("A Victim on a Street space of your choice dies")
        case "add-victims":
            names = ", ".join(state.board.label(s) for s in step.spaces)
            return ngettext(
                "{count} new Victim on each of {spaces}",
                "{count} new Victims on each of {spaces}",
                step.amount,
            ).format(count=step.amount, spaces=names)
        case "draw-event":
            return ngettext(
                "Draw {count} Event: say which below, or reveal it later",
                "Draw {count} Events: say which below, or reveal them later",
                step.amount,
            ).format(count=step.amount)
        case "draw-terror":
            return _("Resolve the next Terror card too (draw it after this one)")
        case "killer-damage":
            return _("{killer} takes {damage} damage, unless on his last Health").format(
                killer=killer_shown(state), damage=step.amount
            )
        case "lasting":
            effect = step.lasting or "awake-attacks"
            until = step.until or "next-killer-phase"
            said = _(LASTING_NAMES[effect])
            # Translators: a lasting effect and for how long ("..., for the rest of the game").
            return _("{effect}, {until}").format(
                effect=f"{said[:1].upper()}{said[1:]}", until=_(UNTIL_NAMES[until])
            )
        case "roadblock":
            return _("A Road Block on the Exit closest to you: no Victim can be saved there")
        case "place-killer":
            return _(PLACE_TEXT[step.where or "exit-with-victim"])
        case "unsave":
            return ngettext(
                "{count} saved Victim off your save slots, now dead",
                "{count} saved Victims off your save slots, now dead",
                step.amount,
            ).format(count=step.amount)
        case "crucifix":
            return _("You may discard a Crucifix to cancel the rest of the card")
        case "die-sleep":
            return _("Roll a die: lower than your Horror, you fall Asleep")
        case "redraw":
            return _("Discard it and draw another Terror card")
        case "remind":
            return _(step.text)
    return _(card.summary)


def _note(state: GameState, card: CardData, step: Step) -> NoteStep:
    """A step the player resolves by hand, as the journal keeps it: in English (the journal
    holds nothing translated), shown translated."""
    with in_english():
        return NoteStep(text=_text(state, card, step)[:300])


# The counters a card's step changes, and the Boiler Room's, the panics' and his placing's
# words: shown with ``_``.
COUNTER_WORDS: dict[str, str] = {
    "horror": N_("Horror"),
    "bloodlust": N_("Bloodlust"),
    "time": N_("Time"),
    "health": N_("Health"),
}
BOILER_TEXT: dict[str, str] = {
    "extra card": N_("resolve one more Boiler Room card"),
    "resolve the rest": N_("resolve the rest of the Boiler Room deck"),
    "reset": N_("the Boiler Room deck resets"),
}
PANIC_TEXT: dict[str, str] = {
    "outside-houses": N_("Every Victim not in a House panics"),
    "her-space": N_("The Victims in your space panic"),
    "his-space": N_("The Victims in his space panic"),
}
PLACE_TEXT: dict[str, str] = {
    "exit-with-victim": N_("He is put on an Exit that holds a Victim (your choice)"),
    "house-in-occupied-quadrant": N_("He moves to another House, in a quadrant with a Victim"),
}


# A step planned: the concrete steps it records and the choices it leaves.
Planned = tuple[tuple[CardStep, ...], tuple[Choice, ...]]
NOTHING: Planned = ((), ())


def _plan_step(
    state: GameState, card: CardData, step: Step, index: int, chosen: Choices, track: _Track
) -> PlannedStep:
    text = _text(state, card, step)
    conf = card.confidence

    def done(
        *records: CardStep, choices: tuple[Choice, ...] = (), guided: bool = False
    ) -> PlannedStep:
        return PlannedStep(index, text, conf, True, records, choices, guided)

    def planned(made: Planned) -> PlannedStep:
        return done(*made[0], choices=made[1])

    table, board = state.table, state.board
    maple = state.setup.on_maple_lane
    match step.do:
        case "horror" | "bloodlust" | "time" | "health":
            return done(CounterStep(counter=COUNTER_OF[step.do], delta=step.amount))
        case "fall-asleep":
            return done(SleepStep()) if state.dream.awake else done()
        case "boiler":
            return planned(_plan_boiler(state, step, index, chosen))
        case "killer-action" if maple:
            return _plan_killer(state, step, index, chosen, text, conf)
        case "kill" if maple:
            return planned(_plan_kill(state, index, chosen))
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
            return planned(_plan_roadblock(state, index, chosen))
        case "place-killer" if maple:
            return planned(_plan_place_killer(state, step, index, chosen))
        case "unsave":
            if state.counters.victims_saved < step.amount:
                return done()
            return done(UnsaveStep(count=step.amount))
        case "crucifix":
            return planned(_plan_crucifix(state, index, chosen))
        case "die-sleep":
            return planned(_plan_die_sleep(state, index, chosen))
        case "redraw":
            return done(RedrawStep())
        case "draw-terror":
            return done(AnotherTerrorStep())
        case "draw-event" if maple:
            return _plan_events(state, card, step, index, chosen, text, conf)
        case "remind" | "draw-event":
            return done(_note(state, card, step), guided=True)
    return done(_note(state, card, step), guided=True)


def _plan_boiler(state: GameState, step: Step, index: int, chosen: Choices) -> Planned:
    """The Boiler Room's pace changed (or the deck reset), or the player's pick of two."""
    if state.dream.awake:
        return NOTHING
    if step.options:
        texts = [_(BOILER_TEXT[o]) for o in step.options]
        labels = tuple(text[:1].upper() + text[1:] for text in texts)
        pick = Choice("boiler", "option", _("Which?"), step.options[0], step.options, labels=labels)
        value = answer(chosen, index, pick)
        effect = next(o for o in step.options if o == value)
        return (BoilerStep(effect=effect),), (pick,)
    return ((BoilerStep(effect=step.boiler),) if step.boiler else ()), ()


def _plan_kill(state: GameState, index: int, chosen: Choices) -> Planned:
    """A Victim on a Street space of the player's choice dies (the most crowded proposed)."""
    table = state.table
    spaces = tuple(s for s in state.board.streets if table.occupied(s))
    if not spaces:
        return NOTHING
    most = max(spaces, key=lambda s: table.victims_at(s) + table.specials_at(s))
    where = Choice("space", "space", _("On which Street space?"), most, spaces, open=True)
    space = str(answer(chosen, index, where))
    who, asked = which_victim(table, space, index, chosen)
    return (KillStep(space=space, who=who),), (where, *asked)


def _plan_roadblock(state: GameState, index: int, chosen: Choices) -> Planned:
    """A Road Block on the Exit closest to her."""
    exits, tied = _closest_exits(state)
    if not exits:
        return NOTHING
    # The card leaves a choice only between equally close Exits; the others are listed to
    # correct the board file's distances (one source).
    where = Choice("space", "space", _("Which Exit?"), exits[0], exits, open=tied > 1)
    return (RoadblockStep(space=str(answer(chosen, index, where))),), (where,)


def _plan_place_killer(state: GameState, step: Step, index: int, chosen: Choices) -> Planned:
    """He is put on an Exit with a Victim, or in another House of a quadrant with one."""
    table, board = state.table, state.board
    if step.where == "exit-with-victim":
        spaces = tuple(s for s in board.exits if table.occupied(s))
    else:
        occupied = {board.quadrant(h) for h in board.houses if table.occupied(h)}
        spaces = tuple(
            h for h in board.houses if board.quadrant(h) in occupied and h != table.killer
        )
    if not spaces:
        return NOTHING
    where = Choice("space", "space", _("Where?"), spaces[0], spaces)
    return (KillerToStep(space=str(answer(chosen, index, where))),), (where,)


def _plan_crucifix(state: GameState, index: int, chosen: Choices) -> Planned:
    """She may discard a Crucifix she holds to cancel the rest of the card."""
    if not any(h.name == CRUCIFIX for h in state.table.held):
        return NOTHING
    pick = Choice(
        "crucifix",
        "option",
        _("Discard a Crucifix?"),
        "keep",
        ("keep", "discard"),
        labels=(_("Keep it"), _("Discard it: the rest is cancelled")),
    )
    if answer(chosen, index, pick) == "discard":
        return (DiscardStep(item=TypedName(CRUCIFIX)),), (pick,)
    return (), (pick,)


def _plan_die_sleep(state: GameState, index: int, chosen: Choices) -> Planned:
    """A die rolled: lower than her Horror, she falls Asleep."""
    roll = Choice("die", "number", _("What did the die show?"), 6, low=1, high=6)
    value = answer(chosen, index, roll)
    asleep = isinstance(value, int) and value < state.counters.horror
    return ((SleepStep(),) if asleep else ()), (roll,)


# The Event choice's answer when the player reveals it later, by hand (Events…), and its
# label (shown with ``_``).
BY_HAND = "by hand"
BY_HAND_LABEL = N_("Later, with Events…")


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
            _("Which Event did you draw?"),
            BY_HAND,
            (BY_HAND, *names),
            labels=(_(BY_HAND_LABEL), *(state.cards.shown(c.id) for c in events)),
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
            roll = Choice(f"event{n}-die", "number", _(EVENT_QUESTIONS["die"]), 1, low=1, high=6)
            choices.append(roll)
            value = answer(chosen, index, roll)
            die = value if isinstance(value, int) else 1
        elif need is not None:
            targets = event_targets(scratch, name)
            if targets:
                where = Choice(
                    f"event{n}-space", "space", event_question(name), targets[0], targets
                )
                choices.append(where)
                space = str(answer(chosen, index, where))
        made = EventStep(name=name, space=space, die=die)
        records.append(made)
        scratch = _scratch(scratch, (made,), card)
    if left:
        with in_english():  # the journal keeps it in English
            later = ngettext(
                "Draw {count} Event (reveal it with Events…)",
                "Draw {count} Events (reveal them with Events…)",
                left,
            ).format(count=left)
        records.append(NoteStep(text=later))
    return PlannedStep(index, text, conf, True, tuple(records), tuple(choices), guided=bool(left))


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
