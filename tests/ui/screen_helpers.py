"""Helpers shared by the window tests: a window opened at a size, theme and zoom, let settle
or made active as under a real window system; the state shown; what lies below the fold;
Statistics rows."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QGraphicsView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from frightmare.model import Action, GameSetup
from frightmare.model.actions.dream import FallAsleep
from frightmare.model.actions.lane import KillVictim
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.game.state import GameState
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.rules import record_anyway
from frightmare.store import SessionStore, load_settings, save_settings
from frightmare.ui.main_window import MainWindow


def active(window: MainWindow, qtbot: QtBot) -> None:
    window.resize(1280, 720)
    for _ in range(5):  # message areas fit their width, then the side column lays out again
        QApplication.processEvents()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.game.board_view.setFocus()
    qtbot.waitUntil(window.game.board_view.hasFocus, timeout=1000)


CAMP = "Camp Happy Trails"


def window_in(qtbot: QtBot, data_dir: Path) -> MainWindow:
    window = MainWindow(SessionStore(data_dir), load_settings(data_dir))
    qtbot.addWidget(window)
    return window


def state_of(window: MainWindow) -> GameState:
    assert window.session is not None
    return window.session.state


def settle(window: MainWindow) -> None:
    for _ in range(3):
        QApplication.processEvents()
    window.game.fit_side()
    QApplication.processEvents()


# The laptop sizes where nothing may be below the fold (issue 19).
SIZES = [(1280, 720), (1366, 768)]


def below_the_fold(window: MainWindow) -> list[str]:
    """Scroll areas of the side column and the main region (not lists) whose content goes
    below what they show. (The docks are the player's to show, hide or float.)"""
    found = []
    game = window.game
    areas = [game.side, *game.side.findChildren(QAbstractScrollArea)]
    areas += game.tabs.findChildren(QAbstractScrollArea)
    for area in areas:
        if isinstance(area, QAbstractItemView | QGraphicsView) or not area.isVisible():
            continue
        bar = area.verticalScrollBar()
        if bar.maximum() > 0:
            found.append(f"{type(area).__name__} {area.accessibleName()!r}: {bar.maximum()} px")
    return found


def out_of_view(window: MainWindow) -> list[str]:
    """Visible controls of the side column that lie outside its viewport."""
    side = window.game.side
    port = side.viewport()
    top = port.mapToGlobal(port.rect().topLeft()).y()
    bottom = port.mapToGlobal(port.rect().bottomLeft()).y()
    found = []
    content = side.widget()
    assert content is not None
    for widget in content.findChildren(QWidget):
        if not widget.isVisible() or not widget.accessibleName():
            continue
        low = widget.mapToGlobal(widget.rect().bottomLeft()).y()
        high = widget.mapToGlobal(widget.rect().topLeft()).y()
        if high < top or low > bottom + 1:
            found.append(widget.accessibleName())
    return found


def open_at(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
    dark: bool,
    zoom: float,
    **setup: object,
) -> MainWindow:
    themed(dark, zoom)
    window = open_game(**{"final_girl": "Nancy", "setup_card": "Maple Lane", **setup})
    window.resize(*size)
    window.refresh()
    settle(window)
    return window


SETUPS = ("Playtime", "A Quiet Place", "Revenge", "Maple Lane", "Block Party")


FINALES = ("Everyone Must Die", "Face Your Fright", "Time to Die", "")


def games(count: int, seed: int = 2) -> list[LogEntry]:
    """``count`` logged games (see ``rows``)."""
    return typed(rows(count, seed))


def typed(lines: list[dict[str, Any]]) -> list[LogEntry]:
    return [LogEntry.from_row(line) for line in lines]


def rows(count: int, seed: int = 2) -> list[dict[str, Any]]:
    """``count`` games as the play log's lines hold them."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        day = f"2026-{1 + n * 12 // max(count, 1):02d}-{1 + n % 28:02d}"
        out.append(
            {
                "session": f"g{n}",
                "date": day,
                "ended": f"{day}T21:{n % 60:02d}:00",
                "final_girl": rng.choice(("Nancy", "Sheila")),
                "killer": "Dr. Fright",
                "location": "Maple Lane",
                "setup": rng.choice(SETUPS),
                "epic": rng.choice(("yes", "no")),
                "result": rng.choice(("win", "win", "loss")),
                "dark_power": rng.choice(("Never Really Dead", "Pitchfork Assault", "")),
                "finale": rng.choice(FINALES),
                "full_dreams": rng.randint(0, 2),
                "full_dream_attacks": rng.randint(0, 3),
                "boiler_cards": rng.randint(0, 9),
                "boiler_attacks": rng.randint(0, 3),
                "victims_saved": rng.randint(0, 5),
                "victims_killed": rng.randint(0, 3),
                "victims_left": rng.randint(0, 2),
                "most_cards_in_a_round": rng.randint(0, 4),
                "clean_escapes": rng.randint(0, 1),
                "quadrants_searched": rng.randint(0, 4),
            }
        )
    return out


def left_in_progress(root: Path, *actions: Action) -> str:
    """A Block Party game with ``actions`` played, put down as a player leaves it (closed, its
    snapshot written) and remembered as the game in progress: the next launch opens it."""
    store = SessionStore(root)
    session = store.create(GameSetup(final_girl="Nancy", setup_card="Block Party"), seed=1)
    for action in actions:
        session.do(action)
    session.close()
    settings = load_settings(root)
    settings.game_in_progress = session.id
    save_settings(root, settings)
    return session.id


def first_frame_painted(qtbot: QtBot, root: Path, *, headless: bool = False) -> MainWindow:
    """The window as the app launches into the game in progress at 1366x768: its first frame
    painted, the game screen still to come (``finish_opening``)."""
    from frightmare.ui.application import build_window

    window = build_window(SessionStore(root), headless=headless, first_frame=True)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    return window


def launched(qtbot: QtBot, root: Path, size: tuple[int, int], zoom: float) -> MainWindow:
    """The window as the app launches into the game in progress at ``size`` and ``zoom``
    (kept in the settings): built before the application has its stylesheet, its first frame
    painted, then its game screen built and styled once (``application.build_window``,
    ``MainWindow.finish_opening``), settled. The caller restores the application's look (the
    ``themed`` fixture) and gives the screen ``size`` (``screen_of``)."""
    from frightmare.ui.application import build_window

    settings = load_settings(root)
    settings.zoom = zoom
    save_settings(root, settings)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet("")  # as at a launch: no stylesheet before the window is built
    window = build_window(SessionStore(root), first_frame=True)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitUntil(lambda: window.first_paint is not None)
    window.finish_opening()
    settle(window)
    return window


# "asleep-killer": the Killer phase while she is Asleep, the Boiler Room in front (his Killer
# Action with the damage she takes, the Terror card, the Boiler Room card due, both attacks);
# "asleep-accepted": the same once his Killer Action is accepted (its room held, the message
# of what it did); "killer-change": the Killer phase with Change… open (his printed icons).
MOMENTS = [
    "action",
    "planning",
    "killer",
    "panic",
    "upkeep",
    "asleep",
    "asleep-killer",
    "asleep-accepted",
    "killer-change",
]


def reach(window: MainWindow, moment: str) -> None:
    """Play the Block Party game to ``moment`` (round 1)."""
    # Panic is a phase only in a round where a Victim died (rules notes §1).
    steps = {"planning": 1, "killer": 2, "panic": 3, "upkeep": 3}
    steps |= {"asleep-killer": 2, "asleep-accepted": 2, "killer-change": 2}
    if moment == "panic":
        assert window.act(KillVictim(space="intersection"))  # a death: Victims panic
    if moment.startswith("asleep"):
        assert window.act(FallAsleep(cause="short rest"))
    for _ in range(steps.get(moment, 0)):
        session = window.session
        if session is not None and session.state.phase == "killer":
            # His Killer Action first (rules notes §1): a Killer phase left with neither his
            # action nor a card says so, and that message is no part of the moment shown.
            assert window.act(KillerAction(move_icon=False))
        assert window.act(record_anyway(NextPhase()))
    if moment == "asleep-accepted":
        window.game.killer_steps.accept.click()
    if moment == "killer-change":
        window.game.killer_steps.change.setChecked(True)
    if moment == "action":
        window.game.open_plays("intersection")
