"""What can be checked here of the builds made elsewhere: the release workflow (actionlint,
zizmor, its shape), the Windows installer (compiled by makensis against a stand-in payload; its
uninstaller keeps the player's data folder), the macOS Info.plist, the .ico and .icns, the
Flatpak manifest, the AppStream metainfo and the packaging's shell scripts.

None of this shows the app runs on Windows or macOS: only a run of the workflow does.

The Debian tools (makensis, flatpak-builder, appstreamcli) are installed by ``make package``
(packaging/tools.sh), which runs this file with ``FRIGHTMARE_PACKAGING_TOOLS=required``: a
missing tool fails there, and is a skip in a plain pytest run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from PIL import Image

from frightmare import APP_ID, __version__

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
INSTALLER = PACKAGING / "windows" / "installer.nsi"
VENV_BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    """The path of a command-line tool: from this environment's bin/ (the PyPI ones) or the
    PATH; a skip where it is missing, a failure when ``make package`` requires it."""
    found = shutil.which(name, path=f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if found:
        return found
    if os.environ.get("FRIGHTMARE_PACKAGING_TOOLS") == "required":
        pytest.fail(f"{name} is missing (make package installs it with packaging/tools.sh)")
    pytest.skip(f"{name} is not installed (make package installs it)")


def load(path: Path) -> ModuleType:
    """A script of packaging/ as a module (packaging/ is no package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


# The release workflow.


def test_the_workflow_passes_actionlint_with_shellcheck() -> None:
    actionlint = tool("actionlint")
    tool("shellcheck")  # actionlint checks each run: script with it when found on the PATH
    result = run(actionlint, "-color=false", str(WORKFLOW))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_passes_zizmor_as_an_auditor() -> None:
    # The auditor persona is zizmor's strictest: it reports findings the default one hides.
    result = run(tool("zizmor"), "--offline", "--persona=auditor", "--no-progress", str(WORKFLOW))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_runs_on_a_tag_or_by_hand_with_least_permissions() -> None:
    flow = workflow()
    # PyYAML reads the key `on` as True (YAML 1.1).
    triggers: dict[str, Any] = flow["on"] if "on" in flow else flow[True]
    assert triggers["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in triggers
    assert set(triggers) == {"push", "workflow_dispatch"}
    assert flow["permissions"] == {"contents": "read"}
    jobs = flow["jobs"]
    for name, job in jobs.items():
        expected = {"contents": "write"} if name == "release" else None
        assert job.get("permissions") == expected, name
    assert jobs["release"]["needs"] == ["linux", "windows", "macos"]
    for build in ("linux", "windows", "macos"):
        assert jobs[build]["needs"] == "test"
    assert "make test" in [step.get("run") for step in jobs["test"]["steps"]]


def test_the_builds_cover_linux_windows_and_both_macs() -> None:
    jobs = workflow()["jobs"]
    assert jobs["linux"]["runs-on"].startswith("ubuntu-")
    assert jobs["windows"]["runs-on"].startswith("windows-")
    runners = {
        entry["arch"]: entry["runner"] for entry in jobs["macos"]["strategy"]["matrix"]["include"]
    }
    assert runners == {"arm64": "macos-14", "x86_64": "macos-15-intel"}


def _steps(job: dict[str, Any]) -> list[str]:
    return [str(step.get("run", "")) + str(step.get("uses", "")) for step in job["steps"]]


def test_each_build_runs_the_frozen_apps_smoke_before_it_uploads() -> None:
    jobs = workflow()["jobs"]
    for name, smoke in (
        ("linux", "make package"),
        ("windows", "packaging/smoke.sh"),
        ("macos", "packaging/smoke.sh"),
    ):
        steps = _steps(jobs[name])
        uploads = [i for i, step in enumerate(steps) if "actions/upload-artifact@" in step]
        smokes = [i for i, step in enumerate(steps) if smoke in step]
        assert uploads and smokes and max(smokes) < min(uploads), name
    windows = _steps(jobs["windows"])
    assert any("check_installer.sh" in step for step in windows)  # installed, run, removed
    assert any("--smoke" in step and "from-dmg" in step for step in _steps(jobs["macos"]))


def test_actions_are_pinned_by_commit_with_their_tag_beside() -> None:
    pinned = re.findall(r"uses: ([\w.-]+/[\w.-]+)@(\S+)(.*)", WORKFLOW.read_text(encoding="utf-8"))
    assert pinned
    readme = (PACKAGING / "README.md").read_text(encoding="utf-8")
    for action, ref, comment in pinned:
        assert re.fullmatch(r"[0-9a-f]{40}", ref), f"{action} is not pinned by commit: {ref}"
        assert re.fullmatch(r" # v\d+(\.\d+)*", comment), f"{action}@{ref} has no tag comment"
        assert ref in readme, f"packaging/README.md does not say where {action}@{ref} came from"


def test_signing_runs_only_when_its_secrets_exist() -> None:
    jobs = workflow()["jobs"]
    for name, flag in (("windows", "SIGN_WINDOWS"), ("macos", "SIGN_MACOS")):
        job = jobs[name]
        assert job["env"][flag].startswith("${{ secrets.") and job["env"][flag].endswith("!= '' }}")
        for step in job["steps"]:
            text = yaml.safe_dump(step)
            if "secrets." in text and "SIGNING_IDENTITY" not in str(step.get("env", "")):
                assert flag in str(step.get("if", "")), (name, step.get("name"))
    release = _steps(jobs["release"])
    assert any("gh release create" in step and "--draft" in step for step in release)
    assert any("sha256sum" in step for step in release)


# The Windows installer.


def _nsis_section(name: str) -> list[str]:
    lines = INSTALLER.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f'Section "{name}"'))
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "SectionEnd")
    return [line.strip() for line in lines[start:end] if not line.strip().startswith(";")]


