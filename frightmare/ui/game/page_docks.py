"""The game page's docks around its table (History, Items, Game, Legend): made, tabbed together,
their arrangement saved, restored and reset, and their width fitted beside the board."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QTabWidget, QWidget

from frightmare.i18n import _
from frightmare.ui.game.regions import SideColumn


class PageDocks:
    """A main window of the page's own (the app's window keeps its menus): ``central`` in the
    middle, a dock for each of ``panels`` (key, title, widget) tabbed together on the right,
    the first in front. ``areas`` are the docks' scrolling contents, fitted to their width;
    ``refit`` is called when another dock comes in front (it may want another width).
    ``later`` fills a dock's content when the dock is first shown (a tab behind History is not
    shown at a launch) or asked for (``build``)."""

    def __init__(
        self,
        central: QWidget,
        panels: Sequence[tuple[str, str, QWidget]],
        areas: Sequence[SideColumn],
        refit: Callable[[], None],
        later: Mapping[str, Callable[[], None]] | None = None,
    ) -> None:
        self.areas = list(areas)
        self._later = dict(later or {})
        self.inner = QMainWindow()
        self.inner.setWindowFlags(Qt.WindowType.Widget)
        self.inner.setCentralWidget(central)
        self.inner.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas, QTabWidget.TabPosition.East)
        self.inner.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self.docks: dict[str, QDockWidget] = {}
        for key, title, widget in panels:
            dock = QDockWidget(title)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widget)
            dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetClosable
                | QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            )
            self.inner.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.docks[key] = dock
            # Another tab in front may want another width: the board keeps its own.
            dock.visibilityChanged.connect(lambda _shown: refit())
            if key in self._later:
                dock.visibilityChanged.connect(partial(self._first_shown, key))
        first, *others = self.docks.values()
        for dock in others:
            self.inner.tabifyDockWidget(first, dock)
        first.raise_()
        self.front = first
        self.default = self.save()

    def _first_shown(self, key: str, shown: bool) -> None:
        if shown:
            self.build(key)

    def build(self, key: str) -> None:
        """The content of the dock ``key`` made, if it waits for its dock to be shown."""
        make = self._later.pop(key, None)
        if make is not None:
            make()

    def save(self) -> str:
        """The docks' arrangement, as text to keep in the settings."""
        return bytes(self.inner.saveState().toBase64().data()).decode("ascii")

    def restore(self, saved: str) -> bool:
        """Put the docks back as ``save`` described them (False: kept as they are)."""
        if not saved:
            return False
        try:
            data = QByteArray.fromBase64(saved.encode("ascii"))
        except UnicodeEncodeError:
            return False
        return bool(self.inner.restoreState(data))

    def show_only(self, *, shown: bool, keys: Sequence[str]) -> None:
        """The docks ``keys`` shown or not, in the View menu too (Items and Legend are Maple
        Lane's)."""
        for key in keys:
            self.docks[key].setVisible(shown)
            self.docks[key].toggleViewAction().setVisible(shown)

    def show_all(self) -> None:
        """Every dock the View menu offers, docked and shown; the first in front."""
        for dock in self.docks.values():
            if dock.toggleViewAction().isVisible():
                dock.setFloating(False)
                dock.show()
        self.front.raise_()

    def actions(self) -> list[QAction]:
        """For the View menu: show or hide each dock."""
        actions = []
        for dock in self.docks.values():
            action = dock.toggleViewAction()
            action.setText(_("Show {panel}").format(panel=dock.windowTitle()))
            actions.append(action)
        return actions

    def fit(self, table: QWidget) -> None:
        """The docks as narrow as their content allows, their tabs scrolling; the dock in
        front takes the width ``table`` (the board, a square as tall as the page) cannot use,
        and gives up its own before the board gives up any (a zoom grows the side column)."""
        for area in self.areas:
            area.fit_width(fixed=False)
        # The docks' tabs scroll, never squeeze (the main window's own tab bars: a search of
        # every widget in the docks took a tenth of a millisecond each resize).
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for bar in self.inner.findChildren(QTabBar, options=direct):
            # Set only when not so yet: each setting lays the bar out and repaints it again
            # (a second paint of the dock area after every resize).
            if not bar.usesScrollButtons():
                bar.setUsesScrollButtons(True)
            if bar.elideMode() != Qt.TextElideMode.ElideNone:
                bar.setElideMode(Qt.TextElideMode.ElideNone)
        # The dock in front of the right-hand area (History, or the tab raised over it).
        shown = [
            d
            for d in self.docks.values()
            if d.isVisible() and not d.isFloating() and not d.visibleRegion().isEmpty()
        ]
        if not shown:
            return
        dock = shown[0]
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        wanted = dock.width() + table.width() - table.height()
        least = dock.minimumSizeHint().width()
        width = max(least, wanted)
        if width != dock.width():  # the same width asked again lays out and repaints the docks
            self.inner.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
