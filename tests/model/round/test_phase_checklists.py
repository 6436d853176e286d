"""The phase's checklist follows the table: the Killer phase's Boiler Room cards (counted when
a card adds one), his recorded Killer Action, the Panic."""

from __future__ import annotations

from game_helpers import go_to

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import DrFrightAttacks, FallAsleep, Slide, VictimsPanic
from frightmare.model.actions.lane import AddVictims, KillVictim, MoveVictims, Place
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.actions.steps import PanicStep
from frightmare.model.cards.plan import plan_card
from frightmare.model.cards.terror import find_terror
from frightmare.model.dream.deck import boiler_card_due
from frightmare.model.round.checklist import checklist, reminders
from frightmare.model.round.phases import next_phase_label, round_can_end

SLEEPY = "I'm so sleepy…!"


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))


def sleepy_drawn_asleep() -> History:
    """Asleep in the Killer phase, his Killer Action done, "I'm so sleepy…!" drawn with its
    steps as the Terror card dialog records them."""
    history = game()
    history.do(FallAsleep())
    go_to(history, "killer")
    history.do(KillerAction(move_icon=False))
    card = find_terror(history.state, SLEEPY)
    assert card is not None
    steps = plan_card(history.state, card).records(frozenset())
    history.do(DrawTerror(name=SLEEPY, steps=steps))
    return history


def boiler_line(history: History) -> tuple[str, bool]:
    return next(item for item in checklist(history.state) if "Boiler Room" in item[0])


# "I'm so sleepy…!": one more Boiler Room card ----------------------------------------


def test_the_extra_boiler_room_card_is_counted_and_reminded() -> None:
    # The Boiler Room: "you must ALWAYS resolve one, and exactly one BR card (unless a game
    # effect changes this)"; "I'm so sleepy…!" Asleep (one source, cards.json): "resolve one
    # Boiler Room card". Her own card and the card's one more: two this Killer phase.
    history = sleepy_drawn_asleep()
    text, done = boiler_line(history)
    assert "2 Boiler Room cards" in text and not done
    history.do(Slide(direction="up"))
    text, done = boiler_line(history)
    assert "1 of 2" in text and not done
    # The round's end reminds: the one more card is said, and Next phase stops at Upkeep.
    assert any("one more Boiler Room card" in r[1] for r in reminders(history.state))
    assert not round_can_end(history.state)
    assert next_phase_label(history.state) == "Upkeep ▸"
    history.do(Slide(direction="left"))
    text, done = boiler_line(history)
    assert "2 of 2" in text and done
    assert not any("one more Boiler Room card" in r[1] for r in reminders(history.state))
    if history.state.dream.attack_open:  # a card showed him: his attack is owed (issue 31)
        assert not round_can_end(history.state)
        history.do(DrFrightAttacks(target="final girl", damage=0))
    assert round_can_end(history.state)


def test_going_on_with_the_extra_card_owed_says_so_and_refuses_nothing() -> None:
    # The extra card stands on the card's effect, from one unofficial source (rules notes
    # §9: "Whatever rests on one source reminds or prefills, and never refuses a play").
    history = sleepy_drawn_asleep()
    history.do(Slide(direction="up"))
    assert not boiler_card_due(history.state)
    if history.state.dream.attack_open:  # a card showed him: his attack first (issue 31)
        history.do(DrFrightAttacks(target="final girl", damage=0))
    state = history.do(NextPhase())
    assert any(e.kind == "extra-boiler-card" and "still owed" in e.text for e in state.events)


def test_a_plain_killer_phase_still_counts_exactly_one() -> None:
    # "you must ALWAYS resolve one, and exactly one BR card"
    history = game()
    history.do(FallAsleep())
    go_to(history, "killer")
    history.do(KillerAction(move_icon=False))
    history.do(DrawTerror(name="Ewwww! That's disgusting!"))
    assert boiler_line(history) == (
        "Last: resolve exactly one Boiler Room card (after the Terror card)",
        False,
    )
    history.do(Slide(direction="up"))
    assert boiler_line(history)[1]


# The Panic phase's checklist ------------------------------------------------------------


def panic_phase() -> History:
    """A Victim died this round: the Panic phase, with Victims in his space."""
    history = game()
    history.do(Place(piece="dr fright", space="intersection"))
    history.do(AddVictims(space="intersection", count=3))
    go_to(history, "killer")
    history.do(KillVictim(space="intersection"))
    go_to(history, "panic")
    return history


def test_the_panic_item_ticks_once_the_panic_is_recorded() -> None:
    # Rules notes §1: "Panic: only when a Victim died this round; the Victims in the Killer's
    # space panic and move."
    history = panic_phase()
    assert checklist(history.state) == (("Victims in his space panic and move away", False),)
    # A count alone is what would panic: the moves are still to come.
    history.do(VictimsPanic(count=1))
    assert not checklist(history.state)[0][1]
    # The Panic panel's step: the Victim moved, one still in his space.
    move = PanicStep(source="intersection", target="street-n")
    history.do(VictimsPanic(count=1, moves=(move,)))
    assert history.state.table.victims_at("intersection") > 0
    assert checklist(history.state)[0][1]


def test_the_panic_item_ticks_when_his_space_is_emptied_on_the_board() -> None:
    history = panic_phase()
    here = history.state.table.victims_at("intersection")
    state = history.do(MoveVictims(source="intersection", target="street-n", count=here - 1))
    assert not checklist(state)[0][1]  # one Victim still in his space
    state = history.do(MoveVictims(source="intersection", target="street-s", panic=True))
    assert checklist(state)[0][1]


def test_the_panic_item_starts_unticked_the_next_round() -> None:
    history = panic_phase()
    history.do(VictimsPanic(count=1, moves=(PanicStep(source="intersection", target="street-n"),)))
    go_to(history, "action")
    history.do(KillVictim(space="intersection"))
    go_to(history, "panic")
    assert not checklist(history.state)[0][1]


# His Killer Action in the checklist says what it did --------------------------------------


def test_the_checklist_drops_no_move_once_he_moved() -> None:
    # Rules notes §1: "He moves only when the Killer Action shows a move icon: 'no move
    # icon, no move'"; the table is the truth: once his Killer Action moved him, the
    # checklist no longer says he does not move.
    history = game()
    go_to(history, "killer")
    assert checklist(history.state)[0] == ("His Killer Action (no move icon, no move)", False)
    history.do(KillerAction(move_icon=True))
    text, done = checklist(history.state)[0]
    assert done and "no move" not in text


def test_asleep_the_action_checklist_does_not_list_saving_victims() -> None:
    # Rulebook, When you are Asleep: "Victims will NOT follow you, nor are you able to save
    # them." Awake, the item stays, with its reminder.
    history = game()
    awake = [text for text, _done in checklist(history.state)]
    assert any(text.startswith("Save Victims at the Exits") for text in awake)
    history.do(FallAsleep())
    asleep = [text for text, _done in checklist(history.state)]
    assert not any("Save Victims" in text for text in asleep)
    assert "Resolve any Boiler Room cards you wish" in asleep


def test_planning_says_the_time_spent_need_not_be_counted_down() -> None:
    # Rules notes §1: Time goes back to 6 when Planning ends; a new player counted five Time
    # down by hand for the cards bought.
    history = game()
    go_to(history, "planning")
    first, *_ = checklist(history.state)
    assert "no need to count it down here" in first[0]
