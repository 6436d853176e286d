"""Another Killer's attacks one click each (issue 31: "killing Geppetto took 9 clicks on '−'
and 9 History lines"): the damage dealt or taken is one button, one step in History."""

from __future__ import annotations

from collections.abc import Callable

from screen_helpers import state_of

from frightmare.ui.main_window import MainWindow


def test_another_killers_attack_rows_record_the_damage_in_one_click(
    open_game: Callable[..., MainWindow],
) -> None:
    window = open_game(killer="Hans", setup_card="Maple Lane", final_girl="Nancy")
    panel = window.game.killer_panel
    before = state_of(window).counters
    session = window.session
    assert session is not None
    steps = len(session.history)
    panel.his_row.buttons[3].click()
    assert state_of(window).counters.killer_health == before.killer_health - 3
    panel.her_row.buttons[2].click()
    assert state_of(window).counters.health == before.health - 2
    assert len(session.history) == steps + 2
