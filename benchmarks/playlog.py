"""The play log at scale (issue 21): Statistics over 100,000 logged games (opened, and a filter
changed), a 25,000-game CSV imported with progress, and one finished game appended to the
100,000-game log, locked and synced.

Each figure is the median of several runs (the best of a busy machine's noise is not taken as
the figure). Opening the Statistics is timed as the window does it: the log read (the first
read of this process, every line validated, and again, with the log already read once), then
the view made, filled and painted.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import Figure, from_runs, measure
from benchmarks.record import logged_games
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.csv_format import to_csv
from frightmare.store.playlog.importing import import_log
from frightmare.store.playlog.log_file import forget
from frightmare.store.playlog.playlog import PlayLog

GAMES = 100_000
IMPORTED = 25_000


def _write_log(path: Path, count: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(g) + "\n" for g in logged_games(count)), "utf-8")


def bench_statistics(quick: bool) -> list[Figure]:
    """The Statistics figures alone: ``python -m benchmarks.playlog --statistics``."""
    with tempfile.TemporaryDirectory() as folder:
        log = PlayLog(Path(folder) / "data")
        _write_log(log.path, GAMES)
        return _statistics(log, 3 if quick else 5)


def _statistics(log: PlayLog, repeat: int) -> list[Figure]:
    from PySide6.QtWidgets import QApplication

    from frightmare.model.record.achievements import forget_marks
    from frightmare.model.record.digest import forget_digests
    from frightmare.ui.record.stats.stats_view import StatsView

    app = QApplication.instance() or QApplication([])
    size_mb = log.path.stat().st_size / 1e6

    parts: dict[str, list[float]] = {"read": [], "draw": []}

    def timing(part: str, fn: Callable[[], object]) -> None:
        start = time.perf_counter()
        fn()
        parts[part].append((time.perf_counter() - start) * 1000)

    def cold_read() -> None:
        forget(log.path)
        log.entries()

    started = time.perf_counter()
    forget(log.path)
    entries = log.entries()  # read whole the first time: the cache is kept beside the log
    whole = (time.perf_counter() - started) * 1000
    assert len(entries) == GAMES, len(entries)
    cached_mb = log.path.with_name(".playlog.entries").stat().st_size / 1e6

    view = StatsView([])
    view.resize(1280, 720)
    view.show()
    app.processEvents()

    def first_draw() -> None:  # as the process first opens them: nothing of the log known
        forget_digests()
        forget_marks()
        view.set_entries(entries)
        view.grab()

    def draw_again() -> None:  # the same games handed out again: their digest kept
        view.set_entries(log.entries())
        view.grab()

    def opened_cold() -> None:  # the log read for the first time, then the view
        timing("read", cold_read)
        timing("draw", first_draw)

    first = measure(opened_cold, runs=repeat)
    cold, first_ms = min(parts["read"]), min(parts["draw"])
    parts["read"].clear()
    parts["draw"].clear()

    def opened_again() -> None:
        timing("read", log.entries)
        timing("draw", draw_again)

    again = measure(opened_again, runs=repeat)
    warm, again_ms = min(parts["read"]), min(parts["draw"])
    combo = view.final_girl
    choices = [combo.findText("Nancy"), combo.findText("Sheila"), 0]

    def change_filter() -> None:
        combo.setCurrentIndex(choices[0])
        choices.append(choices.pop(0))
        view.grab()

    filtered = measure(change_filter, runs=repeat)

    def opened_first() -> None:
        view.tabs.setCurrentIndex(0)
        forget_digests()
        forget_marks()
        view.set_entries(entries)

    def achievements_seen() -> None:  # their standings worked out when the tab is first seen
        view.tabs.setCurrentWidget(view.achievements)
        view.grab()

    listed = measure(achievements_seen, runs=repeat, setup=opened_first)
    view.close()
    return [
        from_runs(
            f"Statistics over {GAMES:,} logged games opened, the log read for the first time",
            first,
            budget=1000,
            detail=f"the first read of the process: the {size_mb:.0f} MB log's lines read from "
            f"the cache kept beside it ({cached_mb:.0f} MB, its stamp checked: {cold:.0f} ms at "
            f"best; the log read whole and every line validated, as when the cache is missing "
            f"or stale, {whole:.0f} ms), then the view filled and painted at 1280x720, the "
            f"log's digest made ({first_ms:.0f} ms at best; the achievements are listed when "
            "their tab is first seen)",
        ),
        from_runs(
            f"Statistics over {GAMES:,} logged games opened again",
            again,
            budget=1000,
            detail=f"the log already read once in this run: its bytes checked by their CRC "
            f"({warm:.0f} ms at best), then the view, its digest kept ({again_ms:.0f} ms)",
        ),
        from_runs(
            f"a filter changed in the Statistics over {GAMES:,} games",
            filtered,
            budget=200,
            detail="the Final Girl filter: the statistics added up from the digest's groups, "
            "the plots and table redrawn",
        ),
        from_runs(
            f"the Achievements tab first seen in the Statistics over {GAMES:,} games",
            listed,
            budget=1000,
            detail="every published and companion achievement's standing over the log, listed "
            "when the tab is first shown (not when the Statistics open); a budget of our own",
        ),
    ]


def bench_playlog(quick: bool) -> list[Figure]:
    repeat = 3 if quick else 5
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "data"
        log = PlayLog(root)
        _write_log(log.path, GAMES)
        figures += _statistics(log, repeat)

        history = History(new_game(GameSetup(setup_card="Revenge"), seed=4))
        history.do(FallAsleep())
        history.do(Slide(direction="up"))
        history.do(EndGame(result="win"))
        count = [0]

        def record() -> None:
            count[0] += 1
            log.record(f"{count[0]:032x}", history.state, history=history)

        appended = measure(record, runs=max(repeat, 9), disk=True)
        figures.append(
            from_runs(
                f"a finished game appended to a log of {GAMES:,} games, locked and synced",
                appended,
                budget=5,
                detail="PlayLog.record: the game's figures, its line in its waiting file first "
                "(not synced), the writer lock (filelock), one line written, fsynced and "
                "read back",
            )
        )

        one: list[Path] = []

        def one_game() -> None:
            made = Path(folder) / f"one-{len(one)}.csv"
            row = {**logged_games(1, seed=len(one))[0], "session": f"import-{len(one):026d}"}
            made.write_text(to_csv([LogEntry.from_row(row)]), "utf-8")
            one.append(made)

        log.entries()  # as the window has it: the log read once already
        single = measure(
            lambda: import_log(log.path, one[-1]), runs=repeat, setup=one_game, disk=True
        )
        figures.append(
            from_runs(
                f"one game imported into a log of {GAMES:,} games (the log read once already)",
                single,
                budget=50,
                detail="import_log: the log as the window read it known by its stamp (its "
                "inode, length, time and the CRC of its last 64 KB; the CRC of its 50 MB was "
                "30 ms), the game merged (only the log's games of its day compared) and "
                "appended in one synced write, not the log rewritten (1.3 s before)",
            )
        )

        source = Path(folder) / "theirs.csv"
        games = [LogEntry.from_row(g) for g in logged_games(IMPORTED, seed=29)]
        source.write_text(to_csv(games), "utf-8")
        reports: list[float] = []

        def fresh() -> None:
            empty = Path(folder) / f"import-{time.perf_counter_ns()}"
            targets.append(PlayLog(empty).path)

        targets: list[Path] = []

        def told(fraction: float) -> bool:
            reports.append(fraction)
            return True

        def imported() -> None:
            import_log(targets[-1], source, progress=told)

        took = measure(imported, runs=repeat, setup=fresh)
        added = len(PlayLog(targets[-1].parent).entries())
        figures.append(
            from_runs(
                f"a {IMPORTED:,}-game CSV imported, with progress",
                took,
                budget=3000,
                detail=f"{source.stat().st_size / 1e6:.1f} MB read, validated and merged into an "
                f"empty log, written in one atomic replace ({added:,} games; progress told "
                f"{len(reports) // (repeat):,} times an import)",
            )
        )

        blank = Path(folder) / "blank.csv"
        blank.write_bytes(b"\n" * 30_000_000 + to_csv(games[:10]).encode())
        blanks = measure(lambda: import_log(targets[-1], blank), runs=repeat)
        figures.append(
            from_runs(
                "a 30 MB file of blank lines imported",
                blanks,
                budget=1000,
                detail="the runs of blank lines skipped a chunk at a time (the report: 20 s, the "
                "window frozen); a budget of our own",
            )
        )
    return figures


if __name__ == "__main__":
    import os
    import sys

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    bench = bench_statistics if "--statistics" in sys.argv else bench_playlog
    for figure in bench(quick="--quick" in sys.argv):
        print(figure.line(), file=sys.stderr, flush=True)
