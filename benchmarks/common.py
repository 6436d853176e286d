"""The benchmark harness: figures beside their budgets, measured so a busy machine does not
fail them.

A timed figure is the **best of several runs** (a run times ``number`` calls and counts their
median): other processes on the machine only ever add time, so the best run is the closest to
what the code costs, and the spread of the runs (min, quartiles, max) is reported beside it to
show how noisy the machine was. ``make bench`` fails only on a clear miss: even the fastest
single call over budget, and the best run's processor time too. Both are floors the code
cannot beat: a machine busy through a whole run lifts every run, rarely every call, and the
processor time of this process leaves out the time other processes took (it leaves out an I/O
wait such as an fsync too, which is why it only counts beside the fastest call).

Figures that are not times need no spread: an input count is an exact number (``count``);
start-up is a ratio to a bare window launched in the same run (``bench_startup``).

Declare a figure in one line::

    timed("undo (2,000-action session)", session.undo, budget=16, setup=make_a_step)
    count("round A: inputs", inputs, budget=12, detail="pieces moved on the table: 14")
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Literal

Kind = Literal["time", "count", "ratio", "size"]

# Runs per timed figure; ``python -m benchmarks --quick`` takes fewer (see set_quick).
RUNS = 7
QUICK_RUNS = 3
_quick = False


def set_quick(quick: bool) -> None:
    """``--quick``: fewer runs and fewer calls in each (a smoke test of the benchmarks)."""
    global _quick
    _quick = quick


def quick() -> bool:
    return _quick


@dataclass(frozen=True)
class Runs:
    """What ``measure`` timed, in ms: one value per run (its median call), the calls each run
    timed, the fastest single call of all, and the best run's processor time (its median call's
    ``time.process_time``: this process's threads only)."""

    values: tuple[float, ...]
    number: int
    fastest: float
    cpu: float


@dataclass(frozen=True)
class Spread:
    """How the runs of one figure spread: each value is one run's median call."""

    runs: int
    number: int  # calls timed in each run
    min: float
    q1: float
    median: float
    q3: float
    max: float
    fastest_call: float | None = None
    cpu: float | None = None  # the best run's processor time for one call

    @classmethod
    def of(cls, values: Sequence[float], number: int = 1) -> Spread:
        ordered = sorted(values)
        if len(ordered) >= 2:
            q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
        else:
            q1 = median = q3 = ordered[0]
        return cls(len(ordered), number, ordered[0], q1, median, q3, ordered[-1])

    def as_json(self) -> dict[str, float | int | None]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    budget: float
    detail: str = ""
    # Set when the miss is beyond the noise (a timed figure: its fastest call over budget).
    # None means the plain comparison of ``value`` with the budget.
    clear_miss: bool | None = None
    spread: Spread | None = None
    kind: Kind = "time"
    # What ``value`` is: "best of 7 runs", "exact", "median of 11 pairs".
    measured: str = field(default="")

    @property
    def within_budget(self) -> bool:
        return self.value <= self.budget

    @property
    def typical_within_budget(self) -> bool:
        """The median run within budget too (a busy machine may lift it: it fails nothing)."""
        return self.spread is None or self.spread.median <= self.budget

    @property
    def ok(self) -> bool:
        """Fails ``make bench`` only on a clear miss: a timed figure's fastest call, a count
        itself, or start-up's best and processor-time ratios over budget."""
        if self.clear_miss is None:
            return self.within_budget
        return not self.clear_miss

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "value": round(self.value, 3),
            "unit": self.unit,
            "budget": self.budget,
            "measured": self.measured,
            "spread": self.spread.as_json() if self.spread else None,
            "detail": self.detail,
            "within_budget": self.within_budget,
            "typical_within_budget": self.typical_within_budget,
            "ok": self.ok,
        }

    def line(self) -> str:
        """One line for a person: the verdict, the figure, its spread and its budget."""
        verdict = "MISS" if not self.ok else "ok  " if self.within_budget else "busy"
        text = f"{verdict} {self.name}: {self.value:.3g} {self.unit} (budget {self.budget:g}"
        if self.spread is not None:
            s = self.spread
            text += f"; runs {s.min:.3g} / {s.median:.3g} / {s.max:.3g} min/median/max"
            if s.fastest_call is not None and s.number > 1:
                text += f", fastest call {s.fastest_call:.3g}"
            if s.cpu is not None:
                text += f", processor {s.cpu:.3g}"
        return text + ")"


