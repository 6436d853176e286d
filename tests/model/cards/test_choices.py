"""What a card leaves to the player, and only that: where he stops on his way, a tie between
targets, a die, her damage, the Exit, the space chosen on the board, an option's words.

Sources are named in each test: the rulebook's sentences, or rules notes §9 and §10 (the cards
file: one source proposes, never refuses).
"""

from __future__ import annotations

import pytest
from game_helpers import killer_phase, terror_time

from frightmare.model import GameState, History
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import Place, SetVictims
from frightmare.model.actions.round import DrawTerror, KillerAction
from frightmare.model.actions.steps import (
    EventStep,
    KillStep,
    NoteStep,
)
from frightmare.model.box.card_data import CardData, default_cards
from frightmare.model.box.cards import FRANKYS_COMING, HIT_BY_A_CAR
from frightmare.model.cards.plan import plan_card


def _card(card_id: str) -> CardData:
    return default_cards().by_id[card_id]


def _asked(state: GameState, card_id: str, at: str | None = None) -> list[str]:
    return [c.key for _, c in plan_card(state, _card(card_id), at=at).asking()]


def _boyfriend_in_play() -> History:
    """Asleep (he may attack her), the Boyfriend in his House, Dr. Fright on her space."""
    from frightmare.model.actions.lane import RevealEvent

    history = killer_phase()
    history.do(FallAsleep())
    history.do(RevealEvent(name="Boyfriend"))
    history.do(Place(piece="dr fright", space="street-s"))
    return history


def test_where_he_stops_on_his_way_to_the_closest_target_is_not_asked() -> None:
    # Rules notes §1 and §10: he goes for the closest target and moves toward it; between
    # equally close targets the one with more Victims (one source), and only a tie left is the
    # player's pick. "Franky's coming for you" (the closest Victim: move; then +2 or +1 Horror)
    # leaves nothing to choose on this table (3 Victims in the NW House, 2 on the Intersection,
    # both next to him).
    state = killer_phase().state
    plan = plan_card(state, _card(FRANKYS_COMING))
    end = next(c for s in plan.steps for c in s.choices if c.key == "end")
    assert end.shown and not end.open and end.default == "house-nw-street"
    assert plan.asking() == ()


def test_a_tie_between_targets_is_the_players() -> None:
    # Him on the Intersection, the same number of Victims on North and South Street: tied.
    history = killer_phase()
    history.do(SetVictims(space="intersection", count=0))
    history.do(Place(piece="dr fright", space="intersection"))
    history.do(SetVictims(space="street-n", count=1))
    history.do(SetVictims(space="street-s", count=1))
    history.do(Place(piece="final girl", space="exit-e"))
    assert _asked(history.state, FRANKYS_COMING) == ["end"]


def test_a_die_and_her_damage_are_always_hers_to_say() -> None:
    # "I'm so sleepy…!" (one source): "roll a die: lower than your Horror, you fall Asleep";
    # his attack on her asks "the damage she takes after her defence" (issue 20, Build 3).
    history = killer_phase()
    assert "die" in _asked(history.state, "I'm so sleepy…!")
    history.do(FallAsleep())
    history.do(Place(piece="dr fright", space="exit-w"))
    history.do(Place(piece="final girl", space="exit-w"))
    assert "damage0" in _asked(history.state, "Stab Her")


def test_one_closest_exit_is_no_choice_but_two_are() -> None:
    # "Road Closed for Construction" (one source): "the Exit closest to you (if two tie, you
    # pick)". Her on South Street: the South Exit alone is closest.
    history = killer_phase()
    assert "space" not in _asked(history.state, "Road Closed for Construction")
    history.do(Place(piece="final girl", space="intersection"))
    assert "space" in _asked(history.state, "Road Closed for Construction")


def test_the_space_chosen_on_the_board_answers_the_cards_choice() -> None:
    # "They just got hit by a car!": "1 Victim in a Street space of your choice is killed": a
    # Street space clicked on the board just before is that choice.
    history = killer_phase()
    history.do(SetVictims(space="street-w", count=1))
    state = history.state
    assert _asked(state, HIT_BY_A_CAR) == ["space"]
    assert _asked(state, HIT_BY_A_CAR, at="street-w") == []
    plan = plan_card(state, _card(HIT_BY_A_CAR), at="street-w")
    assert plan.records() == (KillStep(space="street-w"),)
    # A space the card cannot use is no answer: it is still asked.
    assert _asked(state, HIT_BY_A_CAR, at="house-nw-street") == ["space"]


