"""Launching into a game in progress builds only what its first paint shows (issue 19's start-up
budget). `make bench` measures the time; these check the causes found by profiling the launch,
so a change that brings one back fails here, whatever the machine's speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from frightmare.model import GameSetup
from frightmare.model.actions.lane import Move
from frightmare.model.actions.round import AdjustCounter
from frightmare.store import SessionStore

# Printed by the launched app once its game screen is ready for play and its journal is
# replayed (``after_first_paint`` comes right after both), before anything else it does.
SPY = """
import json, sys
from frightmare.ui import application

original = application.after_first_paint

def after_first_paint(app, hook):
    seen = {"loaded": sorted(sys.modules)}
    print("SEEN " + json.dumps(seen), flush=True)
    return original(app, hook)

application.after_first_paint = after_first_paint
from frightmare.app import main
main(["--smoke", "--data-dir", sys.argv[1], "--session", sys.argv[2]])
"""


def _launch(spy: str, data: Path, name: str, said: str) -> tuple[str, Any]:
    """A smoke launch into the game ``name`` with ``spy`` around it: its output, and what the
    spy printed after ``said``."""
    result = subprocess.run(
        [sys.executable, "-c", spy, str(data), name],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    line = next(x for x in result.stdout.splitlines() if x.startswith(f"{said} "))
    return result.stdout, json.loads(line.removeprefix(f"{said} "))


def _after_the_replay(data: Path, name: str) -> dict[str, object]:
    seen: dict[str, object] = _launch(SPY, data, name, "SEEN")[1]
    return seen


def _a_game_in_progress(root: Path) -> str:
    store = SessionStore(root)
    session = store.create(GameSetup(setup_card="Maple Lane"), "Long game", seed=1)
    for action in (Move(to="intersection", steps=1), AdjustCounter(counter="time", delta=-1)):
        session.history.do(action)
    session.save()
    session.close()
    return "Long game"


def test_the_journal_is_read_once_the_game_screen_is_ready(tmp_path: Path) -> None:
    """The actions are plain records (``actions.base``): the game screen is ready for play
    before pydantic is imported (below); reading its journal, right after, imports pydantic
    with the whole session file's schema."""
    loaded = _after_the_replay(tmp_path, _a_game_in_progress(tmp_path))["loaded"]
    assert isinstance(loaded, list)
    assert "pydantic" in loaded and "frightmare.store.games.full_document" in loaded


# The launch's own order of imports up to the first frame's paint (``finish_opening`` comes
# right after it), then what the game screen imports: the spy itself imports no Qt.
ORDER_SPY = """
import json, sys
from frightmare import app

before_qt = app.import_the_game_before_qt

def spy_once_the_game_is_imported():
    before_qt()
    from frightmare.ui import main_window  # where the launch imports Qt: right after

    finish = main_window.MainWindow.finish_opening

    def finish_saying_the_order(window):
        from PySide6.QtWidgets import QApplication

        painted = list(sys.modules)  # in the order first imported
        widgets = sorted(k for k, v in vars(sys.modules["PySide6.QtWidgets"]).items())
        styled = [bool(QApplication.instance().styleSheet())]
        from frightmare.ui import game_opening

        style = game_opening.apply_style_sheet
        when = []

        def style_saying_when(app):
            built = window.game_built
            when.append([built, built and window.pages.currentWidget() is window.game])
            style(app)

        game_opening.apply_style_sheet = style_saying_when
        finish(window)
        styled.append(bool(QApplication.instance().styleSheet()))
        seen = {"painted": painted, "ready": list(sys.modules), "widgets": widgets}
        seen["styled"], seen["styled_when"] = styled, when
        print("ORDER " + json.dumps(seen), flush=True)

    main_window.MainWindow.finish_opening = finish_saying_the_order

app.import_the_game_before_qt = spy_once_the_game_is_imported
app.main(["--smoke", "--data-dir", sys.argv[1], "--session", sys.argv[2]])
"""


