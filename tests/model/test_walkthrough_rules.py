"""The new-player walkthrough's rules defects, one test each, quoting the rule it checks."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import (
    AddVictims,
    AdjustCounter,
    DrawTerror,
    FallAsleep,
    KillerAction,
    KillVictim,
    MoveVictims,
    NextPhase,
    Place,
    ResetBoilerRoom,
    Slide,
    VictimsPanic,
)
from frightmare.model.dream import boiler_card_due
from frightmare.model.plays import verdict
from frightmare.model.rounds import checklist, next_phase_label, reminders, round_can_end
from frightmare.model.rules import record_anyway
from frightmare.model.terror import find_terror, plan_card

SLEEPY = "I'm so sleepy…!"


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))


def go_to(history: History, phase: str) -> None:
    while history.state.phase != phase:
        history.do(NextPhase())


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


# 1. "I'm so sleepy…!": one more Boiler Room card ----------------------------------------


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
    assert round_can_end(history.state)


def test_going_on_with_the_extra_card_owed_says_so_and_refuses_nothing() -> None:
    # The extra card stands on the card's effect, from one unofficial source (rules notes
    # §9: "Whatever rests on one source reminds or prefills, and never refuses a play").
    history = sleepy_drawn_asleep()
    history.do(Slide(direction="up"))
    assert not boiler_card_due(history.state)
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


# 3. The Panic phase's checklist ------------------------------------------------------------


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
    history.do(VictimsPanic(count=1))
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
    history.do(VictimsPanic(count=1))
    go_to(history, "action")
    history.do(KillVictim(space="intersection"))
    go_to(history, "panic")
    assert not checklist(history.state)[0][1]


# 5. The Boiler Room's attack names the control that records it ----------------------------


def test_the_boiler_room_attack_names_the_damage_row() -> None:
    # The Boiler Room: "If there is an illustration of Dr. Fright visible on the newly
    # revealed card, he attacks you! ... You may defend as normal." The damage is recorded on
    # the row the panel labels "He hits you:".
    from frightmare.model.dream import HITS_YOU

    history = game()
    history.do(FallAsleep())
    for direction in ("up", "up", "left", "down"):
        state = history.do(Slide(direction=direction))
        attack = [e.text for e in state.events if e.kind == "attack"]
        if attack:
            assert f"record the damage you take: {HITS_YOU})" in attack[0]
            assert "He attacks you" not in attack[0]
            return
    raise AssertionError("no attack in a whole dream")


# 6. His Killer Action in the checklist says what it did --------------------------------------


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


# 2. The Boiler Room deck's reset for Bloodlust -----------------------------------------------


def test_a_reset_for_bloodlust_below_its_top_row_is_refused_and_recordable() -> None:
    # Rules notes §4 (one source, the top row the box value): "When Bloodlust rises while
    # already on the top row ...: if she is Asleep the Boiler Room deck resets".
    history = game()
    history.do(FallAsleep())
    history.do(AdjustCounter(counter="bloodlust", delta=3))
    reset = ResetBoilerRoom(cause="bloodlust")
    answer = verdict(history.state, reset)
    assert answer.status == "refused" and answer.recordable
    assert "Bloodlust is 3 of 9, not at its maximum" in answer.message
    # Recorded anyway: History carries the mark, and the line says what the counter showed.
    state = history.do(record_anyway(reset))
    assert history.describe_step(len(history) - 1).startswith("⚑ Reset the Boiler Room deck")
    assert "Reset for Bloodlust at 3 of 9" in " ".join(state.log)
    # A card's reset is never refused for Bloodlust.
    assert verdict(history.state, ResetBoilerRoom(cause="effect")).allowed


def test_a_reset_for_bloodlust_at_its_top_row_goes_through() -> None:
    history = game()
    history.do(FallAsleep())
    history.do(AdjustCounter(counter="bloodlust", delta=9))
    assert history.state.counters.bloodlust == 9
    assert verdict(history.state, ResetBoilerRoom(cause="bloodlust")).allowed


# 4. His board's Bloodlust rows, numbered one way -------------------------------------------


def test_every_message_numbers_his_bloodlust_rows_as_his_board_does() -> None:
    # Rules notes §4 (one source, cards.json's rows): "the marker starts on row 1, the Dark
    # Power is revealed on reaching row 5, the top is row 10"; the counter is the Bloodlust
    # the marker has climbed (0 on row 1). Every message that names a row says the board's
    # row, beside the counter's Bloodlust.
    history = game()
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=1)).log)
    assert "Bloodlust 1: his marker is on row 2 of his board" in said
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=3)).log)
    assert "row 4 of his board, which shows Horror +1" in said
    assert "Bloodlust reached 4: his marker is on row 5 of his board" in said
    reminder = dict((key, text) for key, text, _ in reminders(history.state))["dark-power"]
    assert reminder == (
        "Bloodlust is at 4, row 5 of his board (the Dark Power row): reveal the Dark Power."
    )


def test_another_killers_track_keeps_its_own_numbers() -> None:
    # Rules notes §4: "any other Killer keeps box.json's own unverified track (0 to 10, Dark
    # Power at 6), since his board is not Dr. Fright's."
    history = History(new_game(GameSetup(killer="Hans"), seed=9))
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=6)).log)
    assert "row" not in said
    reminder = dict((key, text) for key, text, _ in reminders(history.state))["dark-power"]
    assert reminder == "Bloodlust is at 6: reveal the Dark Power."


# 7. Victims do not follow her while she is Asleep ------------------------------------------


def test_asleep_no_mix_of_victims_follows_her() -> None:
    # Rulebook, "When you are Asleep (In the Boiler Room)": "Victims will NOT follow you, nor
    # are you able to save them." The Followers count starts from the most that may follow:
    # none while Asleep.
    from frightmare.model.maple_lane import follower_choices
    from frightmare.model.plays import space_plays

    history = game()
    history.do(Place(piece="final girl", space="intersection"))
    assert follower_choices(history.state, 1)  # Awake, the Victims there may follow
    history.do(FallAsleep())
    assert follower_choices(history.state, 0) == ((0, ()),)
    assert follower_choices(history.state, 1) == ()
    assert follower_choices(history.state, 2) == ()
    assert space_plays(history.state, "street-n").move.most == 0