def test_the_uninstaller_never_removes_the_players_data_folder() -> None:
    text = INSTALLER.read_text(encoding="utf-8")
    # Only the section named Uninstall and un.* functions run in the uninstaller.
    assert not re.search(r"^Function un\.", text, re.MULTILINE)
    removals = [line for line in _nsis_section("Uninstall") if re.match(r"(Delete|RMDir)\b", line)]
    assert removals
    for line in removals:
        target = re.search(r'"([^"]+)"', line)
        assert target, line
        path = target.group(1)
        recursive = "/r" in line.split('"')[0]
        # The app's own files by name, its Start-menu entry, or the install folder when empty.
        assert path.startswith(("$INSTDIR\\", "$SMPROGRAMS\\")) or (
            path == "$INSTDIR" and not recursive
        ), line
        if recursive:
            assert path == "$INSTDIR\\_internal", line
        assert "$LOCALAPPDATA" not in path and "$APPDATA" not in path, line
        assert "$PROFILE" not in path and "frightmare\\" not in path.lower(), line
    assert 'RMDir /r "$INSTDIR"' not in text


def test_the_installer_is_per_user_with_a_start_menu_entry_and_add_remove_entry() -> None:
    text = INSTALLER.read_text(encoding="utf-8")
    assert "RequestExecutionLevel user" in text
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP_NAME}"' in text
    assert "HKLM" not in text and "SetShellVarContext all" not in text
    install = _nsis_section("${APP_NAME}")
    assert any(line.startswith('CreateShortcut "$SMPROGRAMS\\') for line in install)
    for value in ("DisplayName", "DisplayVersion", "UninstallString", "InstallLocation"):
        assert any(f'HKCU "${{UNINST_KEY}}" "{value}"' in line for line in install), value
    assert 'DeleteRegKey HKCU "${UNINST_KEY}"' in _nsis_section("Uninstall")
    assert "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\${APP_ID}" in text


def _stand_in_payload(root: Path) -> Path:
    """A few files laid out like the Windows bundle (the two executables and _internal/), with
    a space and a non-ASCII letter in a name, as a player's paths can have."""
    payload = root / "stand-in bundle"
    for name in (
        "frightmare.exe",
        "frightmare-cli.exe",
        "_internal/python311.dll",
        "_internal/PySide6/Qt6Core.dll",
        "_internal/frightmare/resources/café.json",
    ):
        path = payload / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"stand-in " + name.encode())
    return payload


