"""One test per card in the cards file: its effect applied, or its guidance, and the confidence
it carries (issue 20, "Tests that must exist").

Each test names its source: the rulebook's card notes where it prints the card, else rules
notes §9 (the cards file: two public sources agree, or one, whose effect is proposed and
applied as the card's editable steps, never a refusal).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from frightmare.model import GameSetup, GameState, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealDarkPower, RevealFinale
from frightmare.model.actions.edit import HeldItemData, SetCounter, SetItems
from frightmare.model.actions.lane import RevealEvent
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.actions.steps import (
    AddVictimsStep,
    AnotherTerrorStep,
    BoilerStep,
    CounterStep,
    DiscardStep,
    HurtHerStep,
    KillerToStep,
    KillStep,
    LastingStep,
    MinorPowerStep,
    NoteStep,
    PanicStep,
    RedrawStep,
    RoadblockStep,
    SleepStep,
    UnsaveStep,
)
from frightmare.model.box.card_data import CardData, default_cards, handling
from frightmare.model.box.cards import (
    BICYCLE,
    EVERYONE_MUST_DIE,
    FACE_YOUR_FRIGHT,
    FRANKYS_COMING,
    HIT_BY_A_CAR,
    INEVITABLE,
    NEVER_REALLY_DEAD,
    PITCHFORK_ASSAULT,
    SHOCK_FACTOR,
    TIME_TO_DIE,
)
from frightmare.model.cards.plan import plan_card
from frightmare.model.lane.houses import convince_modifiers
from frightmare.model.lane.items import item_handling, item_uses
from frightmare.model.rules import apply

BOOK = default_cards()
# The kind of event each step's effect says, as the GUI reacts to it.
SAID = {
    CounterStep: None,  # a counter moves (checked on the counters)
    SleepStep: "fell-asleep",
    BoilerStep: None,
    KillerToStep: "killer-moves",
    KillStep: "victim-killed",
    PanicStep: "victims-panicked",
    AddVictimsStep: "new-victims",
    RoadblockStep: "roadblock",
    HurtHerStep: "you-are-hurt",
    UnsaveStep: "victim-unsaved",
    LastingStep: "lasting-effect",
    MinorPowerStep: "minor-power",
    DiscardStep: "item-discarded",
    NoteStep: "card-step",
    RedrawStep: "terror-redraw",
    AnotherTerrorStep: "terror-another",
}


def killer_phase(**setup: object) -> History:
    """Maple Lane's Setup card "Maple Lane" (her on South Street, him on North Street, 12
    Victims), in the Killer phase after his Killer Action (rules notes §1: "the Killer performs
    his Killer Action [...], then one Terror card is drawn")."""
    history = History(new_game(GameSetup.from_json({"setup_card": "Maple Lane", **setup}), 1))
    history.do(NextPhase())
    history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    return history


def _table_for(card: CardData, history: History) -> GameState:
    """A table where the card's steps have something to act on."""
    state = history.state
    if card.id == "Didn't you know they were already dead?":
        state = history.do(SetCounter(counter="saved", value=1))
    if card.id == "I said don't look back!":
        state = replace(
            state, table=replace(state.table, victims=state.table.victims.add("exit-e", 1))
        )
    if card.id in ("If this is a dream, then I can…", "Better Stay Awake", "Never Sleep Again"):
        state = apply(state, FallAsleep())
    return state


@pytest.mark.parametrize("card", BOOK.of_kind("terror"), ids=lambda c: c.id)
def test_each_terror_card_is_applied_or_guided_with_its_confidence(card: CardData) -> None:
    # rules notes §9: each card's steps, as the cards file gives them; the rulebook's card notes
    # for "They just got hit by a car!" and "Franky's coming for you".
    state = _table_for(card, killer_phase())
    plan = plan_card(state, card)
    records = plan.records()
    assert plan.steps, card.id
    for step in plan.steps:
        data = card.steps[step.index] if step.index < len(card.steps) else None
        expected = (data.confidence if data and data.confidence else None) or card.confidence
        assert step.confidence == expected, (card.id, step.index)
        assert step.text
    drawn = apply(state, DrawTerror(name=card.id, steps=records))
    assert drawn.terror_drawn[-1] == card.id
    kinds = {e.kind for e in drawn.events}
    assert "terror-steps" in kinds
    for record in records:
        said = SAID[type(record)]
        if said is not None:
            assert said in kinds, (card.id, record)
    counters = [r for r in records if isinstance(r, CounterStep)]
    for record in counters:
        if record.counter == "horror":
            assert drawn.counters.horror != state.counters.horror or state.counters.horror in (
                state.box.horror_min,
                state.box.horror_max,
            )
    kills = sum(isinstance(r, KillStep) for r in records) + sum(
        r.count for r in records if isinstance(r, UnsaveStep)
    )
    assert drawn.counters.victims_killed == state.counters.victims_killed + kills
    # How the app handles it, and how sure we are: the rulebook prints two of them.
    assert handling(card) in ("applied", "guided")
    assert card.confidence == ("RB" if card.id in (HIT_BY_A_CAR, FRANKYS_COMING) else "ONE")


def test_hit_by_a_car_kills_the_chosen_street_victim() -> None:
    # Terror: "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed" (rulebook): the Intersection's 2 are proposed; Bloodlust +1 for the death.
    state = killer_phase().state
    plan = plan_card(state, BOOK.by_id[HIT_BY_A_CAR])
    assert plan.records() == (KillStep(space="intersection"),)
    drawn = apply(state, DrawTerror(name=HIT_BY_A_CAR, steps=plan.records()))
    assert drawn.table.victims["intersection"] == 1 and drawn.counters.bloodlust == 1


def test_hit_by_a_car_with_no_street_victim_is_discarded() -> None:
    # "If there are no Victims in any Street spaces, discard and draw another Terror card."
    state = killer_phase().state
    houses_only = replace(
        state,
        table=replace(state.table, victims=state.table.victims.add("intersection", -2)),
    )
    plan = plan_card(houses_only, BOOK.by_id[HIT_BY_A_CAR])
    assert plan.redraw
    drawn = apply(houses_only, DrawTerror(name=HIT_BY_A_CAR, steps=plan.records()))
    assert not drawn.terror_this_round  # the phase's card is still to draw


@pytest.mark.parametrize("card", BOOK.of_kind("event"), ids=lambda c: c.id)
def test_each_event_is_applied_by_its_rule(card: CardData) -> None:
    # rules notes §5: each Event's rule acts on the board; The Smalleys is the rulebook's.
    state = killer_phase().state
    needs = {"Fire!": {"die": 2}, "Officer Kopp": {"space": "exit-n"}}
    needs["Under Construction"] = {"space": "exit-w"}
    needs["Party in the Burbs!"] = {"space": "house-nw-street"}
    # The card's id is a plain str (read from the card data), the field a Literal of event names.
    revealed = apply(state, RevealEvent(name=card.id, **needs.get(card.id, {})))  # type: ignore[arg-type]
    assert not any(e.kind == "event-as-printed" for e in revealed.events)
    assert revealed != state
    assert card.confidence == ("RB" if card.id == "The Smalleys" else "PUB")


@pytest.mark.parametrize("card", BOOK.of_kind("item", "bonus-item"), ids=lambda c: c.id)
def test_each_item_is_applied_guided_or_as_printed(card: CardData) -> None:
    # Item: Bicycle (rulebook); the others rules notes §7 and §9 (one source).
    history = killer_phase()
    state = history.do(SetItems(items=(HeldItemData(name=card.name),)))
    uses = item_uses(state, 0)
    handled = item_handling(card)
    if card.id == BICYCLE:
        assert handled == "applied" and card.confidence == "RB"
    elif card.id == "Bible":
        assert handled == "applied" and ("Bible", 2) in convince_modifiers(state)
    elif uses:
        assert handled == "guided"
        asleep = apply(state, FallAsleep())  # he can be hurt only while she is Asleep
        used = apply(asleep, uses[0].action(0))
        assert any(e.kind == "item-used" for e in used.events)
        if uses[0].discard:
            assert not used.table.held
    else:
        assert handled == "as printed"  # a weapon: its damage is the attack's to say
    if card.id != BICYCLE and card.kind == "item":
        assert card.confidence == "ONE"


def test_the_rifle_hits_him_for_two_and_costs_a_time() -> None:
    # Item: Rifle (one source, rules notes §9): "on a success, 2 damage to an Enemy".
    history = killer_phase()
    history.do(SetItems(items=(HeldItemData(name="Rifle"),)))
    state = history.do(FallAsleep())
    shot = item_uses(state, 0)[0]
    after = apply(state, shot.action(0))
    assert after.counters.killer_health == state.counters.killer_health - 2
    assert after.counters.time == state.counters.time - 1
    assert after.table.held[0].used == 1  # 2 uses: one left
    again = apply(after, item_uses(after, 0)[0].action(0))
    assert not again.table.held  # its last use: discarded


def test_the_trash_can_lid_counts_its_uses() -> None:
    history = killer_phase()
    state = history.do(SetItems(items=(HeldItemData(name="Trash-Can Lid"),)))
    for left in (2, 1):
        state = apply(state, item_uses(state, 0)[0].action(0))
        assert any(e.kind == "item-used" and e.count == left for e in state.events)
    state = apply(state, item_uses(state, 0)[0].action(0))
    assert not state.table.held


@pytest.mark.parametrize("card", BOOK.of_kind("finale"), ids=lambda c: c.id)
def test_each_finale_is_applied_or_resolved_as_printed(card: CardData) -> None:
    state = killer_phase().state
    revealed = apply(state, RevealFinale(name=card.id))
    kinds = [e.kind for e in revealed.events]
    if card.id == EVERYONE_MUST_DIE:
        # Finale: "Everyone must die": "remove Dr. Fright from the board" (rulebook).
        assert revealed.table.killer is None and "killer-leaves-board" in kinds
        assert card.confidence == "RB"
    elif card.id == FACE_YOUR_FRIGHT:
        # rules notes §4: "if she is Awake she falls Asleep, and stays Asleep".
        assert revealed.asleep and revealed.dream.asleep_for_good
    elif card.id == TIME_TO_DIE:
        assert "finale" in kinds and card.killer_action is not None
    else:
        assert not card.in_box and "resolve it as printed" in revealed.log[-1]


@pytest.mark.parametrize("card", BOOK.of_kind("dark-power", "epic-dark-power"), ids=lambda c: c.id)
def test_each_dark_power_is_applied(card: CardData) -> None:
    # rules notes §4; The Frightmare is Inevitable and Shock Factor are the rulebook's.
    state = killer_phase(epic=True).state
    revealed = apply(state, RevealDarkPower(name=card.id))
    assert revealed.dark_power == card.id
    assert "resolve it as printed" not in revealed.log[-1]
    sure: dict[str, str] = {INEVITABLE: "RB", SHOCK_FACTOR: "RB", PITCHFORK_ASSAULT: "PUB"}
    sure[NEVER_REALLY_DEAD] = "PUB"
    assert card.confidence == sure[card.id]


@pytest.mark.parametrize("card", BOOK.of_kind("setup"), ids=lambda c: c.id)
def test_each_setup_card_places_the_table(card: CardData) -> None:
    # rules notes §2: each Setup card places her, him and 12 Victims (board file).
    state = new_game(GameSetup(setup_card=card.id), seed=1)
    assert state.table.total_victims() == 12
    assert state.table.final_girl is not None and state.table.killer is not None
    assert card.confidence == "PUB"


def test_did_you_hear_lets_the_next_terror_card_be_drawn_too() -> None:
    # "Did you hear what happened on Maple Lane?" (one source, rules notes §9): "draw 2
    # Events, then resolve the next Terror card too": this Killer phase draws one more.
    state = killer_phase().state
    card = BOOK.by_id["Did you hear what happened on Maple Lane?"]
    drawn = apply(state, DrawTerror(name=card.id, steps=plan_card(state, card).records()))
    assert not drawn.terror_this_round
    again = apply(drawn, DrawTerror(name="Ewwww! That's disgusting!"))
    assert again.counters.terror_left == state.counters.terror_left - 2
