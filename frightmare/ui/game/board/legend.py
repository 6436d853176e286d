"""The board's legend: what its tokens, badges and outlines mean, each beside its picture."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from frightmare.i18n import N_, _
from frightmare.model.box import names
from frightmare.model.box.cards import DR_FRIGHT
from frightmare.ui.art import draw_dr_fright
from frightmare.ui.game.board.geometry import scene_font
from frightmare.ui.game.board.marks import Mark, board_look
from frightmare.ui.game.board.pieces import draw_fireworks, draw_trap
from frightmare.ui.game.regions import SideColumn

LEGEND: tuple[tuple[str, str], ...] = (
    ("her", N_("The Final Girl (her initial): drag her, or double-click a space, to move")),
    ("him", N_("{killer}: drag him to place him")),
    ("victims", N_("Yellow badge: how many Victims stand on the space")),
    ("S", N_("S: a Smalley (Event: The Smalleys)")),
    ("B", N_("B: the Boyfriend (Event: Boyfriend)")),
    ("x", N_("Red X: a searched House")),
    ("trap", N_("TRAP: a booby trap (Odds and Ends): an Enemy coming in sets it off")),
    ("fireworks", N_("Gold burst: the Fireworks token: {killer} goes for it first")),
    ("reach", N_("Green outline: a space she can move to now")),
    ("convince", N_("Purple outline: an occupied House, entered by Convince")),
    ("selected", N_("Yellow outline: the space selected")),
)


def _legend_icon(kind: str, size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(2, 2, size - 4, size - 4)
    if kind == "her":
        painter.setBrush(QColor("#fbe9f0"))
        painter.setPen(QPen(QColor("#e05a8a"), 2))
        painter.drawEllipse(rect)
        painter.setPen(QColor("#6b1835"))
        painter.setFont(scene_font(size * 0.5, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "N")
    elif kind == "him":
        painter.setBrush(QColor("#5c1414"))
        painter.setPen(QPen(QColor("#e0443a"), 2))
        painter.drawEllipse(rect)
        draw_dr_fright(painter, rect.adjusted(2, 2, -2, -2))
    elif kind in ("victims", "S", "B"):
        fill = {"victims": "#f2c14e", "S": "#9ad0ff", "B": "#ff9ad5"}[kind]
        painter.setBrush(QColor(fill))
        painter.setPen(QPen(QColor(fill).darker(150), 2))
        painter.drawEllipse(rect)
        painter.setPen(QColor("#111111"))
        painter.setFont(scene_font(size * 0.55, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "2" if kind == "victims" else kind)
    elif kind == "x":
        painter.setPen(QPen(QColor("#e0443a"), 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        inset = rect.adjusted(4, 4, -4, -4)
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
    elif kind == "trap":
        draw_trap(painter, QRectF(0, size * 0.3, size, size * 0.4))
    elif kind == "fireworks":
        draw_fireworks(painter, rect.center(), rect.width() / 2)
    else:
        look = board_look()
        mark = {"reach": look.reach, "convince": look.convince, "selected": look.cursor}[kind]
        painter.setBrush(QColor(look.ground))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRect(rect)
        # The board's own outline, drawn smaller, inside the icon.
        scaled = Mark(
            mark.colour, max(2.0, mark.width / 2), -mark.width / 2, mark.lining, mark.dashed
        )
        scaled.paint(painter, rect.adjusted(3, 3, -3, -3))
    painter.end()
    return pixmap


class BoardLegend(QWidget):
    """What the board's tokens, badges and outlines mean: each picture beside its words, or
    over them when the dock is narrower than that (the dock gives up its width before the
    board does: at 150% in the pseudo-locale its 250 px kept the board 47 px short of its
    square, issue 30)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Board legend"))
        self.grid = QGridLayout(self)
        self.icons: list[tuple[QLabel, str]] = []
        self.texts: list[tuple[QLabel, str]] = []
        for kind, text in LEGEND:
            icon = QLabel()
            label = QLabel(_(text).format(killer=names.shown("killer", DR_FRIGHT)))
            self.texts.append((label, text))
            label.setWordWrap(True)
            self.icons.append((icon, kind))
        self.stacked: bool | None = None
        self._arrange(stacked=False)
        self._draw()

    def _arrange(self, *, stacked: bool) -> None:
        """Each picture beside its words, or over them."""
        if stacked == self.stacked:
            return
        self.stacked = stacked
        grid = self.grid
        for (icon, _kind), (label, _text) in zip(self.icons, self.texts, strict=True):
            grid.removeWidget(icon)
            grid.removeWidget(label)
        step = 2 if stacked else 1
        for row, ((icon, _kind), (label, _text)) in enumerate(
            zip(self.icons, self.texts, strict=True)
        ):
            grid.addWidget(icon, row * step, 0)
            grid.addWidget(label, row * step + (1 if stacked else 0), 0 if stacked else 1)
        for column in (0, 1):
            grid.setColumnStretch(column, 0)
        grid.setColumnStretch(0 if stacked else 1, 1)
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, 0)
        grid.setRowStretch(len(LEGEND) * step, 1)

    def _widest(self) -> tuple[int, int]:
        """The widest picture and the widest word's label."""
        icon = max(i.sizeHint().width() for i, _kind in self.icons)
        label = max(t.minimumSizeHint().width() for t, _text in self.texts)
        return icon, label

    def _margins(self) -> int:
        margins = self.grid.contentsMargins()
        return margins.left() + margins.right()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        icon, label = self._widest()
        return QSize(min(hint.width(), self._margins() + max(icon, label)), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        icon, label = self._widest()
        beside = self._margins() + icon + self.grid.horizontalSpacing() + label
        self._arrange(stacked=event.size().width() < beside)

    def set_killer(self, killer: str) -> None:
        for label, text in self.texts:
            label.setText(_(text).format(killer=names.shown("killer", killer)))

    def _draw(self) -> None:
        size = round(self.fontMetrics().height() * 1.6)
        for icon, kind in self.icons:
            icon.setPixmap(_legend_icon(kind, size))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self._draw()  # another zoom, or theme (the board's ground and marks)


class LegendArea(SideColumn):
    """The Legend dock's content, scrolling: its legend is made when first asked for (``build``,
    as its dock is first shown: behind History at a launch, it is not), for the game's
    Killer."""

    def __init__(self) -> None:
        super().__init__(QWidget())
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(_("Board legend"))
        self._legend: BoardLegend | None = None
        self._killer: str = DR_FRIGHT

    @property
    def built(self) -> bool:
        return self._legend is not None

    @property
    def legend(self) -> BoardLegend:
        if self._legend is None:
            legend = self._legend = BoardLegend()
            legend.set_killer(self._killer)
            self.setWidget(legend)  # shown with its dock
            self.content = legend
        return self._legend

    def build(self) -> None:
        self.legend  # noqa: B018 (makes it)

    def set_killer(self, killer: str) -> None:
        """The Killer the legend names (the game's)."""
        self._killer = killer
        if self._legend is not None:
            self._legend.set_killer(killer)
