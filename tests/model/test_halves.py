"""The box's two halves (issue 14): Dr. Fright on any Location, Maple Lane with any Killer.

Rulebook, "Special Setup": "Setup the game as normal with the following changes when playing
with Maple Lane" and "... with the following changes when playing with Dr. Fright"; and
"Convince Action cards and entering occupied houses": Convince is "used only when playing on
Maple Lane". So each half's pieces and rules are in a game only when that half is.
"""

from __future__ import annotations

from typing import Any, get_args

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.base import tag_of
from frightmare.model.actions.dream import (
    BoilerRoomEffect,
    FallAsleep,
    ResetBoilerRoom,
    SetDeckMode,
    Slide,
)
from frightmare.model.actions.edit import EditTable, SetDeck
from frightmare.model.actions.game import NotedPlay
from frightmare.model.actions.journal import JOURNAL_ADAPTER, Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
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
)
from frightmare.model.actions.location import (
    LOCATION_ACTIONS,
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    TakeLocationItem,
)
from frightmare.model.actions.round import (
    AdjustCounter,
    DiscardActionCard,
    DrawTerror,
    KillerAction,
    NextPhase,
)
from frightmare.model.errors import RuleViolation
from frightmare.model.game.state import GameState
from frightmare.model.halves import (
    DR_FRIGHT_KINDS,
    MAPLE_LANE_KINDS,
    NO_BOILER_ROOM,
    NO_HOUSES,
    SETUP_RULE,
    half_refusal,
)
from frightmare.model.query.verdict import refusal
from frightmare.model.rules import apply

CAMP = "Camp Happy Trails"
HANS = "Hans"

BOTH = GameSetup(final_girl="Nancy", setup_card="Playtime")
FRIGHT_ELSEWHERE = GameSetup(final_girl="Sheila", location=CAMP)
OTHER_KILLER = GameSetup(final_girl="Nancy", killer=HANS, setup_card="Playtime", killer_health=8)
NEITHER = GameSetup(final_girl="Laurie", killer=HANS, location=CAMP, killer_health=7)

DR_FRIGHT_SAMPLES: dict[str, Action] = {
    "fall-asleep": FallAsleep(),
    "slide": Slide(direction="up"),
    "reset-boiler-room": ResetBoilerRoom(),
    "deck-mode": SetDeckMode(mode="physical"),
    "boiler-effect": BoilerRoomEffect(effect="extra card", card="A card"),
}
MAPLE_LANE_SAMPLES: dict[str, Action] = {
    "move": Move(to="intersection"),
    "place": Place(piece="final girl", space="intersection"),
    "ride": RideBicycle(to="street-n"),
    "set-victims": SetVictims(space="intersection", count=2),
    "add-victims": AddVictims(space="intersection"),
    "move-victims": MoveVictims(source="intersection", target="street-n"),
    "kill-victim": KillVictim(space="intersection"),
    "save-victims": SaveVictims(space="exit-n"),
    "hit-by-car": HitByCar(space="street-n"),
    "convince": Convince(house="house-nw-street", result="2"),
    "search": Search(house="house-nw-street"),
    "top-card": RecordTopCard(quadrant="NW", name="Rifle"),
    "return-item": ReturnItem(index=0, quadrant="NW"),
    "event": RevealEvent(name="Fire!"),
    "edit-piece": EditTable(piece="victim", target="intersection"),
    "set-deck": SetDeck(quadrant="NW", cards=2),
}


def _kinds_in_the_union() -> set[str]:
    members = get_args(get_args(Action)[0])
    return {tag_of(m) for m in members}


def test_every_gated_kind_is_an_action_the_journal_knows() -> None:
    # The gate works on the journal's kinds: a typo would let an action of the absent half by.
    kinds = _kinds_in_the_union()
    assert set(DR_FRIGHT_KINDS) <= kinds
    assert set(MAPLE_LANE_KINDS) <= kinds
    assert {tag_of(a) for a in LOCATION_ACTIONS} <= kinds
    assert set(DR_FRIGHT_SAMPLES) == set(DR_FRIGHT_KINDS)
    assert set(MAPLE_LANE_SAMPLES) == set(MAPLE_LANE_KINDS)


# Setup ---------------------------------------------------------------------------------------


def test_setup_knows_which_halves_are_in_play() -> None:
    assert BOTH.has_dr_fright and BOTH.on_maple_lane
    assert FRIGHT_ELSEWHERE.has_dr_fright and not FRIGHT_ELSEWHERE.on_maple_lane
    assert not OTHER_KILLER.has_dr_fright and OTHER_KILLER.on_maple_lane
    assert not NEITHER.has_dr_fright and not NEITHER.on_maple_lane
    # Typed in another case, the box's names are still the box's halves.
    typed = GameSetup(killer="dr.  fright", location="MAPLE lane")
    assert (typed.killer, typed.location) == ("Dr. Fright", "Maple Lane")


