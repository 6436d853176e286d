"""The benchmark harness: figures beside their budgets, measured so a busy machine does not
fail them.

A timed figure is the **best of several runs** (a run times ``number`` calls and counts their
median): other processes on the machine only ever add time, so the best run is the closest to
what the code costs, and the spread of the runs (min, quartiles, max) is reported beside it to
show how noisy the machine was.

Each run is also set beside a **calibration** measured right before and after it
(``benchmarks/calibration.py``: a fixed pure-Python workload and a fixed Qt paint, against their
times on the reference machine). A run's **relative** figure is what the run would have taken
on the quiet reference machine: its processor time over the calibration's factor in processor
time (what other processes' turns on the two cores add to a wall time is in neither processor
time; what they take of the caches and the clock is in both). A wall time over the wall-time
factor would not do: a short call is rarely interrupted while the calibration's few ms are, so
a busy machine would divide it by too much. A figure that waits on the disk (``disk=True``:
an autosave's fsync) is read as its processor time over the processor factor **plus** its wait
(wall minus processor time) over a disk calibration measured in the same run (the median of a
few small files written, fsynced and renamed): a busy disk lifts its wait and the
calibration's alike, which a CPU workload never sees.

A timed figure's verdict is its best relative run against the budget, so a slower or a busy
machine judges the code, not itself. A ratio of two launches or two games measured in pairs is
judged on the lesser of its wall-time ratio and its processor-time ratio (``floor``).
``make bench`` fails on a **clear miss**: the judged value over budget, or the judged value more
than ``REGRESSION`` times the judged value in ``benchmarks/baseline.json`` (a regression the
budget's headroom would hide: the same normalised value the budget uses, so a busy run does not
trip it). ``FRIGHTMARE_BENCH_SLOWER=<part of a figure's name>`` makes that figure twice as slow,
to see that the harness catches it.

Figures that are not times need no spread: an input count is an exact number (``count``);
start-up is a ratio to a bare window launched in the same run (``bench_startup``).

Declare a figure in one line::

    timed("undo (2,000-action session)", session.undo, budget=16, setup=make_a_step)
    count("round A: inputs", inputs, budget=12, detail="pieces moved on the table: 14")
"""

from __future__ import annotations

import json
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
from typing import Literal, NamedTuple

from benchmarks.calibration import Workload, disk_factor, factors

Kind = Literal["time", "count", "ratio", "size"]

