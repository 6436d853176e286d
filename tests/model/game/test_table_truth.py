"""Issue 9, "The table is the truth": one test per item, each quoting the rule it checks."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from game_helpers import go_to, his_turn

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import (
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    Slide,
    VictimsPanic,
)
from frightmare.model.actions.edit import EditTable, SetBoxValue, SetDeck
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    Place,
    ReturnItem,
    RevealEvent,
    SaveVictims,
    Search,
)
from frightmare.model.actions.location import AddLocationVictims
from frightmare.model.actions.round import (
    AdjustCounter,
    DrawTerror,
    KillerAction,
    NextPhase,
    RevealFinalHealth,
)
from frightmare.model.box.board import load_board, packaged_board_text
from frightmare.model.dream.deck import boiler_card_due
from frightmare.model.errors import RuleViolation
from frightmare.model.game.state import GameState, same_game
from frightmare.model.query.verdict import refusal
from frightmare.model.round.checklist import checklist, reminders
from frightmare.model.rules import apply, record_anyway


def game(setup_card: str | None = "Maple Lane", **setup: object) -> History:
    return History(new_game(GameSetup.from_json({"setup_card": setup_card, **setup}), seed=9))


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
        his_turn(history)
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
    if history.state.dream.attack_open:  # a card showed him: his attack first (issue 31)
        history.do(DrFrightAttacks(target="final girl", damage=0))
    history.do(NextPhase())
    # Skipping: a new Killer phase owes no card.
    go_to(history, "killer")
    history.do(BoilerRoomEffect(effect="skip card", card="Some card"))
    assert not boiler_card_due(history.state)
    his_turn(history)
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
    history.do(KillerAction(move_icon=False))
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


CAMP = "Camp Happy Trails"


def history(**setup: object) -> History:
    return History(new_game(GameSetup.from_json(setup), seed=8))


def to_phase(h: History, phase: str) -> None:
    go_to(h, phase)


def searched(*houses: str) -> History:
    """A game where ``houses`` carry an X and the Final Girl is in the Smalleys' House."""
    from dataclasses import replace

    state = new_game(GameSetup(), seed=8)
    table = replace(state.table, x_tokens=frozenset(houses), final_girl="smalleys-house")
    return History(replace(state, table=table))


def warnings(state: GameState) -> list[str]:
    return [event.text for event in state.events if event.kind == "data-warning"]


SW_DONE = ("house-sw-exit-w", "house-sw-exit-s")


NW_DONE = ("house-nw-exit-w", "house-nw-exit-n", "house-nw-street")


def test_shock_factor_named_against_another_killer_kills_nobody() -> None:
    # Rulebook, "Special Setup: Dr. Fright" (Epic: Shock Factor is his card): against another
    # Killer a Dark Power of that name is only tracked as out, with no effect in the app.
    h = history(killer="Hans")
    h.do(RevealDarkPower(name="Shock Factor"))
    h.do(AddVictims(space="intersection", count=2))
    state = h.do(MoveVictims(source="intersection", target="street-n", count=2, panic=True))
    assert state.table.victims["street-n"] == 2
    assert state.counters.victims_killed == 0 and state.shock_kills_this_round == 0
    state = h.do(VictimsPanic(count=2, space="street-n"))
    assert state.counters.victims_killed == 0


def test_shock_factor_at_another_location_kills_from_its_victims_three_a_turn() -> None:
    # Epic Dark Power "Shock Factor": "If a Victim would panic, it is killed instead. (Max 3
    # per turn)". At another Location the Victims are counted on its table.
    h = history(location=CAMP, epic=True)
    h.do(RevealDarkPower(name="Shock Factor"))
    h.do(AddLocationVictims(count=5))
    state = h.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 3
    assert state.counters.victims_killed == 2 and state.counters.bloodlust == 2
    state = h.do(VictimsPanic(count=2))
    assert state.location is not None and state.location.victims == 2
    assert state.shock_kills_this_round == 3
    # Only 1 of the 2 died (the third this turn); the other panics as normal.
    assert [(e.kind, e.count) for e in state.events] == [
        ("victim-died", 1),
        ("bloodlust-row", 1),  # his board's row 4 (Bloodlust 3): +1 Horror, reminded
        ("shock-factor", 1),
        ("shock-factor-limit", 1),  # the one still to panic
    ]


