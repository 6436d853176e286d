"""Another Location's plain table and another Killer's panel: their places on the game page are
made with it, the panels themselves when a game first shows them. A game on Maple Lane with
Dr. Fright never does, and every window paid for their eighty widgets (built, styled and laid
out hidden)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.ui.game.regions import scrolling

if TYPE_CHECKING:
    # Imported with the panels, when first made: a launch into a Maple Lane game never
    # imports them (about 2.5 ms).
    from frightmare.ui.game.killer_panel import KillerPanel
    from frightmare.ui.game.location_panel import LocationPanel


class OtherTable:
    """``location_region`` (a page of the main region) and ``killer_region`` (in the side
    column) are made now; ``location_panel`` and ``killer_panel`` in them when first asked
    for, their plays sent on to ``act``."""

    def __init__(self, act: SignalInstance) -> None:
        self._act = act
        self._location_panel: LocationPanel | None = None
        self._killer_panel: KillerPanel | None = None
        self.location_region = scrolling(QWidget())
        self.location_region.setAccessibleName(_("Location"))
        self.killer_region = QWidget()
        self.killer_region.setAccessibleName(_("Killer"))
        killer_layout = QVBoxLayout(self.killer_region)
        killer_layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> tuple[bool, bool]:
        """Whether the Location's panel and the Killer's are made yet."""
        return self._location_panel is not None, self._killer_panel is not None

    @property
    def location_panel(self) -> LocationPanel:
        """Another Location's plain table, in the main region's page made for it."""
        if self._location_panel is None:
            from frightmare.ui.game.location_panel import LocationPanel

            panel = self._location_panel = LocationPanel()
            panel.act_requested.connect(self._act)
            self.location_region.setWidget(panel)  # shown with its page
            self.location_region.content = panel
            chain_after(self.location_region, panel)
        return self._location_panel

    @property
    def killer_panel(self) -> KillerPanel:
        """Another Killer's panel, in the side column's place made for it."""
        if self._killer_panel is None:
            from frightmare.ui.game.killer_panel import KillerPanel

            panel = self._killer_panel = KillerPanel()
            panel.act_requested.connect(self._act)
            layout = self.killer_region.layout()
            assert layout is not None
            layout.addWidget(panel)
            panel.show()  # now, as when built with the page (Qt would show it a turn later)
            chain_after(self.killer_region, panel)
        return self._killer_panel


def chain_after(place: QWidget, panel: QWidget) -> None:
    """``panel``, just put in ``place`` after the page was built, takes the place in the focus
    chain it had when built with the page (Tab reaches it in reading order): after the last
    of ``place``'s own widgets that Tab takes, not at the end of the window's chain."""

    def inside(widget: QWidget, root: QWidget) -> bool:
        return widget is root or root.isAncestorOf(widget)

    def takes_focus(widget: QWidget) -> bool:
        return widget.focusPolicy() != Qt.FocusPolicy.NoFocus

    # The panel's widgets, together at the chain's end (Qt moved them so), in their order.
    members: list[QWidget] = []
    node: QWidget | None = panel
    while node is not None and inside(node, panel):
        if takes_focus(node):
            members.append(node)
        node = node.nextInFocusChain()
    previous: QWidget | None = None
    node = place
    while node is not None and inside(node, place) and not inside(node, panel):
        if takes_focus(node):
            previous = node
        node = node.nextInFocusChain()
    if previous is None:  # nothing of ``place`` takes the focus: the last before it that does
        node = place.previousInFocusChain()
        while node is not None and not takes_focus(node) and node is not place.window():
            node = node.previousInFocusChain()
        previous = node
    if previous is None:
        return
    for member in members:
        QWidget.setTabOrder(previous, member)
        previous = member