def test_a_launch_into_a_game_paints_its_board_before_the_rules_are_imported(
    tmp_path: Path,
) -> None:
    """The first frame (the game's board, from its snapshot) imports neither pydantic nor the
    rules nor the game screen: about 200 ms of a 2,000-action game's launch, which come right
    after its paint; the game screen, ready for play, has not imported pydantic either. What
    the first frame needs comes before Qt: PySide6 reads the source of each module imported
    after it (its import hook looks for the word "PySide6")."""
    name = _a_game_in_progress(tmp_path)
    # The first launch lists the games and writes the listing's index (reading a game's
    # header imports pydantic); every later one finds the game from the index alone.
    _launch(ORDER_SPY, tmp_path, name, "ORDER")
    out, seen = _launch(ORDER_SPY, tmp_path, name, "ORDER")
    assert "smoke: ok" in out and "(Long game;" in out  # the game opened
    painted, ready = seen["painted"], seen["ready"]
    assert "frightmare.ui.first_frame" in painted
    for later in ("frightmare.model.actions", "frightmare.ui.game.game_page"):
        assert later not in painted and later in ready, later
    # The actions are plain records: pydantic waits for the journal (issue 33, about 50 ms).
    assert "pydantic" not in ready
    # The screensaver is asked once the game screen is ready for play (Qt's D-Bus module).
    assert "PySide6.QtDBus" not in ready
    # The game's lock is flock's, taken directly where the system has it (store/games/lock.py).
    assert "filelock" not in painted
    assert ("filelock" in ready) == (sys.platform == "win32")
    for first in ("frightmare.model.game.state", "frightmare.store.games.snapshot"):
        assert painted.index(first) < painted.index("PySide6"), first
    # PySide makes the Python class of each widget of QtWidgets on first use, and of every
    # one of them (about 15 ms) when Qt hands a Python graphics item's paint its widget, or
    # Python asks a view for its viewport: the board's first paint does neither.
    assert "QGraphicsView" in seen["widgets"] and "QWizard" not in seen["widgets"]
    # The stylesheet is set once, after the game screen is built (a tree built under it is
    # styled again as each part joins its parent): the first frame is styled by hand.
    assert seen["styled"] == [False, True]
    # Styled once the game screen is built, shown and drawn from the state (issue 33): each
    # style property the state sets is in place when the stylesheet first styles its widget,
    # and none is restyled (which would name QStyle: its 566 enums before ready for play).
    assert seen["styled_when"] == [[True, True]]


# The game's lock taken by another window between the first frame's paint and its game screen.
LOCKED_SPY = """
import json, sys
from frightmare.store import SessionStore
from frightmare.store.games.lock import SessionLocked
from frightmare.ui import main_window

def taken_elsewhere(store, session):
    raise SessionLocked("This game is open in another window.")

SessionStore.take_lock = taken_elsewhere
finish = main_window.MainWindow.finish_opening

def finish_saying_the_look(window):
    from PySide6.QtWidgets import QApplication

    finish(window)
    page = type(window.pages.currentWidget()).__name__
    styled = bool(QApplication.instance().styleSheet())
    print("LOOK " + json.dumps({"styled": styled, "page": page}), flush=True)

main_window.MainWindow.finish_opening = finish_saying_the_look
from frightmare.app import main
main(["--smoke", "--data-dir", sys.argv[1], "--session", sys.argv[2]])
"""


def test_a_game_locked_elsewhere_after_its_first_frame_opens_styled(tmp_path: Path) -> None:
    """Another window took the game between its first frame's paint and its game screen: it
    is opened again as at any other time (read-only, in a smoke run), in the window's look
    (the stylesheet, which a launch into a game sets once its game screen is built)."""
    name = _a_game_in_progress(tmp_path)
    out, seen = _launch(LOCKED_SPY, tmp_path, name, "LOOK")
    assert "smoke: ok" in out and "(Long game;" in out  # opened, read-only
    assert seen == {"styled": True, "page": "GamePage"}
