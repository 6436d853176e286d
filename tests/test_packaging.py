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


def _embedded_python(script: Path) -> list[str]:
    """The Python a packaging script feeds to the interpreter (``<<'PY'`` ... ``PY``)."""
    blocks: list[str] = []
    block: list[str] | None = None
    for line in script.read_text("utf-8").splitlines():
        if block is None and line.rstrip().endswith("<<'PY'"):
            block = []
        elif block is not None and line.strip() == "PY":
            blocks.append("\n".join(block))
            block = None
        elif block is not None:
            block.append(line)
    return blocks


def test_the_packaging_scripts_import_what_the_app_has() -> None:
    """The smoke and build scripts' Python runs only in `make package`: each name they import
    from the app exists where they import it (a move of the house broke one once)."""
    import ast
    import importlib

    missing: list[str] = []
    seen = 0
    for script in sorted(PACKAGING.glob("*.sh")):
        for source in _embedded_python(script):
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "frightmare"
                ):
                    module = importlib.import_module(node.module or "")
                    seen += 1
                    missing += [
                        f"{script.name}: {node.module}.{a.name}"
                        for a in node.names
                        if not hasattr(module, a.name)
                    ]
    assert seen >= 3 and missing == []
