"""The session picker: every saved game, newest first, with its result and round; sortable by
any column and filtered by a word or by result."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QModelIndex, QSize, QTimer, Signal, SignalInstance
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _
from frightmare.store import ScanResult
from frightmare.ui.qt_values import USER_ROLE, set_by_name
from frightmare.ui.theme import look_key, set_style_property
from frightmare.ui.widgets.wheel_guard import ComboBox

# Columns of the list.
NAME, RESULT, ROUND, SETUP, LAST_PLAYED, STEPS = range(6)
HEADERS = [N_("Name"), N_("Result"), N_("Round"), N_("Setup"), N_("Last played"), N_("Steps")]
WORD_COLUMNS = (NAME, RESULT, SETUP)  # what the filter's words are looked for in
RESULT_WORDS = {"win": N_("Won"), "loss": N_("Lost")}
IN_PROGRESS = N_("In progress")
NO_GAMES = N_("No games yet. Start one with New game.")
NO_MATCH = N_("No saved game matches the filter.")
ID_ROLE = USER_ROLE  # the game's id, in the Name column
SORT_ROLE = USER_ROLE + 1
RESULT_ROLE = USER_ROLE + 2  # the result in English (a RESULT_WORDS value), in Result
# Each filter with the result it keeps, in English (None: every game).
RESULT_FILTERS = (
    (N_("Every game"), None),
    (IN_PROGRESS, IN_PROGRESS),
    (N_("Won"), "Won"),
    (N_("Lost"), "Lost"),
)


class SessionItem(QTreeWidgetItem):
    """A row sorting by its cells' sort keys (dates and numbers as such, not as text)."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        column = tree.sortColumn() if tree is not None else 0
        mine, theirs = self.data(column, SORT_ROLE), other.data(column, SORT_ROLE)
        if isinstance(mine, int | float) and isinstance(theirs, int | float):
            return mine < theirs
        return self.text(column).casefold() < other.text(column).casefold()


class SessionList(QTreeWidget):
    """The list of games. ``laid_out`` tells when Qt has placed its header and rows again: a
    resize, a scroll bar shown or hidden, a new font or style. (Told by Qt's own layout step
    rather than by watching events: the first event PySide hands to a Python event filter costs
    start-up about 2 ms, see ``wheel_guard``.)"""

    laid_out = Signal()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        self.laid_out.emit()


def when(moment: datetime | None) -> str:
    """The date as the list shows it; "unknown" for one the calendar cannot show here."""
    if moment is None:
        return _("unknown")
    try:
        local = moment.astimezone()
    except (OverflowError, ValueError):
        return _("unknown")
    today = datetime.now().astimezone().date()
    if local.date() == today:
        # Translators: a game last played today; {time} is the time of day, e.g. 14:05.
        return _("today {time}").format(time=f"{local:%H:%M}")
    return f"{local:%d %b %Y %H:%M}"


