"""The history list: every action of the journal; clicking one jumps the game there."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    QStringListModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyledItemDelegate,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model import History
from frightmare.ui.theme import current_zoom

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

AnyIndex = QModelIndex | QPersistentModelIndex


def step_text(history: History, index: int) -> str:
    """What step ``index`` of the journal did, in the player's words: the model's sentence,
    with the game's own board and Killer (one place for it)."""
    return history.describe_step(index)


class HistoryModel(QStringListModel):
    """Row 0 is the new game; row ``i`` is the state after ``i`` actions.

    The rows are held by Qt's own list (its row count asked of no Python code: the view lays
    out a 10,000-step game without calling back 10,000 times); only a row drawn asks ``data``.
    A step changes only its rows (``show_from``): a step costs the same in a long game.

    Colours come from the application palette when a row is drawn, so a theme switch restyles
    the rows already shown.
    """

    def __init__(self) -> None:
        super().__init__([""])
        self.start_text = ""
        self.texts: list[str] = []
        self.cursor = 0

    def text(self, row: int) -> str:
        return self.start_text if row == 0 else f"{row}. {self.texts[row - 1]}"

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row()
        if not index.isValid() or not 0 <= row <= len(self.texts):
            return None
        future = row > self.cursor
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self.text(row)
            return text + "\n" + _("(undone: Redo brings it back)") if future else text
        if role == Qt.ItemDataRole.ForegroundRole:
            palette = QApplication.palette()
            if future:
                return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            return palette.color(QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.FontRole and future:
            font = QFont(QApplication.font())
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return "undone" if future else ("current step" if row == self.cursor else "done")
        return None

    def show(self, texts: list[str], start_text: str, cursor: int) -> None:
        """Update incrementally: only the rows that changed are redrawn."""
        keep = 0
        for keep, (old, new) in enumerate(zip(self.texts, texts, strict=False)):  # noqa: B007
            if old != new:
                break
        else:
            keep = min(len(self.texts), len(texts))
        self.show_from(keep, texts[keep:], start_text, cursor)

    def show_from(self, keep: int, texts: list[str], start_text: str, cursor: int) -> None:
        """The first ``keep`` steps' rows stay, ``texts`` follow them: only the rows that
        changed are touched, so its cost is the change's, not the journal's."""
        if start_text != self.start_text:
            self.start_text = start_text
            self.setData(self.index(0), start_text)
        if len(self.texts) > keep:
            self.removeRows(keep + 1, len(self.texts) - keep)
            del self.texts[keep:]
        if texts:
            first = len(self.texts)
            self.insertRows(first + 1, len(texts))
            self.texts.extend(texts)
            for row in range(first + 1, first + 1 + len(texts)):
                self.setData(self.index(row), self.text(row))
        old_cursor, self.cursor = self.cursor, cursor
        low, high = sorted((old_cursor, cursor))
        last = self.rowCount() - 1
        self.dataChanged.emit(self.index(min(low, last)), self.index(min(high + 1, last)), _STYLE)

    def restyle(self) -> None:
        """Every row again (a theme or zoom switch)."""
        self.dataChanged.emit(self.index(0), self.index(self.rowCount() - 1))


@cache
def _style() -> type[QStyle]:
    """QStyle, named when History first draws a row: PySide builds its 566 enums when it is
    first named (about 50 million instructions), and History's rows are drawn once the
    launch is ready for play (``GameOpening.load_history``). The style options a row's
    drawing is handed are named there too."""
    from PySide6.QtWidgets import QStyle

    return QStyle


_GROUPS = {True: QPalette.ColorGroup.Active, False: QPalette.ColorGroup.Inactive}
_DISABLED = QPalette.ColorGroup.Disabled
_TEXT = QPalette.ColorRole.Text
_HIGHLIGHT = QPalette.ColorRole.Highlight
_HIGHLIGHTED_TEXT = QPalette.ColorRole.HighlightedText
_OPAQUE = Qt.WidgetAttribute.WA_OpaquePaintEvent
_NO_UPDATES = Qt.WidgetAttribute.WA_UpdatesDisabled
# A row's text wraps between words, and inside a word wider than the list (a long German or
# Polish compound at 150% was cut at the row's edge: "Bewegungssymbo").
_TEXT_OPTION = QTextOption(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_TEXT_OPTION.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)


def wrapped_height(text: str, font: QFont, width: int) -> int:
    """How tall ``text`` is, laid out at ``width`` as a row draws it (``_TEXT_OPTION``): its
    lines and the leading between them, as ``QPainter.drawText`` stacks them."""
    layout = QTextLayout(text, font)
    layout.setTextOption(_TEXT_OPTION)
    leading = QFontMetricsF(font).leading()
    height = -leading
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        height += leading + line.height()
    layout.endLayout()
    return math.ceil(max(height, 0.0))


# What a move of the cursor changes in a row: its ink, its italics, what it says to a reader
# (not its size: the rows keep their heights, and the view its layout).
_STYLE = [
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.AccessibleDescriptionRole,
]


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text at the list's width: entries wrap, never cut."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        # Each row's size at a width, zoom and font: the list lays every row out again at
        # each step played (a 2,000-step game wrapped 2,000 texts per click).
        self._sizes: dict[tuple[str, int, int, str], QSize] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        model = index.model()
        if isinstance(model, HistoryModel):  # its text straight, not through Qt's data()
            text = model.text(index.row())
        else:
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        pad = max(2, round(4 * current_zoom()))
        width = max(40, self.view.viewport().width() - 4 * pad - 4)
        key = (text, width, pad, option.font.key())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20_000:
                self._sizes.clear()
            # As tall as the taller of its upright and its italic letters: an undone row is
            # drawn in italics, which wrap to a line more at some widths, and a row keeps its
            # height whether it is done or undone (a move of the cursor lays nothing out).
            italic = QFont(option.font)
            italic.setItalic(True)
            height = max(
                wrapped_height(text, option.font, width), wrapped_height(text, italic, width)
            )
            size = self._sizes[key] = QSize(width, height + 2 * pad + 2)
        return size

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        # QStyle named only once a row is drawn (``_style``).
        state, flags = option.state, _style().StateFlag
        self.paint_row(
            painter,
            QRect(option.rect),
            index,
            selected=bool(state & flags.State_Selected),
            focus=bool(state & flags.State_HasFocus),
            active=bool(state & flags.State_Active),
        )

    def paint_row(
        self,
        painter: QPainter,
        rect: QRect,
        index: AnyIndex,
        *,
        selected: bool,
        focus: bool,
        active: bool,
    ) -> None:
        """A row drawn here rather than by the style sheet's style, which took about 75 µs a
        row (a step repaints the whole list: 2 ms at 1920x1080, issue 33): its selection, its
        text wrapped at the width ``sizeHint`` measured, dimmed and in italics past the
        cursor, and the current row's focus ring."""
        model = index.model()
        assert isinstance(model, HistoryModel)
        row = index.row()
        future = row > model.cursor
        palette = QApplication.palette()  # as the rows' ink (``HistoryModel.data``)
        group = _GROUPS[active]
        if selected:
            painter.fillRect(rect, palette.brush(group, _HIGHLIGHT))
            painter.setPen(palette.color(group, _HIGHLIGHTED_TEXT))
        else:
            painter.setPen(palette.color(_DISABLED if future else group, _TEXT))
        font = self.view.font()
        if future:
            font = QFont(font)
            font.setItalic(True)
        painter.setFont(font)
        pad = max(2, round(4 * current_zoom()))
        width = max(40, self.view.viewport().width() - 4 * pad - 4)
        text = QRectF(
            rect.x() + 2 * pad - 1, rect.y() + pad + 1, width, rect.height() - 2 * pad - 2
        )
        painter.drawText(text, model.text(row), _TEXT_OPTION)
        if focus:
            from PySide6.QtWidgets import QStyleOptionFocusRect

            ring = QStyleOptionFocusRect()
            ring.initFrom(self.view)
            # As Qt's own item drawing asks it (QCommonStyle, CE_ItemViewItem).
            style = _style()
            ring.state |= style.StateFlag.State_KeyboardFocusChange | style.StateFlag.State_Item
            ring.rect = rect.adjusted(pad, pad, -pad, -pad)
            ring.backgroundColor = palette.color(group, _HIGHLIGHT)
            self.view.style().drawPrimitive(
                style.PrimitiveElement.PE_FrameFocusRect, ring, painter, self.view
            )


class HistoryView(QTreeView):
    """The list, wrapping long entries; ``item``/``visualItemRect`` keep the old list API.

    A tree of one column without its header, scrolled a row at a time: it asks the height of
    the rows it shows (and those between), where a list view lays out every row again at each
    step (a 10,000-step game: 10,000 rows wrapped per click, ten times a 100-step game's)."""

    def __init__(self) -> None:
        super().__init__()
        # Its own viewport (``ui/widgets/messages.MessageArea`` says why).
        self.setViewport(QWidget())
        self.setObjectName("history")  # the theme's focus ring, as a list's
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setUniformRowHeights(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        self._opaque_bar()
        self.delegate = WrappingDelegate(self)
        self.setItemDelegate(self.delegate)

    # True while rows are only appended (``append``): the layout they ask for repaints only
    # the rows that changed, not the whole list.
    appending = False

    def _opaque_bar(self) -> None:
        """The style sheet's flat scroll bar paints all of itself (Fusion's leaves pixels
        unpainted): marked so, the bar's change at each step (a row more) repaints the bar
        alone, where it repainted the window, the page, the dock and the list under it."""
        app = QApplication.instance()
        styled = isinstance(app, QApplication) and bool(app.styleSheet())
        self.verticalScrollBar().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, styled)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.StyleChange:
            self._opaque_bar()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            # Rows re-wrap at a new width; a new height only shows more or fewer of them
            # (the resize repaints the list: laid out again, it was painted twice).
            self.scheduleDelayedItemsLayout()

    def doItemsLayout(self) -> None:
        port = self.viewport()
        if not port.testAttribute(_OPAQUE):
            # The list paints its whole ground (``paintEvent``): a scroll by a row moves the
            # rows drawn (a copy) instead of drawing every row and the dock under them again.
            port.setAttribute(_OPAQUE, True)
        if self.appending:
            # Qt's layout repaints the whole list; ``append`` repaints the rows that changed.
            port.setAttribute(_NO_UPDATES, True)
            try:
                super().doItemsLayout()
            finally:
                port.setAttribute(_NO_UPDATES, False)
        else:
            super().doItemsLayout()
        # Rows re-wrapped at a new width or zoom grow taller: the current step stays in view.
        self.scrollTo(self.currentIndex())

    def append(self, change: Callable[[], None], rows: Iterable[int]) -> None:
        """``change`` appends rows to the model (and may move the cursor): only ``rows`` (the
        new ones, the cursor's old and new) are drawn again, and a scroll to the new current
        row moves the rest (issue 33: a step repainted the whole list, 35 rows at 1920x1080).
        A layout asked for before (a resize, a theme) is done first, as ever: whole."""
        self.executeDelayedItemsLayout()
        self.appending = True
        try:
            change()
            self.executeDelayedItemsLayout()
        finally:
            self.appending = False
        port = self.viewport()
        for row in rows:
            rect = self.visualRect(self.model().index(row, 0))
            if rect.isValid():
                port.update(rect.adjusted(0, 0, port.width(), 0))

    def paintEvent(self, event: QPaintEvent) -> None:
        """The list's ground, as the style sheet's list draws it: the viewport is opaque.
        (A rectangle drawn without a pen, not ``fillRect``: PySide weighs its overload that
        takes a gradient's preset, making QGradient's 182 enums at the launch's first
        paint of History.)"""
        painter = QPainter(self.viewport())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().brush(QPalette.ColorRole.Base))
        painter.drawRect(event.rect())
        painter.end()
        super().paintEvent(event)

    def drawRow(self, painter: QPainter, options: QStyleOptionViewItem, index: AnyIndex) -> None:
        """The row straight to its delegate: a list of one column has no branches to draw,
        and the style sheet's row panel cost as much again as the row (issue 33)."""
        rect = QRect(options.rect)
        rect.setLeft(0)
        rect.setWidth(self.viewport().width())
        self.delegate.paint_row(
            painter,
            rect,
            index,
            selected=self.selectionModel().isSelected(index),
            focus=index == self.currentIndex() and self.hasFocus(),
            active=self.isActiveWindow(),
        )

    def item(self, row: int) -> QModelIndex:
        return self.model().index(row, 0)

    def visualItemRect(self, index: QModelIndex) -> QRect:
        return self.visualRect(index)


