"""Foundation budgets: start-up, a 2,000-action session, memory."""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks.common import Figure, median_ms, peak_rss_mb, run_wall
from frightmare.model import Action, EditNotes, GameSetup, Rename, RuleViolation
from frightmare.model.actions import Slide
from frightmare.store import SessionStore

SESSION_LENGTH = 2000
BENCH_NAME = "Benchmark session"

BARE_WINDOW = (
    "import sys\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv[:1])\n"
    "w = QMainWindow(); w.resize(1200, 800); w.show(); app.processEvents(); w.repaint()\n"
)


def realistic_actions(count: int) -> list[Action]:
    """A long game's worth of legal actions: moves, Victims, counters, phases, the dream."""
    from frightmare.model import History, new_game
    from frightmare.model.actions import (
        AddVictims,
        AdjustCounter,
        DiscardActionCard,
        FallAsleep,
        Move,
        NextPhase,
        Slide,
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
    return session.id


def bench_sessions(quick: bool) -> list[Figure]:
    repeat = 30 if quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        session_id = make_long_session(root)
        store = SessionStore(root)
        session = store.open(session_id)
        counter = iter(range(10**9))

        def act() -> None:
            session.do(EditNotes(notes=f"bench {next(counter)}"))

        def undo_setup() -> None:
            session.do(EditNotes(notes=f"to undo {next(counter)}"))

        act_ms = median_ms(act, repeat)
        from frightmare.model.actions import NextPhase

        def next_phase() -> None:
            try:
                session.do(NextPhase())
            except RuleViolation:  # a Boiler Room card is due: resolve it, then go on
                session.do(Slide(direction=session.state.dream.stack.legal_directions()[0]))
                session.do(NextPhase())

        phase_ms = median_ms(next_phase, repeat)
        undo_ms = median_ms(session.undo, repeat, setup=undo_setup)
        open_ms = median_ms(lambda: store.open(session_id), 5 if quick else 15)
        length = len(store.open(session_id).history)
    return [
        Figure("apply one action + autosave (2,000-action session)", act_ms, "ms", 5.0),
        Figure(
            "open a 2,000-action session (load + replay)", open_ms, "ms", 150.0, f"{length} actions"
        ),
        Figure("undo (2,000-action session, with autosave)", undo_ms, "ms", 16.0),
        Figure("advance a phase + autosave (2,000-action session)", phase_ms, "ms", 5.0),
    ]


def bench_startup(quick: bool) -> list[Figure]:
    pairs = 3 if quick else 7
    env = {"QT_QPA_PLATFORM": "offscreen"}
    ratios = []
    smoke_times = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(pairs):
            empty = Path(tmp) / f"empty-{n}"
            app = run_wall(
                [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(empty)], env
            )
            bare = run_wall([sys.executable, "-c", BARE_WINDOW], env)
            ratios.append(app / bare)
            smoke_times.append(app)
        long_root = Path(tmp) / "long"
        make_long_session(long_root)
        peak = peak_rss_mb(
            [
                sys.executable,
                "-m",
                "frightmare",
                "--smoke",
                "--data-dir",
                str(long_root),
                "--session",
                BENCH_NAME,
            ],
            env,
        )
    return [
        Figure(
            "--smoke cold start / bare PySide6 window (median of paired runs)",
            statistics.median(ratios),
            "ratio",
            2.0,
            f"app median {statistics.median(smoke_times) * 1000:.0f} ms over {pairs} pairs",
        ),
        Figure("peak memory of --smoke with a 2,000-action session open", peak, "MB", 150.0),
    ]
