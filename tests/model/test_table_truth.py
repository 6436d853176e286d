"""Issue 9, "The table is the truth": one test per item, each quoting the rule it checks."""

from __future__ import annotations

import json

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    AdjustCounter,
    BoilerRoomEffect,
    Convince,
    DrawTerror,
    EditTable,
    FallAsleep,
    KillerAction,
    KillVictim,
    Move,
    MoveVictims,
    NextPhase,
    Place,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealEvent,
    RevealFinale,
    RevealFinalHealth,
    SaveVictims,
    Search,
    Slide,
)
from frightmare.model.board import load_board, packaged_board_text
from frightmare.model.dream import boiler_card_due
from frightmare.model.errors import RuleViolation
from frightmare.model.rounds import checklist, reminders
from frightmare.model.rules import apply, record_anyway, refusal


def game(setup_card: str | None = "Maple Lane", **setup: object) -> History:
    return History(new_game(GameSetup.model_validate({"setup_card": setup_card, **setup}), seed=9))


def go_to(history: History, phase: str) -> None:
    while history.state.phase != phase:
        history.do(NextPhase())


# 1. The Smalleys and the Boyfriend are Victims -------------------------------------------


def test_a_smalley_follows_her_to_an_exit_and_is_saved() -> None:
    # Event: The Smalleys, "Place 2 Special Victims in the Smalley's House." Victims follow
    # her when she moves (rules notes §1) and are saved at Exits; "Discard this card when the
    # Smalleys are no longer on the board."
    history = game(None)
    history.do(RevealEvent(name="The Smalleys"))
    history.do(Place(piece="final girl", space="smalleys-house"))
    state = history.do(Move(to="street-w", specials=("smalley",)))
    assert state.table.smalleys == ("smalleys-house", "street-w")
    state = history.do(Move(to="exit-w", specials=("smalley",)))
    state = history.do(SaveVictims(space="exit-w", who="smalley"))
    assert state.table.smalleys == ("smalleys-house",)
    assert state.counters.victims_saved == 1
    assert "The Smalleys" in state.table.events  # one Smalley is still on the board
    state = history.do(KillVictim(space="smalleys-house", who="smalley"))
    assert state.table.smalleys == () and "The Smalleys" not in state.table.events
    # "Each time one of the Smalleys is killed, +1 [Bloodlust]": 1 for the death, 1 more.
    assert state.counters.bloodlust == 2


def test_special_victims_panic_into_occupied_houses_and_card_goes_when_saved() -> None:
    # "Panicking Victims and Enemies are not restricted, so they may move into an occupied
    # House freely."
    history = game()
    history.do(RevealEvent(name="Boyfriend"))
    state = history.do(
        MoveVictims(source="boyfriends-house", target="exit-n", who="boyfriend", panic=True)
    )
    state = history.do(
        MoveVictims(source="exit-n", target="house-nw-exit-n", who="boyfriend", panic=True)
    )
    assert state.table.boyfriend == "house-nw-exit-n"
    assert state.table.victims_at("house-nw-exit-n") == 2
    history.do(MoveVictims(source="house-nw-exit-n", target="exit-n", who="boyfriend"))
    state = history.do(SaveVictims(space="exit-n", who="boyfriend"))
    assert state.table.boyfriend is None and "Boyfriend" not in state.table.events


def test_the_cop_car_carries_the_boyfriend_to_safety() -> None:
    # Rules notes §5, Officer Kopp: the Cop Car picks up the Victims where it is and saves
    # them on arrival; the Boyfriend is a Victim.
    history = game(None)
    history.do(RevealEvent(name="Boyfriend"))
    history.do(MoveVictims(source="boyfriends-house", target="exit-n", who="boyfriend"))
    history.do(RevealEvent(name="Officer Kopp", space="exit-n"))
    while history.state.table.cop_car is not None:
        history.do(NextPhase())
    state = history.state
    assert state.table.boyfriend is None and state.counters.victims_saved == 1
    assert "Boyfriend" not in state.table.events


