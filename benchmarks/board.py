"""Board budgets: a full repaint with every token on it, legal-move highlighting for a click."""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchmarks.common import Figure, timed

if TYPE_CHECKING:
    from frightmare.model import GameState


def _busy_state() -> GameState:
    from frightmare.model import GameSetup, History, new_game
    from frightmare.model.actions.lane import AddVictims, Place, RecordTopCard, RevealEvent, Search

    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=3))
    for action in (
        RevealEvent(name="The Smalleys"),
        RevealEvent(name="Boyfriend"),
        RevealEvent(name="Officer Kopp", space="exit-e"),
        RevealEvent(name="Under Construction", space="exit-w"),
        RevealEvent(name="What is going on over there?"),
        RecordTopCard(quadrant="SW", name="Bicycle"),
        Place(piece="final girl", space="house-sw-exit-w"),
        Search(house="house-sw-exit-w", names=("Bicycle",)),
        Place(piece="final girl", space="house-se-exit-e"),
        Search(house="house-se-exit-e"),
        RevealEvent(name="Fire!", die=2),
        AddVictims(space="street-e", count=3),
        Place(piece="dr fright", space="intersection"),
        Place(piece="final girl", space="street-w"),
    ):
        history.do(action)
    return history.state


def bench_board(quick: bool) -> list[Figure]:
    from frightmare.model.lane.houses import convince_targets
    from frightmare.model.lane.movement import reachable
    from frightmare.ui.application import create_application
    from frightmare.ui.game.board.board_view import BoardView

    app = create_application()
    state = _busy_state()
    view = BoardView(state.board)
    view.resize(900, 900)
    view.show()
    view.show_state(state, "street-w", reachable(state, 3), set(convince_targets(state)))
    app.processEvents()
    repaint = timed(
        "Board: full repaint with every token on it",
        view.viewport().repaint,
        budget=8.0,
        number=30,
        setup=view.item.update,
        detail="one frame, 900x900 view",
    )

    def click() -> None:
        view.show_state(state, "intersection", reachable(state, 4), set(convince_targets(state)))

    highlight = timed(
        "Board: legal-move highlighting for a click",
        click,
        budget=2.0,
        number=150,
        detail="reachable spaces + Convince targets, 4 spaces of movement",
    )
    view.close()
    view.deleteLater()
    app.processEvents()
    return [repaint, highlight]
