"""The app icon in every size and format, from its one SVG (run by `make package` and by the
release workflow; nothing it writes is committed but the hicolor PNGs).

    python packaging/make_icons.py OUT

writes OUT/<n>x<n>/io.github.frightmare.companion.png (16 to 512 px, rendered by Qt's SVG
renderer offscreen), OUT/frightmare-1024.png, and from those, with Pillow, OUT/frightmare.ico
(Windows: 16 to 256 px) and OUT/frightmare.icns (macOS: 16 to 1024 px). Each size is rendered
from the SVG, never scaled down from a larger picture, so the small ones stay sharp.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_ID = "io.github.frightmare.companion"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# The largest macOS asks for (512 px at 2x); not a hicolor size, so kept beside them.
LARGEST = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 is the largest a .ico holds
ICO_NAME = "frightmare.ico"
ICNS_NAME = "frightmare.icns"


def png_path(out: Path, size: int) -> Path:
    if size == LARGEST:
        return out / f"frightmare-{LARGEST}.png"
    return out / f"{size}x{size}" / f"{APP_ID}.png"


def render_pngs(svg: Path, out: Path) -> None:
    """Every PNG size from ``svg``, with Qt offscreen (QtSvg is in the build environment, not in
    the bundle)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    for size in (*SIZES, LARGEST):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = png_path(out, size)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise OSError(f"{target} could not be written")
    del app


def platform_icons(pngs: Path, out: Path) -> tuple[Path, Path]:
    """The Windows .ico and the macOS .icns made from the PNGs under ``pngs`` (laid out as
    ``render_pngs`` writes them; without the 1024 px one the .icns tops out at 512 px)."""
    from PIL import Image

    def load(size: int) -> Image.Image:
        with Image.open(png_path(pngs, size)) as image:
            return image.convert("RGBA")

    out.mkdir(parents=True, exist_ok=True)
    ico = out / ICO_NAME
    largest_ico, *smaller = (load(size) for size in reversed(ICO_SIZES))
    largest_ico.save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=smaller)
    icns = out / ICNS_NAME
    sizes = [s for s in (*SIZES, LARGEST) if png_path(pngs, s).exists()]
    largest, *others = (load(size) for size in reversed(sizes))
    largest.save(icns, format="ICNS", append_images=others)
    return ico, icns


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent / "icons"
    out = Path(argv[1]) if len(argv) > 1 else here
    render_pngs(here / f"{APP_ID}.svg", out)
    ico, icns = platform_icons(out, out)
    print(f"icons written to {out} ({ico.name}, {icns.name}, PNGs {SIZES[0]} to {LARGEST} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