def test_asleep_special_victims_do_not_follow() -> None:
    # Awake/Asleep card (Asleep side): "Victims will NOT follow you during movement".
    history = game(None)
    history.do(RevealEvent(name="The Smalleys"))
    history.do(Place(piece="final girl", space="smalleys-house"))
    history.do(FallAsleep())
    with pytest.raises(RuleViolation, match="will NOT follow"):
        history.do(Move(to="street-w", specials=("smalley",)))


# 2. Convince: the fail line -----------------------------------------------------------------


def test_a_failed_convince_leaves_her_on_the_street_and_costs_nothing() -> None:
    # Convince line 4: "Immediately return this card to the Action Tableau."
    history = game()
    history.do(Place(piece="final girl", space="street-n"))
    before = history.state
    state = history.do(Convince(house="house-nw-street", result="fail-return"))
    assert state.table.final_girl == "street-n"
    assert state.counters == before.counters and state.phase == before.phase


def test_the_board_file_need_not_have_a_go_in_anyway_line() -> None:
    # "a corrected data file may drop or add lines freely" (issue 9 item 2): the lines the
    # rulebook prints are not tied to success levels, so the validator asks only for ids.
    data = json.loads(packaged_board_text())
    assert "fail-enter" not in {line["id"] for line in data["convince"]}
    data["convince"] = data["convince"][:2]
    board = load_board(json.dumps(data))
    assert set(board.convince_lines) == {"3+", "2"}


# 3. Convince 3+ and the X -----------------------------------------------------------------


def test_convince_three_plus_takes_the_item_even_from_a_house_with_an_x() -> None:
    # Line 1: "You may take the top Item. If you do, mark the House with an X token." The X
    # only forbids searching ("It may no longer be searched").
    history = game()
    history.do(Place(piece="final girl", space="street-n"))
    history.do(EditTable(piece="x token", target="house-nw-street"))
    state = history.do(
        Convince(house="house-nw-street", result="3+", take_item=True, item_name="Rifle")
    )
    assert [i.name for i in state.table.held] == ["Rifle"]
    assert len(state.table.deck("NW")) == 2


# 5. The Boiler Room card is due at the end of the Killer phase --------------------------------


def asleep_in_killer_phase() -> History:
    history = game()
    history.do(FallAsleep())
    go_to(history, "killer")
    return history


def test_the_boiler_room_card_comes_after_his_action_and_the_terror_card() -> None:
    # "You MUST resolve one Boiler Room card at the end of the Killer Phase."
    history = asleep_in_killer_phase()
    with pytest.raises(RuleViolation, match="END of the Killer phase"):
        history.do(Slide(direction="up"))
    history.do(KillerAction(move_icon=False))
    with pytest.raises(RuleViolation, match="END of the Killer phase"):
        history.do(Slide(direction="up"))
    history.do(DrawTerror(name="Franky's coming for you"))
    assert history.do(Slide(direction="up")).dream.killer_card_resolved


def test_final_health_in_the_killer_phase_keeps_the_card_owed() -> None:
    history = asleep_in_killer_phase()
    history.do(AdjustCounter(counter="health", delta=-10))
    state = history.do(RevealFinalHealth(value=2))
    assert state.phase == "killer" and boiler_card_due(state)


# 6. "Unless a game effect changes this" ----------------------------------------------------


def test_card_effects_change_the_boiler_room_pace() -> None:
    # "you must ALWAYS resolve one, and exactly one BR card (unless a game effect changes
    # this)"
    history = asleep_in_killer_phase()
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="A Terror card"))
    history.do(Slide(direction="up"))
    history.do(BoilerRoomEffect(effect="extra card", card="A Terror card"))
    assert len(history.do(Slide(direction="up")).dream.reveals) == 2
    history.do(NextPhase())
    # Skipping: a new Killer phase owes no card.
    go_to(history, "killer")
    history.do(BoilerRoomEffect(effect="skip card", card="Some card"))
    assert not boiler_card_due(history.state)
    # The rest at once, in any phase.
    history.do(NextPhase())
    history.do(BoilerRoomEffect(effect="resolve the rest", card="Some card"))
    history.do(Slide(direction="left"))
    assert history.do(Slide(direction="down")).dream.awake


