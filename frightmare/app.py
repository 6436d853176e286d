"""Command line and start-up: parse arguments, open the store, show the window."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from frightmare import APP_NAME, __version__

_STARTED = time.perf_counter()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="frightmare",
        description=f"{APP_NAME}: keeps the bookkeeping of Final Girl: Frightmare on Maple Lane.",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where sessions are kept (default: $FRIGHTMARE_DATA_DIR, else the user data "
        "directory)",
    )
    parser.add_argument(
        "--log-dir",
        metavar="DIR",
        help="where the log is written (default: $FRIGHTMARE_LOG_DIR, else logs/ in a data "
        "directory given by flag or variable, else the user log directory)",
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help="the app's language for this launch: en, de, es, fr, pl, or pseudo to check "
        "the translations (default: $FRIGHTMARE_LANG, else the one chosen in View > Language, "
        "else the system's)",
    )
    parser.add_argument("--session", metavar="NAME", help="open this session directly")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="start the whole app, paint the window once, print the time to first paint, exit",
    )
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    return parser.parse_args(argv)


# The libraries the app imports, some only when first needed (msgspec when a game ends): each
# is looked for at start-up, so an incomplete installation is said before a game, not in one.
REQUIRED = ("PySide6", "pydantic", "msgspec", "platformdirs", "filelock", "segno")


def missing_libraries() -> list[str]:
    """The required libraries this Python cannot import (found, not imported: PySide6's
    import hook must come after the game's modules, see ``import_the_game_before_qt``)."""
    from importlib.util import find_spec

    return [name for name in REQUIRED if find_spec(name) is None]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    from frightmare import i18n
    from frightmare.i18n import _

    # What start-up may have to say before the settings are read is said in the language
    # asked for on the command line; the window's language is chosen once they are read.
    early, _source = i18n.wanted(args.lang, os.environ.get(i18n.ENV_LANG), None)
    i18n.choose(early)
    missing = missing_libraries()
    if missing:
        return start_up_failed(
            _(
                "{app} is not installed whole: {libraries} cannot be found. Install the app "
                "again (from its package, or with make run in its source folder); your games "
                "are safe in the meantime."
            ).format(app=APP_NAME, libraries=", ".join(missing)),
            smoke=args.smoke,
        )
    # Start-up allocates hundreds of thousands of long-lived objects (Qt wrappers, pydantic
    # schemas): collecting garbage among them only slows the first paint. Re-enabled once the
    # window is up, with those objects frozen out of future collections.
    gc.disable()
    # Pydantic otherwise scans every installed package's metadata for plugins at start-up.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")
    no_pydantic_plugin_search()
    from frightmare.store import SessionStore, data_dir
    from frightmare.store.paths import ENV_DATA_DIR, NoDataFolder, log_dir

    try:
        root = data_dir(args.data_dir)
    except NoDataFolder as error:
        return start_up_failed(str(error), smoke=args.smoke)
    try:
        store = SessionStore(root)
    except OSError as error:
        return start_up_failed(
            _(
                "Frightmare Companion cannot use the data directory {folder} for your games "
                "({reason}). Choose another with --data-dir DIR, or set the {variable} "
                "environment variable to one."
            ).format(folder=root, reason=_why_not(root, error), variable=ENV_DATA_DIR),
            smoke=args.smoke,
        )
    chosen = bool(args.data_dir or os.environ.get(ENV_DATA_DIR, "").strip())
    logs = log_dir(args.log_dir, root if chosen else None)
    if logs is None and chosen:
        from frightmare.store.paths import data_logs_problem

        problem = data_logs_problem(root)
        if problem:  # the log goes to the terminal only; said there
            print(f"frightmare: {problem[0].upper()}{problem[1:]}.", file=sys.stderr, flush=True)

    if args.smoke and not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from frightmare.store.settings import load_settings

    settings = load_settings(root)
    if args.session or settings.game_in_progress:
        import_the_game_before_qt()

    quicker_pyside_import_hook()
    from frightmare.ui.application import run

    return run(
        store,
        session=args.session,
        smoke=args.smoke,
        started=_STARTED,
        logs=logs,
        settings=settings,
        lang=args.lang,
    )


# What painting a game in progress at launch imports, before Qt: the snapshot it is painted
# from, and the game's state (plain dataclasses: no pydantic, no rules). The rules, the game
# screen and the file lock (taken once the board is painted) follow its first paint.
GAME_BEFORE_QT = ("frightmare.model.game.state", "frightmare.store.games.snapshot")


def import_the_game_before_qt() -> None:
    """A launch into a game imports what its first paint needs (the game's state, the
    snapshot) before Qt, which the session picker's launch never imports.

    PySide6's import hook reads the source of each module named in an import statement once it
    has loaded, looking for the word "PySide6" (PYSIDE-2029): about 0.1 ms of processor time a
    module. Imported first, the modules only the game imports (the standard library's, the
    state's) are never read: a few milliseconds less to the game's first paint,
    the same imports otherwise."""
    import importlib

    for name in GAME_BEFORE_QT:
        importlib.import_module(name)


# Packages none of whose modules use PySide6 (``quicker_pyside_import_hook``): the model and
# the store never import Qt (the import layering's contract), nor do pydantic and the packages
# it imports.
QT_FREE = (
    *("frightmare.model", "frightmare.store"),
    *("pydantic", "pydantic_core", "annotated_types", "typing_inspection"),
)


def qt_free(name: str) -> bool:
    """Whether the module ``name`` is one of the ``QT_FREE`` packages' (or one itself)."""
    return any(name == package or name.startswith(package + ".") for package in QT_FREE)


def quicker_pyside_import_hook() -> None:
    """PySide6's import hook (above) asks the same of each module with ``inspect.getsource``,
    which splits the file into lines through ``linecache``: about 0.17 ms a module, 36 ms for
    the 215 modules the game screen imports after its first frame (issue 33: the launch to
    ready for play). Here the same question is asked of the file's bytes: "PySide6" in a
    module's ``.py`` file, and PySide's own answer for any other module (built in, compiled,
    unreadable). The modules of the app's Qt-free layers (the model and the store: a contract
    of the import layering) and of pydantic's packages are answered by name, unread (about
    100 of the modules the game screen imports after its first frame; none of them names
    PySide6, a test holds it). Left as it is if this PySide6 names it differently."""
    import PySide6  # noqa: F401 (installs the hook)

    feature = sys.modules.get("shibokensupport.feature")
    slow = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(slow) or getattr(slow, "quicker", False):
        return

    def uses_pyside(module: object) -> bool:
        name = getattr(module, "__name__", None)
        if isinstance(name, str) and qt_free(name):
            return False
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(slow(module))

    uses_pyside.quicker = True  # type: ignore[attr-defined]
    uses_pyside.slow = slow  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    no_feature_import()


def no_feature_import() -> None:
    """PySide6 puts ``__feature_import__`` in front of every import statement: two Python
    functions of its ``shibokensupport.feature`` run at each one (about 2,800 at a launch into a
    game, 1% of its instructions to ready for play, ``make bench-instructions``), for the
    statement ``from __feature__ import snake_case`` and to note each module's feature default.
    The app selects no feature (no module of it imports ``__feature__``, a test holds it), so
    the import goes straight to the one PySide calls next, ``__orig_import__`` (its lazy
    loading of Qt's types), with every module's default left at "no feature". Left as it is
    if this PySide6 does it differently."""
    import builtins

    hook = getattr(builtins, "__import__", None)
    plain = getattr(builtins, "__orig_import__", None)
    if getattr(hook, "__name__", "") == "__feature_import__" and callable(plain):
        builtins.__import__ = plain


PYDANTIC_LOADER = "pydantic.plugin._loader"


def no_pydantic_plugin_search() -> None:
    """Pydantic asks its plugin loader for plugins when it builds its first validator; that
    module imports ``importlib.metadata`` (email, zipfile, csv: about 15 ms of processor time
    before a launch into a game is ready for play, issue 33) and, plugins being disabled
    (``PYDANTIC_DISABLE_PLUGINS``, as start-up has them), answers none. While they are
    disabled, a loader that answers none without that import stands in for it; any other name
    asked of it is the real loader's (imported then). Left alone once pydantic's is loaded,
    or when the player's environment enables plugins."""
    import types

    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in ("__all__", "1", "true"):
        return
    if PYDANTIC_LOADER in sys.modules:
        return
    loader = types.ModuleType(PYDANTIC_LOADER, "No pydantic plugins: they are disabled.")

    def get_plugins() -> tuple[()]:
        return ()

    def real(name: str) -> object:
        import importlib

        if name.startswith("__"):  # asked by the import system (``__path__``): not a name
            raise AttributeError(name)
        if sys.modules.get(PYDANTIC_LOADER) is loader:
            del sys.modules[PYDANTIC_LOADER]
        return getattr(importlib.import_module(PYDANTIC_LOADER), name)

    loader.get_plugins = get_plugins  # type: ignore[attr-defined]
    loader.__getattr__ = real  # type: ignore[method-assign]
    sys.modules[PYDANTIC_LOADER] = loader


def _why_not(root: Path, error: OSError) -> str:
    """Why the data folder cannot be made, in the player's words: the file in the way by
    name (the system's "File exists" names none), else the system's reason."""
    if isinstance(error, FileExistsError | NotADirectoryError):
        for folder in (root, *root.parents):
            if os.path.lexists(folder) and not os.path.isdir(folder):
                from frightmare.i18n import _

                return _("{path} is a file, not a folder").format(path=folder)
    return str(error.strerror or error)


def start_up_failed(message: str, *, smoke: bool) -> int:
    """The app cannot start: say why on the terminal and, unless in a smoke run, in a box (the
    packaged app has no terminal to read); exit status 2."""
    gc.enable()  # held off for the window's start-up, which is not coming
    print(f"frightmare: {message}", file=sys.stderr, flush=True)
    if not smoke:
        try:
            from frightmare.ui.application import show_start_up_error

            show_start_up_error(message)
        except ImportError:
            pass  # no Qt to show a box with: the terminal has it
    return 2


if __name__ == "__main__":
    sys.exit(main())