def measure(
    fn: Callable[[], object],
    *,
    runs: int | None = None,
    number: int = 1,
    setup: Callable[[], object] | None = None,
) -> Runs:
    """Milliseconds per call of ``fn``: one value per run, the calls each run timed and the
    fastest call.

    A run times ``number`` calls (``setup`` runs before each call, untimed) and counts their
    median: a call another process interrupted does not lift it, and the best of the runs
    leaves out a stretch when the machine was busy throughout. ``--quick`` makes 3 runs of at
    most a fifth of the calls.
    """
    if runs is None:
        runs = QUICK_RUNS if _quick else RUNS
    elif _quick:
        runs = min(runs, QUICK_RUNS)
    if _quick:
        number = max(1, number // 5)
    values: list[float] = []
    cpus: list[float] = []
    fastest = float("inf")
    for _ in range(runs):
        calls, cpu = [], []
        for _ in range(number):
            if setup is not None:
                setup()
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu.append(time.process_time() - start_cpu)
            calls.append(time.perf_counter() - start)
        values.append(statistics.median(calls) * 1000)
        cpus.append(statistics.median(cpu) * 1000)
        fastest = min(fastest, min(calls) * 1000)
    return Runs(tuple(values), number, fastest, cpus[values.index(min(values))])


def from_runs(
    name: str, runs: Runs, *, budget: float, unit: str = "ms", detail: str = ""
) -> Figure:
    """A timed figure from runs measured by hand (``measure``): the best run, with the
    spread; a clear miss only if even the fastest call and the best run's processor time are
    over budget."""
    spread = replace(Spread.of(runs.values, runs.number), fastest_call=runs.fastest, cpu=runs.cpu)
    calls = f" of the median of {runs.number} calls" if runs.number > 1 else ""
    return Figure(
        name,
        spread.min,
        unit,
        budget,
        detail,
        clear_miss=runs.fastest > budget and runs.cpu > budget,
        spread=spread,
        measured=f"best of {spread.runs} runs{calls}",
    )


def timed(
    name: str,
    fn: Callable[[], object],
    *,
    budget: float,
    runs: int | None = None,
    number: int = 1,
    setup: Callable[[], object] | None = None,
    detail: str = "",
) -> Figure:
    """A timed figure in milliseconds per call of ``fn``: the best of ``runs`` runs of
    ``number`` calls each (``setup`` before each call, untimed), with the spread."""
    measured = measure(fn, runs=runs, number=number, setup=setup)
    return from_runs(name, measured, budget=budget, detail=detail)


def count(name: str, value: int, *, budget: int, unit: str = "inputs", detail: str = "") -> Figure:
    """An exact number (inputs a round takes, games generated): no runs, no spread; any
    figure over budget is a clear miss."""
    return Figure(name, value, unit, budget, detail, kind="count", measured="exact")


def median_ms(
    fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None
) -> float:
    """Median wall time of ``fn`` in milliseconds (``setup`` runs before each, untimed).

    Kept for figures not yet moved to ``timed``: a median is one noisy sample of a busy
    machine, and a figure made from it has no spread."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def run_painted(args: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds from the launch of a process to its first paint (the process prints
    "painted at <seconds>" on the system-wide monotonic clock), and to its end."""
    return run_painted_cpu(args, env)[:2]


def run_painted_cpu(
    args: Sequence[str], env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """``run_painted``, and the processor seconds the whole process took (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.clock_gettime(time.CLOCK_MONOTONIC)
    out = subprocess.run(
        args, check=True, capture_output=True, text=True, env={**os.environ, **(env or {})}
    ).stdout
    end = time.clock_gettime(time.CLOCK_MONOTONIC)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    stamp = next(
        float(line.split("painted at ", 1)[1].split()[0])
        for line in out.splitlines()
        if "painted at " in line
    )
    return stamp - start, end - start, cpu


def run_game_launch(
    args: Sequence[str], env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """A smoke launch into a game in progress: seconds from the launch to its first paint (its
    board), the processor seconds the process took by then, and the seconds to its game screen
    ready (the smoke run prints all three)."""
    start = time.clock_gettime(time.CLOCK_MONOTONIC)
    out = subprocess.run(
        args, check=True, capture_output=True, text=True, env={**os.environ, **(env or {})}
    ).stdout
    line = next(x for x in out.splitlines() if "painted at " in x)
    painted = float(line.split("painted at ", 1)[1].split()[0])
    spent = re.search(r"after ([0-9.]+) s of processor time", line)
    assert spent is not None, line
    processor = float(spent.group(1))
    ready = float(line.split("ready at ", 1)[1].split()[0])
    return painted - start, processor, ready - start


def peak_rss_mb(args: Sequence[str], env: dict[str, str] | None = None) -> float:
    """Peak resident memory of a child process, measured from a fresh wrapper process."""
    code = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    ).stdout
    return int(out.split()[-1]) / 1024


ROOT = Path(__file__).resolve().parent.parent
