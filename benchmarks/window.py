"""Game screen budgets: resizing the window, repainting the board at 150% zoom."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.common import Figure, timed

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from frightmare.ui.main_window import MainWindow


def _window(zoom: float, size: tuple[int, int]) -> tuple[QApplication, MainWindow]:
    from frightmare.model import GameSetup
    from frightmare.model.actions import Place, RevealEvent
    from frightmare.store import SessionStore, load_settings
    from frightmare.ui.application import create_application
    from frightmare.ui.main_window import MainWindow
    from frightmare.ui.theme import apply_theme

    app = create_application()
    apply_theme(app, dark=True, zoom=zoom)
    root = Path(tempfile.mkdtemp(prefix="frightmare-bench-"))
    store = SessionStore(root)
    session = store.create(GameSetup(final_girl="Nancy", setup_card="Maple Lane"), seed=3)
    window = MainWindow(store, load_settings(root))
    window.resize(*size)
    window.show()
    window.open_session(session.id)
    for action in (
        RevealEvent(name="The Smalleys"),
        RevealEvent(name="Boyfriend"),
        Place(piece="dr fright", space="intersection"),
    ):
        window.act(action)
    window.game.select_space("street-n")
    for _ in range(3):
        app.processEvents()
    return app, window


def bench_window(quick: bool) -> list[Figure]:
    from PySide6.QtCore import QCoreApplication, QEvent

    app, window = _window(1.0, (1920, 1080))
    view = window.game.board_view
    sizes = itertools.cycle([(1900, 1060), (1920, 1080)])

    def resize() -> None:
        window.resize(*next(sizes))
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        app.processEvents()
        view.viewport().repaint()

    resized = timed(
        "Game window: resize (relayout + full board repaint) at 1920x1080",
        resize,
        budget=16.0,
        number=20,
        detail="resizes between 1920x1080 and 1900x1060, 100% zoom",
    )
    window.close()
    window.deleteLater()
    app.processEvents()

    app, window = _window(1.5, (1920, 1080))
    view = window.game.board_view
    side = view.viewport().width()
    painted = timed(
        "Board: repaint at 1920x1080, 150% zoom",
        view.viewport().repaint,
        budget=8.0,
        number=30,
        setup=view.item.update,
        detail=f"one frame, board view {side} px wide",
    )
    window.close()
    window.deleteLater()
    app.processEvents()
    from frightmare.ui.theme import apply_theme

    apply_theme(app, dark=True, zoom=1.0)
    return [resized, painted]