@pytest.mark.parametrize(
    "action",
    [
        EditTable(piece="victim", target="intersection"),
        EditTable(piece="cop car", target="exit-n"),
        SetDeck(quadrant="NW", cards=2),
    ],
)
def test_board_edits_are_refused_at_another_location(action: EditTable | SetDeck) -> None:
    # Rulebook, "Special Setup: Maple Lane": its board and decks come "when playing with Maple
    # Lane"; another Location keeps its table in the Location panel.
    with pytest.raises(RuleViolation, match="This Location has no Houses"):
        history(location=CAMP).do(action)


def test_the_cop_car_drives_only_on_maple_lane() -> None:
    # Event: Officer Kopp (rules notes §5) is a Maple Lane Event; its car drives at Upkeep.
    from dataclasses import replace

    from frightmare.model.game.table import CopCar

    state = new_game(GameSetup(location=CAMP), seed=8)
    state = replace(state, table=replace(state.table, cop_car=CopCar("exit-n", "exit-s")))
    h = History(state)
    to_phase(h, "upkeep")
    assert h.state.table.cop_car == CopCar("exit-n", "exit-s")  # it did not drive


def test_frankys_coming_counts_the_location_victims() -> None:
    # Terror "Franky's coming for you": with no Victims on the board the card is discarded;
    # at another Location the board's Victims are the Location panel's.
    h = history(location=CAMP)
    h.do(AddLocationVictims(count=2))
    to_phase(h, "killer")
    h.do(KillerAction(move_icon=False))
    state = h.do(DrawTerror(name="Franky's coming for you"))
    # Which line of the card applies is the event's kind: two Victims, so not "discard".
    assert [e.kind for e in state.events] == ["terror-either-line"]
    h = history(location=CAMP)
    to_phase(h, "killer")
    h.do(KillerAction(move_icon=False))
    state = h.do(DrawTerror(name="Franky's coming for you"))
    assert [e.kind for e in state.events] == ["terror-redraw"]


def test_card_names_match_whatever_the_case_and_spacing() -> None:
    # The rulebook prints "The Frightmare is Inevitable", "Everyone must die" (Finale) and
    # "Event: The Smalleys" in several spellings; a card typed in any of them is that card, and
    # the app keeps the canonical spelling.
    h = history()
    state = h.do(RevealDarkPower(name="the frightmare  is INEVITABLE"))
    assert state.dark_power == "The Frightmare is Inevitable"
    state = h.do(RevealFinale(name="Everyone must die"))
    assert state.finale == "Everyone Must Die" and state.table.killer is None
    state = h.do(RevealEvent(name="the smalleys"))
    assert state.table.events == ("The Smalleys",)
    assert len(state.table.smalleys) == 2
    with pytest.raises(RuleViolation, match="already in play"):
        h.do(RevealEvent(name="THE SMALLEYS"))
    state = h.do(RevealEvent(name="fire", die=5))
    assert "smalleys-house" in state.table.closed


def test_terror_cards_match_whatever_the_case() -> None:
    # Terror "They just got hit by a car!": "If there are no Victims in any Street spaces,
    # discard and draw another Terror card."
    h = history()
    to_phase(h, "killer")
    h.do(KillerAction(move_icon=False))
    state = h.do(DrawTerror(name="they just got hit by a car"))
    assert state.terror_drawn == ("They just got hit by a car!",)  # the known card, as printed


def test_an_unknown_card_keeps_its_name() -> None:
    # Issue 9 item 12: any card by name, tracked as out, resolved as printed.
    state = history().do(RevealFinale(name="  Dream   Warfare "))
    assert state.finale == "Dream Warfare"


