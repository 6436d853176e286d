"""His own Final Health token in the round bar (rules notes §11): at his Health 0 the win
stands and one button draws his token; a number brings him back, the game goes on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model.actions.round import AdjustCounter
from frightmare.ui.game.steps.final_health import TokenDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog


def test_the_round_bar_draws_his_token_after_the_win(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game-over summary is not this test's: it is noted, not shown.
    summaries: list[object] = []
    monkeypatch.setattr(
        GameOverDialog, "show_for", classmethod(lambda cls, *args: summaries.append(args))
    )
    window = open_game(setup_card="Maple Lane")
    bar = window.game.round_bar
    assert not bar.killer_final.isVisibleTo(window)
    assert window.act(AdjustCounter(counter="killer health", delta=-9, anyway=True))
    assert window.session is not None and window.session.state.result == "win"
    assert bar.killer_final.isVisibleTo(window)
    assert bar.killer_final.text() == "Draw his Final Health token…"
    asked: list[str] = []

    def ask(cls: type[TokenDialog], parent: object, whose: str) -> tuple[bool, int | None]:
        asked.append(whose)
        return True, 2

    monkeypatch.setattr(TokenDialog, "ask", classmethod(ask))
    bar.killer_final.click()
    state = window.session.state
    assert asked == ["His"]
    assert state.result is None and state.counters.killer_health == 2
    assert not bar.killer_final.isVisibleTo(window)
