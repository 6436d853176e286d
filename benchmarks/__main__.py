"""Run every benchmark and print JSON: ``python -m benchmarks [--quick] [--write-baseline]``.

The JSON goes to stdout and ``benchmarks/results/latest.json``; one line per figure (its
verdict, best run, spread and budget) goes to stderr. The exit code is 1 only on a clear miss
(see ``benchmarks/common.py``)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.board import bench_board
from benchmarks.boiler import bench_animation_frame, bench_odds
from benchmarks.common import (
    BASELINE,
    JUDGING,
    REGRESSION,
    ROOT,
    SLOWER,
    Figure,
    baseline_judging,
    judge,
    set_quick,
)
from benchmarks.core import bench_sessions, bench_startup
from benchmarks.length import bench_length
from benchmarks.playlog import bench_playlog
from benchmarks.plays import bench_plays
from benchmarks.record import bench_record
from benchmarks.record_large import bench_statistics_large
from benchmarks.record_size import bench_finish, bench_record_size
from benchmarks.rounds import bench_rounds
from benchmarks.window import bench_window

Bench = Callable[..., list[Figure]]


def main(benches: Sequence[Bench] | None = None, out: Path | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    quick = "--quick" in sys.argv
    set_quick(quick)
    figures: list[Figure] = []
    slower = os.environ.get(SLOWER, "")
    written = baseline_judging()
    if written not in (None, JUDGING):
        print(
            f"note: {BASELINE.name} was written under judging {written}, not {JUDGING}: no "
            "figure is compared with it until it is written again (--write-baseline)",
            file=sys.stderr,
            flush=True,
        )
    for bench in benches or (
        bench_sessions,
        bench_odds,
        bench_animation_frame,
        bench_board,
        bench_plays,
        bench_window,
        bench_length,
        bench_rounds,
        bench_record,
        bench_playlog,
        bench_finish,
        bench_statistics_large,
        bench_record_size,
        bench_startup,
    ):
        for figure in judge(bench(quick=quick), slower):
            print(figure.line(), file=sys.stderr, flush=True)
            figures.append(figure)
    report = {
        "python": sys.version.split()[0],
        "figures": [f.as_json() for f in figures],
        "all_within_budget": all(f.within_budget for f in figures),
        # Every timed figure's median run within budget too: a busy machine may say no.
        "all_typical_within_budget": all(f.typical_within_budget for f in figures),
        # What fails `make bench`: a clear miss, that is a timed figure whose best relative run
        # is over its budget, a count over its budget, start-up's best and processor-time
        # ratios over it, or any figure past REGRESSION times its baseline.
        "no_clear_miss": all(f.ok for f in figures),
        "made_slower": slower,
    }
    text = json.dumps(report, indent=2)
    print(text)
    out = out or ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(text + "\n")
    if "--write-baseline" in sys.argv:
        write_baseline(figures)
    return 0 if report["no_clear_miss"] else 1


def write_baseline(figures: Sequence[Figure], path: Path = BASELINE) -> None:
    """Keep each figure's judged value as its baseline (run on a quiet machine, then commit)."""
    data = {
        "about": "Each figure's judged value (relative to the calibration where it has one) "
        "on a quiet machine: `python -m benchmarks --write-baseline`. A figure past "
        f"{REGRESSION} times its baseline fails `make bench`.",
        "judging": JUDGING,
        "figures": {f.name: round(f.judged, 4) for f in figures if f.kind in ("time", "ratio")},
    }
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    sys.exit(main())
