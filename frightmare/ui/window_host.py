"""What the main window's parts (the opening of a game, the saved games) ask of the window: its
store and settings, the game it shows, its pages and bars, and the few things only it does.

A protocol, so that each part names what it needs without importing the window (which
imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenuBar, QStackedWidget, QStatusBar, QWidget

    from frightmare.model import Action
    from frightmare.model.game.changes import Changes
    from frightmare.store.data_folder import SessionStore
    from frightmare.store.games.game_file import Session
    from frightmare.store.settings import Settings
    from frightmare.ui.game.game_page import GamePage


class WindowHost(Protocol):
    """The main window, as its parts see it."""

    store: SessionStore
    settings: Settings
    # A smoke run never blocks on a modal box: warnings go to stderr.
    headless: bool
    # The game the window plays (its game screen's), if any.
    session: Session | None
    pages: QStackedWidget

    @property
    def game(self) -> GamePage:
        """The game screen, built when first asked for."""

    @property
    def game_built(self) -> bool:
        """Whether the game screen was built (asking for it builds it)."""

    @property
    def closed(self) -> bool:
        """Closed by the player."""

    def window(self) -> QWidget:
        """The window itself, as the parent of the dialogs (``QWidget.window``)."""

    def statusBar(self) -> QStatusBar: ...

    def menuBar(self) -> QMenuBar: ...

    def setWindowTitle(self, title: str, /) -> None: ...

    def warn(self, title: str, text: str) -> None:
        """A warning the player must see: a box, or stderr in a smoke run."""

    def refresh(self, *, news: bool = False, changes: Changes | None = None) -> None:
        """Redraw from the game (``changes``: only what changed; ``None``: everything)."""

    def flush_typing(self) -> None:
        """The notes being typed become their action now."""

    def act(self, action: Action) -> bool:
        """Play ``action`` on the game (a refusal is shown, never raised)."""

    def set_session(self, session: Session) -> None:
        """Show and play ``session``; the game shown until now is put down."""

    def live_session(self, session_id: str) -> Session | None:
        """The game as the window holds it in memory, if it does."""

    def forget(self, session: Session) -> None:
        """A game of the window's that is being deleted: closed, and no longer the window's."""

    def set_shortcuts(self) -> None:
        """The menus' shortcuts start-up left for after its first paint, set now."""

    def close_edit_dialog(self) -> None:
        """Close the Edit the table dialog, if open."""

    def open_session(
        self, session_id: str, *, early: bool = False, first_frame: bool = False
    ) -> bool:
        """Open the game ``session_id`` in the window."""

    def show_picker(self, select: str | None = None) -> None:
        """Show the saved games, ``select`` (or the game open) selected."""

    def save_settings(self) -> bool:
        """Keep the preferences (said once when they cannot be)."""
