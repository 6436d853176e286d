"""The window's record desk: the one play log of a window, kept in step with its games.

The desk watches each game the window plays (``watch``): the session announces a change that
ends the game, or undoes its end, before that change is saved, and the desk marks the game's
line as waiting at once (``PlayLog.mark_result``: a kill right after the save cannot lose it).
Once the window has drawn the change, ``settle`` records the game (or takes it out of the log)
and says what the log has to say: the game the window plays then, which is another when the
file changed under the window meanwhile and the player reloaded it or kept a copy. The desk
also answers the game-over summary (the game's line and the player's answers), and runs the
play log's import, export and statistics.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMainWindow

from frightmare.i18n import _, ngettext
from frightmare.store.logs import log_problem
from frightmare.store.playlog.playlog import PlayLog

if TYPE_CHECKING:
    from frightmare.model.record.log_entry import LogEntry
    from frightmare.model.record.record_digest import RecordDigest
    from frightmare.store.data_folder import SessionStore
    from frightmare.store.games.game_file import Session
    from frightmare.store.playlog.importing import ImportReport
    from frightmare.ui.record.stats.stats_dialog import StatsDialog

# What the window's widgets and dialogs (Qt's, the record's) are imported for when first shown:
# the launch's first paint needs none of them.


class RecordDesk:
    """The play log of one window (``log``) and what the window does with it. ``window`` is the
    dialogs' parent and has the status bar; ``warn`` says what the player must see (a box, or
    stderr in a smoke run, as the window's own warnings); ``imported`` is told once games were
    imported into the log (the saved games' list shows their results)."""

    def __init__(
        self,
        window: QMainWindow,
        store: SessionStore,
        *,
        headless: bool,
        warn: Callable[[str, str], None],
        imported: Callable[[], None],
    ) -> None:
        self.window = window
        self.store = store
        self.headless = headless
        self.warn = warn
        self.imported = imported
        self.log = PlayLog(store.root)
        # The results heard (the game ended: True, or undo reopened it), before each change
        # was saved: recorded or taken out by ``settle``.
        self._heard: list[bool] = []
        # The summary's answers of each game this window ended, by game: an undo past its end
        # takes its line out of the log, and a redo that ends it again answers them again.
        self._answers: dict[str, dict[str, int]] = {}
        self._stats_dialog: StatsDialog | None = None

    # The games the window plays ---------------------------------------------------------

    def watch(self, session: Session) -> None:
        """Hear every change of ``session``'s result (the session announces it)."""
        session.result_hook = self._result_changed

    def _result_changed(self, session_id: str, over: bool) -> None:
        # Before the change is saved: the line waits on disk first, then ``settle`` writes it.
        self.log.mark_result(session_id, over)
        self._heard.append(over)

    def settle(self, session: Session | None) -> bool:
        """Keep the play log in step with what the last change did, once it is saved and
        drawn: ``session`` (the window's game now) is recorded if it ended, taken out of the
        log if undo reopened it, and left alone if it is no longer as heard (reloaded from its
        file, say). Whether it just ended (the window then shows its summary, after a play)."""
        heard, self._heard = self._heard, []
        ended = False
        for over in heard:
            if session is None or session.read_only or session.state.over != over:
                continue
            if over:
                self._record(session)
                ended = True
            else:
                try:
                    self.log.withdraw(session.id)
                except OSError as error:
                    self.failed(error)
                self.tell()
        return ended

    def _record(self, session: Session) -> None:
        try:
            self.log.record(
                session.id,
                session.state,
                history=session.history,
                started=session.created,
                saved=session.save_error is None,
            )
        except OSError as error:
            self.failed(error)
        self.tell()
        self._answer_again(session)

    def _answer_again(self, session: Session) -> None:
        """A game ended again (a redo past an undo of its end): the summary's answers the
        player gave before go back into its line, as long as its journal still asks them."""
        kept = self._answers.get(session.id)
        if not kept:
            return
        from frightmare.model.record.achievements import answered, parse_marks
        from frightmare.model.record.journal_facts import ASK

        entry = self.log.entry(
            session.id, session.state, history=session.history, started=session.created
        )
        asked = parse_marks(entry.achievements)
        again = {key: value for key, value in kept.items() if asked.get(key) == ASK}
        for key, value in again.items():
            entry = answered(entry, key, bool(value))
        if again:
            self.keep_record(entry, session)

    # What the player is told ------------------------------------------------------------

    def failed(self, error: OSError) -> None:
        """A line could not be written: said in the status bar, and in a box when a finished
        game waits (where, once)."""
        from frightmare.store.playlog.playlog import PlayLogPending

        message = _("The play log could not be written: {error}").format(error=error)
        log_problem(message)
        self.window.statusBar().showMessage(message, 15_000)
        if isinstance(error, PlayLogPending):
            self.warn(_("The game waits to be recorded"), message)

    def tell(self) -> None:
        """What the play log has to tell the player, once, whichever read or write found it:
        a sync tool's copies merged, a drive where the log cannot be locked."""
        from frightmare.ui.widgets.dialogs import Inform

        for notice in self.log.take_notices():
            if self.headless:
                print(f"frightmare: The play log: {notice}", file=sys.stderr, flush=True)
            else:
                Inform.show(self.window, _("The play log"), notice)

    def waiting_text(self) -> str | None:
        """Where finished games wait to be recorded, while any does (issue 21: "every
        finished game is in the record or the player is told where it waits")."""
        files = self.log.waiting_files()
        if not files:
            return None
        shown = ", ".join(f.name for f in files[:3]) + (", …" if len(files) > 3 else "")
        return ngettext(
            "{count} finished game waits to be written to the play log: its line is kept in "
            "{folder} ({files}) and written at the next game finished, when the Statistics "
            "open, or at the next start.",
            "{count} finished games wait to be written to the play log: their lines are kept "
            "in {folder} ({files}) and written at the next game finished, when the Statistics "
            "open, or at the next start.",
            len(files),
        ).format(count=len(files), folder=self.store.root, files=shown)

    def record_waiting_games(self) -> None:
        """At start-up: the finished games whose lines wait (a full disk, a crash) are written
        now if the log takes them at once (another window's hold is not waited for)."""
        log = self.log
        if not log.waiting_files() or not log.flush_pending(wait=0) or not log.written:
            return  # nothing waits, or what waits still does (the saved games' list says so)
        written = log.written
        self.window.statusBar().showMessage(
            ngettext(
                "{count} finished game that waited was written to the play log.",
                "{count} finished games that waited were written to the play log.",
                written,
            ).format(count=written),
            15_000,
        )

    def may_quit(self) -> bool:
        """Whether the window may close: a line waiting in its file is written at the next
        start, so only one held in memory (no file could be made for it) is asked about."""
        from frightmare.ui.widgets.dialogs import Confirm

        waiting = self.log
        return not (
            waiting.in_memory
            and not waiting.flush_pending()
            and waiting.in_memory
            and not Confirm.ask(
                self.window,
                _("Finished games not recorded"),
                ngettext(
                    "{count} finished game could not be written to the play log yet, nor kept "
                    "on the disk (it is full, or the log is busy). Quit anyway? The saved games "
                    "are kept; only their lines in the play log are lost.",
                    "{count} finished games could not be written to the play log yet, nor kept "
                    "on the disk (it is full, or the log is busy). Quit anyway? The saved games "
                    "are kept; only their lines in the play log are lost.",
                    waiting.in_memory,
                ).format(count=waiting.in_memory),
                yes=_("Quit anyway"),
            )
        )

    # The game-over summary --------------------------------------------------------------

    def show_summary(self, session: Session | None) -> None:
        """The game-over summary of ``session`` (after the play that ended it, or from the Game
        menu's "Game summary…"); it asks the window for the game's record (``game_record``)."""
        if session is None or not session.state.over:
            return
        from frightmare.ui.record.summary import GameOverDialog

        GameOverDialog.show_for(self.window, session.state, self.export_play_log)

    def game_record(self, session: Session | None) -> tuple[LogEntry, RecordDigest] | None:
        """The game's play-log line (as the log has it, or as it would be) and the record in
        brief of the log (``PlayLog.summary_record``: the log is not read whole), for the
        summary's achievements; ``None`` while the game is not over."""
        if session is None or not session.state.over:
            return None
        from frightmare.model.record.record_digest import RecordDigest

        try:
            entry, digest = self.log.summary_record(session.id)
        except OSError:
            entry, digest = None, RecordDigest.empty()
        if entry is None:
            entry = self.log.entry(
                session.id, session.state, history=session.history, started=session.created
            )
        # This read may be the one that merged a sync tool's copies: said once the summary
        # is up (it is being built now).
        QTimer.singleShot(0, self.tell)
        return entry, digest

    def keep_record(self, entry: LogEntry, session: Session | None) -> None:
        """The finished game's line again, with the player's answers (the summary's
        questions): one line appended (or waiting, as a finished game's does); the log keeps
        each game's latest. ``session``: the game open in the window."""
        if session is not None and entry.session == session.id:
            from frightmare.model.record.achievements import DETECTORS, parse_marks
            from frightmare.model.record.journal_facts import ASK

            self._answers[session.id] = {
                key: value
                for key, value in parse_marks(entry.achievements).items()
                if DETECTORS.get(key) == "player" and value != ASK
            }
        try:
            self.log.add(entry, saved=session is None or session.save_error is None)
        except OSError as error:
            self.failed(error)
        self.tell()

    # The log's games: statistics, import, export ----------------------------------------

    def logged_games(self) -> list[LogEntry]:
        """The play log's games, for the record line before a game (none if unreadable)."""
        try:
            entries = self.log.entries()
        except OSError:
            return []
        # This read may merge a sync tool's copies (store, issue 21): said as the dialog opens.
        QTimer.singleShot(0, self.tell)
        return entries

    def _entries(self) -> list[LogEntry] | None:
        """Every game of the log, what it skipped said (at most 20 named, then how many
        more); ``None`` when it cannot be read."""
        try:
            entries = self.log.entries()
        except OSError as error:
            self.warn(_("The play log cannot be read"), str(error))
            return None
        from frightmare.store.playlog.lines import summary

        self.tell()  # a sync tool's copies merged, by this read or an earlier one
        if self.log.damaged:
            self.warn(_("Some lines of the play log were skipped"), summary(self.log.damaged))
        return entries

    def show_statistics(self) -> None:
        entries = self._entries()
        if entries is None:
            return
        from frightmare.ui.record.achievements import scan_past_games

        try:  # past games get their achievements from their journals, once
            entries, scanned = scan_past_games(self.store, entries, self.log)
        except OSError as error:
            self.failed(error)
            scanned = 0
        self.tell()  # that scan rewrote the log: where it cannot lock, said once
        if scanned:
            self.window.statusBar().showMessage(
                ngettext(
                    "{count} past game read for achievements",
                    "{count} past games read for achievements",
                    scanned,
                ).format(count=scanned),
                10_000,
            )
        from frightmare.ui.record.stats.stats_dialog import StatsDialog

        self._stats_dialog = StatsDialog.show_for(self.window, entries)

    def import_play_log(self) -> ImportReport | None:
        """Ask for a play log to import and merge it (with its progress); the report, said in
        the status bar, or ``None`` when nothing was imported."""
        from frightmare.ui.record import achievements

        report = achievements.ask_import(self.window, self.log.path)
        self.tell()
        if report is not None:
            self.imported()
            self.window.statusBar().showMessage(report.messages[0], 10_000)
        return report

    def export_play_log(self) -> None:
        from frightmare.ui.widgets.dialogs import ChooseFile, Inform

        target = ChooseFile.ask_save(
            self.window,
            _("Export the play log"),
            "frightmare-plays.csv",
            # Translators: a file dialog's filter; keep the (*.csv) and (*) patterns.
            _("CSV files (*.csv);;All files (*)"),
        )
        if target is None:
            return
        try:
            count = self.log.export_csv(target, staging=self.store.root)
        except OSError as error:
            Inform.show(
                self.window,
                _("Export failed"),
                _("Could not write {path}: {error}").format(path=target, error=error),
                warning=True,
            )
            return
        finally:
            self.tell()
        self.window.statusBar().showMessage(
            ngettext(
                "Play log exported to {path} ({count} game)",
                "Play log exported to {path} ({count} games)",
                count,
            ).format(path=target, count=count),
            10_000,
        )
