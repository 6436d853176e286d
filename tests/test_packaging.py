"""One application id everywhere: the .desktop file, the metainfo, the icons and the app."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path

from frightmare import APP_ID, __version__

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


def test_app_id_is_reverse_dns_and_lower_case() -> None:
    assert APP_ID.lower() == APP_ID
    assert APP_ID.count(".") >= 2


def test_desktop_file_metainfo_and_icon_share_the_id() -> None:
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read(PACKAGING / f"{APP_ID}.desktop")
    entry = desktop["Desktop Entry"]
    assert entry["Icon"] == APP_ID
    assert entry["Exec"] == "frightmare"
    assert (PACKAGING / "icons" / f"{APP_ID}.svg").exists()
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]


def test_metainfo_has_a_release_for_this_version_and_a_screenshot() -> None:
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    versions = [r.get("version") for r in root.iter("release")]
    assert __version__ in versions
    assert root.find("screenshots/screenshot/image") is not None
    assert root.find("description") is not None


def test_the_window_announces_the_same_id(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QGuiApplication

    from frightmare.ui.application import configure_application, create_application

    app = create_application()
    QGuiApplication.setDesktopFileName("something.else")
    configure_application(app)
    assert QGuiApplication.desktopFileName() == APP_ID
    assert not app.windowIcon().isNull()
