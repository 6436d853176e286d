"""Changes to the round's numbers that several rules share (Victim deaths, Time, Health)."""

from __future__ import annotations

from frightmare.model.state import GameState


def victims_died(state: GameState, count: int, *, smalleys: int = 0) -> GameState:
    """Every Victim death raises Bloodlust by 1 (game-facts.md 1); a Smalley by 1 more.

    The Smalleys card: "Each time one of the Smalleys is killed, +1 [Bloodlust]."
    """
    c = state.counters
    return state.evolve(
        counters=c.evolve(
            victims_killed=c.victims_killed + count,
            died_this_round=c.died_this_round + count,
            bloodlust=c.bloodlust + count + smalleys,
        )
    )


def change_time(state: GameState, delta: int) -> GameState:
    return state.evolve(counters=state.counters.evolve(time=max(0, state.counters.time + delta)))


def change_health(state: GameState, delta: int) -> GameState:
    return state.evolve(
        counters=state.counters.evolve(health=max(0, state.counters.health + delta))
    )


def victims_saved(state: GameState, count: int) -> GameState:
    c = state.counters
    return state.evolve(counters=c.evolve(victims_saved=c.victims_saved + count))