def test_hit_by_a_car_kills_the_victim_of_the_players_choice() -> None:
    # Terror "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed." The Smalleys and the Boyfriend are Victims (rulebook: Special Victims).
    from dataclasses import replace

    state = new_game(GameSetup(), seed=8)
    table = replace(state.table, smalleys=("street-n",), boyfriend="street-n")
    h = History(replace(state, table=replace(table, victims=table.victims.add("street-n", 1))))
    state = h.do(HitByCar(space="street-n", who="boyfriend"))
    assert state.table.boyfriend is None and state.table.victims["street-n"] == 1
    assert h.describe_step(0) == "They just got hit by a car! The Boyfriend died on North Street"
    state = h.do(HitByCar(space="street-n", who="smalley"))
    assert state.table.smalleys == () and state.counters.bloodlust == 3  # a Smalley: +1 more
    state = h.do(HitByCar(space="street-n"))
    assert state.table.victims["street-n"] == 0
    assert h.describe_step(2) == "They just got hit by a car! A Victim died on North Street"
    h.do(AddVictims(space="street-n"))
    with pytest.raises(RuleViolation, match="North Street has no Smalley"):
        h.do(HitByCar(space="street-n", who="smalley"))


def test_a_fully_searched_quadrant_is_refused_unless_recorded_anyway() -> None:
    # Rulebook, "House spaces and quadrants": "add it to the deck for the closest Quadrant
    # that hasn't been fully searched."
    h = searched(*SW_DONE, *NW_DONE)
    with pytest.raises(RuleViolation, match="NW quadrant has been fully searched") as refused:
        h.do(Search(house="smalleys-house", names=("Bow", "Bible"), other_quadrant="NW"))
    assert refused.value.overridable
    assert refused.value.rule.startswith("House spaces and quadrants")
    action = record_anyway(
        Search(house="smalleys-house", names=("Bow", "Bible"), other_quadrant="NW")
    )
    state = h.do(action)
    assert state.table.deck("NW")[0].name == "Bible"  # the player's choice is honoured


def test_an_open_quadrant_keeps_its_own_card() -> None:
    # Rulebook, "House spaces and quadrants": only when "all the Houses in that Quadrant have
    # been searched" does the card go elsewhere.
    h = searched()
    h.do(Search(house="smalleys-house", names=("Bow",)))
    with pytest.raises(RuleViolation, match="goes back to the NW deck") as refused:
        h.do(ReturnItem(index=0, quadrant="NW", other_quadrant="SE"))
    assert refused.value.overridable
    state = h.do(record_anyway(ReturnItem(index=0, quadrant="NW", other_quadrant="SE")))
    assert state.table.deck("SE")[-1].name == "Bow"
    assert h.describe_step(1) == "⚑ Returned Bow to the SE deck (bottom)"


def test_which_open_quadrant_is_closest_only_warns() -> None:
    # Rules notes §2: which quadrants are neighbours comes from one source: it never refuses.
    h = searched(*SW_DONE)
    state = h.do(Search(house="smalleys-house", names=("Bow", "Bible"), other_quadrant="NE"))
    assert state.table.deck("NE")[0].name == "Bible"
    # Said for the player: what the app's board expected and how to correct the file.
    assert warnings(state) == [
        "By the app's board, the NW and SE quadrants are closest to the SW quadrant and you "
        "chose NE: if your board differs, correct maple-lane.json."
    ]
    # Wording kept: the player reads the warning in the log, so its sentence is under test.
    assert warnings(state)[0] in state.log


def test_a_move_longer_than_the_board_file_says_only_warns() -> None:
    # Rules notes §2: the exact layout (how far one space is from another) is one source.
    h = searched()
    h.do(Place(piece="final girl", space="house-nw-exit-n"))
    state = h.do(Move(to="exit-w", steps=3))
    assert state.table.final_girl == "exit-w"
    assert warnings(state) == [
        "By the app's board, West Exit is 5 spaces from her and you moved 3 spaces: "
        "if your board differs, correct maple-lane.json."
    ]
    assert "rules notes" not in warnings(state)[0] and "one source" not in warnings(state)[0]
    # The occupied-House rule is the rulebook's and still refuses (overridable).
    h.do(AddVictims(space="house-nw-exit-w"))
    with pytest.raises(RuleViolation, match="cannot enter an occupied House") as refused:
        h.do(Move(to="house-nw-exit-w"))
    assert refused.value.overridable


