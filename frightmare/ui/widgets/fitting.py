"""Labels, buttons and list rows that fit the room they are given: a label of a fixed number of
lines, a button that shortens its text when its panel is narrow, list rows never wider than
their list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyledItemDelegate,
    QWidget,
)

from frightmare.ui.widgets.messages import set_tip

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionViewItem


class FitWidthDelegate(QStyledItemDelegate):
    """List rows as wide as the list, never wider: long names are elided (whole in the
    tooltip), so the list never scrolls sideways."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(1, hint.height())


SHORT_ENOUGH = 12  # a button's text this long (in characters) is never shortened


class ElidingButton(QPushButton):
    """A button whose text ends in "…" when its panel gives it less than the whole: its panel
    may be as narrow as the text's first half (at a word's end). Its tooltip and accessible
    name, which its owner sets, keep the whole text; with room again, the text is whole."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        # Its text set apart: PySide tells QPushButton(text, parent) from QPushButton(icon,
        # text, parent) by making the icon's class, and its 151 theme icons (about 1.5 ms).
        super().__init__(parent)
        self.setText(text)
        self.full_text = text
        # May shrink below its whole text (a push button's own policy only grows).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._elide()

    def _short(self) -> str:
        """The shortest the text may be: its first words up to half of it, or all its words
        but the last ("Carta…" of "Carta superior…": issue 30, at 150% its 200 px kept the
        board 9 px short of its square)."""
        words = self.full_text.split(" ")
        for n in range(1, len(words)):
            head = " ".join(words[:n])
            if len(head) * 2 >= len(self.full_text):
                return head + "…"
        if len(words) > 1:
            return " ".join(words[:-1]) + "…"
        return self.full_text

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if len(self.full_text) <= SHORT_ENOUGH:
            return hint  # "To a deck…" whole: "To a…" would save little and lose its sense
        return QSize(min(hint.width(), self._width_for(self._short())), hint.height())

    def _width_for(self, text: str) -> int:
        """How wide the button is with ``text``: its own size hint (its style's padding and
        borders around its text), less its text's width, plus ``text``'s.

        The stylesheet's button measures a text's width plus fixed padding and borders, so
        this is what its style would say for ``text`` (before the stylesheet is set, the
        bare style's least width makes it rougher; a style change measures again). Asking
        the style itself would make PySide build QStyle's 566 enums before the game screen
        is ready for play (about 50 million instructions, ``make bench-instructions``)."""
        metrics = self.fontMetrics()
        own = self.text() or "XXXX"  # what QPushButton measures for no text
        shown = metrics.size(Qt.TextFlag.TextShowMnemonic, own).width()
        return super().sizeHint().width() - shown + metrics.horizontalAdvance(text)

    def _elide(self) -> None:
        """The longest text that fits the button as drawn. Each candidate is measured with the
        style's padding and least width (``_width_for``), as ``minimumSizeHint`` measures the
        shortest: the style sheet's least button width made a text's room look smaller than it
        was, and "Wierzchnia karta…" showed "Wierzchni…" at its least width."""
        width = self.width()
        text = self.full_text
        if width > 0 and self._width_for(text) > width:
            text = self._fitting(width)
        if text != self.text():
            self.setText(text)

    def _fitting(self, width: int) -> str:
        """The text ended in "…" at the end of its last word that fits ``width`` ("Wierzchnia…",
        not "Wierzchnia ka…"), else cut inside its first word."""
        words = self.full_text.split(" ")
        for n in range(len(words) - 1, 0, -1):
            head = " ".join(words[:n]).rstrip(",:;·") + "…"
            if self._width_for(head) <= width:
                return head
        metrics = self.fontMetrics()
        padding = self._width_for(self.full_text) - metrics.horizontalAdvance(self.full_text)
        return metrics.elidedText(self.full_text, Qt.TextElideMode.ElideRight, width - padding)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            if self.text() != self.full_text:
                self.setText(self.full_text)  # measured whole at the new size, then fitted
            self._elide()


class LinesLabel(QLabel):
    """A wrapped label always ``lines`` lines high, so what is under it never moves.

    Text that needs more lines loses its last " · " parts (then characters) to an ellipsis;
    the whole text is in the tooltip and the accessible description.
    """

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.full_text = ""
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._fit_height()

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        set_tip(self, text)
        self.setAccessibleDescription(text)
        self._fit_text()

    def _fit_height(self) -> None:
        margins = self.contentsMargins()
        lines = self.fontMetrics().lineSpacing() * self.lines
        # As tall as the label itself lays out that many lines (a little more than the
        # font's line spacing says with some fonts).
        shown = self.text()
        # QLabel.heightForWidth is never less than the minimum height: the height fixed at a
        # bigger zoom would stay after a zoom out, and grow at each zoom in.
        self.setMinimumHeight(0)
        self.setText("\n".join(["X"] * self.lines))
        laid_out = self.heightForWidth(10_000)
        self.setText(shown)
        self.setFixedHeight(max(lines + margins.top() + margins.bottom(), laid_out) + 2)

    def _fits(self, text: str) -> bool:
        self.setText(text)
        return self.heightForWidth(max(self.width(), 1)) <= self.height()

    def _fit_text(self) -> None:
        text = self.full_text
        if self._fits(text):
            return
        parts = text.split(" · ")
        while len(parts) > 1:
            parts.pop()
            if self._fits(" · ".join(parts) + " …"):
                return
        words = text.split()
        while len(words) > 1:
            words.pop()
            if self._fits(" ".join(words) + "…"):
                return

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
            self._fit_text()
