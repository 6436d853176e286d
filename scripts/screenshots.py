"""Render the README's screenshots offscreen: ``python scripts/screenshots.py [OUT_DIR]``.

Every shot is taken at 1366x768 (a common laptop), 100% zoom, dark theme;
``board-1920x1080-150.png`` shows a game at 1920x1080 and 150% zoom.

``python scripts/screenshots.py --all OUT_DIR`` renders the game screen at 1280x720, 1366x768
and 1920x1080, in both themes, at 100% and 150%, in three moments (the Action phase with a
House's plays open beside it, the Killer phase, Asleep with the Boiler Room in front), to
look at every one (they are not kept in the repository).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from frightmare.model import EditNotes, GameSetup
from frightmare.model.actions.dream import FallAsleep, RevealDarkPower, Slide
from frightmare.model.actions.lane import Move, Place, RecordTopCard, RevealEvent
from frightmare.model.actions.round import NextPhase
from frightmare.store import SessionStore
from frightmare.ui.application import build_window, create_application
from frightmare.ui.main_window import MainWindow
from frightmare.ui.theme import apply_theme

SIZE = (1366, 768)


def settle(app: QApplication, window: MainWindow) -> None:
    """Let every layout pass run, as the event loop would before the player sees a frame
    (fitting the side column can re-wrap a message area, which asks for one more pass)."""
    for _ in range(3):
        app.processEvents()
    if window._game is not None:
        window.game.fit_side()
    for _ in range(10):
        app.processEvents()


SIZES = ((1280, 720), (1366, 768), (1920, 1080))
CANONICAL = GameSetup(
    final_girl="Nancy", setup_card="Block Party", face_up_items=(None, None, "Knife", None)
)


def every_screen(out: Path) -> int:
    """The game screen in each size, theme, zoom and moment (see the module's docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    app = create_application()
    shots = 0
    with tempfile.TemporaryDirectory() as tmp:
        store = SessionStore(Path(tmp))
        for dark in (True, False):
            for zoom in (1.0, 1.5):
                for width, height in SIZES:
                    session = store.create(CANONICAL, f"Screens {shots}", seed=1)
                    window = build_window(store)
                    window.settings.dark, window.settings.zoom = dark, zoom
                    window.settings.animations = False
                    apply_theme(app, dark=dark, zoom=zoom)
                    window.show()
                    window.resize(width, height)
                    window.open_session(session.id)
                    window.game.boiler.view.animate = False
                    name = f"{width}x{height}-{'dark' if dark else 'light'}-{round(zoom * 100)}"
                    window.act(Move(to="intersection", steps=2))
                    window.act(Move(to="street-w", steps=1, followers=2))
                    window.act(Move(to="exit-w", steps=1, followers=2))
                    window.game.open_plays("house-sw-exit-w")
                    settle(app, window)
                    window.grab().save(str(out / f"{name}-action.png"))
                    window.game.popover.close_plays()
                    for _ in range(2):
                        window.act(NextPhase())
                    settle(app, window)
                    window.grab().save(str(out / f"{name}-killer.png"))
                    for _ in range(2):
                        window.act(NextPhase())
                    window.act(FallAsleep(cause="short rest"))
                    window.act(Slide(direction="up"))
                    settle(app, window)
                    window.grab().save(str(out / f"{name}-asleep.png"))
                    window.close()
                    shots += 3
    apply_theme(app, dark=True, zoom=1.0)
    print(f"{shots} screens written to {out}/")
    return 0


def main() -> int:
    if sys.argv[1:2] in (["--help"], ["-h"]):
        print((__doc__ or "").strip())
        return 0
    if sys.argv[1:2] == ["--all"]:
        return every_screen(Path(sys.argv[2] if len(sys.argv) > 2 else "screens"))
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    out.mkdir(parents=True, exist_ok=True)
    app = create_application()
    with tempfile.TemporaryDirectory() as tmp:
        store = SessionStore(Path(tmp))
        store.create(GameSetup(final_girl="Sheila", setup_card="Block Party"), "Block party panic")
        session = store.create(GameSetup(final_girl="Nancy", setup_card="A Quiet Place"))
        session.do(
            EditNotes(notes="Boyfriend event is out: keep him close.\nTry Sprint + Convince.")
        )
        window = build_window(store)
        window.settings.dark, window.settings.zoom = True, 1.0
        apply_theme(app, dark=True, zoom=1.0)
        window.show()
        # After the first show: the window fits itself to the screen then, and the offscreen
        # screen is smaller than the shots.
        window.resize(*SIZE)
        settle(app, window)
        window.grab().save(str(out / "picker.png"))

        # The game dock (setup and notes) in front.
        window.open_session(session.id)
        window.game.docks["game"].raise_()
        settle(app, window)
        window.grab().save(str(out / "game.png"))
        window.game.docks["history"].raise_()

        board = store.create(GameSetup(final_girl="Sheila", setup_card="Maple Lane"), seed=2)
        window.open_session(board.id)
        for action in (
            RecordTopCard(quadrant="NW", name="Rifle"),
            RevealEvent(name="The Smalleys"),
            Move(to="intersection", steps=2),
            Move(to="street-n", steps=1),
            Place(piece="dr fright", space="street-e"),
        ):
            window.act(action)
        window.game.open_plays("house-nw-street")
        settle(app, window)
        window.grab().save(str(out / "board.png"))

        # The same game, zoomed to 150% on a large monitor: the board grows with the text.
        apply_theme(app, dark=True, zoom=1.5)
        window.settings.zoom = 1.5
        window.resize(1920, 1080)
        window.refresh()
        settle(app, window)
        window.grab().save(str(out / "board-1920x1080-150.png"))
        apply_theme(app, dark=True, zoom=1.0)
        window.settings.zoom = 1.0
        window.resize(*SIZE)

        dream = store.create(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=5)
        window.open_session(dream.id)
        window.settings.animations = False
        window.game.boiler.view.animate = False
        for dreamt in (
            RevealDarkPower(name="Pitchfork Assault"),
            FallAsleep(cause="short rest"),
            Slide(direction="up"),
            Slide(direction="up"),
            Slide(direction="left"),
        ):
            window.act(dreamt)
        window.refresh()
        settle(app, window)
        window.grab().save(str(out / "boiler-room.png"))
        window.close()
    print(f"screenshots written to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
