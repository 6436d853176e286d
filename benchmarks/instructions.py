"""The launch's work counted in instructions, not timed: ``python -m benchmarks.instructions``
(``make bench-instructions``).

Each launch runs under valgrind's cachegrind (no cache simulation), which counts the
instructions the process executes up to the moment it ends. The count is the same whatever
else the machine runs (two counts of one launch differ by about 0.1%), so a change to the
launch can be compared before and after on a busy machine, where timed launches differ by
a fifth from run to run and a gain of 5% disappears in them.

The launches are ``make bench``'s: the picker with a dozen games listed, and a game of 2,000
actions opened straight into, each against the bare PySide6 window. A smoke run stops at its
first paint or once ready for play (``ENV_SMOKE_STOP``). The ratios are printed beside the
budgets ``make bench`` times them against; they are the processor's work only (what a launch
waits for reading files and mapping libraries is not in them), so they say where a launch's
work goes, and ``make bench`` remains the verdict.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.core import BARE_WINDOW, BENCH_NAME, make_listed_sessions, make_long_session
from frightmare.ui.application import ENV_SMOKE_STOP

_REFS = re.compile(r"I\s+refs:\s+([0-9,]+)")


def instructions(report: str) -> int:
    """The instruction count in valgrind's closing report (its "I refs" line)."""
    found = _REFS.findall(report)
    if not found:
        raise ValueError("valgrind's report has no instruction count (I refs)")
    return int(found[-1].replace(",", ""))


def _offscreen(env: dict[str, str] | None = None) -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}


def count(args: list[str], env: dict[str, str] | None = None) -> int:
    """The instructions the process ``args`` executes, whole."""
    tool = [
        *("valgrind", "--tool=cachegrind", "--cache-sim=no"),
        "--cachegrind-out-file=/dev/null",
    ]
    done = subprocess.run(
        [*tool, *args],
        capture_output=True,
        text=True,
        env=_offscreen(env),
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} ended with {done.returncode}: {done.stderr[-800:]}")
    return instructions(done.stderr)


@dataclass(frozen=True)
class Count:
    name: str
    instructions: int
    ratio: float  # over the bare window's
    budget: float  # make bench's, for the timed ratio


def main() -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        listed, long = Path(tmp) / "listed", Path(tmp) / "long"
        make_listed_sessions(listed)
        make_long_session(long)
        picker = [python, "-m", "frightmare", "--smoke", "--data-dir", str(listed)]
        game = [python, "-m", "frightmare", "--smoke", "--data-dir", str(long)]
        game += ["--session", BENCH_NAME]
        # Ended at its paint, as the smoke runs end at theirs (its teardown counts for neither).
        bare = count([python, "-c", BARE_WINDOW + "import os; os._exit(0)\n"])
        launches = (
            ("picker, to its first paint", picker, "paint", 1.5),
            ("a game of 2,000 actions, to its first paint", game, "paint", 2.0),
            ("a game of 2,000 actions, to ready for play", game, "ready", 3.0),
        )
        counts = [Count("bare PySide6 window, to its first paint", bare, 1.0, 1.0)]
        for args in (picker, game):  # a warm-up each, as make bench's (its caches written)
            subprocess.run(args, capture_output=True, check=True, env=_offscreen())
        for name, args, stop, budget in launches:
            n = count(args, {ENV_SMOKE_STOP: stop})
            counts.append(Count(name, n, round(n / bare, 3), budget))
    for c in counts:
        print(
            f"{c.instructions / 1e6:9.1f} M instructions  {c.ratio:5.2f}x the bare window"
            f"  (make bench's budget for the timed ratio: {c.budget})  {c.name}",
            file=sys.stderr,
        )
    print(json.dumps([asdict(c) for c in counts], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
