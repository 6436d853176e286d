"""Flat in the game's length (issue 33, item 2): a step, an undo and a History jump in the
window cost the same in a 10,000-step game as in a 100-step one.

Both games are open at once, each in its own window at 1920x1080 with its own data folder, and
timed in alternating runs (the short game's run, then the long one's, the order swapped every
run): what the machine does meanwhile weighs on both alike. Each figure is the ratio of the two
games' best runs (a run is the median of its calls), with the ratio of their processor times
beside it (``floor``); the verdict and the regression check both take the lesser of the two,
so ``make bench`` fails only when both are over the budget. Each call is what the player waits
for: the play (or the undo, the jump) applied, the game saved (atomic write, fsync), the window
refreshed (History, the menus and the query, the board) and repainted.

What grows with the length (cProfile, 2026-12-03): the save writes the whole file (517 KB at
10,000 steps, 7 KB at 100: 1.3 against 0.4 ms of processor time, and an fsync that waits
longer for more bytes on a busy disk), and the History view lays out all its rows again when
one is added (``QTreeView.doItemsLayout``: 1.6 against 0.25 ms). The processor-time ratio
leaves the fsync's wait out; the wall-time ratio beside it keeps it in.

Run alone: ``python -m benchmarks.length``.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.common import Figure, Runs, Spread, measure

if TYPE_CHECKING:
    from frightmare.ui.main_window import MainWindow

SHORT = 100
LONG = 10_000
BUDGET = 1.5


def _game(root: Path, length: int, actions: list[object]) -> str:
    from frightmare.model import GameSetup, Rename
    from frightmare.store import SessionStore

    store = SessionStore(root)
    session = store.create(GameSetup(setup_card="Maple Lane"), f"{length} steps", seed=1)
    for action in actions[: length - 1]:
        session.history.do(action)  # type: ignore[arg-type]
    session.history.do(Rename(name=f"{length} steps"))
    assert len(session.history) == length
    session.save()
    session.close()
    return session.id


def _window(root: Path, session_id: str) -> MainWindow:
    from PySide6.QtWidgets import QApplication

    from frightmare.store import SessionStore, load_settings
    from frightmare.ui.main_window import MainWindow

    window = MainWindow(SessionStore(root), load_settings(root))
    window.resize(1920, 1080)
    window.show()
    window.open_session(session_id)
    for _ in range(5):
        QApplication.processEvents()
    assert window.session is not None
    window.session.history  # noqa: B018 (loaded now: History's rows are on screen)
    for _ in range(5):
        QApplication.processEvents()
    return window


def _calls(window: MainWindow) -> dict[str, tuple[Callable[[], None], Callable[[], None] | None]]:
    """A step, an undo and a History jump in ``window``, each drawn and painted; each with
    what runs (untimed) before it."""
    from PySide6.QtWidgets import QApplication

    from frightmare.model import Rename

    counter = iter(range(10**9))

    def drawn() -> None:
        QApplication.processEvents()
        window.repaint()

    def step() -> None:
        window.act(Rename(name=f"step {next(counter)}"))
        drawn()

    def undo() -> None:
        window.undo()
        drawn()

    def jump() -> None:  # three steps back, then forward again, as a click in History
        assert window.session is not None
        cursor = window.session.history.cursor
        length = len(window.session.history)
        window.jump(cursor - 3 if cursor == length else length)
        drawn()

    return {"step": (step, None), "undo": (undo, step), "jump": (jump, None)}


def _ratio(name: str, words: str, short: list[Runs], long: list[Runs]) -> Figure:
    best_short = min(min(r.values) for r in short)
    best_long = min(min(r.values) for r in long)
    ratio = best_long / best_short
    cpu = min(r.cpu for r in long) / min(r.cpu for r in short)
    pairs = [min(b.values) / min(a.values) for a, b in zip(short, long, strict=True)]
    return Figure(
        f"{words} in the window, game of {LONG:,} steps / game of {SHORT} steps",
        ratio,
        "ratio",
        BUDGET,
        f"best runs: {best_long:.1f} ms at {LONG:,} steps, {best_short:.1f} ms at {SHORT} "
        f"(medians {statistics.median(min(r.values) for r in long):.1f} and "
        f"{statistics.median(min(r.values) for r in short):.1f}); processor time ratio "
        f"{cpu:.2f}; the runs' ratios " + ", ".join(f"{p:.2f}" for p in pairs) + f" ({name}: "
        "applied, saved with fsync, the window refreshed and repainted at 1920x1080)",
        floor=cpu,
        spread=replace(Spread.of(pairs), cpu=round(cpu, 4)),
        kind="ratio",
        measured=f"best of {len(short)} alternating runs each; the spread is the runs' ratios",
    )


def bench_length(quick: bool) -> list[Figure]:
    from benchmarks.core import realistic_actions
    from frightmare.ui.application import create_application

    create_application()
    runs = 3 if quick else 7
    number = 3 if quick else 10
    actions: list[object] = list(realistic_actions(LONG))
    with tempfile.TemporaryDirectory() as tmp:
        windows = []
        for length in (SHORT, LONG):
            root = Path(tmp) / str(length)
            windows.append(_window(root, _game(root, length, actions)))
        short_calls, long_calls = (_calls(w) for w in windows)
        figures = []
        for name, words in (("step", "a step"), ("undo", "an undo"), ("jump", "a History jump")):
            short: list[Runs] = []
            long: list[Runs] = []
            for n in range(runs):
                order = ((short_calls, short), (long_calls, long))
                for calls, kept in order if n % 2 == 0 else order[::-1]:
                    fn, setup = calls[name]
                    kept.append(measure(fn, runs=1, number=number, setup=setup, calibrate=False))
            figures.append(_ratio(name, words, short, long))
        for window in windows:
            window.close()
    return figures


if __name__ == "__main__":
    import os
    import sys

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for figure in bench_length(quick="--quick" in sys.argv):
        print(figure.line(), file=sys.stderr, flush=True)
