"""The editable data lives in the repository's top-level resources/ and installs as the package
frightmare.resources (issue 12 item 6): importlib.resources finds it in this (editable)
install, and a built wheel carries it. The PyInstaller bundle is checked by make package."""

from __future__ import annotations

import shutil
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


# What a wheel is built from: the project file, the package and the data it maps in.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "frightmare", "resources")


def _tree(root: Path) -> set[str]:
    """The repository's own files a build could leave behind (not the venv or Git's)."""
    top = {p.name for p in root.iterdir() if p.name not in (".venv", ".git")}
    return top | {str(p.relative_to(root)) for p in (root / "frightmare").rglob("*")}


def test_a_wheel_carries_the_data(tmp_path: Path) -> None:
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources it builds,
    # and the repository must stay as it was (tests/test_resources.py used to leave
    # build/lib/frightmare behind).
    before = _tree(ROOT)
    source = tmp_path / "source"
    for name in SOURCES:
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(origin, source / name)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(wheels),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in DATA:
        assert f"frightmare/resources/{name}" in names, name
    assert _tree(ROOT) - before == set(), "the build left files in the repository"
    assert (source / "build").exists() or any(source.glob("*.egg-info")), (
        "the build wrote nothing beside its sources: this test no longer shows the copy is needed"
    )
