"""One finished game's part of the player's record, for the game-over summary: the achievements
it earned (the box's published ones and the companion's own, recomputed from the play log), the
yes/no questions only the player can answer, and a button copying its answers for the
community's form, in the form's order; and the one-time scan of past games."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.box import names
from frightmare.model.record.achievements import (
    QUESTIONS,
    Published,
    answered,
    earned_in,
    needs_scan,
    questions,
    scan_entry,
)
from frightmare.model.record.bg_stats import bg_stats_play, play_json, play_link
from frightmare.model.record.community import community_form_text, shown_form
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import Achievement, achievements_for
from frightmare.model.record.record_digest import RecordDigest
from frightmare.store.errors import SessionFileError

# The import runs with its progress dialog (issue 21): one function, kept where it is called.
from frightmare.ui.record.import_progress import ask_import as ask_import

if TYPE_CHECKING:
    from frightmare.model.history import History
    from frightmare.store.data_folder import SessionStore
    from frightmare.store.playlog.playlog import PlayLog


def copy_form_answers(entry: LogEntry) -> str:
    """Put the game's answers on the clipboard, tab-separated (one per cell when pasted)."""
    text = community_form_text(entry)
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)
    return text


class GameRecordBox(QWidget):
    """What this game earned (the box's published achievements, then the companion's own
    feats), a yes/no question for each published one only the player can tell, and the
    community form's answers to copy. ``keep`` saves the line again with an answer."""

    def __init__(
        self,
        entry: LogEntry,
        log: Iterable[LogEntry] | RecordDigest = (),
        parent: QWidget | None = None,
        keep: Callable[[LogEntry], None] | None = None,
        notes: str = "",
    ) -> None:
        super().__init__(parent)
        self.entry = entry
        self.notes = notes
        # The other games: the log, or its record in brief (``RecordDigest``, the window's).
        self.log: list[LogEntry] | RecordDigest = (
            log if isinstance(log, RecordDigest) else list(log)
        )
        self.keep = keep
        self.earned: list[Achievement] = []
        self.published: list[Published] = []
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.earned_box = QWidget()
        self.earned_layout = QVBoxLayout(self.earned_box)
        self.earned_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.earned_box)
        self.questions_box = QWidget()
        self.questions_layout = QVBoxLayout(self.questions_box)
        self.questions_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.questions_box)
        self.question_buttons: dict[str, tuple[QPushButton, QPushButton]] = {}
        # What the button copies, as the player reads it (the sheet takes the English).
        answers = "; ".join(f"{q} {a}" for q, a in shown_form(self.entry))
        self.copy_button = QPushButton(_("Copy answers for the community form"))
        self.copy_button.setToolTip(answers)
        self.copy_button.setAccessibleDescription(answers)
        self.copy_button.clicked.connect(self._copy)
        self.copied = QLabel()
        self.copied.setObjectName("muted")
        # After the game, everywhere at once: the play log's line as CSV and the BG Stats
        # link's data saved side by side, the community form's answers copied, the BG Stats
        # link at hand (opened, copied, or shown as a QR code for the phone).
        self.send_button = QPushButton(_("Send it everywhere…"))
        self.send_button.setToolTip(
            _(
                "Save this game's play-log line (CSV) and the data its BG Stats link carries "
                "(JSON, not a file BG Stats imports), and copy the community form's answers"
            )
        )
        self.send_button.clicked.connect(self.send_everywhere)
        self.bg_stats_button = QPushButton(_("Open in BG Stats"))
        self.bg_stats_button.setToolTip(
            _(
                "Opens BG Stats' import dialog with this play (BG Stats can post it to "
                "BoardGameGeek)"
            )
        )
        self.bg_stats_button.clicked.connect(self.open_bg_stats)
        self.copy_link_button = QPushButton(_("Copy the BG Stats link"))
        self.copy_link_button.clicked.connect(self.copy_bg_stats_link)
        self.qr_button = QPushButton(_("QR code for the phone…"))
        self.qr_button.setToolTip(
            _("Shows the BG Stats link as a QR code: scan it with the phone where BG Stats is")
        )
        self.qr_button.clicked.connect(self.show_qr_code)
        row = QHBoxLayout()
        row.addWidget(self.copy_button)
        row.addWidget(self.send_button)
        layout.addLayout(row)
        links = QHBoxLayout()
        links.addWidget(self.bg_stats_button)
        links.addWidget(self.copy_link_button)
        links.addWidget(self.qr_button)
        links.addStretch(1)
        layout.addLayout(links)
        self.copied.setWordWrap(True)
        layout.addWidget(self.copied)
        self.sent: list[Path] = []
        self._show()

    def _show(self) -> None:
        _clear(self.earned_layout)
        _clear(self.questions_layout)
        if isinstance(self.log, RecordDigest):
            self.published = self.log.earned_in(self.entry)
            self.earned = self.log.achievements_for(self.entry)
        else:
            self.published = earned_in(self.entry, self.log)
            self.earned = achievements_for(self.entry, self.log)
        if self.published or self.earned:
            self.earned_layout.addWidget(QLabel(_("<b>Achievements earned</b>")))
        # One line each (the name, and whose it is); what it took is in the tooltip.
        for a in self.published:
            label = QLabel(
                # Translators: a published achievement earned; {box} is the box that lists it.
                _("★ <b>{name}</b> ({box}'s)").format(name=a.name, box=names.shown("box", a.box))
            )
            label.setToolTip(a.requirement)
            label.setAccessibleName(_("Achievement: {name}").format(name=a.name))
            label.setAccessibleDescription(a.requirement)
            self.earned_layout.addWidget(label)
        for own in self.earned:
            own_name = _(own.name)
            label = QLabel(_("☆ <b>{name}</b> (the companion's own)").format(name=own_name))
            label.setToolTip(_(own.description))
            label.setAccessibleName(
                _("The companion's own achievement: {name}").format(name=own_name)
            )
            label.setAccessibleDescription(_(own.description))
            self.earned_layout.addWidget(label)
        self.question_buttons = {}
        asked = questions(self.entry)
        if asked:
            note = QLabel(_("<b>Only you can tell</b> (the journal cannot):"))
            self.questions_layout.addWidget(note)
        for a in asked:
            row = QHBoxLayout()
            asked_text = QUESTIONS.get(a.id)
            text = QLabel(
                # Translators: a question the game summary asks, and the achievement it is for.
                _("{question} ({name})").format(
                    question=_(asked_text) if asked_text else a.requirement, name=a.name
                )
            )
            text.setWordWrap(True)
            yes, no = QPushButton(_("Yes")), QPushButton(_("No"))
            yes.setAccessibleName(_("Yes: {name}").format(name=a.name))
            no.setAccessibleName(_("No: {name}").format(name=a.name))
            yes.clicked.connect(partial(self.answer, a.id, True))
            no.clicked.connect(partial(self.answer, a.id, False))
            row.addWidget(text, 1)
            row.addWidget(yes)
            row.addWidget(no)
            self.questions_layout.addLayout(row)
            self.question_buttons[a.id] = (yes, no)

    def answer(self, achievement: str, yes: bool) -> None:
        """The player's answer: kept in the game's line, and what it earns shown."""
        self.entry = answered(self.entry, achievement, yes)
        if self.keep is not None:
            self.keep(self.entry)
        self._show()

    def _copy(self) -> None:
        copy_form_answers(self.entry)
        self.copied.setText(_("Copied: paste into the form's first answer (one answer per cell)."))

    def bg_stats_link(self) -> str:
        return play_link(bg_stats_play(self.entry, self.notes))

    def open_bg_stats(self) -> None:
        QDesktopServices.openUrl(QUrl(self.bg_stats_link()))

    def copy_bg_stats_link(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.bg_stats_link())
        self.copied.setText(_("The BG Stats link is copied: open it on the device with BG Stats."))

    def show_qr_code(self) -> None:
        from frightmare.ui.record.bg_stats_qr import BgStatsQrDialog

        BgStatsQrDialog.show_for(self, self.bg_stats_link())

    def send_everywhere(self) -> None:
        """Ask where once; save the CSV line and the BG Stats link's data there; copy the
        answers."""
        from frightmare.ui.widgets.dialogs import ChooseFile

        target = ChooseFile.ask_save(
            self,
            _("Send the game everywhere"),
            f"{send_stem(self.entry)}.csv",
            # Translators: a file dialog's filter; keep the (*.csv) and (*) patterns.
            _("CSV files (*.csv);;All files (*)"),
        )
        if target is None:
            return
        self.send_to(target)

    def send_to(self, target: Path, staging: Path | None = None) -> None:
        """The CSV line and the BG Stats link's data written beside each other in the player's
        folder, staged in the data folder (``staging``, else the window's) as the game export
        is: a kill leaves nothing there. A failure says what was written."""
        from frightmare.i18n import _
        from frightmare.store.atomic import ExportCut, export_files
        from frightmare.store.playlog.csv_format import to_csv

        if staging is None:
            store = getattr(self.window(), "store", None)
            staging = getattr(store, "root", None)
        play = target.with_name(target.stem + BG_STATS_SUFFIX)
        files = [
            (target, to_csv([self.entry]).encode()),
            (play, play_json(bg_stats_play(self.entry, self.notes)).encode()),
        ]
        try:
            export_files(files, staging)
        except ExportCut as cut:
            self.copied.setText(
                _(
                    "Only the play-log line was written, to {written}; the BG Stats link's "
                    "data could not be written to {failed}: {reason}"
                ).format(
                    written=", ".join(p.name for p in cut.written),
                    failed=cut.failed.name,
                    reason=cut.error.strerror or cut.error,
                )
            )
            self.sent = list(cut.written)
            return
        except OSError as error:
            self.copied.setText(_("Nothing was sent: {error}").format(error=error))
            return
        copy_form_answers(self.entry)
        self.sent = [target, play]
        self.copied.setText(
            _(
                "Sent: the play-log line to {csv_file}, the BG Stats link's data to "
                "{play_file} (both in that folder), and the community form's answers to the "
                "clipboard (paste into its first answer). Open in BG Stats sends the play there."
            ).format(csv_file=target.name, play_file=play.name)
        )