def test_the_installer_compiles_with_makensis_against_a_stand_in_payload(tmp_path: Path) -> None:
    makensis = tool("makensis")
    icons = load(PACKAGING / "make_icons.py")
    ico, _ = icons.platform_icons(PACKAGING / "icons", tmp_path / "icons")
    out = tmp_path / f"frightmare-companion-{__version__}-windows-x86_64-setup.exe"
    result = run(
        makensis, "-V2", "-WX", f"-DVERSION={__version__}",
        f"-DPAYLOAD={_stand_in_payload(tmp_path)}", f"-DOUTFILE={out}", f"-DICON={ico}",
        # The signing hook, with a command that signs nothing but must succeed on each file.
        "-DSIGN=test -f", str(INSTALLER),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.read_bytes()[:2] == b"MZ"  # a Windows executable


def test_a_failing_signing_command_stops_the_installer(tmp_path: Path) -> None:
    makensis = tool("makensis")
    out = tmp_path / "setup-unsigned.exe"
    result = run(
        makensis, "-V1", f"-DVERSION={__version__}", f"-DPAYLOAD={_stand_in_payload(tmp_path)}",
        f"-DOUTFILE={out}", "-DSIGN=false", str(INSTALLER),
    )  # fmt: skip
    assert result.returncode != 0


# macOS and the icons.


def test_the_info_plist_is_valid_with_the_apps_id_and_dark_mode_allowed() -> None:
    plist = load(PACKAGING / "macos" / "info_plist.py")
    info = plistlib.loads(plistlib.dumps(plist.info_plist(__version__)))
    assert info["CFBundleIdentifier"] == APP_ID
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == __version__
    assert info["NSHighResolutionCapable"] is True
    assert "NSRequiresAquaSystemAppearance" not in info
    assert info["CFBundleExecutable"] == "frightmare"
    assert info["CFBundleIconFile"] == load(PACKAGING / "make_icons.py").ICNS_NAME
    assert info["CFBundlePackageType"] == "APPL"
    spec = (PACKAGING / "frightmare.spec").read_text(encoding="utf-8")
    assert "info_plist=info_plist(frightmare.__version__)" in spec
    assert "bundle_identifier=APP_ID" in spec


def test_the_script_prints_the_plist(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(PACKAGING / "macos" / "info_plist.py"), __version__],
        capture_output=True, check=True,
    )  # fmt: skip
    assert plistlib.loads(result.stdout)["CFBundleIdentifier"] == APP_ID


def test_the_entitlements_are_a_valid_plist() -> None:
    entitlements = plistlib.loads((PACKAGING / "macos" / "entitlements.plist").read_bytes())
    # No JIT and library validation on: only what Python's ctypes needs.
    assert entitlements == {"com.apple.security.cs.allow-unsigned-executable-memory": True}


def test_the_ico_and_icns_are_built_from_the_apps_icon_and_open(tmp_path: Path) -> None:
    icons = load(PACKAGING / "make_icons.py")
    ico, icns = icons.platform_icons(PACKAGING / "icons", tmp_path)
    with Image.open(ico) as image:
        assert image.format == "ICO"
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(image.info["sizes"])
        image.load()
        assert image.size == (256, 256) and image.mode == "RGBA"
    with Image.open(icns) as image:
        assert image.format == "ICNS"
        assert (512, 512, 1) in image.info["sizes"] and (16, 16, 2) in image.info["sizes"]
        image.load()
        assert image.mode == "RGBA"
    # The committed PNGs are the ones rendered from the SVG (make package checks they match).
    with Image.open(PACKAGING / "icons" / "256x256" / f"{APP_ID}.png") as png:
        assert png.size == (256, 256)


# The Flatpak manifest.


def _manifest() -> ModuleType:
    return load(PACKAGING / "flatpak" / "manifest.py")


def _sources(modules: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(m["name"], s) for m in modules for s in m.get("sources", [])]


def _pinned(source: dict[str, Any]) -> bool:
    if source["type"] in ("file", "archive"):
        return bool(
            re.fullmatch(r"[0-9a-f]{64}", source.get("sha256", ""))
            and source["url"].startswith("https://")
        )
    if source["type"] == "git":
        return bool(re.fullmatch(r"[0-9a-f]{40}", source.get("commit", "")))
    return False


