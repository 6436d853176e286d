"""Every event kind is made by some play (issue 12 item 2: "Typed events, not sentences").

A tour of short games that between them make every kind in ``EventKind``, each step checked
for its lines and events agreeing. A kind added to the Literal with no play that makes it, or a
play that makes a sentence without its event, fails here; ``lane/test_events.py`` checks the same
agreement over random play and that the log is written only with its event.
"""

from __future__ import annotations

import json

from game_helpers import said_with_kinds

from frightmare.model import GameSetup, History, new_game
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
from frightmare.model.actions.edit import HeldItemData, SetBoxValue, SetCounter, SetDeck, SetItems
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    KillVictim,
    Place,
    ReturnItem,
    RevealEvent,
    SaveVictims,
    Search,
)
from frightmare.model.actions.location import AddLocationVictims, SetLocationDeck, TakeLocationItem
from frightmare.model.actions.round import (
    AdjustCounter,
    DrawTerror,
    EndActionPhase,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
    RevealKillerFinalHealth,
    UseItem,
    UseUltimate,
)
from frightmare.model.actions.steps import (
    AnotherTerrorStep,
    KillerToStep,
    KillStep,
    LastingStep,
    MinorPowerStep,
    NoteStep,
    PanicStep,
    SleepStep,
    TokenStep,
    UnsaveStep,
)
from frightmare.model.box.board import load_board, packaged_board_text
from frightmare.model.game.state import EVENT_KINDS, Event
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import record_anyway

CAMP = "Camp Happy Trails"


