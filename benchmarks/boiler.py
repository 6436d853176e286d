"""Boiler Room budgets: the odds search, one frame of the slide animation."""

from __future__ import annotations

import itertools
import os

from benchmarks.common import Figure, Runs, from_runs, measure, timed
from frightmare.model.game.boiler_room import (
    ALL_ORDERS,
    DIRECTIONS,
    ORDERS,
    Reveal,
    Stack,
    clear_caches,
    consistent_orders,
    odds,
)


def reachable_states() -> list[tuple[Stack, int]]:
    """Every (stack, knowledge) a dream can reach, over all orders and slide sequences."""
    seen: dict[tuple[object, int], tuple[Stack, int]] = {}

    def walk(stack: Stack, reveals: tuple[Reveal, ...], order: tuple[str, ...]) -> None:
        mask = consistent_orders(reveals)
        seen.setdefault((stack.positions, mask), (stack, mask))
        if stack.revealed == 4:
            return
        for d in stack.legal_directions():
            part = stack.visible_after(d)
            hidden = order[stack.revealed]
            fright = hidden if hidden in part else None
            walk(stack.slide(d), (*reveals, Reveal(d, part, fright)), order)

    for order in ORDERS:
        walk(Stack.start(), (), order)
    return list(seen.values())


def cold_search(
    stack: Stack, mask: int, *, runs: int | None = None, number: int = 1, calibrate: bool = True
) -> Runs:
    """Milliseconds per cold search (caches cleared before each call)."""
    return measure(
        lambda: odds(stack, mask), runs=runs, number=number, setup=clear_caches, calibrate=calibrate
    )


def bench_odds(quick: bool) -> list[Figure]:
    states = reachable_states()
    # The worst case is the state whose cold search is slowest; rank all by one cold run,
    # then time the slowest few properly: the figure is the worst state's best run.
    # The ranking is not calibrated: 2,529 states calibrated twice each took minutes.
    ranked = sorted(
        states, key=lambda s: cold_search(s[0], s[1], runs=1, calibrate=False).fastest, reverse=True
    )
    worst = max((cold_search(*s, number=8) for s in ranked[:5]), key=lambda r: min(r.values))
    return [
        from_runs(
            "Boiler Room odds + best-play search, worst-case state, cold caches",
            worst,
            budget=2.0,
            detail=f"{len(states)} reachable states, the slowest 5 timed; start state all "
            f"{len(DIRECTIONS)} directions alike "
            f"({odds(Stack.start(), ALL_ORDERS)[0].expected_attacks:.3f} attacks expected)",
        )
    ]


def bench_animation_frame(quick: bool) -> list[Figure]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF

    from frightmare.model import GameSetup, History, new_game
    from frightmare.model.actions.dream import FallAsleep, Slide
    from frightmare.ui.application import create_application
    from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
    from frightmare.ui.game.dream.boiler_view import HALF_H

    app = create_application()
    history = History(new_game(GameSetup(), seed=5))
    history.do(FallAsleep())
    for direction in ("up", "up", "left"):
        history.do(Slide(direction=direction))
    panel = BoilerRoomPanel()
    panel.show_state(history.state)
    view = panel.view  # the game page shows the deck in its main region
    view.resize(1000, 700)
    view.show()
    app.processEvents()
    steps = itertools.cycle(range(20))

    def shift() -> None:
        view.item.shift = QPointF(0, HALF_H * next(steps) / 20)

    def frame() -> None:
        view.item.update()
        view.viewport().repaint()

    figure = timed(
        "Boiler Room slide animation: one frame (scene repaint)",
        frame,
        budget=8.0,
        number=40,
        setup=shift,
        detail="one frame of 20 steps, 1000x700 view",
    )
    view.close()
    view.deleteLater()
    panel.deleteLater()
    app.processEvents()
    return [figure]
