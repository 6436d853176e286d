"""The can-be-played query's budget (issue 19): every answer one redraw of the game screen
asks, within 2 ms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from benchmarks.common import Figure, timed
from frightmare.model import GameSetup, GameState, History, new_game
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import AddVictims, Move, Search
from frightmare.model.actions.round import NextPhase
from frightmare.model.query.plays import Plays
from frightmare.model.query.space_plays import moves, space_plays

BUDGET_MS = 2.0


def whole_screen(state: GameState, selected: str, steps: int = 2) -> int:
    """Read every answer the game screen asks for one redraw: the round bar, the menus, the
    Killer's and the Boiler Room's controls, the Events, her items, the selected space's
    plays and the board's highlights. Returns how many answers it read."""
    screen = Plays(state)  # a fresh one each time: plays(state) remembers the last screen
    answers = [
        screen.next_phase,
        *screen.counters.values(),
        screen.discard_action_card,
        screen.terror,
        *screen.killer_action.values(),
        *screen.fright_attacks.values(),
        screen.attack_fright,
        screen.panic(1),
        *screen.fall_asleep.values(),
        screen.reset_boiler_room,
        *screen.slides.values(),
        screen.boiler_effect,
        screen.dark_power,
        screen.reveal_dark_power("Pitchfork Assault"),
        screen.finale,
        screen.reveal_finale("Time to Die"),
        screen.final_health,
        screen.killer_final_health,
        screen.events,
        screen.event("Officer Kopp").verdict,
        screen.hit_by_car,
        screen.ultimate,
        *screen.top_cards.values(),
    ]
    held = screen.held(0)
    answers += [held.toggle, held.discard, held.put_back]
    here = space_plays(state, selected, steps=steps)
    answers += [
        here.move.verdict,
        here.ride.verdict,
        here.convince.verdict,
        *(o.take_item for o in here.convince.lines if o.take_item is not None),
        here.search.verdict,
        here.save.verdict,
        here.victim_dies.verdict,
        here.hit_by_car.verdict,
        here.add_victim.verdict,
        here.move_victims.verdict,
        here.put_him.verdict,
        here.take_him_off.verdict,
        here.put_her.verdict,
    ]
    answers += [play.verdict for play in moves(state, steps).values()]
    return len(answers)


def screens() -> list[tuple[str, GameState, str]]:
    """A few moments of a game on Maple Lane: Awake in the Action phase beside an occupied
    House, Asleep in the Killer phase holding an Item."""
    history = History(new_game(GameSetup(setup_card="Block Party"), seed=1))
    history.do(Search(house="smalleys-house"))
    history.do(Move(to="street-w"))
    awake = history.state
    history.do(FallAsleep(cause="short rest"))
    history.do(AddVictims(space="street-w", count=2))
    for _ in range(2):
        history.do(NextPhase())
    asleep = history.state
    crowded = replace(awake, table=replace(awake.table, smalleys=("street-w", "intersection")))
    return [
        ("Awake, Action phase", awake, "smalleys-house"),
        ("Asleep, Killer phase", asleep, "street-w"),
        ("Special Victims with her", crowded, "intersection"),
    ]


def _reader(state: GameState, selected: str) -> Callable[[], int]:
    return lambda: whole_screen(state, selected)


def bench_plays(quick: bool) -> list[Figure]:
    figures = []
    worst: Figure | None = None
    for label, state, selected in screens():
        figure = timed(
            "can-be-played query for a whole screen",
            _reader(state, selected),
            budget=BUDGET_MS,
            number=5 if quick else 20,
            detail=f"{label}: {whole_screen(state, selected)} answers "
            "(the round bar, menus, Killer and Boiler Room controls, Events, items, the "
            "selected space's plays, the board's highlights)",
        )
        if worst is None or figure.value > worst.value:
            worst = figure
    assert worst is not None
    figures.append(worst)
    return figures
