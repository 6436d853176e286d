"""His Dark Power revealed in one pick (issue 31: "the Dark Power reveal 3-4 inputs, the first
click often lands in the editable combo's text"): the ▾ beside Reveal lists the model's cards,
and a card picked is revealed; the combo stays for a name the list lacks."""

from __future__ import annotations

from collections.abc import Callable

from screen_helpers import state_of

from frightmare.model.actions.round import AdjustCounter
from frightmare.model.dream.powers import dark_power_choices
from frightmare.ui.main_window import MainWindow


def test_the_dark_power_is_revealed_by_its_pick(open_board: Callable[[], MainWindow]) -> None:
    # Rules notes §4: Bloodlust at its Dark Power row reveals the Dark Power.
    window = open_board()
    state = state_of(window)
    window.act(AdjustCounter(counter="bloodlust", delta=state.box.dark_power_at))
    panel = window.game.fright
    pick = panel.cards.power_pick
    assert not pick.isHidden() and pick.isEnabled()
    menu = pick.menu()
    assert menu is not None
    names = [entry.text() for entry in menu.actions()]
    assert tuple(names) == dark_power_choices(state_of(window))
    menu.actions()[1].trigger()  # the ▾ (one input), then the card's name (one input)
    assert state_of(window).dark_power == names[1]
    assert pick.isHidden()


def test_the_bloodlust_rows_horror_is_one_confirming_click(
    open_board: Callable[[], MainWindow],
) -> None:
    # Rules notes §9 (one source): +1 Horror on reaching row 2 of his board; the rows' values
    # are the cards file's, so the app offers the click and does not make it.
    window = open_board()
    horror = state_of(window).counters.horror
    window.act(AdjustCounter(counter="bloodlust", delta=1))
    confirm = window.game.banner.confirm
    assert confirm.isVisibleTo(window) and "+1" in confirm.text()
    assert state_of(window).counters.horror == horror
    confirm.click()
    assert state_of(window).counters.horror == horror + 1
    assert not confirm.isVisibleTo(window)