def test_the_flatpak_manifest_is_on_the_pyside_baseapp_with_every_download_pinned() -> None:
    tool_module = _manifest()
    manifest = tool_module.load_manifest()
    assert manifest["id"] == APP_ID
    assert manifest["base"] == "io.qt.PySide.BaseApp"
    assert manifest["runtime"] == "org.kde.Platform"
    assert manifest["base-version"] == manifest["runtime-version"]
    assert manifest["command"] == "frightmare"
    assert "/app/cleanup-BaseApp.sh" in manifest["cleanup-commands"]
    sources = _sources(tool_module.modules(manifest))
    local = [(name, s) for name, s in sources if s["type"] == "dir"]
    # The one source not downloaded is this checkout, the app's own (the Flathub form below
    # replaces it with the release's archive).
    assert local == [("frightmare-companion", {"type": "dir", "path": "../.."})]
    for name, source in sources:
        if source["type"] != "dir":
            assert _pinned(source), (name, source)


def test_the_flathub_form_has_every_modules_source_pinned_by_hash() -> None:
    digest = "0" * 64
    url = f"https://github.com/frightmare/companion/releases/download/v{__version__}/x.tar.gz"
    manifest = _manifest().flathub_manifest(url, digest)
    modules = _manifest().modules(manifest)
    assert all(isinstance(m, dict) for m in manifest["modules"])  # nothing left to include
    sources = _sources(modules)
    assert sources and all(_pinned(s) for _, s in sources)
    assert ("frightmare-companion", {"type": "archive", "url": url, "sha256": digest}) in sources


def test_the_pinned_dependencies_are_the_apps_less_pyside() -> None:
    tool_module = _manifest()
    deps = json.loads((PACKAGING / "flatpak" / "python3-deps.json").read_text(encoding="utf-8"))
    runtime = next(m for m in deps["modules"] if m["name"] == "python3-runtime-deps")
    installed = runtime["build-commands"][0].lower().replace("_", "-")
    wanted = [tool_module._name(r) for r in tool_module.runtime_requirements()]
    assert wanted and not any(name.startswith("pyside6") for name in wanted)
    for name in wanted:
        assert f'"{name}==' in installed, name
    # A compiled wheel for each of Flathub's two architectures, a pure one for both.
    arches = {tuple(s.get("only-arches", ["any"])) for s in runtime["sources"]}
    assert arches == {("any",), ("x86_64",), ("aarch64",)}


def test_flatpak_builder_reads_both_forms_without_a_warning(tmp_path: Path) -> None:
    builder = tool("flatpak-builder")
    flathub = tmp_path / f"{APP_ID}.yml"
    flathub.write_text(
        yaml.safe_dump(_manifest().flathub_manifest("https://example.org/a.tar.gz", "1" * 64)),
        encoding="utf-8",
    )
    for path in (PACKAGING / "flatpak" / f"{APP_ID}.yml", flathub):
        # Its state folder (.flatpak-builder) goes in the temporary folder, not the checkout.
        result = run(builder, "--show-manifest", str(path), cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "WARNING" not in result.stderr and "Unknown property" not in result.stderr
        assert json.loads(result.stdout)["id"] == APP_ID


# AppStream and the shell scripts.


def test_the_metainfo_passes_appstream_pedantic() -> None:
    result = run(
        tool("appstreamcli"), "validate", "--pedantic", "--no-net",
        str(PACKAGING / f"{APP_ID}.metainfo.xml"),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    issues = [line for line in result.stdout.splitlines() if re.match(r"[EWIP]: ", line)]
    # Appstream before 1.0 (Debian 12's 0.16, Ubuntu 22.04's 0.15) may not know <developer>,
    # which 1.0 and Flathub ask for, nor <branding>.
    assert all(re.search(r": unknown-tag (developer|branding)$", i) for i in issues), issues


def test_the_packaging_shell_scripts_pass_shellcheck() -> None:
    scripts = sorted(str(p) for p in PACKAGING.rglob("*.sh"))
    assert len(scripts) >= 6
    result = run(tool("shellcheck"), *scripts)
    assert result.returncode == 0, result.stdout
