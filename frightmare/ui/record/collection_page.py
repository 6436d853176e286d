"""Your collection: tick the Final Girl boxes you own. The New game dialog, Statistics and Roll
the film offer what they bring (``model.collection``).

The catalogue ships in ``resources/catalogue.json``; a corrected copy in the data directory
(``catalogue.json``) wins, read once with the store's safe reads, and a copy that is wrong is
said in the page and the shipped one used."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import N_, _, pgettext
from frightmare.model.box import names
from frightmare.model.record.collection import (
    Box,
    Catalogue,
    CatalogueError,
    Collection,
    catalogue,
    default_catalogue,
    load_catalogue,
    use_catalogue,
)
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.widgets.focus_chain import OnScreenDialog


@runtime_checkable
class CollectionSource(Protocol):
    """What can say which boxes the player owns (the main window, from its settings)."""

    def owned_boxes(self) -> Collection: ...


@runtime_checkable
class LogSource(Protocol):
    """What can give the play log's games (the main window; none when it cannot be read)."""

    def logged_games(self) -> list[LogEntry]: ...


CATALOGUE_FILE = "catalogue.json"
MAX_CATALOGUE_BYTES = 1024 * 1024
CONFIDENCE_WORDS = {
    "PUB": N_("two or more public sources agree"),
    "ONE": N_("from one unofficial source"),
    "DISPUTED": N_("sources disagree"),
}
_read: dict[Path, str | None] = {}


def prepare_catalogue(root: Path) -> str | None:
    """Use the player's corrected catalogue if the data directory has one (read once per
    folder); the problem with it, in the player's words, or ``None``."""
    if root in _read:
        return _read[root]
    from frightmare.store.safe_io import NotARegularFile, TooLarge, read_capped

    path = root / CATALOGUE_FILE
    problem: str | None = None
    book: Catalogue | None = None
    try:
        book = load_catalogue(read_capped(path, MAX_CATALOGUE_BYTES).decode("utf-8"))
    except FileNotFoundError:
        pass
    except NotARegularFile:
        problem = _("it is not a regular file (left alone)")
    except TooLarge:
        problem = _("it is larger than any catalogue")
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        problem = _("it is not readable JSON")
    except CatalogueError as error:
        problem = str(error)
    except (OSError, ValueError) as error:
        problem = _("it cannot be read ({error})").format(error=error)
    use_catalogue(book)
    _read[root] = (
        None
        if problem is None
        else _(
            "Your corrected catalogue ({path}) was not used: {problem}. "
            "The catalogue that came with the app is used instead."
        ).format(path=path, problem=problem)
    )
    return _read[root]


def box_line(box: Box) -> str:
    """What a box brings, in a line."""
    parts = []
    if box.killers:
        killers = ", ".join(names.shown("killer", k.name) for k in box.killers)
        # Translators: in a box's line, {names} lists its Killers.
        parts.append(_("Killer {names}").format(names=killers))
    if box.locations:
        locations = ", ".join(names.shown("location", loc.name) for loc in box.locations)
        parts.append(_("Location {names}").format(names=locations))
    if box.final_girls:
        girls = ", ".join(names.shown("final_girl", girl) for girl in box.final_girls)
        parts.append(_("Final Girls {names}").format(names=girls))
    return "; ".join(parts) or _("nothing to choose (needed for every game)")


