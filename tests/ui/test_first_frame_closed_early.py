"""Attack on the first frame (found by the helper attacking the launch): the window closed
while its first frame is shown (``run`` processes events in ``paint_first_frame``, then calls
``finish_opening``) forgets the game in progress, and ``finish_opening`` then takes the
game's lock for a window that is gone. In ``run`` the process then never exits (the last
window closed before ``app.exec()``), holding the lock: the next launch finds the game "open
in another window"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot
from screen_helpers import left_in_progress

from frightmare.model.actions.lane import Move
from frightmare.store import SessionStore, load_settings
from frightmare.ui.application import build_window

HELD = """
import sys
from pathlib import Path
from frightmare.store import SessionStore
print(SessionStore(Path(sys.argv[1])).held_elsewhere(sys.argv[2]))
"""


def _held_by_another_process(root: Path, game: str) -> bool:
    out = subprocess.run(
        [sys.executable, "-c", HELD, str(root), game], capture_output=True, text=True, check=True
    )
    return out.stdout.strip() == "True"


def _closed_during_its_first_frame(qtbot: QtBot, root: Path) -> str:
    game = left_in_progress(root, Move(to="street-w", steps=1))
    window = build_window(SessionStore(root), first_frame=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    assert window.opening
    window.close()  # the player closes it while its board is shown
    window.finish_opening()  # what run() does next
    return game


def test_closing_during_the_first_frame_keeps_the_game_in_progress(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _closed_during_its_first_frame(qtbot, private_data_dir)
    # It stays the game in progress (it was "": the next launch showed the saved games).
    assert load_settings(private_data_dir).game_in_progress == game


def test_closing_during_the_first_frame_leaves_the_game_s_lock_free(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _closed_during_its_first_frame(qtbot, private_data_dir)
    # The closed window takes no lock (it took it, and run()'s process stayed, windowless).
    assert not _held_by_another_process(private_data_dir, game)
