"""How fast this machine is right now, so a figure can be judged on a slower or a busy one.

Two fixed workloads stand for the two kinds of work the app does: pure Python (the model, the
store) and a Qt paint (the screens). Each is timed right before and right after every run of a
figure; the run's **machine factor** is that time over the workload's time on the reference
machine (``REFERENCE_MS``: a quiet 2-core x86_64, Python 3.11, PySide6 6.11, offscreen). A run
twice as slow because the machine was busy has a factor near 2, so its time divided by the
factor, the **relative** figure, stays what the code costs; a run twice as slow because the code
got slower keeps a factor near 1, and its relative figure doubles.

Both workloads are short (a few ms) and timed as the best of ``CALLS`` calls, like the figures
themselves: what another process takes only ever adds time. Each is also timed in processor
time (``cpu_factor``): what this process itself spent, which other processes' turns on the
cores do not lift, so a figure's processor time is set beside the processor time of a fixed
workload measured in the same run.

A third workload stands for the disk (``disk_factor``): a small file written, fsynced and
renamed over another, its folder fsynced, as ``store/atomic.atomic_write`` saves a game. A
figure whose time is mostly that wait (an autosave) is judged with its wait over the disk's
factor: a busy disk lifts both alike, where a CPU workload would not see it at all.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Literal

Workload = Literal["python", "qt"]

# The best of CALLS calls on the reference machine, in ms: the median of 200 such tries on it
# while quiet (`python -m benchmarks.calibration` prints them), which is what a quiet stretch of
# a whole `make bench` gives a figure's run (a factor near 1.0 there). Measured on 2026-12-07:
# least 2.34 and 1.99 ms, median 2.37 and 2.04.
#
# Until then the reference was a fifth over the least (2.95 and 2.55): a guess that a bench's
# calibration runs slower than the least. Logged run by run in a whole `make bench`, the quiet
# runs' factors were 0.82-0.84 in every figure (the calibration is best of CALLS calls, and
# finds the quiet machine's least), so each relative figure came out a fifth over what the
# run took on this, the reference machine: a resize of 13.3 ms judged 16.0 against 16.
REFERENCE_MS: dict[Workload, float] = {"python": 2.37, "qt": 2.04}
CALLS = 5
# The disk workload's median of DISK_CALLS on the reference machine, in ms, set as the others
# (the median of 200 tries while quiet, 0.54 ms on 2026-12-07; least 0.44). A median, not a
# best: a busy disk is busy in bursts, and a figure's run counts the median of its calls, so
# the best of a few saves would find the quiet moment between bursts that the figure's does not.
DISK_REFERENCE_MS = 0.54
DISK_CALLS = 5
# About a 2,000-action game's file (100 KB) is saved per autosave; the calibration saves less
# for its time, more than the few bytes of a line appended to the play log.
DISK_BYTES = 32 * 1024


def python_work() -> int:
    """Dictionary, list and integer work, as the model's replay does."""
    table: dict[int, int] = {}
    for i in range(24_000):
        key = i % 977
        table[key] = table.get(key, 0) + i * i
    words = [str(v) for v in table.values()]
    words.sort()
    return len(words) + len(table)


_image: object | None = None


def qt_work() -> int:
    """A paint as the board's: rectangles, discs and text on a 360x360 image."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    global _image
    if _image is None:
        _image = QImage(360, 360, QImage.Format.Format_ARGB32_Premultiplied)
    image = _image
    assert isinstance(image, QImage)
    image.fill(QColor("#202024"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for i in range(120):
        x, y = (i * 37) % 320, (i * 53) % 320
        painter.setBrush(QColor(40 + i * 3, 90, 160 - i))
        painter.drawRoundedRect(QRectF(x, y, 36, 28), 5, 5)
        painter.drawEllipse(QRectF(x + 4, y + 4, 14, 14))
        painter.drawText(QRectF(x, y, 36, 28), Qt.AlignmentFlag.AlignCenter, f"V{i}")
    painter.end()
    return image.width()


def _can_paint() -> bool:
    try:
        from PySide6.QtGui import QGuiApplication
    except ImportError:  # pragma: no cover - the benchmarks always have Qt
        return False
    return QGuiApplication.instance() is not None


def workload_ms(workload: Workload) -> float:
    """The best of ``CALLS`` calls of ``workload``, in ms (the Qt one needs an application;
    without one, the Python workload stands in)."""
    return workload_times(workload)[0]


def workload_times(workload: Workload) -> tuple[float, float]:
    """The best of ``CALLS`` calls of ``workload`` in ms, in wall time and in processor time
    (each the least of its own)."""
    work = qt_work if workload == "qt" and _can_paint() else python_work
    best = best_cpu = float("inf")
    # The collector off: a figure's heap (100,000 games read) would make the workload pay
    # for collections of memory that is not its own.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(CALLS):
            start, start_cpu = time.perf_counter(), time.process_time()
            work()
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
            best = min(best, time.perf_counter() - start)
    finally:
        if collecting:
            gc.enable()
    return best * 1000, best_cpu * 1000


def factor(workload: Workload = "python") -> float:
    """How much slower than the reference machine this one is right now (2.0: twice as slow)."""
    return factors(workload)[0]


def factors(workload: Workload = "python") -> tuple[float, float]:
    """``factor`` in wall time and in processor time (the latter against the same reference:
    on a quiet machine a pure workload's processor time is its wall time)."""
    work: Workload = workload if workload == "python" or _can_paint() else "python"
    wall, cpu = workload_times(work)
    return wall / REFERENCE_MS[work], cpu / REFERENCE_MS[work]


_disk_folder: Path | None = None


def disk_ms() -> float:
    """The median of ``DISK_CALLS`` saves of a small file (write, fsync, rename over the last,
    fsync of the folder), in ms, in the system's temporary folder, where the benchmarks keep
    their games."""
    global _disk_folder
    if _disk_folder is None or not _disk_folder.is_dir():
        _disk_folder = Path(tempfile.mkdtemp(prefix="frightmare-bench-disk-"))
        atexit.register(shutil.rmtree, _disk_folder, True)
    folder = _disk_folder
    data = os.urandom(DISK_BYTES)
    calls = []
    for n in range(DISK_CALLS):
        target, tmp = folder / "calibration.json", folder / f".calibration.{n}.tmp"
        start = time.perf_counter()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
        calls.append(time.perf_counter() - start)
    return sorted(calls)[len(calls) // 2] * 1000


def disk_factor() -> float:
    """How much slower than the reference machine's this disk is right now."""
    return disk_ms() / DISK_REFERENCE_MS


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication([])
    for name in ("python", "qt"):
        kind: Workload = "qt" if name == "qt" else "python"
        tries = sorted(workload_ms(kind) for _ in range(200))
        print(
            f"{name}: best of {CALLS} calls: least of 200 tries {tries[0]:.3f} ms, median "
            f"{tries[100]:.3f}, most {tries[-1]:.3f}; reference (the median) {tries[100]:.2f}"
        )
    disk = sorted(disk_ms() for _ in range(200))
    print(
        f"disk: median of {DISK_CALLS} saves: least of 200 tries {disk[0]:.3f} ms, median "
        f"{disk[100]:.3f}, most {disk[-1]:.3f}; reference (the median) {disk[100]:.2f}"
    )
