"""Issue 19 item 2: Followers defaults to the most Victims that may follow, and resets after
each move ("The Followers number sticks": set to 2 for one Sprint, it was still 2 two rounds
later, and a plain double-click move was then refused)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from frightmare.model.actions.lane import AddVictims, KillVictim, Place
from frightmare.ui.main_window import MainWindow


def double_click(window: MainWindow, qtbot: QtBot, space: str) -> None:
    """A double-click on ``space``, as the player makes it."""
    view = window.game.board_view
    centre = view.mapFromScene(view.item.space_rect(space).center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(centre))


def test_after_a_move_with_followers_the_next_move_starts_from_the_default(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Block Party: Nancy on the Smalleys' House, 6 Victims on the Intersection. "Up to 2
    # Victims may follow the Final Girl when she moves" (rules notes §1).
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    assert window.session is not None
    double_click(window, qtbot, "street-w")
    double_click(window, qtbot, "intersection")
    assert window.session.state.table.final_girl == "intersection"

    # The player lets only 1 follow this once.
    window.game.board_panel.followers.setValue(1)
    double_click(window, qtbot, "street-n")
    state = window.session.state
    assert state.table.final_girl == "street-n" and state.table.victims["street-n"] == 1
    # Back to the Intersection: the one Victim with her follows (the most that may).
    double_click(window, qtbot, "intersection")
    assert window.session.state.table.victims["intersection"] == 6
    # From the Intersection the next move starts from the default again: 2 follow.
    double_click(window, qtbot, "street-s")
    state = window.session.state
    assert state.table.final_girl == "street-s" and state.table.victims["street-s"] == 2


def test_a_followers_count_set_earlier_never_refuses_a_plain_move(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The reported defect: Followers 2 stuck, so a plain double-click move from a space
    with 1 Victim was refused ("Only 1 victim ... to follow you")."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(1366, 768)
    assert window.session is not None
    double_click(window, qtbot, "street-w")
    double_click(window, qtbot, "intersection")
    window.game.board_panel.followers.setValue(2)
    double_click(window, qtbot, "street-n")
    assert window.session.state.table.victims["street-n"] == 2
    assert window.act(KillVictim(space="street-n"))  # one of them dies there
    double_click(window, qtbot, "intersection")
    state = window.session.state
    assert state.table.final_girl == "intersection"
    assert state.table.victims["street-n"] == 0  # the last one followed her
    assert "Only" not in window.game.banner.news.text()


def smalleys_with_a_victim(window: MainWindow) -> None:
    """Both Smalleys and one plain Victim on the Smalleys' House, the Final Girl with them."""
    panel = window.game.board_panel
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    assert window.act(AddVictims(space="smalleys-house"))
    assert window.act(Place(piece="final girl", space="smalleys-house"))


def test_picking_the_destination_keeps_who_follows(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §1: up to 2 Victims in her space may follow her; the Smalleys are Victims
    # ("Event: The Smalleys"). Who follows is chosen where she stands, so selecting the
    # destination must not change it.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    smalleys_with_a_victim(window)
    game.select_space("smalleys-house")
    panel.followers.setValue(1)
    # Several kinds of Victim with her: the destination's plays ask who follows, one entry
    # each (a real choice).
    game.open_plays("street-w")
    entries = {
        button.text(): button for key, button in panel.buttons.items() if key.startswith("move")
    }
    assert set(entries) == {"Move here · with 1 Victim", "Move here · with 1 Smalley"}
    entries["Move here · with 1 Smalley"].click()
    assert window.session is not None
    table = window.session.state.table
    assert table.final_girl == "street-w"
    assert "street-w" in table.smalleys


def test_falling_asleep_where_she_stands_sets_followers_to_none(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, When you are Asleep: "Victims will NOT follow you". A walkthrough fell Asleep
    # on a space with a Victim and Followers still read 1.
    from frightmare.model.actions.dream import FallAsleep

    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.act(Place(piece="final girl", space="street-w"))
    window.act(AddVictims(space="street-w"))
    panel = window.game.board_panel
    assert panel.followers.value() == 1
    window.act(FallAsleep(cause="short rest"))
    assert panel.followers.value() == 0


def test_the_reset_button_is_not_refused_below_his_top_row(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §4: the deck resets for Bloodlust when it would rise past his top row; that
    # row is one source's reading of his board, so below it the button is only reminded (the
    # line it records says what the counter showed), never marked refused.
    from frightmare.model.actions.dream import FallAsleep
    from frightmare.model.query.plays import plays

    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep(cause="short rest"))
    assert window.session is not None
    assert plays(window.session.state).reset_boiler_room.allowed
    from frightmare.ui.widgets.refusals import is_refused

    reset = window.game.boiler.reset
    assert not is_refused(reset) and reset.isEnabled()