def test_an_options_words_are_the_players_not_its_key() -> None:
    # Never Sleep Again, Asleep (one source): "choose one: reset the Boiler Room deck now, or
    # resolve one extra Boiler Room card".
    history = killer_phase()
    history.do(FallAsleep())
    plan = plan_card(history.state, _card("Never Sleep Again"))
    ((_index, pick),) = plan.asking()
    assert [pick.label(o) for o in pick.options] == [
        "The Boiler Room deck resets",
        "Resolve one more Boiler Room card",
    ]


def test_the_event_a_card_draws_is_revealed_in_the_same_step() -> None:
    # Issue 20, Build 2: "Drawing a Terror card the app knows applies what it can in the same
    # step: ... Events drawn". "Road Closed for Construction" (one source): a Road Block on the
    # Exit closest to her, then draw an Event: here Fire!, its die 2 (the Boyfriend's House).
    history = terror_time()
    state = history.state
    card = _card("Road Closed for Construction")
    plan = plan_card(state, card)
    assert [c.key for _, c in plan.asking()] == ["event0"]  # which Event: the player says
    assert any(isinstance(r, NoteStep) for r in plan.records())  # by default: by hand
    chosen = {(1, "event0"): "Fire!"}
    plan = plan_card(state, card, chosen)
    assert [c.key for _, c in plan.asking()] == ["event0", "event0-die"]
    plan = plan_card(state, card, {**chosen, (1, "event0-die"): 2})
    steps = plan.records()
    assert steps[-1] == EventStep(name="Fire!", die=2)
    after = history.do(DrawTerror(name=card.id, steps=steps))
    assert "boyfriends-house" in after.table.closed and after.table.roadblocks == {"exit-s"}
    assert after.table.victims["boyfriends-house"] == 0 and after.counters.bloodlust == 1


def test_two_events_drawn_are_two_choices_the_second_without_the_first() -> None:
    # "Did you hear what happened on Maple Lane?" (one source): "draw 2 Events". An Event in
    # play (the Smalleys, say) is not in the deck to draw.
    history = terror_time()
    card = _card("Did you hear what happened on Maple Lane?")
    chosen = {(0, "event0"): "The Smalleys"}
    plan = plan_card(history.state, card, chosen)
    second = next(c for s in plan.steps for c in s.choices if c.key == "event1")
    assert "The Smalleys" not in second.options and "Boyfriend" in second.options
    plan = plan_card(history.state, card, {**chosen, (0, "event1"): "Boyfriend"})
    state = history.do(DrawTerror(name=card.id, steps=plan.records()))
    assert state.table.smalleys and state.table.boyfriend == "boyfriends-house"
    assert not state.terror_this_round  # and the next Terror card is resolved too


def test_an_event_revealed_by_a_terror_card_counts_for_the_achievement() -> None:
    # Published achievement (Maple Lane 8): "Win a game in which 3 or more Events were
    # revealed": "counting those drawn by Terror cards".
    from frightmare.model.record.journal_facts import read_journal

    history = terror_time()
    card = _card("Did you hear what happened on Maple Lane?")
    chosen = {(0, "event0"): "The Smalleys", (0, "event1"): "Boyfriend"}
    history.do(DrawTerror(name=card.id, steps=plan_card(history.state, card, chosen).records()))
    assert read_journal(history).events_revealed == 2


def test_the_boyfriend_takes_his_attack_aimed_at_her() -> None:
    # Event: Boyfriend (two public sources, rules notes §5): "Attacks aimed at you go to him
    # instead." His Killer Action on her space: the Boyfriend dies, she keeps her Health, and
    # his death adds Bloodlust like any Victim's; nothing is asked (the rule decides).
    from frightmare.model.query.killer_phase import plan_killer_step

    history = _boyfriend_in_play()
    state = history.state
    plan = plan_killer_step(state)
    assert plan.records == (KillStep(space="boyfriends-house", who="boyfriend"),)
    assert not [c for c in plan.choices if c.asks]
    assert "The Boyfriend takes his attack on you." in plan.text
    after = history.do(KillerAction(move_icon=False, steps=plan.records))
    assert after.table.boyfriend is None
    assert after.counters.health == state.counters.health
    assert after.counters.bloodlust == state.counters.bloodlust + 1


def test_the_player_may_say_the_attack_hit_her_all_the_same() -> None:
    # The rule proposes; the table is the truth: "you" takes it, and her damage is asked again.
    from frightmare.model.query.killer_phase import plan_killer_step

    state = _boyfriend_in_play().state
    plan = plan_killer_step(state)
    takes = next(c for c in plan.choices if c.key == "takes0")
    assert takes.default == "boyfriend" and not takes.open
    assert takes.label("you") == "You"
    plan = plan_killer_step(state, chosen={(0, "takes0"): "you", (0, "damage0"): 2})
    from frightmare.model.actions.steps import HurtHerStep

    assert plan.records == (HurtHerStep(damage=2),)


