"""Helpers shared by the benchmarks."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    budget: float
    detail: str = ""
    # For noisy figures (process start-up): set when the miss is beyond the noise. None means
    # the plain comparison with the budget.
    clear_miss: bool | None = None

    @property
    def within_budget(self) -> bool:
        return self.value <= self.budget

    @property
    def ok(self) -> bool:
        """Fails ``make bench`` only on a clear miss."""
        if self.clear_miss is None:
            return self.within_budget
        return not self.clear_miss

    def as_json(self) -> dict[str, object]:
        data = asdict(self)
        data["value"] = round(self.value, 3)
        data["within_budget"] = self.within_budget
        data["ok"] = self.ok
        return data


def median_ms(
    fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None
) -> float:
    """Median wall time of ``fn`` in milliseconds (``setup`` runs before each, untimed)."""
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
    start = time.clock_gettime(time.CLOCK_MONOTONIC)
    out = subprocess.run(
        args, check=True, capture_output=True, text=True, env={**os.environ, **(env or {})}
    ).stdout
    end = time.clock_gettime(time.CLOCK_MONOTONIC)
    stamp = next(
        float(line.split("painted at ", 1)[1].split()[0])
        for line in out.splitlines()
        if "painted at " in line
    )
    return stamp - start, end - start


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