# The data the BG Stats link carries, as JSON (kept to read or send again): not BG Stats' own
# file format, which BG Stats' import does not take from here.
BG_STATS_SUFFIX = ".bgstats-link.json"


def send_stem(entry: LogEntry) -> str:
    """A file name for the game's exports: its day and who against whom."""
    words = f"{entry.day} {entry.final_girl} vs {entry.killer}"
    return "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in words).strip("-")


def _clear(layout: QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        if widget is not None:
            widget.deleteLater()
        inner = item.layout()
        if inner is not None:
            while inner.count():
                child = inner.takeAt(0)
                shown = child.widget() if child is not None else None
                if shown is not None:
                    shown.deleteLater()
            inner.deleteLater()


def scan_past_games(
    store: SessionStore, entries: list[LogEntry], log: PlayLog
) -> tuple[list[LogEntry], int]:
    """Give every game logged before the achievements were read from the journal its marks,
    once (``achievements.scan_entry``): from its saved game when it is still there (opened
    read-only), else from its columns; the log (``log``, the window's own) is rewritten
    once. The entries, and how many were scanned."""
    if not needs_scan(entries):
        return entries, 0
    from frightmare.store.playlog.lines import line_of
    from frightmare.store.playlog.log_file import change_entries

    # Scanned outside the log's lock (a saved game opened each), then written under it,
    # into the log as it is then: another window's lines are kept (issue 32).
    marked: dict[bytes, LogEntry] = {}
    scanned: list[LogEntry] = []
    for entry in entries:
        if entry.achievements is None:
            done = scan_entry(entry, _saved_history(store, entry.session))
            marked[line_of(entry)] = done
            scanned.append(done)
        else:
            scanned.append(entry)

    def change(entry: LogEntry) -> LogEntry:
        return entry if entry.achievements is not None else marked.get(line_of(entry), entry)

    change_entries(log.path, change)
    count = len(scanned) - sum(1 for e in entries if e.achievements is not None)
    return scanned, count


def _saved_history(store: SessionStore, session_id: str | None) -> History | None:
    if not session_id:
        return None
    try:
        session = store.open(session_id, read_only=True)
    except (SessionFileError, OSError, ValueError):
        return None  # deleted, damaged or unreadable: its columns will do
    try:
        return session.history
    finally:
        session.close()
