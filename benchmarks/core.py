"""Foundation budgets: start-up, a 2,000-action session, memory."""

from __future__ import annotations

import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from benchmarks.common import Figure, Spread, peak_rss_mb, run_painted, run_painted_cpu, timed
from frightmare.model import Action, EditNotes, GameSetup, Rename, RuleViolation
from frightmare.model.actions.dream import Slide
from frightmare.store import SessionStore

SESSION_LENGTH = 2000
BENCH_NAME = "Benchmark session"

BARE_WINDOW = (
    "import sys, time\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv[:1])\n"
    "w = QMainWindow(); w.resize(1200, 800); w.show(); app.processEvents(); w.repaint()\n"
    "print(f'painted at {time.clock_gettime(time.CLOCK_MONOTONIC):.6f}', flush=True)\n"
)


def realistic_actions(count: int) -> list[Action]:
    """A long game's worth of legal actions: moves, Victims, counters, phases, the dream."""
    from frightmare.model import History, new_game
    from frightmare.model.actions.dream import FallAsleep
    from frightmare.model.actions.lane import AddVictims, Move
    from frightmare.model.actions.round import (
        AdjustCounter,
        DiscardActionCard,
        DrawTerror,
        KillerAction,
        NextPhase,
    )

    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=1))
    pattern: list[Action] = [
        Move(to="intersection", steps=1),
        AddVictims(space="street-w"),
        AdjustCounter(counter="time", delta=-1),
        EditNotes(notes="a note"),
        Move(to="street-s", steps=1),
        DiscardActionCard(),
        FallAsleep(),
        Slide(direction="up"),
        NextPhase(),
        NextPhase(),
        KillerAction(move_icon=False),
        DrawTerror(name="A Terror card"),
        Slide(direction="up"),
        AdjustCounter(counter="horror", delta=1),
        NextPhase(),
        NextPhase(),
        NextPhase(),
        Rename(name="Long game"),
    ]
    actions: list[Action] = []
    n = 0
    while len(actions) < count:
        action = pattern[n % len(pattern)]
        n += 1
        try:
            history.do(action)
        except RuleViolation:
            continue
        actions.append(action)
    return actions


def make_long_session(root: Path) -> str:
    store = SessionStore(root)
    session = store.create(GameSetup(setup_card="Maple Lane"), BENCH_NAME, seed=1)
    for action in realistic_actions(SESSION_LENGTH - 1):
        session.history.do(action)
    session.history.do(Rename(name=BENCH_NAME))
    assert len(session.history) == SESSION_LENGTH
    session.save()
    session.close()
    return session.id


def bench_sessions(quick: bool) -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        session_id = make_long_session(root)
        store = SessionStore(root)
        session = store.open(session_id)
        counter = iter(range(10**9))

        def act() -> None:
            # A rename, not a notes edit: notes edits in a row coalesce into one step.
            session.do(Rename(name=f"bench {next(counter)}"))

        def undo_setup() -> None:
            session.do(Rename(name=f"to undo {next(counter)}"))

        assert session.owns_lock
        acted = timed(
            "apply one action + autosave (2,000-action session, lock held, checks on)",
            act,
            budget=5.0,
            number=30,
            disk=True,
        )
        from frightmare.model.actions.round import NextPhase
        from frightmare.model.rules import record_anyway

        def next_phase() -> None:
            # Recorded anyway: whatever the long game owes (a Boiler Room card, the Finale),
            # the timing is of a phase advance and its autosave.
            session.do(record_anyway(NextPhase()))

        phase = timed(
            "advance a phase + autosave (2,000-action session)",
            next_phase,
            budget=5.0,
            number=30,
            disk=True,
        )
        undo = timed(
            "undo (2,000-action session, with autosave)",
            session.undo,
            budget=16.0,
            number=30,
            setup=undo_setup,
            disk=True,
        )
        session.close()

        def open_and_close() -> None:
            store.open(session_id).close()

        length = len(store.open(session_id, read_only=True).history)
        opened = timed(
            "open a 2,000-action session (load + replay)",
            open_and_close,
            budget=150.0,
            detail=f"{length} actions",
        )
        lock = bench_lock(store.path_for(session_id))
    return [acted, lock, opened, undo, phase]


def bench_lock(game: Path) -> Figure:
    from frightmare.store.games import lock as lock_module

    def take_and_release() -> None:
        # A real kernel lock each time, not a share of one this process already holds.
        assert lock_module.lock_path(game) not in lock_module._HELD
        lock_module.GameLock(game).acquire().release()

    return timed(
        "take and release the game lock (added to opening a game)",
        take_and_release,
        budget=2.0,
        number=30,
    )


