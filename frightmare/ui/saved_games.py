"""The saved games in the window: their list (``SessionPicker``, built when first shown), and
what the player does with them: start a game (New game, Roll the film), rename, duplicate,
delete, export and import one.

A game the window holds in memory (the one open, or one kept while its save fails) is always
taken from memory, never reloaded from its file: it may hold play not saved yet.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare.i18n import _, ngettext, pgettext
from frightmare.model.errors import RuleViolation
from frightmare.store.errors import SessionFileError

if TYPE_CHECKING:
    from frightmare.model import GameSetup
    from frightmare.model.record.collection import Collection
    from frightmare.store.games.game_file import Session
    from frightmare.ui.record.desk import RecordDesk
    from frightmare.ui.setup.picker import SessionPicker
    from frightmare.ui.window_host import WindowHost

# The dialogs, the rules' actions and the list itself are imported where they are used: a
# launch into a game paints it without any of them.


def default_name(setup: GameSetup, taken: set[str], today: date | None = None) -> str:
    """A distinct name for a new game: "Nancy vs Dr. Fright, 30 Nov" (then "(2)", "(3)")."""
    day = today or date.today()
    from frightmare.model.box.names import shown

    # Translators: a new game's name, e.g. "Nancy vs Dr. Fright, 30 Nov"; {month} is the
    # month's short English name (it stays English).
    base = _("{final_girl} vs {killer}, {day} {month}").format(
        final_girl=shown("final_girl", setup.final_girl),
        killer=shown("killer", setup.killer),
        day=day.day,
        month=f"{day:%b}",
    )
    name, n = base, 1
    while name in taken:
        n += 1
        # Translators: a game's name made distinct, e.g. "Nancy vs Dr. Fright, 30 Nov (2)".
        name = _("{name} ({number})").format(name=base, number=n)
    return name


def _file_safe(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip()
    return (cleaned or "session")[:60]


class SavedGames:
    """The saved games of ``window``'s store, and the window's actions on them; ``desk`` says
    what the play log adds to the list (games waiting to be recorded) and to a new game (the
    games played)."""

    def __init__(self, window: WindowHost, desk: RecordDesk) -> None:
        self.window = window
        self.desk = desk
        self._picker: SessionPicker | None = None

    @property
    def picker(self) -> SessionPicker:
        """The saved-games list, built when first needed (start-up into a game in progress
        paints the game without it)."""
        if self._picker is None:
            from frightmare.ui.setup.picker import SessionPicker

            window = self.window
            self._picker = picker = SessionPicker(window.pages)
            window.pages.insertWidget(0, picker)
            picker.new_requested.connect(self.new_game)
            picker.roll_requested.connect(self.roll_film)
            picker.open_requested.connect(window.open_session)
            picker.rename_requested.connect(self.rename_session)
            picker.duplicate_requested.connect(self.duplicate_session)
            picker.delete_requested.connect(self.delete_session)
            picker.import_requested.connect(self.import_session)
            picker.export_requested.connect(self.export_session)
        return self._picker

    @property
    def built(self) -> bool:
        return self._picker is not None

    @property
    def shown(self) -> bool:
        return self._picker is not None and self.window.pages.currentWidget() is self._picker

    def show(self, select: str | None = None) -> None:
        """The list, ``select`` (or the game open) selected; where finished games wait to be
        recorded is said with the saved games' problems."""
        window = self.window
        window.flush_typing()
        window.close_edit_dialog()
        window.pages.setCurrentWidget(self.picker)
        current = window.session.id if window.session is not None else None
        scan = window.store.scan()
        waiting = self.desk.waiting_text()
        if waiting:
            scan.problems.append(waiting)
        self.picker.show_sessions(scan, select or current)
        window.refresh()

    def refresh_if_shown(self) -> None:
        """The list again if it is shown (games imported into the play log: their results)."""
        if self.shown:
            self.window.show_picker()

    # Starting a game --------------------------------------------------------------------

    def new_game(self) -> None:
        window = self.window
        window.flush_typing()
        from frightmare.ui.setup.wizard import NewGameDialog

        answer = NewGameDialog.ask(window.window(), window.settings.new_game)
        if answer is None:
            return
        setup, name = answer
        window.settings.new_game = NewGameDialog.remember(setup)
        window.save_settings()
        self._start_game(setup, name)

    def roll_film(self) -> None:
        """Roll the film (Game menu, the saved games' list): one click starts the game."""
        self.window.flush_typing()
        from frightmare.model.record.coverage import coverage
        from frightmare.model.record.statistics import setup_line
        from frightmare.ui.record.film_roll import RollDialog

        owned = self.owned_boxes()
        games = self.desk.logged_games()
        setup = RollDialog.ask(
            self.window.window(), owned, coverage(games, owned), lambda s: setup_line(s, games)
        )
        if setup is not None:
            self._start_game(setup, None)

    def _start_game(self, setup: GameSetup, name: str | None) -> None:
        window = self.window
        if name is None:
            taken = {s.name for s in window.store.scan().sessions}
            name = default_name(setup, taken)
        try:
            session = window.store.create(setup, name)
        except (SessionFileError, OSError) as error:
            window.warn(_("Cannot start a game"), str(error))
            return
        window.set_session(session)
        if session.warning:  # this folder cannot lock files (said once)
            window.warn(_("Started with a problem"), session.warning)

    def owned_boxes(self) -> Collection:
        """The boxes the player owns (Your collection), with their corrected catalogue."""
        from frightmare.model.record.collection import Collection
        from frightmare.ui.record.collection_page import prepare_catalogue

        prepare_catalogue(self.window.store.root)
        return Collection.from_text(self.window.settings.collection)

    def edit_collection(self) -> None:
        from frightmare.ui.record.collection_page import CollectionDialog, prepare_catalogue

        window = self.window
        owned = self.owned_boxes()
        chosen = CollectionDialog.ask(window.window(), owned, prepare_catalogue(window.store.root))
        if chosen is not None and chosen != owned:
            window.settings.collection = chosen.text()
            window.save_settings()

    # A saved game -----------------------------------------------------------------------

    def rename_current(self) -> None:
        from frightmare.ui.widgets.dialogs import AskText

        window = self.window
        if window.session is None:
            return
        name = AskText.ask(window.window(), _("Rename game"), _("New name:"), window.session.name)
        if name and name != window.session.name:
            from frightmare.model import Rename

            window.act(Rename(name=name[:120]))

    def rename_session(self, session_id: str) -> None:
        from frightmare.model import Rename
        from frightmare.ui.widgets.dialogs import AskText

        window = self.window
        live = window.live_session(session_id)
        summary = next((s for s in window.store.scan().sessions if s.id == session_id), None)
        current = live.name if live is not None else summary.name if summary else None
        if current is None:
            return
        name = AskText.ask(window.window(), _("Rename game"), _("New name:"), current)
        if not name or name == current:
            return
        try:
            if live is not None:
                # Renamed in memory, as an action: play not saved yet is kept.
                live.do(Rename(name=name[:120]))
            else:
                window.store.rename(session_id, name[:120])
        except (SessionFileError, RuleViolation, OSError) as error:
            window.warn(_("Cannot rename"), str(error))
        window.show_picker(session_id)

    def duplicate_session(self, session_id: str) -> None:
        window = self.window
        live = window.live_session(session_id)
        try:
            copy = window.store.copy_of(live) if live else window.store.duplicate(session_id)
        except (SessionFileError, OSError) as error:
            window.warn(_("Cannot duplicate"), str(error))
            return
        window.show_picker(copy.id)

    def delete_session(self, session_id: str) -> None:
        from frightmare.ui.widgets.dialogs import Confirm

        window = self.window
        store = window.store
        summary = next((s for s in store.scan().sessions if s.id == session_id), None)
        if summary is None and window.live_session(session_id) is None:
            from frightmare.store.data_folder import gone_message

            window.warn(_("Cannot delete"), gone_message(store.deleted_dir))
            window.show_picker()
            return
        name = summary.name if summary else _("this game")
        if window.live_session(session_id) is None and store.held_elsewhere(session_id):
            # Refused at once, as renaming is: nothing to confirm.
            window.warn(
                _("Cannot delete"),
                _(
                    "“{game}” is open in another window of Frightmare Companion, so it cannot "
                    "be deleted now. Close it there, then delete it."
                ).format(game=name),
            )
            return
        if not Confirm.ask(
            window.window(),
            _("Delete game"),
            _(
                "Delete “{game}”? It moves to the deleted folder of your data directory "
                "({folder}), where it can still be recovered by hand."
            ).format(game=name, folder=store.deleted_dir),
            yes=pgettext("button", "Delete"),
        ):
            return
        live = window.live_session(session_id)
        if live is not None:
            window.forget(live)
        try:
            store.delete(session_id)
        except (SessionFileError, OSError) as error:
            window.warn(_("Cannot delete"), str(error))
        window.show_picker()

    def resolve_conflict(self) -> None:
        """The file changed on disk under this window: reload it, or keep ours as a new game."""
        from frightmare.ui.widgets.dialogs import ChangedOnDisk

        window = self.window
        session = window.session
        if session is None or not session.conflict:
            return
        assert session.save_error is not None
        choice = None if window.headless else ChangedOnDisk.ask(window.window(), session.save_error)
        if choice == "reload":
            session.close()
            window.session = None
            window.open_session(session.id)
        elif choice == "copy":
            try:
                copy = window.store.copy_of(
                    session,
                    # Translators: the name of a game's copy kept when its file changed.
                    _("{game} (kept copy)").format(game=session.name),
                )
            except OSError as error:
                window.warn(_("Cannot keep this copy"), str(error))
                return
            session.close()
            window.session = None
            window.open_session(copy.id)

    # Export and import ------------------------------------------------------------------

    def export_session(self, session_id: str) -> None:
        window = self.window
        session = window.live_session(session_id)
        if session is None:
            try:
                session = window.store.open(session_id, read_only=True)
            except SessionFileError as error:
                window.warn(_("Cannot export"), str(error))
                return
        self._export(session)

    def export_current(self) -> None:
        if self.window.session is not None:
            self.window.flush_typing()
            self._export(self.window.session)

    def _export(self, session: Session) -> None:
        from frightmare.ui.widgets.dialogs import ChooseFile

        window = self.window
        target = ChooseFile.ask_save(
            window.window(), _("Export game"), _file_safe(session.name) + ".json"
        )
        if target is None:
            return
        try:
            window.store.export(session, target)
        except OSError as error:
            window.warn(
                _("Export failed"),
                _("Could not write {path}: {error}").format(path=target, error=error),
            )
            return
        window.statusBar().showMessage(_("Exported to {path}").format(path=target), 8000)

    def import_session(self) -> None:
        from frightmare.ui.widgets.dialogs import ChooseFile

        source = ChooseFile.ask_open(self.window.window(), _("Import game"))
        if source is None:
            return
        self.import_from(source)

    def import_from(self, source: Path) -> bool:
        from frightmare.ui.widgets.dialogs import Confirm

        window = self.window
        try:
            pending = window.store.prepare_import(source)
        except SessionFileError as error:
            window.warn(
                _("Cannot import"),
                _("{file} cannot be imported: {error}.").format(file=source.name, error=error),
            )
            return False
        kept = len(pending.session.history)
        if pending.dropped and not Confirm.ask(
            window.window(),
            _("Import only part of this game?"),
            ngettext(
                "{dropped} of the {total} steps of {file} cannot be imported: {reason}\n\n"
                "Import the {kept} step before it, or cancel?",
                "{dropped} of the {total} steps of {file} cannot be imported: {reason}\n\n"
                "Import the {kept} steps before it, or cancel?",
                kept,
            ).format(
                dropped=pending.dropped,
                total=kept + pending.dropped,
                file=source.name,
                reason=pending.reason,
                kept=kept,
            ),
            yes=ngettext("Import {count} step", "Import {count} steps", kept).format(count=kept),
        ):
            return False
        try:
            session = window.store.commit_import(pending)
        except (SessionFileError, OSError) as error:
            window.warn(_("Cannot import"), str(error))
            return False
        window.show_picker(session.id)
        if pending.dropped:
            window.statusBar().showMessage(
                ngettext(
                    "Imported {count} step; {dropped} were left out.",
                    "Imported {count} steps; {dropped} were left out.",
                    len(session.history),
                ).format(count=len(session.history), dropped=pending.dropped),
                15_000,
            )
        return True