class HistoryPanel(QWidget):
    """The journal, the current step selected and scrolled into view; rows past the cursor
    (the redo tail) are dimmed."""

    jump_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryModel()
        self.list = HistoryView()
        self.list.setModel(self.model)
        self.list.setAccessibleName(_("History"))
        self.list.setToolTip(_("Click a step to take the game back (or forward) to it"))
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.clicked.connect(self._clicked)
        self.list.activated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        # The steps' numbers shown (``History.serials``), the same length as the model's texts.
        self._shown: list[int] = []
        self._pending: tuple[History, str] | None = None

    def show_history(self, history: History, start_text: str, *, later: bool = False) -> None:
        """Show the journal; ``later``: after the window's first paint (a long game's rows
        are laid out once the game screen is on screen, not before)."""
        self._pending = (history, start_text)
        if not later:
            self.flush()

    def flush(self) -> None:
        """Show what ``show_history`` was last given, if it is not shown yet."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._show(*pending)

    def _show(self, history: History, start_text: str) -> None:
        """Only what changed: the rows of the steps the journal no longer holds go, its new
        steps' rows come (``History.kept``: a binary search, not a walk of the journal)."""
        keep = history.kept(self._shown)
        texts = [step_text(history, i) for i in range(keep, len(history))]
        del self._shown[keep:]
        self._shown.extend(history.serials[keep:])
        model = self.model
        old_cursor = model.cursor

        def change() -> None:
            model.show_from(keep, texts, start_text, history.cursor)
            current = model.index(history.cursor)
            selection = self.list.selectionModel()
            selection.blockSignals(True)
            self.list.setCurrentIndex(current)
            selection.blockSignals(False)
            self.list.scrollTo(current)

        if texts and keep == len(model.texts) and start_text == model.start_text:
            # Steps appended, none gone: only the new rows and the cursor's are drawn again.
            rows = range(keep + 1, keep + 1 + len(texts))
            self.list.append(change, [*rows, old_cursor, history.cursor])
        else:
            change()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.model.restyle()

    def _clicked(self, index: QModelIndex) -> None:
        row = index.row()
        if row != self.model.cursor:
            self.jump_requested.emit(row)

    def rows(self) -> list[str]:
        self.flush()
        return [self.model.text(i) for i in range(self.model.rowCount())]
