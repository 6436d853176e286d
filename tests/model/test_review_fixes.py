"""The rules review of issue 9 ("the table is the truth"), findings 2 to 13.

Each test names the rule it checks: a rulebook sentence, or a section of docs/rules-notes.md.
"""

from __future__ import annotations

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    AddVictims,
    DrawTerror,
    EditTable,
    HitByCar,
    MoveVictims,
    NextPhase,
    RevealDarkPower,
    RevealEvent,
    RevealFinale,
    SetDeck,
    VictimsPanic,
)
from frightmare.model.errors import RuleViolation
from frightmare.model.location import AddLocationVictims

CAMP = "Camp Happy Trails"


def history(**setup: object) -> History:
    return History(new_game(GameSetup(**setup), seed=8))  # type: ignore[arg-type]


def to_phase(h: History, phase: str) -> None:
    while h.state.phase != phase:
        h.do(NextPhase())


# Finding 2: Shock Factor is Dr. Fright's Epic Dark Power -------------------------------------


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


# Finding 3: Shock Factor off Maple Lane --------------------------------------------------------


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
    assert any("panic as normal" in line for line in state.log)


# Finding 4: Maple Lane's pieces only on Maple Lane ---------------------------------------------


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

    from frightmare.model.table import CopCar

    state = new_game(GameSetup(location=CAMP), seed=8)
    state = replace(state, table=replace(state.table, cop_car=CopCar("exit-n", "exit-s")))
    h = History(state)
    to_phase(h, "upkeep")
    assert h.state.table.cop_car == CopCar("exit-n", "exit-s")
    assert not any("Cop Car" in line for line in h.state.log)


# Finding 5: Franky's coming for you off Maple Lane --------------------------------------------


def test_frankys_coming_counts_the_location_victims() -> None:
    # Terror "Franky's coming for you": with no Victims on the board the card is discarded;
    # at another Location the board's Victims are the Location panel's.
    h = history(location=CAMP)
    h.do(AddLocationVictims(count=2))
    to_phase(h, "killer")
    state = h.do(DrawTerror(name="Franky's coming for you"))
    assert not any("No Victims on the board" in line for line in state.log)
    h = history(location=CAMP)
    to_phase(h, "killer")
    state = h.do(DrawTerror(name="Franky's coming for you"))
    assert any("No Victims on the board" in line for line in state.log)


# Finding 6: card names as the rulebook prints them ---------------------------------------------


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
    state = h.do(DrawTerror(name="they just got hit by a car"))
    assert state.terror_drawn == ("They just got hit by a car!",)
    assert "Resolve the Terror card as printed." not in state.log


def test_an_unknown_card_keeps_its_name() -> None:
    # Issue 9 item 12: any card by name, tracked as out, resolved as printed.
    state = history().do(RevealFinale(name="  Dream   Warfare "))
    assert state.finale == "Dream Warfare"


# Finding 7: "They just got hit by a car!" kills the Victim the player chooses -------------------


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
