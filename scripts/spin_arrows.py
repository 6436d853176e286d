"""Draw the spin boxes' arrow images into resources/ (original artwork: plain triangles).

Qt draws a focused spin box through the stylesheet (its focus ring is a stylesheet border),
and the stylesheet has no arrows of its own: without these images the two buttons were empty.
Run it again after changing a theme's ink or muted colour:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/spin_arrows.py
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPolygonF

from frightmare.ui.theme import DARK, LIGHT, spin_arrow_name

# Drawn large and scaled down by Qt to the arrow's size at each zoom.
WIDTH, HEIGHT = 40, 24


def draw(path: Path, up: bool, colour: str) -> None:
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    top, bottom = 3.0, HEIGHT - 3.0
    tip, base = (top, bottom) if up else (bottom, top)
    painter.drawPolygon(
        QPolygonF([QPointF(3, base), QPointF(WIDTH - 3, base), QPointF(WIDTH / 2, tip)])
    )
    painter.end()
    if not image.save(str(path)):
        raise SystemExit(f"could not write {path}")


def main() -> None:
    app = QGuiApplication([])
    folder = Path(__file__).resolve().parent.parent / "resources"
    for dark, colours in ((True, DARK), (False, LIGHT)):
        for up in (True, False):
            for off in (False, True):
                name = spin_arrow_name(up=up, dark=dark, off=off)
                draw(folder / name, up, colours.muted if off else colours.ink)
                print(name)
    del app


if __name__ == "__main__":
    main()
