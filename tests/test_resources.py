"""The editable data lives in the repository's top-level resources/ and installs as the package
frightmare.resources (issue 12 item 6): importlib.resources finds it in this (editable)
install, and a built wheel carries it. The PyInstaller bundle is checked by make package."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = sorted(p.name for p in (ROOT / "resources").iterdir() if p.suffix in (".json", ".png"))


def test_the_data_files_are_found_through_importlib_resources() -> None:
    package = resources.files("frightmare.resources")
    for name in DATA:
        assert package.joinpath(name).is_file(), name
    assert "maple-lane.json" in DATA and "box.json" in DATA


def test_every_package_of_the_source_tree_is_installed() -> None:
    # The package list is explicit (the data is mapped from resources/): a new subpackage must
    # join it, or a wheel would leave it out.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "frightmare").rglob("__init__.py")
    }
    assert found | {"frightmare.resources"} == listed


def test_a_wheel_carries_the_data(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in DATA:
        assert f"frightmare/resources/{name}" in names, name
