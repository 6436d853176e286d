"""The lists offer only what may still be drawn (issue 31): an Item out (her hands, known in
a deck, drawn in this Search) is marked with why; a copy left keeps it offered."""

from __future__ import annotations

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.edit import HeldItemData, SetDeck, SetItems
from frightmare.model.query.lists import items_out


def _history() -> History:
    return History(new_game(GameSetup(setup_card="Maple Lane", final_girl="Nancy"), seed=1))


def test_the_knife_known_on_top_is_not_the_second_card_of_its_search() -> None:
    # Rulebook: "When a search yields multiple items, choose which you want": two cards, and
    # the box holds one Knife (cards.json: no "copies").
    history = _history()
    history.do(SetDeck(quadrant="SW", cards=4, top="Knife"))
    out = items_out(history.state)
    assert "Knife" in out and "deck" in out["Knife"]
    # Named in this Search (not known before): out too.
    assert "Rifle" in items_out(history.state, drawn=("Rifle",))


def test_a_taken_item_is_out_and_a_card_with_copies_left_is_not() -> None:
    history = _history()
    history.do(SetItems(items=(HeldItemData(name="Bicycle"), HeldItemData(name="Crucifix"))))
    out = items_out(history.state)
    assert "hands" in out["Bicycle"]
    assert "Crucifix" not in out  # three in the box (cards.json "copies": 3)
    assert "Crucifix" not in items_out(history.state, drawn=("Crucifix",))
    assert "Crucifix" in items_out(history.state, drawn=("Crucifix", "Crucifix"))


def test_the_bloodlust_rows_horror_is_one_confirming_click() -> None:
    # Rules notes §9 (one source): +1 Horror on reaching rows 2, 4 and 7, +2 on row 9; the
    # rows' values are the cards file's (editable), so the click is offered, not made.
    from frightmare.model.actions.round import AdjustCounter
    from frightmare.model.round.checklist import row_horror_offer

    history = _history()
    horror = history.state.counters.horror
    state = history.do(AdjustCounter(counter="bloodlust", delta=1))  # row 2
    offer = row_horror_offer(state)
    assert offer is not None and state.counters.horror == horror  # offered, not made
    action, label = offer
    assert action == AdjustCounter(counter="horror", delta=1) and "+1" in label
    assert history.do(action).counters.horror == horror + 1
    assert row_horror_offer(history.state) is None  # the click is made once
    assert row_horror_offer(history.do(AdjustCounter(counter="bloodlust", delta=1))) is None


def test_a_lasting_effect_takes_no_room_in_the_columns_reminders() -> None:
    # Issue 31: the effects in force are shown on the board's strip (query.in_force), so the
    # side column keeps its height at the fold moments.
    from dataclasses import replace

    from frightmare.model.box.cards import BETTER_CLOSE_THE_DOOR
    from frightmare.model.game.lasting import Lasting
    from frightmare.model.round.checklist import reminders

    state = _history().state
    door = Lasting("no-occupied-house", BETTER_CLOSE_THE_DOOR, "next-killer-phase", 1)
    keys = [key for key, _t, _b in reminders(replace(state, lasting=(door,)))]
    assert not [key for key in keys if key.startswith("lasting")]
