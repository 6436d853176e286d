"""The model and the store never load Qt (ARCHITECTURE.md: "the model never knows it is drawn").

Every submodule is imported, in a fresh interpreter (nothing else has loaded Qt there), and
the modules it holds are compared with the files on disk, so a module the walk missed cannot
hide an import. import-linter checks the same layering statically in ``make lint``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import frightmare

QT = ("PySide6", "shiboken6")

# Imports the package and every submodule, in order; names the first module after whose import
# a Qt module was loaded.
CODE = """
import importlib, json, pkgutil, sys

QT = tuple(sys.argv[2:])


def qt_loaded():
    return sorted(m for m in sys.modules if m.split(".")[0] in QT)


package = importlib.import_module(sys.argv[1])
imported = [package.__name__]
culprit = package.__name__ if qt_loaded() else None
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
    imported.append(info.name)
    if culprit is None and qt_loaded():
        culprit = info.name
print(json.dumps({"imported": imported, "qt": qt_loaded(), "culprit": culprit}))
"""


def modules_on_disk(package: str) -> set[str]:
    """Every module of ``package`` by its file: ``frightmare.store.games.sessions`` and so on."""
    root = Path(frightmare.__file__).parent.parent
    folder = root.joinpath(*package.split("."))
    names = set()
    for path in folder.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


@pytest.mark.parametrize("package", ["frightmare.model", "frightmare.store"])
def test_no_module_of_the_package_loads_pyside6(package: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE, package, *QT], capture_output=True, text=True, check=True
    ).stdout
    report = json.loads(out)
    assert set(report["imported"]) == modules_on_disk(package)
    assert report["qt"] == [], f"importing {report['culprit']} loaded {', '.join(report['qt'])}"
