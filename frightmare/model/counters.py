"""Changes to the round's numbers that several rules share, with what follows from them.

Bloodlust: game-facts.md 1 [PUB] "Every Victim death raises Bloodlust by 1"; the Dark Power is
revealed "when Bloodlust reaches its marked row"; 4 [ONE] "Bloodlust at its maximum: if you are
Asleep, reset the Boiler Room deck; otherwise you fall Asleep."
"""

from __future__ import annotations

from frightmare.model.sleep import fall_asleep_now, fresh_deck
from frightmare.model.state import GameState


def raise_bloodlust(state: GameState, amount: int) -> GameState:
    box, c = state.box, state.counters
    before = c.bloodlust
    wanted = before + amount
    after = min(box.bloodlust_max, wanted)
    state = state.evolve(counters=c.evolve(bloodlust=after))
    log: list[str] = []
    if before < box.dark_power_at <= after and state.dark_power is None:
        log.append(
            f"Bloodlust reached {box.dark_power_at}: reveal Dr. Fright's Dark Power (Dr. Fright "
            "panel)."
        )
    state = state.evolve(log=(*state.log, *log))
    if wanted >= box.bloodlust_max and (before < box.bloodlust_max or wanted > before):
        if state.asleep:
            dream = fresh_deck(state, state.dream, awake=False)
            state = state.evolve(
                dream=dream,
                log=(
                    *state.log,
                    "Bloodlust is at its maximum and you are Asleep: the Boiler Room deck resets.",
                ),
            )
        else:
            state = fall_asleep_now(
                state, "Bloodlust is at its maximum: you fall Asleep and enter the Boiler Room."
            )
    return state


def victims_died(state: GameState, count: int, *, smalleys: int = 0) -> GameState:
    """Every Victim death raises Bloodlust by 1 (game-facts.md 1); a Smalley by 1 more.

    The Smalleys card: "Each time one of the Smalleys is killed, +1 [Bloodlust]."
    """
    c = state.counters
    state = state.evolve(
        counters=c.evolve(
            victims_killed=c.victims_killed + count,
            died_this_round=c.died_this_round + count,
        )
    )
    return raise_bloodlust(state, count + smalleys)


def change_time(state: GameState, delta: int) -> GameState:
    """Time moves within 0..its maximum; going below 0 ends the Action phase."""
    c = state.counters
    wanted = c.time + delta
    state = state.evolve(counters=c.evolve(time=max(0, min(state.box.time_max, wanted))))
    if wanted < 0 and state.phase == "action":
        state = state.evolve(
            phase="planning",
            log=(*state.log, "Time would go below 0: your Action phase ends."),
        )
    return state


def change_health(state: GameState, delta: int) -> GameState:
    """Her Health; when it is gone her Final Health token must be turned over (or she dies)."""
    c = state.counters
    health = (
        max(0, min(state.box.health, c.health + delta)) if delta > 0 else max(0, c.health + delta)
    )
    state = state.evolve(counters=c.evolve(health=health))
    if health == 0 and c.health > 0:
        if c.final_health == "hidden":
            state = state.evolve(
                due=state.due | {"final-health"},
                log=(*state.log, "Your Health is gone: turn over your Final Health token."),
            )
        else:
            state = end_game(state, "loss", "You have no Health left: the Final Girl dies.")
    return state


def victims_saved(state: GameState, count: int) -> GameState:
    c = state.counters
    return state.evolve(counters=c.evolve(victims_saved=c.victims_saved + count))


def end_game(state: GameState, result: str, why: str) -> GameState:
    """Win or loss, recorded with the round. Win if he dies at the same moment she does."""
    if (
        result == "loss"
        and state.counters.killer_health == 0
        and "killer-final-health" not in state.due
    ):
        result, why = "win", why + " Dr. Fright dies at the same moment: you win."
    return state.evolve(
        result=result, ended_round=state.round, due=frozenset(), log=(*state.log, why)
    )