def test_a_reset_can_come_mid_dream() -> None:
    history = game()
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    state = history.do(ResetBoilerRoom(cause="effect"))
    assert state.asleep and state.dream.reveals == ()


# 7. Fire! -----------------------------------------------------------------------------


def test_fire_damages_him_and_takes_the_boyfriends_card_away() -> None:
    # Event: Fire! (rules notes §5): "Victims there die, anyone else there takes 1 damage".
    history = game()
    history.do(RevealEvent(name="Boyfriend"))
    history.do(Place(piece="dr fright", space="boyfriends-house"))
    health = history.state.counters.killer_health
    state = history.do(RevealEvent(name="Fire!", die=2))
    assert state.counters.killer_health == health - 1
    assert state.table.boyfriend is None and "Boyfriend" not in state.table.events
    assert "boyfriends-house" in state.table.closed


# 8. The Dark Power with the Finale --------------------------------------------------------


def test_the_finale_with_no_dark_power_out_offers_it() -> None:
    # Rules notes §1: "The Dark Power is revealed when Bloodlust reaches its marked row, or
    # with the Finale."
    state = game().do(RevealFinale(name="Time to Die"))
    assert "dark-power" in {key for key, _, _ in reminders(state)}


# 9. Rest cards ------------------------------------------------------------------------------


def test_a_rest_card_reminds_to_apply_its_normal_effects() -> None:
    # "resolving a Short Rest or Long Rest Action card. Regardless of the result, apply the
    # normal effects and you fall Asleep."
    state = game().do(FallAsleep(cause="short rest"))
    assert state.asleep and [e.kind for e in state.events] == ["fell-asleep"]
    # Wording kept: the reminder quotes the rulebook's sentence, which is what it checks.
    assert "Regardless of the result, apply the card's normal effects" in state.log[0]


# 10. Setup ----------------------------------------------------------------------------------


def test_setup_guidance_includes_both_convince_cards() -> None:
    # Special Setup, Maple Lane 2: "Include both Convince Action cards in the Action Tableau."
    labels = [label for label, _ in checklist(game().state)]
    assert "Setup: both Convince Action cards are in the Action Tableau" in labels


# 12. Any card, by name ----------------------------------------------------------------------


def test_cards_the_lists_lack_are_accepted_and_tracked() -> None:
    history = game()
    assert history.do(RevealDarkPower(name="Some New Power")).dark_power == "Some New Power"
    assert history.do(RevealEvent(name="Block Watch")).table.events == ("Block Watch",)
    go_to(history, "killer")  # "then one Terror card is drawn" (rules notes §1)
    assert history.do(DrawTerror(name="A new Terror")).terror_drawn == ("A new Terror",)
    go_to(history, "action")
    history.do(Place(piece="final girl", space="house-nw-exit-w"))
    state = history.do(Search(house="house-nw-exit-w", names=("Flamethrower",)))
    assert state.table.held[-1].name == "Flamethrower"


# 13. Record it anyway -----------------------------------------------------------------------


def test_a_refused_play_is_recorded_anyway_with_a_mark() -> None:
    history = game()
    action = Move(to="house-nw-street", steps=3)  # an occupied House
    refused = refusal(history.state, action)
    assert refused is not None and refused.overridable and refused.rule
    marked = record_anyway(action)
    assert marked.anyway and not action.anyway
    state = history.do(marked)
    assert state.table.final_girl == "house-nw-street"
    assert marked.describe().startswith("⚑ ")
    history.undo()
    assert history.state.table.final_girl == "street-s"


def test_what_the_table_cannot_show_is_never_overridable() -> None:
    state = game().state
    for action in (
        KillVictim(space="exit-n"),  # no Victim there
        Move(to="nowhere"),  # no such space
        Slide(direction="up"),  # she is Awake: there is no Boiler Room deck to slide
    ):
        refused = refusal(state, action)
        assert refused is not None and not refused.overridable
        with pytest.raises(RuleViolation):
            apply(state, record_anyway(action))
