"""How fast this machine is right now, so a figure can be judged on a slower or a busy one.

Two fixed workloads stand for the two kinds of work the app does: pure Python (the model, the
store) and a Qt paint (the screens). Each is timed right before and right after every run of a
figure; the run's **machine factor** is that time over the workload's time on the reference
machine (``REFERENCE_MS``: a quiet 2-core x86_64, Python 3.11, PySide6 6.11, offscreen). A run
twice as slow because the machine was busy has a factor near 2, so its time divided by the
factor, the **relative** figure, stays what the code costs; a run twice as slow because the code
got slower keeps a factor near 1, and its relative figure doubles.

Both workloads are short (a few ms) and timed as the best of three calls, like the figures
themselves: what another process takes only ever adds time.
"""

from __future__ import annotations

import gc
import time
from typing import Literal

Workload = Literal["python", "qt"]

# The best of CALLS calls on the reference machine, in ms: a fifth over the least of 200 such
# tries (`python -m benchmarks.calibration` prints them), which is what a quiet machine gives
# a figure's run in the middle of a bench (a factor near 1.0 there). Measured on 2026-12-02,
# least 2.47 and 2.13 ms.
REFERENCE_MS: dict[Workload, float] = {"python": 2.95, "qt": 2.55}
CALLS = 5


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
    work = qt_work if workload == "qt" and _can_paint() else python_work
    best = float("inf")
    # The collector off: a figure's heap (100,000 games read) would make the workload pay
    # for collections of memory that is not its own.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(CALLS):
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
    finally:
        if collecting:
            gc.enable()
    return best * 1000


def factor(workload: Workload = "python") -> float:
    """How much slower than the reference machine this one is right now (2.0: twice as slow)."""
    work: Workload = workload if workload == "python" or _can_paint() else "python"
    return workload_ms(work) / REFERENCE_MS[work]


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
            f"{tries[100]:.3f}, most {tries[-1]:.3f}; reference {1.2 * tries[0]:.2f}"
        )
