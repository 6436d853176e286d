"""The macOS app's Info.plist: one dictionary for the spec's BUNDLE step and for the tests.

Run it to print the Info.plist for a version: ``python packaging/macos/info_plist.py 0.1.0``.
"""

from __future__ import annotations

import plistlib
import sys
from typing import Any

APP_ID = "io.github.frightmare.companion"
APP_NAME = "Frightmare Companion"
EXECUTABLE = "frightmare"
ICON_FILE = "frightmare.icns"
# The languages the app ships (Qt's qtbase_*.qm are kept for the same ones in the spec): macOS
# offers the app in these when the system's preferred language is one of them.
LANGUAGES = ("en", "de", "es", "fr", "pl")
# PySide6 6.11's macOS wheels are tagged macosx_13_0: the bundle runs on macOS 13 and later.
MINIMUM_MACOS = "13.0"


def info_plist(version: str) -> dict[str, Any]:
    """Every key of the bundle's Info.plist (PyInstaller writes its own minimal one and merges
    this over it).

    Dark mode is allowed: ``NSRequiresAquaSystemAppearance`` is deliberately absent (set to
    true it would force the light look whatever the system's), and the app follows the
    system's appearance through Qt.
    """
    return {
        "CFBundleDevelopmentRegion": "en",
        "CFBundleDisplayName": APP_NAME,
        "CFBundleExecutable": EXECUTABLE,
        "CFBundleIconFile": ICON_FILE,
        "CFBundleIdentifier": APP_ID,
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleLocalizations": list(LANGUAGES),
        "CFBundleName": APP_NAME,
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "LSMinimumSystemVersion": MINIMUM_MACOS,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "MIT licence. An unofficial fan tool for Final Girl.",
        "NSPrincipalClass": "NSApplication",
        # The integrated GPU is enough for a board drawn with QPainter: no discrete-GPU switch.
        "NSSupportsAutomaticGraphicsSwitching": True,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: info_plist.py VERSION", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(plistlib.dumps(info_plist(argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
