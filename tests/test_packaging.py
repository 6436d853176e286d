"""One application id everywhere: the .desktop file, the metainfo, the icons and the app."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING

from frightmare import APP_ID, __version__

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


class CaseSensitive(configparser.ConfigParser):
    """A .desktop file's keys are case-sensitive (ConfigParser lowers them by default)."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def test_app_id_is_reverse_dns_and_lower_case() -> None:
    assert APP_ID.lower() == APP_ID
    assert APP_ID.count(".") >= 2


def test_desktop_file_metainfo_and_icon_share_the_id() -> None:
    desktop = CaseSensitive(interpolation=None)
    desktop.read(PACKAGING / f"{APP_ID}.desktop")
    entry = desktop["Desktop Entry"]
    assert entry["Icon"] == APP_ID
    assert entry["Exec"] == "frightmare"
    assert (PACKAGING / "icons" / f"{APP_ID}.svg").exists()
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"


def test_metainfo_has_a_release_for_this_version_and_a_screenshot() -> None:
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    versions = [r.get("version") for r in root.iter("release")]
    assert __version__ in versions
    assert root.find("screenshots/screenshot/image") is not None
    assert root.find("description") is not None


def test_the_window_announces_the_same_id(qtbot: QtBot) -> None:
    from PySide6.QtGui import QGuiApplication

    from frightmare.ui.application import configure_application, create_application

    app = create_application()
    QGuiApplication.setDesktopFileName("something.else")
    configure_application(app)
    assert QGuiApplication.desktopFileName() == APP_ID
    assert not app.windowIcon().isNull()
