"""Start-up loads only what the session picker's first paint needs (issue 12, item 10).

`make bench` measures the time; these check the causes it found, so a change that brings one
back fails here, whatever the machine's speed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from frightmare.model import GameSetup
from frightmare.store import SessionStore

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
    "frightmare.store.document",
    "frightmare.ui.game_page",
)

SPY = """
import json, sys
from frightmare.ui import application

original = application.after_first_paint
theme = application.apply_theme

def after_first_paint(app, hook):
    print("LOADED " + json.dumps(sorted(sys.modules)), flush=True)
    made = {
        name: sorted(k for k, v in vars(sys.modules[name]).items() if isinstance(v, type))
        for name in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")
    }
    print("MADE " + json.dumps(made), flush=True)
    result = original(app, hook)
    print("ICON " + str(not app.windowIcon().isNull()), flush=True)
    return result

def apply_theme(app, **kwargs):
    print("STYLE " + app.style().name(), flush=True)  # before the stylesheet wraps it
    theme(app, **kwargs)

application.after_first_paint = after_first_paint
application.apply_theme = apply_theme
from frightmare.app import main
main(["--smoke", "--data-dir", sys.argv[1]])
"""


def _start(data: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    result = subprocess.run(
        [sys.executable, "-c", SPY, str(data)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)
    return lines


def test_the_first_paint_loads_nothing_the_picker_does_not_need(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "data")
    for n in range(3):
        store.create(GameSetup(), f"Game {n}").close()
    # The first start reads each game and writes the listing's index; a player's every later
    # start lists from the index alone.
    _start(tmp_path / "data")
    seen = _start(tmp_path / "data")
    loaded = set(json.loads(seen["LOADED"]))
    assert "frightmare.ui.picker" in loaded  # the spy saw the real start-up
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


def test_after_the_first_paint_the_window_gets_its_icon(tmp_path: Path) -> None:
    assert _start(tmp_path / "data")["ICON"] == "True"


def test_the_style_is_fusion_whatever_the_desktop_asks(tmp_path: Path) -> None:
    """The stylesheet is drawn for Fusion; a desktop whose default style is another (here
    forced with Qt's own variable) still gets Fusion."""
    seen = _start(tmp_path / "data", env={"QT_STYLE_OVERRIDE": "windows"})
    assert seen["STYLE"].casefold() == "fusion"
