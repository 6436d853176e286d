"""Run every benchmark and print JSON: ``python -m benchmarks [--quick]``."""

from __future__ import annotations

import json
import os
import sys

from benchmarks.board import bench_board
from benchmarks.boiler import bench_animation_frame, bench_odds
from benchmarks.common import ROOT, Figure
from benchmarks.core import bench_sessions, bench_startup
from benchmarks.playlog import bench_playlog
from benchmarks.record import bench_record
from benchmarks.window import bench_window


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    quick = "--quick" in sys.argv
    figures: list[Figure] = []
    for bench in (
        bench_sessions,
        bench_odds,
        bench_animation_frame,
        bench_board,
        bench_window,
        bench_record,
        bench_playlog,
        bench_startup,
    ):
        figures.extend(bench(quick=quick))
    report = {
        "python": sys.version.split()[0],
        "figures": [f.as_json() for f in figures],
        "all_within_budget": all(f.within_budget for f in figures),
        # What fails `make bench`: a figure over its budget, or, for a noisy figure (process
        # start-up), a clear miss (even its lower quartile over the budget).
        "no_clear_miss": all(f.ok for f in figures),
    }
    text = json.dumps(report, indent=2)
    print(text)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(text + "\n")
    return 0 if report["no_clear_miss"] else 1


if __name__ == "__main__":
    sys.exit(main())
