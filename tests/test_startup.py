"""Start-up loads only what the session picker's first paint needs (issue 12, item 10).

`make bench` measures the time; these check the causes it found, so a change that brings one
back fails here, whatever the machine's speed.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from frightmare import i18n
from frightmare.model import GameSetup, Rename
from frightmare.model.actions.lane import KillVictim
from frightmare.store import SessionStore
from frightmare.store.errors import NewerSessionFile

# Loaded at the first paint, the picker's start-up was about 20 ms slower: the rotating log
# handler (socket, pickle, queue), importlib.resources for the icon, platformdirs when the data
# folder is given, and the rules, the saved-game format and the game screen, which the picker
# does not show.
NOT_BEFORE_THE_FIRST_PAINT = (
    "logging.handlers",
    "importlib.resources",
    "platformdirs",
    "pydantic",
    "filelock",
    "frightmare.model.rules",
    "frightmare.store.games.document",
    "frightmare.ui.game.game_page",
)

SPY = """
import json, sys
from frightmare.ui import application

original = application.after_first_paint
theme = application.apply_theme

def after_first_paint(app, hook):
    print("LOADED " + json.dumps(sorted(sys.modules)), flush=True)
    from frightmare import i18n
    messages = getattr(i18n._translations, "_catalog", {})
    decoded = [len(getattr(messages, "_found", messages)), len(getattr(messages, "plain", ()))]
    print("DECODED " + json.dumps([type(messages).__name__, *decoded]), flush=True)
    made = {
        name: sorted(k for k, v in vars(sys.modules[name]).items() if isinstance(v, type))
        for name in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")
    }
    print("MADE " + json.dumps(made), flush=True)
    def classes():
        return {
            f"{name}.{k}"
            for name in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")
            for k, v in vars(sys.modules[name]).items()
            if isinstance(v, type)
        }

    before = classes()
    result = original(app, hook)
    print("MADE_AFTER " + json.dumps(sorted(classes() - before)), flush=True)
    print("ICON " + str(not app.windowIcon().isNull()), flush=True)
    core = vars(sys.modules["PySide6.QtCore"])
    print("QT_AFTER " + str(isinstance(core.get("Qt"), type)), flush=True)
    return result

def apply_theme(app, **kwargs):
    print("STYLE " + app.style().name(), flush=True)  # before the stylesheet wraps it
    theme(app, **kwargs)

