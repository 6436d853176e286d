"""Issue 19 item 3: nothing below the fold on a laptop. At 1280x720 and 1366x768, 100% zoom,
the controls of every moment of a round are in view without scrolling: the Action phase with
a space chosen, Planning, the Killer phase (and with Change… open), Panic, Upkeep, and Asleep
with the Boiler Room in front (in the Killer phase too, before and after his Killer Action).
Lists (History) may scroll; no other scroll area of the game screen holds content below its
fold.

Issue 30 item 5: in every language. ``make test`` runs English, the pseudo-locale (35% longer)
and German (the longest of the four); French, Spanish and Polish are ``long_layout`` cases that
``make test-long`` runs."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pytestqt.qtbot import QtBot
from screen_helpers import MOMENTS, SIZES, below_the_fold, out_of_view, reach, settle

from frightmare import i18n
from frightmare.ui.main_window import MainWindow

LONG = pytest.mark.long_layout


@pytest.fixture(
    params=[
        i18n.ENGLISH,
        i18n.PSEUDO,
        "de",
        *(pytest.param(code, marks=LONG) for code in ("fr", "es", "pl")),
    ]
)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """English, the pseudo-locale (35% longer texts) and the four languages (issue 30)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_moment_of_a_round_is_in_view_without_scrolling(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    qtbot: QtBot,
    size: tuple[int, int],
    moment: str,
    language: str,
) -> None:
    themed(True, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.resize(*size)
    settle(window)
    reach(window, moment)
    settle(window)
    assert window.session is not None
    state, steps = window.session.state, window.game.killer_steps
    if moment.startswith("asleep"):
        assert window.game.tabs.currentWidget() is window.game.dream_tab
    if moment == "asleep-killer":
        assert state.phase == "killer"
        assert steps.hit_row.isVisibleTo(window)
    elif moment == "asleep-accepted":
        assert state.phase == "killer" and state.killer_action_done
        assert window.game.steps_room.isVisibleTo(window)  # his step's room, held
    elif moment == "killer-change":
        assert state.phase == "killer"
        assert steps.icons.isVisibleTo(window)
    elif moment != "asleep":
        assert state.phase == moment
    assert below_the_fold(window) == []
    assert out_of_view(window) == []
