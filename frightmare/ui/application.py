"""The QApplication: theme, window, smoke run."""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from frightmare import APP_ID, APP_NAME, __version__
from frightmare.i18n import _
from frightmare.store import SessionStore, Settings, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.theme import apply_style_sheet, apply_theme, note_system_font, resource_file

# A smoke run ends at this moment ("paint": its first paint; "ready": ready for play), so a
# tool that counts the work of a launch (``benchmarks.instructions``) counts up to it.
ENV_SMOKE_STOP = "FRIGHTMARE_SMOKE_STOP"


def create_application(argv: list[str] | None = None, *, icon: bool = True) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    # Fusion on every desktop, so the stylesheet looks the same everywhere. Chosen by Qt's own
    # -style option: asking the app for its style first would make PySide load QStyle's
    # enums before the first paint.
    app = QApplication([*(argv if argv is not None else sys.argv[:1]), "-style", "Fusion"])
    note_system_font(app)  # its font is still the desktop's
    configure_application(app, icon=icon)
    return app


def configure_application(app: QApplication, *, icon: bool = True) -> None:
    """Name, version, the desktop id that matches the window to its .desktop file, and the icon
    (which start-up sets once the window is painted: ``after_first_paint``)."""
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Frightmare Companion")
    QGuiApplication.setDesktopFileName(APP_ID)
    if icon:
        set_icon(app)


def set_icon(app: QApplication) -> None:
    from PySide6.QtGui import QIcon  # after the first paint: PySide makes its type then

    icon = resource_file("icon.png")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))


log = logging.getLogger("frightmare")


class ErrorHook:
    """An error nobody caught (in a slot, say) is logged with its traceback and shown in a
    short box that says where the log is; the game is kept (every action is already saved).

    Installed before the window is built. The log file is set up after the first paint
    (``start_log``), or by the first error if it comes sooner.
    """

    def __init__(
        self, logs: Path | None, parent: Callable[[], QWidget | None], *, quiet: bool = False
    ) -> None:
        self.logs = logs
        self.parent = parent
        self.quiet = quiet
        self.log_path: Path | None = None
        self._log_started = False
        self._showing = False

    def install(self) -> ErrorHook:
        sys.excepthook = self
        return self

    def start_log(self) -> Path | None:
        """The rotating log file (its path), or None when its folder cannot be written."""
        if not self._log_started:
            self._log_started = True
            from frightmare.store.logs import setup_logging

            self.log_path = setup_logging(self.logs) if self.logs is not None else None
        return self.log_path

    def __call__(
        self, kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, tb)
            return
        log_path = self.start_log()
        log.critical("Uncaught error", exc_info=(kind, value, tb))
        traceback.print_exception(kind, value, tb, file=sys.stderr)
        if self.quiet or self._showing:
            return
        self._showing = True
        try:
            where = (
                _("The details are in the log: {path}").format(path=log_path)
                if log_path
                else _(
                    "The details were printed to the terminal (the log folder cannot be written)."
                )
            )
            from frightmare.ui.widgets.dialogs import (
                ErrorReport,  # when needed: not at the first paint
            )

            ErrorReport.show(
                self.parent(),
                # Translators: {error} is the programmer's name of the error and its text;
                # {where} says where the details are.
                _(
                    "Something went wrong inside the app ({error}).\n\n"
                    "Your game is kept: every action is saved as it is made. You can go on "
                    "playing, or restart the app.\n\n{where}"
                ).format(error=f"{kind.__name__}: {value}", where=where),
            )
        finally:
            self._showing = False