def test_a_setup_drops_the_choices_of_an_absent_half() -> None:
    # "Special Setup: Maple Lane" brings the Setup cards; "Special Setup: Dr. Fright" the
    # Boiler Room deck (and his Epic Dark Power is one of his cards).
    elsewhere = GameSetup(location=CAMP, setup_card="Playtime", epic=True, boiler_deck="physical")
    assert elsewhere.setup_card is None
    assert elsewhere.epic and elsewhere.boiler_deck == "physical"
    hans = GameSetup(killer=HANS, setup_card="Playtime", epic=True, boiler_deck="physical")
    assert hans.setup_card == "Playtime"
    assert not hans.epic and hans.boiler_deck == "screen"
    # His Health is entered only for another Killer: Dr. Fright's comes from the box values.
    assert GameSetup(killer_health=5).killer_health is None
    assert GameSetup(killer=HANS, killer_health=5).killer_health == 5


def test_summary_and_default_name_name_the_real_killer_and_location() -> None:
    assert NEITHER.summary() == f"Laurie vs {HANS}, {CAMP}"
    assert NEITHER.default_name() == f"Laurie vs {HANS}"
    assert OTHER_KILLER.summary() == f"Nancy vs {HANS}, Maple Lane (Playtime)"
    assert FRIGHT_ELSEWHERE.summary() == f"Sheila vs Dr. Fright, {CAMP}"


@pytest.mark.parametrize("health", [0, 100])
def test_another_killers_health_must_be_a_real_number(health: int) -> None:
    with pytest.raises(ValueError):
        GameSetup(killer=HANS, killer_health=health)


# New game -------------------------------------------------------------------------------------


def test_a_new_game_elsewhere_has_no_maple_lane_pieces_decks_or_setup_card() -> None:
    # "Special Setup: Maple Lane", 1: "There are 4 Item decks for Maple Lane" (only there).
    state = new_game(NEITHER, seed=3)
    assert state.location is not None
    assert state.location.victims == 0 and state.location.deck_left == 0
    assert state.table.final_girl is None and state.table.killer is None
    assert state.table.total_victims() == 0
    assert all(len(deck) == 0 for deck in state.table.decks)
    assert state.setup.setup_card is None


def test_a_new_game_on_maple_lane_keeps_its_board_and_no_location_table() -> None:
    state = new_game(OTHER_KILLER, seed=3)
    assert state.location is None
    assert state.table.final_girl == "exit-e"  # the Playtime Setup card
    assert all(len(deck) == 3 for deck in state.table.decks)


def test_another_killer_starts_with_the_health_entered_at_setup() -> None:
    state = new_game(OTHER_KILLER, seed=3)
    assert state.counters.killer_health == 8 and state.box.killer_health == 8
    # Correctable later, with the box value (undoable like every action).
    state = apply(state, AdjustCounter(counter="killer health", delta=-3))
    assert state.counters.killer_health == 5


# The gate ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(DR_FRIGHT_KINDS))
@pytest.mark.parametrize("setup", [OTHER_KILLER, NEITHER], ids=["maple-lane", "elsewhere"])
def test_dr_frights_actions_are_refused_against_another_killer(kind: str, setup: GameSetup) -> None:
    state = new_game(setup, seed=5)
    action: Any = DR_FRIGHT_SAMPLES[kind]
    refused = refusal(state, action)
    assert refused is not None
    assert refused.message.startswith(NO_BOILER_ROOM)
    assert refused.rule == SETUP_RULE
    assert "Fright" not in str(refused) and "Asleep" not in str(refused)
    with pytest.raises(RuleViolation):
        apply(state, action)


@pytest.mark.parametrize("kind", sorted(MAPLE_LANE_KINDS))
@pytest.mark.parametrize("setup", [FRIGHT_ELSEWHERE, NEITHER], ids=["dr-fright", "other-killer"])
def test_maple_lanes_actions_are_refused_on_another_location(kind: str, setup: GameSetup) -> None:
    state = new_game(setup, seed=5)
    refused = half_refusal(state, MAPLE_LANE_SAMPLES[kind])
    assert refused is not None
    assert refused.message.startswith(NO_HOUSES)
    assert "Maple Lane" not in str(refused) and "quadrant" not in str(refused)


@pytest.mark.parametrize("action_type", LOCATION_ACTIONS, ids=lambda t: t.__name__)
def test_the_location_table_is_refused_on_maple_lane(action_type: type[Any]) -> None:
    samples: dict[type[Any], Any] = {
        AddLocationVictims: AddLocationVictims(),
        LocationVictimsSaved: LocationVictimsSaved(),
        LocationVictimsKilled: LocationVictimsKilled(),
        SetLocationDeck: SetLocationDeck(cards=2),
        NameLocationTopCard: NameLocationTopCard(name="Rifle"),
        TakeLocationItem: TakeLocationItem(),
        PutBackLocationItem: PutBackLocationItem(index=0),
        LocationNotes: LocationNotes(notes="by the lake"),
    }
    action = samples.get(action_type) or action_type(count=1)
    refused = refusal(new_game(BOTH, seed=5), action)
    assert refused is not None and refused.rule == SETUP_RULE


