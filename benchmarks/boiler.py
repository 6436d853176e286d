"""Boiler Room budgets: the odds search, one frame of the slide animation."""

from __future__ import annotations

import os
import statistics
import time

from benchmarks.common import Figure
from frightmare.model.boiler_room import (
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


def cold_search_ms(stack: Stack, mask: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        odds(stack, mask)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_odds(quick: bool) -> list[Figure]:
    states = reachable_states()
    # The worst case is the state whose cold search is slowest; rank all by one cold run,
    # then time the slowest few properly.
    ranked = sorted(states, key=lambda s: cold_search_ms(s[0], s[1], repeat=1), reverse=True)
    worst = max(cold_search_ms(*s, repeat=15 if quick else 60) for s in ranked[:5])
    return [
        Figure(
            "Boiler Room odds + best-play search, worst-case state, cold caches",
            worst,
            "ms",
            2.0,
            f"{len(states)} reachable states; start state all {len(DIRECTIONS)} directions "
            f"alike ({odds(Stack.start(), ALL_ORDERS)[0].expected_attacks:.3f} attacks expected)",
        )
    ]


def bench_animation_frame(quick: bool) -> list[Figure]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF

    from frightmare.model import GameSetup, History, new_game
    from frightmare.model.actions import FallAsleep, Slide
    from frightmare.ui.application import create_application
    from frightmare.ui.boiler_room import HALF_H, BoilerRoomPanel

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
    frames = 60 if quick else 300
    times = []
    for n in range(frames):
        view.item.shift = QPointF(0, HALF_H * (n % 20) / 20)
        start = time.perf_counter()
        view.item.update()
        view.viewport().repaint()
        times.append((time.perf_counter() - start) * 1000)
    view.close()
    view.deleteLater()
    panel.deleteLater()
    app.processEvents()
    return [
        Figure(
            "Boiler Room slide animation: one frame (scene repaint)",
            statistics.median(times),
            "ms",
            8.0,
            f"median of {frames} frames, 1000x700 view",
        )
    ]