application.after_first_paint = after_first_paint
application.apply_theme = apply_theme
from frightmare.app import main
main(["--smoke", "--data-dir", *sys.argv[1:]])
"""


def _start(
    data: Path, env: dict[str, str] | None = None, *, args: tuple[str, ...] = ()
) -> dict[str, str]:
    return _spied(SPY, str(data), *args, env=env)


def _spied(spy: str, *args: str, env: dict[str, str] | None = None) -> dict[str, str]:
    """What the launch ``spy`` (a script run with ``args``) printed: its ``KEY value`` lines."""
    result = subprocess.run(
        [sys.executable, "-c", spy, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)


def test_the_first_paint_loads_nothing_the_picker_does_not_need(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    for n in range(3):
        store.create(GameSetup(), f"Game {n}").close()
    # The first start reads each game and writes the listing's index; a player's every later
    # start lists from the index alone.
    _start(tmp_path / "data")
    seen = _start(tmp_path / "data")
    loaded = set(json.loads(seen["LOADED"]))
    assert "frightmare.ui.setup.picker" in loaded  # the spy saw the real start-up
    assert sorted(loaded.intersection(NOT_BEFORE_THE_FIRST_PAINT)) == []


def test_the_first_paint_makes_no_python_class_it_can_do_without(tmp_path: Path) -> None:
    """PySide 6.11 makes a Qt class's Python class on first use. Two uses cost the picker's
    first paint about 15 ms and are left until after it: naming any value of the ``Qt``
    namespace (its 93 enum classes) and handing an event to a Python event filter (the classes
    of every kind of event, QGraphicsSceneEvent's among them)."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    made = json.loads(_start(tmp_path / "data")["MADE"])
    assert "QTreeWidget" in made["PySide6.QtWidgets"]  # the spy saw the picker
    assert "Qt" not in made["PySide6.QtCore"]
    assert "QGraphicsSceneEvent" not in made["PySide6.QtWidgets"]
    # Qt's own catalogue is looked for in other languages only (``ui.language``).
    assert {"QTranslator", "QLibraryInfo"}.isdisjoint(made["PySide6.QtCore"])
    # The accessibility factory follows the picker's first paint (``SessionPicker``).
    assert "QAccessible" not in made["PySide6.QtGui"]
    # The desktop's font size is the application's font before the theme's (issue 33: the
    # font database's class and its 40 enums).
    assert "QFontDatabase" not in made["PySide6.QtGui"]


# Nor, in German (issue 30), the names tables (a player's corrected names are read when their
# file is there: tests/ui/test_language.py), importlib.resources for the catalogue, or the
# subprocess module that only View > Language's relaunch uses.
NOT_BEFORE_THE_FIRST_PAINT_IN_GERMAN = (
    *NOT_BEFORE_THE_FIRST_PAINT,
    "frightmare.model.box.names",
    "frightmare.store.names_file",
    "subprocess",
)


def test_the_first_paint_in_german_loads_nothing_the_picker_does_not_need(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    _start(tmp_path / "data", args=("--lang", "de"))
    seen = _start(tmp_path / "data", args=("--lang", "de"))
    loaded = set(json.loads(seen["LOADED"]))
    assert "frightmare.ui.setup.picker" in loaded  # the spy saw the real start-up
    assert sorted(loaded.intersection(NOT_BEFORE_THE_FIRST_PAINT_IN_GERMAN)) == []


@pytest.mark.parametrize("code", ["de", "pl"])
def test_the_first_paint_in_another_language_decodes_only_the_messages_it_shows(
    tmp_path: Path, code: str
) -> None:
    """Reading a catalogue whole, each of its 2,000-odd messages decoded, cost a launch in
    German about 3.5 ms before the picker's first paint (issue 30): the picker looks up fewer
    than 200, each decoded when first looked up (``i18n.Catalogue``; tests/test_i18n.py checks
    that every message reads as gettext reads it)."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    kind, decoded, held = json.loads(_start(tmp_path / "data", args=("--lang", code))["DECODED"])
    assert kind == "Messages" and held > 2000
    assert 0 < decoded < held / 5


def test_tab_s_rule_makes_no_qt_namespace_at_start_up(tmp_path: Path) -> None:
    """Tab's rule (``widgets.focus_chain``) names ``Qt`` only when a key is pressed: imported
    with it at module level, its 93 enum classes cost every launch about 20 ms of processor
    time, the smoke run's included (issue 33: ``make bench`` counts the whole process).
    ``tests/ui/test_keyboard_tab.py`` presses Tab through it."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    assert _start(tmp_path / "data")["QT_AFTER"] == "False"


def test_what_follows_the_first_paint_makes_no_python_class_but_the_icon_s(
    tmp_path: Path,
) -> None:
    """Nothing after the first paint looks among the app's children (``findChild``, as Tab's
    filter once did): PySide made a Python class for each kind of object found (the style,
    the gesture, the event dispatcher...), about 10 ms of processor time in every launch
    (issue 33)."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    made = set(json.loads(_start(tmp_path / "data")["MADE_AFTER"]))
    assert made <= {"PySide6.QtGui.QIcon", "PySide6.QtGui.QIconEngine"}


# The picker's filter by result, before and after the first paint, with assistive technology
# active from the start (Qt then makes its own interface for a combo box as it changes).
ACCESSIBLE = """
import sys
from pathlib import Path
from PySide6.QtGui import QAccessible
from frightmare.store import SessionStore
from frightmare.ui.application import build_window, create_application

app = create_application()
QAccessible.setActive(True)
window = build_window(SessionStore(Path(sys.argv[1])))
combo = window.picker.filter_result
combo.setCurrentIndex(1)
before = QAccessible.queryAccessibleInterface(combo)
print("BEFORE", type(before).__name__, before.text(QAccessible.Text.Name))
window.show()
while not window.picker.list.isSortingEnabled():  # the picker's after_first_paint has run
    app.processEvents()
after = QAccessible.queryAccessibleInterface(combo)
name, value = after.text(QAccessible.Text.Name), after.text(QAccessible.Text.Value)
print("AFTER", type(after).__name__, name, "|", value)
"""


def test_the_picker_s_combo_box_speaks_its_label_from_right_after_the_first_paint(
    tmp_path: Path,
) -> None:
    """The accessibility factory (issue 35) cost the picker's first paint about 3 ms (issue
    30): the picker installs it right after its paint, before the event loop hands on a screen
    reader's first question; an interface Qt made for its combo box before that is dropped."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    seen = _spied(ACCESSIBLE, str(tmp_path / "data"))
    assert not seen["BEFORE"].startswith("ComboAccessible")  # Qt's own, before the paint
    assert seen["AFTER"] == "ComboAccessible Show games by result | In progress"


def test_after_the_first_paint_the_window_gets_its_icon(tmp_path: Path) -> None:
    assert _start(tmp_path / "data")["ICON"] == "True"


def test_the_style_is_fusion_whatever_the_desktop_asks(tmp_path: Path) -> None:
    """The stylesheet is drawn for Fusion; a desktop whose default style is another (here
    forced with Qt's own variable) still gets Fusion."""
    seen = _start(tmp_path / "data", env={"QT_STYLE_OVERRIDE": "windows"})
    assert seen["STYLE"].casefold() == "fusion"


# Launching into the game in progress (issue 19 item 5) ---------------------------------
#
# Its first paint (its board: ui/first_frame.py) comes from the game's snapshot
# (store/games/snapshot.py): the journal is validated and replayed right after it. Found by
# profiling a 2,000-step game: validating the journal (the saved game format) and replaying
# it cost about 35 ms before the first paint.

NOT_BEFORE_THE_GAME_S_FIRST_PAINT = ("frightmare.store.games.full_document",)

GAME_SPY = """
import json, sys
from frightmare.ui import main_window

finish = main_window.MainWindow.finish_opening

def finish_opening(window):  # right after the first frame's paint
    game = window.opening_game
    print("LOADED " + json.dumps(sorted(sys.modules)), flush=True)
    print("REPLAYED " + str(game.history_loaded), flush=True)
    print("SHOWN " + game.state.name, flush=True)
    finish(window)

main_window.MainWindow.finish_opening = finish_opening
from frightmare.app import main
main(["--smoke", "--data-dir", sys.argv[1], "--session", sys.argv[2]])
"""


def _played(store: SessionStore, steps: int, name: str = "Long game") -> str:
    """A game of ``steps`` legal plays, put down as a player leaves it (closed)."""
    from frightmare.model.query.legal import legal_actions

    session = store.create(GameSetup(setup_card="Block Party"), name, seed=4)
    for n in range(steps):
        plays = [a for a in legal_actions(session.state) if a.kind != "rename"]
        session.history.do(plays[n * 7 % len(plays)])
    session.save()
    session.close()
    return session.id


def _start_game(data: Path, name: str) -> dict[str, str]:
    result = subprocess.run(
        [sys.executable, "-c", GAME_SPY, str(data), name],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)


def test_the_game_s_first_paint_needs_no_replay(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    _played(store, 30, "Long game")
    seen = _start_game(tmp_path / "data", "Long game")
    loaded = set(json.loads(seen["LOADED"]))
    assert "frightmare.ui.first_frame" in loaded  # the spy saw the game's first frame
    assert seen["SHOWN"] == "Long game"
    assert seen["REPLAYED"] == "False"
    assert sorted(loaded.intersection(NOT_BEFORE_THE_GAME_S_FIRST_PAINT)) == []


def test_a_game_opened_from_its_snapshot_is_the_replayed_game(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    game = _played(store, 60)
    replayed = store.open(game, read_only=True)
    early = store.open(game, early=True)
    assert not early.history_loaded
    assert early.state == replayed.state
    assert early.steps == (len(replayed.history), replayed.history.cursor)
    assert (early.name, early.created, early.updated, early.inner_id) == (
        replayed.name,
        replayed.created,
        replayed.updated,
        replayed.inner_id,
    )
    assert early.history.actions == replayed.history.actions  # asked for: loaded now
    assert early.history_loaded and not early.replay_differed
    assert early.to_bytes() == replayed.to_bytes()  # nothing is written differently
    early.close()


def test_a_game_left_in_another_language_opens_from_its_snapshot_without_a_warning(
    tmp_path: Path,
) -> None:
    """A walkthrough's find: every launch in another language than the last said "This game
    was first shown from its quick-start copy, which did not match its History". The words of
    what just happened (the state's lines and its events' texts) are in the language of the
    app that played them; the snapshot kept the last launch's, the replay gives this one's.
    Nothing else differs, and nothing is said."""
    store = SessionStore(tmp_path / "data")
    session = store.create(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), "Died", seed=1)
    session.history.do(KillVictim(space="intersection"))  # a Victim died; his Bloodlust rose
    session.save()
    session.close()
    game = session.id
    try:
        i18n.set_language("de")
        early = store.open(game, early=True)
        english = early.state  # the snapshot's
        german = early.history.state  # the journal's, replayed now
        assert not early.replay_differed, "the snapshot's English lines count as a mismatch"
        assert german.log != english.log and german.events != english.events  # the words
        early.close()
    finally:
        i18n.set_language(i18n.ENGLISH)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_a_snapshot_holds_any_state_of_a_generated_game(data: st.DataObject) -> None:
    """Through JSON and back, whatever the game reached (legal.legal_actions)."""
    from frightmare.model import History, new_game
    from frightmare.model.query.legal import legal_actions
    from frightmare.store.games.snapshot import decode_state, encode_state

    setup = data.draw(
        st.builds(
            GameSetup,
            final_girl=st.sampled_from(("Nancy", "Sheila")),
            setup_card=st.sampled_from((None, "Maple Lane", "Block Party", "Revenge")),
            epic=st.booleans(),
            boiler_deck=st.sampled_from(("screen", "physical")),
        )
    )
    history = History(new_game(setup, seed=data.draw(st.integers(0, 2**32))))
    for _ in range(data.draw(st.integers(0, 60))):
        plays = list(legal_actions(history.state))
        if not plays:
            break
        history.do(data.draw(st.sampled_from(plays)))
        state = history.state
        text = json.dumps(encode_state(state))
        back = decode_state(json.loads(text), board=state.board, cards=state.cards)
        assert back == state


def test_a_stale_or_damaged_snapshot_is_ignored(tmp_path: Path) -> None:
    from frightmare.store.games.snapshot import snapshot_path

    store = SessionStore(tmp_path / "data")
    game = _played(store, 20)
    path = store.path_for(game)
    old = snapshot_path(path).read_bytes()
    later = store.open(game)
    later.do(Rename(name="Played on"))
    later.close()
    snapshot_path(path).write_bytes(old)  # the snapshot of the game before its last step
    stale = store.open(game, early=True)
    assert stale.history_loaded and stale.name == "Played on"
    stale.close()  # put down: its snapshot is kept again
    assert store.open(game, early=True).name == "Played on"
    for damaged in (b"", b"{", b'{"format": 1}', old[: len(old) // 2], b"\xff" * 40):
        snapshot_path(path).write_bytes(damaged)
        opened = store.open(game, early=True)
        assert opened.history_loaded and opened.name == "Played on"
        opened.close()


def test_a_snapshot_that_disagrees_with_its_journal_loses(tmp_path: Path) -> None:
    """A snapshot that matches the file but not its journal (edited by hand): the first paint
    shows it, and the replayed journal wins as soon as it is loaded."""
    from frightmare.store.games.snapshot import snapshot_path

    store = SessionStore(tmp_path / "data")
    game = _played(store, 10, "True name")
    cache = snapshot_path(store.path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"]["name"] = "Made-up name"
    cache.write_text(json.dumps(raw))
    session = store.open(game, early=True)
    assert session.name == "Made-up name"
    assert session.history.state.name == "True name"
    assert session.replay_differed and session.name == "True name"
    raw["state"]["round"] = "one"  # a value the model cannot hold: not used at all
    session.close()
    cache.write_text(json.dumps(raw))
    assert store.open(game, early=True).history_loaded


@pytest.mark.parametrize(
    ("field", "value"),
    [("result", "win"), ("ended_round", 7), ("round", 9)],
)
def test_a_snapshot_its_file_s_header_contradicts_is_not_used(
    tmp_path: Path, field: str, value: object
) -> None:
    """The game screen is ready for play on the snapshot's state, its journal replayed right
    after: a snapshot whose result or round is not what its game file's own header says (a
    win the journal never reached) is not used at all; the game opens from its journal."""
    from frightmare.store.games.snapshot import snapshot_path

    store = SessionStore(tmp_path / "data")
    game = _played(store, 10, "True name")
    cache = snapshot_path(store.path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"][field] = value
    cache.write_text(json.dumps(raw))
    opened = store.open(game, early=True)
    assert opened.history_loaded and not opened.state.over and opened.state.round < 7
    opened.close()


def test_a_snapshot_of_another_length_or_cursor_than_its_file_is_not_used(
    tmp_path: Path,
) -> None:
    from frightmare.store.games.snapshot import snapshot_path

    store = SessionStore(tmp_path / "data")
    game = _played(store, 10)
    cache = snapshot_path(store.path_for(game))
    kept = json.loads(cache.read_text())
    for change in ({"journal": 11}, {"cursor": 9}, {"journal": 9, "cursor": 9}):
        cache.write_text(json.dumps({**kept, **change}))
        opened = store.open(game, early=True)
        assert opened.history_loaded, change
        opened.close()


def test_a_damaged_game_file_behaves_as_without_a_snapshot(tmp_path: Path) -> None:
    from frightmare.store.games.snapshot import snapshot_path

    store = SessionStore(tmp_path / "data")
    game = _played(store, 10, "Kept")
    path = store.path_for(game)
    assert snapshot_path(path).exists()
    path.write_bytes(b'{"format": "frightmare-session", "schema_version": 99}')
    with pytest.raises(NewerSessionFile):
        store.open(game, early=True)
    path.write_bytes(b"not a game")
    restored = store.open(game, early=True)  # from its backup, as always
    assert restored.history_loaded and restored.warning and "backup" in restored.warning


def test_undo_right_after_launch_works(qtbot: QtBot, private_data_dir: Path) -> None:
    from frightmare.store import load_settings, save_settings
    from frightmare.ui.application import build_window

    store = SessionStore(private_data_dir)
    game = _played(store, 25)
    replayed = store.open(game, read_only=True).history
    settings = load_settings(private_data_dir)
    settings.game_in_progress = game
    save_settings(private_data_dir, settings)
    window = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(window)
    session = window.session
    assert session is not None and not session.history_loaded  # as launched: not replayed
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()  # before even the first paint
    assert session.state == replayed.state_at(replayed.cursor - 1)
    assert window.game._shown == session.state
    window.redo_action.trigger()
    assert session.state == replayed.state
    window.close()


def test_history_follows_the_first_paint(qtbot: QtBot, private_data_dir: Path) -> None:
    from frightmare.store import load_settings, save_settings
    from frightmare.ui.application import build_window

    store = SessionStore(private_data_dir)
    game = _played(store, 12)
    settings = load_settings(private_data_dir)
    settings.game_in_progress = game
    save_settings(private_data_dir, settings)
    window = build_window(SessionStore(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.session is not None and window.session.history_loaded)
    qtbot.waitUntil(lambda: window.game.history.model.rowCount() > 1)
    assert window.undo_action.text().startswith("&Undo “")
    window.close()


def test_pyside_s_import_hook_answers_as_before_only_quicker() -> None:
    """Issue 33: PySide6's import hook read each module's source through ``inspect`` (about
    0.17 ms a module, 36 ms of the launch into a game); it now reads the file's bytes and
    gives the same answer for each kind of module."""
    import importlib
    import json as plain
    import sys as built_in

    from frightmare.app import quicker_pyside_import_hook

    quicker_pyside_import_hook()
    quicker_pyside_import_hook()  # once is enough: not wrapped twice
    feature = sys.modules["shibokensupport.feature"]
    quick = feature._mod_uses_pyside
    assert quick.quicker
    assert not getattr(quick.slow, "quicker", False)
    modules = [
        importlib.import_module("frightmare.ui.application"),  # uses PySide6
        importlib.import_module("frightmare.model.game.state"),  # pure Python
        plain,
        built_in,
        importlib.import_module("_json"),  # compiled
    ]
    assert [quick(m) for m in modules] == [quick.slow(m) for m in modules]
    assert [quick(m) for m in modules] == [True, False, False, False, False]


def test_imports_skip_pyside_s_feature_hook_the_app_never_uses() -> None:
    """Issue 33: PySide6's ``__feature_import__`` ran two Python functions at each of the
    launch's 2,800 import statements, for ``from __feature__ import ...``, which no module of
    the app says; imports go to PySide's next import, which still makes Qt's types lazily."""
    import builtins
    import importlib

    from frightmare.app import no_feature_import, quicker_pyside_import_hook

    quicker_pyside_import_hook()
    no_feature_import()  # twice is harmless
    assert builtins.__import__ is builtins.__orig_import__  # type: ignore[attr-defined]
    dial = importlib.import_module("PySide6.QtWidgets").QDial  # a type made on first use
    assert dial.__name__ == "QDial"
    root = Path(__file__).resolve().parent.parent / "frightmare"
    said = re.compile(rb"^\s*(from|import)\s+__feature__\b", re.MULTILINE)
    assert [f for f in root.rglob("*.py") if said.search(f.read_bytes())] == []


def test_the_packages_pyside_s_import_hook_answers_by_name_never_name_pyside() -> None:
    """The hook answers "no PySide6" unread for the Qt-free packages (``app.QT_FREE``): each
    of their files is one PySide itself would answer so of (it never names PySide6)."""
    import importlib.util

    from frightmare.app import QT_FREE, qt_free

    assert qt_free("frightmare.model") and qt_free("pydantic._internal._fields")
    assert not qt_free("frightmare.ui.application") and not qt_free("pydantic_extra")
    for package in QT_FREE:
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.origin is not None, package
        top = Path(spec.origin)
        files = sorted(top.parent.rglob("*.py")) if top.name == "__init__.py" else [top]
        assert files, package
        for file in files:
            assert b"PySide6" not in file.read_bytes(), file


PYDANTIC_SPY = """
import os, sys
os.environ["PYDANTIC_DISABLE_PLUGINS"] = sys.argv[1]
from frightmare.app import no_pydantic_plugin_search
no_pydantic_plugin_search()
from pydantic import BaseModel

class Step(BaseModel):
    count: int

assert Step.model_validate_json('{"count": 2}').count == 2
from pydantic.plugin import _loader
print("METADATA", "importlib.metadata" in sys.modules)
print("PLUGINS", list(_loader.get_plugins()))
print("GROUP", _loader.PYDANTIC_ENTRY_POINT_GROUP)
"""


@pytest.mark.parametrize(("disabled", "searched"), [("1", "False"), ("", "True")])
def test_pydantic_looks_for_no_plugins_while_they_are_disabled(
    disabled: str, searched: str
) -> None:
    """Issue 33: pydantic's plugin loader imported importlib.metadata (about 15 ms before the
    launch into a game is ready for play) only to answer "none" with plugins disabled, as
    start-up has them. It now answers the same without it; any other name is the real
    loader's, and with plugins enabled the real loader is used."""
    result = subprocess.run(
        [sys.executable, "-c", PYDANTIC_SPY, disabled],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    seen = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert seen == {"METADATA": searched, "PLUGINS": "[]", "GROUP": "pydantic"}


def test_start_up_reads_the_catalogue_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up chooses the language twice (``app.main``, then ``ui.language``): the German
    catalogue is parsed once (issue 30)."""
    from frightmare import i18n

    parsed: list[object] = []
    real = i18n.Catalogue._parse

    def counted(self: i18n.Catalogue, fp: io.BufferedReader) -> None:
        parsed.append(fp)
        real(self, fp)

    monkeypatch.setattr(i18n.Catalogue, "_parse", counted)
    monkeypatch.setattr(i18n, "_read", {}, raising=False)
    try:
        assert i18n.choose("de") == i18n.Chosen("de")
        first = i18n._("Cancel")
        assert i18n.choose("de") == i18n.Chosen("de")
        assert i18n._("Cancel") == first != "Cancel"
        assert len(parsed) == 1
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("stop", ["paint", "ready"])
def test_a_smoke_run_can_end_at_its_first_paint_or_once_ready(tmp_path: Path, stop: str) -> None:
    """``benchmarks.instructions`` counts a launch's work up to one moment: the smoke run ends
    there (``FRIGHTMARE_SMOKE_STOP``), saying nothing more, and a failure still shows."""
    from frightmare.ui.application import ENV_SMOKE_STOP

    store = SessionStore(tmp_path / "data")
    _played(store, 5, "Short game")
    args = [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(tmp_path / "data")]
    args += ["--session", "Short game"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    whole = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    assert whole.returncode == 0 and "smoke: ok" in whole.stdout, whole.stderr
    ended = subprocess.run(
        args, capture_output=True, text=True, env={**env, ENV_SMOKE_STOP: stop}, timeout=60
    )
    assert ended.returncode == 0, ended.stderr
    assert "smoke: ok" not in ended.stdout


READY_SPY = """
import sys
from frightmare.ui import main_window

finish = main_window.MainWindow.finish_opening

def finish_opening(window):  # ready for play once it returns
    finish(window)
    made = vars(sys.modules["PySide6.QtGui"])
    widgets = vars(sys.modules["PySide6.QtWidgets"])
    print("ACCESSIBLE " + str(isinstance(made.get("QAccessible"), type)), flush=True)
    print("GAME_DOCK " + str(window.game.overview.built), flush=True)
    print("STYLE " + str(isinstance(widgets.get("QStyle"), type)), flush=True)
    print("GRADIENT " + str(isinstance(made.get("QGradient"), type)), flush=True)
    print("BUTTON_BOX " + str(isinstance(widgets.get("QDialogButtonBox"), type)), flush=True)
    print("AWAKE " + str(window.session.state.dream.awake), flush=True)
    from PySide6.QtWidgets import QApplication
    from frightmare.ui.widgets import accessible_combo

    QApplication.processEvents()  # the loop's next turn
    print("FACTORY " + str(accessible_combo._INSTALLED[0]), flush=True)
    print("STYLE_LATER " + str(isinstance(widgets.get("QStyle"), type)), flush=True)
    print("UNDO_KEY " + window.undo_action.shortcut().toString(), flush=True)

main_window.MainWindow.finish_opening = finish_opening
from frightmare.app import main
main(["--smoke", "--data-dir", sys.argv[1], "--session", sys.argv[2]])
"""


def test_what_a_launch_does_not_show_waits_until_the_game_is_ready(tmp_path: Path) -> None:
    """Issue 33 (ready for play at launch, ``make bench-instructions``): Qt's accessibility
    types (the combo boxes' factory, the board's focus events) and the Game dock's card and
    notes, behind History, were made before the game was ready for play (about 3% of the
    launch's work), and so was QStyle's Python class (its 566 enums, another 3%: a button
    measuring its text, a widget restyled as the first state was drawn, History's rows). The
    factory and QStyle come at the loop's next turn, the Game dock's contents when it is
    first shown. QGradient (182 enums) waits for a Boiler Room card to be drawn (not at all
    while she is Awake), QDialogButtonBox (37) for a dialog."""
    store = SessionStore(tmp_path / "data")
    _played(store, 3, "Short game")  # she is still Awake
    seen = _spied(READY_SPY, str(tmp_path / "data"), "Short game")
    assert (seen["ACCESSIBLE"], seen["GAME_DOCK"], seen["FACTORY"]) == ("False", "False", "True")
    assert (seen["STYLE"], seen["STYLE_LATER"]) == ("False", "True")
    assert seen["AWAKE"] == "True"
    assert (seen["GRADIENT"], seen["BUTTON_BOX"]) == ("False", "False")
    assert seen["UNDO_KEY"] == "Ctrl+Z"  # the menus' shortcuts are set once it is ready


# The picker's launch as the app's: its first paint, then the loop's next turn.
SHORTCUTS_SPY = """
import sys
from pathlib import Path
from frightmare.store import SessionStore
from frightmare.ui.application import build_window, create_application, paint_first_frame

app = create_application()
window = build_window(SessionStore(Path(sys.argv[1])))
window.show()
paint_first_frame(app, window)
gui = vars(sys.modules["PySide6.QtGui"])
print("PAINTED " + str(window.first_paint is not None), flush=True)
print("KEYS_AT_PAINT " + str(isinstance(gui.get("QKeySequence"), type)), flush=True)
app.processEvents()
print("UNDO " + window.undo_action.shortcut().toString(), flush=True)
print("REDO " + ",".join(k.toString() for k in window.redo_action.shortcuts()), flush=True)
print("DELETE " + str(len(window.picker.list.findChildren(gui["QShortcut"]))), flush=True)
"""


def test_the_menus_shortcuts_are_set_at_the_loop_s_turn_after_the_first_paint(
    tmp_path: Path,
) -> None:
    """Issue 33 (the picker's first paint): naming QKeySequence, for the menus' 40 shortcuts
    and the list's Delete key, made PySide build its 76 enum members before the picker's first
    paint (about 7 million instructions, ``make bench-instructions``). No key reaches a
    window before it is on screen: they are set at the loop's next turn after the paint."""
    store = SessionStore(tmp_path / "data")
    store.create(GameSetup(), "Game").close()
    seen = _spied(SHORTCUTS_SPY, str(tmp_path / "data"))
    assert (seen["PAINTED"], seen["KEYS_AT_PAINT"]) == ("True", "False")
    assert (seen["UNDO"], seen["REDO"]) == ("Ctrl+Z", "Ctrl+Shift+Z,Ctrl+Y")
    assert seen["DELETE"] == "1"