class CollectionDialog(OnScreenDialog):
    """One tick per box, grouped by series, with what each brings and how sure the data is."""

    def __init__(
        self,
        owned: Collection,
        book: Catalogue | None = None,
        parent: QWidget | None = None,
        problem: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Your collection"))
        self.book = book or catalogue()
        intro = QLabel(
            _(
                "Tick the boxes you own. The New game dialog, Statistics and Roll the film offer "
                "their Killers, Locations and Final Girls by name (other names can still be typed)."
            )
        )
        intro.setWordWrap(True)
        self._build_tree(owned)
        self.kept = frozenset(owned.owned - set(self.items))  # ids the catalogue lost
        all_button = QPushButton(_("Tick &all"))
        all_button.clicked.connect(lambda: self._tick_all(True))
        none_button = QPushButton(_("Tick &none"))
        none_button.clicked.connect(lambda: self._tick_all(False))
        self._build_source()
        self.problem = QLabel(problem or "")
        self.problem.setProperty("danger", True)
        self.problem.setWordWrap(True)
        self.problem.setVisible(bool(problem))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(all_button)
        row.addWidget(none_button)
        row.addStretch(1)
        row.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.problem)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.source)
        layout.addLayout(row)
        self._fit()

    def _build_tree(self, owned: Collection) -> None:
        """A tick per box (``owned`` ticked), grouped under its series, with what it brings
        and, in its tooltip, how sure the data is."""
        self.tree = QTreeWidget()
        self.tree.setAccessibleName(_("Boxes you own"))
        self.tree.setHeaderLabels([_("Box"), _("Killer"), _("Location"), _("Final Girls")])
        self.tree.setWordWrap(True)
        header = self.tree.header()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.items: dict[str, QTreeWidgetItem] = {}
        groups: dict[str, QTreeWidgetItem] = {}
        for box in self.book.boxes:
            group = groups.get(box.series)
            if group is None:
                group = QTreeWidgetItem([series_heading(box.series)])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                self.tree.addTopLevelItem(group)
                groups[box.series] = group
            item = QTreeWidgetItem(
                [
                    names.shown("box", box.name),
                    ", ".join(names.shown("killer", k.name) for k in box.killers) or "—",
                    ", ".join(names.shown("location", loc.name) for loc in box.locations) or "—",
                    ", ".join(names.shown("final_girl", g) for g in box.final_girls) or "—",
                ]
            )
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsUserCheckable
                | Qt.ItemFlag.ItemIsSelectable
            )
            item.setCheckState(
                0, Qt.CheckState.Checked if box.id in owned.owned else Qt.CheckState.Unchecked
            )
            item.setData(0, Qt.ItemDataRole.UserRole, box.id)
            # Translators: a box's tooltip; {confidence} says how sure its data is.
            tip = _("{box}: {contents}. Data: {confidence}.").format(
                box=names.shown("box", box.name),
                contents=box_line(box),
                confidence=_(CONFIDENCE_WORDS[box.confidence]),
            )
            if box.note:
                tip = _("{tip} {note}").format(tip=tip, note=box.note)
            for column in range(4):
                item.setToolTip(column, tip)
            group.addChild(item)
            self.items[box.id] = item
        self.tree.expandAll()
        self._style_ticks()

    def _build_source(self) -> None:
        """Where the catalogue's data comes from (each source in the tooltip), and that a
        corrected file wins."""
        sources = "; ".join(
            _("{source}: {what} (checked {day})").format(source=s.key, what=s.what, day=s.checked)
            if s.checked
            else f"{s.key}: {s.what}"
            for s in self.book.sources
        )
        self.source = QLabel(
            _(
                "From unofficial public sources, data up to {day}: your box may "
                "differ. A corrected {file} in your data directory wins."
            ).format(day=self.book.date, file=CATALOGUE_FILE)
        )
        self.source.setObjectName("muted")
        self.source.setWordWrap(True)
        self.source.setToolTip(sources)

    def _style_ticks(self) -> None:
        """The theme's checkbox look for the boxes' ticks too (the app's style sheet, by the
        ``ticks`` property: Fusion's item ticks are faint on the dark theme)."""
        self.tree.setProperty("ticks", True)
        box = self.fontMetrics().height()
        # The Box column wide enough for the longest name beside the styled tick (Qt's own
        # measure leaves out the tick's border and cut "The Haunting of Creech …").
        metrics = self.tree.fontMetrics()
        widest = max((metrics.horizontalAdvance(b.name) for b in self.book.boxes), default=0)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(
            0, widest + 2 * self.tree.indentation() + 2 * box + 3 * metrics.averageCharWidth()
        )

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        width = 120 * metrics.averageCharWidth()
        height = 34 * metrics.height()
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry()
            width = min(width, area.width() - 16)
            height = min(height, area.height() - 48)
        self.resize(width, height)

    def _tick_all(self, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for item in self.items.values():
            item.setCheckState(0, state)

    def collection(self) -> Collection:
        ticked = {
            box_id
            for box_id, item in self.items.items()
            if item.checkState(0) == Qt.CheckState.Checked
        }
        return Collection(frozenset(ticked) | self.kept)

    @classmethod
    def ask(
        cls, parent: QWidget | None, owned: Collection, problem: str | None = None
    ) -> Collection | None:
        """The boxes ticked, or ``None`` if cancelled; tests replace this classmethod."""
        dialog = cls(owned, None, parent, problem)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog.collection() if dialog.exec() == QDialog.DialogCode.Accepted else None


__all__ = ["CollectionDialog", "default_catalogue", "prepare_catalogue"]


_NUMBERED = re.compile(r"Series (\d+)( vignette)?")


def series_heading(series: str) -> str:
    """A series of the catalogue as the collection's heading, in the player's language: the
    catalogue's ``core``, ``Series 2``, ``Series 2 vignette``, ``promo`` and ``special``; a
    series a player's own catalogue adds is shown as it is written."""
    numbered = _NUMBERED.fullmatch(series)
    if numbered is not None:
        number = int(numbered.group(1))
        if numbered.group(2):
            # Translators: a heading of the collection: the vignettes of a series ("Season").
            return _("Series {number} vignettes").format(number=number)
        # Translators: a heading of the collection: the boxes of a series ("Season").
        return _("Series {number}").format(number=number)
    fixed = {
        # Translators: a heading of the collection: the Core Box.
        "core": pgettext("series", "Core Box"),
        # Translators: a heading of the collection: promotional cards and boxes.
        "promo": pgettext("series", "Promos"),
        # Translators: a heading of the collection: the special boxes (Shriek, holiday boxes).
        "special": pgettext("series", "Special boxes"),
    }
    return fixed.get(series, series[:1].upper() + series[1:])
