"""The journal: unlimited undo and redo by snapshots, a dropped redo tail, jumps."""

import pytest

from frightmare.model import (
    EditNotes,
    GameSetup,
    History,
    Rename,
    ReplayError,
    RuleViolation,
    apply,
    new_game,
)
from frightmare.model.actions.lane import Move, Place


def start() -> History:
    return History(new_game(GameSetup(final_girl="Nancy"), seed=11))


def test_new_game_takes_its_name_from_the_setup() -> None:
    state = new_game(GameSetup(final_girl="Sheila", setup_card="Playtime"), seed=1)
    assert state.name == "Sheila vs Dr. Fright"
    assert state.setup.summary() == "Sheila vs Dr. Fright, Maple Lane (Playtime)"


def test_actions_describe_themselves_in_one_line() -> None:
    assert Rename(name="Friday").describe() == "Renamed the game to “Friday”"
    assert EditNotes(notes="first line\nsecond").describe() == "Notes: first line…"
    assert EditNotes(notes="  ").describe() == "Cleared the notes"


def test_apply_is_pure() -> None:
    before = new_game(GameSetup(), seed=1)
    after = apply(before, Rename(name="Other"))
    assert before.name == "Nancy vs Dr. Fright"
    assert after.name == "Other"


def test_a_blank_name_is_refused_with_a_message() -> None:
    with pytest.raises(RuleViolation, match="needs a name"):
        apply(new_game(GameSetup(), seed=1), Rename(name="   "))


def test_undo_and_redo_are_unlimited() -> None:
    history = start()
    for n in range(300):
        history.do(EditNotes(notes=str(n)))
    for _ in range(300):
        history.undo()
    assert history.state == history.start
    assert not history.can_undo
    for _ in range(300):
        history.redo()
    assert history.state.notes == "299"
    with pytest.raises(RuleViolation, match="nothing to redo"):
        history.redo()


def test_acting_after_an_undo_drops_the_redo_tail() -> None:
    history = start()
    history.do(Rename(name="A"))
    history.do(Rename(name="B"))
    history.undo()
    history.do(Rename(name="C"))
    assert [a.describe() for a in history.actions] == [
        "Renamed the game to “A”",
        "Renamed the game to “C”",
    ]
    assert not history.can_redo


def test_a_refused_action_changes_nothing() -> None:
    history = start()
    history.do(Rename(name="A"))
    history.undo()
    with pytest.raises(RuleViolation):
        history.do(Rename(name=" "))
    assert history.can_redo  # the redo tail is still there
    assert history.cursor == 0


def test_jump_moves_anywhere_in_the_journal_without_dropping_anything() -> None:
    history = start()
    for name in "ABCD":
        history.do(Rename(name=name))
    assert history.jump(1).name == "A"
    assert history.jump(4).name == "D"
    assert history.jump(0).name == "Nancy vs Dr. Fright"
    assert len(history) == 4
    with pytest.raises(RuleViolation):
        history.jump(5)


def test_replaying_a_journal_that_no_longer_applies_names_the_step() -> None:
    bad = Rename(name=" ")
    with pytest.raises(ReplayError, match="Step 2"):
        History(new_game(GameSetup(), seed=1), [Rename(name="A"), bad])


def test_a_saved_step_the_rules_now_refuse_replays_recorded_anyway() -> None:
    # "The table is the truth": a step saved by an older app happened on the table, even if
    # today's rules would refuse it; only what the table cannot show stops a replay.
    start = new_game(GameSetup(setup_card="Maple Lane"), seed=1)
    into_occupied = Move(to="house-nw-street")
    history = History(start, [Place(piece="final girl", space="street-n"), into_occupied])
    assert history.actions[-1].anyway and history.describe_step(1).startswith("⚑ ")
    assert history.state.table.final_girl == "house-nw-street"
    with pytest.raises(ReplayError, match="Step 1"):
        History(start, [Move(to="nowhere")])


def test_kept_finds_where_a_journal_parted_from_what_was_seen() -> None:
    """What a view or a cache holds of the journal is matched by the steps' numbers (a binary
    search, flat in the game's length): a step undone and done again is a new step."""
    history = start()
    for n in range(40):
        history.do(Rename(name=f"step {n}"))
    seen = list(history.serials)
    assert history.kept(seen) == 40
    history.jump(25)
    assert history.kept(seen) == 40  # a jump drops nothing
    again = Rename(name="step 25")
    history.do(again)
    assert history.kept(seen) == 25
    assert history.kept(seen[:10]) == 10
    before = list(history.serials)
    history.undo()
    history.do(again)  # the same action object done again is another step
    assert history.kept(before) == 25
    assert start().kept(seen) == 0  # another game's steps share no number
    assert history.action(3) is history.actions[3]
