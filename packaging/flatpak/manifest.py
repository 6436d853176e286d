"""The Flatpak manifest's generated parts, and its Flathub form.

    python packaging/flatpak/manifest.py pin
        Resolves the app's Python dependencies (pyproject.toml's, less PySide6, which the
        PySide BaseApp provides) for the runtime's Python on x86_64 and aarch64 with pip, and
        writes python3-deps.json: one module whose every source is a file from PyPI with its
        sha256, installed offline (flatpak-builder downloads the sources, the build has no
        network). Needs pip and the network to PyPI; run it when a dependency changes.

    python packaging/flatpak/manifest.py flathub --archive-url URL --sha256 HASH
        Prints the manifest for the Flathub repository: the same, with the app built from the
        release's source archive (URL, pinned by HASH) instead of this checkout.

The manifest itself (io.github.frightmare.companion.yml) is written by hand.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MANIFEST = HERE / "io.github.frightmare.companion.yml"
DEPS = HERE / "python3-deps.json"
# The KDE 6.8 runtime (the BaseApp's branch 6.8) is freedesktop-sdk 24.08: Python 3.12.
RUNTIME_PYTHON = "3.12"
# pip matches --platform tags exactly: the runtime's glibc (2.40) runs each of these.
ARCHES = {
    arch: [f"manylinux_2_{minor}_{arch}" for minor in (28, 17)] + [f"manylinux2014_{arch}"]
    for arch in ("x86_64", "aarch64")
}
# The BaseApp brings PySide6 (built from source against the runtime's Qt).
FROM_BASEAPP = ("pyside6-essentials", "pyside6-addons", "pyside6")
# pyproject.toml's SPDX licence string needs setuptools 77 to install the app; the runtime's is
# older. Installed for the build, removed after it (the module's cleanup).
BUILD_ONLY = ("setuptools>=77",)


def _name(requirement: str) -> str:
    for stop in "<>=!~;[ ":
        requirement = requirement.split(stop, 1)[0]
    return requirement.strip().lower().replace("_", "-")


def runtime_requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [r for r in project["dependencies"] if _name(r) not in FROM_BASEAPP]


def resolve(requirements: list[str], platforms: list[str]) -> list[dict[str, str]]:
    """What pip would install from PyPI for the runtime's Python on ``platforms``: each file's
    name, version, URL and sha256, from pip's installation report (nothing is installed).
    ``--isolated``: the index is PyPI's, whatever a local pip configuration adds."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "--isolated",
                "install",
                "--quiet",
                "--dry-run",
                "--ignore-installed",
                "--index-url",
                "https://pypi.org/simple",
                "--only-binary=:all:",
                *(f"--platform={p}" for p in platforms),
                "--python-version",
                RUNTIME_PYTHON,
                "--implementation",
                "cp",
                "--target",
                str(Path(tmp) / "target"),
                "--report",
                str(report),
                *requirements,
            ],
            check=True,
        )
        items = json.loads(report.read_text(encoding="utf-8"))["install"]
    files = []
    for item in items:
        url = item["download_info"]["url"]
        files.append(
            {
                "name": item["metadata"]["name"],
                "version": item["metadata"]["version"],
                "url": url,
                "sha256": item["download_info"]["archive_info"]["hashes"]["sha256"],
            }
        )
    return files


def _module(
    name: str,
    installs: list[str],
    per_arch: dict[str, list[dict[str, str]]],
    cleanup: list[str] | None = None,
) -> dict[str, Any]:
    sources: list[dict[str, Any]] = []
    everywhere = set.intersection(*({f["url"] for f in files} for files in per_arch.values()))
    seen: set[str] = set()
    for arch, files in per_arch.items():
        for f in files:
            if f["url"] in seen:
                continue
            source: dict[str, Any] = {"type": "file", "url": f["url"], "sha256": f["sha256"]}
            if f["url"] in everywhere:
                seen.add(f["url"])
            else:
                source["only-arches"] = [arch]
            sources.append(source)
    command = (
        'pip3 install --verbose --no-index --find-links="file://${PWD}" '
        "--prefix=${FLATPAK_DEST} --no-build-isolation " + " ".join(f'"{r}"' for r in installs)
    )
    module: dict[str, Any] = {
        "name": name,
        "buildsystem": "simple",
        "build-commands": [command],
        "sources": sources,
    }
    if cleanup:
        module["cleanup"] = cleanup
    return module


def pin() -> dict[str, Any]:
    """The module of pinned dependencies (and the build-only one inside it)."""
    runtime, build = runtime_requirements(), list(BUILD_ONLY)
    deps = {arch: resolve(runtime, platforms) for arch, platforms in ARCHES.items()}
    tools = {arch: resolve(build, platforms) for arch, platforms in ARCHES.items()}
    pinned = sorted({f"{f['name']}=={f['version']}" for fs in deps.values() for f in fs})
    pinned_tools = sorted({f"{f['name']}=={f['version']}" for fs in tools.values() for f in fs})
    return {
        "name": "python3-deps",
        "buildsystem": "simple",
        "build-commands": [],
        "modules": [
            _module("python3-runtime-deps", pinned, deps),
            _module("python3-build-deps", pinned_tools, tools, cleanup=["*"]),
        ],
    }


def load_manifest(path: Path = MANIFEST) -> dict[str, Any]:
    import yaml  # PyYAML: the test dependency group, and the release job's

    manifest: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return manifest


def modules(manifest: dict[str, Any], base: Path = HERE) -> list[dict[str, Any]]:
    """Every module of ``manifest``, nested ones and those included by file name."""
    found: list[dict[str, Any]] = []
    for module in manifest.get("modules", []):
        if isinstance(module, str):
            module = json.loads((base / module).read_text(encoding="utf-8"))
        found.append(module)
        found.extend(modules(module, base))
    return found


def flathub_manifest(archive_url: str, sha256: str) -> dict[str, Any]:
    """The manifest for the Flathub repository: the generated modules inlined, the app from
    the release's source archive."""
    manifest = load_manifest()
    inlined: list[Any] = []
    for module in manifest["modules"]:
        if isinstance(module, str):
            module = json.loads((HERE / module).read_text(encoding="utf-8"))
        elif module["name"] == "frightmare-companion":
            module = {
                **module,
                "sources": [{"type": "archive", "url": archive_url, "sha256": sha256}],
            }
        inlined.append(module)
    return {**manifest, "modules": inlined}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("pin", help="write python3-deps.json from PyPI")
    flathub = commands.add_parser("flathub", help="print the manifest for Flathub")
    flathub.add_argument("--archive-url", required=True)
    flathub.add_argument("--sha256", required=True)
    args = parser.parse_args(argv)
    if args.command == "pin":
        DEPS.write_text(json.dumps(pin(), indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DEPS}")
    else:
        import yaml

        header = "# Generated by packaging/flatpak/manifest.py flathub from the app's repository.\n"
        body = yaml.safe_dump(flathub_manifest(args.archive_url, args.sha256), sort_keys=False)
        sys.stdout.write(header + body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