# Runs per timed figure; ``python -m benchmarks --quick`` takes fewer (see set_quick).
RUNS = 7
QUICK_RUNS = 3
_quick = False
# A figure this many times its baseline is a regression, within budget or not.
REGRESSION = 1.75
BASELINE = Path(__file__).resolve().parent / "baseline.json"
SLOWER = "FRIGHTMARE_BENCH_SLOWER"


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
    # Each run's machine factor (its calibration over the reference's); empty if not measured.
    factors: tuple[float, ...] = ()
    # Each run's median call in processor time, and the calibration's factor in processor time
    # (empty: the run is read in wall time only).
    cpus: tuple[float, ...] = ()
    cpu_factors: tuple[float, ...] = ()
    # Each run's disk factor (``calibration.disk_factor``), for a figure that waits on the disk.
    disk_factors: tuple[float, ...] = ()

    def run_relatives(self) -> list[float]:
        """Each run as the reference machine would have timed it (see the module's words)."""
        relatives = []
        for n, (value, wall_factor) in enumerate(zip(self.values, self.factors, strict=True)):
            wall = value / max(wall_factor, 1e-9)
            if not (self.cpus and self.cpu_factors):
                relatives.append(wall)
                continue
            cpu = min(self.cpus[n], value)
            processor = cpu / max(self.cpu_factors[n], 1e-9)
            if self.disk_factors:
                processor += (value - cpu) / max(self.disk_factors[n], 1e-9)
            relatives.append(processor)
        return relatives

    @property
    def relative(self) -> float | None:
        """The best run as the reference machine would have timed it."""
        if not self.factors:
            return None
        return min(self.run_relatives())


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
    # The best run over its machine factor (a timed figure), and the machine factor of the
    # run it came from.
    relative: float | None = None
    factor: float | None = None
    # The figure's judged value on the quiet reference machine (``benchmarks/baseline.json``).
    baseline: float | None = None
    # A second reading of the same figure that a busy machine lifts less (a ratio's
    # processor-time ratio): the verdict takes the lesser of it and ``value``.
    floor: float | None = None

    @property
    def judged(self) -> float:
        """What the verdict compares, and the baseline keeps: the relative figure where there
        is one, else the lesser of the value and its ``floor``, else the value."""
        if self.relative is not None:
            return self.relative
        if self.floor is not None:
            return min(self.value, self.floor)
        return self.value

    @property
    def within_budget(self) -> bool:
        return self.value <= self.budget

    @property
    def regressed(self) -> bool:
        """More than ``REGRESSION`` times its baseline (a count or a size never is)."""
        return (
            self.kind in ("time", "ratio")
            and self.baseline is not None
            and self.baseline > 0
            and self.judged > REGRESSION * self.baseline
        )

    @property
    def typical_within_budget(self) -> bool:
        """The median run within budget too (a busy machine may lift it: it fails nothing)."""
        return self.spread is None or self.spread.median <= self.budget

    @property
    def ok(self) -> bool:
        """Fails ``make bench`` only on a clear miss: a timed figure's best relative run over
        budget, a count itself, start-up's best and processor-time ratios over budget, or any
        figure past ``REGRESSION`` times its baseline."""
        if self.regressed:
            return False
        if self.relative is not None or self.floor is not None:
            return self.judged <= self.budget
        if self.clear_miss is None:
            return self.within_budget
        return not self.clear_miss

    def slowed(self, times: float = 2.0) -> Figure:
        """This figure as if the code were ``times`` slower (``FRIGHTMARE_BENCH_SLOWER``)."""
        spread = self.spread
        if spread is not None:
            spread = replace(
                spread,
                **{k: getattr(spread, k) * times for k in ("min", "q1", "median", "q3", "max")},
                fastest_call=None if spread.fastest_call is None else spread.fastest_call * times,
                cpu=None if spread.cpu is None else spread.cpu * times,
            )
        miss = self.clear_miss
        if self.kind == "ratio" and spread is not None and spread.cpu is not None:
            miss = self.value * times > self.budget and spread.cpu > self.budget
        elif miss is not None:
            miss = self.value * times > self.budget
        return replace(
            self,
            value=self.value * times,
            relative=None if self.relative is None else self.relative * times,
            floor=None if self.floor is None else self.floor * times,
            spread=spread,
            clear_miss=miss,
            detail=f"{self.detail} [made {times:g}x slower by {SLOWER}]".strip(),
        )

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
            "relative": None if self.relative is None else round(self.relative, 4),
            "floor": None if self.floor is None else round(self.floor, 4),
            "judged": round(self.judged, 4),
            "machine_factor": None if self.factor is None else round(self.factor, 3),
            "baseline": self.baseline,
            "regressed": self.regressed,
            "within_budget": self.within_budget,
            "typical_within_budget": self.typical_within_budget,
            "ok": self.ok,
        }

    def line(self) -> str:
        """One line for a person: the verdict, the figure, its spread and its budget."""
        verdict = "MISS" if not self.ok else "ok  " if self.within_budget else "busy"
        text = f"{verdict} {self.name}: {self.value:.3g} {self.unit} (budget {self.budget:g}"
        if self.relative is not None and self.factor is not None:
            text += f"; relative {self.relative:.3g}, wall-time machine factor {self.factor:.2f}"
        elif self.floor is not None:
            text += f"; judged {self.judged:.3g}"
        if self.regressed:
            text += f"; REGRESSED from {self.baseline:.3g}"
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
    calibrate: bool = True,
    disk: bool = False,
) -> Runs:
    """Milliseconds per call of ``fn``: one value per run, the calls each run timed and the
    fastest call, and each run's machine factors (``calibrate``; ``disk``: the disk's too).

    A run times ``number`` calls (``setup`` runs before each call, untimed) and counts their
    median: a call another process interrupted does not lift it, and the best of the runs
    leaves out a stretch when the machine was busy throughout. The calibration is timed right
    before and right after each run; the run's factor is their mean. ``--quick`` makes 3 runs
    of at most a fifth of the calls.
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
    walls: list[float] = []
    processors: list[float] = []
    disks: list[float] = []
    for _ in range(runs):
        before = machine_factors() if calibrate else (0.0, 0.0)
        disk_before = disk_factor() if calibrate and disk else 0.0
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
        if calibrate:
            after = machine_factors()
            walls.append((before[0] + after[0]) / 2)
            processors.append((before[1] + after[1]) / 2)
            if disk:
                disks.append((disk_before + disk_factor()) / 2)
    return Runs(
        tuple(values),
        number,
        fastest,
        cpus[values.index(min(values))],
        tuple(walls),
        tuple(cpus) if calibrate else (),
        tuple(processors),
        tuple(disks),
    )


def machine_factor() -> float:
    """How much slower than the reference this machine is now, both workloads together."""
    return machine_factors()[0]


def machine_factors() -> tuple[float, float]:
    """``machine_factor`` in wall time and in processor time."""
    workloads: tuple[Workload, ...] = ("python", "qt")
    both = [factors(w) for w in workloads]
    return statistics.mean(w for w, _ in both), statistics.mean(c for _, c in both)


def from_runs(
    name: str, runs: Runs, *, budget: float, unit: str = "ms", detail: str = ""
) -> Figure:
    """A timed figure from runs measured by hand (``measure``): the best run, with the
    spread and the best relative run; a clear miss if the best relative run is over budget
    (without a calibration: if even the fastest call and the best run's processor time are)."""
    spread = replace(Spread.of(runs.values, runs.number), fastest_call=runs.fastest, cpu=runs.cpu)
    relative = runs.relative
    best_factor = None
    judging = ""
    if relative is not None:
        ratios = runs.run_relatives()
        best = ratios.index(min(ratios))
        best_factor = runs.factors[best]
        if runs.disk_factors:
            judging = (
                "; judged on processor time over the CPU calibration's plus the wait (fsync) "
                f"over the disk calibration's (best run at processor factor "
                f"{runs.cpu_factors[best]:.2f}, disk factor {runs.disk_factors[best]:.2f})"
            )
        elif runs.cpu_factors:
            judging = (
                "; judged on processor time over the CPU calibration's (best run at "
                f"processor factor {runs.cpu_factors[best]:.2f})"
            )
    calls = f" of the median of {runs.number} calls" if runs.number > 1 else ""
    return Figure(
        name,
        spread.min,
        unit,
        budget,
        detail,
        clear_miss=runs.fastest > budget and runs.cpu > budget,
        spread=spread,
        measured=f"best of {spread.runs} runs{calls}{judging}",
        relative=relative,
        factor=best_factor,
    )


# How figures are judged: a baseline written under another judging holds values of another
# kind (1: wall time over the wall-time factor; 2: processor time over the processor factor,
# an autosave's wait over the disk's, a ratio's lesser reading; 3: as 2, against calibration
# references that are the quiet reference machine's median, where 2's were a fifth over its
# least and judged every run a fifth slow) and is not compared with.
JUDGING = 3


def baseline_judging(path: Path | None = None) -> object:
    """The judging the baseline file was written under (1 for a file that does not say)."""
    try:
        data = json.loads((path or BASELINE).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data.get("judging", 1) if isinstance(data, dict) else None


def baselines(path: Path | None = None) -> dict[str, float]:
    """The judged value of each figure on the quiet reference machine, by name (none if the
    file is missing or unreadable, or written under another ``JUDGING``: then no figure can
    regress, and ``make bench`` says so)."""
    try:
        data = json.loads((path or BASELINE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("judging", 1) != JUDGING:
        return {}
    figures = data.get("figures", {})
    return {
        str(k): float(v)
        for k, v in figures.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }


def judge(figures: Sequence[Figure], slower: str = "") -> list[Figure]:
    """The figures with their baselines, and the one named by ``slower`` made twice as slow."""
    known = baselines()
    judged = []
    for figure in figures:
        if slower and slower in figure.name:
            figure = figure.slowed(2.0)
        judged.append(replace(figure, baseline=known.get(figure.name)))
    return judged


def timed(
    name: str,
    fn: Callable[[], object],
    *,
    budget: float,
    runs: int | None = None,
    number: int = 1,
    setup: Callable[[], object] | None = None,
    detail: str = "",
    disk: bool = False,
) -> Figure:
    """A timed figure in milliseconds per call of ``fn``: the best of ``runs`` runs of
    ``number`` calls each (``setup`` before each call, untimed), with the spread; ``disk``
    for a figure that waits on the disk (judged against the disk calibration too)."""
    measured = measure(fn, runs=runs, number=number, setup=setup, disk=disk)
    return from_runs(name, measured, budget=budget, detail=detail)


def count(name: str, value: int, *, budget: int, unit: str = "inputs", detail: str = "") -> Figure:
    """An exact number (inputs a round takes, games generated): no runs, no spread; any
    figure over budget is a clear miss."""
    return Figure(name, value, unit, budget, detail, kind="count", measured="exact")


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


class Launch(NamedTuple):
    """A smoke launch into a game in progress, in seconds from its start: to its first paint
    (its board), the processor time the process took by then, to its game screen ready for
    play, and to its journal validated and replayed (right after, at the loop's next turn)."""

    painted: float
    processor: float
    ready: float
    replayed: float


def run_game_launch(args: Sequence[str], env: dict[str, str] | None = None) -> Launch:
    """A smoke launch into a game in progress (the smoke run prints each moment)."""
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
    replayed = (
        float(line.split("replayed at ", 1)[1].split()[0]) if "replayed at " in line else ready
    )
    return Launch(painted - start, processor, ready - start, replayed - start)


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
