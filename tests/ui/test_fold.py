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


# Where Next phase is refused: Asleep, her Boiler Room card still due.
REFUSED = ("asleep-killer", "asleep-accepted")


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
    """Where Next phase is refused (``REFUSED``), the refusal keeps the round bar in view too
    (``refused_next_phase_keeps_the_round_bar_in_view``: the same window, the same moment)."""
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
    if moment in REFUSED:
        refused_next_phase_keeps_the_round_bar_in_view(window)


def refused_next_phase_keeps_the_round_bar_in_view(window: MainWindow) -> None:
    """Issue 31 polish: at 1366x768 a refused Next phase scrolled the side column to show its
    message, and the round bar (Next phase under the pointer) went out of view. (Each case of
    ``REFUSED`` was a test of its own, on a window opened and played to the same moment.)"""
    assert window.session is not None
    before = window.session.state
    window.game.round_bar.next_phase.click()
    settle(window)
    assert window.session.state is before  # refused
    game = window.game
    news = game.banner.news
    assert news.isVisible() and news.label.text().startswith("⚠")
    assert game.side.verticalScrollBar().value() == 0
    assert game.side.verticalScrollBar().maximum() == 0  # nothing below the fold
    # The refusal's own text may run on inside its area (it scrolls there), nothing else.
    assert [n for n in out_of_view(window) if n != news.label.accessibleName()] == []
    if not news.fits():  # a long refusal scrolls in its own area, whole in the tooltip
        assert news.label.toolTip() in news.label.text() or news.label.text() in (
            "⚠  " + news.label.toolTip()
        )
