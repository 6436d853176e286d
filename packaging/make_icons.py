"""Render the app icon's PNG sizes from the SVG (run by `make package`; needs Qt offscreen)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

APP_ID = "io.github.frightmare.companion"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    here = Path(__file__).resolve().parent / "icons"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else here
    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(here / f"{APP_ID}.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = out / f"{size}x{size}" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(target))
    del app
    print(f"icons written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
