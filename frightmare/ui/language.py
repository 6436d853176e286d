"""The language the app speaks: chosen once at start-up, before any window is built.

``--lang`` wins over ``FRIGHTMARE_LANG``, which wins over the language kept in the settings
(View -> Language), which wins over the system's preferred languages. An unknown code or a
damaged catalogue leaves the app in English with one line saying so, never a stopped start.
Qt's own texts (dialog buttons, file dialogs, context menus) follow, from Qt's ``qtbase``
catalogue; and the player's corrected names for the language, from the data folder.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from frightmare import i18n
from frightmare.i18n import _

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

log = logging.getLogger("frightmare")

# Kept alive as long as the app: Qt does not own an installed translator.
_qt_translators: list[QTranslator] = []


def system_languages() -> list[str]:
    """The system's preferred languages, most wanted first (``de-DE``, ``en-US``...)."""
    return list(QLocale.system().uiLanguages())


def start_language(flag: str | None, saved: str, root: Path | None = None) -> list[str]:
    """Put the language asked for in force (see the module); what the player should be told,
    once: a language that could not be used, a names file that could not be read."""
    code, source = i18n.wanted(
        flag, os.environ.get(i18n.ENV_LANG), saved, system_languages() if not saved else ()
    )
    chosen = i18n.choose(code)
    notices = [chosen.notice] if chosen.notice else []
    translated = chosen.code not in (i18n.ENGLISH, i18n.PSEUDO)
    if translated and root is not None and has_corrections(root, chosen.code):
        from frightmare.store.names_file import use_corrections

        problem = use_corrections(root, chosen.code)
        if problem:
            notices.append(problem)
    log.debug("Language %s (asked %r, from the %s)", chosen.code, code, source)
    return notices


def has_corrections(root: Path, code: str) -> bool:
    """Whether the data folder ``root`` may hold the player's corrected names for ``code``
    (``store.names_file.names_path``: anything by that name, read and judged there). Asked
    first, so a launch in German without such a file (nearly every one) does not import the
    names tables (about 5 ms before the first paint, issue 30): the game's first use of a name
    loads them (``model.box.names.names``)."""
    return os.path.lexists(root / f"names-{code}.json")


def install_qt_translations(app: QApplication, code: str | None = None) -> bool:
    """Qt's own texts in the language in force (none to load for English or pseudo); False
    when Qt has no catalogue for it (its texts stay English)."""
    code = code or i18n.language()
    if code in (i18n.ENGLISH, i18n.PSEUDO):
        return False
    # Here, not at import: PySide makes a Qt class's Python class when it is first named, and
    # a launch in English needs neither.
    from PySide6.QtCore import QLibraryInfo, QTranslator

    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{code}", folder):
        log.info("Qt has no catalogue for %s in %s: its own texts stay English", code, folder)
        return False
    app.installTranslator(translator)
    _qt_translators.append(translator)
    return True


def relaunch_command(argv: Sequence[str] | None = None) -> list[str]:
    """The command that starts this app again as it was started, without ``--lang`` (the
    language just chosen is the settings', which ``--lang`` would override)."""
    frozen = getattr(sys, "frozen", False)
    if argv is None:
        argv = sys.argv[1:] if frozen else sys.orig_argv[1:]
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    return [sys.executable, *kept]


def relaunch() -> bool:
    """Start the app again, into the game in progress (kept in the settings) and in the
    language kept there; False when it cannot be started."""
    env = dict(os.environ)
    env.pop(i18n.ENV_LANG, None)  # this launch's FRIGHTMARE_LANG would win over the choice
    import subprocess  # here: start-up never relaunches

    try:
        subprocess.Popen(relaunch_command(), env=env, start_new_session=True)
    except OSError as error:
        log.warning("The app could not be started again: %s", error)
        return False
    return True


def language_menu(
    window: QWidget, view: QMenu, choose: Callable[[str], None]
) -> tuple[QMenu, dict[str, QAction]]:
    """View -> Language: each language in its own name, the one in force checked; choosing
    one calls ``choose`` with its code."""
    menu = view.addMenu(_("&Language"))
    group = QActionGroup(window)
    group.setExclusive(True)
    actions: dict[str, QAction] = {}
    for code, name in i18n.LANGUAGES.items():
        action = QAction(window)
        action.setText(name)  # in its own name, never translated
        action.setCheckable(True)
        action.setChecked(code == i18n.language())
        action.triggered.connect(lambda _checked=False, code=code: choose(code))
        group.addAction(action)
        menu.addAction(action)
        actions[code] = action
    return menu, actions