def test_with_the_boyfriend_gone_his_attack_hits_her_again() -> None:
    # Event: Boyfriend: the attacks go to him while he is in play; once he is dead, no one
    # takes them for her.
    from dataclasses import replace

    from frightmare.model.actions.steps import HurtHerStep
    from frightmare.model.query.killer_phase import plan_killer_step

    state = _boyfriend_in_play().state
    gone = replace(state, table=state.table.without_victims("boyfriends-house", "boyfriend"))
    assert plan_killer_step(gone).records == (HurtHerStep(damage=1),)


def test_the_fireworks_token_is_put_on_her_space_or_one_next_to_it_never_a_house() -> None:
    # Item: Fireworks (one source, rules notes §9): "put the Fireworks token on your space or
    # one next to it, but not in a House": the token goes on the board there. Her on South
    # Street.
    from frightmare.model.actions.edit import HeldItemData, SetItems
    from frightmare.model.lane.items import item_uses

    history = killer_phase()
    state = history.do(SetItems(items=(HeldItemData(name="Fireworks"),)))
    uses = item_uses(state, 0)
    board = state.board
    where = {"street-s", *(s for s in board.neighbours("street-s") if not board.is_house(s))}
    assert len(uses) == len(where)
    assert all(any(board.label(s) in use.label for s in where) for use in uses)
    assert not any(board.label(h) in u.label for h in board.houses for u in uses)
    after = history.do(uses[0].action(0))
    assert after.counters.time == state.counters.time - 2
    assert f"The Fireworks token on {board.label('street-s')}" in " ".join(after.log[-3:])
    assert after.table.fireworks == "street-s"
    assert any(e.kind == "token" and e.spaces == ("street-s",) for e in after.events)


def test_a_booby_trap_goes_in_the_house_she_is_in() -> None:
    # Item: Odds and Ends (one source, rules notes §9): "while you are in a House, put a
    # booby-trap token there": the use names that House, and the token goes on the board.
    from frightmare.model.actions.edit import HeldItemData, SetItems
    from frightmare.model.lane.items import item_uses

    history = killer_phase()
    history.do(Place(piece="final girl", space="house-nw-street"))
    state = history.do(SetItems(items=(HeldItemData(name="Odds and Ends"),)))
    label = state.board.label("house-nw-street")
    (use,) = item_uses(state, 0)
    assert label in use.label
    after = history.do(use.action(0))
    assert f"A booby trap in {label}" in " ".join(after.log[-3:])
    assert after.table.booby_traps == {"house-nw-street"}


def test_every_kind_of_card_in_the_data_has_its_per_card_test() -> None:
    # Issue 20, "Tests that must exist": "One per card in the data: the effect applied, or its
    # guidance, and the confidence it carries". tests/model/cards/test_every_card.py parametrizes
    # one test per card over these kinds: a card of a new kind would escape them, so it fails
    # here first.
    covered = {
        "terror",
        "event",
        "item",
        "bonus-item",
        "finale",
        "dark-power",
        "epic-dark-power",
        "setup",
    }
    cards = default_cards().data.cards
    assert {card.kind for card in cards} <= covered
    assert len(cards) == 63  # the cards file as shipped: a card added needs its test


def test_no_terror_card_is_left_as_printed() -> None:
    # Issue 20, Done when: "every Terror card drawn is recognised and resolved with at most the
    # choices the card leaves open": each has a step the app applies or guides.
    from frightmare.model.box.card_data import handling

    terror = default_cards().of_kind("terror")
    assert len(terror) == 24  # Dr. Fright's 16 and Maple Lane's 8
    assert all(handling(card) != "as printed" for card in terror)


@pytest.mark.parametrize(
    "name",
    [
        "Road Closed for Construction",
        "He just came in through the backyard",
        "Did you hear what happened on Maple Lane?",
        "They told us to hide",
    ],
)
def test_each_card_that_draws_an_event_reveals_it_in_its_step(name: str) -> None:
    # Issue 20, Build 2: a Terror card the app knows applies "Events drawn" in the same step;
    # the four that draw one (one source, rules notes §9). "What is going on over there?":
    # "1 new Victim on each of the 4 Exits" (two public sources, rules notes §5).
    history = terror_time()
    state = history.state
    card = _card(name)
    index = next(
        s.index
        for s in plan_card(state, card).steps
        if s.choices and any(c.key == "event0" for c in s.choices)
    )
    plan = plan_card(state, card, {(index, "event0"): "What is going on over there?"})
    assert EventStep(name="What is going on over there?") in plan.records()
    before = {e: state.table.victims[e] for e in state.board.exits}
    after = history.do(DrawTerror(name=card.id, steps=plan.records()))
    assert all(after.table.victims[e] >= before[e] + 1 for e in state.board.exits)
    assert any(e.kind == "new-victims" for e in after.events)