def test_convince_from_another_street_space_only_warns() -> None:
    # Rulebook, "Convince Action cards and entering occupied houses": "To enter an occupied
    # House from the adjacent Street space"; which Street space a House opens onto is one
    # source (rules notes §2), so only standing off the Streets is refused.
    h = searched()
    h.do(Place(piece="final girl", space="street-s"))
    h.do(AddVictims(space="house-nw-street"))
    state = h.do(Convince(house="house-nw-street", result="2"))
    assert state.table.final_girl == "house-nw-street"
    assert "North Street" in warnings(state)[0]
    h.do(Place(piece="final girl", space="house-nw-exit-n"))
    with pytest.raises(RuleViolation, match="from a Street space") as refused:
        h.do(Convince(house="house-nw-street", result="2"))
    assert refused.value.overridable


def test_followers_never_enter_the_real_killers_space() -> None:
    # Rules notes §1: "up to 2 Victims in her space may follow her, but never into the
    # Killer's space" -- named as the game's Killer.
    h = history(killer="Hans")
    h.do(Place(piece="final girl", space="intersection"))
    h.do(AddVictims(space="intersection"))
    h.do(Place(piece="dr fright", space="street-n"))
    with pytest.raises(RuleViolation, match="never follow you into Hans's space"):
        h.do(Move(to="street-n", followers=1))


def test_pitchfork_assault_is_dr_frights_reminder_only() -> None:
    # Rules notes §4: Pitchfork Assault is Dr. Fright's Dark Power; another Killer's card of
    # that name is resolved as printed.
    h = history(killer="Hans")
    h.do(RevealDarkPower(name="Pitchfork Assault"))
    kinds = [e.kind for e in h.do(DrFrightAttacks(target="final girl")).events]
    assert kinds == ["killer-attacks-you"]  # no Pitchfork Assault reminder
    h = history()
    h.do(RevealDarkPower(name="Pitchfork Assault"))
    h.do(FallAsleep())
    events = h.do(DrFrightAttacks(target="final girl")).events
    # Rules notes §4: "each time he damages her, +1 Horror": the reminder, with its +1.
    pitchfork = [(e.count, e.name) for e in events if e.kind == "pitchfork-assault"]
    assert pitchfork == [(1, "Pitchfork Assault")]


def test_two_smalleys_following_are_named_once() -> None:
    # Rules notes §1: up to 2 Victims follow her (the Smalleys are Victims).
    assert Move(to="street-n", specials=("smalley", "smalley")).describe() == (
        "Moved to North Street with 2 Smalleys"
    )


def test_a_panic_that_shock_factor_turns_into_a_death_says_so() -> None:
    # Epic Dark Power "Shock Factor": "If a Victim would panic, it is killed instead."
    from dataclasses import replace

    state = new_game(GameSetup(epic=True), seed=8)
    h = History(replace(state, table=replace(state.table, smalleys=("street-n",))))
    h.do(RevealDarkPower(name="Shock Factor"))
    h.do(MoveVictims(source="street-n", target="intersection", who="smalley", panic=True))
    assert (
        h.describe_step(1)
        == "1 Smalley would panic on North Street: Shock Factor killed it instead"
    )


def test_the_convince_refusal_names_the_data_line() -> None:
    # Rules notes §3: which roll gives which line is one source, kept in maple-lane.json.
    import json
    from dataclasses import replace

    from frightmare.model.box.board import load_board, packaged_board_text

    data = json.loads(packaged_board_text())
    data["convince"][0]["label"] = "Three or more"
    h = searched()
    h = History(replace(h.state, board=load_board(json.dumps(data))))
    h.do(Place(piece="final girl", space="street-n"))
    h.do(AddVictims(space="house-nw-street"))
    with pytest.raises(RuleViolation, match="Only the “Three or more” line"):
        h.do(Convince(house="house-nw-street", result="2", take_item=True))