def show_start_up_error(message: str) -> None:
    """The one box of a start that cannot go on (no folder for the games): what to do next."""
    from PySide6.QtWidgets import QMessageBox

    platform = os.environ.get("QT_QPA_PLATFORM", "")
    no_screen = sys.platform == "linux" and not (
        platform or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    if no_screen or platform in ("offscreen", "minimal"):
        return  # nobody could see it: the terminal has it
    create_application(icon=False)
    QMessageBox.critical(None, _("{app} cannot start").format(app=APP_NAME), message)


def after_first_paint(app: QApplication, hook: ErrorHook) -> Path | None:
    """What start-up leaves until the window is on screen: the log and the window icon."""
    if app.windowIcon().isNull():
        set_icon(app)
    return hook.start_log()


def paint_first_frame(app: QApplication, window: MainWindow) -> None:
    """Let the window shown reach the screen (its first paint), within half a second: a
    window manager may take a few round trips to map it."""
    deadline = time.perf_counter() + 0.5
    while window.first_paint is None and time.perf_counter() < deadline:
        app.processEvents()


def build_window(
    store: SessionStore,
    session: str | None = None,
    *,
    headless: bool = False,
    settings: Settings | None = None,
    first_frame: bool = False,
) -> MainWindow:
    """The main window over ``store``, with ``session`` (a name or id) opened if given;
    ``settings`` are read from the store's folder unless given (start-up has read them).
    ``first_frame`` (the app's launch): a game opened from its snapshot shows its board first,
    the game screen built once that is painted (``MainWindow.finish_opening``)."""
    app = create_application()
    settings = settings if settings is not None else load_settings(store.root)
    # The stylesheet once the window is built (see apply_theme): styled once, not again each
    # time a panel of the game screen joins its parent.
    apply_theme(app, dark=settings.dark, zoom=settings.zoom, sheet=False)
    wanted = session or settings.game_in_progress
    # Launching into a game paints it without building the saved-games list (Ctrl+O builds
    # it): about 7 ms, and a second listing of the data folder, before the first paint.
    window = MainWindow(store, settings, headless=headless, picker=not wanted, paint_first=True)
    if not session and settings.game_in_progress:
        # Start where the player left off: the game in progress (the saved games are one
        # key away, Ctrl+O); one gone, finished or unreadable leaves the saved games shown.
        found = store.find(settings.game_in_progress)
        if found is not None and found.can_open and found.result is None:
            window.open_session(found.id, early=True, first_frame=first_frame)
    elif session:
        found = store.find(session)
        if found is None:
            window.statusBar().showMessage(
                _("No saved game is called “{name}”.").format(name=session), 10_000
            )
            if headless:
                print(f"frightmare: no saved game is called “{session}”", file=sys.stderr)
        elif found.can_open:
            window.open_session(found.id, early=True, first_frame=first_frame)
    if window.session is None and not window.opening and not window.picker_built:
        window.show_picker()  # no game opened: the saved games, as at any other start
    if not window.opening:
        apply_style_sheet(app)  # a first frame's window is styled once its game screen is built
    return window


def show_as_left(window: MainWindow) -> None:
    """Show the window as the player left it: full screen, maximized, or at its size."""
    if window.settings.full_screen:
        window.showFullScreen()
        window.full_screen_action.setChecked(True)
    elif window.settings.maximized:
        window.showMaximized()
    else:
        window.show()


def run(
    store: SessionStore,
    *,
    session: str | None,
    smoke: bool,
    started: float,
    logs: Path | None = None,
    settings: Settings | None = None,
    lang: str | None = None,
) -> int:
    from frightmare.ui.language import install_qt_translations, start_language

    settings = settings if settings is not None else load_settings(store.root)
    # Before any window is built: every string is looked up when it is shown.
    notices = start_language(lang, settings.language, store.root)
    app = create_application(icon=False)
    install_qt_translations(app)
    built: list[QWidget] = []
    hook = ErrorHook(logs, lambda: built[0] if built else None, quiet=smoke).install()
    window = build_window(store, session, headless=smoke, settings=settings, first_frame=True)
    built.append(window)
    if notices:
        # Shown once; logged once the log is set up (after the first paint).
        window.statusBar().showMessage(" ".join(notices), 30_000)
        if smoke:
            for notice in notices:
                print(f"frightmare: {notice}", file=sys.stderr, flush=True)
    if not smoke:
        show_as_left(window)
        paint_first_frame(app, window)
        window.finish_opening()
        if window.closed:  # closed while its first frame was shown: the app is done
            return 0
        after_first_paint(app, hook)
        for notice in notices:
            log.warning("%s", notice)
        gc.freeze()
        gc.enable()
        return app.exec()

    window.show()
    deadline = time.perf_counter() + 10
    while window.first_paint is None and time.perf_counter() < deadline:
        app.processEvents()
        if window.first_paint is None:
            window.repaint()
    if window.first_paint is None:
        print("smoke: FAILED, the window was never painted", file=sys.stderr)
        return 1
    # On the system-wide monotonic clock, for `make bench` to time from the launch.
    painted = time.monotonic()
    processor = time.process_time()  # the whole process's, to the first paint
    stop = os.environ.get(ENV_SMOKE_STOP, "")
    if stop == "paint":
        os._exit(0)
    # The game screen, then its own first paint: the launch is ready for play.
    window.finish_opening()
    window.repaint()
    ready = time.monotonic()
    if stop == "ready":
        os._exit(0)
    # Its journal, validated and replayed as at the loop's next turn (the smoke run checks it).
    window.opener.load_history()
    replayed = time.monotonic()
    after_first_paint(app, hook)
    # What the saved-games list would show the player (a file quarantined, a pipe skipped).
    for problem in store.problems_seen:
        print(f"frightmare: {problem}", file=sys.stderr)
    opened = window.session.name if window.session else "session picker"
    print(
        f"smoke: ok, first paint after {(window.first_paint - started) * 1000:.0f} ms, "
        f"painted at {painted:.6f} on the monotonic clock after {processor:.6f} s of "
        f"processor time, ready at {ready:.6f} and replayed at {replayed:.6f} ({opened}; "
        f"data in {store.root})",
        flush=True,
    )
    # A smoke run leaves the player's preferences alone (no close, so no settings write),
    # and skips tearing down Qt object by object: everything was saved before the paint.
    sys.stderr.flush()
    os._exit(0)
