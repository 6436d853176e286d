"""Message areas of a fixed height: a new message never moves the board or a button.

The area is as tall as its owner's usual messages (``fit_texts``) at the current width and zoom,
and at least ``lines`` lines; a longer text scrolls inside it, line by line, and the whole text is
always in the tooltip. The height is worked out again only when the width, the zoom or the usual
messages change (a new game), never because a message appeared.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

MARGIN = 4  # pixels above and below the text
UNBOUNDED = 16_777_215  # Qt's QWIDGETSIZE_MAX


def set_tip(widget: QWidget, text: str) -> None:
    """``widget``'s tooltip, set only when it says something else: Qt sends every widget set
    a tooltip an event (through the focus chain's filter) even when the text is the same, and
    an action set about 57 of them again, unchanged (issue 33)."""
    if widget.toolTip() != text:
        widget.setToolTip(text)


class MessageArea(QScrollArea):
    """Wrapped text in an area of fixed height, scrolling (never growing) when there is more."""

    def __init__(
        self, lines: int, name: str, parent: QWidget | None = None, *, grow: bool = False
    ) -> None:
        super().__init__(parent)
        # Its own viewport, made here: Qt's would be found a Python type the first time it is
        # asked for, and finding it makes every widget class PySide has not made yet (about
        # 5 ms at a launch, once).
        self.setViewport(QWidget())
        self.lines = lines
        # ``grow``: the area takes the room its layout gives it (at least ``lines`` lines), so
        # the message of the moment shows whole where there is room, not in a small box.
        self.grow = grow
        # ``most``: the tallest a growing area may be (the room its owner has left); a longer
        # text scrolls inside it, whole in the tooltip. None: as tall as its text.
        self.most: int | None = None
        self.samples: tuple[str, ...] = ()
        # ``held``: the height its owner places it at (``hold``), which its own fit leaves
        # alone; None: the area fits itself.
        self.held: int | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setAccessibleName(name)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.label.setContentsMargins(0, MARGIN // 2, 0, MARGIN // 2)
        self._probe = QLabel()  # measures the usual messages; never shown
        self._probe.setWordWrap(True)
        self.setWidget(self.label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(
            QSizePolicy.Policy.Ignored,
            QSizePolicy.Policy.Expanding if grow else QSizePolicy.Policy.Fixed,
        )
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # After a zoom the label learns its new font after the area: fit again once it has.
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self._fit)
        self._fit()

    def fit_texts(self, samples: Sequence[str]) -> None:
        """Make the area as tall as the tallest of ``samples`` (the owner's usual messages)."""
        samples = tuple(samples)
        if samples != self.samples:
            self.samples = samples
            self._fit()

    def line_height(self) -> int:
        self.label.ensurePolished()
        return self.label.fontMetrics().lineSpacing()

    def text_height(self, text: str, width: int | None = None) -> int:
        """How tall ``text`` is, wrapped in this area at ``width`` (the area's own)."""
        self.label.ensurePolished()
        self._probe.setFont(self.label.font())
        self._probe.setText(text)
        return self._probe.heightForWidth(max(40, width or self._text_width())) + MARGIN

    def _text_width(self) -> int:
        # The width the text wraps in, counting the scroll bar a long text brings (none in an
        # area that never scrolls: measured narrower, its text took a line more than it shows).
        if self.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            return self.width()
        return self.width() - self.verticalScrollBar().sizeHint().width()

    def hold(self, height: int) -> None:
        """Keep the area ``height`` tall, whatever its own fit says: a font change, a show or
        a new width no longer fits it again (the Boiler Room deck gives its two notes the
        taller one's height)."""
        self.held = height
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def usual_height(self) -> int:
        """How tall the area's own fit makes it at its width: ``lines`` lines, or its usual
        messages (``fit_texts``), in whole lines."""
        step = self.line_height()
        height = self.lines * step + MARGIN
        if self.width() > 50:  # laid out: fit the usual messages at this width
            for sample in self.samples:
                height = max(height, self.text_height(sample))
            # Whole lines: a longer message, scrolled line by line, never shows half a line.
            height = -(-(height - MARGIN) // step) * step + MARGIN
        return height

    def _fit(self) -> None:
        step = self.line_height()
        height = self.lines * step + MARGIN
        if self.held is not None:
            self.verticalScrollBar().setSingleStep(step)
            self.hold(self.held)
            return
        if self.grow:
            # At least as tall as the text, whole: the column gives it the room it needs.
            if self.width() > 50 and self.label.text():
                height = max(height, self.text_height(self.label.text()))
            if self.most is not None:  # a line at least, the rest scrolled to
                height = max(step + MARGIN, min(height, self.most))
            self.verticalScrollBar().setSingleStep(step)
            self.setMinimumHeight(height)
            self.setMaximumHeight(height if self.most is not None else UNBOUNDED)
            return
        height = self.usual_height()
        self.verticalScrollBar().setSingleStep(step)
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def refit(self) -> None:
        """Fit again (its owner changed ``most``)."""
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()
            self._refit.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def setText(self, text: str, tooltip: str | None = None) -> None:
        self.label.setText(text)
        set_tip(self.label, tooltip if tooltip is not None else text)
        self.verticalScrollBar().setValue(0)
        if self.grow:
            self._fit()

    def show_whole(self, text: str) -> None:
        """Show ``text`` in an area as tall as it (hidden when there is none)."""
        self.fit_texts((text,))
        self.setText(text)
        self.setVisible(bool(text))

    def text(self) -> str:
        return self.label.text()

    def fits(self) -> bool:
        """Whether the whole text shows without scrolling."""
        return self.text_height(self.text(), self.width()) <= self.height()
