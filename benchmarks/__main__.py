"""Run every benchmark and print JSON: ``python -m benchmarks [--quick]``.

The JSON goes to stdout and ``benchmarks/results/latest.json``; one line per figure (its
verdict, best run, spread and budget) goes to stderr. The exit code is 1 only on a clear miss
(see ``benchmarks/common.py``)."""

from __future__ import annotations

import json
import os
import sys

from benchmarks.board import bench_board
from benchmarks.boiler import bench_animation_frame, bench_odds
from benchmarks.common import ROOT, Figure, set_quick
from benchmarks.core import bench_sessions, bench_startup
from benchmarks.playlog import bench_playlog
from benchmarks.plays import bench_plays
from benchmarks.record import bench_record
from benchmarks.rounds import bench_rounds
from benchmarks.window import bench_window


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    quick = "--quick" in sys.argv
    set_quick(quick)
    figures: list[Figure] = []
    for bench in (
        bench_sessions,
        bench_odds,
        bench_animation_frame,
        bench_board,
        bench_plays,
        bench_window,
        bench_rounds,
        bench_record,
        bench_playlog,
        bench_startup,
    ):
        for figure in bench(quick=quick):
            print(figure.line(), file=sys.stderr, flush=True)
            figures.append(figure)
    report = {
        "python": sys.version.split()[0],
        "figures": [f.as_json() for f in figures],
        "all_within_budget": all(f.within_budget for f in figures),
        # Every timed figure's median run within budget too: a busy machine may say no.
        "all_typical_within_budget": all(f.typical_within_budget for f in figures),
        # What fails `make bench`: a clear miss, that is a timed figure whose best run is over
        # its budget, a count over its budget, or start-up's lower quartile of ratios over it.
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
