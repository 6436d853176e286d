"""Keep the screen awake while a game is open, where the desktop offers it.

Asks the freedesktop ScreenSaver interface over D-Bus (GNOME, KDE, Xfce and most others offer
it) to inhibit the screensaver; where there is no session bus or no such service, it quietly
does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frightmare.i18n import N_, _

if TYPE_CHECKING:
    from PySide6.QtDBus import QDBusInterface

SERVICE = "org.freedesktop.ScreenSaver"
PATH = "/org/freedesktop/ScreenSaver"


class ScreenInhibitor:
    """``hold()`` while a game is shown, ``release()`` when it is not; both are idempotent."""

    def __init__(self, app_name: str = "Frightmare Companion") -> None:
        self.app_name = app_name
        self.cookie: int | None = None
        self._interface: QDBusInterface | None = None

    def _bus_interface(self) -> QDBusInterface | None:
        if self._interface is None:
            try:  # Qt's D-Bus module is not built on every platform (Windows)
                from PySide6.QtDBus import QDBusConnection, QDBusInterface
            except ImportError:
                return None
            bus = QDBusConnection.sessionBus()
            if not bus.isConnected():
                return None
            interface = QDBusInterface(SERVICE, PATH, SERVICE, bus)
            if not interface.isValid():
                return None
            self._interface = interface
        return self._interface

    @property
    def holding(self) -> bool:
        return self.cookie is not None

    def hold(self, reason: str = N_("A game is open")) -> bool:
        """Inhibit the screensaver (``reason``, in English, is said in the player's language
        where the desktop shows it); ``False`` where the desktop does not offer it."""
        if self.cookie is not None:
            return True
        interface = self._bus_interface()
        if interface is None:
            return False
        from PySide6.QtDBus import QDBusMessage

        reply = interface.call("Inhibit", self.app_name, _(reason))
        arguments = reply.arguments()
        if reply.type() != QDBusMessage.MessageType.ReplyMessage or not arguments:
            return False
        value = arguments[0]
        if not isinstance(value, int):
            return False
        self.cookie = value
        return True

    def release(self) -> None:
        cookie, self.cookie = self.cookie, None
        if cookie is not None and self._interface is not None:
            self._interface.call("UnInhibit", cookie)
