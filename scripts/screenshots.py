"""Render the README's screenshots offscreen: ``python scripts/screenshots.py [OUT_DIR]``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from frightmare.model import EditNotes, GameSetup
from frightmare.model.actions import (
    FallAsleep,
    Move,
    RecordTopCard,
    RevealDarkPower,
    RevealEvent,
    Slide,
)
from frightmare.store import SessionStore
from frightmare.ui.application import build_window, create_application


def main() -> int:
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
        window.resize(1600, 1000)
        window.show()
        app.processEvents()
        window.grab().save(str(out / "picker.png"))
        window.open_session(session.id)
        window.game.tabs.setCurrentIndex(2)  # the Game tab
        app.processEvents()
        window.grab().save(str(out / "game.png"))
        window.game.tabs.setCurrentIndex(0)
        board = store.create(GameSetup(final_girl="Sheila", setup_card="Maple Lane"), seed=2)
        window.open_session(board.id)
        for action in (
            RecordTopCard(quadrant="NW", name="Rifle"),
            RevealEvent(name="The Smalleys"),
            Move(to="intersection", steps=2),
            Move(to="street-n", steps=1),
        ):
            window.act(action)
        window.game.select_space("house-nw-street")
        app.processEvents()
        window.grab().save(str(out / "board.png"))
        window.game.tabs.setCurrentWidget(window.game.dream_tab)
        dream = store.create(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=5)
        window.open_session(dream.id)
        window.settings.animations = False
        window.game.boiler.view.animate = False
        for action in (
            RevealDarkPower(name="Pitchfork Assault"),
            FallAsleep(cause="short rest"),
            Slide(direction="up"),
            Slide(direction="up"),
            Slide(direction="left"),
        ):
            window.act(action)
        app.processEvents()
        window.grab().save(str(out / "boiler-room.png"))
        window.close()
    print(f"screenshots written to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
