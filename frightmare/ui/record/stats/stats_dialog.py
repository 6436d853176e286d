"""The Statistics dialog: the statistics view at a readable size within the screen, scrolling
when the screen is too small for it, its source line beside Close."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QMargins, QSize, Qt
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.stats.stats_view import StatsView
from frightmare.ui.theme import current_zoom
from frightmare.ui.widgets.focus_chain import OnScreenDialog

DIALOG_SIZE = QSize(900, 620)  # at 100% zoom


class ScrollWhenSmall(QScrollArea):
    """Its widget fills the viewport, and scrolls only when the viewport is smaller than the
    least the widget needs (a resizable scroll area gives a widget whose height depends on
    its width its preferred height instead, and scrolls at any size)."""

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return super().viewportEvent(event)

    def fit(self) -> None:
        widget = self.widget()
        if widget is None:
            return
        width = max(self.viewport().width(), widget.minimumSizeHint().width())
        layout = widget.layout()
        if layout is not None and layout.hasHeightForWidth():
            least = layout.minimumHeightForWidth(width)
        else:
            least = widget.minimumSizeHint().height()
        widget.resize(width, max(self.viewport().height(), least))


class StatsDialog(OnScreenDialog):
    def __init__(self, entries: Iterable[LogEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Statistics"))
        from frightmare.ui.record.collection_page import CollectionSource

        owned = parent.owned_boxes() if isinstance(parent, CollectionSource) else None
        self.view = StatsView(entries, show_source=False, collection=owned)
        # On a screen too small for the view at the zoom in use, the view scrolls (its plots
        # keep their least readable size) and the Close button stays in sight.
        self.area = ScrollWhenSmall()
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        inner = self.view.layout()
        if inner is not None:  # the source line under the view's left edge
            bottom.setContentsMargins(inner.contentsMargins().left(), 0, 0, 0)
        bottom.addWidget(self.view.source, 1)
        bottom.addWidget(buttons, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addWidget(self.area, 1)
        layout.addLayout(bottom)
        self.fit_to_screen()

    def fit_to_screen(self) -> None:
        """900x620 at 100%, grown with the zoom and to the view's least size, within the
        screen (its frame and the desktop's panels allowed for)."""
        zoom = current_zoom()
        want = QSize(round(DIALOG_SIZE.width() * zoom), round(DIALOG_SIZE.height() * zoom))
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        least = self.view.minimumSizeHint() + QSize(
            margins.left() + margins.right(), margins.top() + margins.bottom()
        )
        want = want.expandedTo(least)
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry().size()
            want = want.boundedTo(QSize(area.width() - 16, area.height() - 48))
        self.resize(want)

    @classmethod
    def show_for(cls, parent: QWidget | None, entries: Iterable[LogEntry]) -> StatsDialog:
        """Open (not modal) over ``parent``; tests may replace this classmethod."""
        dialog = cls(entries, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog
