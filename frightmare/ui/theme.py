"""Colours, the dark theme and the zoom that scales the whole window.

Every style lives in the one application stylesheet built here; widgets choose a style by a
dynamic property (``set_style_property``), never by a stylesheet of their own, so switching the
theme restyles every widget at once, existing History rows and open dialogs included.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QDockWidget, QWidget

from frightmare.model.values import frozen

BASE_POINT_SIZE = 11.0  # the least base size: the desktop's own when it is larger


SYSTEM_POINTS = "frightmare_system_points"  # the application's property: see note_system_font


def note_system_font(app: QApplication) -> None:
    """Keep the desktop's font size on ``app`` while its font is still the desktop's general
    font (Qt starts the application with it): what ``QFontDatabase.systemFont`` says, without
    naming QFontDatabase, whose 40 enums PySide makes as it is first named (before the first
    paint: ``make bench-instructions``)."""
    app.setProperty(SYSTEM_POINTS, app.font().pointSizeF())


def system_point_size() -> float:
    """The desktop's font size (its general font), in points; 0 when it is not known."""
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        return 0.0
    kept = app.property(SYSTEM_POINTS)
    if isinstance(kept, float):
        size = kept
    else:  # an application the app did not start (``note_system_font``)
        from PySide6.QtGui import QFontDatabase

        size = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).pointSizeF()
    return size if size > 0 else 0.0


def base_points() -> float:
    """The app's 100% size: the desktop's font size when larger than 11 pt (issue 35: a
    14 pt desktop font was ignored), else 11 pt, which the board's names and the layout
    were measured at."""
    return max(BASE_POINT_SIZE, system_point_size())


ZOOM_STEPS = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)
PILL_ZOOM = 1.15  # the most the phase pills grow
BIG_LABEL = 1.35  # a "big" label's size, against the zoomed base (the round, a counter)

# The app's own palette: night-time suburbia, a porch light and a blood-red accent.
NIGHT = QColor("#16181f")
PANEL = QColor("#20232d")
INK = QColor("#e8e6e3")
MUTED = QColor("#9aa0ad")
ACCENT = QColor("#d6453d")
PORCH = QColor("#f2c14e")
EXIT_GREEN = QColor("#3fa46a")


@frozen(slots=False)
class Colours:
    """The stylesheet's colours for one theme (tests check their contrast)."""

    window: str
    ink: str
    muted: str
    button_bg: str
    button_border: str
    button_hover: str
    indicator: str  # the outline of radio buttons and checkboxes
    indicator_fill: str
    focus: str  # the focus ring
    refused: str  # refusal messages (their words, never a button's outline)
    refused_mark: str  # the calm outline of a button whose action the rules refuse
    awake_bg: str
    awake_edge: str
    awake_ink: str
    asleep_bg: str
    asleep_edge: str
    asleep_ink: str
    reminder_bg: str
    reminder_ink: str
    blocking_bg: str
    blocking_ink: str
    attack_ink: str
    phase_bg: str
    phase_ink: str


DARK = Colours(
    window=NIGHT.name(),
    ink=INK.name(),
    muted=MUTED.name(),
    button_bg="#2b2f3d",
    button_border="#5a6178",
    button_hover="#363b4d",
    indicator="#aab1c2",
    indicator_fill="#f2c14e",
    focus="#f2c14e",
    refused="#e0765e",
    refused_mark="#8fa3c4",
    awake_bg="#3b2f17",
    awake_edge="#f2c14e",
    awake_ink="#fbecc5",
    asleep_bg="#231a3d",
    asleep_edge="#9b7fe0",
    asleep_ink="#e8e3ff",
    reminder_bg="#3b3317",
    reminder_ink="#fbecc5",
    blocking_bg="#5a1f1f",
    blocking_ink="#ffe3e0",
    attack_ink="#ffb3ad",
    phase_bg="#b8322b",
    phase_ink="#ffffff",
)
LIGHT = Colours(
    window="#f4f1ec",
    ink="#1d1d22",
    muted="#5c606b",
    button_bg="#ece6dc",
    button_border="#8f877a",
    button_hover="#f6f1ea",
    indicator="#5a5348",
    indicator_fill="#8a2620",
    focus="#1f5fbf",
    refused="#b3261e",
    refused_mark="#5b6b82",
    awake_bg="#fbefc9",
    awake_edge="#a77a00",
    awake_ink="#2e2308",
    asleep_bg="#e6def8",
    asleep_edge="#5e3fa8",
    asleep_ink="#1e1238",
    reminder_bg="#f6e7b8",
    reminder_ink="#2e2308",
    blocking_bg="#f6cdc8",
    blocking_ink="#3d0b07",
    attack_ink="#9e1b12",
    phase_bg="#b8322b",
    phase_ink="#ffffff",
)