class ButtonRows(QWidget):
    """The picker's two groups of buttons: on one row where it fits, the second under the
    first where it does not (German and French at 150% on a 1280-pixel laptop), so the
    screen's least width is its wider group's, and no label is cut."""

    def __init__(self, first: Sequence[QPushButton], second: Sequence[QPushButton]) -> None:
        super().__init__()
        self.first = QHBoxLayout()
        self.first.setContentsMargins(0, 0, 0, 0)
        for button in first:
            self.first.addWidget(button)
        self.first.addStretch(1)
        self.second = QHBoxLayout()
        self.second.setContentsMargins(0, 0, 0, 0)
        self.second.addStretch(1)
        for button in second:
            self.second.addWidget(button)
        self.rows = QHBoxLayout(self)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.addLayout(self.first, 1)
        self.rows.addLayout(self.second)
        self.stacked = False

    def one_row_width(self) -> int:
        """The width both groups need side by side."""
        return (
            self.first.minimumSize().width()
            + self.rows.spacing()
            + self.second.minimumSize().width()
        )

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        groups = max(self.first.minimumSize().width(), self.second.minimumSize().width())
        return QSize(groups, hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        stacked = event.size().width() < self.one_row_width()
        if stacked != self.stacked:
            self.stacked = stacked
            # Named only when the rows change: the enum's class is made then, not at launch.
            self.rows.setDirection(
                QBoxLayout.Direction.TopToBottom if stacked else QBoxLayout.Direction.LeftToRight
            )


class SessionPicker(QWidget):
    """Lists sessions; the buttons emit what the player asked for, the window does it."""

    new_requested = Signal()
    roll_requested = Signal()
    open_requested = Signal(str)
    rename_requested = Signal(str)
    duplicate_requested = Signal(str)
    delete_requested = Signal(str)
    import_requested = Signal()
    export_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(_("Frightmare Companion"))
        title.setProperty("scale", "display")  # the stylesheet's size: it follows the zoom
        subtitle = QLabel(_("Your games of Final Girl: Frightmare on Maple Lane"))
        subtitle.setObjectName("muted")

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setObjectName("problems")
        self.problems.setProperty("notice", "problem")
        set_by_name(self.problems, "textInteractionFlags", "TextSelectableByMouse")
        self.problems.hide()
        # Made inside the picker: one moved into it afterwards is styled again.
        self._build_list()
        filters = self._build_filters()
        self.empty = QLabel(_(NO_GAMES))
        set_by_name(self.empty, "alignment", "AlignCenter")
        self.empty.setObjectName("muted")
        buttons = self._build_buttons()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 20)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(8)
        layout.addWidget(self.problems)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty, 1)  # the list's room, when there is no list
        layout.addWidget(buttons)
        self._update_buttons()

    def _build_list(self) -> None:
        """The saved games' list: its columns sized by kind, sortable once first painted."""
        self.list = SessionList(self)
        self.list.setAccessibleName(_("Saved sessions"))
        self.list.setHeaderLabels([_(title) for title in HEADERS])
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setUniformRowHeights(True)
        header = self.list.header()
        # The Name takes the room; Round and Steps are narrow; the Setup gets a share
        # (``_fit_columns``) and can be dragged wider. A cut name or Setup has its tooltip.
        header.setStretchLastSection(False)
        # Result and Last played as wide as their contents, set by ``_fit_columns`` rather
        # than by Qt's ResizeToContents, which measures every row again at each layout.
        modes = {
            NAME: QHeaderView.ResizeMode.Stretch,
            SETUP: QHeaderView.ResizeMode.Interactive,
        }
        for column in range(len(HEADERS)):
            header.setSectionResizeMode(column, modes.get(column, QHeaderView.ResizeMode.Fixed))
        self._fitting = False
        self._rows_changed = 0  # counts the changes of the rows shown (listed or filtered)
        self._measured: tuple[object, dict[int, int]] = ((), {})
        self.list.laid_out.connect(self._fit_columns)
        # The store lists the games newest first, and so does the first paint; the columns
        # become sortable right after it (``after_first_paint``). Until then the titles keep
        # the sort arrow's room (Qt leaves it in every title while the arrow is shown), with
        # the arrow hidden by the stylesheet, so nothing moves when it arrives.
        self._sortable = False
        header.setSortIndicatorShown(True)
        header.setProperty("sortable", "later")
        header.setToolTip(_("Click a column's title to sort by it"))
        self.list.itemActivated.connect(self._activated)
        self.list.itemSelectionChanged.connect(self._update_buttons)

    def _build_filters(self) -> QHBoxLayout:
        """The filters over the list: a text, and the games' result."""
        self.filter_text = QLineEdit(self)
        self.filter_text.setPlaceholderText(_("Filter: a name, a Final Girl, a Setup card…"))
        self.filter_text.setAccessibleName(_("Filter the saved games"))
        self.filter_text.textChanged.connect(self._apply_filter)
        # Its interface for assistive technology follows the first paint (``after_first_paint``).
        self.filter_result = ComboBox(self, accessible_now=False)
        self.filter_result.setAccessibleName(_("Show games by result"))
        for text, value in RESULT_FILTERS:
            self.filter_result.addItem(_(text), value)
        self.filter_result.currentIndexChanged.connect(self._apply_filter)
        filters = QHBoxLayout()
        filters.addWidget(self.filter_text, 1)
        filters.addWidget(self.filter_result)
        return filters

    def _build_buttons(self) -> ButtonRows:
        """The buttons under the list: New game, Roll the film, Open, and those for the game
        selected."""
        self.new_button = self._button(
            _("&New game…"), _("Start a new game"), self.new_requested.emit
        )
        self.roll_button = self._button(
            _("Roll the &film…"),
            _("A random game from the boxes you own"),
            self.roll_requested.emit,
        )
        self.open_button = self._button(_("&Open"), _("Open the selected game"), self._open)
        self.rename_button = self._button(
            _("&Rename…"), _("Rename the selected game"), self._rename
        )
        self.duplicate_button = self._button(
            _("D&uplicate"), _("Copy the selected game, history and all"), self._duplicate
        )
        self.delete_button = self._button(
            _("&Delete…"), _("Delete the selected game"), self._delete
        )
        self.import_button = self._button(
            _("&Import…"), _("Add a session exported from this app"), self.import_requested.emit
        )
        self.export_button = self._button(
            _("E&xport…"), _("Save the selected game to a file"), self._export
        )
        return ButtonRows(
            (self.new_button, self.roll_button, self.open_button),
            (
                self.rename_button,
                self.duplicate_button,
                self.delete_button,
                self.import_button,
                self.export_button,
            ),
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._sortable:
            QTimer.singleShot(0, self, self.after_first_paint)

    def after_first_paint(self) -> None:
        """What the first paint does not show, done right after it: a click on a column's
        title sorts the list (newest first until then), and the filter gets its clear button
        (shown only once there is text), the filter's combo box its name and value for
        assistive technology (``widgets.accessible_combo``), and the list its Delete key.
        Before the paint, naming a sort order would make PySide build the Qt namespace, the
        button's icon costs a millisecond (``qt_values``), the accessibility factory about 3 ms
        (issue 30), and a key sequence QKeySequence's enums: the screen reader's first
        questions, and the player's first key, come in the event loop, after it."""
        if self._sortable:
            return
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QKeySequence, QShortcut

        from frightmare.ui.widgets.accessible_combo import install

        install()
        # The Delete key only: X11's list for StandardKey.Delete adds Ctrl+D, which is
        # "Discard an Action card" everywhere else in the app.
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.list, self._delete)

        self._sortable = True
        self.list.setSortingEnabled(True)
        self.list.sortByColumn(LAST_PLAYED, Qt.SortOrder.DescendingOrder)
        set_style_property(self.list.header(), "sortable", "now")
        self.filter_text.setClearButtonEnabled(True)

    def _fit_columns(self) -> None:
        """Round and Steps about as wide as their titles; the Name the room its names need
        (up to three quarters of what the other columns leave), the Setup the rest (its
        tooltip has it whole): names read whole at 200% on 1280x720."""
        if self._fitting:
            return  # resizing a column lays the list out again
        self._fitting = True
        try:
            self._fit_columns_now()
        finally:
            self._fitting = False

    def _contents_widths(self) -> dict[int, int]:
        """The width each column's rows need (-1 with no row shown), measured again only when
        the rows shown, the list's font or the application's look change: Qt lays the list out
        about ten times before its first paint, and measuring is laying out every row."""
        key = (self._rows_changed, look_key(), self.list.font().key())
        if self._measured[0] != key:
            widths = {c: self.list.sizeHintForColumn(c) for c in (NAME, RESULT, SETUP, LAST_PLAYED)}
            self._measured = (key, widths)
        return self._measured[1]

    def _fit_columns_now(self) -> None:
        header = self.list.header()
        metrics = header.fontMetrics()
        contents = self._contents_widths()
        # Each narrow column from its own title in the player's language (Steps was sized from
        # Round's: French "Étapes" is wider than "Tour").
        margin = metrics.horizontalAdvance("M")
        for column in (ROUND, STEPS):
            header.resizeSection(column, metrics.horizontalAdvance(_(HEADERS[column])) + margin)
        for column in (RESULT, LAST_PLAYED):  # what ResizeToContents would make them
            header.resizeSection(column, max(contents[column], header.sectionSizeHint(column)))
        narrow = header.sectionSize(ROUND)
        fixed = sum(header.sectionSize(c) for c in (RESULT, ROUND, LAST_PLAYED, STEPS))
        left = header.width() - fixed
        name = min(contents[NAME], left * 3 // 4)
        setup = max(contents[SETUP], metrics.horizontalAdvance(_(HEADERS[SETUP])))
        header.resizeSection(SETUP, max(narrow, min(setup, left - name)))

    def _button(self, text: str, tip: str, slot: object) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text.replace("&", "").rstrip("…"))  # already translated
        button.clicked.connect(slot)
        return button

    def show_sessions(
        self,
        scan: ScanResult,
        select: str | None = None,
    ) -> None:
        """List ``scan``'s games with the result and round each file's header carries."""
        if self._sortable:
            # Not sorted once per row. (Until it is sortable, sorting stays off: turning it
            # off hides the arrow, whose room the titles keep only while it is shown.)
            self.list.setSortingEnabled(False)
        self.list.clear()
        self._rows_changed += 1
        for summary in scan.sessions:
            # Translators: a copy's row in the saved games; {game} is the game's name.
            name = _("{game} (copy)").format(game=summary.name) if summary.is_copy else summary.name
            rounds = summary.round
            result_word = RESULT_WORDS.get(summary.result or "", IN_PROGRESS)
            result_text = _(result_word)
            item = SessionItem(
                [
                    name,
                    result_text,
                    str(rounds) if rounds else "",
                    summary.setup,
                    when(summary.updated),
                    str(summary.steps),
                ]
            )
            item.setData(ROUND, SORT_ROLE, rounds)
            item.setData(
                LAST_PLAYED,
                SORT_ROLE,
                summary.updated.timestamp() if summary.updated else float("-inf"),
            )
            item.setData(STEPS, SORT_ROLE, summary.steps)
            item.setData(RESULT, RESULT_ROLE, None if summary.problem else result_word)
            if summary.is_copy:
                item.setToolTip(
                    0,
                    _(
                        "A copy of another saved game, in its own file ({file}). "
                        "Deleting it deletes only this file."
                    ).format(file=f"{summary.id}.json"),
                )
            item.setData(NAME, ID_ROLE, summary.id)
            if not summary.is_copy:
                item.setToolTip(NAME, name)  # the whole name, when the column cuts it
            item.setToolTip(SETUP, summary.setup)
            if summary.problem:
                item.setText(SETUP, _("Cannot open: {problem}").format(problem=summary.problem))
                item.setText(RESULT, "")
                item.setDisabled(True)
                item.setToolTip(SETUP, summary.problem)
            self.list.addTopLevelItem(item)
        if self._sortable:
            self.list.setSortingEnabled(True)  # sorted again as the player chose
        self._fit_columns()
        self._apply_filter()
        for row in range(self.list.topLevelItemCount()):
            listed = self.list.topLevelItem(row)
            if listed is not None and listed.data(NAME, ID_ROLE) == select:
                self.list.setCurrentItem(listed)
        if self.list.currentItem() is None:
            self._select_first()
        self.problems.setText("\n\n".join(scan.problems))
        self.problems.setVisible(bool(scan.problems))
        self._update_buttons()
        self.list.setFocus()

    def _apply_filter(self) -> None:
        """Hide the rows the filter leaves out: the words in the name, the result or the Setup
        (not in the numbers and dates: "Game 1" would match every game played at 1 o'clock)."""
        words = self.filter_text.text().casefold().split()
        wanted = self.filter_result.currentData()
        for row in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(row)
            if item is None:
                continue
            text = " ".join(item.text(c) for c in WORD_COLUMNS).casefold()
            shown = all(w in text for w in words) and wanted in (
                None,
                item.data(RESULT, RESULT_ROLE),
            )
            if item.isHidden() == shown:
                item.setHidden(not shown)
                self._rows_changed += 1
        current = self.list.currentItem()
        if current is None or current.isHidden():  # none, when the filter matched nothing
            self.list.clearSelection()
            self.list.setCurrentIndex(QModelIndex())
            self._select_first()
        shown = bool(self.shown_names())
        self.empty.setText(_(NO_MATCH) if self.list.topLevelItemCount() else _(NO_GAMES))
        self.empty.setVisible(not shown)
        self.list.setVisible(shown)
        self._update_buttons()

    def _select_first(self) -> None:
        """The first shown game that opens (a greyed-out one cannot be chosen)."""
        for row in range(self.list.topLevelItemCount()):
            candidate = self.list.topLevelItem(row)
            if candidate is not None and not candidate.isDisabled() and not candidate.isHidden():
                self.list.setCurrentItem(candidate)
                return

    def shown_names(self) -> list[str]:
        """The names listed, in the order shown (filtered rows left out)."""
        items = (self.list.topLevelItem(r) for r in range(self.list.topLevelItemCount()))
        return [i.text(NAME) for i in items if i is not None and not i.isHidden()]

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        if item is None or item.isDisabled() or item.isHidden():
            return None
        value = item.data(NAME, ID_ROLE)
        return str(value) if value else None

    def _update_buttons(self) -> None:
        chosen = self.selected_id() is not None
        for button in (
            self.open_button,
            self.rename_button,
            self.duplicate_button,
            self.delete_button,
            self.export_button,
        ):
            button.setEnabled(chosen)

    def _activated(self, item: QTreeWidgetItem) -> None:
        if not item.isDisabled():
            self.open_requested.emit(str(item.data(NAME, ID_ROLE)))

    def _emit_selected(self, signal: SignalInstance) -> None:
        chosen = self.selected_id()
        if chosen:
            signal.emit(chosen)

    def _open(self) -> None:
        self._emit_selected(self.open_requested)

    def _rename(self) -> None:
        self._emit_selected(self.rename_requested)

    def _duplicate(self) -> None:
        self._emit_selected(self.duplicate_requested)

    def _delete(self) -> None:
        self._emit_selected(self.delete_requested)

    def _export(self) -> None:
        self._emit_selected(self.export_requested)
