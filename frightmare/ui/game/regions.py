"""The game page's two regions: the main region's pages with the view switch over its corner, and
the side column, exactly as wide as its content, scrolling up and down."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box import names
from frightmare.model.box.cards import MAPLE_LANE
from frightmare.ui.theme import base_points

# Under this height (device-independent pixels) the side column is short: 1920x1080 at
# QT_SCALE_FACTOR 2 leaves it about 490. The laptops' 1280x720 and 1366x768 leave 640 and more.
SHORT_HEIGHT = 600


class SideColumn(QScrollArea):
    """The side column: scrolls vertically, never sideways; exactly as wide as its content.

    ``outgrown`` tells when the content's minimum width is no longer the one it was fitted to
    (a theme switch or a zoom settles the widgets' sizes a pass after the fit that follows it:
    the column stayed 12 px narrower than its counters)."""

    outgrown = Signal()
    shortened = Signal(bool)

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.content = content
        self._fitted_for = -1
        self._held = 0
        self.short = False
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(_("Side column"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.content
            and event.type() == QEvent.Type.LayoutRequest
            and self.content.minimumSizeHint().width() != self._fitted_for
        ):
            self.outgrown.emit()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        short = self.height() < SHORT_HEIGHT
        if short != self.short:
            self.short = short
            self.shortened.emit(short)

    def fit_width(self, fixed: bool = True) -> None:
        """As wide as the content's widest control, and room for the scroll bar whether it
        shows or not. ``fixed``: exactly that wide, and never narrower again until
        ``release`` (a wider row that came and went, Your Final Health… beside the Terror
        card, moved the board's neighbours twice); else at least that wide (a dock)."""
        self._fitted_for = self.content.minimumSizeHint().width()
        width = self._fitted_for + self.verticalScrollBar().sizeHint().width() + 2
        if fixed:
            self._held = max(self._held, width)
            self.setFixedWidth(self._held)
        else:
            self.setMinimumWidth(width)

    def release(self) -> None:
        """The next fit may make the column narrower (another game, zoom or theme)."""
        self._held = 0


class MainRegion(QStackedWidget):
    """The main region's pages, with ``corner`` (the view switch) over its top right-hand
    corner, above whichever page is in front, clear of what ``keep_clear`` names (the rects,
    in the region's coordinates, of what the page in front must show: the board's Victim
    counts)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.corner: ViewSwitch | None = None
        self.keep_clear: Callable[[], list[QRect]] = list
        self.currentChanged.connect(lambda _index: self.place_corner())

    def place_corner(self) -> None:
        """The switch in the first place that covers nothing ``keep_clear`` names: the top
        right-hand corner, its buttons one over the other or side by side, else the bottom
        right-hand corner (the board's corner cells are empty; at scale 2 the stacked buttons
        covered the Boyfriend's House Victim count)."""
        corner = self.corner
        if corner is None:
            return
        clear = self.keep_clear()
        chosen = None
        for small in (False, True):
            # At its size, else at the 100% size (the menu bar's): at 150% the corner
            # cell's room, between the north-east House's count and the south-east House's
            # name, was too narrow for "Sala de Calderas".
            corner.set_small(small)
            tried = self._places(corner)
            fits = [(s, r) for s, r in tried if r.left() >= 0 and r.top() >= 0]
            chosen = next((t for t in fits if not any(t[1].intersects(c) for c in clear)), None)
            if chosen is not None:
                break
        if chosen is None:
            corner.set_small(False)
            tried = self._places(corner)
            fits = [(s, r) for s, r in tried if r.left() >= 0 and r.top() >= 0]
            chosen = fits[0] if fits else tried[0]
        corner.lay_out(side_by_side=chosen[0])
        corner.setGeometry(chosen[1])
        corner.raise_()

    def _places(self, corner: ViewSwitch) -> list[tuple[bool, QRect]]:
        """Where the switch may go: the right-hand corners, top first, its buttons one over
        the other, then side by side."""
        tried: list[tuple[bool, QRect]] = []
        for side_by_side in (False, True):
            size = corner.size_for(side_by_side=side_by_side)
            x = self.width() - size.width() - 4
            for y in (4, self.height() - size.height() - 4):
                tried.append((side_by_side, QRect(QPoint(x, y), size)))
        tried.sort(key=lambda t: t[1].top())  # the top first, then the bottom
        return tried

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_corner()


class ViewSwitch(QWidget):
    """Which of the two halves the main region shows, when the game has both (the Location, or
    his Boiler Room). It sits over the region's top right-hand corner, which neither the board
    (its corner cell is empty) nor the Boiler Room's arrows use: the side column keeps its room
    for the moment's controls."""

    def __init__(self, region: MainRegion) -> None:
        super().__init__(region)
        self.setObjectName("viewSwitch")
        self._small = False
        self.board_button = QPushButton(_("Maple Lane"))
        self.boiler_button = QPushButton(_("Boiler Room"))
        self.switch = switch = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
        switch.setContentsMargins(0, 0, 0, 0)
        switch.setSpacing(2)
        # No exclusive QButtonGroup: Qt gives Tab only the group's button focused last (a
        # radio group's rule), so one of the two was never reached. The game page checks the
        # button of the view shown; a click on that one leaves it checked.
        for button in (self.board_button, self.boiler_button):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(partial(button.setChecked, True))
            switch.addWidget(button)
        region.corner = self
        self.name_table(MAPLE_LANE)
        _name_switch(self.boiler_button, _("Boiler Room"))

    def name_table(self, location: str) -> None:
        """The table's button names the game's Location."""
        _name_switch(self.board_button, names.shown("location", location))

    def set_small(self, small: bool) -> None:
        """Its buttons at the 100% size (``small``), or at the app's zoom."""
        if small == self._small:
            return
        self._small = small
        font = QFont()  # nothing set: the buttons take the app's font
        if small:
            font.setPointSizeF(base_points())
        for button in (self.board_button, self.boiler_button):
            button.setFont(font)

    def size_for(self, *, side_by_side: bool) -> QSize:
        """Its size with the buttons one over the other, or side by side."""
        hints = [b.sizeHint() for b in (self.board_button, self.boiler_button)]
        gap = self.switch.spacing()
        if side_by_side:
            return QSize(sum(h.width() for h in hints) + gap, max(h.height() for h in hints))
        return QSize(max(h.width() for h in hints), sum(h.height() for h in hints) + gap)

    def lay_out(self, *, side_by_side: bool) -> None:
        self.switch.setDirection(
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )


def _name_switch(button: QPushButton, name: str) -> None:
    button.setText(name)
    button.setAccessibleName(_("Show {region}").format(region=name))
    button.setToolTip(_("Show {region} in the main region").format(region=name))


def scrolling(widget: QWidget) -> SideColumn:
    """A dock's (or the main region's) content scrolling up and down, never cut at the
    side."""
    area = SideColumn(widget)
    area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
    area.setAccessibleName(widget.accessibleName())
    return area