def make_listed_sessions(root: Path, count: int = 12) -> None:
    """A data directory as a player has it: a dozen games to list."""
    store = SessionStore(root)
    for n in range(count):
        session = store.create(GameSetup(setup_card="Maple Lane"), f"Game {n}", seed=n)
        for action in realistic_actions(40):
            session.history.do(action)
        session.save()
        session.close()


def bench_startup(quick: bool) -> list[Figure]:
    """The picker painted with its sessions listed, against a bare PySide6 window started the
    same way. Each process prints when its first paint is done, on the system-wide monotonic
    clock, and is timed from its launch to that moment: what the player waits for, and the same
    for both (the smoke run's fast exit and the bare window's teardown count for neither). One
    warm-up pair, then paired runs (alternating which goes first). The figure is the ratio of
    the best launches (the app's fastest over the bare window's fastest: other processes only
    ever add time, to either), with the spread of the pairs' ratios beside it. ``make bench``
    fails only on a clear miss: that best ratio over the budget, and the ratio of the two
    processes' least processor time (whole processes, user + system: what other processes
    took is not in it) over it too."""
    pairs = 3 if quick else 11
    env = {"QT_QPA_PLATFORM": "offscreen"}
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        listed = Path(tmp) / "listed"
        make_listed_sessions(listed)
        app_cmd = [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(listed)]
        bare_cmd = [sys.executable, "-c", BARE_WINDOW]
        # English, and German chosen on the command line (issue 30: start-up with a language
        # chosen stays within the start-up budget): its catalogue and Qt's own translations
        # are read before the first paint.
        for language, words in (("en", ""), ("de", " in German (--lang de)")):
            chosen = [*app_cmd, "--lang", language]
            figures.append(_picker_launch(chosen, bare_cmd, env, pairs, words))
        long_root = Path(tmp) / "long"
        make_long_session(long_root)
        smoke_long = [
            *(sys.executable, "-m", "frightmare", "--smoke"),
            *("--data-dir", str(long_root), "--session", BENCH_NAME),
        ]
        # Other processes do not lower a peak: the least of a few launches, with the spread.
        peaks = [peak_rss_mb(smoke_long, env) for _ in range(1 if quick else 3)]
    memory = Spread.of(peaks)
    return [
        *figures,
        Figure(
            "peak memory of --smoke with a 2,000-action session open",
            memory.min,
            "MB",
            150.0,
            spread=memory,
            kind="size",
            measured=f"least of {memory.runs} launches",
        ),
    ]


def _picker_launch(
    app_cmd: list[str], bare_cmd: list[str], env: dict[str, str], pairs: int, words: str
) -> Figure:
    """The picker's launch to its first paint over a bare window's, in alternating pairs."""
    ratios = []
    app_times, bare_times, app_ends, bare_ends = [], [], [], []
    app_cpus, bare_cpus = [], []
    run_painted(app_cmd, env)  # warm-up: file caches, compiled bytecode, the index
    run_painted(bare_cmd, env)
    for n in range(pairs):
        if n % 2:
            bare, bare_end, bare_cpu = run_painted_cpu(bare_cmd, env)
            app, app_end, app_cpu = run_painted_cpu(app_cmd, env)
        else:
            app, app_end, app_cpu = run_painted_cpu(app_cmd, env)
            bare, bare_end, bare_cpu = run_painted_cpu(bare_cmd, env)
        ratios.append(app / bare)
        app_times.append(app)
        bare_times.append(bare)
        app_ends.append(app_end)
        bare_ends.append(bare_end)
        app_cpus.append(app_cpu)
        bare_cpus.append(bare_cpu)
    spread = Spread.of(ratios)
    cpu_ratio = min(app_cpus) / min(bare_cpus)
    best_ratio = min(app_times) / min(bare_times)
    ms = statistics.median
    return Figure(
        f"launch to first paint{words}: picker with 12 sessions listed / bare PySide6 window",
        best_ratio,
        "ratio",
        1.5,
        f"best launches: app {min(app_times) * 1000:.0f} ms, bare "
        f"{min(bare_times) * 1000:.0f} ms to the first paint; medians "
        f"{ms(app_times) * 1000:.0f} and {ms(bare_times) * 1000:.0f} ms (whole processes "
        f"{ms(app_ends) * 1000:.0f} and "
        f"{ms(bare_ends) * 1000:.0f} ms) over {pairs} pairs after a warm-up; the pairs' "
        "ratios " + ", ".join(f"{r:.2f}" for r in ratios) + "; processor time "
        f"{min(app_cpus) * 1000:.0f} and {min(bare_cpus) * 1000:.0f} ms at least, "
        f"ratio {cpu_ratio:.2f}",
        floor=cpu_ratio,
        spread=replace(spread, cpu=round(cpu_ratio, 4)),
        kind="ratio",
        measured=f"best of {pairs} launches each; the spread is the pairs' ratios, its cpu the "
        "ratio of the least processor times",
    )
