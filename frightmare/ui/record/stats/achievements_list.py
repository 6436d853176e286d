"""The Achievements tab: the box's published achievements and the companion's own, each
earned, not yet, or how close, and how the app knows it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box.names import shown as shown_name
from frightmare.model.record.achievements import HOW, Standing
from frightmare.model.record.digest import LogDigest
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import ACHIEVEMENTS


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as the text of ``column`` wrapped to its width (a tree view otherwise
    measures a row as one line, and ends a long text in "…")."""

    def __init__(self, view: QTreeView, column: int, *more: int) -> None:
        super().__init__(view)
        self.columns = {column, *more}

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        view = self.parent()
        if isinstance(view, QTreeView) and index.column() in self.columns:
            metrics = option.fontMetrics
            pad = 2 * metrics.averageCharWidth()
            width = max(1, view.columnWidth(index.column()) - pad)
            text = str(index.data() or "")
            flags = Qt.TextFlag.TextWordWrap
            bound = metrics.boundingRect(QRect(0, 0, width, 100_000), flags, text)
            hint.setHeight(max(hint.height(), bound.height() + metrics.height() // 2))
        return hint


STANDING_CHARS = 30  # the "Where you stand" column's width, in characters


class AchievementsList(QTreeWidget):
    """The box's 21 published achievements (Dr. Fright's, then Maple Lane's), each earned
    (the day and the game), not yet, or how close; then the companion's own feats, named as
    such. Each says how the app knows it (the game's result, your games, its journal, or
    your answer)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(_("Achievements"))
        self.setHeaderLabels([_("Achievement"), _("Where you stand"), _("What it takes")])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        # Where you stand and What it takes wrap in their room instead of ending in "…".
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        header = self.header()
        header.setStretchLastSection(True)
        # The names' width is measured without the titles (which span the row).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.titles: list[QTreeWidgetItem] = []
        self.setItemDelegate(WrappingDelegate(self, 1, 2))
        header.sectionResized.connect(self._relayout)
        self.standings: list[Standing] = []
        self.pending: LogDigest | None = None  # a log not listed yet (``show_digest_when_seen``)
        self._fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_columns()

    def _fit_columns(self) -> None:
        self.header().resizeSection(1, STANDING_CHARS * self.fontMetrics().averageCharWidth())
        if self.topLevelItemCount():
            self._fit_names()

    def _relayout(self) -> None:
        self.doItemsLayout()  # the rows' heights for the columns' new widths

    def _title(self, text: str) -> None:
        item = QTreeWidgetItem([text, "", ""])
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.titles.append(item)
        font = QFont(self.font())
        font.setBold(True)
        item.setFont(0, font)
        item.setData(0, Qt.ItemDataRole.AccessibleDescriptionRole, "section")
        self.addTopLevelItem(item)

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        self.show_digest(LogDigest(entries))

    def show_digest_when_seen(self, digest: LogDigest) -> None:
        """The log's achievements, listed when the list is first seen: their standings over
        100,000 games took a quarter of the Statistics' opening, mostly for a tab not shown."""
        self.pending = digest
        if self.isVisible():
            self.show_digest(digest)

    def showEvent(self, event: QShowEvent) -> None:
        if self.pending is not None:
            self.show_digest(self.pending)
        super().showEvent(event)

    def show_digest(self, digest: LogDigest) -> None:
        """The log's achievements, as its digest keeps them (computed once per log)."""
        self.pending = None
        self.clear()
        self.titles = []
        self.standings = digest.standings()
        box = ""
        for s in self.standings:
            a = s.achievement
            if a.box != box:
                box = a.box
                self._title(
                    _("{box}: the box's published achievements").format(box=shown_name("box", box))
                )
            # Translators: where an achievement was earned: the day, and the game.
            where = _("{day}: {game}").format(day=s.day, game=s.game) if s.earned else s.progress
            # The achievements' names, requirements and doubts are data texts in the catalogue.
            what = f"{_(a.requirement)} {_(HOW[a.needs])}"
            item = QTreeWidgetItem([("★ " if s.earned else "☆ ") + _(a.name), where, what])
            tip = what if not a.doubt else f"{what} {_(a.doubt)}"
            item.setToolTip(0, tip)
            item.setToolTip(1, where)
            item.setToolTip(2, what)
            self.addTopLevelItem(item)
        self._title(_("The companion's own achievements (not the box's)"))
        companion, have = digest.own_achievements()
        earned = {e.achievement.key: e for e in companion}
        for own in ACHIEVEMENTS:
            got = earned.get(own.key)
            if got is not None:
                when = got.day
            elif own.key in have:
                done, need = have[own.key]
                when = _("not yet ({have} of {need})").format(have=done, need=need)
            else:
                when = _("not yet")
            description = _(own.description)
            item = QTreeWidgetItem([("★ " if got else "☆ ") + _(own.name), when, description])
            item.setToolTip(0, description)
            item.setToolTip(1, when)
            item.setToolTip(2, description)
            self.addTopLevelItem(item)
        for title in self.titles:  # a title spans the row, and never widens the names
            title.setFirstColumnSpanned(True)
        self._fit_names()

    def _fit_names(self) -> None:
        metrics = self.fontMetrics()
        names = [
            metrics.horizontalAdvance(item.text(0))
            for n in range(self.topLevelItemCount())
            if (item := self.topLevelItem(n)) is not None and item not in self.titles
        ]
        width = max(names, default=0) + 3 * metrics.averageCharWidth()
        self.header().resizeSection(0, width)