class Tour:
    """Plays steps (a refused step recorded anyway, as the player may) and keeps every event."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def play(self, setup: GameSetup, *steps: Action, board_text: str | None = None) -> History:
        board = load_board(board_text) if board_text else None
        history = History(new_game(setup, seed=1, board=board))
        for action in steps:
            refused = refusal(history.state, action)
            if refused is not None:
                assert refused.overridable, (action, refused)
                action = record_anyway(action)
            state = history.do(action)
            assert said_with_kinds(state), (action, state.log, state.events)
            self.events += state.events
        return history

    def kinds(self) -> set[str]:
        return {event.kind for event in self.events}


def maple_lane(**more: object) -> GameSetup:
    return GameSetup.from_json({"setup_card": "Maple Lane", **more})


def to_killer_phase() -> tuple[Action, ...]:
    return (NextPhase(), NextPhase())


def test_every_event_kind_is_made_by_some_play() -> None:
    tour = Tour()
    # The Boiler Room, with the real cards as in the rulebook's example: UP, UP, LEFT (he
    # attacks), DOWN (she wakes).
    tour.play(
        GameSetup(boiler_deck="physical"),
        FallAsleep(),
        Slide(direction="up", report="nothing"),
        Slide(direction="up", report="nothing"),
        Slide(direction="left", report="bottom-right"),
        Slide(direction="down", report="nothing"),
    )
    tour.play(
        maple_lane(),
        FallAsleep(),
        BoilerRoomEffect(effect="extra card", card="A card"),
        BoilerRoomEffect(effect="skip card", card="A card"),
        BoilerRoomEffect(effect="resolve the rest", card="A card"),
        ResetBoilerRoom(),
        DrFrightAttacks(target="victim"),
        AttackDrFright(),  # she on street-s, he on street-n: the reach reminder
        RevealDarkPower(name="Pitchfork Assault"),
        DrFrightAttacks(target="final girl"),
        RevealFinale(name="Face Your Fright"),  # Asleep already: for good
    )
    tour.play(maple_lane(), *to_killer_phase(), FallAsleep())  # the card is still owed
    tour.play(
        maple_lane(),
        RevealFinale(name="Everyone Must Die"),  # no Dark Power yet: reveal it too
        FallAsleep(),
        AttackDrFright(),
    )
    tour.play(maple_lane(), RevealFinale(name="Time to Die"))
    # Bloodlust: the Dark Power's row, and its maximum as a reminder when the switch is off.
    tour.play(
        maple_lane(),
        SetBoxValue(name="bloodlust_max_sleep", value=0),
        AdjustCounter(counter="bloodlust", delta=10),
    )
    # Shock Factor: three die, then the rest panic as normal.
    tour.play(
        maple_lane(epic=True),
        VictimsPanic(count=1, space="intersection"),
        RevealDarkPower(name="Shock Factor"),
        VictimsPanic(count=3, space="house-nw-street"),
        VictimsPanic(count=1, space="intersection"),
    )
    # The round, its counters and the end.
    tour.play(
        maple_lane(),
        EndActionPhase(card="A card"),
        EndActionPhase(card="A card"),
        NextPhase(),  # Planning ends: Time goes back
        KillerAction(move_icon=True),
        KillerAction(move_icon=False),
        DrawTerror(name="They just got hit by a car!"),
        DrawTerror(name="Franky's coming for you"),
        AddVictims(space="street-n"),
        DrawTerror(name="Franky's coming for you"),
        SetCounter(counter="terror", value=1),
        DrawTerror(name="A Terror card the app does not know"),
        NextPhase(),  # no Victim died: no Panic phase; Terror deck empty: the Finale is due
        SetBoxValue(name="horror_overflow", value=1),
        AdjustCounter(counter="horror", delta=6),
        AdjustCounter(counter="horror", delta=-6),
        UseUltimate(),
        UseUltimate(),
        AdjustCounter(counter="health", delta=-10),
        RevealFinalHealth(value=2),
        RevealDarkPower(name="Never Really Dead"),
        AdjustCounter(counter="killer health", delta=-10),
        RevealKillerFinalHealth(value=3),
        KillVictim(space="intersection"),
        SaveVictims(space="intersection"),
        EndGame(result="loss"),
    )
    # His own Final Health token (rules notes §11): offered at the win, drawn blank.
    tour.play(
        maple_lane(),
        AdjustCounter(counter="killer health", delta=-10, anyway=True),
        RevealKillerFinalHealth(value=None),
    )
    tour.play(
        maple_lane(),
        SetBoxValue(name="time_below_zero_ends_action", value=1),
        AdjustCounter(counter="time", delta=-10),
    )
    tour.play(GameSetup(), DrawTerror(name="They just got hit by a car!"))  # an empty board
    tour.play(
        GameSetup(location=CAMP),
        AddLocationVictims(count=2),
        DrawTerror(name="Franky's coming for you"),  # the app cannot see his space there
    )
    # Items and Houses.
    tour.play(
        maple_lane(),
        Place(piece="final girl", space="house-sw-exit-w"),
        Search(house="house-sw-exit-w", names=("Bicycle", "Knife"), keep=0),
        ReturnItem(index=0, quadrant="SW"),
        SetDeck(quadrant="SE", cards=0),
        Place(piece="final girl", space="house-se-exit-e"),
        Search(house="house-se-exit-e"),
    )
    tour.play(
        maple_lane(),
        Place(piece="final girl", space="house-sw-exit-w"),
        Search(house="house-sw-exit-w"),  # the new top card is face up, unnamed
    )
    hurting = json.loads(packaged_board_text())
    hurting["convince"].append(
        {
            "id": "hurt",
            "label": "A corrected line",
            "enter": True,
            "item": False,
            "time": 0,
            "health": -1,
            "end_action_phase": True,
            "returns_card": False,
        }
    )
    tour.play(
        maple_lane(),
        Place(piece="final girl", space="street-n"),
        Convince(house="house-nw-street", result="fail-return"),
        Convince(house="house-nw-street", result="1"),
        Place(piece="final girl", space="street-n"),
        Convince(house="house-nw-street", result="3+", take_item=True),
        Place(piece="final girl", space="street-s"),
        Convince(house="house-nw-street", result="hurt"),  # from another street: a warning
        board_text=json.dumps(hurting),
    )
    # Maple Lane's Events.
    tour.play(
        maple_lane(),
        RevealEvent(name="The Smalleys"),
        RevealEvent(name="Boyfriend"),
        Place(piece="final girl", space="smalleys-house"),
        Place(piece="dr fright", space="smalleys-house"),
        RevealEvent(name="Fire!", die=5),
        RevealEvent(name="It's Raining"),
        RevealEvent(name="It's the 4th of July!"),
        RevealEvent(name="Party in the Burbs!", space="house-nw-street"),
        RevealEvent(name="Under Construction", space="exit-w"),
        RevealEvent(name="What is going on over there?"),
        RevealEvent(name="Friendly Neighbors"),
        RevealEvent(name="Block Watch"),
    )
    tour.play(
        maple_lane(),
        RevealEvent(name="Officer Kopp", space="exit-n"),
        *(NextPhase() for _ in range(20)),
    )
    tour.play(GameSetup(location=CAMP), SetLocationDeck(cards=3), TakeLocationItem())
    # Plays that carry their consequences (issue 20): his Killer Action, Panic, a card's
    # steps, attacks with damage, an effect allowing attacks Awake, Items used, the Bicycle.
    tour.play(
        maple_lane(),
        *to_killer_phase(),
        KillerAction(
            move_icon=True,
            steps=(KillerToStep(space="intersection"), KillStep(space="intersection")),
        ),
        SetCounter(counter="saved", value=1),
        DrawTerror(
            name="Endless Sleep",
            steps=(
                SleepStep(),
                LastingStep(effect="asleep-while-in-play", until="card-removed"),
                MinorPowerStep(health=1),
                UnsaveStep(),
                NoteStep(text="A step resolved by hand"),
                AnotherTerrorStep(),
            ),
        ),
        AttackDrFright(damage=1, on="Endless Sleep"),
        AttackDrFright(damage=1),
        DrFrightAttacks(target="final girl", damage=1),
        NextPhase(),  # Panic
        VictimsPanic(count=1, moves=(PanicStep(source="intersection", target="street-e"),)),
    )
    # A Minor Dark Power hit while she is Awake (no source says it cannot be: a note).
    tour.play(
        maple_lane(),
        *to_killer_phase(),
        DrawTerror(name="Infernal Search", steps=(MinorPowerStep(health=2),)),
        AttackDrFright(damage=1, on="Infernal Search"),
    )
    tour.play(
        maple_lane(),
        LiftAwakeBlock(card="Blurred Reality"),
        *(NextPhase() for _ in range(7)),  # the next round's Killer phase: it ends
        SetItems(items=(HeldItemData(name="Crucifix"),)),
        UseItem(index=0, discard=True),
        Place(piece="final girl", space="street-n"),
        Search(house="house-nw-street", names=("Bicycle",)),  # from the street: which one?
    )
    # Her Items' tokens: the Fireworks put down (Item: Fireworks).
    tour.play(
        maple_lane(),
        SetItems(items=(HeldItemData(name="Fireworks"),)),
        UseItem(index=0, steps=(TokenStep(token="fireworks", space="street-w"),)),
    )
    assert sorted(set(EVENT_KINDS) - tour.kinds()) == []


def test_the_events_carry_their_data() -> None:
    # A few kinds' data, as the GUI and the tests read them instead of the wording.
    tour = Tour()
    history = tour.play(maple_lane(), RevealEvent(name="Fire!", die=5))
    fire = next(e for e in history.state.events if e.kind == "fire")
    assert (fire.name, fire.spaces) == ("Fire!", ("smalleys-house",))
    history = tour.play(
        maple_lane(), RevealEvent(name="Party in the Burbs!", space="house-nw-street")
    )
    party = history.state.events[0]
    assert (party.kind, party.count, party.spaces) == ("new-victims", 4, ("house-nw-street",))
    state = tour.play(maple_lane(), NextPhase()).state
    assert [(e.kind, e.count, e.name) for e in state.events] == [("phase", 1, "planning")]
    state = tour.play(GameSetup(), SetDeckMode(mode="physical")).state
    assert state.log == () and state.events == ()  # a change with nothing to tell
