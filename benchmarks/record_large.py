"""Flat in the record's size (issue 33, item 3): the Statistics over a log of 240,000 games,
first opening, and the window's memory with them open.

The log is written as the app writes it (``benchmarks.record.logged_games``: 106 MB), read
once whole (which keeps its lines beside it, ``.playlog.entries``), then opened as a process
first opens it: nothing of the log in memory, its lines read from that cache (its stamp
checked against the log), the view filled and painted. The memory is the peak resident size of
a whole window process (``MainWindow``) that opens the Statistics from its menu's handler
(``RecordDesk.show_statistics``) and paints them.

Run alone: ``python -m benchmarks.record_large``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import Figure, from_runs, measure, peak_rss_mb

GAMES = 240_000
BUDGET_MS = 2500
BUDGET_MB = 400


def _write(root: Path) -> float:
    from benchmarks.record import iter_logged_games
    from frightmare.store.paths import PLAY_LOG_FILE

    root.mkdir(parents=True, exist_ok=True)
    log = root / PLAY_LOG_FILE
    with log.open("w", encoding="utf-8") as out:
        out.writelines(json.dumps(g) + "\n" for g in iter_logged_games(GAMES))
    return log.stat().st_size / 1e6


def bench_statistics_large(quick: bool) -> list[Figure]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from frightmare.model.record.achievements import forget_marks
    from frightmare.model.record.digest import forget_digests
    from frightmare.store.playlog.log_file import forget
    from frightmare.store.playlog.playlog import PlayLog
    from frightmare.ui.record.stats.stats_view import StatsView

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        size = _write(root)
        log = PlayLog(root)
        started = time.perf_counter()
        assert len(log.entries()) == GAMES  # read whole once: its lines kept beside it
        whole = time.perf_counter() - started
        cached = log.path.with_name(".playlog.entries").stat().st_size / 1e6
        view = StatsView([])
        view.resize(1280, 720)
        view.show()
        app.processEvents()

        def fresh() -> None:  # as a process first opens them: nothing of the log known
            forget(log.path)
            forget_digests()
            forget_marks()

        def opened() -> None:
            view.set_entries(log.entries())
            view.grab()

        runs = measure(opened, runs=2 if quick else 3, setup=fresh)
        view.close()
        command = [sys.executable, "-m", "benchmarks.record_large", "--window", str(root)]
        peaks = [peak_rss_mb(command) for _ in range(1 if quick else 2)]
    peak = min(peaks)
    return [
        from_runs(
            f"Statistics over {GAMES:,} logged games opened, the log read for the first time",
            runs,
            budget=BUDGET_MS,
            detail=f"the {size:.0f} MB log's lines read from the cache kept beside it "
            f"({cached:.0f} MB; the log read whole and the cache written, as when it is "
            f"missing or stale: {whole:.1f} s), the view filled and painted at 1280x720 "
            "(24.5 s before)",
        ),
        Figure(
            f"the window's memory with the Statistics over {GAMES:,} games open",
            peak,
            "MB",
            BUDGET_MB,
            "peak resident size of a whole window process (MainWindow) that opens the "
            "Statistics (RecordDesk.show_statistics) and paints them; the least of "
            + ", ".join(f"{p:.0f}" for p in peaks)
            + " MB (1.0 GB before)",
            kind="size",
            measured=f"least of {len(peaks)} processes",
        ),
    ]


def _window(root: Path) -> None:
    """The child process: a window, its Statistics opened and painted."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from frightmare.store import SessionStore, load_settings
    from frightmare.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(SessionStore(root), load_settings(root))
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    window.desk.show_statistics()
    app.processEvents()
    dialog = window.desk._stats_dialog
    assert dialog is not None
    dialog.grab()


if __name__ == "__main__":
    if "--window" in sys.argv:
        _window(Path(sys.argv[sys.argv.index("--window") + 1]))
    else:
        for figure in bench_statistics_large(quick="--quick" in sys.argv):
            print(figure.line(), file=sys.stderr, flush=True)
