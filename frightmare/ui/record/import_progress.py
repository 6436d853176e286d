"""Importing a play log with a progress dialog the player can cancel.

The import itself (``importing.import_log``) runs in a worker thread, so the window keeps
painting and the Cancel button answers; it says how far it is by the chunk read, and a cancel
leaves the play log exactly as it was (the log changes in one atomic replace, after the last
moment to cancel). The report says at most 20 problem rows and names the file that has them
all. Each dialog is reached through its classmethod (tests replace them): the file
(``ChoosePlayLog.ask``), the progress (``ImportProgress.ask``), what it did
(``ImportTold.show``).
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from frightmare.i18n import N_, _
from frightmare.store.playlog.importing import ImportCancelled, ImportReport, import_log

TITLE = N_("Import a play log")
STEPS = 1000
# The dialog shows only when an import lasts longer than this (a small file just happens).
SHOWN_AFTER_MS = 400


class ImportWorker(QObject):
    """Runs one import in its thread; ``progressed`` by the thousandth, ``done`` with the
    report or the error."""

    progressed = Signal(int)
    done = Signal(object)

    def __init__(self, log_path: Path, source: Path) -> None:
        super().__init__()
        self.log_path = log_path
        self.source = source
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        self._cancelled.set()

    def _told(self, fraction: float) -> bool:
        self.progressed.emit(round(fraction * STEPS))
        return not self._cancelled.is_set()

    def run(self) -> None:
        try:
            result: object = import_log(self.log_path, self.source, progress=self._told)
        except Exception as error:  # handed to the window's thread, which says it
            result = error
        self.done.emit(result)


class ImportProgress:
    """The import under way: its progress, and Cancel (window-modal over ``parent``)."""

    @classmethod
    def ask(cls, parent: QWidget | None, log_path: Path, source: Path) -> object:
        """Import ``source`` with the progress dialog; the ``ImportReport``, or the error (an
        ``ImportCancelled`` when the player cancelled)."""
        dialog = QProgressDialog(
            _("Importing the games of {file}…").format(file=source.name),
            _("Cancel"),
            0,
            STEPS,
            parent,
        )
        dialog.setWindowTitle(_(TITLE))
        dialog.setAccessibleName(_("Import progress"))
        dialog.setMinimumDuration(SHOWN_AFTER_MS)
        dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance("M") * 32)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        if parent is not None:
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
        worker = ImportWorker(log_path, source)
        thread = QThread()
        worker.moveToThread(thread)
        loop = QEventLoop()
        outcome: list[object] = []

        def finished(result: object) -> None:
            outcome.append(result)
            loop.quit()

        worker.progressed.connect(dialog.setValue)
        worker.done.connect(finished)
        # Directly, in this thread: the worker's own thread is busy with the import, so a
        # queued call would arrive only once it is done.
        dialog.canceled.connect(lambda: worker.cancel(), Qt.ConnectionType.DirectConnection)
        dialog.canceled.connect(
            lambda: dialog.setLabelText(_("Cancelling: your play log stays as it was…"))
        )
        thread.started.connect(worker.run)
        thread.start()
        if not outcome:
            loop.exec()
        thread.quit()
        thread.wait()
        dialog.close()
        dialog.deleteLater()
        return outcome[0]


class ChoosePlayLog:
    """The play log to import: a file of the player's (CSV, or the app's JSON lines)."""

    @classmethod
    def ask(cls, parent: QWidget | None) -> Path | None:
        chosen, _kind = QFileDialog.getOpenFileName(
            parent,
            _(TITLE),
            str(Path.home()),
            # Translators: a file dialog's filter; keep the patterns in brackets.
            _("Play logs (*.csv *.jsonl *.json *.txt)"),
        )
        return Path(chosen) if chosen else None


class ImportTold:
    """What an import did (or why nothing was imported), in a box of its own."""

    @classmethod
    def show(cls, parent: QWidget | None, text: str, *, warning: bool = False) -> None:
        if warning:
            QMessageBox.warning(parent, _(TITLE), text)
        else:
            QMessageBox.information(parent, _(TITLE), text)


def ask_import(parent: QWidget | None, log_path: Path) -> ImportReport | None:
    """Ask for a play log to import (CSV or the app's JSON lines), merge it with progress
    shown, say what happened. ``None`` if the player cancelled (at the file or during the
    import) or nothing was imported."""
    source = ChoosePlayLog.ask(parent)
    if source is None:
        return None
    result = ImportProgress.ask(parent, log_path, source)
    if isinstance(result, ImportCancelled):
        ImportTold.show(parent, str(result))
        return None
    if isinstance(result, OSError | ValueError):
        ImportTold.show(
            parent, _("Nothing was imported: {reason}").format(reason=result), warning=True
        )
        return None
    if isinstance(result, BaseException):
        raise result  # the app's own error: the error hook logs and shows it
    assert isinstance(result, ImportReport)
    ImportTold.show(parent, "\n".join(result.messages), warning=bool(result.damaged))
    return result