def test_the_halves_in_play_are_not_gated() -> None:
    # Dr. Fright at Camp Happy Trails still falls Asleep and slides his Boiler Room deck
    # ("Awake and Asleep", "The Boiler Room"); another Killer on Maple Lane still walks the board.
    fright = new_game(FRIGHT_ELSEWHERE, seed=5)
    for action in DR_FRIGHT_SAMPLES.values():
        assert half_refusal(fright, action) is None
    fright = apply(fright, FallAsleep())
    fright = apply(fright, Slide(direction="up"))
    assert len(fright.dream.reveals) == 1
    hans = new_game(OTHER_KILLER, seed=5)
    for action in MAPLE_LANE_SAMPLES.values():
        assert half_refusal(hans, action) is None
    assert apply(hans, Move(to="street-e")).table.final_girl == "street-e"


def test_a_refused_play_can_be_noted_in_history_and_changes_nothing_else() -> None:
    # The table is the truth: what the app refuses can still be written into History.
    history = History(new_game(NEITHER, seed=5))
    before = history.state
    after = history.do(NotedPlay(text="Hans dragged a Victim into the lake"))
    assert after == before
    assert history.actions[-1].describe() == "Noted: Hans dragged a Victim into the lake"
    with pytest.raises(RuleViolation):
        apply(before, NotedPlay(text="   "))


# All four combinations through a round, saved and replayed -------------------------------------


def _common_round(history: History) -> None:
    history.do(AdjustCounter(counter="time", delta=-2))
    history.do(DiscardActionCard())
    history.do(NextPhase())  # Planning
    history.do(NextPhase())  # Killer
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="A Terror card"))


def _finish_round(history: History) -> None:
    while history.state.phase != "action":
        history.do(NextPhase())


def _play_a_round(setup: GameSetup) -> History:
    history = History(new_game(setup, seed=2026))
    if setup.on_maple_lane:
        history.do(AddVictims(space="intersection", count=2))
    else:
        history.do(AddLocationVictims(count=4))
        history.do(SetLocationDeck(cards=5))
        history.do(NameLocationTopCard(name="Rifle"))
        history.do(TakeLocationItem())
        history.do(PutBackLocationItem(index=0, position="bottom"))
        history.do(LocationNotes(notes="Hans by the lake; two Victims in the cabins"))
        history.do(LocationVictimsSaved(count=1))
    if setup.has_dr_fright:
        history.do(FallAsleep())
    else:
        history.do(AdjustCounter(counter="killer health", delta=-1))
    _common_round(history)
    if setup.on_maple_lane:
        history.do(KillVictim(space="intersection"))
    else:
        history.do(LocationVictimsKilled(count=1))
    if setup.has_dr_fright:
        history.do(Slide(direction="up"))
    history.do(NotedPlay(text="A play the app does not know"))
    _finish_round(history)
    return history


def _replayed(history: History) -> GameState:
    saved = JOURNAL_ADAPTER.dump_json(list(history.actions))
    actions = JOURNAL_ADAPTER.validate_json(saved)
    return History(new_game(history.start.setup, seed=history.start.seed), actions).state


@pytest.mark.parametrize(
    "setup",
    [BOTH, FRIGHT_ELSEWHERE, OTHER_KILLER, NEITHER],
    ids=["dr-fright-on-maple-lane", "dr-fright-elsewhere", "other-killer-on-maple-lane", "neither"],
)
def test_each_combination_plays_a_round_and_replays_from_its_saved_journal(
    setup: GameSetup,
) -> None:
    history = _play_a_round(setup)
    state = history.state
    assert state.round == 2 and state.phase == "action"
    assert state.counters.victims_killed == 1
    assert state.counters.bloodlust >= 1  # "Every Victim death raises Bloodlust by 1"
    if setup.on_maple_lane:
        assert state.location is None
        assert state.table.victims_at("intersection") == 1
    else:
        assert state.location is not None
        assert (state.location.victims, state.location.deck_left) == (2, 5)
        assert state.counters.victims_saved == 1
        assert all(len(deck) == 0 for deck in state.table.decks)
    if setup.has_dr_fright:
        assert state.asleep and len(state.dream.reveals) == 1
    else:
        assert state.counters.killer_health == (setup.killer_health or 0) - 1
    assert _replayed(history) == state
    # Undo all the way back is the new game again.
    assert history.jump(0) == new_game(setup, seed=2026)