def test_bloodlust_at_its_maximum_is_a_switch_on_by_default() -> None:
    # Rules notes §4 (one source): "When Bloodlust rises while already at its maximum: if she
    # is Asleep the Boiler Room deck resets, otherwise she falls Asleep" -- a box.json switch,
    # on by default. (Past the top in one go: the top row, then one more.)
    h = history()
    assert h.state.box.bloodlust_max_sleep == 1
    state = h.do(AdjustCounter(counter="bloodlust", delta=h.state.box.bloodlust_max + 1))
    assert state.asleep
    h = history()
    h.do(SetBoxValue(name="bloodlust_max_sleep", value=0))
    state = h.do(AdjustCounter(counter="bloodlust", delta=h.state.box.bloodlust_max + 1))
    assert not state.asleep and "fell-asleep" not in [e.kind for e in state.events]
    # The reminder in the rule's place, at the maximum; its sentence must cite its source.
    reminder = [e for e in state.events if e.kind == "bloodlust-maximum"]
    assert [e.count for e in reminder] == [state.box.bloodlust_max]
    assert "rules notes §4" in reminder[0].text
    h.do(FallAsleep())
    state = h.do(AdjustCounter(counter="bloodlust", delta=1))
    assert state.dream.shuffles == h.state_at(len(h) - 1).dream.shuffles
    assert "deck-reset" not in [e.kind for e in state.events]
    # As above, the reminder in the rule's place (Asleep: the deck would reset).
    assert [e.kind for e in state.events].count("bloodlust-maximum") == 1 and state.asleep


def test_a_boiler_room_effect_recorded_in_the_action_phase_holds_for_the_killer_phase() -> None:
    # Rulebook, "The Boiler Room": "you MUST resolve exactly one BR card (unless a game effect
    # changes this)" at the end of the Killer phase.
    h = history()
    h.do(FallAsleep())
    h.do(BoilerRoomEffect(effect="skip card", card="Lullaby"))
    to_phase(h, "killer")
    h.do(KillerAction(move_icon=False))
    h.do(DrawTerror(name="Some Terror"))
    assert not boiler_card_due(h.state)
    h.do(NextPhase())  # no card owed: the effect skipped it
    to_phase(h, "killer")
    assert boiler_card_due(h.state)  # the next Killer phase owes its card again
    h = history()
    h.do(FallAsleep())
    h.do(BoilerRoomEffect(effect="extra card", card="Restless"))
    to_phase(h, "killer")
    h.do(KillerAction(move_icon=False))
    h.do(DrawTerror(name="Some Terror"))
    h.do(Slide(direction="up"))
    h.do(Slide(direction="up"))  # the extra card
    with pytest.raises(RuleViolation, match="already resolved"):
        h.do(Slide(direction="up"))


def test_a_saved_board_edit_at_another_location_reopens_as_a_note() -> None:
    # A game saved before finding 4 may hold a board edit at another Location: "the table is
    # the truth", so the game still opens, the step kept as a note in History.
    start = new_game(GameSetup(location=CAMP), seed=8)
    h = History(start, [EditTable(piece="victim", target="intersection"), NextPhase()])
    assert h.actions[0].kind == "noted" and len(h) == 2
    assert h.describe_step(0) == "Noted: Edit: placed a Victim on Intersection"
    assert h.state.phase == "planning"


def test_the_same_game_in_two_languages_is_the_same_game() -> None:
    """A game's state holds the words of what just happened (its lines, its events' texts) in
    the language of the app that played it: replayed in another, it is the same game. A
    difference on the table, or in what happened, is not."""
    played = apply(
        new_game(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=1),
        KillVictim(space="intersection"),
    )
    assert played.log and played.events
    worded = replace(
        played,
        log=tuple(f"[de] {line}" for line in played.log),
        events=tuple(replace(e, text=f"[de] {e.text}") for e in played.events),
    )
    assert same_game(played, worded) and worded != played
    other_table = replace(played, table=replace(played.table, final_girl="exit-s"))
    assert not same_game(played, other_table)
    other_event = replace(played, events=played.events[:1])
    assert not same_game(played, other_event)
