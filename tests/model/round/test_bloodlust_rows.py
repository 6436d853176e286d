"""His Bloodlust rows are numbered one way in every message: as his board numbers them."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.round.checklist import reminders


def game() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane"), seed=9))


# His board's Bloodlust rows, numbered one way -------------------------------------------


def test_every_message_numbers_his_bloodlust_rows_as_his_board_does() -> None:
    # Rules notes §4 (one source, cards.json's rows): "the marker starts on row 1, the Dark
    # Power is revealed on reaching row 5, the top is row 10"; the counter is the Bloodlust
    # the marker has climbed (0 on row 1). Every message that names a row says the board's
    # row, beside the counter's Bloodlust.
    history = game()
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=1)).log)
    assert "Bloodlust 1: row 2 of his board shows Horror +1" in said
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=3)).log)
    assert "Bloodlust 3: row 4 of his board shows Horror +1" in said
    assert "Bloodlust reached 4, row 5 of his board (the Dark Power row): reveal" in said
    reminder = dict((key, text) for key, text, _ in reminders(history.state))["dark-power"]
    assert reminder == "Bloodlust 4 (row 5 of his board): reveal the Dark Power."


def test_another_killers_track_keeps_its_own_numbers() -> None:
    # Rules notes §4: "any other Killer keeps box.json's own unverified track (0 to 10, Dark
    # Power at 6), since his board is not Dr. Fright's."
    history = History(new_game(GameSetup(killer="Hans"), seed=9))
    said = " ".join(history.do(AdjustCounter(counter="bloodlust", delta=6)).log)
    assert "row" not in said
    reminder = dict((key, text) for key, text, _ in reminders(history.state))["dark-power"]
    assert reminder == "Bloodlust 6: reveal the Dark Power."
