"""Colours, the dark theme and the zoom that scales the whole window."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

BASE_POINT_SIZE = 11.0
ZOOM_STEPS = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)

# The app's own palette: night-time suburbia, a porch light and a blood-red accent.
NIGHT = QColor("#16181f")
PANEL = QColor("#20232d")
INK = QColor("#e8e6e3")
MUTED = QColor("#9aa0ad")
ACCENT = QColor("#d6453d")
PORCH = QColor("#f2c14e")
EXIT_GREEN = QColor("#3fa46a")
DREAM = QColor("#7c5cbf")


def dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: NIGHT,
        QPalette.ColorRole.WindowText: INK,
        QPalette.ColorRole.Base: QColor("#111319"),
        QPalette.ColorRole.AlternateBase: PANEL,
        QPalette.ColorRole.ToolTipBase: PANEL,
        QPalette.ColorRole.ToolTipText: INK,
        QPalette.ColorRole.Text: INK,
        QPalette.ColorRole.Button: PANEL,
        QPalette.ColorRole.ButtonText: INK,
        QPalette.ColorRole.BrightText: QColor("#ffffff"),
        QPalette.ColorRole.Highlight: ACCENT,
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.Link: PORCH,
        QPalette.ColorRole.PlaceholderText: MUTED,
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#5d6270"))
    return palette


def light_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: QColor("#f4f1ec"),
        QPalette.ColorRole.WindowText: QColor("#1d1d22"),
        QPalette.ColorRole.Base: QColor("#ffffff"),
        QPalette.ColorRole.AlternateBase: QColor("#ebe6de"),
        QPalette.ColorRole.Button: QColor("#e7e1d8"),
        QPalette.ColorRole.ButtonText: QColor("#1d1d22"),
        QPalette.ColorRole.Text: QColor("#1d1d22"),
        QPalette.ColorRole.Highlight: QColor("#b8322b"),
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.ToolTipBase: QColor("#fffbe8"),
        QPalette.ColorRole.ToolTipText: QColor("#1d1d22"),
        QPalette.ColorRole.Link: QColor("#8a5a00"),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    return palette


def style_sheet(dark: bool, zoom: float) -> str:
    """Spacing scaled with the zoom, so rows and buttons grow with the text."""
    pad = max(2, round(4 * zoom))
    muted = MUTED.name() if dark else "#6b6f7a"
    button_bg, button_border, button_hover = (
        ("#2b2f3d", "#4a5064", "#363b4d") if dark else ("#ece6dc", "#b9b0a2", "#f6f1ea")
    )
    return f"""
        QLabel#muted {{ color: {muted}; }}
        QPushButton, QToolButton {{
            padding: {pad}px {pad * 3}px; border-radius: {pad}px;
            background: {button_bg}; border: 1px solid {button_border};
        }}
        QPushButton:hover, QToolButton:hover {{ background: {button_hover}; }}
        QPushButton:disabled, QToolButton:disabled {{ border-color: {button_bg}; }}
        QPushButton:focus, QToolButton:focus {{ border: 2px solid {PORCH.name()}; }}
        QTreeView::item, QListView::item {{ padding: {pad}px {pad}px; }}
        QTabBar::tab {{ padding: {pad}px {pad * 4}px; }}
        QToolTip {{ padding: {pad}px; }}
    """


def apply_theme(app: QApplication, *, dark: bool, zoom: float) -> None:
    """Set the palette and scale every font; widgets follow the application font."""
    if app.style().name().casefold() != "fusion":  # already Fusion on most Linux desktops
        app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else light_palette())
    font = QFont(app.font())
    font.setPointSizeF(BASE_POINT_SIZE * zoom)
    app.setFont(font)
    app.setStyleSheet(style_sheet(dark, zoom))


def next_zoom(current: float, direction: int) -> float:
    """The next step of the zoom ladder up (+1) or down (-1)."""
    if direction > 0:
        return next((z for z in ZOOM_STEPS if z > current + 1e-6), ZOOM_STEPS[-1])
    return next((z for z in reversed(ZOOM_STEPS) if z < current - 1e-6), ZOOM_STEPS[0])