def colours(dark: bool) -> Colours:
    return DARK if dark else LIGHT


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
        QPalette.ColorRole.Mid: QColor("#4a5064"),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6d7280"))
    return palette


def light_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: QColor(LIGHT.window),
        QPalette.ColorRole.WindowText: QColor(LIGHT.ink),
        QPalette.ColorRole.Base: QColor("#ffffff"),
        QPalette.ColorRole.AlternateBase: QColor("#ebe6de"),
        QPalette.ColorRole.Button: QColor("#e7e1d8"),
        QPalette.ColorRole.ButtonText: QColor(LIGHT.ink),
        QPalette.ColorRole.Text: QColor(LIGHT.ink),
        QPalette.ColorRole.Highlight: QColor("#b8322b"),
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.ToolTipBase: QColor("#fffbe8"),
        QPalette.ColorRole.ToolTipText: QColor(LIGHT.ink),
        QPalette.ColorRole.Link: QColor("#8a5a00"),
        QPalette.ColorRole.PlaceholderText: QColor(LIGHT.muted),
        QPalette.ColorRole.Mid: QColor("#b9b0a2"),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#8c877f"))
    return palette


def style_sheet(dark: bool, zoom: float) -> str:
    """The whole app's styles; spacing scales with the zoom, so rows and buttons grow too.

    It is long on purpose: one style sheet template, read top to bottom as the sheet Qt
    applies (a later rule wins over an earlier one of the same weight), which pieces built
    apart would hide."""
    c = colours(dark)
    pad = max(2, round(4 * zoom))
    box = max(12, round(14 * zoom))
    base = base_points()
    points = base * zoom
    small_button = round(points * 1.9)
    arrow_w, arrow_h = max(7, round(9 * zoom)), max(4, round(5 * zoom))
    arrows = {
        (up, off): resource_file(spin_arrow_name(up=up, dark=dark, off=off)).as_posix()
        for up in (True, False)
        for off in (False, True)
    }
    return f"""
        /* The menu and status bars keep their 100% size at every zoom: they are read up
           close, and the height they would take at 150% is the board's. */
        QMenuBar, QStatusBar, QStatusBar QLabel, QStatusBar QPushButton {{
            font-size: {base:.1f}pt;
        }}
        QStatusBar QPushButton {{ padding: 1px 6px; }}
        QLabel[scale="small"] {{ font-size: {points * 0.88:.1f}pt; }}
        /* The phase pills grow up to 115%: above, the side column would take the board's
           width for them (the highlighted pill says the phase at a glance). */
        QLabel[scale="pill"] {{ font-size: {base * min(zoom, PILL_ZOOM) * 0.88:.1f}pt; }}
        QLabel[scale="big"] {{ font-size: {points * BIG_LABEL:.1f}pt; font-weight: bold; }}
        QLabel[scale="title"] {{ font-size: {points * 1.45:.1f}pt; font-weight: bold; }}
        QLabel[scale="display"] {{ font-size: {points * 1.8:.1f}pt; font-weight: bold; }}
        QLabel#muted, QLabel[muted="true"] {{ color: {c.muted}; }}
        QPushButton, QToolButton {{
            padding: {pad}px {round(pad * 1.5)}px; border-radius: {pad}px;
            background: {c.button_bg}; border: 1px solid {c.button_border};
        }}
        QPushButton:hover, QToolButton:hover {{ background: {c.button_hover}; }}
        QPushButton:disabled, QToolButton:disabled {{ border-color: {c.button_bg}; }}
        QPushButton[refused="true"], QToolButton[refused="true"] {{
            border: 1px dashed {c.refused_mark}; color: {c.muted};
        }}
        QPushButton[refused="true"]:disabled, QToolButton[refused="true"]:disabled {{
            border-color: {c.button_bg};
        }}
        QPushButton[menu="true"] {{ text-align: left; padding-left: {pad * 2}px; }}
        QFrame#spacePopover {{
            background: {c.window}; border: 2px solid {c.button_border}; border-radius: 8px;
        }}
        QLabel#lastingChip {{
            background: rgba(20, 20, 24, 215); color: #f2efe8; border-radius: 3px;
            padding: 1px 4px; border-left: 4px solid #e0a030;
        }}
        QLabel#lastingChip[handling="applied"] {{ border-left-color: #4caf50; }}
        QLabel#lastingChip[handling="default"] {{ border-left-color: #4a90d9; }}
        QToolButton[best="true"] {{ font-weight: bold; border: 2px solid {c.focus}; }}
        QToolButton[compact="true"] {{
            padding: 0px 2px; min-width: {small_button}px;
        }}
        QAbstractSpinBox::up-button, QAbstractSpinBox::down-button {{
            padding: 0px; border: none;
        }}
        QAbstractSpinBox::up-arrow, QAbstractSpinBox::down-arrow {{
            width: {arrow_w}px; height: {arrow_h}px;
        }}
        QAbstractSpinBox::up-arrow {{ image: url("{arrows[True, False]}"); }}
        QAbstractSpinBox::down-arrow {{ image: url("{arrows[False, False]}"); }}
        QAbstractSpinBox::up-arrow:disabled, QAbstractSpinBox::up-arrow:off {{
            image: url("{arrows[True, True]}");
        }}
        QAbstractSpinBox::down-arrow:disabled, QAbstractSpinBox::down-arrow:off {{
            image: url("{arrows[False, True]}");
        }}
        /* Vertical scroll bars drawn flat, in Fusion's own measures (14 px wide, a 14 px
           arrow button at each end, a handle 26 px long at least, its margins included):
           Fusion's gradients made a scroll bar's repaint the costliest part of a step played
           with History scrolled (a sixth of it: issue 33). Horizontal bars, rarer, keep
           Fusion's look. */
        QScrollBar:vertical {{
            background: {c.button_bg}; width: 14px; margin: 14px 0px; border: none;
        }}
        QScrollBar::handle:vertical {{
            background: {c.button_border}; min-height: 24px; margin: 1px 3px;
            border-radius: 4px;
        }}
        QScrollBar::handle:vertical:hover, QScrollBar::handle:vertical:pressed {{
            background: {c.indicator};
        }}
        QScrollBar::sub-line:vertical, QScrollBar::add-line:vertical {{
            background: {c.button_bg}; height: 14px; border: none;
            subcontrol-origin: margin;
        }}
        QScrollBar::sub-line:vertical {{ subcontrol-position: top; }}
        QScrollBar::add-line:vertical {{ subcontrol-position: bottom; }}
        QScrollBar::sub-line:vertical:pressed, QScrollBar::add-line:vertical:pressed {{
            background: {c.button_hover};
        }}
        QScrollBar::up-arrow:vertical, QScrollBar::down-arrow:vertical {{
            width: 9px; height: 5px;
        }}
        QScrollBar::up-arrow:vertical {{ image: url("{arrows[True, False]}"); }}
        QScrollBar::down-arrow:vertical {{ image: url("{arrows[False, False]}"); }}
        QScrollBar::up-arrow:vertical:disabled {{ image: url("{arrows[True, True]}"); }}
        QScrollBar::down-arrow:vertical:disabled {{ image: url("{arrows[False, True]}"); }}
        QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
        QPushButton:focus, QToolButton:focus, QComboBox:focus, QAbstractSpinBox:focus,
        QListView:focus, QTreeView#history:focus, QGraphicsView:focus, QPlainTextEdit:focus {{
            border: 2px solid {c.focus};
        }}
        /* The board and the Boiler Room keep the focus ring's room when they lack the focus:
           taking the focus never shrinks or moves them. */
        QGraphicsView {{ border: 2px solid transparent; }}
        QCheckBox::indicator, QRadioButton::indicator, QGroupBox::indicator {{
            width: {box}px; height: {box}px; border: 2px solid {c.indicator};
            background: transparent;
        }}
        QRadioButton::indicator {{ border-radius: {box // 2 + 2}px; }}
        QCheckBox::indicator:checked, QRadioButton::indicator:checked {{
            background: {c.indicator_fill}; border: 2px solid {c.indicator};
        }}
        QCheckBox::indicator:disabled, QRadioButton::indicator:disabled {{
            border-color: {c.muted};
        }}
        /* A focused check box shows a ring, around its box and its words (issue 35: its
           text's colour alone did not show), and its box's edge thickens. */
        QCheckBox, QRadioButton {{ border: 2px solid transparent; border-radius: 4px; }}
        QCheckBox:focus, QRadioButton:focus {{ color: {c.focus}; border: 2px solid {c.focus}; }}
        QCheckBox::indicator:focus, QRadioButton::indicator:focus,
        QGroupBox::indicator:focus {{
            border: 3px solid {c.focus};
        }}
        /* Ticks in a list (Your collection's boxes) look like the checkboxes. */
        QTreeView[ticks="true"]::indicator {{
            width: {box}px; height: {box}px; border: 2px solid {c.indicator};
            background: transparent;
        }}
        QTreeView[ticks="true"]::indicator:checked {{ background: {c.indicator_fill}; }}
        /* A list that sorts only from a moment after the first paint (the saved games) keeps
           its arrow's room from the start and hides the arrow until then. */
        QHeaderView[sortable="later"]::up-arrow, QHeaderView[sortable="later"]::down-arrow {{
            image: none;
        }}
        QTreeView::item, QListView::item {{ padding: {pad}px {pad}px; }}
        QTabBar::tab {{ padding: {pad}px {pad * 4}px; }}
        QMainWindow > QTabBar::tab {{ padding: {pad}px {pad * 2}px; }}
        QToolTip {{ padding: {pad}px; }}
        QFrame[card="true"] {{ border: 1px solid {c.button_border}; border-radius: 8px; }}
        QFrame#moment[quiet="true"] {{ border: none; }}
        QFrame[banner="awake"] {{
            background: {c.awake_bg}; border: 2px solid {c.awake_edge}; border-radius: 10px;
        }}
        QFrame[banner="asleep"] {{
            background: {c.asleep_bg}; border: 2px solid {c.asleep_edge}; border-radius: 10px;
        }}
        QFrame[banner="plain"] {{ border: 1px solid {c.button_border}; border-radius: 10px; }}
        /* The words on a banner or a reminder's strip carry its ink themselves: a rule by
           the frame around them ("QFrame[banner] QLabel") made every widget's styling look
           up the frame's property on each of its parents, a sixth of the stylesheet's cost
           at a launch (issue 33). */
        QLabel[ink="awake"] {{ color: {c.awake_ink}; }}
        QLabel[ink="asleep"] {{ color: {c.asleep_ink}; }}
        QLabel[ink="reminder"] {{ color: {c.reminder_ink}; }}
        QLabel[ink="blocking"] {{ color: {c.blocking_ink}; }}
        QLabel[tone="attack"] {{ color: {c.attack_ink}; font-weight: bold; }}
        QLabel[tone="refusal"] {{ color: {c.refused}; font-weight: bold; }}
        QLabel[danger="true"] {{ color: {c.refused}; }}
        QLabel#gameResult {{ font-weight: bold; }}
        QLabel[notice="problem"] {{
            background: {c.blocking_bg}; color: {c.blocking_ink}; padding: 8px;
            border-radius: 6px;
        }}
        QLabel[over="win"] {{ color: {EXIT_GREEN.name()}; font-weight: bold; }}
        QLabel[over="loss"] {{ color: {c.refused}; font-weight: bold; }}
        QFrame[chip="reminder"] {{ background: {c.reminder_bg}; border-radius: 6px; }}
        QFrame[chip="blocking"] {{ background: {c.blocking_bg}; border-radius: 6px; }}
        QLabel[pill="phase"] {{
            border: 1px solid {c.button_border}; border-radius: 8px; padding: 1px {pad // 2}px;
        }}
        QLabel[pill="now"] {{
            background: {c.phase_bg}; color: {c.phase_ink}; border-radius: 8px;
            padding: 1px {pad // 2}px; font-weight: bold;
        }}
    """


def spin_arrow_name(*, up: bool, dark: bool, off: bool = False) -> str:
    """The file name of a spin box arrow in resources/ (drawn by ``scripts/spin_arrows.py``)."""
    return f"spin-{'up' if up else 'down'}-{'dark' if dark else 'light'}{'-off' if off else ''}.png"


def resource_file(name: str) -> Path:
    """A file of the resources package, for Qt, which reads files (the package is a folder of
    real files in every install: source, wheel and the bundle). Found without
    importlib.resources, whose imports start-up would pay."""
    from importlib.util import find_spec

    package = find_spec("frightmare.resources")
    folder = Path(package.origin).parent if package and package.origin else Path()
    return folder / name


def set_style_property(widget: QWidget, name: str, value: object) -> None:
    """Choose a style of the application stylesheet for ``widget`` (and restyle it if new)."""
    if widget.property(name) == value:
        return
    widget.setProperty(name, value)
    app = QApplication.instance()
    if isinstance(app, QApplication) and not app.styleSheet():
        # Start-up, before its stylesheet is set (apply_style_sheet): that styles every
        # widget with the properties it has by then. Asking for the style would make PySide
        # build QStyle's enums before the first paint.
        widget.update()
        return
    from PySide6.QtCore import Qt

    if not widget.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
        # Not styled yet (a widget being built): its first polish, as it is first shown or
        # measured, reads the property; styling it now was done again then.
        return
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def compact_combo(combo: QComboBox, chars: int = 10) -> None:
    """A combo box as wide as ``chars`` characters; its full choice shows in the tooltip."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)

    def tip() -> None:
        combo.setToolTip(combo.currentText())

    combo.currentIndexChanged.connect(tip)
    tip()


def apply_theme(app: QApplication, *, dark: bool, zoom: float, sheet: bool = True) -> None:
    """Set the palette and scale every font; widgets follow the application font. (The style
    is Fusion from the start: ``create_application``.)

    ``sheet=False`` leaves the stylesheet for ``apply_style_sheet``: a widget tree built
    while the application has a stylesheet is styled again each time a part of it joins its
    parent (the game screen took 160 ms to build that way, 60 ms without), so start-up builds
    the window first and styles it once."""
    app.setProperty("frightmare_dark", dark)
    app.setProperty("frightmare_zoom", zoom)
    app.setPalette(dark_palette() if dark else light_palette())
    font = QFont(app.font())
    font.setPointSizeF(base_points() * zoom)
    app.setFont(font)
    if sheet:
        app.setStyleSheet(style_sheet(dark, zoom))
    for widget in app.allWidgets():
        if isinstance(widget, QDockWidget):
            widget.setFont(dock_font(font))


def first_frame_look(menu_bar: QWidget, status_bar: QWidget, big: QWidget, muted: QWidget) -> None:
    """What the stylesheet gives the few widgets of a game's first frame, given by hand: the
    first frame is painted before the stylesheet is set, so that the game screen built after
    it is styled once (``MainWindow.finish_opening``). Kept in step with ``style_sheet``."""
    app = QApplication.instance()
    dark = bool(app.property("frightmare_dark")) if app is not None else True
    base = QFont(menu_bar.font())
    base.setPointSizeF(base_points())  # the menu and status bars keep their 100% size
    menu_bar.setFont(base)
    status_bar.setFont(base)
    heading = QFont(big.font())
    heading.setPointSizeF(base_points() * current_zoom() * BIG_LABEL)
    heading.setBold(True)
    big.setFont(heading)
    palette = muted.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor((DARK if dark else LIGHT).muted))
    muted.setPalette(palette)


def apply_style_sheet(app: QApplication) -> None:
    """The stylesheet of the theme and zoom ``apply_theme(..., sheet=False)`` set."""
    app.setStyleSheet(style_sheet(bool(app.property("frightmare_dark")), current_zoom()))


def dock_font(font: QFont) -> QFont:
    """The application font, told apart from it for QDockWidget.

    A dock draws its title in the font it had when it was made, as long as its own font equals
    the application's; this one draws the same but is not equal (another style strategy), so
    the title follows the zoom both ways, in the font its title bar is measured with.
    """
    titled = QFont(font)
    titled.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return titled


def look_key() -> tuple[bool, bool, float]:
    """What the application's look is beyond a widget's own font: whether its stylesheet is
    set yet, its theme and its zoom. (A widget's ``style()`` told it too, but asking for it
    makes PySide build QStyle's 566 enums: ``make bench-instructions``.)"""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return (False, True, 1.0)
    return (bool(app.styleSheet()), bool(app.property("frightmare_dark")), current_zoom())


def current_zoom() -> float:
    """The zoom ``apply_theme`` set (1.0 before any)."""
    app = QApplication.instance()
    value = app.property("frightmare_zoom") if app is not None else None
    return float(value) if isinstance(value, int | float) else 1.0


def next_zoom(current: float, direction: int) -> float:
    """The next step of the zoom ladder up (+1) or down (-1)."""
    if direction > 0:
        return next((z for z in ZOOM_STEPS if z > current + 1e-6), ZOOM_STEPS[-1])
    return next((z for z in reversed(ZOOM_STEPS) if z < current - 1e-6), ZOOM_STEPS[0])


def contrast(first: str | QColor, second: str | QColor) -> float:
    """WCAG 2 contrast ratio between two colours (1 to 21)."""

    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        return (
            0.2126 * channel(colour.redF())
            + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF())
        )

    a, b = luminance(QColor(first)), luminance(QColor(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
